/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware events (type 0xf) on firmware counters: every SBI code, all of
 * them at once, implementation and platform events, and counter sets with
 * a non-zero counter_idx_base.
 */
#include "pmu_tests.h"

static unsigned long fw_mask(void)
{
	return mask_from(0, pmu.fw);
}

/*
 * Every SBI firmware event on the firmware counters, and again on a
 * one-counter set at a non-zero counter_idx_base (the last firmware
 * counters first), where the answer can only be that counter.
 */
static void test_each_code(void)
{
	long last = bit_highest(pmu.fw), c, base;
	unsigned long code;

	for (code = 0; code < PMU_FW_STD_MAX; code++) {
		c = match_check(0, fw_mask(), 0, EV_FW(code), 0,
				"on firmware counters");
		if (c != NO_CTR)
			TEST_ASSERT(ctr_is_fw(c), "%s got a firmware counter",
				    event_name(EV_FW(code)));
		ctr_release(c);
		base = last - (long)code;
		if (!ctr_is_fw(base))
			continue;
		c = match_check(base, 1, 0, EV_FW(code), 0,
				"on one counter at a non-zero base");
		ctr_release(c);
	}
}

/* All 22 at once, each on its own counter. */
static void test_all_codes(void)
{
	uint64_t got = 0;
	unsigned long code;
	long c, err;
	int bad = 0;

	if (bit_count(pmu.fw) < PMU_FW_STD_MAX) {
		test_skip("fewer than 22 firmware counters",
			  "all 22 firmware events configured at once");
		return;
	}
	for (code = 0; code < PMU_FW_STD_MAX; code++) {
		c = ctr_match(0, mask_from(0, pmu.valid), 0, EV_FW(code), 0,
			      &err);
		if (c == NO_CTR || !ctr_is_fw(c) || ((got >> c) & 1)) {
			test_diag("code %lu: counter %ld error %s", code, c,
				  sbi_err_name(err));
			bad++;
		} else {
			got |= 1ULL << c;
		}
	}
	test_report(!bad, "see the lines above",
		    "all 22 firmware events at once get 22 distinct firmware counters");
	ctr_release_all();
}

/* cfg_match must answer NOT_SUPPORTED and map nothing. */
static void refused(unsigned long base, unsigned long mask,
		    unsigned long flags, unsigned long code, uint64_t data,
		    const char *what)
{
	struct sbiret ret = sbi_pmu_counter_cfg_match(base, mask, flags,
						      EV_FW(code), data);

	TEST_SBI_ERR(ret, SBI_ERR_NOT_SUPPORTED,
		     "cfg_match(%lu, 0x%lx, 0x%lx, firmware code %lu, data 0x%llx): %s",
		     base, mask, flags, code, (unsigned long long)data, what);
	if (!ret.error)
		ctr_release(ret.value);
}

/*
 * Implementation-specific codes 256..65534: neither Tally nor OpenSBI has
 * any. SBI_PMU_FW_PLATFORM: only the OpenSBI test platform's device has
 * events (testdev.c counts them); every other encoding, and every encoding
 * elsewhere, is refused, AUTO_START and SKIP_MATCH included.
 */
static void test_impl_and_platform(void)
{
	static const unsigned long impl[] = { 256, 257, 1000, 0x8000, 65534 };
	static const uint64_t pdata[] = {
		0, 1, 0x1234, 0x5678, TESTDEV_EV_ENABLE_IRQ, TESTDEV_EV_DENY,
		TESTDEV_EV_DENY + 1, 1ULL << 63, ~0ULL,
	};
	long last = bit_highest(pmu.fw);
	unsigned long all = mask_from(0, pmu.valid);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(impl); i++) {
		refused(0, all, 0, impl[i], 0, "implementation specific");
		refused(0, all, PMU_CFG_AUTO_START | PMU_CFG_CLEAR_VALUE,
			impl[i], 0, "implementation specific, AUTO_START");
		refused(last, 1, PMU_CFG_SKIP_MATCH, impl[i], 0,
			"implementation specific, SKIP_MATCH");
	}
	for (i = 0; i < ARRAY_SIZE(pdata); i++) {
		if (testdev_event(pdata[i]))
			continue;
		refused(0, all, 0, PMU_FW_PLATFORM, pdata[i],
			"no such platform event");
		refused(last, 1, PMU_CFG_AUTO_START, PMU_FW_PLATFORM, pdata[i],
			"no such platform event, AUTO_START");
		refused(last, 1, PMU_CFG_SKIP_MATCH, PMU_FW_PLATFORM, pdata[i],
			"no such platform event, SKIP_MATCH");
	}
	TEST_ASSERT(fw_none_mapped(),
		    "refused firmware events left no firmware counter mapped");
	TEST_SBI_ERR(sbi_pmu_counter_fw_read(last), SBI_ERR_INVALID_PARAM,
		     "fw_read(%ld): nothing to read from a refused event", last);
}

