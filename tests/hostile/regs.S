/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Register-exact code for the hostile payload: an ecall with every
 * register loaded and checked, counter reads around an ecall and around
 * an S-mode loop (one routine per counter CSR, reached through tables),
 * and the landing pad for harts that must never have been started.
 */

#define R_IN		0
#define R_OUT		(32 * 8)
#define R_SAVE		(64 * 8)

/*
 * void hostile_ecall(struct hostile_regs *r)
 * x1 and x5..x31 come from r->in[]; sp, gp and tp keep their values. The
 * ecall may be a legacy call on a bad pointer whose fault the trap catcher
 * skips, so sp stays a valid stack throughout. After the ecall every x
 * register goes to r->out[]; the frame is found again through sscratch,
 * never through a register the firmware could have changed.
 */
	.text
	.globl	hostile_ecall
	.type	hostile_ecall, @function
	.align	2
hostile_ecall:
	addi	sp, sp, -144
	sd	ra, 0(sp)
	sd	s0, 8(sp)
	sd	s1, 16(sp)
	sd	s2, 24(sp)
	sd	s3, 32(sp)
	sd	s4, 40(sp)
	sd	s5, 48(sp)
	sd	s6, 56(sp)
	sd	s7, 64(sp)
	sd	s8, 72(sp)
	sd	s9, 80(sp)
	sd	s10, 88(sp)
	sd	s11, 96(sp)
	sd	a0, 104(sp)
	sd	gp, 120(sp)
	sd	tp, 128(sp)
	csrr	t0, sscratch
	sd	t0, 136(sp)
	csrw	sscratch, sp
	mv	t6, a0
	/* the registers the firmware must not change and we cannot load */
	sd	sp, (R_IN + 2 * 8)(t6)
	sd	gp, (R_IN + 3 * 8)(t6)
	sd	tp, (R_IN + 4 * 8)(t6)
	.irp	n, 1,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30
	ld	x\n, (R_IN + \n * 8)(t6)
	.endr
	ld	t6, (R_IN + 31 * 8)(t6)
	.globl	hostile_ecall_pc
hostile_ecall_pc:
	ecall
	csrrw	t6, sscratch, t6	/* t6 = frame, sscratch = t6 after */
	sd	t5, 112(t6)
	mv	t5, t6			/* t5 = frame */
	ld	t6, 104(t5)		/* t6 = r */
	.irp	n, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29
	sd	x\n, (R_OUT + \n * 8)(t6)
	.endr
	ld	t4, 112(t5)
	sd	t4, (R_OUT + 30 * 8)(t6)
	csrr	t4, sscratch
	sd	t4, (R_OUT + 31 * 8)(t6)
	mv	sp, t5
	ld	t0, 136(sp)
	csrw	sscratch, t0
	ld	gp, 120(sp)
	ld	tp, 128(sp)
	ld	ra, 0(sp)
	ld	s0, 8(sp)
	ld	s1, 16(sp)
	ld	s2, 24(sp)
	ld	s3, 32(sp)
	ld	s4, 40(sp)
	ld	s5, 48(sp)
	ld	s6, 56(sp)
	ld	s7, 64(sp)
	ld	s8, 72(sp)
	ld	s9, 80(sp)
	ld	s10, 88(sp)
	ld	s11, 96(sp)
	addi	sp, sp, 144
	ret
	.size	hostile_ecall, . - hostile_ecall

/*
 * Started at hostile_landing by a hart_start that should have failed: count
 * it and give the hart back. a0 = hartid; no stack, gp not set.
 */
	.globl	hostile_landing
	.type	hostile_landing, @function
	.align	2
hostile_landing:
	csrw	sie, zero
	lla	t0, hostile_landings
	li	t1, 1
	amoadd.d zero, t1, (t0)
	li	a7, 0x48534d
	li	a6, 1
	ecall
1:	wfi
	j	1b
	.size	hostile_landing, . - hostile_landing

/* The storm's SSE handler (hostile.h): only a6/a7 change before complete. */
	.globl	hostile_sse_entry
	.type	hostile_sse_entry, @function
	.align	2
