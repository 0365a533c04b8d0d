/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU overflow test's workload (sse.c): a loop whose bounds tell
 * whether an SSE delivery interrupted it.
 */

	.text
/* Count down t2 from a0 to 0, two instructions a turn; returns nothing. */
	.globl sse_test_loop
	.globl sse_test_loop_end
	.align 2
sse_test_loop:
	mv	t2, a0
2:	addi	t2, t2, -1
	bnez	t2, 2b
sse_test_loop_end:
	ret
