/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * COUNTER_CONFIG_MATCHING (FID 2): flags, counter sets, events.
 *
 * Error choice (SBI v3.0 "PMU Counter Config Match Errors"): INVALID_PARAM
 * is "set of counters has at least one invalid counter or the given flag
 * parameter has a reserved bit set"; everything about the event (unknown
 * types and codes, reserved event_idx bits, reserved event_data) can only
 * be NOT_SUPPORTED, "none of the counters can monitor the specified event".
 */
#include "pmu_tests.h"

static unsigned long full_mask(void)
{
	return mask_from(0, pmu.valid);
}

static unsigned long fw_mask(void)
{
	return mask_from(0, pmu.fw);
}

/* Allocate @event over and over on @set until it fails; check each. */
static void test_exhaust(unsigned long event, uint64_t set, uint64_t expect,
			 bool have_expect)
{
	uint64_t got = 0;
	long c, err = 0;
	int n, bad = 0;

	for (n = 0; n < PMU_MAX_CTRS; n++) {
		c = ctr_match(0, mask_from(0, set), 0, event, 0, &err);
		if (c == NO_CTR)
			break;
		/* index 1 is the time slot, unless firmware counters start at 0 */
		if (c < 0 || c >= PMU_MAX_CTRS || !((set >> c) & 1) ||
		    ((got >> c) & 1) || (c == 1 && !ctr_is_fw(1)))
			bad++;
		else
			got |= 1ULL << c;
	}
	test_report(!bad, "a counter outside the set, twice, or the time slot",
		    "repeated cfg_match(%s) on 0x%llx: distinct counters of the set, never the time slot",
		    event_name(event), (unsigned long long)set);
	TEST_SBI_ERR((struct sbiret){ err, 0 }, SBI_ERR_NOT_SUPPORTED,
		     "cfg_match(%s) once the set is used up -> NOT_SUPPORTED",
		     event_name(event));
	if (have_expect)
		TEST_EQ(got, expect,
			"cfg_match(%s) handed out exactly the counters that can count it",
			event_name(event));
	ctr_release_all();
}

static void test_allocation(void)
{
	uint64_t ctrs;
	bool dt;

	if (pmu.cycle != NO_CTR) {
		dt = dt_event_counters(EV_CYCLES, &ctrs);
		test_exhaust(EV_CYCLES, pmu.valid, ctrs, dt);
	}
	if (pmu.instret != NO_CTR) {
		dt = dt_event_counters(EV_INSTRET, &ctrs);
		test_exhaust(EV_INSTRET, pmu.valid, ctrs, dt);
	}
	test_exhaust(EV_FW(PMU_FW_SET_TIMER), pmu.valid, pmu.fw, true);
}

static void test_basic(void)
{
	long c;

	if (pmu.cycle != NO_CTR) {
		c = match_check(0, full_mask(), 0, EV_CYCLES, 0, "on all");
		TEST_ASSERT(ctr_is_hw(c), "CPU_CYCLES got a hardware counter");
		ctr_release(c);
		c = match_check(pmu.cycle, 1, 0, EV_CYCLES, 0, "on cycle");
		TEST_EQ(c, pmu.cycle, "CPU_CYCLES on {cycle} is the cycle counter");
		ctr_release(c);
	}
	if (pmu.instret != NO_CTR) {
		c = match_check(pmu.instret, 1, 0, EV_INSTRET, 0,
				"on instret");
		TEST_EQ(c, pmu.instret,
			"INSTRUCTIONS on {instret} is the instret counter");
		ctr_release(c);
	}
	if (pmu.hpm) {
		c = match_check(0, mask_from(0, pmu.hpm), 0, EV_INSTRET, 0,
				"on hpmcounters");
		TEST_ASSERT((pmu.hpm >> c) & 1,
			    "INSTRUCTIONS on the hpmcounters got an hpmcounter");
		ctr_release(c);
	}
	c = match_check(0, fw_mask(), 0, EV_FW(PMU_FW_SET_TIMER), 0,
			"on firmware counters");
	TEST_ASSERT(ctr_is_fw(c), "SET_TIMER got a firmware counter");
	ctr_release(c);
}

