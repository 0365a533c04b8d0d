/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Tests of lib/pmu/pmu_counters.c (with the argument checks of
 * pmu_ecall.c): config_matching, start, stop.
 */
#include <pmu/pmu_host.h>
#include "pmu_test.h"
#include "sim_plat.h"

#define CYC	EV_HW(PMU_HW_CPU_CYCLES)
#define INS	EV_HW(PMU_HW_INSTRUCTIONS)
#define REFS	EV_HW(PMU_HW_CACHE_REFERENCES)
/* the TLB refills QEMU counts (0x10019, 0x1001b, 0x10021) */
#define DTLB_RD_MISS	EV_CACHE(PMU_CACHE_DTLB, PMU_CACHE_OP_READ, \
				 PMU_CACHE_RESULT_MISS)
#define DTLB_WR_MISS	EV_CACHE(PMU_CACHE_DTLB, PMU_CACHE_OP_WRITE, \
				 PMU_CACHE_RESULT_MISS)
#define ITLB_RD_MISS	EV_CACHE(PMU_CACHE_ITLB, PMU_CACHE_OP_READ, \
				 PMU_CACHE_RESULT_MISS)
/* every hardware counter of cfg_full: Linux's cmask */
#define ALL_HW	0x7fffdUL

static void match_reserved_flags(void)
{
	unsigned long idx;
	unsigned int bit;

	env_setup(&cfg_full, MAP_DEFAULT);
	for (bit = 8; bit < 64; bit++)
		UT_EQ(cfg_match(0, ALL_HPM, 1UL << bit, REFS, 0, &idx),
		      SBI_ERR_INVALID_PARAM);
	UT_EQ(H->mapped, 0);
}

static void match_bad_counter_sets(void)
{
	unsigned long idx, n;

	env_setup(&cfg_full, MAP_DEFAULT);
	n = (unsigned long)num_counters();
	UT_EQ(cfg_match(0, 0, 0, REFS, 0, &idx), SBI_ERR_INVALID_PARAM);
	UT_EQ(cfg_match(n, 1, 0, EV_FW(0), 0, &idx), SBI_ERR_INVALID_PARAM);
	UT_EQ(cfg_match(~0UL, 1, 0, EV_FW(0), 0, &idx), SBI_ERR_INVALID_PARAM);
	UT_EQ(cfg_match(4096, 1, 0, EV_FW(0), 0, &idx), SBI_ERR_INVALID_PARAM);
	/* base + highest bit one past the last counter */
	UT_EQ(cfg_match(n - 2, 0x4, 0, EV_FW(0), 0, &idx),
	      SBI_ERR_INVALID_PARAM);
	UT_EQ(cfg_match(n - 2, 0x3, 0, EV_FW(0), 0, &idx), 0);
	UT_EQ(idx, n - 2);
	/* masks that would shift past XLEN */
	UT_EQ(cfg_match(1, 1UL << 63, 0, EV_FW(0), 0, &idx),
	      SBI_ERR_INVALID_PARAM);
	UT_EQ(cfg_match(3, ~0UL, 0, EV_FW(0), 0, &idx), SBI_ERR_INVALID_PARAM);
	UT_EQ(cfg_match(0, ~0UL, 0, EV_FW(0), 0, &idx), SBI_ERR_INVALID_PARAM);
	/* the time slot and absent counters are not counters */
	UT_EQ(cfg_match(0, 0x7, 0, CYC, 0, &idx), SBI_ERR_INVALID_PARAM);
	UT_EQ(cfg_match(1, 1, 0, CYC, 0, &idx), SBI_ERR_INVALID_PARAM);
	UT_EQ(H->mapped, 1ULL << (n - 2));
}

static void match_absent_counter_in_set(void)
{
	struct sim_cfg c = cfg_full;
	unsigned long idx;

	c.hpm_mask = (1U << 3) | (1U << 5);
	env_setup(&c, MAP_DEFAULT);
	UT_EQ(cfg_match(3, 0x7, 0, REFS, 0, &idx), SBI_ERR_INVALID_PARAM);
	UT_EQ(cfg_match(3, 0x5, 0, REFS, 0, &idx), 0);
}

static void match_not_supported(void)
{
	unsigned long idx;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(0, 0x7fffd, 0, EV_HW(PMU_HW_BUS_CYCLES), 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x7fffd, 0, EV_HW(PMU_HW_NO_EVENT), 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x7fffd, 0, EV_HW(11), 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x7fffd, 0, REFS | (1UL << 20), 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x7fffd, 0, ~0UL, 0, &idx), SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x7fffd, 0, PMU_EVIDX(4, 0), 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	/* event_data is reserved for general and cache events */
	UT_EQ(cfg_match(0, 0x7fffd, 0, REFS, 1, &idx), SBI_ERR_NOT_SUPPORTED);
	/* a set with no counter able to count it */
	UT_EQ(cfg_match(0, 0x5, 0, REFS, 0, &idx), SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(PLAT->hw_slots, 0xff, 0, CYC, 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x7fffd, 0, EV_FW(0), 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(H->mapped, 0);
}

/* Every (base, mask) up to 8 bits wide: the exact answer for each */
static void match_index_inside_set(void)
{
	unsigned long idx, base, mask;

	env_setup(&cfg_full, MAP_DEFAULT);
	for (base = 0; base < 19; base++) {
		for (mask = 1; mask < 0x100; mask = mask * 3 + 1) {
			uint64_t set = (uint64_t)mask << base;
			uint64_t hpm = set & ALL_HPM;
			long want = (set & 0x2) ? SBI_ERR_INVALID_PARAM :
				    hpm ? 0 : SBI_ERR_NOT_SUPPORTED;
			long r = cfg_match(base, mask, 0, REFS, 0, &idx);

			UT_EQ(r, want);
			if (r)
				continue;
			/* the lowest free hpm counter of the set */
			UT_EQ(idx, (unsigned long)__builtin_ctzll(hpm));
			UT_EQ(ctr_stop(idx, 1, PMU_STOP_RESET), 0);
		}
	}
	UT_EQ(cfg_match(5, 0x14, 0, REFS, 0, &idx), 0);
	UT_EQ(idx, 7);
	UT_EQ(cfg_match(5, 0x14, 0, REFS, 0, &idx), 0);
	UT_EQ(idx, 9);
	UT_EQ(cfg_match(5, 0x14, 0, REFS, 0, &idx), SBI_ERR_NOT_SUPPORTED);
}

static void match_skips_mapped_and_shares_events(void)
{
	unsigned long idx, i;

	env_setup(&cfg_full, MAP_DEFAULT);
	/* all 16 programmable counters can count the same event */
	for (i = 3; i <= 18; i++) {
		UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
		UT_EQ(idx, i);
	}
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), SBI_ERR_NOT_SUPPORTED);
	/* a stop without RESET keeps the mapping */
	UT_EQ(ctr_stop(9, 1, 0), SBI_ERR_ALREADY_STOPPED);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), SBI_ERR_NOT_SUPPORTED);
	UT_EQ(ctr_stop(9, 1, PMU_STOP_RESET), 0);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(idx, 9);
}

