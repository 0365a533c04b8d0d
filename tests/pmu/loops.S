/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Instruction-exact code around the counter CSRs. A CSR number is part of
 * the instruction, so every routine exists once per counter CSR
 * 0xc00 + n (n = 0..31) and is reached through a table (pmu_tests.h).
 */

#include <payload/config.h>

#define SSTATUS_SPIE	(1 << 5)
#define SSTATUS_SPP	(1 << 8)

/*
 * unsigned long pmu_loop_n(unsigned long iters, unsigned long *first)
 * Between the two reads: the first csrr, mv, then 2 * iters loop
 * instructions. The LCOFI test reads t2 (iterations left) and sepc from
 * the trap frame, so the loop uses exactly these registers.
 */
.macro PMU_LOOP n
	.globl	pmu_loop_\n
	.type	pmu_loop_\n, @function
	.align	2
pmu_loop_\n:
	csrr	t0, 0xc00 + \n
	mv	t2, a0
1:	addi	t2, t2, -1
	bnez	t2, 1b
	csrr	t1, 0xc00 + \n
	REG_S	t0, 0(a1)
	sub	a0, t1, t0
	ret
	.globl	pmu_loop_end_\n
pmu_loop_end_\n:
	.size	pmu_loop_\n, . - pmu_loop_\n
.endm

/* unsigned long pmu_csr_n(void) */
.macro PMU_CSR n
	.globl	pmu_csr_\n
	.type	pmu_csr_\n, @function
	.align	2
pmu_csr_\n:
	csrr	a0, 0xc00 + \n
	ret
	.size	pmu_csr_\n, . - pmu_csr_\n
.endm

/*
 * unsigned long pmu_user_n(unsigned long iters, unsigned long *out)
 * Only the boot hart uses it (one context block). Between the reads: the
 * first csrr and sret in S-mode, the loop and ecall in U-mode; the trap
 * lands on pmu_user_trap_n whose first instruction reads the counter.
 */
.macro PMU_USER n
	.globl	pmu_user_\n
	.type	pmu_user_\n, @function
	.align	2
pmu_user_\n:
	la	t3, pmu_user_ctx
	REG_S	sp, 0(t3)
	REG_S	ra, SZREG(t3)
	REG_S	a1, (2 * SZREG)(t3)
	csrr	t4, stvec
	REG_S	t4, (3 * SZREG)(t3)
	la	t4, pmu_user_trap_\n
	csrw	stvec, t4
	la	t4, pmu_user_loop
	csrw	sepc, t4
	li	t4, SSTATUS_SPP | SSTATUS_SPIE
	csrc	sstatus, t4
	csrr	t0, 0xc00 + \n
	sret
	.align	2
pmu_user_trap_\n:
	csrr	t1, 0xc00 + \n
	la	t3, pmu_user_ctx
	REG_L	sp, 0(t3)
	REG_L	ra, SZREG(t3)
	REG_L	a1, (2 * SZREG)(t3)
	REG_L	t4, (3 * SZREG)(t3)
	csrw	stvec, t4
	REG_S	t0, 0(a1)
	csrr	t4, scause
	REG_S	t4, SZREG(a1)
	sub	a0, t1, t0
	ret
	.size	pmu_user_\n, . - pmu_user_\n
.endm

/*
 * unsigned long pmu_ecall_n(unsigned long *regs)
 * regs[0..7] = a0..a7 for the call; a0/a1 come back in regs[0..1].
 * Between the reads: the first csrr and the ecall (t0, t3 survive it).
 */
.macro PMU_ECALL n
	.globl	pmu_ecall_\n
	.type	pmu_ecall_\n, @function
	.align	2
pmu_ecall_\n:
	mv	t3, a0
	REG_L	a0, 0(t3)
	REG_L	a1, SZREG(t3)
	REG_L	a2, (2 * SZREG)(t3)
	REG_L	a3, (3 * SZREG)(t3)
	REG_L	a4, (4 * SZREG)(t3)
	REG_L	a5, (5 * SZREG)(t3)
	REG_L	a6, (6 * SZREG)(t3)
	REG_L	a7, (7 * SZREG)(t3)
	csrr	t0, 0xc00 + \n
	ecall
	csrr	t1, 0xc00 + \n
	REG_S	a0, 0(t3)
	REG_S	a1, SZREG(t3)
	sub	a0, t1, t0
	ret
	.size	pmu_ecall_\n, . - pmu_ecall_\n
.endm

	.text
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	PMU_LOOP \n
	PMU_CSR \n
	PMU_USER \n
	PMU_ECALL \n
	.endr

/* U-mode: count a0 down, then ecall back to the S-mode vector. */
	.align	2
pmu_user_loop:
1:	addi	a0, a0, -1
	bnez	a0, 1b
	ecall
2:	j	2b

	.section .rodata
	.align	3
	.globl	pmu_loop_table
pmu_loop_table:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	REG_WORD	pmu_loop_\n
	.endr
	.globl	pmu_loop_end_table
pmu_loop_end_table:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	REG_WORD	pmu_loop_end_\n
	.endr
	.globl	pmu_csr_table
pmu_csr_table:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	REG_WORD	pmu_csr_\n
	.endr
	.globl	pmu_user_table
pmu_user_table:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	REG_WORD	pmu_user_\n
	.endr
	.globl	pmu_ecall_table
pmu_ecall_table:
	.irp	n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	REG_WORD	pmu_ecall_\n
	.endr

	.bss
	.align	3
pmu_user_ctx:
	.space	4 * SZREG