/* The first counter of a set, whatever else the set holds. */
static void test_skip_match(void)
{
	long f, g, c;

	f = match_check(0, fw_mask(), 0, EV_FW(PMU_FW_SET_TIMER), 0,
			"(to reconfigure)");
	if (f == NO_CTR)
		return;
	c = match_check(f, 1, PMU_CFG_SKIP_MATCH, EV_FW(PMU_FW_SET_TIMER), 0,
			"SKIP_MATCH on itself");
	TEST_EQ(c, f, "SKIP_MATCH returns the first counter of the set");
	/* a set of two: the first one, even though it is mapped */
	g = pmu.fw & ~(1ULL << f) ? bit_lowest(pmu.fw & ~((2ULL << f) - 1)) :
				    NO_CTR;
	if (g > f && g - f < 64) {
		c = match_check(f, 1UL | (1UL << (g - f)), PMU_CFG_SKIP_MATCH,
				EV_FW(PMU_FW_FENCE_I_SENT), 0,
				"SKIP_MATCH on two counters");
		TEST_EQ(c, f, "SKIP_MATCH on {%ld, %ld} returns %ld", f, g, f);
		/*
		 * it now counts FENCE_I_SENT, not SET_TIMER (a fence to self:
		 * counted once whether a firmware counts per target or per
		 * request)
		 */
		TEST_SBI_OK(sbi_pmu_counter_start(f, 1, PMU_START_SET_INIT_VALUE,
						  0), "start(%ld) from 0", f);
		sbi_set_timer(~0UL);
		sbi_remote_fence_i(1, pmu.self);
		sbi_pmu_counter_stop(f, 1, 0);
		TEST_EQ(ctr_value(f), 1,
			"after SKIP_MATCH to FENCE_I_SENT: one fence counted, the set_timer not");
	}
	ctr_release_all();

	if (pmu.instret != NO_CTR) {
		c = match_check(pmu.instret, 1, 0, EV_INSTRET, 0, "");
		c = match_check(pmu.instret, 1, PMU_CFG_SKIP_MATCH, EV_INSTRET,
				0, "SKIP_MATCH again");
		TEST_EQ(c, pmu.instret,
			"SKIP_MATCH on {instret} returns the instret counter");
		ctr_release_all();
	}
	/* Linux's legacy user-access mode: SKIP_MATCH on a free fixed counter */
	if (pmu.cycle != NO_CTR)
		match_check(pmu.cycle, 1, PMU_CFG_SKIP_MATCH, EV_CYCLES, 0,
			    "SKIP_MATCH on the free cycle counter");
	if (pmu.instret != NO_CTR)
		match_check(pmu.instret, 1, PMU_CFG_SKIP_MATCH, EV_INSTRET, 0,
			    "SKIP_MATCH on the free instret counter");
	ctr_release_all();
}

