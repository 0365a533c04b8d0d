// SPDX-License-Identifier: BSD-2-Clause
/* Unprivileged memory access through MPRV with the expected-trap vector. */
#include <sbi/sbi_expected_trap.h>
#include <sbi/sbi_unpriv.h>

/*
 * Run one access with MPRV (and optionally MXR) set, as one 4-byte
 * instruction so that _expected_trap can skip it.
 */
#define UNPRIV(insn, ext_bits, out, in, addr)				\
	({								\
		register unsigned long t1 __asm__("t1") = 0;		\
		struct sbi_trap_guard g;				\
		sbi_trap_guard_enter(&g);				\
		csr_write(CSR_MSTATUS,					\
			  g.status | MSTATUS_MPRV | (ext_bits));	\
		__asm__ __volatile__(".option push\n.option norvc\n"	\
				     insn "\n.option pop"		\
				     : "+r"(out), "+r"(t1)		\
				     : "r"(addr), "r"(in)		\
				     : "memory");			\
		sbi_trap_guard_leave(&g);				\
		t1;							\
	})

unsigned long sbi_load_u8(unsigned long addr, uint8_t *val)
{
	unsigned long v = 0, cause;

	cause = UNPRIV("lbu %0, 0(%2)", 0, v, 0UL, addr);
	*val = v;
	return cause;
}

unsigned long sbi_store_u8(unsigned long addr, uint8_t val)
{
	unsigned long dummy = 0, in = val;

	return UNPRIV("sb %3, 0(%2)", 0, dummy, in, addr);
}

unsigned long sbi_load_ulong(unsigned long addr, unsigned long *val)
{
	unsigned long v = 0, cause;

	if (addr & (SZREG - 1))
		return CAUSE_MISALIGNED_LOAD;
	cause = UNPRIV(__xstr(REG_L) " %0, 0(%2)", 0, v, 0UL, addr);
	*val = v;
	return cause;
}

unsigned long sbi_fetch_insn(unsigned long addr, unsigned long *insn)
{
	unsigned long lo = 0, hi = 0, cause;

	cause = UNPRIV("lhu %0, 0(%2)", MSTATUS_MXR, lo, 0UL, addr);
	if (cause)
		return cause == CAUSE_LOAD_PAGE_FAULT ? CAUSE_FETCH_PAGE_FAULT
						       : CAUSE_FETCH_ACCESS;
	if ((lo & 3) == 3) {
		cause = UNPRIV("lhu %0, 0(%2)", MSTATUS_MXR, hi, 0UL, addr + 2);
		if (cause)
			return cause == CAUSE_LOAD_PAGE_FAULT ?
			       CAUSE_FETCH_PAGE_FAULT : CAUSE_FETCH_ACCESS;
	}
	*insn = lo | (hi << 16);
	return 0;
}
