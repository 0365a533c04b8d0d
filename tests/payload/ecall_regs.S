/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * payload_ecall_regs(unsigned long regs[32]): load x1..x31 (sp included)
 * from regs[1..31], execute ecall, store x1..x31 back into regs[].
 * S-mode interrupts are off meanwhile; sscratch holds the real sp.
 */
#include <payload/config.h>

/* ra, gp, tp, s0-s11, sstatus, regs, t6: 18 words, 16-byte aligned */
#define FRAME		((18 * SZREG + 15) & ~15)

	.text
	.globl payload_ecall_regs
	.type payload_ecall_regs, @function
payload_ecall_regs:
	addi	sp, sp, -FRAME
	REG_S	ra, 0(sp)
	REG_S	gp, (1 * SZREG)(sp)
	REG_S	tp, (2 * SZREG)(sp)
	REG_S	s0, (3 * SZREG)(sp)
	REG_S	s1, (4 * SZREG)(sp)
	REG_S	s2, (5 * SZREG)(sp)
	REG_S	s3, (6 * SZREG)(sp)
	REG_S	s4, (7 * SZREG)(sp)
	REG_S	s5, (8 * SZREG)(sp)
	REG_S	s6, (9 * SZREG)(sp)
	REG_S	s7, (10 * SZREG)(sp)
	REG_S	s8, (11 * SZREG)(sp)
	REG_S	s9, (12 * SZREG)(sp)
	REG_S	s10, (13 * SZREG)(sp)
	REG_S	s11, (14 * SZREG)(sp)
	csrr	t0, sstatus
	REG_S	t0, (15 * SZREG)(sp)
	csrci	sstatus, 2
	REG_S	a0, (16 * SZREG)(sp)
	csrw	sscratch, sp
	mv	t6, a0
	.irp	n, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30
	REG_L	x\n, (\n * SZREG)(t6)
	.endr
	REG_L	t6, (31 * SZREG)(t6)
	ecall
	csrrw	sp, sscratch, sp
	REG_S	t6, (17 * SZREG)(sp)
	REG_L	t6, (16 * SZREG)(sp)
	.irp	n, 1,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30
	REG_S	x\n, (\n * SZREG)(t6)
	.endr
	REG_L	t0, (17 * SZREG)(sp)
	REG_S	t0, (31 * SZREG)(t6)
	csrr	t0, sscratch
	REG_S	t0, (2 * SZREG)(t6)
	REG_L	t0, (15 * SZREG)(sp)
	csrw	sstatus, t0
	REG_L	ra, 0(sp)
	REG_L	gp, (1 * SZREG)(sp)
	REG_L	tp, (2 * SZREG)(sp)
	REG_L	s0, (3 * SZREG)(sp)
	REG_L	s1, (4 * SZREG)(sp)
	REG_L	s2, (5 * SZREG)(sp)
	REG_L	s3, (6 * SZREG)(sp)
	REG_L	s4, (7 * SZREG)(sp)
	REG_L	s5, (8 * SZREG)(sp)
	REG_L	s6, (9 * SZREG)(sp)
	REG_L	s7, (10 * SZREG)(sp)
	REG_L	s8, (11 * SZREG)(sp)
	REG_L	s9, (12 * SZREG)(sp)
	REG_L	s10, (13 * SZREG)(sp)
	REG_L	s11, (14 * SZREG)(sp)
	addi	sp, sp, FRAME
	ret
	.size payload_ecall_regs, . - payload_ecall_regs