static void test_clear_value(void)
{
	long f, h, c;
	unsigned long v = 0;

	f = match_check(0, fw_mask(), 0, EV_FW(PMU_FW_SET_TIMER), 0, "");
	if (f != NO_CTR) {
		sbi_pmu_counter_start(f, 1, PMU_START_SET_INIT_VALUE, 1234);
		sbi_pmu_counter_stop(f, 1, 0);
		TEST_EQ(ctr_value(f), 1234, "firmware counter %ld holds 1234", f);
		c = ctr_match(f, 1, PMU_CFG_SKIP_MATCH, EV_FW(PMU_FW_SET_TIMER),
			      0, NULL);
		TEST_EQ(ctr_value(f), 1234,
			"SKIP_MATCH without CLEAR_VALUE keeps the value (counter %ld)",
			c);
		c = ctr_match(f, 1, PMU_CFG_SKIP_MATCH | PMU_CFG_CLEAR_VALUE,
			      EV_FW(PMU_FW_SET_TIMER), 0, NULL);
		TEST_EQ(c, f, "SKIP_MATCH|CLEAR_VALUE on firmware counter %ld", f);
		TEST_EQ(ctr_value(f), 0, "CLEAR_VALUE zeroes firmware counter %ld",
			f);
		ctr_release_all();
	}

	h = pmu.instret != NO_CTR ? pmu.instret : NO_CTR;
	if (h == NO_CTR)
		return;
	h = match_check(h, 1, 0, EV_INSTRET, 0, "");
	if (h == NO_CTR)
		return;
	sbi_pmu_counter_start(h, 1, PMU_START_SET_INIT_VALUE, 0x12345678);
	sbi_pmu_counter_stop(h, 1, 0);
	ctr_csr_read(h, &v);
	test_report(v >= 0x12345678 && v < 0x12345678 + 100000, NULL,
		    "hardware counter %ld started at 0x12345678 holds 0x%lx", h,
		    v);
	c = ctr_match(h, 1, PMU_CFG_SKIP_MATCH | PMU_CFG_CLEAR_VALUE,
		      EV_INSTRET, 0, NULL);
	v = ~0UL;
	ctr_csr_read(h, &v);	/* before reporting: see below */
	TEST_EQ(c, h, "SKIP_MATCH|CLEAR_VALUE on hardware counter %ld", h);
	/* one that cannot stop has counted the return from the call */
	if (!ctr_stops(h))
		test_report(v < 1000, NULL,
			    "CLEAR_VALUE zeroes hardware counter %ld, which runs on (0x%lx)",
			    h, v);
	else
		TEST_EQ(v, 0, "CLEAR_VALUE zeroes the stopped hardware counter %ld",
			h);
	ctr_release_all();
}

static void test_auto_start(void)
{
	struct sbiret ret;
	unsigned long a = 0, b = 0;
	long f, h;
	int i;

	f = match_check(0, fw_mask(), PMU_CFG_AUTO_START | PMU_CFG_CLEAR_VALUE,
			EV_FW(PMU_FW_SET_TIMER), 0, "AUTO_START|CLEAR_VALUE");
	if (f != NO_CTR) {
		for (i = 0; i < 3; i++)
			sbi_set_timer(~0UL);
		TEST_EQ(ctr_value(f), 3,
			"AUTO_START: the counter counts 3 set_timer calls at once");
		TEST_SBI_ERR(sbi_pmu_counter_start(f, 1, 0, 0),
			     SBI_ERR_ALREADY_STARTED,
			     "start(%ld) after AUTO_START -> ALREADY_STARTED", f);
		TEST_SBI_OK(sbi_pmu_counter_stop(f, 1, 0),
			    "stop(%ld) after AUTO_START", f);
		sbi_pmu_counter_start(f, 1, PMU_START_SET_INIT_VALUE, 500);
		sbi_pmu_counter_stop(f, 1, 0);
		ret = sbi_pmu_counter_cfg_match(f, 1, PMU_CFG_SKIP_MATCH |
						PMU_CFG_AUTO_START,
						EV_FW(PMU_FW_SET_TIMER), 0);
		TEST_SBI_OK(ret, "SKIP_MATCH|AUTO_START on counter %ld", f);
		TEST_EQ(ctr_value(f), 500,
			"AUTO_START has no impact on the counter value");
		sbi_set_timer(~0UL);
		TEST_EQ(ctr_value(f), 501, "and the counter then counts");
		ctr_release_all();
	}

	if (pmu.instret == NO_CTR)
		return;
	h = match_check(pmu.instret, 1, PMU_CFG_AUTO_START, EV_INSTRET, 0,
			"AUTO_START");
	if (h == NO_CTR)
		return;
	ctr_csr_read(h, &a);
	for (i = 0; i < 100; i++)
		asm volatile("nop");
	ctr_csr_read(h, &b);
	test_report(b - a >= 100 && b - a < 1000, NULL,
		    "AUTO_START: instret counter %ld grew by %lu over 100 nops",
		    h, b - a);
	TEST_SBI_ERR(sbi_pmu_counter_start(h, 1, 0, 0), SBI_ERR_ALREADY_STARTED,
		     "start(%ld) after AUTO_START -> ALREADY_STARTED", h);
	ctr_release_all();
}

