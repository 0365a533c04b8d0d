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