hostile_sse_entry:
	sd	a6, 16(a7)
	csrr	a6, sepc
	sd	a6, 8(a7)
	li	a6, 1
	amoadd.d zero, a6, (a7)
	li	a7, 0x535345
	li	a6, 6
	ecall
1:	j	1b
	.size	hostile_sse_entry, . - hostile_sse_entry

/*
 * The isolation part's SSE handler: a7 = ENTRY_ARG = unsigned long[34];
 * x1..x31 as entered go to [1..31], [0] = 1, sepc and sstatus to [32] and
 * [33]; then complete.
 */
	.globl	hostile_sse_save_entry
	.type	hostile_sse_save_entry, @function
	.align	2
hostile_sse_save_entry:
	.irp	n, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	sd	x\n, (\n * 8)(a7)
	.endr
	sd	a7, (17 * 8)(a7)
	csrr	a6, sepc
	sd	a6, (32 * 8)(a7)
	csrr	a6, sstatus
	sd	a6, (33 * 8)(a7)
	li	a6, 1
	sd	a6, 0(a7)
	li	a7, 0x535345
	li	a6, 6
	ecall
1:	j	1b
	.size	hostile_sse_save_entry, . - hostile_sse_save_entry

/*
 * The SSE part's handler that never completes (hostile.h, struct
 * sse_escape): sse_escape_arm() saves ra, sp, gp, tp, s0-s11, sstatus and
 * sepc and returns 0; hostile_sse_escape (ENTRY_ARG = the struct) records
 * a6, sepc and sstatus as entered, counts the entry, puts the saved
 * context back (sstatus and sepc included) and returns 1 from
 * sse_escape_arm(), leaving its event RUNNING.
 */
#define ESC_SSTATUS	(16 * 8)
#define ESC_SEPC	(17 * 8)
#define ESC_ENTERED	(18 * 8)
#define ESC_HARTID	(19 * 8)
#define ESC_ENTRY_SEPC	(20 * 8)
#define ESC_ENTRY_SST	(21 * 8)

	.globl	sse_escape_arm
	.type	sse_escape_arm, @function
	.align	2
sse_escape_arm:
	sd	ra, 0(a0)
	sd	sp, 8(a0)
	sd	gp, 16(a0)
	sd	tp, 24(a0)
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11
	sd	s\n, (32 + \n * 8)(a0)
	.endr
	csrr	t0, sstatus
	sd	t0, ESC_SSTATUS(a0)
	csrr	t0, sepc
	sd	t0, ESC_SEPC(a0)
	li	a0, 0
	ret
	.size	sse_escape_arm, . - sse_escape_arm

	.globl	hostile_sse_escape
	.type	hostile_sse_escape, @function
	.align	2
hostile_sse_escape:
	sd	a6, ESC_HARTID(a7)
	csrr	t0, sepc
	sd	t0, ESC_ENTRY_SEPC(a7)
	csrr	t0, sstatus
	sd	t0, ESC_ENTRY_SST(a7)
	addi	t1, a7, ESC_ENTERED
	li	t0, 1
	amoadd.d zero, t0, (t1)
	ld	t0, ESC_SSTATUS(a7)
	csrw	sstatus, t0
	ld	t0, ESC_SEPC(a7)
	csrw	sepc, t0
	ld	ra, 0(a7)
	ld	sp, 8(a7)
	ld	gp, 16(a7)
	ld	tp, 24(a7)
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11
	ld	s\n, (32 + \n * 8)(a7)
	.endr
	li	a0, 1
	ret
	.size	hostile_sse_escape, . - hostile_sse_escape

/*
 * void hostile_sse_spin(struct sse_spin *s) (hostile.h): an ecall with
 * a0..a7 = s->start[] (a PMU counter start), then every register but sp,
 * gp, tp, s0 (= s), s1 (= s->until) and t0 from s->in[], then a loop until
 * the word at s->flag is non-zero or the time CSR reaches s->until; then
 * x1..x31 go to s->out[]. An event taken in the loop interrupts it at a pc
 * in [hostile_sse_spin_loop, hostile_sse_spin_end).
 */
#define SPIN_IN		(8 * 8)
#define SPIN_OUT	(40 * 8)
#define SPIN_FLAG	(72 * 8)
#define SPIN_UNTIL	(73 * 8)
#define SPIN_RET	(74 * 8)

	.globl	hostile_sse_spin
	.type	hostile_sse_spin, @function
	.align	2
