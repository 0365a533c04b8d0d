/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * OpenSBI built with the test platform's PMU device (bootarg pmu.testdev,
 * platform/opensbi/pmu/testdev.c): every sbi_pmu_device hook must be called
 * where OpenSBI's own PMU calls it. The device's platform firmware events
 * count the calls of its hardware hooks, so a missing or extra call is a
 * wrong count. Elsewhere the group is skipped (fwevents.c checks that
 * platform events are refused there).
 */
#include "pmu_tests.h"

/* A platform event counter on the firmware counters, started, value 0. */
static long plat_ctr(uint64_t data)
{
	return match_check(0, mask_from(0, pmu.fw),
			   PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
			   EV_FW(PMU_FW_PLATFORM), data, "a platform event");
}

static unsigned long fw_value(long c)
{
	return sbi_pmu_counter_fw_read(c).value;
}

/*
 * cycle on counter c, stopped: a free cycle counter may run (OpenSBI lets
 * cycle and instret run from boot), and starting a running counter calls
 * no hook.
 */
static long cycle_stopped(void)
{
	long c = match_check(pmu.cycle, 1, 0, EV_CYCLES, 0, "cycles on cycle");

	if (c != NO_CTR)
		sbi_pmu_counter_stop(c, 1, 0);
	return c;
}

/* Start and stop hardware counter c n times. */
static void cycle_ctr(long c, unsigned int n)
{
	while (n--) {
		sbi_pmu_counter_start(c, 1, 0, 0);
		sbi_pmu_counter_stop(c, 1, 0);
	}
}

/*
 * The platform's counter: written (SET_INIT_VALUE), started, read, and
 * counting while started only: hw_counter_enable_irq once per start.
 */
static void test_counting(void)
{
	long p = plat_ctr(TESTDEV_EV_ENABLE_IRQ), c;

	if (p == NO_CTR)
		return;
	TEST_ASSERT(ctr_is_fw(p), "the platform event is on a firmware counter");
	TEST_EQ(fw_value(p), 0, "fw_read(%ld): CLEAR_VALUE wrote 0", p);
	TEST_SBI_OK(sbi_pmu_counter_stop(p, 1, 0), "stop(%ld)", p);
	TEST_SBI_OK(sbi_pmu_counter_start(p, 1, PMU_START_SET_INIT_VALUE, 100),
		    "start(%ld, SET_INIT_VALUE 100)", p);
	TEST_EQ(fw_value(p), 100, "fw_read(%ld): the platform took 100", p);
	c = cycle_stopped();
	cycle_ctr(c, 3);
	TEST_EQ(fw_value(p), 103,
		"three starts of counter %ld: three hw_counter_enable_irq", c);
	TEST_SBI_OK(sbi_pmu_counter_stop(p, 1, 0), "stop(%ld)", p);
	cycle_ctr(c, 2);
	TEST_EQ(fw_value(p), 103, "a stopped platform counter does not count");
	TEST_SBI_ERR(sbi_pmu_counter_stop(p, 1, 0), SBI_ERR_ALREADY_STOPPED,
		     "stop(%ld) again", p);
	ctr_release_all();
}

/*
 * hw_counter_disable_irq: after each stop; when config_matching programs
 * an hpmcounter; from OpenSBI 1.8 again when a start reprograms one. Never
 * for cycle's config_matching or start.
 */
static void test_disable_irq(void)
{
	long d = plat_ctr(TESTDEV_EV_DISABLE_IRQ), c;
	unsigned long want, base;

	if (d == NO_CTR)
		return;
	c = cycle_stopped();
	base = fw_value(d);
	TEST_ASSERT(base <= 1, "config_matching on cycle: no hw_counter_disable_irq");
	cycle_ctr(c, 2);
	TEST_EQ(fw_value(d), base + 2,
		"cycle: one hw_counter_disable_irq per stop");
	ctr_release(c);
	base = fw_value(d);
	if (!pmu.hpm) {
		test_skip("no hpmcounters", "hw_counter_disable_irq on an hpmcounter");
		goto out;
	}
	c = match_check(0, mask_from(0, pmu.hpm), 0, EV_CYCLES, 0,
			"cycles on an hpmcounter");
	if (c == NO_CTR)
		goto out;
	cycle_ctr(c, 1);
	want = base + 1 + 1 + (pmu.testdev >= 108);
	TEST_EQ(fw_value(d), want,
		"hpmcounter %ld: config_matching, start%s and stop call hw_counter_disable_irq",
		c, pmu.testdev >= 108 ? " (OpenSBI >= 1.8)" : "");
out:
	ctr_release_all();
}

/*
 * hw_counter_filter_mode(flags, counter): config_matching's flags for the
 * counter it chose, cycle and instret included; from OpenSBI 1.8 a start
 * of an hpmcounter passes its config_matching's filter flags again.
 */
