/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef QEMU_MODEL_LIB_H
#define QEMU_MODEL_LIB_H

#include <stdint.h>
#include "sbi/riscv_draft_encoding.h"

#define STR_(x) #x
#define STR(x) STR_(x)
#define csr_read(csr) ({ unsigned long __v; \
	__asm__ volatile("csrr %0, " STR(csr) : "=r"(__v) :: "memory"); __v; })
#define csr_write(csr, val) ({ unsigned long __v = (unsigned long)(val); \
	__asm__ volatile("csrw " STR(csr) ", %0" :: "rK"(__v) : "memory"); })
#define csr_set(csr, val) ({ unsigned long __v = (unsigned long)(val); \
	__asm__ volatile("csrs " STR(csr) ", %0" :: "rK"(__v) : "memory"); })
#define csr_clear(csr, val) ({ unsigned long __v = (unsigned long)(val); \
	__asm__ volatile("csrc " STR(csr) ", %0" :: "rK"(__v) : "memory"); })

#define MIP_LCOFIP	(1UL << 13)
#define MSTATUS_MIE	(1UL << 3)
#define EV_OF		(1UL << 63)
#define EV_MINH		(1UL << 62)
#define EV_SINH		(1UL << 61)
#define EV_UINH		(1UL << 60)
#define CAUSE_LCOFI	((1UL << 63) | 13)

/* x[] as saved by trap_entry, then the mcountinhibit it restores */
struct trap_regs { unsigned long x[32]; unsigned long inhibit; };

/* When set, LCOFIs go here (counters stopped) instead of the default
 * handler, which would mask the interrupt. */
extern void (*lcofi_hook)(struct trap_regs *r);

/* Last trap seen by the default handler. */
extern volatile unsigned long trap_count, trap_cause, trap_epc, trap_tval;

void puts_(const char *s);
void put_hex(unsigned long v);
void put_dec(unsigned long v);
void check(int ok, const char *name);
void check_eq(unsigned long got, unsigned long want, const char *name);
void test_exit(void);
unsigned long hpm_read(int idx);
void hpm_write(int idx, unsigned long v);
void hpm_event(int idx, unsigned long ev);
unsigned long hpm_event_read(int idx);

#define MODE_U	0
#define MODE_S	1
#define MODE_VU	4
#define MODE_VS	5
/* Call fn(arg) in a lower mode; returns its result. */
unsigned long run_lower(unsigned long (*fn)(unsigned long), unsigned long arg,
			int mode);
/* Run fn in mode, return the trap cause it raised (0 if none). */
unsigned long trap_in(unsigned long (*fn)(unsigned long), unsigned long arg,
		      int mode);

#define CAUSE_ILLEGAL	2
#define CAUSE_VIRTUAL	22

#endif
