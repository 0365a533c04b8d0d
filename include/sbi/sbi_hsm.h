/* SPDX-License-Identifier: BSD-2-Clause */
/* Hart state management. */
#ifndef SBI_HSM_H
#define SBI_HSM_H

#include <stdint.h>
#include <sbi/sbi_trap.h>

int sbi_hsm_hart_start(unsigned long hartid, unsigned long addr,
		       unsigned long opaque);
/* Stop the calling hart; returns only on failure. */
int sbi_hsm_hart_stop(void);
long sbi_hsm_hart_status(unsigned long hartid);
int sbi_hsm_hart_suspend(uint32_t type, unsigned long addr,
			 unsigned long opaque);
/*
 * Suspend the calling hart non-retentively; it resumes in S-mode at @addr
 * with a1 = @opaque once an interrupt S-mode enabled in sie is pending.
 * The caller has checked @addr.
 */
void __attribute__((noreturn)) sbi_hsm_suspend_non_ret(unsigned long addr,
							unsigned long opaque);
/* Park a hart that has finished warm boot until someone starts it. */
void __attribute__((noreturn)) sbi_hsm_wait_for_start(void);

#endif /* SBI_HSM_H */
