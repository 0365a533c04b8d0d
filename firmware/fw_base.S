/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Common entry of every firmware image: hart lottery, self-relocation, BSS,
 * per-hart stack and scratch, and the M-mode trap vector.
 *
 * Boot protocol in: a0 = hartid, a1 = FDT, a2 = variant data (fw_dynamic
 * info). The variant supplies fw_boot_hart (asm, no stack) and the C side.
 */
#include <sbi/riscv_encoding.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_scratch.h>
#include <sbi/sbi_trap.h>
#include <fw_asm_offsets.h>

#define R_RISCV_RELATIVE	3
#define REG(n)			((n) * SZREG)

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

/* a0..a7 to or from their slots of struct sbi_trap_regs at sp (OP: REG_S, REG_L) */
.macro TRAP_REGS_A0_A7 op
	\op	a0, REG(10)(sp)
	\op	a1, REG(11)(sp)
	\op	a2, REG(12)(sp)
	\op	a3, REG(13)(sp)
	\op	a4, REG(14)(sp)
	\op	a5, REG(15)(sp)
	\op	a6, REG(16)(sp)
	\op	a7, REG(17)(sp)
.endm

/*
 * The end of an S-mode ecall: past the ecall, a0/a1 (sbiret) as the
 * handler left them, the rest as the caller had it. Expanded at each
 * handler's end, so no path spends a jump on it.
 */