/*
 * A set of one fixed counter. With Smcntrpmf it honours every hint; without,
 * it cannot keep any mode out, so a request to filter S or U (VS/VU with H)
 * must not get it (docs/delegation.md), while MINH alone is forced anyway.
 */
static void fixed_alone(long ctr, unsigned long event, unsigned long flag,
			const char *name)
{
	unsigned long filt = PMU_CFG_SET_SINH | PMU_CFG_SET_UINH;
	long c;

	if (pmu.hyp)
		filt |= PMU_CFG_SET_VSINH | PMU_CFG_SET_VUINH;
	/* the test platform's device filters every counter (testdev.c) */
	if (!pmu.smcntrpmf && !pmu.testdev && (flag & filt)) {
		match_expect(ctr, 1, flag, event, 0, SBI_ERR_NOT_SUPPORTED,
			     "fixed counter without Smcntrpmf, filter asked");
		return;
	}
	c = match_check(ctr, 1, flag, event, 0, name);
	ctr_release(c);
}

/*
 * cycles or instructions with @flag on the whole set: counted, unless only
 * cycle and instret could count them (no hpmcounter) and fixed_alone()
 * says they refuse the filter.
 */
static void whole_set(unsigned long event, unsigned long flag,
		      const char *name)
{
	unsigned long filt = PMU_CFG_SET_SINH | PMU_CFG_SET_UINH;
	long c;

	if (pmu.hyp)
		filt |= PMU_CFG_SET_VSINH | PMU_CFG_SET_VUINH;
	if (!pmu.hpm && !pmu.smcntrpmf && !pmu.testdev && (flag & filt)) {
		match_expect(0, full_mask(), flag, event, 0,
			     SBI_ERR_NOT_SUPPORTED,
			     "no hpmcounter, fixed counters without Smcntrpmf, filter asked");
		return;
	}
	c = match_check(0, full_mask(), flag, event, 0, name);
	ctr_release(c);
}

/* Filter flags are hints: they may be ignored, never refused. */
static void test_inhibit_hints(void)
{
	static const struct {
		unsigned long flag;
		const char *name;
	} hints[] = {
		{ PMU_CFG_SET_VUINH, "VUINH" },
		{ PMU_CFG_SET_VSINH, "VSINH" },
		{ PMU_CFG_SET_UINH, "UINH" },
		{ PMU_CFG_SET_SINH, "SINH" },
		{ PMU_CFG_SET_MINH, "MINH" },
		{ PMU_CFG_INH_MASK, "all five" },
	};
	unsigned int i;
	long c;

	for (i = 0; i < ARRAY_SIZE(hints); i++) {
		if (pmu.cycle != NO_CTR)
			whole_set(EV_CYCLES, hints[i].flag, hints[i].name);
		if (pmu.instret != NO_CTR)
			whole_set(EV_INSTRET, hints[i].flag, hints[i].name);
		c = match_check(0, full_mask(), hints[i].flag,
				EV_FW(PMU_FW_SET_TIMER), 0, hints[i].name);
		ctr_release(c);
		if (pmu.cycle != NO_CTR)
			fixed_alone(pmu.cycle, EV_CYCLES, hints[i].flag,
				    hints[i].name);
		if (pmu.instret != NO_CTR)
			fixed_alone(pmu.instret, EV_INSTRET, hints[i].flag,
				    hints[i].name);
	}
}

