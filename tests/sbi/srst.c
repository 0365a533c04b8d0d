/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SRST argument checks. Every call here uses a reset type or reason the
 * firmware must refuse; a firmware that accepts one ends the run early and
 * the runner reports the missing closing line. The real shutdown is the
 * payload's last act (test_finish()).
 *
 * reset_type and reset_reason are uint32_t: bits 63..32 are ignored, so a
 * value is refused by its low 32 bits alone. That a valid type and reason
 * with bits 63..32 set are accepted is checked by the final shutdown of
 * the run with "srst-high-bits" (tests/payload/test.c).
 */
#include "sbi_tests.h"

void test_srst(void)
{
	static const unsigned long bad_types[] = {
		0x3, 0xefffffff, 0xf0000000, 0xffffffff,
	};
	static const unsigned long bad_reasons[] = {
		0x2, 0xdfffffff, 0xf0000000, 0xffffffff,
	};
	static const unsigned long high_bits[] = { BIT(32), BIT(63) };
	unsigned long hi;
	unsigned int i, j;

	test_diag("next: SRST calls that must be refused");
	TEST_SBI_ERR(sbi_call0(SBI_EXT_SRST, 1), SBI_ERR_NOT_SUPPORTED,
		     "unknown FID 1 of SRST is NOT_SUPPORTED");
	for (i = 0; i < ARRAY_SIZE(bad_types); i++)
		TEST_SBI_ERR(sbi_system_reset(bad_types[i],
					      SBI_SRST_RESET_REASON_NONE),
			     SBI_ERR_INVALID_PARAM,
			     "system_reset with reset_type 0x%lx", bad_types[i]);
	for (i = 0; i < ARRAY_SIZE(bad_reasons); i++)
		TEST_SBI_ERR(sbi_system_reset(SBI_SRST_RESET_TYPE_SHUTDOWN,
					      bad_reasons[i]),
			     SBI_ERR_INVALID_PARAM,
			     "shutdown with reset_reason 0x%lx", bad_reasons[i]);
	/* a valid type or reason with junk above bit 31 beside a bad one */
	for (j = 0; j < ARRAY_SIZE(high_bits); j++) {
		hi = high_bits[j];
		for (i = 0; i < ARRAY_SIZE(bad_types); i++)
			TEST_SBI_ERR(sbi_system_reset(bad_types[i] | hi,
						      SBI_SRST_RESET_REASON_NONE |
						      hi),
				     SBI_ERR_INVALID_PARAM,
				     "system_reset with reset_type 0x%lx, reset_reason 0x%lx",
				     bad_types[i] | hi, hi);
		for (i = 0; i < ARRAY_SIZE(bad_reasons); i++)
			TEST_SBI_ERR(sbi_system_reset(SBI_SRST_RESET_TYPE_SHUTDOWN |
						      hi, bad_reasons[i] | hi),
				     SBI_ERR_INVALID_PARAM,
				     "system_reset with reset_type 0x%lx, reset_reason 0x%lx",
				     hi, bad_reasons[i] | hi);
	}
}
