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
	/* one PMP entry covering everything, so lower modes may run */
	li	t0, -1
	csrw	pmpaddr0, t0
	li	t0, 0x1f		/* NAPOT, RWX */
	csrw	pmpcfg0, t0
	mv	a0, s0
	call	main
	call	test_exit
4:	j	4b

	.align	4
	.globl	trap_entry
trap_entry:
	/* stop every counter first, so the handler itself is not counted */
	csrw	mscratch, t0
	li	t0, -1			/* bit 1: PDIS too */
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

/*
 * run_lower(fn, arg, mode): call fn(arg) in a lower mode (0 = U, 1 = S,
 * 5 = VS, 4 = VU; bit 2 = V) with this stack, come back here when fn
 * returns (it returns into an ecall the trap handler recognises).
 * Returns fn's a0.
 */
	.globl	run_lower
	.globl	lower_exit
run_lower:
	la	t0, lower_ctx
	sd	sp, 0(t0)
	sd	ra, 8(t0)
	sd	s0, 16(t0)
	sd	s1, 24(t0)
	csrw	mepc, a0
	mv	a0, a1
	li	t0, 3 << 11		/* MPP */
	csrc	mstatus, t0
	andi	t1, a2, 3
	slli	t1, t1, 11
	csrs	mstatus, t1
	li	t0, 1
	slli	t0, t0, 39		/* MPV */
	csrc	mstatus, t0
	andi	t1, a2, 4
	beqz	t1, 1f
	csrs	mstatus, t0
1:	la	ra, lower_exit
	mret
lower_exit:
	ecall
	.globl	lower_return
lower_return:
	la	t0, lower_ctx
	ld	sp, 0(t0)
	ld	ra, 8(t0)
	ld	s0, 16(t0)
	ld	s1, 24(t0)
	mv	a0, a1
	ret

	.data
	.align	3
lower_ctx:
	.dword	0, 0, 0, 0