/*
 * Counter sets that start at a non-zero base: match, start, read and stop
 * must all use base + bit, never bit alone.
 */
static void test_nonzero_base(void)
{
	long f0 = pmu.fw_first, c[3], last;
	unsigned long base, mask;
	int i, n = 0;

	if (f0 == NO_CTR)
		return;
	last = bit_highest(pmu.fw);
	c[0] = match_check(f0, 1, 0, EV_FW(PMU_FW_SET_TIMER), 0,
			   "base = first firmware counter");
	TEST_EQ(c[0], f0, "the set {%ld} gives counter %ld", f0, f0);
	ctr_release_all();
	if (f0 > 0) {
		c[0] = match_check(f0 - 1, 2, 0, EV_FW(PMU_FW_SET_TIMER), 0,
				   "base one below, bit 1");
		TEST_EQ(c[0], f0, "base %ld bit 1 is counter %ld", f0 - 1, f0);
		ctr_release_all();
	}
	c[0] = match_check(last, 1, 0, EV_FW(PMU_FW_SET_TIMER), 0,
			   "base = last counter");
	TEST_EQ(c[0], last, "the set {%ld} gives counter %ld", last, last);
	TEST_SBI_OK(sbi_pmu_counter_start(last, 1, PMU_START_SET_INIT_VALUE, 7),
		    "start(%ld, 1, SET_INIT_VALUE, 7)", last);
	sbi_set_timer(~0UL);
	TEST_SBI_OK(sbi_pmu_counter_stop(last, 1, 0), "stop(%ld, 1)", last);
	TEST_EQ(sbi_pmu_counter_fw_read(last).value, 8,
		"the last firmware counter counted one set_timer");
	ctr_release_all();

	/* three counters from base f0 + 2: bits 0, 2, 4 */
	base = f0 + 2;
	mask = 0x15;
	if (((pmu.fw >> base) & mask) != mask) {
		test_skip("too few firmware counters", "three counters at base %lu",
			  base);
		return;
	}
	for (i = 0; i < 3; i++) {
		c[i] = match_check(base, mask, 0, EV_FW(PMU_FW_SET_TIMER), 0,
				   "base f0+2, bits 0,2,4");
		if (c[i] != NO_CTR)
			n++;
	}
	if (n != 3)
		goto out;
	TEST_SBI_OK(sbi_pmu_counter_start(base, mask, 0, 0),
		    "start(%lu, 0x%lx) of three firmware counters", base, mask);
	sbi_set_timer(~0UL);
	sbi_set_timer(~0UL);
	TEST_SBI_OK(sbi_pmu_counter_stop(base, mask, 0),
		    "stop(%lu, 0x%lx) of three firmware counters", base, mask);
	for (i = 0; i < 3; i++)
		TEST_EQ(sbi_pmu_counter_fw_read(base + 2 * i).value, 2,
			"fw_read(%lu) counted both set_timer calls", base + 2 * i);
	TEST_SBI_ERR(sbi_pmu_counter_stop(base, mask, 0),
		     SBI_ERR_ALREADY_STOPPED,
		     "stop(%lu, 0x%lx) again -> ALREADY_STOPPED", base, mask);
	check_err2(sbi_pmu_counter_stop(base, mask, PMU_STOP_RESET),
		   SBI_SUCCESS, SBI_ERR_ALREADY_STOPPED,
		   "stop(%lu, 0x%lx, RESET) of the stopped three", base, mask);
	TEST_SBI_ERR(sbi_pmu_counter_fw_read(base), SBI_ERR_INVALID_PARAM,
		     "fw_read(%lu) after RESET -> INVALID_PARAM", base);
out:
	ctr_release_all();
}

void test_fw_events(void)
{
	if (!pmu.fw) {
		test_skip("no firmware counters", "firmware events");
		return;
	}
	ctr_release_all();
	test_each_code();
	test_all_codes();
	test_impl_and_platform();
	test_nonzero_base();
	ctr_release_all();
}
