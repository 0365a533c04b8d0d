/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Common entry of every firmware image: hart lottery, self-relocation, BSS,
 * per-hart stack and scratch, and the M-mode trap vector.
 *
 * Boot protocol in: a0 = hartid, a1 = FDT, a2 = variant data (fw_dynamic
 * info). The variant supplies fw_boot_hart (asm, no stack) and the C side.
 */
#include <sbi/riscv_encoding.h>
#include <sbi/sbi_scratch.h>
#include <sbi/sbi_trap.h>

#define R_RISCV_RELATIVE	3
#define REG(n)			((n) * 8)

/* \rd = 1 if this hart has S-mode (misa.S, or misa reads 0: unknown) */
.macro HAS_SMODE rd
	csrr	\rd, CSR_MISA
	beqz	\rd, 1f
	srli	\rd, \rd, ('S' - 'A')
	andi	\rd, \rd, 1
	j	2f
1:	li	\rd, 1
2:
.endm

	.section .entry, "ax", %progbits
	.align	3
	.globl	_start
_start:
	mv	s0, a0
	mv	s1, a1
	mv	s2, a2
	csrw	CSR_MIE, zero
	lla	t0, _park
	csrw	CSR_MTVEC, t0

	/*
	 * Only a hart that can run S-mode boots the next stage: a monitor
	 * core (misa.S clear, e.g. sifive_u's E51) waits, and parks once the
	 * table lacks it. Of the others, only the preferred boot hart (or
	 * any, if none) enters the lottery.
	 */
	HAS_SMODE t0
	beqz	t0, _no_smode
	call	fw_boot_hart
	li	t0, -1
	beq	a0, t0, _lottery
	bne	a0, s0, _warm_wait
_lottery:
	lla	t0, _boot_lottery
	li	t1, 1
	amoswap.w t1, t1, (t0)
	bnez	t1, _warm_wait

	/* Cold boot: relocate to wherever we were loaded (linked at 0) */
	lla	t0, __rela_dyn_start
	lla	t1, __rela_dyn_end
	lla	t2, _fw_start
2:	bgeu	t0, t1, 4f
	ld	t3, 8(t0)
	li	t4, R_RISCV_RELATIVE
	bne	t3, t4, 3f
	ld	t3, 0(t0)
	ld	t4, 16(t0)
	add	t3, t3, t2
	add	t4, t4, t2
	sd	t4, 0(t3)
3:	addi	t0, t0, 24
	j	2b
4:	fence.i

	/* Clear BSS */
	lla	t0, __bss_start
	lla	t1, __bss_end
5:	bgeu	t0, t1, 6f
	sd	zero, 0(t0)
	addi	t0, t0, 8
	j	5b
6:
	/* A boot stack and scratch until cold boot has laid out the harts */
	lla	t0, fw_boot_area
	li	t1, FW_BOOT_STACK_SIZE
	add	tp, t0, t1
	mv	sp, tp
	call	_setup_trap_vector
	mv	a0, s0
	mv	a1, s1
	mv	a2, s2
	call	sbi_cold_boot
	j	_park

/*
 * A preferred boot hart without S-mode (QEMU's fw_dynamic info names hart
 * 0 on every machine) opens the lottery to the harts that can boot.
 */
_no_smode:
	call	fw_boot_hart
	bne	a0, s0, _warm_wait
	lla	t0, _boot_open
	li	t1, 1
	sw	t1, 0(t0)
_warm_wait:
	lla	t0, _boot_done
7:	lw	t1, 0(t0)
	bnez	t1, 8f
	lla	t1, _boot_open
	lw	t1, 0(t1)
	beqz	t1, 7b
	HAS_SMODE t1
	beqz	t1, 7b
	lla	t1, _boot_lottery	/* try while nobody has won it */
	lw	t1, 0(t1)
	beqz	t1, _lottery
	j	7b
8:	fence	r, rw
	mv	a0, s0
	call	_setup_hart_context
	mv	a0, s0
	call	sbi_warm_boot
	j	_park

/*
 * a0 = hartid. Finds the hart's index in the table cold boot published
 * (a linear search, once per boot), sets sp and tp to its stack and
 * scratch, mscratch and mtvec. A hart the table lacks parks (cold boot
 * reports the DT harts it does not serve).
 */
