/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where every started hart begins (a0 = hartid, a1 = opaque): no stack,
 * no trap vector of its own. It counts itself in at the word a1 points
 * to, then stops through SBI HSM; it never returns.
 */
#define SBI_EXT_HSM		0x48534d
#define SBI_EXT_HSM_HART_STOP	1

	.section .text
	.globl	harts_entry
	.align	2
harts_entry:
	li	t0, 1
	amoadd.w.aqrl zero, t0, (a1)
	li	a7, SBI_EXT_HSM
	li	a6, SBI_EXT_HSM_HART_STOP
	ecall
1:	wfi
	j	1b

/*
 * The PMU hart (main.c): a0 = hartid, a1 = its result block. One hart at
 * a time runs here, on the one stack; high_hart_main() stops the hart.
 */
	.globl	harts_high_entry
	.align	2
harts_high_entry:
	la	sp, high_stack_top
	call	high_hart_main
1:	wfi
	j	1b

	.section .bss
	.align	4
	.space	4096
high_stack_top:
