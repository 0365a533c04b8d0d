/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Accesses that may trap (CSR probes, loads/stores with S-mode's rights)
 * run under _expected_trap (fw_base.S): a trap skips the faulting 4-byte
 * instruction and leaves mcause in t1, touching no other register. The
 * trap rewrites mepc and mstatus (MPP, MPIE); the guard puts both back,
 * because an ecall in progress returns through the live mepc. Not for
 * accessing mtvec, mepc or mstatus themselves.
 */
#ifndef SBI_EXPECTED_TRAP_H
#define SBI_EXPECTED_TRAP_H

#include <sbi/riscv_asm.h>

extern char _expected_trap[];

struct sbi_trap_guard {
	unsigned long tvec, epc, status;
};

static inline void sbi_trap_guard_enter(struct sbi_trap_guard *g)
{
	g->epc = csr_read(CSR_MEPC);
	g->status = csr_read(CSR_MSTATUS);
	g->tvec = csr_swap(CSR_MTVEC, _expected_trap);
}

static inline void sbi_trap_guard_leave(const struct sbi_trap_guard *g)
{
	csr_write(CSR_MTVEC, g->tvec);
	csr_write(CSR_MSTATUS, g->status);
	csr_write(CSR_MEPC, g->epc);
}

#endif /* SBI_EXPECTED_TRAP_H */
