/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Bare M-mode entry for the QEMU model tests (-bios payload.elf): one hart,
 * a stack, a trap vector that saves registers and calls trap_handler().
 */
	.section .text.start, "ax"
	.globl _start
_start:
	csrr	t0, mhartid
1:	bnez	t0, 1b
	la	sp, __stack_top
	mv	s0, a1			/* device tree from QEMU */
	la	t0, __bss_start
	la	t1, __bss_end
2:	bgeu	t0, t1, 3f
	sd	zero, 0(t0)
	addi	t0, t0, 8
	j	2b
3:	la	t0, trap_entry
	csrw	mtvec, t0
	mv	a0, s0
	call	main
	call	test_exit
4:	j	4b

	.align	4
	.globl	trap_entry
trap_entry:
	/* stop every counter first, so the handler itself is not counted */
	csrw	mscratch, t0
	li	t0, -3
	csrrw	t0, mcountinhibit, t0
	addi	sp, sp, -272
	sd	t0, 256(sp)
	csrr	t0, mscratch
	.irp	r, 1,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	sd	x\r, (\r * 8)(sp)
	.endr
	mv	a0, sp
	call	trap_handler
	.irp	r, 1,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	ld	x\r, (\r * 8)(sp)
	.endr
	csrw	mscratch, t0
	ld	t0, 256(sp)
	addi	sp, sp, 272
	csrw	mcountinhibit, t0
	csrr	t0, mscratch
	mret