static void match_skip_match(void)
{
	unsigned long idx;

	env_setup(&cfg_full, MAP_DEFAULT);
	/* the first counter of the set, not counter_idx_base */
	UT_EQ(cfg_match(2, 0x18, PMU_CFG_SKIP_MATCH, REFS, 0, &idx), 0);
	UT_EQ(idx, 5);
	/* even when already mapped (to reconfigure it) */
	UT_EQ(cfg_match(5, 1, PMU_CFG_SKIP_MATCH,
			EV_HW(PMU_HW_BRANCH_MISSES), 0, &idx), 0);
	UT_EQ(idx, 5);
	UT_EQ(sim.evt[5] & ~PMU_EVT_CTRL_MASK, HPM_EV_INST_MISPRED_SPEC);
	/* of several, the first, mapped, not a free one after it */
	UT_EQ(cfg_match(5, 0x3, PMU_CFG_SKIP_MATCH, REFS, 0, &idx), 0);
	UT_EQ(idx, 5);
	/* the first counter must be able to count the event */
	UT_EQ(cfg_match(0, 0x8, PMU_CFG_SKIP_MATCH, INS, 0, &idx), 0);
	UT_EQ(idx, 3);
	UT_EQ(cfg_match(0, 0x9, PMU_CFG_SKIP_MATCH, INS, 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(PLAT->hw_slots, 1, PMU_CFG_SKIP_MATCH, REFS, 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	/* not while it counts */
	UT_EQ(ctr_start(5, 1, 0, 0), 0);
	UT_EQ(cfg_match(5, 1, PMU_CFG_SKIP_MATCH, REFS, 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	/* Linux's legacy path: cycles forced on counter 0 */
	UT_EQ(cfg_match(0, 1, PMU_CFG_SKIP_MATCH, CYC, 0, &idx), 0);
	UT_EQ(idx, 0);
}

/* SKIP_MATCH names the counter, but a filtered request still needs one
 * that can keep the filtered modes out */
static void match_skip_match_needs_filtering_counter(void)
{
	struct sim_cfg c = cfg_full;
	unsigned long idx;

	c.smcntrpmf = false;
	env_setup(&c, MAP_DEFAULT);
	UT_EQ(cfg_match(0, 1, PMU_CFG_SKIP_MATCH | PMU_CFG_SET_SINH, CYC, 0,
			&idx), SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(2, 1, PMU_CFG_SKIP_MATCH | PMU_CFG_SET_UINH, INS, 0,
			&idx), SBI_ERR_NOT_SUPPORTED);
	UT_EQ(H->mapped, 0);
	UT_EQ(cfg_match(3, 1, PMU_CFG_SKIP_MATCH | PMU_CFG_SET_SINH, CYC, 0,
			&idx), 0);
	UT_EQ(idx, 3);
	UT_EQ(cfg_match(0, 1, PMU_CFG_SKIP_MATCH, CYC, 0, &idx), 0);
	UT_EQ(idx, 0);
}

static void match_clear_value(void)
{
	unsigned long idx;

	env_setup(&cfg_full, MAP_DEFAULT);
	sim.ctr[3] = 1234;
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(idx, 3);
	UT_EQ(sim.ctr[3], 1234);	/* untouched without CLEAR_VALUE */
	sim.ctr[4] = 99;
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_CLEAR_VALUE, REFS, 0, &idx), 0);
	UT_EQ(idx, 4);
	UT_EQ(sim.ctr[4], 0);
	sim.ctr[0] = 77;
	UT_EQ(cfg_match(0, 1, PMU_CFG_CLEAR_VALUE, CYC, 0, &idx), 0);
	UT_EQ(sim.ctr[0], 0);
}

static void match_auto_start(void)
{
	unsigned long idx;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_CLEAR_VALUE, REFS, 0, &idx), 0);
	sim_count(SIM_S, HPM_EV_CACHE_L1_RD_DATA_ACCESS, 10);
	UT_EQ(sim.ctr[3], 0);	/* configured, not counting */
	UT_TRUE(sim.inhibit & (1U << 3));
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
			REFS, 0, &idx), 0);
	UT_EQ(idx, 4);
	UT_TRUE(!(sim.inhibit & (1U << 4)));
	sim_count(SIM_S, HPM_EV_CACHE_L1_RD_DATA_ACCESS, 10);
	UT_EQ(sim.ctr[4], 10);
	UT_EQ(sim.ctr[3], 0);
	/* AUTO_START alone keeps the value */
	sim.ctr[5] = 500;
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_AUTO_START, REFS, 0, &idx), 0);
	sim_count(SIM_S, HPM_EV_CACHE_L1_RD_DATA_ACCESS, 1);
	UT_EQ(sim.ctr[5], 501);
	UT_EQ(ctr_start(5, 1, 0, 0), SBI_ERR_ALREADY_STARTED);
}

