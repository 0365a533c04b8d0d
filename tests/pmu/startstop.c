/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * COUNTER_START (FID 3), COUNTER_STOP (FID 4), COUNTER_FW_READ (FID 5)
 * and COUNTER_FW_READ_HI (FID 6). Firmware counters on SET_TIMER give
 * exact values: every sbi_set_timer() is one event.
 */
#include "pmu_tests.h"

static long fw_timer_ctr(void)
{
	return match_check(0, mask_from(0, pmu.fw), 0, EV_FW(PMU_FW_SET_TIMER),
			   0, "(SET_TIMER)");
}

static void tick(void)
{
	sbi_set_timer(~0UL);
}

static void test_start_unmapped(void)
{
	if (pmu.fw_first != NO_CTR)
		TEST_SBI_ERR(sbi_pmu_counter_start(pmu.fw_first, 1, 0, 0),
			     SBI_ERR_INVALID_PARAM,
			     "start(%d) of an unmapped firmware counter",
			     pmu.fw_first);
	if (pmu.instret != NO_CTR)
		TEST_SBI_ERR(sbi_pmu_counter_start(pmu.instret, 1,
						   PMU_START_SET_INIT_VALUE, 5),
			     SBI_ERR_INVALID_PARAM,
			     "start(%d) of an unmapped hardware counter",
			     pmu.instret);
	TEST_SBI_ERR(sbi_pmu_counter_start(0, 0, 0, 0), SBI_ERR_INVALID_PARAM,
		     "start(0, 0): empty mask");
	TEST_SBI_ERR(sbi_pmu_counter_start(pmu.num, 1, 0, 0),
		     SBI_ERR_INVALID_PARAM, "start(num_counters, 1)");
	TEST_SBI_ERR(sbi_pmu_counter_start(~0UL, 1, 0, 0),
		     SBI_ERR_INVALID_PARAM, "start(~0, 1)");
	TEST_SBI_ERR(sbi_pmu_counter_stop(0, 0, 0), SBI_ERR_INVALID_PARAM,
		     "stop(0, 0): empty mask");
	TEST_SBI_ERR(sbi_pmu_counter_stop(pmu.num, 1, 0),
		     SBI_ERR_INVALID_PARAM, "stop(num_counters, 1)");
	TEST_SBI_ERR(sbi_pmu_counter_stop(4096, 1, PMU_STOP_RESET),
		     SBI_ERR_INVALID_PARAM, "stop(4096, 1, RESET)");
	if (!ctr_valid(1)) {
		TEST_SBI_ERR(sbi_pmu_counter_start(1, 1, 0, 0),
			     SBI_ERR_INVALID_PARAM, "start(1, 1): the time slot");
		TEST_SBI_ERR(sbi_pmu_counter_stop(1, 1, 0),
			     SBI_ERR_INVALID_PARAM, "stop(1, 1): the time slot");
	}
	if (pmu.fw_first != NO_CTR)
		TEST_SBI_ERR(sbi_pmu_counter_stop(pmu.fw_first, 1, 0),
			     SBI_ERR_ALREADY_STOPPED,
			     "stop(%d) of an unmapped counter: not running",
			     pmu.fw_first);
}

