/* SPDX-License-Identifier: BSD-2-Clause */
/* Tests of lib/pmu/pmu_fw.c: firmware counters and pmu_fw_event_inc(). */
#include "pmu_test.h"

static void all_22_events_at_once(void)
{
	unsigned long idx[PMU_FW_STD_MAX], v;
	unsigned int e, k;

	env_setup(&cfg_full, MAP_DEFAULT);
	for (e = 0; e < PMU_FW_STD_MAX; e++) {
		UT_EQ(cfg_match(0, (1UL << num_counters()) - 1 - 2, PMU_CFG_AUTO_START |
				PMU_CFG_CLEAR_VALUE, EV_FW(e), 0, &idx[e]), 0);
		UT_EQ(idx[e], FW(e));
	}
	/* event e happens e + 1 times */
	for (e = 0; e < PMU_FW_STD_MAX; e++)
		for (k = 0; k <= e; k++)
			pmu_fw_event_inc(H, e);
	for (e = 0; e < PMU_FW_STD_MAX; e++) {
		UT_EQ(fw_read(idx[e], &v), 0);
		UT_EQ(v, e + 1);
	}
}

static void inc_counts_only_started_matching(void)
{
	unsigned long a, b, c, v;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(FW(0), 0xff, PMU_CFG_AUTO_START, EV_FW(PMU_FW_IPI_SENT),
			0, &a), 0);
	UT_EQ(cfg_match(FW(0), 0xff, PMU_CFG_AUTO_START, EV_FW(PMU_FW_IPI_SENT),
			0, &b), 0);
	UT_EQ(cfg_match(FW(0), 0xff, 0, EV_FW(PMU_FW_IPI_RECEIVED), 0, &c), 0);
	UT_TRUE(a != b);
	pmu_fw_event_inc(H, PMU_FW_IPI_SENT);
	pmu_fw_event_inc(H, PMU_FW_IPI_RECEIVED);	/* c not started */
	pmu_fw_event_inc(H, PMU_FW_SET_TIMER);
	UT_EQ(fw_read(a, &v), 0);
	UT_EQ(v, 1);
	UT_EQ(fw_read(b, &v), 0);
	UT_EQ(v, 1);	/* two counters on one event both count */
	UT_EQ(fw_read(c, &v), 0);
	UT_EQ(v, 0);
	UT_EQ(ctr_stop(a, 1, 0), 0);
	pmu_fw_event_inc(H, PMU_FW_IPI_SENT);
	UT_EQ(fw_read(a, &v), 0);
	UT_EQ(v, 1);
	UT_EQ(fw_read(b, &v), 0);
	UT_EQ(v, 2);
	UT_EQ(ctr_start(c, 1, PMU_START_SET_INIT_VALUE, 1000), 0);
	pmu_fw_event_inc(H, PMU_FW_IPI_RECEIVED);
	UT_EQ(fw_read(c, &v), 0);
	UT_EQ(v, 1001);
	/* out-of-range codes are ignored */
	pmu_fw_event_inc(H, 100000);
	pmu_fw_event_inc(H, PMU_FW_STD_MAX);
}

static void impl_and_platform_events(void)
{
	unsigned long i1, i2, p1, p2, v;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(FW(0), 0xff, PMU_CFG_AUTO_START, EV_FW(256), 0, &i1), 0);
	UT_EQ(cfg_match(FW(0), 0xff, PMU_CFG_AUTO_START, EV_FW(65534), 0, &i2),
	      0);
	UT_EQ(cfg_match(FW(0), 0xff, PMU_CFG_AUTO_START,
			EV_FW(PMU_FW_PLATFORM), 0xabcdef0123ULL, &p1), 0);
	UT_EQ(cfg_match(FW(0), 0xff, PMU_CFG_AUTO_START,
			EV_FW(PMU_FW_PLATFORM), 7, &p2), 0);
	pmu_fw_event_inc(H, 256);
	pmu_fw_event_inc(H, 256);
	pmu_fw_event_inc(H, 65534);
	pmu_fw_event_inc(H, 300);
	pmu_fw_event_inc(H, PMU_FW_PLATFORM);	/* needs its data */
	pmu_fw_platform_event_inc(H, 0xabcdef0123ULL);
	pmu_fw_platform_event_inc(H, 8);
	UT_EQ(fw_read(i1, &v), 0);
	UT_EQ(v, 2);
	UT_EQ(fw_read(i2, &v), 0);
	UT_EQ(v, 1);
	UT_EQ(fw_read(p1, &v), 0);
	UT_EQ(v, 1);
	UT_EQ(fw_read(p2, &v), 0);
	UT_EQ(v, 0);
}