static void test_filter_mode(void)
{
	long f = plat_ctr(TESTDEV_EV_FILTER), l, c;
	unsigned long flags = PMU_CFG_SET_UINH | PMU_CFG_CLEAR_VALUE;

	l = plat_ctr(TESTDEV_EV_FILTER_LAST);
	if (f == NO_CTR || l == NO_CTR)
		goto out;
	c = match_check(pmu.cycle, 1, PMU_CFG_SET_SINH, EV_CYCLES, 0,
			"cycles on cycle with SINH");
	TEST_EQ(fw_value(f), 1, "config_matching on cycle: one filter_mode");
	TEST_EQ(fw_value(l), (PMU_CFG_SET_SINH << 8) | (unsigned long)c,
		"filter_mode(SINH, %ld)", c);
	sbi_pmu_counter_stop(c, 1, 0);
	cycle_ctr(c, 1);
	TEST_EQ(fw_value(f), 1, "start and stop of cycle: no filter_mode");
	ctr_release(c);
	if (!pmu.hpm) {
		test_skip("no hpmcounters", "hw_counter_filter_mode on an hpmcounter");
		goto out;
	}
	c = match_check(0, mask_from(0, pmu.hpm), flags, EV_CYCLES, 0,
			"cycles on an hpmcounter with UINH");
	if (c == NO_CTR)
		goto out;
	TEST_EQ(fw_value(l), (flags << 8) | (unsigned long)c,
		"filter_mode(UINH | CLEAR_VALUE, %ld)", c);
	cycle_ctr(c, 1);
	if (pmu.testdev >= 108)
		TEST_EQ(fw_value(l), (PMU_CFG_SET_UINH << 8) | (unsigned long)c,
			"start: filter_mode(UINH, %ld) again (OpenSBI >= 1.8)", c);
	TEST_EQ(fw_value(f), 2 + (pmu.testdev >= 108),
		"filter_mode calls: config_matching%s",
		pmu.testdev >= 108 ? " and the start" : "");
out:
	ctr_release_all();
}

/* fw_counter_match_encoding decides; the device numbers 16 counters. */
static void test_match_hook(void)
{
	long f0 = pmu.fw_first, c;

	match_expect(f0, 1, 0, EV_FW(PMU_FW_PLATFORM), TESTDEV_EV_ODD,
		     SBI_ERR_NOT_SUPPORTED,
		     "the device refuses its counter 0 for the odd event");
	c = match_check(f0, 3, 0, EV_FW(PMU_FW_PLATFORM), TESTDEV_EV_ODD,
			"the odd event on counters 0 and 1 of the device");
	TEST_EQ(c, f0 + 1, "the odd event got the device's counter 1");
	if (ctr_is_fw(f0 + TESTDEV_FW_CTRS))
		match_expect(f0 + TESTDEV_FW_CTRS, 1, 0, EV_FW(PMU_FW_PLATFORM),
			     TESTDEV_EV_ENABLE_IRQ, SBI_ERR_NOT_SUPPORTED,
			     "no device counter behind firmware counter 16");
	ctr_release_all();
}

/* fw_counter_start's error is the start's; the counter stays stopped. */
static void test_start_refused(void)
{
	long c = match_check(0, mask_from(0, pmu.fw), 0,
			     EV_FW(PMU_FW_PLATFORM), TESTDEV_EV_DENY,
			     "the event the device will not start");

	if (c == NO_CTR)
		return;
	TEST_SBI_ERR(sbi_pmu_counter_start(c, 1, 0, 0), SBI_ERR_DENIED,
		     "start(%ld): the device's DENIED", c);
	TEST_SBI_ERR(sbi_pmu_counter_stop(c, 1, 0), SBI_ERR_ALREADY_STOPPED,
		     "stop(%ld): it never started", c);
	ctr_release_all();
	match_expect(0, mask_from(0, pmu.fw), PMU_CFG_AUTO_START,
		     EV_FW(PMU_FW_PLATFORM), TESTDEV_EV_DENY, SBI_ERR_DENIED,
		     "AUTO_START of the event the device will not start");
	TEST_ASSERT(fw_none_mapped(), "the refused AUTO_START kept no counter");
}

/* fw_counter_width: every firmware counter is as wide as the device says. */
static void test_width(void)
{
	struct sbiret ret = sbi_pmu_counter_get_info(pmu.fw_first);

	TEST_SBI_OK(ret, "get_info(%d)", pmu.fw_first);
	TEST_EQ((ret.value & PMU_CTR_INFO_WIDTH_MASK) >> PMU_CTR_INFO_WIDTH_SHIFT,
		TESTDEV_WIDTH - 1,
		"firmware counter %d: the device's width %d (field %d)",
		pmu.fw_first, TESTDEV_WIDTH, TESTDEV_WIDTH - 1);
}

void test_testdev(void)
{
	if (!pmu.testdev) {
		test_skip("no test platform device (OpenSBI check build only)",
			  "the platform PMU device's hooks");
		return;
	}
	if (pmu.fw_first == NO_CTR || pmu.cycle == NO_CTR) {
		test_skip("no firmware counters or no cycle counter",
			  "the platform PMU device's hooks");
		return;
	}
	ctr_release_all();
	test_counting();
	test_disable_irq();
	test_filter_mode();
	test_match_hook();
	test_start_refused();
	test_width();
}