.macro ECALL_RETURN
	csrr	t0, CSR_MEPC
	addi	t0, t0, 4
	csrw	CSR_MEPC, t0
	REG_L	ra, REG(SBI_ECALL_FRAME_RA)(sp)
	REG_L	t1, REG(SBI_ECALL_FRAME_T1)(sp)
	REG_L	a2, REG(SBI_ECALL_FRAME_A0 + 2)(sp)
	REG_L	a3, REG(SBI_ECALL_FRAME_A0 + 3)(sp)
	REG_L	a4, REG(SBI_ECALL_FRAME_A0 + 4)(sp)
	REG_L	a5, REG(SBI_ECALL_FRAME_A0 + 5)(sp)
	REG_L	a6, REG(SBI_ECALL_FRAME_A6)(sp)
	REG_L	a7, REG(SBI_ECALL_FRAME_A7)(sp)
	csrw	CSR_MSCRATCH, tp
	REG_L	t0, SBI_SCRATCH_TMP0_OFFSET(tp)
	REG_L	tp, REG(SBI_ECALL_FRAME_TP)(sp)
	REG_L	sp, REG(SBI_ECALL_FRAME_SP)(sp)
	mret
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
	 * The preferred boot hart enters the lottery (alone), or if there
	 * is none, every hart that can run S-mode: a monitor core (misa.S
	 * clear, e.g. sifive_u's E51) waits, and parks once the table
	 * lacks it. A preferred boot hart without S-mode (QEMU's fw_dynamic
	 * info names hart 0 on every machine) hands cold boot over to one
	 * that has it (sbi_cold_boot()).
	 */
	call	fw_boot_hart
	beq	a0, s0, _lottery
	li	t0, -1
	bne	a0, t0, _warm_wait
	HAS_SMODE t0
	beqz	t0, _warm_wait
_lottery:
	lla	t0, _boot_lottery
	li	t1, 1
	amoswap.w t1, t1, (t0)
	bnez	t1, _warm_wait

	/* Cold boot: relocate by where we were loaded less FW_TEXT_START */
_cold_boot:
	lla	t0, __rela_dyn_start
	lla	t1, __rela_dyn_end
	lla	t2, _fw_start
	li	t3, FW_TEXT_START
	sub	t2, t2, t3		/* RELA: applied even when 0 */
2:	bgeu	t0, t1, 4f
	REG_L	t3, SZREG(t0)		/* Elf_Rela: offset, info, addend */
	li	t4, R_RISCV_RELATIVE
	bne	t3, t4, 3f
	REG_L	t3, 0(t0)
	REG_L	t4, (2 * SZREG)(t0)
	add	t3, t3, t2
	add	t4, t4, t2
	REG_S	t4, 0(t3)
3:	addi	t0, t0, 3 * SZREG
	j	2b
4:	fence.i

	/* Clear BSS */
	lla	t0, __bss_start
	lla	t1, __bss_end
5:	bgeu	t0, t1, 6f
	REG_S	zero, 0(t0)
	addi	t0, t0, SZREG
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
 * Wait for cold boot, in wfi: spinning would starve the booting hart
 * where harts share host cores (hundreds of harts under QEMU TCG). The
 * boot hart kicks every hart it serves with a machine software interrupt
 * when done (sbi_ipi_wake_harts()), and a preferred boot hart without
 * S-mode kicks the hart it hands cold boot to (_boot_next); mie.MSIE lets
 * that end the wfi with mstatus.MIE clear, so no trap is taken. wfi may
 * return early (it is only a hint), so the flags decide, not the kick; a
 * hart nobody kicks (one the firmware does not serve) stays here parked.
 */
_warm_wait:
	li	t0, MIP_MSIP
	csrw	CSR_MIE, t0
	lla	t0, _boot_done
7:	lw	t1, 0(t0)
	bnez	t1, 8f
	lla	t1, _boot_next
	REG_L	t1, 0(t1)
	beq	t1, s0, 9f
	wfi
	j	7b
9:	csrw	CSR_MIE, zero		/* cold boot is ours now */
	j	_cold_boot
8:	csrw	CSR_MIE, zero
	fence	r, rw
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
	REG_L	t0, 0(t0)
	lla	t1, fw_hart_count
	REG_L	t1, 0(t1)
	li	t2, 0
1:	bgeu	t2, t1, _park
	slli	t3, t2, (SZREG / 4 + 1)	/* log2(SZREG) */
	add	t3, t3, t0
	REG_L	t3, 0(t3)
	beq	t3, a0, 2f
	addi	t2, t2, 1
	j	1b
2:	lla	t0, fw_hart_area
	REG_L	t0, 0(t0)
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
	REG_S	t0, SBI_SCRATCH_TMP0_OFFSET(tp)
	csrr	t0, CSR_MCAUSE
	addi	t0, t0, -CAUSE_SUPERVISOR_ECALL
	bnez	t0, _trap_from_lower

	/*
	 * Fast path: ecall from S-mode. Save what C may clobber: not t2-t6,
	 * which no C code of the firmware uses (-ffixed, mk/firmware.mk)
	 * and no assembly on this path touches.
	 */
	REG_S	sp, (REG(SBI_ECALL_FRAME_SP) - SBI_ECALL_FRAME_SIZE)(tp)
	addi	sp, tp, -SBI_ECALL_FRAME_SIZE
	csrrw	t0, CSR_MSCRATCH, zero
	REG_S	t0, REG(SBI_ECALL_FRAME_TP)(sp)
	REG_S	ra, REG(SBI_ECALL_FRAME_RA)(sp)
	REG_S	t1, REG(SBI_ECALL_FRAME_T1)(sp)
	/*
	 * a0..a5 in order: the handlers' argument array (sbi_ecall_args()).
	 * a0 and a1, which the return does not restore, only where a
	 * handler reads the array: the PMU takes its arguments in registers.
	 */
	REG_S	a2, REG(SBI_ECALL_FRAME_A0 + 2)(sp)
	REG_S	a3, REG(SBI_ECALL_FRAME_A0 + 3)(sp)
	REG_S	a4, REG(SBI_ECALL_FRAME_A0 + 4)(sp)
	REG_S	a5, REG(SBI_ECALL_FRAME_A0 + 5)(sp)
	REG_S	a6, REG(SBI_ECALL_FRAME_A6)(sp)
	REG_S	a7, REG(SBI_ECALL_FRAME_A7)(sp)
	/*
	 * The hot extensions go straight to their handlers: BASE, PMU whose
	 * sbiret.value comes back in the frame's spare word, and SSE whose
	 * inject and complete are the round trips of an event. The rest
	 * through sbi_ecall_handler(), which only sees the others.
	 */
	li	t0, SBI_EXT_BASE
	beq	a7, t0, _ecall_base
	li	t0, SBI_EXT_PMU
	beq	a7, t0, _ecall_pmu
	REG_S	a0, REG(SBI_ECALL_FRAME_A0 + 0)(sp)
	REG_S	a1, REG(SBI_ECALL_FRAME_A0 + 1)(sp)
	li	t0, SBI_EXT_SSE
	beq	a7, t0, _ecall_sse
	call	sbi_ecall_handler
	ECALL_RETURN

_ecall_base:	/* sbi_ecall_base(fid, a) */
	REG_S	a0, REG(SBI_ECALL_FRAME_A0 + 0)(sp)
	REG_S	a1, REG(SBI_ECALL_FRAME_A0 + 1)(sp)
	mv	a0, a6
	addi	a1, sp, REG(SBI_ECALL_FRAME_A0)
	call	sbi_ecall_base
	ECALL_RETURN

_ecall_sse:	/* sbi_ecall_sse(fid, a) */
	mv	a0, a6
	addi	a1, sp, REG(SBI_ECALL_FRAME_A0)
	call	sbi_ecall_sse
	ECALL_RETURN

	/*
	 * error = _pmu_fns[fid](a0..a5, &scratch->pmu, &value): the PMU
	 * extension is the portable core's binding (lib/pmu/pmu_ecall.c),
	 * entered by FID here with the caller's a0..a5 where they are; the
	 * hart's PMU state is set up before S-mode runs, so pmu_sbi_ecall()'s
	 * other test has nothing to catch.
	 */
_ecall_pmu:
	li	t0, PMU_SBI_NR_FNS
	bgeu	a6, t0, _ecall_pmu_none
	lla	t0, _pmu_fns
	slli	t1, a6, (SZREG / 4 + 1)	/* log2(SZREG) */
	add	t0, t0, t1
	REG_L	t0, 0(t0)
	addi	a6, tp, SBI_SCRATCH_PMU_OFFSET
	addi	a7, sp, REG(SBI_ECALL_FRAME_VALUE)
	REG_S	zero, REG(SBI_ECALL_FRAME_VALUE)(sp)
	jalr	t0
	REG_L	a1, REG(SBI_ECALL_FRAME_VALUE)(sp)
	ECALL_RETURN

_ecall_pmu_none:
	li	a0, SBI_ERR_NOT_SUPPORTED
	li	a1, 0
	ECALL_RETURN

	.pushsection .rodata
	.balign	SZREG
_pmu_fns:	/* by FID: SBI_EXT_PMU_NUM_COUNTERS .. SBI_EXT_PMU_EVENT_GET_INFO */
	REG_WORD pmu_sbi_num_counters
	REG_WORD pmu_sbi_get_info
	REG_WORD pmu_sbi_cfg_match
	REG_WORD pmu_sbi_start
	REG_WORD pmu_sbi_stop
	REG_WORD pmu_sbi_fw_read
	REG_WORD pmu_sbi_fw_read_hi
	REG_WORD pmu_sbi_snapshot
	REG_WORD pmu_sbi_event_info
_pmu_fns_end:
	.if	_pmu_fns_end - _pmu_fns != PMU_SBI_NR_FNS * SZREG
	.error	"_pmu_fns: one entry per PMU function"
	.endif
	.popsection

_trap_from_m:
	/* Nested trap in M-mode: mscratch held 0, now holds our tp */
	csrr	tp, CSR_MSCRATCH
	REG_S	t0, SBI_SCRATCH_TMP0_OFFSET(tp)
	mv	t0, sp
	addi	sp, sp, -SBI_TRAP_REGS_SIZE
	j	_trap_save_full

_trap_from_lower:
	csrr	t0, CSR_MCAUSE
	bltz	t0, _trap_irq
	mv	t0, sp
	addi	sp, tp, -SBI_TRAP_REGS_SIZE
_trap_save_full:
	/* t0 = interrupted sp; tmp0 = interrupted t0; mscratch = interrupted tp */
	REG_S	t0, REG(2)(sp)
	REG_L	t0, SBI_SCRATCH_TMP0_OFFSET(tp)
	REG_S	t0, REG(5)(sp)
	csrrw	t0, CSR_MSCRATCH, zero
	REG_S	t0, REG(4)(sp)
	REG_S	ra, REG(1)(sp)
	REG_S	gp, REG(3)(sp)
	REG_S	t1, REG(6)(sp)
	REG_S	t2, REG(7)(sp)
	REG_S	s0, REG(8)(sp)
	REG_S	s1, REG(9)(sp)
	TRAP_REGS_A0_A7 REG_S
	REG_S	s2, REG(18)(sp)
	REG_S	s3, REG(19)(sp)
	REG_S	s4, REG(20)(sp)
	REG_S	s5, REG(21)(sp)
	REG_S	s6, REG(22)(sp)
	REG_S	s7, REG(23)(sp)
	REG_S	s8, REG(24)(sp)
	REG_S	s9, REG(25)(sp)
	REG_S	s10, REG(26)(sp)
	REG_S	s11, REG(27)(sp)
	REG_S	t3, REG(28)(sp)
	REG_S	t4, REG(29)(sp)
	REG_S	t5, REG(30)(sp)
	REG_S	t6, REG(31)(sp)
	csrr	t0, CSR_MEPC
	REG_S	t0, REG(SBI_TRAP_REG_MEPC)(sp)
	csrr	t0, CSR_MSTATUS
	REG_S	t0, REG(SBI_TRAP_REG_MSTATUS)(sp)
	mv	a0, sp
	call	sbi_trap_handler

	.globl	_trap_exit
_trap_exit:	/* a0 = struct sbi_trap_regs * to return through */
	mv	sp, a0
	REG_L	t0, REG(SBI_TRAP_REG_MEPC)(sp)
	csrw	CSR_MEPC, t0
	REG_L	t0, REG(SBI_TRAP_REG_MSTATUS)(sp)
	csrw	CSR_MSTATUS, t0
	/* Returning below M-mode: arm mscratch with our scratch again */
	srli	t0, t0, MSTATUS_MPP_SHIFT
	andi	t0, t0, 3
	addi	t0, t0, -PRV_M
	beqz	t0, 1f
	csrw	CSR_MSCRATCH, tp
1:	REG_L	ra, REG(1)(sp)
	REG_L	gp, REG(3)(sp)
	REG_L	t1, REG(6)(sp)
	REG_L	t2, REG(7)(sp)
	REG_L	s0, REG(8)(sp)
	REG_L	s1, REG(9)(sp)
	TRAP_REGS_A0_A7 REG_L
	REG_L	s2, REG(18)(sp)
	REG_L	s3, REG(19)(sp)
	REG_L	s4, REG(20)(sp)
	REG_L	s5, REG(21)(sp)
	REG_L	s6, REG(22)(sp)
	REG_L	s7, REG(23)(sp)
	REG_L	s8, REG(24)(sp)
	REG_L	s9, REG(25)(sp)
	REG_L	s10, REG(26)(sp)
	REG_L	s11, REG(27)(sp)
	REG_L	t3, REG(28)(sp)
	REG_L	t4, REG(29)(sp)
	REG_L	t5, REG(30)(sp)
	REG_L	t6, REG(31)(sp)
	REG_L	t0, REG(5)(sp)
	REG_L	tp, REG(4)(sp)
	REG_L	sp, REG(2)(sp)
	mret

/*
 * An interrupt from below M-mode (the routed LCOFI of the SSE PMU event,
 * an IPI, the timer): its handlers read and change only mepc, mstatus,
 * a6 and a7 of the frame, and print ra and sp, so the frame holds what C
 * may clobber and those. s0-s11 are C's to keep; t2-t6 and gp no C code
 * of the firmware uses. tp = scratch, tmp0 = interrupted t0.
 */
_trap_irq:
	REG_S	sp, (REG(2) - SBI_TRAP_REGS_SIZE)(tp)
	addi	sp, tp, -SBI_TRAP_REGS_SIZE
	REG_L	t0, SBI_SCRATCH_TMP0_OFFSET(tp)
	REG_S	t0, REG(5)(sp)
	csrrw	t0, CSR_MSCRATCH, zero
	REG_S	t0, REG(4)(sp)
	REG_S	ra, REG(1)(sp)
	REG_S	t1, REG(6)(sp)
	TRAP_REGS_A0_A7 REG_S
	csrr	t0, CSR_MEPC
	REG_S	t0, REG(SBI_TRAP_REG_MEPC)(sp)
	csrr	t0, CSR_MSTATUS
	REG_S	t0, REG(SBI_TRAP_REG_MSTATUS)(sp)
	mv	a0, sp
	call	sbi_trap_irq_handler
	REG_L	t0, REG(SBI_TRAP_REG_MEPC)(sp)
	csrw	CSR_MEPC, t0
	REG_L	t0, REG(SBI_TRAP_REG_MSTATUS)(sp)
	csrw	CSR_MSTATUS, t0
	csrw	CSR_MSCRATCH, tp	/* back below M-mode: armed again */
	REG_L	ra, REG(1)(sp)
	REG_L	t1, REG(6)(sp)
	TRAP_REGS_A0_A7 REG_L
	REG_L	t0, REG(5)(sp)
	REG_L	tp, REG(4)(sp)
	REG_L	sp, REG(2)(sp)
	mret

/*
 * Expected-trap vector for probing CSRs and touching supervisor memory:
 * the caller installs it in mtvec; a trap skips the faulting 4-byte
 * instruction and returns mcause in t1 (callers preset t1 = 0). t1 is
 * all it touches: the ecall fast path does not save t2-t6.
 */
	.align	4
	.globl	_expected_trap
_expected_trap:
	csrr	t1, CSR_MEPC
	addi	t1, t1, 4
	csrw	CSR_MEPC, t1
	csrr	t1, CSR_MCAUSE
	mret

	.section .data
	.align	3
	.globl	_boot_done
_boot_lottery:	.word	0
_boot_done:	.word	0
	.globl	_boot_next
	.align	3
_boot_next:			/* the hart cold boot is handed to */
#if __riscv_xlen == 64
	.dword	-1
#else
	.word	-1
#endif