static void test_reserved_flags(void)
{
	static const unsigned long bad[] = {
		1UL << 8, 1UL << 31, BIT(XLEN - 1), 0xff00, ~0UL,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		match_expect(0, full_mask(), bad[i], EV_FW(PMU_FW_SET_TIMER), 0,
			     SBI_ERR_INVALID_PARAM, "reserved flag bits");
		if (pmu.cycle != NO_CTR)
			match_expect(0, full_mask(), bad[i] | PMU_CFG_AUTO_START,
				     EV_CYCLES, 0, SBI_ERR_INVALID_PARAM,
				     "reserved flag bits");
	}
	TEST_ASSERT(fw_none_mapped(),
		    "the refused calls mapped no firmware counter");
}

static void test_bad_sets(void)
{
	unsigned long n = pmu.num, ev = EV_FW(PMU_FW_SET_TIMER);
	long i;

	match_expect(0, 0, 0, ev, 0, SBI_ERR_INVALID_PARAM, "empty mask");
	match_expect(pmu.fw_first, 0, 0, ev, 0, SBI_ERR_INVALID_PARAM,
		     "empty mask");
	if (n < XLEN) {
		match_expect(0, 1UL << n, 0, ev, 0, SBI_ERR_INVALID_PARAM,
			     "bit num_counters");
		match_expect(0, full_mask() | (1UL << n), 0, ev, 0,
			     SBI_ERR_INVALID_PARAM, "all + bit num_counters");
	} else {
		test_skip("num_counters >= XLEN: a mask from base 0 ends before it",
			  "bit num_counters");
	}
	match_expect(n - 1, 3, 0, ev, 0, SBI_ERR_INVALID_PARAM,
		     "last counter + one past");
	match_expect(n - 1, 1UL | (BIT(XLEN - 1)), 0, ev, 0,
		     SBI_ERR_INVALID_PARAM, "last counter + bit 63");
	if (pmu.fw_first + (long)XLEN > (long)n)
		match_expect(pmu.fw_first, ~0UL, 0, ev, 0,
			     SBI_ERR_INVALID_PARAM, "all-ones mask");
	else
		test_skip("the XLEN counters from the first firmware one all exist",
			  "all-ones mask");
	match_expect(n, 1, 0, ev, 0, SBI_ERR_INVALID_PARAM,
		     "base = num_counters");
	match_expect(64, 1, 0, ev, 0, SBI_ERR_INVALID_PARAM, "base 64");
	match_expect(4096, 1, 0, ev, 0, SBI_ERR_INVALID_PARAM, "base 4096");
	match_expect(BIT(XLEN - 1), 1, 0, ev, 0, SBI_ERR_INVALID_PARAM,
		     "base 2^63");
	match_expect(~0UL, 1, 0, ev, 0, SBI_ERR_INVALID_PARAM, "base ~0");
	match_expect(~0UL, 2, 0, ev, 0, SBI_ERR_INVALID_PARAM,
		     "base ~0, bit 1 (wraps to 0)");
	match_expect(-64UL, BIT(XLEN - 1), 0, ev, 0, SBI_ERR_INVALID_PARAM,
		     "base -64, bit 63 (wraps)");
	match_expect(~0UL, 1, PMU_CFG_SKIP_MATCH, ev, 0, SBI_ERR_INVALID_PARAM,
		     "SKIP_MATCH at base ~0");
	/* every index that get_info refuses is invalid in a set too */
	for (i = 0; i < (long)n && i < PMU_MAX_CTRS; i++) {
		if (ctr_valid(i))
			continue;
		match_expect(i, 1, 0, ev, 0, SBI_ERR_INVALID_PARAM,
			     "invalid counter");
		match_expect(i, 1, PMU_CFG_SKIP_MATCH, EV_CYCLES, 0,
			     SBI_ERR_INVALID_PARAM, "invalid counter");
		match_expect(0, full_mask() | (1UL << i), 0, ev, 0,
			     SBI_ERR_INVALID_PARAM, "all + an invalid counter");
	}
	TEST_ASSERT(fw_none_mapped(),
		    "the refused calls mapped no firmware counter");
}

