/* SPDX-License-Identifier: BSD-2-Clause */
/* Trap frame layout shared by the assembly entry and the C handlers. */
#ifndef SBI_TRAP_H
#define SBI_TRAP_H

#include <sbi/riscv_encoding.h>

/* Offsets (in registers) of the saved state in struct sbi_trap_regs. */
#define SBI_TRAP_REG_MEPC		32
#define SBI_TRAP_REG_MSTATUS		33
#define SBI_TRAP_REGS_COUNT		34
#define SBI_TRAP_REGS_SIZE		((SBI_TRAP_REGS_COUNT * SZREG + 15) & ~15)

/*
 * The ecall fast path saves only what the C calling convention clobbers,
 * in a frame at scratch - SBI_ECALL_FRAME_SIZE (slots in registers): the
 * interrupted sp and tp, ra, t1, and a0-a7 in order, so that a0-a5
 * are the handlers' argument array in place. A handler may write a6/a7
 * there (SSE); a0/a1 are the handler's return and are not restored.
 * t2-t6 are not saved: the firmware's C code is built never to use them
 * (-ffixed-t2 .. -ffixed-t6), and _expected_trap touches t1 only.
 */
#define SBI_ECALL_FRAME_SP		0
#define SBI_ECALL_FRAME_RA		1
#define SBI_ECALL_FRAME_T1		2	/* slot 3 unused */
#define SBI_ECALL_FRAME_A0		4	/* a0..a7 */
#define SBI_ECALL_FRAME_A6		10
#define SBI_ECALL_FRAME_A7		11
#define SBI_ECALL_FRAME_TP		12
#define SBI_ECALL_FRAME_VALUE		13	/* spare word for sbiret.value */
#define SBI_ECALL_FRAME_SIZE		(14 * SZREG)

#ifndef __ASSEMBLER__

/* x0..x31 in order (x0 slot unused), then mepc and mstatus. */
struct sbi_trap_regs {
	unsigned long zero, ra, sp, gp, tp, t0, t1, t2;
	unsigned long s0, s1, a0, a1, a2, a3, a4, a5;
	unsigned long a6, a7, s2, s3, s4, s5, s6, s7;
	unsigned long s8, s9, s10, s11, t3, t4, t5, t6;
	unsigned long mepc, mstatus;
};

/*
 * Returned in a0/a1. The alignment of the pair lets GCC 12 keep it in
 * registers: without it every function returning one (the ecall handlers,
 * even those that only tail-call) gets an empty 16-byte stack frame.
 */
struct sbiret {
	long error;
	long value;
} __attribute__((aligned(2 * sizeof(long))));

/* C entry of every trap but an S-mode ecall; returns the frame to restore. */
struct sbi_trap_regs *sbi_trap_handler(struct sbi_trap_regs *regs);
/* ... of an interrupt from below M-mode, with the frame _trap_irq saves */
void sbi_trap_irq_handler(struct sbi_trap_regs *regs);

/* Emulation of what S-mode expects the hardware to do (sbi_emulate.c). */
void sbi_emulate_misaligned(struct sbi_trap_regs *regs, unsigned long cause,
			    unsigned long tval);
void sbi_emulate_illegal(struct sbi_trap_regs *regs, unsigned long tval);

/* Deliver an exception to S-mode as if the hardware had delegated it. */
void sbi_trap_redirect(struct sbi_trap_regs *regs, unsigned long cause,
		       unsigned long tval);

/*
 * From inside an S-mode ecall (fast path): make the ecall itself take
 * exception @cause, as if S-mode had performed the faulting access. The
 * handler then returns the caller's a0/a1 unchanged.
 */
void sbi_ecall_redirect(unsigned long cause, unsigned long tval);

/*
 * Ecall dispatch; a6 FID, a7 EID. a0..a5 are passed as well, where the
 * fast path has them, but the handlers read them from the frame
 * (sbi_ecall_args()), so that no copy is made.
 */
struct sbiret sbi_ecall_handler(unsigned long a0, unsigned long a1,
				unsigned long a2, unsigned long a3,
				unsigned long a4, unsigned long a5,
				unsigned long fid, unsigned long eid);

#endif
#endif /* SBI_TRAP_H */
