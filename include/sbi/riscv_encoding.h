/* SPDX-License-Identifier: BSD-2-Clause */
/* Ratified RISC-V privileged encodings used by the firmware. */
#ifndef RISCV_ENCODING_H
#define RISCV_ENCODING_H

#ifdef __ASSEMBLER__
#define _UL(x)				x
#else
#define _UL(x)				(x##UL)
#endif
#define BIT(n)				(_UL(1) << (n))
/* A bit of a 64-bit CSR whose bits 63:32 are a separate CSR on RV32 */
#ifdef __ASSEMBLER__
#define _ULL(x)				x
#define BIT64(n)			(1 << (n))
#else
#define _ULL(x)				(x##ULL)
#define BIT64(n)			(1ULL << (n))
#endif

/* One XLEN register in memory: assembly and frame layouts */
#if __riscv_xlen == 32
#define SZREG				4
#define REG_L				lw
#define REG_S				sw
#define REG_WORD			.word
#else
#define SZREG				8
#define REG_L				ld
#define REG_S				sd
#define REG_WORD			.dword
#endif

/* mstatus */
#define MSTATUS_SIE			BIT(1)
#define MSTATUS_MIE			BIT(3)
#define MSTATUS_SPIE			BIT(5)
#define MSTATUS_MPIE			BIT(7)
#define MSTATUS_SPP			BIT(8)
#define MSTATUS_MPP_SHIFT		11
#define MSTATUS_MPP			(_UL(3) << MSTATUS_MPP_SHIFT)
#define MSTATUS_FS			(_UL(3) << 13)
#define MSTATUS_MPRV			BIT(17)
#define MSTATUS_SUM			BIT(18)
#define MSTATUS_MXR			BIT(19)
#define MSTATUS_SPELP			BIT(23)	/* Zicfilp */
#define MSTATUS_SDT			BIT(24)	/* Ssdbltrp */
#if __riscv_xlen == 32
/*
 * RV32 keeps these in mstatush, which the trap frame does not hold: the
 * RV32 firmware serves no H guests and no Zicfilp (sbi_isa_probe drops both)
 */
#define MSTATUS_MPELP			0
#define MSTATUS_MPV			0
#define MSTATUS_GVA			0
#else
#define MSTATUS_MPELP			BIT(41)	/* Zicfilp */
#define MSTATUS_MPV			BIT(39)
#define MSTATUS_GVA			BIT(38)
#endif

#define PRV_U				0
#define PRV_S				1
#define PRV_M				3

/* Interrupts (mip/mie bits and cause codes) */
#define IRQ_S_SOFT			1
#define IRQ_M_SOFT			3
#define IRQ_S_TIMER			5
#define IRQ_M_TIMER			7
#define IRQ_S_EXT			9
#define IRQ_M_EXT			11
#define IRQ_S_GEXT			12
#define IRQ_PMU_OVF			13	/* Sscofpmf LCOFI */
#define MIP_SSIP			BIT(IRQ_S_SOFT)
#define MIP_MSIP			BIT(IRQ_M_SOFT)
#define MIP_STIP			BIT(IRQ_S_TIMER)
#define MIP_MTIP			BIT(IRQ_M_TIMER)
#define MIP_SEIP			BIT(IRQ_S_EXT)
#define MIP_MEIP			BIT(IRQ_M_EXT)
#define MIP_LCOFIP			BIT(IRQ_PMU_OVF)
#define MCAUSE_IRQ			(_UL(1) << (__riscv_xlen - 1))

/* Exception causes */
#define CAUSE_MISALIGNED_FETCH		0
#define CAUSE_FETCH_ACCESS		1
#define CAUSE_ILLEGAL_INSTRUCTION	2
#define CAUSE_BREAKPOINT		3
#define CAUSE_MISALIGNED_LOAD		4
#define CAUSE_LOAD_ACCESS		5
#define CAUSE_MISALIGNED_STORE		6
#define CAUSE_STORE_ACCESS		7
#define CAUSE_USER_ECALL		8
#define CAUSE_SUPERVISOR_ECALL		9
#define CAUSE_VIRTUAL_SUPERVISOR_ECALL	10
#define CAUSE_MACHINE_ECALL		11
#define CAUSE_FETCH_PAGE_FAULT		12
#define CAUSE_LOAD_PAGE_FAULT		13
#define CAUSE_STORE_PAGE_FAULT		15
#define CAUSE_DOUBLE_TRAP		16	/* Ssdbltrp: to M-mode only */
#define CAUSE_SOFTWARE_CHECK		18	/* Zicfilp/Zicfiss */
#define CAUSE_FETCH_GUEST_PAGE_FAULT	20
#define CAUSE_LOAD_GUEST_PAGE_FAULT	21
#define CAUSE_VIRTUAL_INST_FAULT	22
#define CAUSE_STORE_GUEST_PAGE_FAULT	23

