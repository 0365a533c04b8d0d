/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The profiled workload, run in U-mode through lower_call(). No compressed
 * instructions and no linker relaxation, so the instruction after a label
 * is label + 4 and instruction counts are known. Every
 * function takes a0 and returns a0; labels mark the instructions the demo
 * checks samples against.
 *
 * load_loop(n):   n iterations of 5 instructions; hot_load is the only
 *                 load (work_buf[i]), hot_branch the only branch.
 * ldst_loop(n):   n iterations: a load (work_buf[i]), a store
 *                 (work_out[i]) and an AMO (work_amo), then the branch.
 * profile_main(r): r rounds of hot_loop (8 instructions an iteration),
 *                 warm_loop and cold_loop (4 each).
 */
#include "sampling.h"

	.option	norvc
	.option	norelax
	.text
	.balign	4

	.globl	load_loop, load_loop_top, hot_load, hot_load_next
	.globl	hot_branch, load_loop_exit
load_loop:
	lla	t1, work_buf
	li	t2, 0
load_loop_top:
hot_load:
	ld	t0, 0(t1)
hot_load_next:
	add	t2, t2, t0
	addi	t1, t1, 8
	addi	a0, a0, -1
hot_branch:
	bnez	a0, load_loop_top
load_loop_exit:
	mv	a0, t2
	ret

	.globl	ldst_loop, ldst_load, ldst_store, ldst_amo
ldst_loop:
	lla	t1, work_buf
	lla	t3, work_out
	lla	t5, work_amo
1:
ldst_load:
	ld	t0, 0(t1)
ldst_store:
	sd	t0, 0(t3)
ldst_amo:
	amoadd.d t4, t0, (t5)
	addi	t1, t1, 8
	addi	t3, t3, 8
	addi	a0, a0, -1
	bnez	a0, 1b
	ret

	.globl	profile_main, hot_loop, warm_loop, cold_loop, workload_end
profile_main:
	addi	sp, sp, -16
	sd	ra, 0(sp)
	sd	s0, 8(sp)
	mv	s0, a0
1:	li	a0, HOT_ITERS
	jal	hot_loop
	li	a0, WARM_ITERS
	jal	warm_loop
	li	a0, COLD_ITERS
	jal	cold_loop
	addi	s0, s0, -1
	bnez	s0, 1b
	ld	ra, 0(sp)
	ld	s0, 8(sp)
	addi	sp, sp, 16
	ret

hot_loop:
	li	t0, 1
	li	t1, 3
1:	mul	t0, t0, t1
	xor	t0, t0, a0
	slli	t2, t0, 3
	add	t0, t0, t2
	srli	t2, t0, 7
	sub	t0, t0, t2
	addi	a0, a0, -1
	bnez	a0, 1b
	mv	a0, t0
	ret

warm_loop:
	li	t0, 0
1:	add	t0, t0, a0
	xori	t0, t0, 0x55
	addi	a0, a0, -1
	bnez	a0, 1b
	mv	a0, t0
	ret

cold_loop:
	li	t0, 0
1:	sub	t0, t0, a0
	ori	t0, t0, 1
	addi	a0, a0, -1
	bnez	a0, 1b
	mv	a0, t0
	ret
workload_end:
