/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Non-retentive suspends (HSM hart_suspend, SUSP system_suspend) as an
 * ordinary function call: the hart resumes inside payload_suspend_non_ret()
 * and returns from it, like a kernel's cpu_suspend().
 */
#ifndef PAYLOAD_SUSPEND_H
#define PAYLOAD_SUSPEND_H

#include <payload/sbi.h>

struct payload_resume {
	unsigned long saved[16];	/* ra, sp, gp, tp, s0-s11 */
	/* found at the resume address */
	unsigned long a0, a1, satp, sstatus;
	unsigned long resumed;		/* 1 if the hart came back that way */
};

/*
 * Make the call @eid/@fid(@type, resume_addr, @opaque), resume_addr being
 * the library's resume entry. If the call returns, its sbiret is returned
 * and r->resumed is 0. If the hart resumes, it returns {0, 0} with
 * r->resumed = 1, r->a0/a1/satp/sstatus as found on entry, on its own
 * stack with the callee-saved registers and stvec restored; every other
 * CSR (sie, sscratch, the timer) is the caller's to restore. @r must stay
 * valid until then (a static or the caller's frame).
 */
struct sbiret payload_suspend_non_ret(unsigned long eid, unsigned long fid,
				      unsigned long type, unsigned long opaque,
				      struct payload_resume *r);

/*
 * The default non-retentive HSM suspend, ended by the S-mode timer after
 * @usec: sie holds only STIP meanwhile, and on return (resumed or not) the
 * timer is off and sie is 0. The caller has interrupts off (sstatus.SIE).
 */
struct sbiret payload_hsm_suspend_timed(unsigned long usec,
					unsigned long opaque,
					struct payload_resume *r);

#endif /* PAYLOAD_SUSPEND_H */
