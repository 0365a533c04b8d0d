/* SPDX-License-Identifier: BSD-2-Clause */
/* Build-time limits of the payload library (shared by C and assembly). */
#ifndef PAYLOAD_CONFIG_H
#define PAYLOAD_CONFIG_H

#define PAYLOAD_MAX_HARTS	32
#define PAYLOAD_STACK_SHIFT	14
#define PAYLOAD_STACK_SIZE	(1 << PAYLOAD_STACK_SHIFT)
#define PAYLOAD_LOAD_ADDR	0x80200000

/* One XLEN register in memory (RV32 or RV64 payloads) */
#if __riscv_xlen == 32
#define SZREG			4
#define LGREG			2
#define REG_L			lw
#define REG_S			sw
#define REG_WORD		.word
#else
#define SZREG			8
#define LGREG			3
#define REG_L			ld
#define REG_S			sd
#define REG_WORD		.dword
#endif

/* Size of struct trap_frame: x0..x31, sepc, sstatus, scause, stval */
#define TRAP_FRAME_SIZE		(36 * SZREG)

/* An XLEN load/store mnemonic in C inline assembly: PAYLOAD_STR(REG_S) */
#define PAYLOAD_XSTR(x)		#x
#define PAYLOAD_STR(x)		PAYLOAD_XSTR(x)

#endif /* PAYLOAD_CONFIG_H */
