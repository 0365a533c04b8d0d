/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * payload_suspend_non_ret(eid, fid, type, opaque, r): see
 * payload/suspend.h. The hart's struct payload_resume is published in
 * payload_resume_ctx[hartid], where the resume entry (a0 = hartid) finds it.
 */
#include <payload/config.h>

#define R_A0		(16 * SZREG)
#define R_A1		(17 * SZREG)
#define R_SATP		(18 * SZREG)
#define R_SSTATUS	(19 * SZREG)
#define R_RESUMED	(20 * SZREG)

	.text
	.globl payload_suspend_non_ret
payload_suspend_non_ret:
	REG_S	ra, 0(a4)
	REG_S	sp, SZREG(a4)
	REG_S	gp, (2 * SZREG)(a4)
	REG_S	tp, (3 * SZREG)(a4)
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11
	REG_S	s\n, ((4 + \n) * SZREG)(a4)
	.endr
	REG_S	zero, R_RESUMED(a4)
	la	t0, payload_resume_ctx
	slli	t1, tp, LGREG
	add	t0, t0, t1
	REG_S	a4, 0(t0)
	fence	rw, rw
	mv	a7, a0
	mv	a6, a1
	mv	a0, a2
	la	a1, payload_resume_entry
	mv	a2, a3
	ecall
	ret

	.align 2
payload_resume_entry:
	li	t0, PAYLOAD_MAX_HARTS
	bgeu	a0, t0, payload_park
	la	t0, payload_resume_ctx
	slli	t1, a0, LGREG
	add	t0, t0, t1
	REG_L	t0, 0(t0)
	beqz	t0, payload_park
	REG_S	a0, R_A0(t0)
	REG_S	a1, R_A1(t0)
	csrr	t1, satp
	REG_S	t1, R_SATP(t0)
	csrr	t1, sstatus
	REG_S	t1, R_SSTATUS(t0)
	li	t1, 1
	REG_S	t1, R_RESUMED(t0)
	REG_L	ra, 0(t0)
	REG_L	sp, SZREG(t0)
	REG_L	gp, (2 * SZREG)(t0)
	REG_L	tp, (3 * SZREG)(t0)
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11
	REG_L	s\n, ((4 + \n) * SZREG)(t0)
	.endr
	la	t1, payload_trap_vector
	csrw	stvec, t1
	li	a0, 0
	li	a1, 0
	ret

	.bss
	.align 3
payload_resume_ctx:
	.space	SZREG * PAYLOAD_MAX_HARTS
