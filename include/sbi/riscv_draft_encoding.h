/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Provisional encodings of the draft PMU extensions (Sspesa, Ssplcofi,
 * Smpdis/Sspdis) and the hart performance event selector codes.
 *
 * This is the ONE place these numbers live. The firmware includes it and the
 * QEMU model patches copy it into the QEMU tree at build time. When a
 * ratified number appears, change it here only (and in
 * docs/draft-extensions.md). Self-contained: no other include needed.
 */
#ifndef RISCV_DRAFT_ENCODING_H
#define RISCV_DRAFT_ENCODING_H

/* Sspesa: precise event sample attribution (custom S-mode CSR range) */
#define CSR_SHPMSPC			0x5e0
#define CSR_SHPMSDATA			0x5e1
#define SHPMSDATA_CNTRID_MASK		0x1fULL

/* Sspdis: supervisor PDIS CSRs */
#define CSR_SPDISCTL			0x5f0
#define CSR_SPDISCTLH			0x5f1
#define CSR_SPDISCOUNTER		0x5f2
#define CSR_SPDISCOUNTERH		0x5f3
#define CSR_SPDISEVMASK			0x5f4
#define CSR_SPDISEVMASKH		0x5f5
#define CSR_SPDISEVMATCH		0x5f6
#define CSR_SPDISEVMATCHH		0x5f7
#define CSR_SPDISFILTER			0x5f8
#define CSR_SPDISAMBCS			0x5f9	/* only if MEM is not hardwired 0 */
#define CSR_SPDISAMBADDR		0x5fa	/* only if MEM is not hardwired 0 */
#define CSR_VSPDISCTL			0x6f0
#define CSR_VSPDISCTLH			0x6f1

/* Smpdis: machine PDIS control */
#define CSR_MPDISCTL			0x7f0
#define CSR_MPDISCTLH			0x7f1

/* mpdisctl / spdisctl / vspdisctl fields */
#define PDISCTL_SEL_SHIFT		0
#define PDISCTL_SEL_MASK		0x7ULL
#define PDISCTL_SEL_ALL			0
#define PDISCTL_SEL_LOAD		1
#define PDISCTL_SEL_STORE		2
#define PDISCTL_SEL_LDST		3
#define PDISCTL_SEL_CTRL		4
#define PDISCTL_HPM_SHIFT		3	/* HPM[31:3] at bits 31:3 */
#define PDISCTL_HPM_MASK		0xfffffff8ULL
#define PDISCTL_MEM			(1ULL << 32)
#define PDISCTL_ACC			(1ULL << 33)
#define PDISCTL_TS			(1ULL << 34)
#define PDISCTL_PA			(1ULL << 35)
#define PDISCTL_EPT			(1ULL << 36)
#define PDISCTL_CUSTOM_SHIFT		57
#define PDISCTL_CUSTOM_MASK		(0x7ULL << 57)
#define PDISCTL_U			(1ULL << 60)
#define PDISCTL_S			(1ULL << 61)
#define PDISCTL_M			(1ULL << 62)
#define PDISCTL_OF			(1ULL << 63)

/* spdiscounter */
#define SPDISCOUNTER_COUNT_MASK		0xffffffffULL
#define SPDISCOUNTER_INITVAL_SHIFT	32

/* spdisfilter */
#define SPDISFILTER_THRESH_MASK		0xfffULL
#define SPDISFILTER_INV			(1ULL << 12)
#define SPDISFILTER_LATSEL_SHIFT	13
#define SPDISFILTER_LATSEL_MASK		(0x7ULL << 13)

/*
 * spdisambcs: the Ssamb sambcs layout of the Self-hosted Trace draft
 * (src/asyncmbuf.adoc). TFPTR is the buffer offset of the faulting page,
 * in pages. EMPTY reads 1 (the model writes each record at once); TRV
 * reads EN & !TF. Model choice where Ssamb leaves it open: a write that
 * fails for any reason (page fault, guest-page fault, PMP or bus error)
 * stops the buffer with TF=1 and a LAMBI; records are then dropped
 * (PDIS.DROPPED) until software clears TF.
 */