_setup_hart_context:
	lla	t0, fw_hart_ids
	ld	t0, 0(t0)
	lla	t1, fw_hart_count
	ld	t1, 0(t1)
	li	t2, 0
1:	bgeu	t2, t1, _park
	slli	t3, t2, 3
	add	t3, t3, t0
	ld	t3, 0(t3)
	beq	t3, a0, 2f
	addi	t2, t2, 1
	j	1b
2:	lla	t0, fw_hart_area
	ld	t0, 0(t0)
	li	t1, FW_HART_AREA_SIZE
	addi	t2, t2, 1
	mul	t1, t1, t2
	add	t0, t0, t1
	li	t1, SBI_SCRATCH_SIZE
	sub	tp, t0, t1
	mv	sp, tp
_setup_trap_vector:
	csrw	CSR_MSCRATCH, zero
	lla	t0, _trap_entry
	csrw	CSR_MTVEC, t0
	ret

	.globl	_park
	.align	2
_park:
	csrw	CSR_MIE, zero
1:	wfi
	j	1b

/*
 * M-mode trap vector (direct mode). Below M-mode, mscratch holds this
 * hart's scratch; in M-mode it is 0 and tp holds the scratch, which is how
 * a nested trap is told apart.
 */
	.align	4
	.globl	_trap_entry
_trap_entry:
	csrrw	tp, CSR_MSCRATCH, tp
	beqz	tp, _trap_from_m
	sd	t0, SBI_SCRATCH_TMP0_OFFSET(tp)
	csrr	t0, CSR_MCAUSE
	addi	t0, t0, -CAUSE_SUPERVISOR_ECALL
	bnez	t0, _trap_from_lower

	/* Fast path: ecall from S-mode. Save what C may clobber. */
	mv	t0, sp
	addi	sp, tp, -SBI_ECALL_FRAME_SIZE
	sd	t0, REG(0)(sp)
	csrrw	t0, CSR_MSCRATCH, zero
	sd	t0, REG(14)(sp)
	sd	ra, REG(1)(sp)
	sd	t1, REG(2)(sp)
	sd	t2, REG(3)(sp)
	sd	t3, REG(4)(sp)
	sd	t4, REG(5)(sp)
	sd	t5, REG(6)(sp)
	sd	t6, REG(7)(sp)
	sd	a2, REG(8)(sp)
	sd	a3, REG(9)(sp)
	sd	a4, REG(10)(sp)
	sd	a5, REG(11)(sp)
	sd	a6, REG(12)(sp)
	sd	a7, REG(13)(sp)
	call	sbi_ecall_handler
	csrr	t0, CSR_MEPC
	addi	t0, t0, 4
	csrw	CSR_MEPC, t0
	ld	ra, REG(1)(sp)
	ld	t1, REG(2)(sp)
	ld	t2, REG(3)(sp)
	ld	t3, REG(4)(sp)
	ld	t4, REG(5)(sp)
	ld	t5, REG(6)(sp)
	ld	t6, REG(7)(sp)
	ld	a2, REG(8)(sp)
	ld	a3, REG(9)(sp)
	ld	a4, REG(10)(sp)
	ld	a5, REG(11)(sp)
	ld	a6, REG(12)(sp)
	ld	a7, REG(13)(sp)
	ld	t0, REG(14)(sp)
	csrw	CSR_MSCRATCH, t0
	ld	t0, SBI_SCRATCH_TMP0_OFFSET(tp)
	ld	sp, REG(0)(sp)
	csrrw	tp, CSR_MSCRATCH, tp
	mret

_trap_from_m:
	/* Nested trap in M-mode: mscratch held 0, now holds our tp */
	csrr	tp, CSR_MSCRATCH
	sd	t0, SBI_SCRATCH_TMP0_OFFSET(tp)
	mv	t0, sp
	addi	sp, sp, -SBI_TRAP_REGS_SIZE
	j	_trap_save_full

_trap_from_lower:
	mv	t0, sp
	addi	sp, tp, -SBI_TRAP_REGS_SIZE
