/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Access sequences for the L1 TLB model tests: no stack, no data access
 * but the one in the loop, so the counts are the loop's alone.
 *
 * tlb_ld / tlb_sd / tlb_amo (a0 = page-aligned base | n, 0 < n < 4096):
 * one access (ld, sd, amoadd.d) at the start of each of n consecutive
 * 4 KiB pages. tlb_ld_mprv: tlb_ld with mstatus.MPRV set (M-mode).
 */
	.text

	.macro	pages name, insn:vararg
	.globl	\name, \name\()_insn
	.align	2
\name:
	slli	t1, a0, 52
	srli	t1, t1, 52		/* n */
	srli	a0, a0, 12
	slli	a0, a0, 12		/* base */
	li	t2, 4096
\name\()_insn:
	\insn
	add	a0, a0, t2
	addi	t1, t1, -1
	bnez	t1, \name\()_insn
	ret
	.endm

	.option	push
	.option	norvc
	pages	tlb_ld, ld t0, 0(a0)
	pages	tlb_sd, sd zero, 0(a0)
	pages	tlb_amo, amoadd.d zero, zero, (a0)
	.option	pop

	.globl	tlb_ld_mprv
tlb_ld_mprv:
	li	t3, 1 << 17		/* MPRV */
	csrs	mstatus, t3
	mv	t4, ra
	call	tlb_ld
	csrc	mstatus, t3
	jr	t4

/*
 * WALK_PAGES code pages: each starts with a jump to the next one, the
 * last returns. Entering at page WALK_PAGES - n fetches from n pages.
 */
	.set	WALK_PAGES, 20
	.section .text.walk, "ax"
	.balign	4096
	.globl	itlb_walk
itlb_walk:
	.rept	WALK_PAGES - 1
	j	1f
	.balign	4096
1:
	.endr
	ret
