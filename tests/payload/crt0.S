/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Entry points of an S-mode payload.
 *
 * _start: the firmware jumps here with a0 = hartid, a1 = FDT. The first hart
 * to arrive becomes the boot hart; any other hart that arrives here (some
 * firmwares release all harts) gives itself back with HSM hart_stop so the
 * tests can start it later.
 *
 * payload_secondary_entry: start address given to HSM hart_start; a0 =
 * hartid, a1 = opaque. Records what it was handed, then calls C.
 *
 * Every hart runs with tp = its hartid and sp at the top of its own stack.
 */
#include <payload/config.h>

	.section .text.entry, "ax"
	.globl _start
_start:
	.option push
	.option norelax
	la	gp, __global_pointer$
	.option pop
	li	t0, PAYLOAD_MAX_HARTS
	bgeu	a0, t0, .Lgive_back
	la	t0, boot_lottery
	li	t1, 1
	amoswap.w.aq t1, t1, (t0)
	bnez	t1, .Lgive_back

	mv	tp, a0
	call	.Lsetup_stack
	/* Clear .bss (the stacks are in it; nothing is on them yet). */
	la	t0, __bss_start
	la	t1, __bss_end
1:	bgeu	t0, t1, 2f
	REG_S	zero, 0(t0)
	addi	t0, t0, SZREG
	j	1b
2:	la	t0, payload_trap_vector
	csrw	stvec, t0
	call	payload_boot
	j	payload_park

/* Not the boot hart: HSM hart_stop (EID "HSM", FID 1); park if it fails. */
.Lgive_back:
	csrw	sie, zero
	li	a7, 0x48534d
	li	a6, 1
	ecall
	j	payload_park

/* sp = payload_stacks + (tp + 1) * PAYLOAD_STACK_SIZE; clobbers t0 */
.Lsetup_stack:
	la	sp, payload_stacks
	addi	t0, tp, 1
	slli	t0, t0, PAYLOAD_STACK_SHIFT
	add	sp, sp, t0
	ret

	.text
	.globl payload_secondary_entry
	.align 2
payload_secondary_entry:
	.option push
	.option norelax
	la	gp, __global_pointer$
	.option pop
	li	t0, PAYLOAD_MAX_HARTS
	bgeu	a0, t0, payload_park
	mv	tp, a0
	call	.Lsetup_stack
	/* entry_regs[hartid] = { a0, a1, satp, sstatus } as handed over */
	la	t0, payload_entry_regs
	slli	t1, a0, LGREG + 2
	add	t0, t0, t1
	REG_S	a0, 0(t0)
	REG_S	a1, SZREG(t0)
	csrr	t1, satp
	REG_S	t1, (2 * SZREG)(t0)
	csrr	t1, sstatus
	REG_S	t1, (3 * SZREG)(t0)
	la	t0, payload_trap_vector
	csrw	stvec, t0
	call	payload_secondary_main
	j	payload_park

/*
 * Where a hart that has nothing to do ends up; also the stvec of a hart
 * about to stop, so a hart started at a bad address traps into a harmless
 * loop instead of running the test's trap handler on a stack it lacks.
 */
	.globl payload_park
	.align 2
payload_park:
	csrw	sie, zero
1:	wfi
	j	1b

/*
 * S-mode trap vector: save every register in a struct trap_frame on the
 * current stack, call payload_trap(frame), restore (sepc/sstatus from the
 * frame, so the handler may change them) and sret.
 */
	.globl payload_trap_vector
	.align 4
payload_trap_vector:
	addi	sp, sp, -TRAP_FRAME_SIZE
	.irp	n, 1,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	REG_S	x\n, (\n * SZREG)(sp)
	.endr
	addi	t0, sp, TRAP_FRAME_SIZE
	REG_S	t0, (2 * SZREG)(sp)
	csrr	t0, sepc
	REG_S	t0, (32 * SZREG)(sp)
	csrr	t0, sstatus
	REG_S	t0, (33 * SZREG)(sp)
	csrr	t0, scause
	REG_S	t0, (34 * SZREG)(sp)
	csrr	t0, stval
	REG_S	t0, (35 * SZREG)(sp)
	mv	a0, sp
	call	payload_trap
	REG_L	t0, (32 * SZREG)(sp)
	csrw	sepc, t0
	REG_L	t0, (33 * SZREG)(sp)
	csrw	sstatus, t0
	.irp	n, 1,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	REG_L	x\n, (\n * SZREG)(sp)
	.endr
	addi	sp, sp, TRAP_FRAME_SIZE
	sret

	.data
	.align 2
boot_lottery:
	.word	0

	.bss
	.align 5
	.globl payload_entry_regs
payload_entry_regs:
	.space	4 * SZREG * PAYLOAD_MAX_HARTS
	.align	12
payload_stacks:
	.space	PAYLOAD_STACK_SIZE * PAYLOAD_MAX_HARTS