static void test_cannot_count(void)
{
	unsigned long fw = fw_mask(), hw = mask_from(0, pmu.hw);

	if (pmu.instret != NO_CTR)
		match_expect(pmu.instret, 1, 0, EV_CYCLES, 0,
			     SBI_ERR_NOT_SUPPORTED, "cycles on {instret}");
	if (pmu.cycle != NO_CTR)
		match_expect(pmu.cycle, 1, 0, EV_INSTRET, 0,
			     SBI_ERR_NOT_SUPPORTED, "instructions on {cycle}");
	if (pmu.cycle != NO_CTR)
		match_expect(0, fw, 0, EV_CYCLES, 0, SBI_ERR_NOT_SUPPORTED,
			     "cycles on firmware counters");
	if (hw)
		match_expect(0, hw, 0, EV_FW(PMU_FW_SET_TIMER), 0,
			     SBI_ERR_NOT_SUPPORTED,
			     "a firmware event on hardware counters");
	/* cycle and instret have no event selector for a raw event */
	if (pmu.instret != NO_CTR) {
		match_expect(pmu.instret, 1, 0, PMU_EVIDX(PMU_EV_TYPE_RAW, 0),
			     2, SBI_ERR_NOT_SUPPORTED, "raw event on {instret}");
		match_expect(pmu.instret, 1, 0,
			     PMU_EVIDX(PMU_EV_TYPE_RAW_V2, 0), 2,
			     SBI_ERR_NOT_SUPPORTED, "raw v2 event on {instret}");
	}
	if (pmu.cycle != NO_CTR)
		match_expect(pmu.cycle, 1, 0, PMU_EVIDX(PMU_EV_TYPE_RAW_V2, 0),
			     1, SBI_ERR_NOT_SUPPORTED, "raw v2 event on {cycle}");
}

