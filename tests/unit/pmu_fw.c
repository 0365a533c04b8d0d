/* SPDX-License-Identifier: BSD-2-Clause */
/* Tests of lib/pmu/pmu_fw.c: firmware counters and pmu_fw_event_inc(). */
#include "pmu_test.h"
#include "sim_plat.h"

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

/* Tally's firmware: no implementation-specific or platform events. */
static void impl_and_platform_refused(void)
{
	static const unsigned int impl[] = { 256, 257, 1000, 0x8000, 65534 };
	static const uint64_t pdata[] = { 0, 7, 0xabcdef0123ULL, SIM_PEV_ANY,
					  ~0ULL };
	unsigned long idx = 0x77, v;
	unsigned int i;

	env_setup(&cfg_full, MAP_DEFAULT);
	for (i = 0; i < sizeof(impl) / sizeof(impl[0]); i++) {
		UT_EQ(cfg_match(FW(0), 0xff, PMU_CFG_AUTO_START, EV_FW(impl[i]),
				0, &idx), SBI_ERR_NOT_SUPPORTED);
		UT_EQ(cfg_match(FW(3), 1, PMU_CFG_SKIP_MATCH, EV_FW(impl[i]), 0,
				&idx), SBI_ERR_NOT_SUPPORTED);
	}
	for (i = 0; i < sizeof(pdata) / sizeof(pdata[0]); i++) {
		UT_EQ(cfg_match(FW(0), 0xff, PMU_CFG_AUTO_START,
				EV_FW(PMU_FW_PLATFORM), pdata[i], &idx),
		      SBI_ERR_NOT_SUPPORTED);
		UT_EQ(cfg_match(FW(3), 1, PMU_CFG_SKIP_MATCH,
				EV_FW(PMU_FW_PLATFORM), pdata[i], &idx),
		      SBI_ERR_NOT_SUPPORTED);
	}
	UT_EQ(idx, 0);
	UT_EQ(H->mapped, 0);
	UT_EQ(sim_plat.calls_off, 0);
	/* nothing counts them, nothing else is counted for them */
	UT_EQ(cfg_match(FW(0), 1, PMU_CFG_AUTO_START | PMU_CFG_CLEAR_VALUE,
			EV_FW(0), 0, &idx), 0);
	pmu_fw_event_inc(H, 256);
	pmu_fw_event_inc(H, 65534);
	pmu_fw_event_inc(H, PMU_FW_PLATFORM);
	UT_EQ(fw_read(idx, &v), 0);
	UT_EQ(v, 0);
	UT_EQ(fw_read(FW(1), &v), SBI_ERR_INVALID_PARAM);
}

/* cfg_full plus a platform with firmware events of its own (sim_plat.h) */
static void env_platform(void)
{
	struct sim_cfg c = cfg_full;

	c.fw_platform = true;
	env_setup(&c, MAP_DEFAULT);
}

static void platform_event_counts(void)
{
	unsigned long p, s, v;

	env_platform();
	UT_EQ(cfg_match(FW(0), 0xff, PMU_CFG_CLEAR_VALUE,
			EV_FW(PMU_FW_PLATFORM), SIM_PEV_ANY, &p), 0);
	UT_EQ(p, FW(0));
	UT_EQ(sim_plat.writes, 1);	/* CLEAR_VALUE through the platform */
	UT_EQ(cfg_match(FW(0), 0xff, PMU_CFG_CLEAR_VALUE, EV_FW(4), 0, &s), 0);
	UT_EQ(s, FW(1));
	sim_plat_count(SIM_PEV_ANY, 5);		/* not started yet */
	UT_EQ(fw_read(p, &v), 0);
	UT_EQ(v, 0);
	/* one start of a platform and an SBI counter together */
	UT_EQ(ctr_start(p, 3, PMU_START_SET_INIT_VALUE, 40), 0);
	UT_TRUE(sim_plat.started[0]);
	UT_EQ(sim_plat.data[0], SIM_PEV_ANY);
	UT_EQ(sim_plat.value[0], 40);
	sim_plat_count(SIM_PEV_ANY, 2);
	sim_plat_count(SIM_PEV_ODD, 9);
	pmu_fw_event_inc(H, 4);
	pmu_fw_event_inc(H, PMU_FW_PLATFORM);	/* counts nothing */
	UT_EQ(fw_read(p, &v), 0);
	UT_EQ(v, 42);
	UT_EQ(fw_read(s, &v), 0);
	UT_EQ(v, 41);
	UT_EQ(ctr_start(p, 1, 0, 0), SBI_ERR_ALREADY_STARTED);
	UT_EQ(sim_plat.starts, 1);
	UT_EQ(ctr_stop(p, 3, 0), 0);
	UT_TRUE(!sim_plat.started[0]);
	sim_plat_count(SIM_PEV_ANY, 3);
	pmu_fw_event_inc(H, 4);
	UT_EQ(fw_read(p, &v), 0);
	UT_EQ(v, 42);
	UT_EQ(fw_read(s, &v), 0);
	UT_EQ(v, 41);
	UT_EQ(ctr_stop(p, 1, 0), SBI_ERR_ALREADY_STOPPED);
	UT_EQ(sim_plat.stops, 1);
	/* released: the counter is free again, reads refused */
	UT_EQ(ctr_stop(p, 1, PMU_STOP_RESET), 0);
	UT_EQ(fw_read(p, &v), SBI_ERR_INVALID_PARAM);
	UT_EQ(sim_plat.calls_off, 0);
}

