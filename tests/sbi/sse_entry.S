/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE handler entry for the tests: a6 = hartid, a7 = ENTRY_ARG = a
 * struct sse_tctx (sse.c). Saves the interrupted x1..x31 (a6/a7 slots get
 * hartid and the context), sstatus and sepc into it, calls ctx->fn(ctx,
 * hartid) on ctx's stack, reloads x1..x31 and sepc from it and completes.
 */
#include <payload/config.h>
#include <sbi/sbi_ecall_interface.h>

#define R(n)	((n) * SZREG)

	.text
	.globl sse_test_entry
	.align 2
sse_test_entry:
	.irp	n, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	REG_S	x\n, R(\n)(a7)
	.endr
	REG_S	a7, R(17)(a7)
	csrr	t0, sstatus
	REG_S	t0, R(34)(a7)
	csrr	t0, sepc
	REG_S	t0, R(35)(a7)
	mv	s0, a7
	REG_L	sp, R(32)(s0)
	.option push
	.option norelax
	la	gp, __global_pointer$
	.option pop
	mv	tp, a6
	mv	a0, s0
	mv	a1, a6
	REG_L	t0, R(33)(s0)
	jalr	t0
	mv	t6, s0
	REG_L	t0, R(35)(t6)
	csrw	sepc, t0
	.irp	n, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,18,19,20,21,22,23,24,25,26,27,28,29,30
	REG_L	x\n, R(\n)(t6)
	.endr
	REG_L	t6, R(31)(t6)
	li	a6, SBI_EXT_SSE_COMPLETE
	li	a7, SBI_EXT_SSE
	ecall
	/* complete resumed elsewhere: never here */
1:	j	1b

/* Count down t2 from a0 to 0, two instructions a turn; returns nothing. */
	.globl sse_test_loop
	.globl sse_test_loop_end
sse_test_loop:
	mv	t2, a0
2:	addi	t2, t2, -1
	bnez	t2, 2b
sse_test_loop_end:
	ret
