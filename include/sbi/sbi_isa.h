/* SPDX-License-Identifier: BSD-2-Clause */
/* ISA extensions the firmware cares about, from the DT and CSR probing. */
#ifndef SBI_ISA_H
#define SBI_ISA_H

#include <stdbool.h>

enum sbi_isa_ext {
	SBI_ISA_EXT_SSTC,
	SBI_ISA_EXT_SSCOFPMF,
	SBI_ISA_EXT_SMCNTRPMF,
	SBI_ISA_EXT_SMCDELEG,
	SBI_ISA_EXT_SSCCFG,
	SBI_ISA_EXT_SMSTATEEN,
	SBI_ISA_EXT_SMCSRIND,
	SBI_ISA_EXT_SSCSRIND,
	SBI_ISA_EXT_SMCTR,
	SBI_ISA_EXT_SSDBLTRP,
	SBI_ISA_EXT_SSPESA,
	SBI_ISA_EXT_SSPLCOFI,
	SBI_ISA_EXT_SMPDIS,
	SBI_ISA_EXT_SSPDIS,
	SBI_ISA_EXT_H,
	SBI_ISA_EXT_ZICNTR_TIME,	/* the time CSR exists in hardware */
	SBI_ISA_EXT_ZKR,		/* seed CSR, S-mode access via mseccfg */
	SBI_ISA_EXT_ZICFILP,		/* menvcfg.LPE */
	SBI_ISA_EXT_ZICFISS,		/* menvcfg.SSE */
	SBI_ISA_EXT_SVADU,		/* menvcfg.ADUE */
	SBI_ISA_EXT_SVADE,		/* A/D faults: the DT's word only */
	SBI_ISA_EXT_SMNPM,		/* menvcfg.PMM */
	SBI_ISA_EXT_MAX
};

struct sbi_isa {
	unsigned long ext;	/* bit per enum sbi_isa_ext */
	bool has_mcountinhibit;
	bool has_menvcfg;
	bool has_pdis_mem;	/* Smpdis memory buffer: spdisambcs exists */
};

static inline bool sbi_isa_has(const struct sbi_isa *isa, enum sbi_isa_ext e)
{
	return (isa->ext >> e) & 1;
}

/* DT extension name of @e ("sscofpmf", ...). */
const char *sbi_isa_ext_name(enum sbi_isa_ext e);

/* Extensions named for a cpu node (riscv,isa-extensions or riscv,isa). */
unsigned long sbi_isa_from_fdt(const void *fdt, int cpu_node);

/*
 * Confirm by probing CSRs on this hart: clears extensions the DT claims but
 * the hart lacks, and adds those the DT omits but the CSRs show.
 */
void sbi_isa_probe(struct sbi_isa *isa);

#endif /* SBI_ISA_H */