#define PDISAMBCS_EN			(1ULL << 0)
#define PDISAMBCS_SIZE_SHIFT		1	/* buffer = 2^(SIZE+12) bytes */
#define PDISAMBCS_SIZE_MASK		(0x1fULL << 1)
#define PDISAMBCS_SIZE_MAX		20	/* 4 GiB; 21..31 reserved */
#define PDISAMBCS_BMITH_SHIFT		9	/* top 2 offset bits to match */
#define PDISAMBCS_BMITH_MASK		(0x3ULL << 9)
#define PDISAMBCS_BMIEN			(1ULL << 11)
#define PDISAMBCS_TFPTR_SHIFT		12
#define PDISAMBCS_TFPTR_MASK		(0xfffffULL << 12)
#define PDISAMBCS_SOF			(1ULL << 32)	/* stop on full */
#define PDISAMBCS_TF			(1ULL << 59)	/* write faulted */
#define PDISAMBCS_BMI			(1ULL << 60)	/* threshold reached */
#define PDISAMBCS_WRAP			(1ULL << 61)
#define PDISAMBCS_EMPTY			(1ULL << 62)
#define PDISAMBCS_TRV			(1ULL << 63)
/*
 * spdisambaddr (RV64): bits 6:0 are hardcoded to 0, as the draft states.
 * Ssamb adds the bytes written to sambaddr, and an instance that writes
 * only in aligned units of a fixed size hardcodes the bits that offset
 * into such a unit; so the PDIS buffer writes in 128-byte slots: each
 * record takes one slot, written at once as the 64-byte record followed
 * by 64 zero bytes, and the pointer advances by 128. Records stay aligned
 * to their size; the buffer holds half as many records per byte. If the
 * draft is corrected to bits 5:0, PDIS_AMB_SLOT_BYTES becomes 64 and
 * nothing else changes. RV32 (bits 5:0, 32-byte records) is not
 * modelled: the model refuses x-pdis-mem on riscv32 (MEM stays 0).
 */
#define PDIS_AMB_SLOT_BYTES		128
#define PDISAMBADDR_ALIGN_MASK		(PDIS_AMB_SLOT_BYTES - 1ULL)
/* Local asynchronous memory buffer interrupt (Ssamb): mip/mie bit 14 */
#define IRQ_LAMBI			14

/* The sample record (64 bytes): word indices */
#define PDIS_REC_HDREV			0
#define PDIS_REC_PC			1
#define PDIS_REC_TIME			2
#define PDIS_REC_LAT			3
#define PDIS_REC_ADR1			4
#define PDIS_REC_ADR2			5

/* pdishdrev (record format 0): fields of every record */
#define PDISHDR_TYPE_MASK		0x7ULL
#define PDISHDR_TYPE_OTHER		0
#define PDISHDR_TYPE_LOAD		1
#define PDISHDR_TYPE_STORE		2
#define PDISHDR_TYPE_LDST		3	/* load & store (AMO) */
#define PDISHDR_TYPE_CTRL		4	/* control transfer */
#define PDISHDR_HPM_SHIFT		3	/* HPM[31:3] at bits 31:3 */
#define PDISHDR_HPM_MASK		0xfffffff8ULL
#define PDISHDR_FLUSHED			(1ULL << 32)
#define PDISHDR_FLUSH_SHIFT		33
#define PDISHDR_FLUSH_MASK		(0x3ULL << 33)
#define PDISHDR_PARTIAL			(1ULL << 35)
#define PDISHDR_FUSED			(1ULL << 36)
#define PDISHDR_ITMISS			(1ULL << 37)
#define PDISHDR_ICMISS			(1ULL << 38)
#define PDISHDR_SFMT_SHIFT		58
#define PDISHDR_SFMT_MASK		(0x7ULL << 58)
#define PDISHDR_FMT_SHIFT		61
#define PDISHDR_FMT_MASK		(0x7ULL << 61)
/* pdishdrev: TYPE 1-3 (loads and/or stores) */
#define PDISHDR_L1MISS			(1ULL << 39)
#define PDISHDR_LLMISS			(1ULL << 40)
#define PDISHDR_DSRC_SHIFT		41
#define PDISHDR_DSRC_MASK		(0xfULL << 41)
#define PDISHDR_L1TLBMISS		(1ULL << 45)
#define PDISHDR_LLTLBMISS		(1ULL << 46)
/* pdishdrev: TYPE 4 (control transfers; Smctr transfer types) */
#define PDISHDR_TRET			(1ULL << 39)
#define PDISHDR_NTBR			(1ULL << 40)
#define PDISHDR_TKBR			(1ULL << 41)
#define PDISHDR_INDCALL			(1ULL << 44)
#define PDISHDR_DIRCALL			(1ULL << 45)
#define PDISHDR_INDJMP			(1ULL << 46)
#define PDISHDR_DIRJMP			(1ULL << 47)
#define PDISHDR_CORSWAP			(1ULL << 48)
#define PDISHDR_RET			(1ULL << 49)
#define PDISHDR_INDLJMP			(1ULL << 50)
#define PDISHDR_DIRLJMP			(1ULL << 51)
#define PDISHDR_MISPRED			(1ULL << 52)

