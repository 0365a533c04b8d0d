/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The measured ecall. bench_ecall_site is the only ecall the path-length
 * tools count (scripts/bench.sh), so set-up calls through the ordinary
 * wrappers never mix in. instret is read right before and after it; the
 * SBI calling convention preserves t0, t1 and t6.
 *
 * struct bench_call: a[0..7] (a0..a5, fid, eid) at 0, error at 64, value
 * at 72, instret difference at 80.
 */
	.text
	.globl	bench_ecall
	.type	bench_ecall, @function
bench_ecall:
	mv	t6, a0
	ld	a1, 8(t6)
	ld	a2, 16(t6)
	ld	a3, 24(t6)
	ld	a4, 32(t6)
	ld	a5, 40(t6)
	ld	a6, 48(t6)
	ld	a7, 56(t6)
	ld	a0, 0(t6)
	csrr	t0, instret
	.globl	bench_ecall_site
bench_ecall_site:
	ecall
	csrr	t1, instret
	sub	t1, t1, t0
	sd	a0, 64(t6)
	sd	a1, 72(t6)
	sd	t1, 80(t6)
	ret
	.size	bench_ecall, . - bench_ecall

/* The same two reads with nothing between: their own cost. */
	.globl	bench_read_pair
	.type	bench_read_pair, @function
bench_read_pair:
	csrr	t0, instret
	csrr	t1, instret
	sub	a0, t1, t0
	ret
	.size	bench_read_pair, . - bench_read_pair

/*
 * SSE (docs/performance.md): bench_sse_entry is the handler's first
 * instruction, bench_sse_complete its complete ecall; a7 = ENTRY_ARG = a
 * flag set to 1. Only a6/a7 change, and complete gives them back.
 */
	.globl	bench_sse_entry
	.globl	bench_sse_complete
	.type	bench_sse_entry, @function
	.align	2
bench_sse_entry:
	li	a6, 1
	sd	a6, 0(a7)
	li	a7, 0x535345
	li	a6, 6
bench_sse_complete:
	ecall
1:	j	1b
	.size	bench_sse_entry, . - bench_sse_entry

/*
 * unsigned long bench_spin(unsigned long *flag, unsigned long max): wait
 * in S-mode, at most max turns, for the handler to set *flag (a counter
 * overflow); returns the turns left. bench_spin_end ends the loop.
 */
	.globl	bench_spin
	.globl	bench_spin_end
	.type	bench_spin, @function
	.align	2
bench_spin:
	ld	t0, 0(a0)
	addi	a1, a1, -1
	beqz	a1, bench_spin_end
	beqz	t0, bench_spin
bench_spin_end:
	mv	a0, a1
	ret
	.size	bench_spin, . - bench_spin
