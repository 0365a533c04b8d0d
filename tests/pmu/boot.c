/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cycle and instret as the supervisor finds them, before any PMU call:
 * running (programs that read rdcycle/rdinstret without perf rely on it),
 * and, where Smcntrpmf exists, blind to the firmware's own work.
 */
#include "pmu_tests.h"

/* An SBI call whose M-mode path is far longer than this bound. */
#define SBI_CALL_S_INSNS	16

void test_boot_counters(void)
{
	bool minh = payload_isa_ext("smcntrpmf");
	unsigned long c0, i0, c1, i1, i2;
	volatile unsigned long spin;

	c0 = csr_read(CSR_CYCLE);
	i0 = csr_read(CSR_INSTRET);
	for (spin = 0; spin < 1000; spin++)
		;
	c1 = csr_read(CSR_CYCLE);
	i1 = csr_read(CSR_INSTRET);
	TEST_ASSERT(c1 - c0 >= 1000,
		    "cycle runs from boot: +%lu over a 1000-iteration loop",
		    c1 - c0);
	TEST_ASSERT(i1 - i0 >= 3000,
		    "instret runs from boot: +%lu over a 1000-iteration loop",
		    i1 - i0);

	/* one BASE call: M-mode runs ~80 instructions for it */
	i1 = csr_read(CSR_INSTRET);
	sbi_get_spec_version();
	i2 = csr_read(CSR_INSTRET);
	if (minh)
		TEST_ASSERT(i2 - i1 <= SBI_CALL_S_INSNS,
			    "free-running instret leaves M-mode out (minstretcfg.MINH): +%lu over an SBI call",
			    i2 - i1);
	else
		TEST_ASSERT(i2 - i1 > SBI_CALL_S_INSNS,
			    "without Smcntrpmf free-running instret counts M-mode too: +%lu over an SBI call",
			    i2 - i1);
}
