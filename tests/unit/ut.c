/* SPDX-License-Identifier: BSD-2-Clause */
#include "ut.h"
#include "sim_csr.h"

static unsigned int ut_passed, ut_failed, ut_case_failures;

void ut_fail(const char *file, int line, const char *expr,
	     unsigned long long got, unsigned long long want, bool values)
{
	ut_case_failures++;
	if (values)
		printf("  %s:%d: %s: got 0x%llx, want 0x%llx\n", file, line,
		       expr, got, want);
	else
		printf("  %s:%d: %s\n", file, line, expr);
}

void ut_run_suite(const char *suite, const struct ut_case *cases,
		  unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		ut_case_failures = 0;
		cases[i].fn();
		/* the core must never touch a CSR the hart does not have */
		if (sim.bad_access) {
			printf("  %u access(es) to absent CSR 0x%x\n",
			       sim.bad_access, sim.bad_csr);
			ut_case_failures++;
		}
		if (ut_case_failures) {
			ut_failed++;
			printf("FAIL - %s: %s\n", suite, cases[i].name);
		} else {
			ut_passed++;
			printf("ok - %s: %s\n", suite, cases[i].name);
		}
	}
}

int ut_summary(void)
{
	printf("%u passed, %u failed\n", ut_passed, ut_failed);
	return ut_failed ? 1 : 0;
}
