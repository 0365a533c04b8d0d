/* SPDX-License-Identifier: BSD-2-Clause */
/* M-mode entry of the PMU benchmark: hart 0 runs main, others park. */
	.section .text.start, "ax"
	.globl _start
_start:
	csrr	t0, mhartid
	bnez	t0, 2f
	la	sp, bench_stack_top
	la	t0, bench_trap
	csrw	mtvec, t0
	call	main
2:	wfi
	j	2b

/* An illegal CSR access: note it, skip the instruction (4 bytes). */
	.align	2
	.globl bench_trap
bench_trap:
	csrw	mscratch, t0
	la	t0, bench_trapped
	sd	t0, 0(t0)
	csrr	t0, mepc
	addi	t0, t0, 4
	csrw	mepc, t0
	csrr	t0, mscratch
	mret

	.bss
	.align	12
	.globl bench_stack_top
	.space	16384
bench_stack_top:
	.globl bench_trapped
bench_trapped:
	.dword	0
