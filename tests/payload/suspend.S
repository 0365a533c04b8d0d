/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * payload_suspend_non_ret(eid, fid, type, opaque, r): see
 * payload/suspend.h. The hart's struct payload_resume is published in
 * payload_resume_ctx[hartid], where the resume entry (a0 = hartid) finds it.
 */
#include <payload/config.h>

#define R_A0		(16 * 8)
#define R_A1		(17 * 8)
#define R_SATP		(18 * 8)
#define R_SSTATUS	(19 * 8)
#define R_RESUMED	(20 * 8)

	.text
	.globl payload_suspend_non_ret
payload_suspend_non_ret:
	sd	ra, 0(a4)
	sd	sp, 8(a4)
	sd	gp, 16(a4)
	sd	tp, 24(a4)
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11
	sd	s\n, (32 + \n * 8)(a4)
	.endr
	sd	zero, R_RESUMED(a4)
	la	t0, payload_resume_ctx
	slli	t1, tp, 3
	add	t0, t0, t1
	sd	a4, 0(t0)
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
	slli	t1, a0, 3
	add	t0, t0, t1
	ld	t0, 0(t0)
	beqz	t0, payload_park
	sd	a0, R_A0(t0)
	sd	a1, R_A1(t0)
	csrr	t1, satp
	sd	t1, R_SATP(t0)
	csrr	t1, sstatus
	sd	t1, R_SSTATUS(t0)
	li	t1, 1
	sd	t1, R_RESUMED(t0)
	ld	ra, 0(t0)
	ld	sp, 8(t0)
	ld	gp, 16(t0)
	ld	tp, 24(t0)
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11
	ld	s\n, (32 + \n * 8)(t0)
	.endr
	la	t1, payload_trap_vector
	csrw	stvec, t1
	li	a0, 0
	li	a1, 0
	ret

	.bss
	.align 3
payload_resume_ctx:
	.space	8 * PAYLOAD_MAX_HARTS