hostile_sse_spin:
	addi	sp, sp, -112
	sd	ra, 0(sp)
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11
	sd	s\n, (8 + \n * 8)(sp)
	.endr
	mv	s0, a0
	.irp	n, 1,2,3,4,5,6,7
	ld	a\n, (\n * 8)(s0)
	.endr
	ld	a0, 0(s0)
	ecall
	sd	a0, SPIN_RET(s0)
	sd	a1, (SPIN_RET + 8)(s0)
	ld	s1, SPIN_UNTIL(s0)
	.irp	n, 1,6,7,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	ld	x\n, (SPIN_IN + \n * 8)(s0)
	.endr
	.globl	hostile_sse_spin_loop
hostile_sse_spin_loop:
	ld	t0, SPIN_FLAG(s0)
	ld	t0, 0(t0)
	bnez	t0, 1f
	rdtime	t0
	bltu	t0, s1, hostile_sse_spin_loop
1:
	.globl	hostile_sse_spin_end
hostile_sse_spin_end:
	.irp	n, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	sd	x\n, (SPIN_OUT + \n * 8)(s0)
	.endr
	ld	ra, 0(sp)
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11
	ld	s\n, (8 + \n * 8)(sp)
	.endr
	addi	sp, sp, 112
	ret
	.size	hostile_sse_spin, . - hostile_sse_spin

/*
 * unsigned long ctr_ecall_n(struct hostile_regs *r)
 * a0..a7 from r->in[10..17]; the counter is read right before and right
 * after the ecall: between the reads only the first csrr and the ecall
 * run in S-mode.
 */
.macro CTR_ECALL n
	.type	ctr_ecall_\n, @function
	.align	2
ctr_ecall_\n:
	mv	t6, a0
	ld	a1, (R_IN + 11 * 8)(t6)
	ld	a2, (R_IN + 12 * 8)(t6)
	ld	a3, (R_IN + 13 * 8)(t6)
	ld	a4, (R_IN + 14 * 8)(t6)
	ld	a5, (R_IN + 15 * 8)(t6)
	ld	a6, (R_IN + 16 * 8)(t6)
	ld	a7, (R_IN + 17 * 8)(t6)
	ld	a0, (R_IN + 10 * 8)(t6)
	csrr	t0, 0xc00 + \n
	ecall
	csrr	t1, 0xc00 + \n
	sd	a0, (R_OUT + 10 * 8)(t6)
	sd	a1, (R_OUT + 11 * 8)(t6)
	sub	a0, t1, t0
	ret
	.size	ctr_ecall_\n, . - ctr_ecall_\n
.endm

/*
 * unsigned long ctr_loop_n(unsigned long iters, unsigned long *buf)
 * Between the reads: the first csrr, then iters times ld, sd, addi, bnez.
 */
.macro CTR_LOOP n
	.type	ctr_loop_\n, @function
	.align	2
ctr_loop_\n:
	csrr	t0, 0xc00 + \n
1:	ld	t1, 0(a1)
	sd	t1, 8(a1)
	addi	a0, a0, -1
	bnez	a0, 1b
	csrr	t2, 0xc00 + \n
	sub	a0, t2, t0
	ret
	.size	ctr_loop_\n, . - ctr_loop_\n
.endm

/* unsigned long ctr_read_n(void) */
.macro CTR_READ n
	.type	ctr_read_\n, @function
	.align	2
ctr_read_\n:
	csrr	a0, 0xc00 + \n
	ret
	.size	ctr_read_\n, . - ctr_read_\n
.endm

	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	CTR_ECALL \n
	CTR_LOOP \n
	CTR_READ \n
	.endr

	.section .rodata
	.align	3
	.globl	ctr_ecall_table
ctr_ecall_table:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.dword	ctr_ecall_\n
	.endr
	.globl	ctr_loop_table
ctr_loop_table:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.dword	ctr_loop_\n
	.endr
	.globl	ctr_read_table
ctr_read_table:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	.dword	ctr_read_\n
	.endr

	.bss
	.align	3
	.globl	hostile_landings
hostile_landings:
	.space	8
