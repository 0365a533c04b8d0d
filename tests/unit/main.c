/* SPDX-License-Identifier: BSD-2-Clause */
/* Host unit tests of the portable PMU core (lib/pmu/). */
#include "pmu_test.h"

int main(void)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	suite_platform();
	suite_dt();
	suite_setup();
	suite_counters();
	suite_hw();
	suite_fw();
	suite_snapshot();
	suite_event_info();
	suite_hart();
	suite_deleg();
	suite_ecall();
	suite_sse();
	return ut_summary();
}