static void platform_auto_start_and_second_counter(void)
{
	unsigned long a, b, v;

	env_platform();
	UT_EQ(cfg_match(FW(0), 0xff, PMU_CFG_AUTO_START | PMU_CFG_CLEAR_VALUE,
			EV_FW(PMU_FW_PLATFORM), SIM_PEV_ANY, &a), 0);
	UT_EQ(cfg_match(FW(0), 0xff, PMU_CFG_AUTO_START | PMU_CFG_CLEAR_VALUE,
			EV_FW(PMU_FW_PLATFORM), SIM_PEV_ANY, &b), 0);
	UT_EQ(a, FW(0));
	UT_EQ(b, FW(1));
	sim_plat_count(SIM_PEV_ANY, 6);
	UT_EQ(fw_read(a, &v), 0);
	UT_EQ(v, 6);
	UT_EQ(fw_read(b, &v), 0);
	UT_EQ(v, 6);
	UT_EQ(ctr_stop(a, 3, 0), 0);
	UT_EQ(sim_plat.stops, 2);
}

/* The platform decides which counters may count an event. */
static void platform_match_hook_decides(void)
{
	unsigned long idx = 0x77;

	env_platform();
	UT_EQ(cfg_match(FW(0), 1, 0, EV_FW(PMU_FW_PLATFORM), SIM_PEV_ODD, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(FW(0), 1, PMU_CFG_SKIP_MATCH, EV_FW(PMU_FW_PLATFORM),
			SIM_PEV_ODD, &idx), SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(FW(0), 0xf, 0, EV_FW(PMU_FW_PLATFORM), SIM_PEV_ODD,
			&idx), 0);
	UT_EQ(idx, FW(1));
	UT_EQ(cfg_match(FW(0), 0xf, 0, EV_FW(PMU_FW_PLATFORM), SIM_PEV_ODD,
			&idx), 0);
	UT_EQ(idx, FW(3));
	UT_EQ(cfg_match(FW(0), 0xf, 0, EV_FW(PMU_FW_PLATFORM), SIM_PEV_ODD,
			&idx), SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(FW(5), 1, PMU_CFG_SKIP_MATCH, EV_FW(PMU_FW_PLATFORM),
			SIM_PEV_ODD, &idx), 0);
	UT_EQ(idx, FW(5));
	UT_EQ(cfg_match(0, 0x7fffdUL, 0, EV_FW(PMU_FW_PLATFORM), SIM_PEV_ANY,
			&idx), SBI_ERR_NOT_SUPPORTED);	/* hardware counters */
	UT_EQ(cfg_match(FW(0), 0xff, 0, EV_FW(PMU_FW_PLATFORM), SIM_PEV_NONE,
			&idx), SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(FW(0), 0xff, 0, EV_FW(PMU_FW_PLATFORM),
			SIM_PEV_ANY + 0x100, &idx), SBI_ERR_NOT_SUPPORTED);
	UT_EQ(H->mapped, (1ULL << FW(1)) | (1ULL << FW(3)) | (1ULL << FW(5)));
}

/* A start the platform refuses: its error, the counter stays stopped. */
static void platform_refuses_start(void)
{
	unsigned long idx = 0x77, v;

	env_platform();
	UT_EQ(cfg_match(FW(0), 1, 0, EV_FW(PMU_FW_PLATFORM), SIM_PEV_DENY,
			&idx), 0);
	UT_EQ(cfg_match(FW(1), 1, 0, EV_FW(7), 0, &v), 0);
	UT_EQ(ctr_start(FW(0), 3, 0, 0), SBI_ERR_DENIED);
	UT_EQ(H->started, 1ULL << FW(1));	/* the other one started */
	UT_EQ(ctr_stop(FW(0), 1, 0), SBI_ERR_ALREADY_STOPPED);
	UT_EQ(sim_plat.stops, 0);
	/* AUTO_START refused: the counter is not kept either */
	UT_EQ(cfg_match(FW(2), 1, PMU_CFG_AUTO_START, EV_FW(PMU_FW_PLATFORM),
			SIM_PEV_DENY, &idx), SBI_ERR_DENIED);
	UT_EQ(fw_read(FW(2), &v), SBI_ERR_INVALID_PARAM);
	UT_EQ(H->mapped, (1ULL << FW(0)) | (1ULL << FW(1)));
}

/* A stop the platform refuses: its error, still started and mapped. */
static void platform_refuses_stop(void)
{
	unsigned long idx, v;

	env_platform();
	UT_EQ(cfg_match(FW(0), 1, PMU_CFG_AUTO_START, EV_FW(PMU_FW_PLATFORM),
			SIM_PEV_STUCK, &idx), 0);
	UT_EQ(cfg_match(FW(1), 1, PMU_CFG_AUTO_START, EV_FW(7), 0, &v), 0);
	UT_EQ(ctr_stop(FW(0), 3, PMU_STOP_RESET), SBI_ERR_DENIED);
	UT_EQ(H->started, 1ULL << FW(0));
	UT_EQ(H->mapped, 1ULL << FW(0));	/* the SBI one was released */
	UT_EQ(ctr_start(FW(0), 1, 0, 0), SBI_ERR_ALREADY_STARTED);
	sim_plat_count(SIM_PEV_STUCK, 4);
	UT_EQ(fw_read(FW(0), &v), 0);
	UT_EQ(v, 4);
}

/* Snapshot values of platform counters come from and go to the platform. */
static void platform_counters_in_snapshots(void)
{
	struct pmu_snapshot_area *s = sim_ram(SIM_SMEM);
	unsigned long idx, v;

	env_platform();
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	UT_EQ(cfg_match(FW(0), 1, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
			EV_FW(PMU_FW_PLATFORM), SIM_PEV_ANY, &idx), 0);
	sim_plat_count(SIM_PEV_ANY, 12);
	UT_EQ(ctr_stop(FW(0), 1, PMU_STOP_TAKE_SNAPSHOT), 0);
	UT_EQ(s->ctr_values[0], 12);
	s->ctr_values[0] = 500;
	UT_EQ(ctr_start(FW(0), 1, PMU_START_INIT_SNAPSHOT, 0), 0);
	UT_EQ(sim_plat.value[0], 500);
	sim_plat_count(SIM_PEV_ANY, 1);
	UT_EQ(fw_read(FW(0), &v), 0);
	UT_EQ(v, 501);
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
	UT_EQ(cfg_match(FW(0), 0xff, 0, EV_FW(PMU_FW_STD_MAX), 0, &idx),
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
			PMU_CFG_AUTO_START, EV_FW(9), 0, &idx), 0);
	pmu_fw_event_inc(H, 4);
	UT_EQ(fw_read(idx, &v), 0);
	UT_EQ(v, 0);
	pmu_fw_event_inc(H, 9);
	UT_EQ(fw_read(idx, &v), 0);
	UT_EQ(v, 1);
	UT_EQ(ctr_stop(idx, 1, PMU_STOP_RESET), 0);
	pmu_fw_event_inc(H, 9);
	UT_EQ(H->fw_value[0], 1);
	UT_EQ(H->fw_ev_started[4] | H->fw_ev_started[9], 0);
}