static void test_fw_start_stop(void)
{
	long f = fw_timer_ctr();
	unsigned long v;

	if (f == NO_CTR)
		return;
	TEST_SBI_OK(sbi_pmu_counter_start(f, 1, PMU_START_SET_INIT_VALUE, 100),
		    "start(%ld, SET_INIT_VALUE, 100)", f);
	TEST_EQ(ctr_value(f), 100, "SET_INIT_VALUE sets the value to 100");
	tick();
	TEST_EQ(ctr_value(f), 101, "one set_timer counted");
	TEST_SBI_ERR(sbi_pmu_counter_start(f, 1, 0, 0), SBI_ERR_ALREADY_STARTED,
		     "start(%ld) again -> ALREADY_STARTED", f);
	tick();
	TEST_EQ(ctr_value(f), 102, "still counting after ALREADY_STARTED");
	TEST_SBI_OK(sbi_pmu_counter_stop(f, 1, 0), "stop(%ld)", f);
	tick();
	TEST_EQ(ctr_value(f), 102, "a stopped counter does not count");
	TEST_SBI_ERR(sbi_pmu_counter_stop(f, 1, 0), SBI_ERR_ALREADY_STOPPED,
		     "stop(%ld) again -> ALREADY_STOPPED", f);

	/* without SET_INIT_VALUE counting resumes from the value */
	TEST_SBI_OK(sbi_pmu_counter_start(f, 1, 0, 777),
		    "start(%ld) without flags (initial_value 777 ignored)", f);
	TEST_EQ(ctr_value(f), 102, "start without SET_INIT_VALUE keeps the value");
	tick();
	TEST_EQ(ctr_value(f), 103, "and counts on");

	/* reserved stop flags: refused, counter untouched */
	TEST_SBI_ERR(sbi_pmu_counter_stop(f, 1, 1UL << 2),
		     SBI_ERR_INVALID_PARAM, "stop(%ld, flags bit 2)", f);
	TEST_SBI_ERR(sbi_pmu_counter_stop(f, 1, BIT(XLEN - 1) | PMU_STOP_RESET),
		     SBI_ERR_INVALID_PARAM, "stop(%ld, RESET | bit 63)", f);
	tick();
	TEST_EQ(ctr_value(f), 104, "the refused stops left it counting");
	TEST_SBI_OK(sbi_pmu_counter_stop(f, 1, 0), "stop(%ld)", f);

	/* reserved start flags: refused, counter untouched */
	TEST_SBI_ERR(sbi_pmu_counter_start(f, 1, 1UL << 2, 0),
		     SBI_ERR_INVALID_PARAM, "start(%ld, flags bit 2)", f);
	TEST_SBI_ERR(sbi_pmu_counter_start(f, 1, PMU_START_SET_INIT_VALUE |
					   BIT(XLEN - 1), 5),
		     SBI_ERR_INVALID_PARAM, "start(%ld, SET_INIT_VALUE | bit 63)",
		     f);
	tick();
	v = ctr_value(f);
	TEST_EQ(v, 104, "the refused starts neither started nor set it");
	TEST_SBI_OK(sbi_pmu_counter_start(f, 1, 0, 0),
		    "start(%ld) after the refused ones", f);

	/* RESET of a started counter releases it */
	TEST_SBI_OK(sbi_pmu_counter_stop(f, 1, PMU_STOP_RESET),
		    "stop(%ld, RESET) of a started counter", f);
	TEST_SBI_ERR(sbi_pmu_counter_start(f, 1, 0, 0), SBI_ERR_INVALID_PARAM,
		     "start(%ld) after RESET -> INVALID_PARAM (unmapped)", f);
	TEST_SBI_ERR(sbi_pmu_counter_fw_read(f), SBI_ERR_INVALID_PARAM,
		     "fw_read(%ld) after RESET -> INVALID_PARAM", f);
	TEST_EQ(ctr_match(f, 1, 0, EV_FW(PMU_FW_SET_TIMER), 0, NULL), f,
		"counter %ld can be matched again after RESET", f);
	ctr_release_all();
}

/* RESET releases a mapping that was never started. */
static void test_reset_unstarted(void)
{
	long f = fw_timer_ctr(), h;

	if (f != NO_CTR) {
		TEST_SBI_OK(sbi_pmu_counter_stop(f, 1, PMU_STOP_RESET),
			    "stop(%ld, RESET) of a never started counter releases it",
			    f);
		TEST_SBI_ERR(sbi_pmu_counter_start(f, 1, 0, 0),
			     SBI_ERR_INVALID_PARAM,
			     "start(%ld) after that RESET -> INVALID_PARAM", f);
		TEST_SBI_ERR(sbi_pmu_counter_fw_read(f), SBI_ERR_INVALID_PARAM,
			     "fw_read(%ld) after that RESET -> INVALID_PARAM",
			     f);
		f = fw_timer_ctr();
		TEST_SBI_ERR(sbi_pmu_counter_stop(f, 1, 0),
			     SBI_ERR_ALREADY_STOPPED,
			     "stop(%ld) of a never started counter -> ALREADY_STOPPED",
			     f);
		TEST_SBI_OK(sbi_pmu_counter_fw_read(f),
			    "fw_read(%ld): still mapped after a plain stop", f);
	}
	ctr_release_all();
	if (pmu.instret == NO_CTR)
		return;
	h = match_check(pmu.instret, 1, 0, EV_INSTRET, 0, "");
	if (h == NO_CTR)
		return;
	TEST_SBI_OK(sbi_pmu_counter_stop(h, 1, PMU_STOP_RESET),
		    "stop(%ld, RESET) of a never started hardware counter releases it",
		    h);
	TEST_SBI_ERR(sbi_pmu_counter_start(h, 1, 0, 0), SBI_ERR_INVALID_PARAM,
		     "start(%ld) after that RESET -> INVALID_PARAM", h);
	ctr_release_all();
}

