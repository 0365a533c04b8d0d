/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Assembly shared by the delegation tests and the sampling demo.
 *
 * hpm_csr_read(i): read counter CSR 0xc00 + i (i < 32, i != 1 reads time).
 *
 * lower_call(fn, arg, mode, stack_top): run fn(arg) in U-mode or VS-mode
 * and come back when it returns (it returns into an ecall). While the
 * lower mode runs, stvec points at lower_vector: the ending ecall (cause 8
 * from U, 10 from VS) restores the caller's state; interrupts go on to the
 * payload's trap vector (whose sret resumes the lower mode); any other
 * exception is recorded and skipped when lower_trap.armed is set (one
 * exception per arming), else handed to the payload's vector (fatal).
 * VS-mode runs under lower_vsatp and lower_hgatp (0, Bare, unless a test
 * sets them).
 * One hart at a time (the state is global).
 */
#include <payload/config.h>
#include "deleg.h"

#define SSTATUS_SPIE	(1 << 5)
#define SSTATUS_SPP	(1 << 8)

/* lower_state: the caller's registers and CSRs, then struct lower_trap */
#define LS_RA		0
#define LS_SP		8
#define LS_S(n)		(16 + 8 * (n))		/* s0..s11 */
#define LS_STVEC	112
#define LS_SSCRATCH	120
#define LS_SSTATUS	128
#define LS_MODE		136
#define LS_T1		144
#define LS_SIZE		152
#define LT_ARMED	(LS_SIZE + 0)
#define LT_CAUSE	(LS_SIZE + 8)
#define LT_EPC		(LS_SIZE + 16)

	.text
	.globl hpm_csr_read
	.balign 4
hpm_csr_read:
	la	t0, 1f
	slli	a0, a0, 3
	add	t0, t0, a0
	jr	t0
	.balign 8
1:	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.balign 8
	csrr	a0, 0xc00 + \n
	ret
	.endr

	.globl lower_call
	.balign 4
lower_call:
	la	t0, lower_state
	sd	ra, LS_RA(t0)
	sd	sp, LS_SP(t0)
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11
	sd	s\n, LS_S(\n)(t0)
	.endr
	sd	a2, LS_MODE(t0)
	csrr	t1, stvec
	sd	t1, LS_STVEC(t0)
	csrr	t1, sscratch
	sd	t1, LS_SSCRATCH(t0)
	csrr	t1, sstatus
	sd	t1, LS_SSTATUS(t0)
	csrw	sscratch, t0
	la	t1, lower_vector
	csrw	stvec, t1
	li	t1, SSTATUS_SPP
	csrc	sstatus, t1
	beqz	a2, 1f
	/* VS-mode: SPP = S, hstatus.SPV = 1, lower_vsatp/lower_hgatp (0: Bare) */
	csrs	sstatus, t1
	ld	t3, lower_vsatp
	csrw	CSR_VSATP, t3
	ld	t3, lower_hgatp
	csrw	CSR_HGATP, t3
	li	t1, HSTATUS_SPV
	csrs	CSR_HSTATUS, t1
	/*
	 * A firmware that redirects a trap taken in VS-mode but returns to
	 * VS-mode (mstatus.MPV left set) enters lower_vector in VS-mode,
	 * where sscratch, scause, sepc and sstatus are the vs* CSRs: aim them
	 * at vs_landing, so such a run records the cause and comes back
	 * through vs_recover instead of running wild.
	 */
	la	t1, vs_landing
	csrw	CSR_VSSCRATCH, t1
	li	t3, 1
	sd	t3, LT_ARMED(t1)
	la	t3, vs_recover - 4
	csrw	CSR_VSEPC, t3
	csrw	CSR_VSCAUSE, zero
	li	t3, SSTATUS_SPP
	csrs	CSR_VSSTATUS, t3
1:	li	t1, SSTATUS_SPIE
	csrs	sstatus, t1
	la	t1, lower_entry
	csrw	sepc, t1
	beqz	a3, 2f
	mv	sp, a3
2:	mv	t2, a0
	mv	a0, a1
	sret

/* In the lower mode: t2 = fn, a0 = arg. */
	.balign 4
lower_entry:
	jalr	t2
	ecall
1:	j	1b

/* VS-mode, after lower_vector ran in VS-mode (see lower_call) */
	.balign 4
vs_recover:
	li	a0, 0
	ecall
1:	j	1b

	.balign 4
lower_vector:
	csrrw	t0, sscratch, t0
	sd	t1, LS_T1(t0)
	csrr	t1, scause
	bltz	t1, .Lforward
	addi	t1, t1, -8		/* ecall from U */
	beqz	t1, .Lreturn
	addi	t1, t1, -(EXC_ECALL_VS - 8)
	beqz	t1, .Lreturn
	ld	t1, LT_ARMED(t0)
	beqz	t1, .Lforward
	sd	zero, LT_ARMED(t0)
	csrr	t1, scause
	sd	t1, LT_CAUSE(t0)
	csrr	t1, sepc
	sd	t1, LT_EPC(t0)
	addi	t1, t1, 4
	csrw	sepc, t1
	ld	t1, LS_T1(t0)
	csrrw	t0, sscratch, t0
	sret
.Lforward:
	ld	t1, LS_T1(t0)
	csrrw	t0, sscratch, t0
	j	payload_trap_vector
.Lreturn:
	ld	t1, LS_MODE(t0)
	beqz	t1, 1f
	li	t1, HSTATUS_SPV
	csrc	CSR_HSTATUS, t1
1:	ld	t1, LS_STVEC(t0)
	csrw	stvec, t1
	ld	t1, LS_SSCRATCH(t0)
	csrw	sscratch, t1
	ld	t1, LS_SSTATUS(t0)
	csrw	sstatus, t1
	ld	ra, LS_RA(t0)
	ld	sp, LS_SP(t0)
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11
	ld	s\n, LS_S(\n)(t0)
	.endr
	ret

	.bss
	.balign 8
	.globl	lower_vsatp, lower_hgatp
lower_vsatp:
	.space	8
lower_hgatp:
	.space	8
lower_state:
	.space	LS_SIZE
	.globl	lower_trap
lower_trap:
	.space	24
	.balign 8
vs_landing:
	.space	LS_SIZE
	.globl	vs_landing_trap
vs_landing_trap:
	.space	24
