/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI PMU conformance payload (SBI v3.0, EID 0x504D55). Features come from
 * the DT in a1 and from SBI answers, never from the CPU model's name;
 * checks that need an absent feature are reported as skipped. Every group
 * starts and ends with all counters of the boot hart released.
 */
#include "pmu_tests.h"

int payload_main(void)
{
	struct sbiret ret = sbi_probe_extension(SBI_EXT_PMU);

	TEST_ASSERT(platform.fdt_ok, "a1 at entry points to a valid FDT");
	test_boot_counters();	/* first: before any PMU call */
	if (!test_report(!ret.error && ret.value,
			 "probe_extension(0x504D55) returned 0",
			 "the PMU extension is present"))
		return 0;
	pmu_env_init();
	if (!test_report(pmu.num > 0, "no counters", "num_counters > 0"))
		return 0;

	test_info();
	test_nostop();
	test_match();
	test_fw_events();
	test_start_stop();
	test_fw_read();
	test_snapshot();
	test_abi();
	test_linux();
	test_event_info();
	test_hw_count();
	test_filters();
	test_fw_count();
	test_suspend();
	test_overflow();
	test_testdev();
	/* last: uses the other harts, a hang there costs the least */
	test_fw_count_smp();
	/* after it: the worker hart then keeps its snapshot memory */
	test_linux_hotplug();
	return 0;
}