/*
 * Sets where some counters are started and some are not: the error is
 * decided by the spec; that the others were started / stopped all the same
 * is this PMU's choice (Linux stops "all used counters" in one call).
 */
static void test_mixed_sets(void)
{
	long a = fw_timer_ctr(), b = fw_timer_ctr();
	unsigned long base, mask;

	if (a == NO_CTR || b == NO_CTR || a == b)
		goto out;
	base = a < b ? a : b;
	mask = (1UL << (a - base)) | (1UL << (b - base));
	TEST_SBI_OK(sbi_pmu_counter_start(a, 1, 0, 0), "start(%ld)", a);
	TEST_SBI_ERR(sbi_pmu_counter_start(base, mask, 0, 0),
		     SBI_ERR_ALREADY_STARTED,
		     "start(%lu, 0x%lx) with %ld already started", base, mask,
		     a);
	TEST_SBI_OK(sbi_pmu_counter_stop(a, 1, 0), "stop(%ld)", a);
	TEST_SBI_OK(sbi_pmu_counter_stop(b, 1, 0),
		    "stop(%ld): the refused start started it all the same", b);
	TEST_SBI_OK(sbi_pmu_counter_start(b, 1, 0, 0), "start(%ld)", b);
	TEST_SBI_ERR(sbi_pmu_counter_stop(base, mask, 0),
		     SBI_ERR_ALREADY_STOPPED,
		     "stop(%lu, 0x%lx) with %ld already stopped", base, mask,
		     a);
	TEST_SBI_ERR(sbi_pmu_counter_stop(b, 1, 0), SBI_ERR_ALREADY_STOPPED,
		     "stop(%ld): the refused stop stopped it all the same", b);
out:
	ctr_release_all();
}

static void test_hw_start_stop(void)
{
	unsigned long v = 0, w = 0, x = 0;
	struct sbiret ret;
	long h;
	int i;

	if (pmu.instret == NO_CTR)
		return;
	h = match_check(0, mask_from(0, pmu.hw), 0, EV_INSTRET, 0,
			"on hardware counters");
	if (h == NO_CTR)
		return;
	/* read before reporting: printing costs the firmware's console */
	ret = sbi_pmu_counter_start(h, 1, PMU_START_SET_INIT_VALUE, 1000000);
	ctr_csr_read(h, &v);
	TEST_SBI_OK(ret, "start(%ld, SET_INIT_VALUE, 1000000)", h);
	test_report(v >= 1000000 && v < 1000000 + 5000, NULL,
		    "hardware counter %ld reads 0x%lx just after start at 1000000",
		    h, v);
	TEST_SBI_OK(sbi_pmu_counter_stop(h, 1, 0), "stop(%ld)", h);
	ctr_csr_read(h, &v);
	for (i = 0; i < 50; i++)
		asm volatile("nop");
	ctr_csr_read(h, &w);
	if (ctr_stops(h))
		TEST_EQ(w, v, "a stopped hardware counter (%ld) does not move",
			h);
	else	/* nostop.c: it runs on, and the start loads nothing */
		test_report(w > v, NULL,
			    "hardware counter %ld cannot stop: it runs on (0x%lx, 0x%lx)",
			    h, v, w);
	if (!ctr_stops(h))
		ctr_csr_read(h, &w);	/* after the report's console output */
	ret = sbi_pmu_counter_start(h, 1, 0, 0);
	ctr_csr_read(h, &x);
	TEST_SBI_OK(ret, "start(%ld) without SET_INIT_VALUE", h);
	test_report(x >= w && x - w < 5000, NULL,
		    "counting resumes from 0x%lx (read 0x%lx)", w, x);
	TEST_SBI_ERR(sbi_pmu_counter_start(h, 1, PMU_START_SET_INIT_VALUE, 0),
		     SBI_ERR_ALREADY_STARTED, "start(%ld) again", h);
	TEST_SBI_OK(sbi_pmu_counter_stop(h, 1, PMU_STOP_RESET),
		    "stop(%ld, RESET)", h);
	TEST_SBI_ERR(sbi_pmu_counter_stop(h, 1, 0), SBI_ERR_ALREADY_STOPPED,
		     "stop(%ld) after RESET", h);
	ctr_release_all();
}