static void start_argument_errors(void)
{
	unsigned long idx;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(ctr_start(3, 1, 1UL << 2, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_start(3, 1, 1UL << 63, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_start(3, 1, PMU_START_SET_INIT_VALUE |
			PMU_START_INIT_SNAPSHOT, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_start(3, 0, 0, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_start(1, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_start(3, 1UL << 63, 0, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_start(4096, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	/* unmapped counters have nothing to count: nothing starts */
	UT_EQ(ctr_start(3, 0x3, 0, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(H->started, 0);
	UT_EQ(sim.inhibit & (1U << 3), 1U << 3);
	UT_EQ(ctr_start(3, 1, 0, 0), 0);
}

static void start_init_value_and_keep(void)
{
	unsigned long idx;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	sim.ctr[3] = 40;
	UT_EQ(ctr_start(3, 1, 0, 12345), 0);	/* no flag: value kept */
	UT_EQ(sim.ctr[3], 40);
	UT_EQ(ctr_start(4, 1, PMU_START_SET_INIT_VALUE, 0xfffffffffff0ULL), 0);
	UT_EQ(sim.ctr[4], 0xfffffffffff0ULL);
	sim_count(SIM_U, HPM_EV_CACHE_L1_RD_DATA_ACCESS, 5);
	UT_EQ(sim.ctr[3], 45);
	UT_EQ(sim.ctr[4], 0xfffffffffff5ULL);
}

static void start_already_started_starts_others(void)
{
	unsigned long idx;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(ctr_start(4, 1, PMU_START_SET_INIT_VALUE, 7), 0);
	sim.ctr[3] = 0;
	sim.ctr[5] = 0;
	UT_EQ(ctr_start(3, 0x7, PMU_START_SET_INIT_VALUE, 100),
	      SBI_ERR_ALREADY_STARTED);
	/* the started one keeps its value, the others start from 100 */
	UT_EQ(sim.ctr[4], 7);
	UT_EQ(sim.ctr[3], 100);
	UT_EQ(sim.ctr[5], 100);
	UT_EQ(H->started, 0x38);
	UT_EQ(sim.inhibit & 0x38, 0);
}

static void start_clears_overflow(void)
{
	unsigned long idx;
	unsigned int lcofi;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(ctr_start(3, 1, PMU_START_SET_INIT_VALUE, 0xfffffffffffeULL), 0);
	lcofi = sim.lcofi;
	sim_count(SIM_S, HPM_EV_CACHE_L1_RD_DATA_ACCESS, 3);
	UT_EQ(sim.lcofi, lcofi + 1);
	UT_TRUE(sim.evt[3] & PMU_EVT_OF);
	UT_EQ(ctr_stop(3, 1, 0), 0);
	UT_TRUE(sim.evt[3] & PMU_EVT_OF);	/* stop leaves OF for Linux */
	UT_EQ(ctr_start(3, 1, PMU_START_SET_INIT_VALUE, 0xfffffffffffeULL), 0);
	UT_TRUE(!(sim.evt[3] & PMU_EVT_OF));
	UT_EQ(sim.evt[3], HPM_EV_CACHE_L1_RD_DATA_ACCESS | PMU_EVT_MINH);
	/* a new overflow raises a new interrupt */
	sim_count(SIM_S, HPM_EV_CACHE_L1_RD_DATA_ACCESS, 3);
	UT_EQ(sim.lcofi, lcofi + 2);
}

static void stop_argument_errors(void)
{
	unsigned long idx;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_AUTO_START, REFS, 0, &idx), 0);
	UT_EQ(ctr_stop(3, 1, 1UL << 2), SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_stop(3, 1, ~0UL), SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_stop(3, 0, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_stop(0, 0x2, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_stop(~0UL, 1, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_stop(2, ~0UL, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(H->started, 0x8);
	UT_EQ(ctr_stop(3, 1, 0), 0);
	UT_EQ(ctr_stop(3, 1, 0), SBI_ERR_ALREADY_STOPPED);
}

static void stop_stops_counting(void)
{
	unsigned long idx;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
			REFS, 0, &idx), 0);
	sim_count(SIM_S, HPM_EV_CACHE_L1_RD_DATA_ACCESS, 4);
	UT_EQ(ctr_stop(3, 1, 0), 0);
	sim_count(SIM_S, HPM_EV_CACHE_L1_RD_DATA_ACCESS, 4);
	UT_EQ(sim.ctr[3], 4);
	/* restart continues from the current value, mapping kept */
	UT_EQ(ctr_start(3, 1, 0, 0), 0);
	sim_count(SIM_S, HPM_EV_CACHE_L1_RD_DATA_ACCESS, 4);
	UT_EQ(sim.ctr[3], 8);
}

static void stop_reset_releases_even_unstarted(void)
{
	unsigned long idx;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(ctr_stop(3, 1, PMU_STOP_RESET), 0);
	UT_EQ(H->mapped, 0);
	UT_EQ(sim.evt[3], 0);	/* idle event again: none */
	/* a released counter cannot be started, stopped again is stopped */
	UT_EQ(ctr_start(3, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_stop(3, 1, PMU_STOP_RESET), SBI_ERR_ALREADY_STOPPED);
	UT_EQ(ctr_stop(3, 1, 0), SBI_ERR_ALREADY_STOPPED);
	/* started + RESET: stopped and released */
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_AUTO_START, REFS, 0, &idx), 0);
	UT_EQ(ctr_stop(3, 1, PMU_STOP_RESET), 0);
	UT_EQ(H->mapped | H->started, 0);
	UT_TRUE(sim.inhibit & (1U << 3));
}

static void stop_mixed_set_stops_what_runs(void)
{
	unsigned long idx;
	unsigned int i;

	env_setup(&cfg_full, MAP_DEFAULT);
	for (i = 0; i < 4; i++)
		UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(ctr_start(3, 0x5, 0, 0), 0);	/* 3 and 5 run */
	/* Linux stops "all used counters" at once */
	UT_EQ(ctr_stop(3, 0xf, 0), SBI_ERR_ALREADY_STOPPED);
	UT_EQ(H->started, 0);
	UT_EQ(sim.inhibit & 0x78, 0x78);
	/* Linux's stop-all at probe: RESET over every counter */
	UT_EQ(ctr_start(3, 0x5, 0, 0), 0);
	/* 3..6 released; the never-mapped others make it ALREADY_STOPPED */
	UT_EQ(ctr_stop(0, 0x7fffd, PMU_STOP_RESET), SBI_ERR_ALREADY_STOPPED);
	UT_EQ(ctr_stop(PLAT->hw_slots, 0xffffffffUL, PMU_STOP_RESET),
	      SBI_ERR_ALREADY_STOPPED);
	UT_EQ(H->mapped | H->started, 0);
	UT_EQ(sim.inhibit & 0x78, 0x78);
	for (i = 3; i < 7; i++)	/* idle event again: none */
		UT_EQ(sim.evt[i], 0);
}

/*
 * SKIP_MATCH of a platform event: the first counter of the set or nothing,
 * never a running one; a mapped one the platform refuses to start is given
 * back. Implementation-specific codes are no platform events.
 */
static void match_platform_skip_match(void)
{
	unsigned long idx = 0x77, v;

	env_platform();
	UT_EQ(cfg_match(FW(0), 0x3, PMU_CFG_SKIP_MATCH, EV_FW(PMU_FW_PLATFORM),
			SIM_PEV_ODD, &idx), SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(FW(0), 0xff, 0, EV_FW(300), SIM_PEV_ANY, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(H->mapped, 0);
	UT_EQ(cfg_match(FW(0), 1, PMU_CFG_AUTO_START, EV_FW(PMU_FW_PLATFORM),
			SIM_PEV_ANY, &idx), 0);
	UT_EQ(cfg_match(FW(0), 1, PMU_CFG_SKIP_MATCH | PMU_CFG_CLEAR_VALUE,
			EV_FW(PMU_FW_PLATFORM), SIM_PEV_ANY, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(sim_plat.writes, 0);
	UT_EQ(H->started, 1ULL << FW(0));
	UT_EQ(ctr_stop(FW(0), 1, 0), 0);
	UT_EQ(cfg_match(FW(0), 1, PMU_CFG_SKIP_MATCH | PMU_CFG_AUTO_START,
			EV_FW(PMU_FW_PLATFORM), SIM_PEV_DENY, &idx),
	      SBI_ERR_DENIED);
	UT_EQ(H->mapped | H->started, 0);
	UT_EQ(fw_read(FW(0), &v), SBI_ERR_INVALID_PARAM);
	UT_EQ(sim_plat.calls_off, 0);
}

/* A start of platform counters, one already started: the other starts. */
static void start_platform_already_started(void)
{
	unsigned long idx;

	env_platform();
	UT_EQ(cfg_match(FW(0), 0x3, 0, EV_FW(PMU_FW_PLATFORM), SIM_PEV_ANY,
			&idx), 0);
	UT_EQ(cfg_match(FW(0), 0x3, 0, EV_FW(PMU_FW_PLATFORM), SIM_PEV_ANY,
			&idx), 0);
	UT_EQ(ctr_start(FW(0), 1, 0, 0), 0);
	UT_EQ(ctr_start(FW(0), 0x3, 0, 0), SBI_ERR_ALREADY_STARTED);
	UT_EQ(H->started, 3ULL << FW(0));
	UT_TRUE(sim_plat.started[0] && sim_plat.started[1]);
	UT_EQ(sim_plat.starts, 2);
}

/* One start and one stop of a hardware and a platform counter together */
static void stop_platform_and_hardware(void)
{
	unsigned long idx, mask;

	env_platform();
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(idx, 3);
	UT_EQ(cfg_match(FW(0), 1, 0, EV_FW(PMU_FW_PLATFORM), SIM_PEV_ANY,
			&idx), 0);
	mask = 1 | 1UL << (FW(0) - 3);
	UT_EQ(ctr_start(3, mask, 0, 0), 0);
	UT_EQ(sim.inhibit & (1U << 3), 0);
	UT_TRUE(sim_plat.started[0]);
	UT_EQ(ctr_stop(3, mask, 0), 0);
	UT_TRUE(sim.inhibit & (1U << 3));
	UT_TRUE(!sim_plat.started[0]);
	UT_EQ(H->started, 0);
}

/*
 * One stop of a hardware and an SBI firmware counter together: the
 * hardware one is inhibited and the host told, as in a stop of it alone.
 */
static void stop_firmware_and_hardware(void)
{
	unsigned long idx, mask;

	env_platform();
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(idx, 3);
	UT_EQ(cfg_match(FW(0), 1, 0, EV_FW(0), 0, &idx), 0);
	mask = 1 | 1UL << (FW(0) - 3);
	UT_EQ(ctr_start(3, mask, 0, 0), 0);
	UT_EQ(sim.inhibit & (1U << 3), 0);
	UT_EQ(sim.stops, 0);
	UT_EQ(ctr_stop(3, mask, 0), 0);
	UT_TRUE(sim.inhibit & (1U << 3));
	UT_EQ(sim.stops, 1);
	UT_EQ(sim.stop_bits, 1U << 3);
	UT_EQ(H->started, 0);
}

static void fw_read_hi_platform_is_zero_on_rv64(void)
{
	unsigned long idx, v;

	env_platform();
	UT_EQ(cfg_match(FW(0), 1, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
			EV_FW(PMU_FW_PLATFORM), SIM_PEV_ANY, &idx), 0);
	sim_plat_count(SIM_PEV_ANY, 0x123456789ULL);
	UT_EQ(fw_read(idx, &v), 0);
	UT_EQ(v, 0x123456789ULL);
	UT_EQ(ecall6(SBI_EXT_PMU_COUNTER_FW_READ_HI, idx, 0, 0, 0, 0, 0, &v), 0);
	UT_EQ(v, 0);
}

/*
 * The hardware counter hooks: one bind per config_matching of a hardware
 * counter, start and stop only for SBI starts and stops of counters that
 * change state; nothing for firmware counters, releases or resets.
 */
static void hooks_follow_sbi_calls(void)
{
	unsigned long idx;

	env_platform();
	UT_EQ(sim.binds + sim.starts + sim.stops, 0);	/* reset: none */
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_SET_UINH, REFS, 0, &idx), 0);
	UT_EQ(idx, 3);
	UT_EQ(sim.binds, 1);
	UT_EQ(sim.bound, 1U << 3);
	UT_EQ(sim.bind_flags, PMU_CFG_SET_UINH);
	UT_TRUE(sim.hook_hart == H);
	UT_EQ(cfg_match(0, 1, PMU_CFG_AUTO_START, CYC, 0, &idx), 0);
	UT_EQ(sim.binds, 2);
	UT_EQ(sim.bound, 1U << 3 | 1U << 0);
	UT_EQ(sim.bind_flags, PMU_CFG_AUTO_START);
	UT_EQ(sim.starts, 0);	/* AUTO_START is the bind's */
	UT_EQ(cfg_match(FW(0), 1, 0, EV_FW(PMU_FW_PLATFORM), SIM_PEV_ANY,
			&idx), 0);
	UT_EQ(sim.binds, 2);	/* a firmware counter has no hook */
	UT_EQ(ctr_start(0, 0x9, 0, 0), SBI_ERR_ALREADY_STARTED);
	UT_EQ(sim.starts, 1);
	UT_EQ(sim.start_bits, 1U << 3);	/* only what was stopped */
	UT_EQ(ctr_start(FW(0), 1, 0, 0), 0);
	UT_EQ(sim.start_bits, 1U << 3);
	UT_EQ(ctr_stop(3, 1, 0), 0);
	UT_EQ(sim.stops, 1);
	UT_EQ(sim.stop_bits, 1U << 3);
	UT_EQ(ctr_stop(3, 1, 0), SBI_ERR_ALREADY_STOPPED);
	UT_EQ(sim.stop_bits, 1U << 3);
	UT_EQ(ctr_start(3, 1, 0, 0), 0);	/* one counter: the short path */
	UT_EQ(sim.starts, 2);
	UT_EQ(ctr_stop(0, 1, PMU_STOP_RESET), 0);	/* and runs free */
	UT_EQ(sim.stop_bits, 1U << 3 | 1U << 0);
	UT_EQ(sim.stops, 3);
	/* a stop of several, without flags and with: the host hears of the
	 * running one */
	sim.stop_bits = 0;
	UT_EQ(ctr_stop(0, 0x9, 0), SBI_ERR_ALREADY_STOPPED);
	UT_EQ(sim.stop_bits, 1U << 3);
	UT_EQ(sim.stops, 4);
	UT_EQ(ctr_start(3, 1, 0, 0), 0);
	sim.stop_bits = 0;
	UT_EQ(ctr_stop(0, 0x9, PMU_STOP_RESET), SBI_ERR_ALREADY_STOPPED);
	UT_EQ(sim.stop_bits, 1U << 3);
	UT_EQ(sim.stops, 5);
	sim.stop_bits = 1U << 3 | 1U << 0;
	UT_EQ(ctr_stop(FW(0), 1, 0), 0);
	UT_EQ(sim.stop_bits, 1U << 3 | 1U << 0);
	UT_EQ(sim.binds, 2);
	pmu_hart_stop(H);
	pmu_hart_suspend(H);
	pmu_hart_resume(H);
	UT_EQ(sim.binds, 2);
	UT_EQ(sim.starts, 3);
	UT_EQ(sim.stops, 6);	/* two of them with no bits */
}

/* Is event_idx in the default map (pmu_platform_default_map)? */
static bool default_map_has(unsigned long ev)
{
	static const unsigned long evs[] = {
		EV_HW(PMU_HW_CPU_CYCLES), EV_HW(PMU_HW_INSTRUCTIONS),
		EV_HW(PMU_HW_CACHE_REFERENCES), EV_HW(PMU_HW_CACHE_MISSES),
		EV_HW(PMU_HW_BRANCH_INSTRUCTIONS), EV_HW(PMU_HW_BRANCH_MISSES),
		EV_HW(PMU_HW_REF_CPU_CYCLES),
		EV_CACHE(PMU_CACHE_L1D, 0, 0), EV_CACHE(PMU_CACHE_L1D, 0, 1),
		EV_CACHE(PMU_CACHE_L1I, 0, 0), EV_CACHE(PMU_CACHE_L1I, 0, 1),
		EV_CACHE(PMU_CACHE_LL, 0, 0), EV_CACHE(PMU_CACHE_LL, 0, 1),
		EV_CACHE(PMU_CACHE_ITLB, 0, 0), EV_CACHE(PMU_CACHE_ITLB, 0, 1),
	};
	unsigned int i;

	for (i = 0; i < sizeof(evs) / sizeof(evs[0]); i++)
		if (evs[i] == ev)
			return true;
	return false;
}

static void linux_probe_leaves_nothing_mapped(void)
{
	unsigned long idx, ev, cmask = 0, info;
	unsigned int i, supported = 0;

	env_setup(&cfg_full, MAP_DEFAULT);
	for (i = 0; i < (unsigned int)num_counters(); i++)
		if (!ecall6(SBI_EXT_PMU_COUNTER_GET_INFO, i, 0, 0, 0, 0, 0,
			    &info))
			cmask |= 1UL << i;
	UT_EQ(cmask, (((1UL << PMU_FW_CTR_MAX) - 1) << 19) | 0x7fffd);
	/* Linux's probe: every general and cache event, released at once */
	for (ev = 1; ev <= 10; ev++) {
		long r = cfg_match(0, cmask, 0, EV_HW(ev), 0, &idx);

		UT_EQ(r, default_map_has(EV_HW(ev)) ? 0 : SBI_ERR_NOT_SUPPORTED);
		if (!r) {
			supported++;
			UT_EQ(ctr_stop(idx, 1, PMU_STOP_RESET), 0);
		}
	}
	for (ev = 0; ev < PMU_CACHE_CODE_MAX; ev++) {
		unsigned long e = PMU_EVIDX(PMU_EV_TYPE_CACHE, ev);
		long r;

		if (((ev >> 1) & 3) == 3)
			continue;
		r = cfg_match(0, cmask, 0, e, 0, &idx);
		UT_EQ(r, default_map_has(e) ? 0 : SBI_ERR_NOT_SUPPORTED);
		if (!r) {
			supported++;
			UT_EQ(ctr_stop(idx, 1, PMU_STOP_RESET), 0);
		}
	}
	UT_EQ(supported, 7 + 8);
	UT_EQ(H->mapped, 0);
}

/*
 * The simulated QEMU 10.0.2 event map itself: MINH alone (bits 62:0 not
 * zero) leaves a counter's events mapped, only 0 or OF alone forget them;
 * an event stays on the first counter written with it.
 */
static void qemu_map_model(void)
{
	env_setup(&cfg_full, MAP_DT);
	pmu_host_csr_write(PMU_CSR_MHPMEVENT(3), 1 | PMU_EVT_MINH);
	pmu_host_csr_write(PMU_CSR_MHPMEVENT(3), 2 | PMU_EVT_MINH);
	pmu_host_csr_write(PMU_CSR_MHPMEVENT(4), 1);
	pmu_host_csr_write(PMU_CSR_MHPMEVENT(5), 0x10020);	/* not mapped */
	UT_EQ(sim_qemu_map_counter(CYC), 3);
	UT_EQ(sim_qemu_map_counter(INS), 3);
	UT_EQ(sim_qemu_map_counter(0x10020), 0);
	pmu_host_csr_write(PMU_CSR_MHPMEVENT(3), PMU_EVT_MINH);
	UT_EQ(sim_qemu_map_counter(CYC), 3);
	pmu_host_csr_write(PMU_CSR_MHPMEVENT(4), 0);	/* maps nothing */
	UT_EQ(sim_qemu_map_counter(CYC), 3);
	pmu_host_csr_write(PMU_CSR_MHPMEVENT(3), PMU_EVT_OF);
	UT_EQ(sim_qemu_map_counter(CYC), 0);
	UT_EQ(sim_qemu_map_counter(INS), 0);
	pmu_host_csr_write(PMU_CSR_MHPMEVENT(4), ITLB_RD_MISS);
	UT_EQ(sim_qemu_map_counter(ITLB_RD_MISS), 4);
	sim_reset(&cfg_full);
	UT_EQ(sim_qemu_map_counter(ITLB_RD_MISS), 0);
}

/*
 * Linux 6.12 on QEMU 10.0 (its DT map): the probe binds and releases
 * every event QEMU counts, then perf stat -e cycles,instructions binds
 * both with VSINH|VUINH (exclude_guest) and starts them. QEMU must count
 * cycles on the first counter, instructions on the second and no TLB
 * refill anywhere: idle events have to leave QEMU's map.
 */
static void linux_probe_then_perf_stat_on_qemu(void)
{
	static const unsigned long probed[] = {
		CYC, INS, DTLB_RD_MISS, DTLB_WR_MISS, ITLB_RD_MISS,
	};
	const unsigned long vinh = PMU_CFG_SET_VSINH | PMU_CFG_SET_VUINH;
	unsigned long idx, c, i;
	unsigned int k;

	env_setup(&cfg_full, MAP_DT);
	for (k = 0; k < sizeof(probed) / sizeof(probed[0]); k++) {
		UT_EQ(cfg_match(0, ALL_HW, 0, probed[k], 0, &idx), 0);
		UT_EQ(ctr_stop(idx, 1, PMU_STOP_RESET), 0);
	}
	UT_EQ(H->mapped, 0);
	UT_EQ(cfg_match(0, ALL_HW, vinh, CYC, 0, &c), 0);
	UT_EQ(cfg_match(0, ALL_HW, vinh, INS, 0, &i), 0);
	UT_EQ(ctr_start(c, 1, PMU_START_SET_INIT_VALUE, 0), 0);
	UT_EQ(ctr_start(i, 1, PMU_START_SET_INIT_VALUE, 0), 0);
	UT_EQ(c, 3);
	UT_EQ(i, 4);
	UT_EQ(sim_qemu_map_counter(CYC), c);
	UT_EQ(sim_qemu_map_counter(INS), i);
	UT_EQ(sim_qemu_map_counter(DTLB_RD_MISS), 0);
	UT_EQ(sim_qemu_map_counter(DTLB_WR_MISS), 0);
	UT_EQ(sim_qemu_map_counter(ITLB_RD_MISS), 0);
}

/*
 * SKIP_MATCH moves a mapped, stopped hpmcounter to another event: QEMU
 * must forget the old event there, or it counts it on and a counter bound
 * to it later never does.
 */
static void skip_match_rebind_leaves_qemu_map(void)
{
	unsigned long idx;

	env_setup(&cfg_full, MAP_DT);
	UT_EQ(cfg_match(0, ALL_HPM, 0, CYC, 0, &idx), 0);
	UT_EQ(idx, 3);
	UT_EQ(sim_qemu_map_counter(CYC), 3);
	UT_EQ(cfg_match(3, 1, PMU_CFG_SKIP_MATCH, INS, 0, &idx), 0);
	UT_EQ(idx, 3);
	UT_EQ(sim.evt[3], 2 | PMU_EVT_MINH);
	UT_EQ(sim_qemu_map_counter(CYC), 0);
	UT_EQ(sim_qemu_map_counter(INS), 3);
	/* cycles now counts where it is bound next */
	UT_EQ(cfg_match(0, ALL_HPM, 0, CYC, 0, &idx), 0);
	UT_EQ(idx, 4);
	UT_EQ(sim_qemu_map_counter(CYC), 4);
}

/*
 * A hart without mcountinhibit (QEMU's sifive-u54): cycle (0) and instret
 * (2) are served as counters that never stop. Every case here would fail
 * on an access to mcountinhibit (the harness counts absent CSRs).
 */
static void nostop_setup(void)
{
	struct sim_cfg c = cfg_bare;

	c.mcountinhibit = false;
	env_setup(&c, MAP_DEFAULT);
}

static void nostop_match(void)
{
	unsigned long idx;

	nostop_setup();
	UT_EQ(cfg_match(0, 0x5, 0, CYC, 0, &idx), 0);
	UT_EQ(idx, 0);
	UT_EQ(cfg_match(0, 0x5, 0, INS, 0, &idx), 0);
	UT_EQ(idx, 2);
	UT_EQ(H->mapped, 0x5);
	UT_EQ(H->started, 0);	/* bound, not started: it runs all the same */
	/* one event per counter: a second cycles finds none free */
	UT_EQ(cfg_match(0, 0x5, 0, CYC, 0, &idx), SBI_ERR_NOT_SUPPORTED);
	UT_EQ(ctr_stop(0, 0x5, PMU_STOP_RESET), 0);	/* releases both */
	UT_EQ(H->mapped, 0);
	/* cycle counts cycles only, instret instructions only */
	UT_EQ(cfg_match(0, 0x4, 0, CYC, 0, &idx), SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x1, 0, INS, 0, &idx), SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x5, 0, EV_HW(PMU_HW_BRANCH_INSTRUCTIONS), 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x5, 0, DTLB_RD_MISS, 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x5, 0, EV_RAW, 2, &idx), SBI_ERR_NOT_SUPPORTED);
	/* event_data is reserved for general events */
	UT_EQ(cfg_match(0, 0x5, 0, CYC, 1, &idx), SBI_ERR_NOT_SUPPORTED);
	/* a firmware event takes a firmware counter, past the time slot */
	UT_EQ(cfg_match(0, 0xf, 0, EV_FW(PMU_FW_SET_TIMER), 0, &idx),
	      SBI_ERR_INVALID_PARAM);
	UT_EQ(cfg_match(0, 0xd, 0, EV_FW(PMU_FW_SET_TIMER), 0, &idx), 0);
	UT_EQ(idx, 3);
	UT_EQ(cfg_match(0, 0x7, 0, CYC, 0, &idx), SBI_ERR_INVALID_PARAM);
	UT_EQ(cfg_match(0, 1, 1UL << 8, CYC, 0, &idx), SBI_ERR_INVALID_PARAM);
	UT_EQ(H->mapped, 0x8);
}

/* The filter hints cannot be honoured: a filtered request is refused. */
static void nostop_filters_refused(void)
{
	static const unsigned long f[] = {
		PMU_CFG_SET_SINH, PMU_CFG_SET_UINH,
		PMU_CFG_SET_SINH | PMU_CFG_SET_UINH,
	};
	unsigned long idx;
	unsigned int i;

	nostop_setup();
	for (i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
		UT_EQ(cfg_match(0, 0x5, f[i], CYC, 0, &idx),
		      SBI_ERR_NOT_SUPPORTED);
		UT_EQ(cfg_match(0, 1, f[i] | PMU_CFG_SKIP_MATCH, CYC, 0, &idx),
		      SBI_ERR_NOT_SUPPORTED);
		UT_EQ(cfg_match(0, 0x5, f[i], INS, 0, &idx),
		      SBI_ERR_NOT_SUPPORTED);
	}
	UT_EQ(H->mapped, 0);
	/* MINH is forced anyway; VS/VU do not exist without H */
	UT_EQ(cfg_match(0, 0x5, PMU_CFG_SET_MINH | PMU_CFG_SET_VSINH |
			PMU_CFG_SET_VUINH, CYC, 0, &idx), 0);
	UT_EQ(idx, 0);
}

static void nostop_match_flags(void)
{
	unsigned long idx;

	nostop_setup();
	sim.ctr[0] = 1000;
	sim.ctr[2] = 2000;
	UT_EQ(cfg_match(0, 1, PMU_CFG_SKIP_MATCH, CYC, 0, &idx), 0);
	UT_EQ(idx, 0);
	UT_EQ(sim.ctr[0], 1000);	/* no CLEAR_VALUE: kept */
	/* SKIP_MATCH rebinds a mapped, stopped counter; not a started one */
	UT_EQ(cfg_match(0, 1, PMU_CFG_SKIP_MATCH | PMU_CFG_CLEAR_VALUE |
			PMU_CFG_AUTO_START, CYC, 0, &idx), 0);
	UT_EQ(sim.ctr[0], 0);
	UT_EQ(H->started, 0x1);
	UT_EQ(cfg_match(0, 1, PMU_CFG_SKIP_MATCH, CYC, 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	/* the first counter of the set, which must count the event */
	UT_EQ(cfg_match(0, 0x5, PMU_CFG_SKIP_MATCH, INS, 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(2, 1, PMU_CFG_SKIP_MATCH | PMU_CFG_CLEAR_VALUE, INS, 0,
			&idx), 0);
	UT_EQ(idx, 2);
	UT_EQ(sim.ctr[2], 0);
	UT_EQ(H->started, 0x1);
	sim_count(SIM_S, SIM_SEL_CYCLES, 5);
	sim_count(SIM_S, SIM_SEL_INSTRET, 7);
	UT_EQ(sim.ctr[0], 5);
	UT_EQ(sim.ctr[2], 7);	/* stopped for SBI, counting all the same */
}

/*
 * Linux's sequence on one event: start with SET_INIT_VALUE loads the
 * value, stop answers SUCCESS and the counter runs on, a second stop is
 * ALREADY_STOPPED, a new start loads a new value.
 */
static void nostop_start_stop(void)
{
	unsigned long idx;

	nostop_setup();
	UT_EQ(ctr_start(0, 1, PMU_START_SET_INIT_VALUE, 5), SBI_ERR_INVALID_PARAM);
	UT_EQ(cfg_match(0, 0x5, 0, CYC, 0, &idx), 0);
	sim.ctr[0] = 77;
	UT_EQ(ctr_start(0, 1, PMU_START_SET_INIT_VALUE, 0xffff0000ULL), 0);
	UT_EQ(sim.ctr[0], 0xffff0000ULL);
	UT_EQ(H->started, 0x1);
	sim_count(SIM_S, SIM_SEL_CYCLES, 10);
	UT_EQ(sim.ctr[0], 0xffff000aULL);
	UT_EQ(ctr_start(0, 1, PMU_START_SET_INIT_VALUE, 3),
	      SBI_ERR_ALREADY_STARTED);
	UT_EQ(sim.ctr[0], 0xffff000aULL);	/* not reloaded */
	UT_EQ(ctr_stop(0, 1, 0), 0);
	UT_EQ(H->started, 0);
	sim_count(SIM_S, SIM_SEL_CYCLES, 10);
	UT_EQ(sim.ctr[0], 0xffff0014ULL);	/* it runs on */
	UT_EQ(ctr_stop(0, 1, 0), SBI_ERR_ALREADY_STOPPED);
	UT_EQ(ctr_start(0, 1, 0, 99), 0);	/* no flag: value kept */
	UT_EQ(sim.ctr[0], 0xffff0014ULL);
	UT_EQ(ctr_stop(0, 1, 0), 0);
	UT_EQ(ctr_start(0, 1, PMU_START_SET_INIT_VALUE, 40), 0);
	UT_EQ(sim.ctr[0], 40);
	/* RESET releases it; it still runs, and can be bound again */
	UT_EQ(ctr_stop(0, 1, PMU_STOP_RESET), 0);
	UT_EQ(H->mapped, 0);
	UT_EQ(H->started, 0);
	sim_count(SIM_S, SIM_SEL_CYCLES, 2);
	UT_EQ(sim.ctr[0], 42);
	UT_EQ(ctr_start(0, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(cfg_match(0, 0x5, 0, CYC, 0, &idx), 0);
	UT_EQ(idx, 0);
}

/* Sets with both, and with firmware counters: each counter its answer. */
static void nostop_sets(void)
{
	unsigned long idx, fw;

	nostop_setup();
	UT_EQ(cfg_match(0, 0x5, 0, CYC, 0, &idx), 0);
	UT_EQ(cfg_match(0, 0x5, 0, INS, 0, &idx), 0);
	UT_EQ(cfg_match(0, 0xd, 0, EV_FW(PMU_FW_SET_TIMER), 0, &fw), 0);
	UT_EQ(fw, 3);
	UT_EQ(ctr_start(2, 1, PMU_START_SET_INIT_VALUE, 9), 0);
	UT_EQ(ctr_start(0, 0xd, PMU_START_SET_INIT_VALUE, 100),
	      SBI_ERR_ALREADY_STARTED);
	UT_EQ(sim.ctr[0], 100);
	UT_EQ(sim.ctr[2], 9);	/* already started: kept */
	UT_EQ(fw_read(3, &idx), 0);
	UT_EQ(idx, 100);
	UT_EQ(H->started, 0xd);
	pmu_fw_event_inc(H, PMU_FW_SET_TIMER);
	UT_EQ(ctr_stop(0, 0xd, 0), 0);
	UT_EQ(H->started, 0);
	UT_EQ(ctr_stop(0, 0x5, 0), SBI_ERR_ALREADY_STOPPED);
	UT_EQ(ctr_start(0, 0x5, 0, 0), 0);
	/* one running, one stopped: ALREADY_STOPPED, the other stopped */
	UT_EQ(ctr_stop(2, 1, 0), 0);
	UT_EQ(ctr_stop(0, 0x5, 0), SBI_ERR_ALREADY_STOPPED);
	UT_EQ(H->started, 0);
	UT_EQ(fw_read(3, &idx), 0);
	UT_EQ(idx, 101);
	/* fw_read is for firmware counters only */
	UT_EQ(fw_read(0, &idx), SBI_ERR_INVALID_PARAM);
	UT_EQ(fw_read(2, &idx), SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_stop(0, 0xd, PMU_STOP_RESET), 0);
	UT_EQ(H->mapped, 0);
}

/* Snapshot: stop takes the value at the stop; start loads a slot. */
static void nostop_snapshot(void)
{
	struct pmu_snapshot_area *a = sim_ram(SIM_SMEM);
	unsigned long idx;

	nostop_setup();
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	UT_EQ(cfg_match(0, 0x5, 0, CYC, 0, &idx), 0);
	UT_EQ(cfg_match(0, 0x5, 0, INS, 0, &idx), 0);
	a->ctr_values[0] = 500;
	a->ctr_values[2] = 700;
	UT_EQ(ctr_start(0, 0x5, PMU_START_INIT_SNAPSHOT, 0), 0);
	UT_EQ(sim.ctr[0], 500);
	UT_EQ(sim.ctr[2], 700);
	sim_count(SIM_S, SIM_SEL_CYCLES, 4);
	UT_EQ(ctr_stop(2, 1, PMU_STOP_TAKE_SNAPSHOT), 0);
	UT_EQ(a->ctr_values[0], 700);	/* relative to base 2 */
	UT_EQ(a->ctr_overflow_mask, 0);
	sim_count(SIM_S, SIM_SEL_INSTRET, 4);
	UT_EQ(ctr_stop(0, 0x5, PMU_STOP_TAKE_SNAPSHOT),
	      SBI_ERR_ALREADY_STOPPED);
	UT_EQ(a->ctr_values[0], 504);
	UT_EQ(a->ctr_values[2], 704);	/* stopped ones are taken too */
	UT_EQ(H->started, 0);
	sim_count(SIM_S, SIM_SEL_CYCLES, 1);
	UT_EQ(sim.ctr[0], 505);
}

static const struct ut_case cases[] = {
	UT_CASE(match_reserved_flags),
	UT_CASE(match_bad_counter_sets),
	UT_CASE(match_absent_counter_in_set),
	UT_CASE(match_not_supported),
	UT_CASE(match_index_inside_set),
	UT_CASE(match_skips_mapped_and_shares_events),
	UT_CASE(match_skip_match),
	UT_CASE(match_skip_match_needs_filtering_counter),
	UT_CASE(match_clear_value),
	UT_CASE(match_auto_start),
	UT_CASE(start_argument_errors),
	UT_CASE(start_init_value_and_keep),
	UT_CASE(start_already_started_starts_others),
	UT_CASE(start_clears_overflow),
	UT_CASE(stop_argument_errors),
	UT_CASE(stop_stops_counting),
	UT_CASE(stop_reset_releases_even_unstarted),
	UT_CASE(stop_mixed_set_stops_what_runs),
	UT_CASE(match_platform_skip_match),
	UT_CASE(start_platform_already_started),
	UT_CASE(stop_platform_and_hardware),
	UT_CASE(stop_firmware_and_hardware),
	UT_CASE(fw_read_hi_platform_is_zero_on_rv64),
	UT_CASE(hooks_follow_sbi_calls),
	UT_CASE(linux_probe_leaves_nothing_mapped),
	UT_CASE(qemu_map_model),
	UT_CASE(linux_probe_then_perf_stat_on_qemu),
	UT_CASE(skip_match_rebind_leaves_qemu_map),
	UT_CASE(nostop_match),
	UT_CASE(nostop_filters_refused),
	UT_CASE(nostop_match_flags),
	UT_CASE(nostop_start_stop),
	UT_CASE(nostop_sets),
	UT_CASE(nostop_snapshot),
};

void suite_counters(void)
{
	UT_SUITE("counters", cases);
}
