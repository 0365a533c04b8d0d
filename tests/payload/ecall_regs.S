/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * payload_ecall_regs(unsigned long regs[32]): load x1..x31 (sp included)
 * from regs[1..31], execute ecall, store x1..x31 back into regs[].
 * S-mode interrupts are off meanwhile; sscratch holds the real sp.
 */
	.text
	.globl payload_ecall_regs
	.type payload_ecall_regs, @function
payload_ecall_regs:
	addi	sp, sp, -144
	sd	ra, 0(sp)
	sd	gp, 8(sp)
	sd	tp, 16(sp)
	sd	s0, 24(sp)
	sd	s1, 32(sp)
	sd	s2, 40(sp)
	sd	s3, 48(sp)
	sd	s4, 56(sp)
	sd	s5, 64(sp)
	sd	s6, 72(sp)
	sd	s7, 80(sp)
	sd	s8, 88(sp)
	sd	s9, 96(sp)
	sd	s10, 104(sp)
	sd	s11, 112(sp)
	csrr	t0, sstatus
	sd	t0, 120(sp)
	csrci	sstatus, 2
	sd	a0, 128(sp)
	csrw	sscratch, sp
	mv	t6, a0
	.irp	n, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30
	ld	x\n, (\n * 8)(t6)
	.endr
	ld	t6, (31 * 8)(t6)
	ecall
	csrrw	sp, sscratch, sp
	sd	t6, 136(sp)
	ld	t6, 128(sp)
	.irp	n, 1,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30
	sd	x\n, (\n * 8)(t6)
	.endr
	ld	t0, 136(sp)
	sd	t0, (31 * 8)(t6)
	csrr	t0, sscratch
	sd	t0, (2 * 8)(t6)
	ld	t0, 120(sp)
	csrw	sstatus, t0
	ld	ra, 0(sp)
	ld	gp, 8(sp)
	ld	tp, 16(sp)
	ld	s0, 24(sp)
	ld	s1, 32(sp)
	ld	s2, 40(sp)
	ld	s3, 48(sp)
	ld	s4, 56(sp)
	ld	s5, 64(sp)
	ld	s6, 72(sp)
	ld	s7, 80(sp)
	ld	s8, 88(sp)
	ld	s9, 96(sp)
	ld	s10, 104(sp)
	ld	s11, 112(sp)
	addi	sp, sp, 144
	ret
	.size payload_ecall_regs, . - payload_ecall_regs
