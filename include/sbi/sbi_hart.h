/* SPDX-License-Identifier: BSD-2-Clause */
/* Per-hart machine set-up and transitions to lower privilege. */
#ifndef SBI_HART_H
#define SBI_HART_H

#include <stdbool.h>
#include <sbi/riscv_encoding.h>
#include <sbi/riscv_draft_encoding.h>

/* The PDIS memory buffer's interrupt (Ssamb LAMBI), S-mode's with PDIS */
#define MIP_LAMBIP	BIT(IRQ_LAMBI)

/* Interrupts that belong to S-mode (delegated when present). */
#define SBI_HART_S_IRQS	(MIP_SSIP | MIP_STIP | MIP_SEIP | MIP_LCOFIP | \
			 MIP_LAMBIP)

/*
 * Program delegation, PMP, counters, envcfg and the PMU for this hart: at
 * boot and again whenever HSM starts it (its PMU state starts afresh).
 */
void sbi_hart_init(void);
/* Cold boot, once the harts and PMP entries are known: the PMP layout */
void sbi_hart_pmp_plan(void);

/*
 * After a non-retentive suspend: rebuild what the hart lost (envcfg with
 * the FWFT values, PMP, delegation, counter enables) and the PMU state
 * pmu_hart_suspend() saved.
 */
void sbi_hart_restore(void);

/*
 * Probe this hart's extensions (scratch->isa: the DT's view confirmed by
 * its own CSRs), once in the hart's life. Return: true on the first call.
 */
bool sbi_hart_probe(void);

/* Discard the current stack and run @fn on a fresh one. */
void __attribute__((noreturn)) sbi_hart_restart_stack(void (*fn)(void));
/* Enter S-mode at this hart's next_addr with next_arg1 (HSM resume). */
void __attribute__((noreturn)) sbi_hart_resume_lower(void);

#endif /* SBI_HART_H */