/* Platform event data selects platform-event counters only */
static void platform_data_not_matched_on_other_events(void)
{
	unsigned long i1, s1, p1, v;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(FW(0), 0xff, PMU_CFG_AUTO_START, EV_FW(256), 0, &i1), 0);
	UT_EQ(cfg_match(FW(0), 0xff, PMU_CFG_AUTO_START, EV_FW(2), 0, &s1), 0);
	UT_EQ(cfg_match(FW(0), 0xff, PMU_CFG_AUTO_START,
			EV_FW(PMU_FW_PLATFORM), 0, &p1), 0);
	pmu_fw_platform_event_inc(H, 0);
	UT_EQ(fw_read(i1, &v), 0);
	UT_EQ(v, 0);
	UT_EQ(fw_read(s1, &v), 0);
	UT_EQ(v, 0);
	UT_EQ(fw_read(p1, &v), 0);
	UT_EQ(v, 1);
}

static void unsupported_fw_events(void)
{
	unsigned long idx;
	unsigned int code;

	env_setup(&cfg_full, MAP_DEFAULT);
	for (code = PMU_FW_STD_MAX; code < PMU_FW_IMPL_FIRST; code++)
		UT_EQ(cfg_match(FW(0), 0xff, 0, EV_FW(code), 0, &idx),
		      SBI_ERR_NOT_SUPPORTED);
	/* event_data is reserved for all but SBI_PMU_FW_PLATFORM */
	UT_EQ(cfg_match(FW(0), 0xff, 0, EV_FW(0), 1, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(FW(0), 0xff, 0, EV_FW(300), 1, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	/* hardware counters cannot count firmware events */
	UT_EQ(cfg_match(0, 0x7fffd, 0, EV_FW(0), 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(H->mapped, 0);
}

static void fw_read_errors(void)
{
	unsigned long idx, v;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(0, ALL_HPM, 0, EV_HW(3), 0, &idx), 0);
	UT_EQ(fw_read(idx, &v), SBI_ERR_INVALID_PARAM);	/* hardware */
	UT_EQ(fw_read(0, &v), SBI_ERR_INVALID_PARAM);
	UT_EQ(fw_read(1, &v), SBI_ERR_INVALID_PARAM);
	UT_EQ(fw_read(FW(0), &v), SBI_ERR_INVALID_PARAM);	/* unmapped */
	UT_EQ(fw_read((unsigned long)num_counters(), &v),
	      SBI_ERR_INVALID_PARAM);
	UT_EQ(fw_read(64, &v), SBI_ERR_INVALID_PARAM);
	UT_EQ(fw_read(~0UL, &v), SBI_ERR_INVALID_PARAM);
	UT_EQ(ecall6(SBI_EXT_PMU_COUNTER_FW_READ_HI, FW(0), 0, 0, 0, 0, 0, &v),
	      SBI_ERR_INVALID_PARAM);
	UT_EQ(ecall6(SBI_EXT_PMU_COUNTER_FW_READ_HI, idx, 0, 0, 0, 0, 0, &v),
	      SBI_ERR_INVALID_PARAM);
	/* mapped but never started: readable, 0 after CLEAR_VALUE */
	UT_EQ(cfg_match(FW(0), 1, PMU_CFG_CLEAR_VALUE, EV_FW(3), 0, &idx), 0);
	UT_EQ(fw_read(idx, &v), 0);
	UT_EQ(v, 0);
	/* released counters are unmapped again */
	UT_EQ(ctr_stop(idx, 1, PMU_STOP_RESET), 0);
	UT_EQ(fw_read(idx, &v), SBI_ERR_INVALID_PARAM);
}

static void fw_read_hi_is_zero_on_rv64(void)
{
	unsigned long idx, v;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(FW(0), 1, 0, EV_FW(5), 0, &idx), 0);
	UT_EQ(ctr_start(idx, 1, PMU_START_SET_INIT_VALUE,
			0x123456789abcdef0ULL), 0);
	pmu_fw_event_inc(H, 5);
	UT_EQ(fw_read(idx, &v), 0);
	UT_EQ(v, 0x123456789abcdef1ULL);
	UT_EQ(ecall6(SBI_EXT_PMU_COUNTER_FW_READ_HI, idx, 0, 0, 0, 0, 0, &v), 0);
	UT_EQ(v, 0);
}

static void fw_masks_with_nonzero_base(void)
{
	unsigned long idx, n;

	env_setup(&cfg_full, MAP_DEFAULT);
	n = (unsigned long)num_counters();
	UT_EQ(cfg_match(FW(5), 0x5, 0, EV_FW(1), 0, &idx), 0);
	UT_EQ(idx, FW(5));
	UT_EQ(cfg_match(FW(5), 0x5, 0, EV_FW(1), 0, &idx), 0);
	UT_EQ(idx, FW(7));
	UT_EQ(cfg_match(FW(5), 0x5, 0, EV_FW(1), 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(n - 1, 1, 0, EV_FW(1), 0, &idx), 0);
	UT_EQ(idx, n - 1);
	UT_EQ(cfg_match(n - 1, 2, 0, EV_FW(1), 0, &idx),
	      SBI_ERR_INVALID_PARAM);
	/* a mixed hardware + firmware set picks a firmware counter */
	UT_EQ(cfg_match(16, 0xff, 0, EV_FW(2), 0, &idx), 0);
	UT_EQ(idx, FW(0));
	UT_EQ(ctr_start(16, 0x8, 0, 0), 0);
	UT_EQ(ctr_stop(FW(5), 0x5, 0), SBI_ERR_ALREADY_STOPPED);
}

static void fw_counters_run_out(void)
{
	unsigned long idx;
	unsigned int j;

	env_setup(&cfg_full, MAP_DEFAULT);
	for (j = 0; j < PMU_FW_CTR_MAX; j++)
		UT_EQ(cfg_match(FW(0), 0xffffffffUL, 0, EV_FW(j % 22), 0, &idx),
		      0);
	UT_EQ(cfg_match(FW(0), 0xffffffffUL, 0, EV_FW(0), 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
}

static void fw_reconfigure_moves_bitmaps(void)
{
	unsigned long idx, v;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(FW(0), 1, PMU_CFG_AUTO_START, EV_FW(4), 0, &idx), 0);
	UT_EQ(ctr_stop(idx, 1, 0), 0);
	UT_EQ(cfg_match(FW(0), 1, PMU_CFG_SKIP_MATCH | PMU_CFG_CLEAR_VALUE |
			PMU_CFG_AUTO_START, EV_FW(400), 0, &idx), 0);
	pmu_fw_event_inc(H, 4);
	UT_EQ(fw_read(idx, &v), 0);
	UT_EQ(v, 0);
	pmu_fw_event_inc(H, 400);
	UT_EQ(fw_read(idx, &v), 0);
	UT_EQ(v, 1);
	UT_EQ(ctr_stop(idx, 1, PMU_STOP_RESET), 0);
	pmu_fw_event_inc(H, 400);
	UT_EQ(H->fw_value[0], 1);
	UT_EQ(H->fw_other_started, 0);
}

static void fw_clear_value_or_keep(void)
{
	unsigned long idx, v;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(FW(0), 1, PMU_CFG_AUTO_START, EV_FW(8), 0, &idx), 0);
	pmu_fw_event_inc(H, 8);
	pmu_fw_event_inc(H, 8);
	UT_EQ(ctr_stop(idx, 1, PMU_STOP_RESET), 0);
	/* a new binding keeps the value unless CLEAR_VALUE */
	UT_EQ(cfg_match(FW(0), 1, 0, EV_FW(9), 0, &idx), 0);
	UT_EQ(fw_read(idx, &v), 0);
	UT_EQ(v, 2);
	UT_EQ(ctr_stop(idx, 1, PMU_STOP_RESET), 0);
	UT_EQ(cfg_match(FW(0), 1, PMU_CFG_CLEAR_VALUE, EV_FW(9), 0, &idx), 0);
	UT_EQ(fw_read(idx, &v), 0);
	UT_EQ(v, 0);
}

static const struct ut_case cases[] = {
	UT_CASE(all_22_events_at_once),
	UT_CASE(inc_counts_only_started_matching),
	UT_CASE(impl_and_platform_events),
	UT_CASE(platform_data_not_matched_on_other_events),
	UT_CASE(unsupported_fw_events),
	UT_CASE(fw_read_errors),
	UT_CASE(fw_read_hi_is_zero_on_rv64),
	UT_CASE(fw_masks_with_nonzero_base),
	UT_CASE(fw_counters_run_out),
	UT_CASE(fw_reconfigure_moves_bitmaps),
	UT_CASE(fw_clear_value_or_keep),
};

void suite_fw(void)
{
	UT_SUITE("fw", cases);
}