/* pdislat */
#define PDISLAT_TOTAL_MASK		0xfffULL
#define PDISLAT_DISPATCH_SHIFT		12
#define PDISLAT_ISSUE_SHIFT		24
#define PDISLAT_EXECUTION_SHIFT		36
#define PDISLAT_OLDEST_SHIFT		48
#define PDISLAT_DISPV			(1ULL << 60)
#define PDISLAT_ISSV			(1ULL << 61)
#define PDISLAT_EXECV			(1ULL << 62)
#define PDISLAT_OLDV			(1ULL << 63)

/* Bits in existing registers */
#define MENVCFG_PDISS_SHIFT		58	/* spec proposes 59 = Ssdbltrp DTE */
#define HENVCFG_PDISV_SHIFT		58	/* writable only with MEM */
#define SMSTATEEN0_PDIS_SHIFT		61	/* mstateen0 and hstateen0 */
#define COUNTINHIBIT_PDIS_SHIFT		1	/* m/scountinhibit bit 1 */
#define SCOUNTOVF_PDIS_SHIFT		1	/* mirrors mpdisctl.OF */

/* Sscsrind: siselect/vsiselect numbers of the PDIS sample record */
#define ISELECT_PDIS_DATA0		0x60
#define ISELECT_PDIS_DATA1		0x61
#define PDIS_RECORD_BYTES		64

/* ISA strings (riscv,isa-extensions) */
#define ISA_EXT_STR_SSPESA		"sspesa"
#define ISA_EXT_STR_SSPLCOFI		"ssplcofi"
#define ISA_EXT_STR_SMPDIS		"smpdis"
#define ISA_EXT_STR_SSPDIS		"sspdis"

/*
 * Hart performance event selector codes (mhpmevent[4:0]). Codes 1-6 and 10
 * equal the SBI general event codes.
 */
#define HPM_EV_CYCLES_HART		1
#define HPM_EV_INST_RET			2
#define HPM_EV_CACHE_L1_RD_DATA_ACCESS	3
#define HPM_EV_CACHE_L1_RD_DATA_MISS	4
#define HPM_EV_INST_BRJMP_SPEC		5
#define HPM_EV_INST_MISPRED_SPEC	6
#define HPM_EV_CYCLES_REF		10
#define HPM_EV_CACHE_L1I_RD_CODE_ACCESS	11
#define HPM_EV_CACHE_L1I_RD_CODE_MISS	12
#define HPM_EV_CACHE_LL_RD_DATA_ACCESS	13
#define HPM_EV_CACHE_LL_RD_DATA_MISS	14
#define HPM_EV_TLB_L1_LDST_ACCESS	15
#define HPM_EV_TLB_L1_LDST_MISS		16
#define HPM_EV_TLB_L1I_CODE_ACCESS	17
#define HPM_EV_TLB_L1I_CODE_MISS	18
#define HPM_EV_INST_BRJMP_TK_RET	19
#define HPM_EV_TOPDOWN_SLOTS		20
#define HPM_EV_TOPDOWN_RETIRING_SLOTS	21
#define HPM_EV_TOPDOWN_FRONTEND_BOUND	22
#define HPM_EV_TOPDOWN_BACKEND_BOUND	23
#define HPM_EV_TOPDOWN_BAD_SPEC_SLOTS	24

/* Implementation-defined selector codes of the QEMU model */
#define HPM_EV_IMPL_BASE		0x100
#define HPM_EV_INST_RET_LOAD		0x100	/* retired loads */
#define HPM_EV_INST_RET_STORE		0x101	/* retired stores */
#define HPM_EV_TLB_L1_LOAD_MISS		0x102	/* TLB.L1.LDST.MISS, loads */
#define HPM_EV_TLB_L1_STORE_MISS	0x103	/* TLB.L1.LDST.MISS, stores */
#define HPM_EV_INST_DEC_SPEC		0x110
#define HPM_EV_INST_DEC_BRJMP_SPEC	0x111
#define HPM_EV_INST_DEC_LOAD_SPEC	0x112
#define HPM_EV_INST_DEC_STORE_SPEC	0x113
#define HPM_EV_INST_DEC_LDST_SPEC	0x114
#define HPM_EV_PDIS_SAMPLES		0x118
#define HPM_EV_PDIS_COLLISIONS		0x119
#define HPM_EV_PDIS_FILTERED		0x11a
#define HPM_EV_PDIS_DROPPED		0x11b

#endif /* RISCV_DRAFT_ENCODING_H */
