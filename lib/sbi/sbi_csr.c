// SPDX-License-Identifier: BSD-2-Clause
/*
 * CSR access by run-time number (counters, events, PMP, probing). Every
 * access is written so that a trap through _expected_trap (which skips the
 * instruction and sets t1 = mcause) is safe.
 */
#include <sbi/sbi_expected_trap.h>

#define RD(n)								\
	case (n):							\
		__asm__ __volatile__("csrr %0, %2"			\
				     : "+r"(v), "+r"(t1)		\
				     : "i"(n) : "memory");		\
		break;
#define WR(n)								\
	case (n):							\
		__asm__ __volatile__("csrw %2, %1"			\
				     : "+r"(t1) : "r"(v), "i"(n)	\
				     : "memory");			\
		break;

#define X2(f, n)	f(n) f((n) + 1)
#define X4(f, n)	X2(f, n) X2(f, (n) + 2)
#define X8(f, n)	X4(f, n) X4(f, (n) + 4)
#define X16(f, n)	X8(f, n) X8(f, (n) + 8)
#define X32(f, n)	X16(f, n) X16(f, (n) + 16)

/* Ranges: counters, shadows, events/cfg, PMP, triggers, single CSRs. */
#define CSR_CASES(f)							\
	X32(f, 0xb00) X32(f, 0xc00) X32(f, 0x320)			\
	X16(f, 0x3a0) X32(f, 0x3b0) X32(f, 0x3d0)			\
	f(0x100) f(0x104) f(0x105) f(0x106) f(0x10a) f(0x10c)		\
	f(0x120) f(0x14d) f(0x150) f(0x151) f(0x180) f(0x24e)		\
	f(0x301) f(0x302) f(0x303) f(0x304) f(0x306) f(0x30a)		\
	f(0x30c) f(0x34e) f(0x350) f(0x351) f(0x5e0) f(0x5e1)		\
	f(0x5f0) f(0x5f2) f(0x5f9) f(0x5fa) f(0x600) f(0x60a)	\
	f(0x60c) f(0x6f0) X4(f, 0x7a0) f(0x7a4)				\
	f(0x747) f(0x7f0) f(0xda0) f(0xf11) f(0xf12) f(0xf13)

static unsigned long read_num(unsigned int csr, unsigned long *cause)
{
	register unsigned long t1 __asm__("t1") = 0;
	unsigned long v = 0;

	switch (csr) {
	CSR_CASES(RD)
	default:
		t1 = CAUSE_ILLEGAL_INSTRUCTION;
		break;
	}
	*cause = t1;
	return v;
}

static unsigned long write_num(unsigned int csr, unsigned long v)
{
	register unsigned long t1 __asm__("t1") = 0;

	switch (csr) {
	CSR_CASES(WR)
	default:
		t1 = CAUSE_ILLEGAL_INSTRUCTION;
		break;
	}
	return t1;
}

unsigned long csr_read_num(unsigned int csr)
{
	unsigned long cause;

	return read_num(csr, &cause);
}

void csr_write_num(unsigned int csr, unsigned long val)
{
	write_num(csr, val);
}

unsigned long csr_read_safe(unsigned int csr, unsigned long *val)
{
	struct sbi_trap_guard g;
	unsigned long cause;

	sbi_trap_guard_enter(&g);
	*val = read_num(csr, &cause);
	sbi_trap_guard_leave(&g);
	return cause;
}

unsigned long csr_write_safe(unsigned int csr, unsigned long val)
{
	struct sbi_trap_guard g;
	unsigned long cause;

	sbi_trap_guard_enter(&g);
	cause = write_num(csr, val);
	sbi_trap_guard_leave(&g);
	return cause;
}
