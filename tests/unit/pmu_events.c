/* SPDX-License-Identifier: BSD-2-Clause */
/* Tests of lib/pmu/pmu_events.c: EVENT_GET_INFO. */
#include <string.h>
#include "pmu_test.h"
#include "sim_plat.h"

#define PAT	0xcc
#define ADDR	(SIM_SMEM + 0x100)

static long get_info(unsigned long lo, unsigned long hi, unsigned long n,
		     unsigned long flags)
{
	return ecall6(SBI_EXT_PMU_EVENT_GET_INFO, lo, hi, n, flags, 0, 0, NULL);
}

static struct pmu_event_info_entry *entries(void)
{
	return sim_ram(ADDR);
}

static void put(unsigned int i, uint32_t idx, uint64_t data)
{
	entries()[i].event_idx = idx;
	entries()[i].output = 0xffffffffU;
	entries()[i].event_data = data;
}

static void raw_map(void)
{
	static const uint8_t row[] = {
		0, 0, 0, 0, 0, 0, 0, 0x42,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0, 0, 0, 0x8,
	};

	UT_EQ(pmu_dt_raw_event_to_mhpmcounters(PLAT, row, sizeof(row)), 0);
}

static void argument_errors(void)
{
	env_setup(&cfg_full, MAP_DEFAULT);
	put(0, EV_HW(1), 0);
	UT_EQ(get_info(ADDR, 0, 1, 1), SBI_ERR_INVALID_PARAM);
	UT_EQ(get_info(ADDR, 0, 1, ~0UL), SBI_ERR_INVALID_PARAM);
	UT_EQ(get_info(ADDR + 8, 0, 1, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(get_info(ADDR + 4, 0, 1, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(get_info(SIM_RAM_BASE, 0, 1, 0), SBI_ERR_INVALID_ADDRESS);
	UT_EQ(get_info(ADDR, 1, 1, 0), SBI_ERR_INVALID_ADDRESS);
	UT_EQ(get_info(SIM_RAM_BASE + SIM_RAM_SIZE - 16, 0, 2, 0),
	      SBI_ERR_INVALID_ADDRESS);
	UT_EQ(get_info(ADDR, 0, ~0UL, 0), SBI_ERR_INVALID_ADDRESS);
	UT_EQ(get_info(ADDR, 0, (~0UL >> 4) + 1, 0), SBI_ERR_INVALID_ADDRESS);
	/* 16 * n wrapping to a small, valid size */
	UT_EQ(get_info(ADDR, 0, (1UL << 60) + 1, 0), SBI_ERR_INVALID_ADDRESS);
	UT_EQ(get_info(ADDR, 0, 0, 0), 0);
	UT_EQ(entries()[0].output, 0xffffffffU);	/* nothing written */
	{
		struct pmu_event_info_entry *last =
			sim_ram(SIM_RAM_BASE + SIM_RAM_SIZE - 16);

		last->event_idx = EV_FW(0);
		last->event_data = 0;
		UT_EQ(get_info(SIM_RAM_BASE + SIM_RAM_SIZE - 16, 0, 1, 0), 0);
		UT_EQ(last->output, 1);
	}
}

static void outputs_for_every_type(void)
{
	static const struct {
		uint32_t idx;
		uint64_t data;
		uint32_t want;
	} t[] = {
		{ EV_HW(PMU_HW_CPU_CYCLES), 0, 1 },
		{ EV_HW(PMU_HW_CPU_CYCLES), 0x1234, 1 },	/* data ignored */
		{ EV_HW(PMU_HW_CACHE_MISSES), 0, 1 },
		{ EV_HW(PMU_HW_BUS_CYCLES), 0, 0 },
		{ EV_HW(PMU_HW_NO_EVENT), 0, 0 },
		{ EV_HW(11), 0, 0 },
		{ EV_CACHE(PMU_CACHE_L1D, 0, 1), 0, 1 },
		{ EV_CACHE(PMU_CACHE_L1D, 1, 1), 0, 0 },
		{ EV_CACHE(PMU_CACHE_ITLB, 0, 0), 0, 1 },
		{ PMU_EVIDX(1, PMU_CACHE_CODE(0, 3, 0)), 0, 0 },
		{ EV_RAW, 0x42, 1 },
		{ EV_RAW, 0x43, 0 },
		{ EV_RAW | 1, 0x42, 0 },
		{ EV_RAW2, 0x42, 1 },
		{ EV_RAW, 0x0100000000000042ULL, 0 },
		{ EV_FW(0), 0, 1 },
		{ EV_FW(21), 0, 1 },
		{ EV_FW(22), 0, 0 },
		{ EV_FW(255), 0, 0 },
		{ EV_FW(256), 0, 0 },	/* no implementation events */
		{ EV_FW(1000), 0, 0 },
		{ EV_FW(65534), 0, 0 },
		{ EV_FW(5), 1, 0 },
		{ EV_FW(PMU_FW_PLATFORM), 0xdeadbeef, 0 },	/* nor platform */
		{ EV_FW(PMU_FW_PLATFORM), SIM_PEV_ANY, 0 },
		{ EV_FW(PMU_FW_PLATFORM), 0, 0 },
		{ PMU_EVIDX(4, 0), 0, 0 },
		{ PMU_EVIDX(14, 1), 0, 0 },
	};
	unsigned int i, n = sizeof(t) / sizeof(t[0]);

	env_setup(&cfg_full, MAP_DEFAULT);
	raw_map();
	for (i = 0; i < n; i++)
		put(i, t[i].idx, t[i].data);
	UT_EQ(get_info(ADDR, 0, n, 0), 0);
	for (i = 0; i < n; i++) {
		if (entries()[i].output != t[i].want)
			printf("  entry %u (event 0x%x)\n", i, t[i].idx);
		UT_EQ(entries()[i].output, t[i].want);
		UT_EQ(entries()[i].event_idx, t[i].idx);	/* read only */
		UT_EQ(entries()[i].event_data, t[i].data);
	}
	UT_TRUE(sim_ram_intact_outside(ADDR, 16 * n, PAT));
}

/*
 * A platform with firmware events of its own: supported exactly when the
 * platform knows the encoding and lets some counter count it.
 */
static void platform_events_follow_the_platform(void)
{
	static const struct {
		uint64_t data;
		uint32_t want;
	} t[] = {
		{ SIM_PEV_ANY, 1 },
		{ SIM_PEV_ODD, 1 },
		{ SIM_PEV_DENY, 1 },
		{ SIM_PEV_NONE, 0 },	/* no counter may count it */
		{ SIM_PEV_ANY + 0x100, 0 },
		{ 0, 0 },
		{ ~0ULL, 0 },
	};
	unsigned int i, n = sizeof(t) / sizeof(t[0]);

	env_platform();
	for (i = 0; i < n; i++)
		put(i, EV_FW(PMU_FW_PLATFORM), t[i].data);
	/* still no implementation events, not even with platform data */
	put(n, EV_FW(1000), 0);
	put(n + 1, EV_FW(256), SIM_PEV_ANY);
	put(n + 2, EV_FW(PMU_FW_PLATFORM - 1), SIM_PEV_ANY);
	UT_EQ(get_info(ADDR, 0, n + 3, 0), 0);
	for (i = 0; i < n; i++)
		UT_EQ(entries()[i].output, t[i].want);
	for (i = n; i < n + 3; i++)
		UT_EQ(entries()[i].output, 0);
	UT_EQ(sim_plat.calls_off, 0);
}

/* The platform's say covers every firmware counter, the last one too. */
static void platform_counters_are_the_platforms(void)
{
	unsigned long idx, j, n;

	env_platform();
	n = (unsigned long)num_counters();
	UT_EQ(n - FW(0), PMU_FW_CTR_MAX);
	for (j = FW(0); j < n; j++) {
		UT_EQ(cfg_match(j, 1, PMU_CFG_SKIP_MATCH,
				EV_FW(PMU_FW_PLATFORM), SIM_PEV_ODD, &idx),
		      (j - FW(0)) & 1 ? 0 : SBI_ERR_NOT_SUPPORTED);
		UT_EQ(cfg_match(j, 1, PMU_CFG_SKIP_MATCH,
				EV_FW(PMU_FW_PLATFORM), SIM_PEV_ANY, &idx), 0);
		UT_EQ(idx, j);
	}
	UT_EQ(sim_plat.calls_off, 0);
}

static void reserved_idx_bits_fail_whole_call(void)
{
	unsigned int i;

	env_setup(&cfg_full, MAP_DEFAULT);
	for (i = 0; i < 4; i++)
		put(i, EV_HW(1), 0);
	put(3, EV_HW(1) | (1U << 20), 0);
	UT_EQ(get_info(ADDR, 0, 4, 0), SBI_ERR_INVALID_PARAM);
	for (i = 0; i < 4; i++)
		UT_EQ(entries()[i].output, 0xffffffffU);
	put(3, EV_HW(1) | (1U << 31), 0);
	UT_EQ(get_info(ADDR, 0, 4, 0), SBI_ERR_INVALID_PARAM);
	/* only the first n entries are looked at */
	UT_EQ(get_info(ADDR, 0, 3, 0), 0);
	UT_EQ(entries()[2].output, 1);
	UT_EQ(entries()[3].output, 0xffffffffU);
}

static void support_follows_platform(void)
{
	struct sim_cfg c = cfg_full;

	/* cycle and instret that never stop, nothing else in hardware */
	c.mcountinhibit = false;
	env_setup(&c, MAP_DEFAULT);
	put(0, EV_HW(PMU_HW_CPU_CYCLES), 0);
	put(1, EV_FW(PMU_FW_SET_TIMER), 0);
	put(2, EV_HW(PMU_HW_INSTRUCTIONS), 0);
	put(3, EV_HW(PMU_HW_CACHE_MISSES), 0);
	put(4, EV_HW(PMU_HW_REF_CPU_CYCLES), 0);
	UT_EQ(get_info(ADDR, 0, 5, 0), 0);
	UT_EQ(entries()[0].output, 1);
	UT_EQ(entries()[1].output, 1);
	UT_EQ(entries()[2].output, 1);
	UT_EQ(entries()[3].output, 0);
	UT_EQ(entries()[4].output, 0);
	env_setup(&cfg_full, MAP_NONE);
	put(0, EV_HW(PMU_HW_CPU_CYCLES), 0);
	put(1, EV_HW(PMU_HW_CACHE_MISSES), 0);
	UT_EQ(get_info(ADDR, 0, 2, 0), 0);
	UT_EQ(entries()[0].output, 1);
	UT_EQ(entries()[1].output, 0);
}

static const struct ut_case cases[] = {
	UT_CASE(argument_errors),
	UT_CASE(outputs_for_every_type),
	UT_CASE(platform_events_follow_the_platform),
	UT_CASE(platform_counters_are_the_platforms),
	UT_CASE(reserved_idx_bits_fail_whole_call),
	UT_CASE(support_follows_platform),
};

void suite_event_info(void)
{
	UT_SUITE("event_info", cases);
}