static void test_bad_events(void)
{
	unsigned long all = full_mask(), t;
	const void *raw;
	uint32_t len;

	for (t = 4; t <= 14; t++) {
		match_expect(0, all, 0, PMU_EVIDX(t, 0), 0,
			     SBI_ERR_NOT_SUPPORTED, "reserved type");
		match_expect(0, all, 0, PMU_EVIDX(t, 1), 0,
			     SBI_ERR_NOT_SUPPORTED, "reserved type");
	}
	match_expect(0, all, 0, EV_HW(PMU_HW_NO_EVENT), 0,
		     SBI_ERR_NOT_SUPPORTED, "NO_EVENT");
	match_expect(0, all, 0, EV_HW(11), 0, SBI_ERR_NOT_SUPPORTED,
		     "general code 11");
	match_expect(0, all, 0, EV_HW(0xffff), 0, SBI_ERR_NOT_SUPPORTED,
		     "general code 0xffff");
	match_expect(0, all, 0, EV_CYCLES, 1, SBI_ERR_NOT_SUPPORTED,
		     "reserved event_data");
	match_expect(0, all, 0, EV_INSTRET, 1ULL << 63, SBI_ERR_NOT_SUPPORTED,
		     "reserved event_data");
	match_expect(0, all, 0, EV_CACHE(PMU_CACHE_CODE(PMU_CACHE_L1D, 3, 0)),
		     0, SBI_ERR_NOT_SUPPORTED, "cache op 3");
	match_expect(0, all, 0, EV_CACHE(PMU_CACHE_CODE(PMU_CACHE_DTLB, 3, 1)),
		     0, SBI_ERR_NOT_SUPPORTED, "cache op 3");
	match_expect(0, all, 0, EV_CACHE(PMU_CACHE_CODE(7, 0, 0)), 0,
		     SBI_ERR_NOT_SUPPORTED, "cache id 7");
	match_expect(0, all, 0, EV_CACHE(0xffff), 0, SBI_ERR_NOT_SUPPORTED,
		     "cache code 0xffff");
	match_expect(0, all, 0, PMU_EVIDX(PMU_EV_TYPE_RAW, 1), 0,
		     SBI_ERR_NOT_SUPPORTED, "raw with code 1");
	match_expect(0, all, 0, PMU_EVIDX(PMU_EV_TYPE_RAW_V2, 1), 0,
		     SBI_ERR_NOT_SUPPORTED, "raw v2 with code 1");
	raw = dt_pmu_prop("riscv,raw-event-to-mhpmcounters", &len);
	if (pmu.dt_pmu_emptied)
		test_skip("the firmware took the riscv,pmu tables out of the DT",
			  "raw events without a DT raw map");
	else if (!raw) {
		match_expect(0, all, 0, PMU_EVIDX(PMU_EV_TYPE_RAW, 0), 0x1,
			     SBI_ERR_NOT_SUPPORTED, "raw without a DT raw map");
		match_expect(0, all, 0, PMU_EVIDX(PMU_EV_TYPE_RAW_V2, 0), 0x1,
			     SBI_ERR_NOT_SUPPORTED,
			     "raw v2 without a DT raw map");
	}
	match_expect(0, all, 0, EV_FW(PMU_FW_STD_MAX), 0,
		     SBI_ERR_NOT_SUPPORTED, "reserved firmware code 22");
	match_expect(0, all, 0, EV_FW(100), 0, SBI_ERR_NOT_SUPPORTED,
		     "reserved firmware code 100");
	match_expect(0, all, 0, EV_FW(255), 0, SBI_ERR_NOT_SUPPORTED,
		     "reserved firmware code 255");
	match_expect(0, all, 0, EV_FW(PMU_FW_SET_TIMER), 1,
		     SBI_ERR_NOT_SUPPORTED, "reserved event_data");
	match_expect(0, all, 0, EV_FW(PMU_FW_SET_TIMER) | (1UL << 20), 0,
		     SBI_ERR_NOT_SUPPORTED, "event_idx bit 20");
	match_expect(0, all, 0, EV_FW(PMU_FW_SET_TIMER) | (BIT(XLEN - 1)), 0,
		     SBI_ERR_NOT_SUPPORTED, "event_idx bit 63");
	if (XLEN > 32)
		match_expect(0, all, 0, EV_CYCLES | BIT(32), 0,
			     SBI_ERR_NOT_SUPPORTED, "event_idx bit 32");
	else
		test_skip("RV32: event_idx has no bit 32", "event_idx bit 32");
	TEST_ASSERT(fw_none_mapped(),
		    "the refused calls mapped no firmware counter");
}

/* Only counters that are not started may be picked. */
static void test_started_excluded(void)
{
	long f, g;

	f = match_check(0, fw_mask(), PMU_CFG_AUTO_START,
			EV_FW(PMU_FW_SET_TIMER), 0, "AUTO_START");
	if (f == NO_CTR)
		return;
	match_expect(f, 1, 0, EV_FW(PMU_FW_SET_TIMER), 0,
		     SBI_ERR_NOT_SUPPORTED, "only a started counter");
	g = bit_lowest(pmu.fw & ~((2ULL << f) - 1));
	if (g > f && g - f < 64) {
		long c = match_check(f, 1UL | (1UL << (g - f)), 0,
				     EV_FW(PMU_FW_SET_TIMER), 0,
				     "started + free");
		TEST_EQ(c, g, "the free counter %ld, not the started %ld", g, f);
	}
	ctr_release_all();
}

void test_match(void)
{
	ctr_release_all();
	test_basic();
	test_allocation();
	test_skip_match();
	test_clear_value();
	test_auto_start();
	test_inhibit_hints();
	test_reserved_flags();
	test_bad_sets();
	test_cannot_count();
	test_bad_events();
	test_started_excluded();
	ctr_release_all();
}