/* A counter moved from a platform event to an SBI one counts the latter. */
static void fw_reconfigure_platform_to_sbi(void)
{
	unsigned long idx, v;

	env_platform();
	UT_EQ(cfg_match(FW(0), 1, PMU_CFG_AUTO_START, EV_FW(PMU_FW_PLATFORM),
			SIM_PEV_ANY, &idx), 0);
	UT_EQ(ctr_stop(idx, 1, 0), 0);
	UT_EQ(cfg_match(FW(0), 1, PMU_CFG_SKIP_MATCH | PMU_CFG_CLEAR_VALUE |
			PMU_CFG_AUTO_START, EV_FW(9), 0, &idx), 0);
	UT_EQ(sim_plat.starts, 1);
	sim_plat_count(SIM_PEV_ANY, 3);
	pmu_fw_event_inc(H, 9);
	UT_EQ(fw_read(idx, &v), 0);
	UT_EQ(v, 1);
	UT_EQ(ctr_stop(idx, 1, 0), 0);
	UT_EQ(sim_plat.stops, 1);
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
	UT_CASE(impl_and_platform_refused),
	UT_CASE(platform_event_counts),
	UT_CASE(platform_auto_start_and_second_counter),
	UT_CASE(platform_match_hook_decides),
	UT_CASE(platform_refuses_start),
	UT_CASE(platform_refuses_stop),
	UT_CASE(platform_counters_in_snapshots),
	UT_CASE(unsupported_fw_events),
	UT_CASE(fw_read_errors),
	UT_CASE(fw_read_hi_is_zero_on_rv64),
	UT_CASE(fw_masks_with_nonzero_base),
	UT_CASE(fw_counters_run_out),
	UT_CASE(fw_reconfigure_moves_bitmaps),
	UT_CASE(fw_reconfigure_platform_to_sbi),
	UT_CASE(fw_clear_value_or_keep),
};

void suite_fw(void)
{
	UT_SUITE("fw", cases);
}