void test_start_stop(void)
{
	ctr_release_all();
	test_start_unmapped();
	if (pmu.fw) {
		test_fw_start_stop();
		test_reset_unstarted();
		test_mixed_sets();
	}
	test_hw_start_stop();
	ctr_release_all();
}

void test_fw_read(void)
{
	static const unsigned long bad[] = { 1, 64, 4096, ~0UL };
	unsigned int i;
	long c, f;

	ctr_release_all();
	for (c = 0; c < PMU_MAX_CTRS; c++) {
		if (!ctr_is_hw(c))
			continue;
		TEST_SBI_ERR(sbi_pmu_counter_fw_read(c), SBI_ERR_INVALID_PARAM,
			     "fw_read(%ld) of a hardware counter", c);
		TEST_SBI_ERR(sbi_pmu_counter_fw_read_hi(c),
			     SBI_ERR_INVALID_PARAM,
			     "fw_read_hi(%ld) of a hardware counter", c);
	}
	if (pmu.instret != NO_CTR) {
		c = match_check(pmu.instret, 1, PMU_CFG_AUTO_START, EV_INSTRET,
				0, "");
		if (c != NO_CTR)
			TEST_SBI_ERR(sbi_pmu_counter_fw_read(c),
				     SBI_ERR_INVALID_PARAM,
				     "fw_read(%ld) of a started hardware counter",
				     c);
		ctr_release_all();
	}
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		if (ctr_valid(bad[i]))
			continue;
		TEST_SBI_ERR(sbi_pmu_counter_fw_read(bad[i]),
			     SBI_ERR_INVALID_PARAM, "fw_read(0x%lx)", bad[i]);
		TEST_SBI_ERR(sbi_pmu_counter_fw_read_hi(bad[i]),
			     SBI_ERR_INVALID_PARAM, "fw_read_hi(0x%lx)", bad[i]);
	}
	TEST_SBI_ERR(sbi_pmu_counter_fw_read(pmu.num), SBI_ERR_INVALID_PARAM,
		     "fw_read(num_counters)");
	f = pmu.fw_first;
	if (f == NO_CTR)
		return;
	TEST_SBI_ERR(sbi_pmu_counter_fw_read(f), SBI_ERR_INVALID_PARAM,
		     "fw_read(%ld) of an unmapped firmware counter", f);
	TEST_SBI_ERR(sbi_pmu_counter_fw_read_hi(f), SBI_ERR_INVALID_PARAM,
		     "fw_read_hi(%ld) of an unmapped firmware counter", f);

	f = fw_timer_ctr();
	if (f == NO_CTR)
		return;
	TEST_SBI_OK(sbi_pmu_counter_start(f, 1, PMU_START_SET_INIT_VALUE,
					  0x123456789ULL),
		    "start(%ld, SET_INIT_VALUE, 0x123456789)", f);
	/* RV64: all 64 bits, fw_read_hi 0; RV32: bits 31..0, then 63..32 */
	TEST_EQ(sbi_pmu_counter_fw_read(f).value,
		(unsigned long)0x123456789ULL,
		"fw_read(%ld) returns bits XLEN-1..0", f);
	TEST_SBI_OK(sbi_pmu_counter_fw_read_hi(f), "fw_read_hi(%ld)", f);
	TEST_EQ(sbi_pmu_counter_fw_read_hi(f).value, XLEN == 32 ? 1UL : 0UL,
		"fw_read_hi(%ld) is bits 63..32 on RV32, 0 on RV64", f);
	sbi_pmu_counter_stop(f, 1, 0);
	TEST_SBI_OK(sbi_pmu_counter_fw_read(f), "fw_read(%ld) of a stopped counter",
		    f);
	sbi_pmu_counter_start(f, 1, PMU_START_SET_INIT_VALUE, ~0UL);
	tick();
	TEST_EQ(sbi_pmu_counter_fw_read(f).value, 0,
		"a firmware counter at 2^64-1 wraps to 0 on the next event");
	ctr_release_all();
}