_trap_save_full:
	/* t0 = interrupted sp; tmp0 = interrupted t0; mscratch = interrupted tp */
	sd	t0, REG(2)(sp)
	ld	t0, SBI_SCRATCH_TMP0_OFFSET(tp)
	sd	t0, REG(5)(sp)
	csrrw	t0, CSR_MSCRATCH, zero
	sd	t0, REG(4)(sp)
	sd	ra, REG(1)(sp)
	sd	gp, REG(3)(sp)
	sd	t1, REG(6)(sp)
	sd	t2, REG(7)(sp)
	sd	s0, REG(8)(sp)
	sd	s1, REG(9)(sp)
	sd	a0, REG(10)(sp)
	sd	a1, REG(11)(sp)
	sd	a2, REG(12)(sp)
	sd	a3, REG(13)(sp)
	sd	a4, REG(14)(sp)
	sd	a5, REG(15)(sp)
	sd	a6, REG(16)(sp)
	sd	a7, REG(17)(sp)
	sd	s2, REG(18)(sp)
	sd	s3, REG(19)(sp)
	sd	s4, REG(20)(sp)
	sd	s5, REG(21)(sp)
	sd	s6, REG(22)(sp)
	sd	s7, REG(23)(sp)
	sd	s8, REG(24)(sp)
	sd	s9, REG(25)(sp)
	sd	s10, REG(26)(sp)
	sd	s11, REG(27)(sp)
	sd	t3, REG(28)(sp)
	sd	t4, REG(29)(sp)
	sd	t5, REG(30)(sp)
	sd	t6, REG(31)(sp)
	csrr	t0, CSR_MEPC
	sd	t0, REG(SBI_TRAP_REG_MEPC)(sp)
	csrr	t0, CSR_MSTATUS
	sd	t0, REG(SBI_TRAP_REG_MSTATUS)(sp)
	mv	a0, sp
	call	sbi_trap_handler

	.globl	_trap_exit
_trap_exit:	/* a0 = struct sbi_trap_regs * to return through */
	mv	sp, a0
	ld	t0, REG(SBI_TRAP_REG_MEPC)(sp)
	csrw	CSR_MEPC, t0
	ld	t0, REG(SBI_TRAP_REG_MSTATUS)(sp)
	csrw	CSR_MSTATUS, t0
	/* Returning below M-mode: arm mscratch with our scratch again */
	srli	t0, t0, MSTATUS_MPP_SHIFT
	andi	t0, t0, 3
	addi	t0, t0, -PRV_M
	beqz	t0, 1f
	csrw	CSR_MSCRATCH, tp
1:	ld	ra, REG(1)(sp)
	ld	gp, REG(3)(sp)
	ld	t1, REG(6)(sp)
	ld	t2, REG(7)(sp)
	ld	s0, REG(8)(sp)
	ld	s1, REG(9)(sp)
	ld	a0, REG(10)(sp)
	ld	a1, REG(11)(sp)
	ld	a2, REG(12)(sp)
	ld	a3, REG(13)(sp)
	ld	a4, REG(14)(sp)
	ld	a5, REG(15)(sp)
	ld	a6, REG(16)(sp)
	ld	a7, REG(17)(sp)
	ld	s2, REG(18)(sp)
	ld	s3, REG(19)(sp)
	ld	s4, REG(20)(sp)
	ld	s5, REG(21)(sp)
	ld	s6, REG(22)(sp)
	ld	s7, REG(23)(sp)
	ld	s8, REG(24)(sp)
	ld	s9, REG(25)(sp)
	ld	s10, REG(26)(sp)
	ld	s11, REG(27)(sp)
	ld	t3, REG(28)(sp)
	ld	t4, REG(29)(sp)
	ld	t5, REG(30)(sp)
	ld	t6, REG(31)(sp)
	ld	t0, REG(5)(sp)
	ld	tp, REG(4)(sp)
	ld	sp, REG(2)(sp)
	mret

/*
 * Expected-trap vector for probing CSRs and touching supervisor memory:
 * the caller installs it in mtvec; a trap skips the faulting 4-byte
 * instruction and returns mcause in t6 (callers preset t6 = 0).
 */
	.align	4
	.globl	_expected_trap
_expected_trap:
	csrr	t6, CSR_MCAUSE
	csrr	t5, CSR_MEPC
	addi	t5, t5, 4
	csrw	CSR_MEPC, t5
	mret

	.section .data
	.align	3
	.globl	_boot_done
_boot_lottery:	.word	0
_boot_done:	.word	0
_boot_open:	.word	0	/* the preferred boot hart cannot boot: any may */