/* menvcfg */
#define MENVCFG_LPE			BIT64(2)	/* Zicfilp: landing pads in S */
#define MENVCFG_SSE			BIT64(3)	/* Zicfiss: shadow stack in S */
#define MENVCFG_PMM			(_ULL(3) << 32)	/* Smnpm: PMLEN of S */
#define MENVCFG_PMM_PMLEN_7		(_ULL(2) << 32)
#define MENVCFG_PMM_PMLEN_16		(_ULL(3) << 32)
#define MENVCFG_CBIE			(_ULL(3) << 4)
#define MENVCFG_CBCFE			BIT64(6)
#define MENVCFG_CBZE			BIT64(7)
#define MENVCFG_PBMTE			BIT64(62)
#define MENVCFG_STCE			BIT64(63)
#define MENVCFG_CDE			BIT64(60)
#define MENVCFG_ADUE			BIT64(61)
#define MENVCFG_DTE			BIT64(59)

/* mstateen0 */
#define SMSTATEEN0_CS			BIT64(0)
#define SMSTATEEN0_FCSR			BIT64(1)
#define SMSTATEEN0_CTR			BIT64(54)
#define SMSTATEEN0_CONTEXT		BIT64(57)
#define SMSTATEEN0_IMSIC		BIT64(58)
#define SMSTATEEN0_AIA			BIT64(59)
#define SMSTATEEN0_CSRIND		BIT64(60)
#define SMSTATEEN0_ENVCFG		BIT64(62)
#define SMSTATEEN0_SE0			BIT64(63)

/* PMP */
#define PMP_R				0x01
#define PMP_W				0x02
#define PMP_X				0x04
#define PMP_A_TOR			0x08
#define PMP_A_NAPOT			0x18
#define PMP_L				0x80
#define PMP_SHIFT			2

/* CSR numbers */
#define CSR_SSTATUS			0x100
#define CSR_SIE				0x104
#define CSR_STVEC			0x105
#define CSR_SCOUNTEREN			0x106
#define CSR_SENVCFG			0x10a
#define CSR_SSCRATCH			0x140
#define CSR_SEPC			0x141
#define CSR_SCAUSE			0x142
#define CSR_STVAL			0x143
#define CSR_SIP				0x144
#define CSR_STIMECMP			0x14d
#define CSR_STIMECMPH			0x15d	/* RV32 */
#define CSR_SISELECT			0x150
#define CSR_SIREG			0x151
#define CSR_SATP			0x180
#define CSR_SCOUNTINHIBIT		0x120
#define CSR_SCOUNTOVF			0xda0

#define CSR_MSTATUS			0x300
#define CSR_MISA			0x301
#define CSR_MEDELEG			0x302
#define CSR_MIDELEG			0x303
#define CSR_MIE				0x304
#define CSR_MTVEC			0x305
#define CSR_MCOUNTEREN			0x306
#define CSR_MENVCFG			0x30a
#define CSR_MENVCFGH			0x31a	/* RV32: bits 63:32 */
#define CSR_MSTATEEN0			0x30c
#define CSR_MSTATEEN0H			0x31c	/* RV32: bits 63:32 */
#define CSR_MCOUNTINHIBIT		0x320
#define CSR_MCYCLECFG			0x321
#define CSR_MINSTRETCFG			0x322
#define CSR_MHPMEVENT3			0x323
#define CSR_MSCRATCH			0x340
#define CSR_MEPC			0x341
#define CSR_MCAUSE			0x342
#define CSR_MTVAL			0x343
#define CSR_MIP				0x344
#define CSR_MISELECT			0x350
#define CSR_PMPCFG0			0x3a0
#define CSR_PMPADDR0			0x3b0
#define CSR_MSECCFG			0x747
#define MSECCFG_SSEED			BIT(9)	/* Zkr: S-mode may read seed */
#define CSR_MCYCLE			0xb00
#define CSR_MINSTRET			0xb02
#define CSR_MHPMCOUNTER3		0xb03
#define CSR_CYCLE			0xc00
#define CSR_TIME			0xc01
#define CSR_TIMEH			0xc81	/* RV32 */
#define CSR_INSTRET			0xc02
#define CSR_MVENDORID			0xf11
#define CSR_MARCHID			0xf12
#define CSR_MIMPID			0xf13
#define CSR_MHARTID			0xf14
#define CSR_HSTATUS			0x600
#define CSR_HEDELEG			0x602
#define CSR_HCOUNTEREN			0x606
#define CSR_HGATP			0x680
#define CSR_HTVAL			0x643
#define CSR_HTINST			0x64a
#define CSR_VSSTATUS			0x200
#define CSR_VSTVEC			0x205
#define CSR_VSEPC			0x241
#define CSR_VSCAUSE			0x242
#define CSR_VSTVAL			0x243
#define HSTATUS_GVA			BIT(6)
#define HSTATUS_SPV			BIT(7)
#define HSTATUS_SPVP			BIT(8)
#define CSR_HENVCFG			0x60a
#define CSR_HSTATEEN0			0x60c
#define CSR_CTRCTL			0x24e	/* Smctr mctrctl is 0x34e */
#define CSR_MCTRCTL			0x34e

/* SATP */
#define SATP_MODE_SHIFT			60

/* Instruction encodings used by emulation */
#define INSN_OPCODE_MASK		0x7f
#define INSN_OPCODE_SYSTEM		0x73
#define INSN_LEN(insn)			(((insn) & 3) == 3 ? 4 : 2)

#endif /* RISCV_ENCODING_H */
