/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Tests of lib/pmu/pmu_dt.c (the riscv,pmu DT properties from raw cells)
 * and lib/pmu/pmu_map.c (the structured map entries they become).
 */
#include <string.h>
#include "pmu_test.h"

/* Encode n u32 values as big-endian property bytes. */
static unsigned long be(uint8_t *out, const uint32_t *v, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		out[4 * i] = v[i] >> 24;
		out[4 * i + 1] = v[i] >> 16;
		out[4 * i + 2] = v[i] >> 8;
		out[4 * i + 3] = v[i];
	}
	return 4UL * n;
}

static void setup(const struct sim_cfg *c)
{
	env_setup(c, MAP_NONE);
}

/* Load a counters map: the general/cache events -> all hpm counters */
static void map_all(uint32_t start, uint32_t end)
{
	uint32_t v[] = { start, end, ALL_HPM };
	uint8_t b[12];

	UT_EQ(pmu_dt_event_to_mhpmcounters(PLAT, b, be(b, v, 3)), 0);
	pmu_hart_init(H, PLAT);
}

static void mhpmevent_selector_programmed(void)
{
	uint32_t v[] = { EV_HW(PMU_HW_CACHE_MISSES), 0x12345, 0x6789abcd,
			 EV_CACHE(PMU_CACHE_LL, 1, 1), 0, 0x2002 };
	uint8_t b[24];
	unsigned long idx;

	setup(&cfg_bare);
	UT_EQ(pmu_dt_event_to_mhpmevent(PLAT, b, be(b, v, 6)), 0);
	map_all(EV_HW(1), EV_HW(10));
	map_all(EV_CACHE(0, 0, 0), EV_CACHE(6, 2, 1));
	UT_EQ(cfg_match(0, ALL_HPM, 0, EV_HW(PMU_HW_CACHE_MISSES), 0, &idx), 0);
	/* no Sscofpmf: the whole 64-bit selector is the platform's */
	UT_EQ(sim.evt[idx], 0x123456789abcdULL);
	UT_EQ(cfg_match(0, ALL_HPM, 0, EV_CACHE(PMU_CACHE_LL, 1, 1), 0, &idx),
	      0);
	UT_EQ(sim.evt[idx], 0x2002);
	/* an event without a selector row gets its zero-extended event_idx */
	UT_EQ(cfg_match(0, ALL_HPM, 0, EV_CACHE(PMU_CACHE_DTLB, 0, 1), 0, &idx),
	      0);
	UT_EQ(sim.evt[idx], EV_CACHE(PMU_CACHE_DTLB, 0, 1));
}

static void mhpmevent_selector_with_sscofpmf(void)
{
	uint32_t v[] = { EV_HW(PMU_HW_BRANCH_MISSES), 0xfc000000, 0x6001 };
	uint8_t b[12];
	unsigned long idx;

	setup(&cfg_full);
	UT_EQ(pmu_dt_event_to_mhpmevent(PLAT, b, be(b, v, 3)), 0);
	map_all(EV_HW(6), EV_HW(6));
	UT_EQ(cfg_match(0, ALL_HPM, 0, EV_HW(PMU_HW_BRANCH_MISSES), 0, &idx), 0);
	/* bits 63..58 belong to Sscofpmf: only MINH from us */
	UT_EQ(sim.evt[idx], 0x6001 | PMU_EVT_MINH);
}

/* Without Sscofpmf bits 63..58 are selector bits too */
static void mhpmevent_selector_top_bits_without_sscofpmf(void)
{
	uint32_t v[] = { EV_HW(PMU_HW_BRANCH_MISSES), 0xfc000000, 0x6001 };
	uint8_t b[12];
	unsigned long idx;

	setup(&cfg_bare);
	UT_EQ(pmu_dt_event_to_mhpmevent(PLAT, b, be(b, v, 3)), 0);
	map_all(EV_HW(6), EV_HW(6));
	UT_EQ(cfg_match(0, ALL_HPM, 0, EV_HW(PMU_HW_BRANCH_MISSES), 0, &idx), 0);
	UT_EQ(sim.evt[idx], 0xfc00000000006001ULL);
}

static void mhpmevent_malformed(void)
{
	static const uint32_t bad_rows[][3] = {
		{ EV_RAW, 0, 1 },
		{ EV_HW(PMU_HW_NO_EVENT), 0, 1 },
		{ EV_HW(11), 0, 1 },
		{ PMU_EVIDX(PMU_EV_TYPE_CACHE, PMU_CACHE_CODE(1, 3, 0)), 0, 1 },
		{ PMU_EVIDX(PMU_EV_TYPE_CACHE, PMU_CACHE_CODE(7, 0, 0)), 0, 1 },
		{ EV_FW(1), 0, 1 },
		{ 0x100001, 0, 1 },
	};
	uint32_t v[6] = { EV_HW(3), 0, 0x77 };
	uint8_t b[24];
	unsigned int i;

	setup(&cfg_bare);
	UT_EQ(pmu_dt_event_to_mhpmevent(PLAT, b, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(pmu_dt_event_to_mhpmevent(PLAT, NULL, 12), SBI_ERR_INVALID_PARAM);
	be(b, v, 3);
	UT_EQ(pmu_dt_event_to_mhpmevent(PLAT, b, 13), SBI_ERR_INVALID_PARAM);
	UT_EQ(pmu_dt_event_to_mhpmevent(PLAT, b, 8), SBI_ERR_INVALID_PARAM);
	for (i = 0; i < sizeof(bad_rows) / sizeof(bad_rows[0]); i++) {
		memcpy(v + 3, bad_rows[i], sizeof(bad_rows[i]));
		UT_EQ(pmu_dt_event_to_mhpmevent(PLAT, b, be(b, v, 6)),
		      SBI_ERR_INVALID_PARAM);
	}
	/* a good first row is not applied when a later row is bad */
	UT_EQ(PLAT->events[3].selector, EV_HW(3));
}

static void counters_qemu_node(void)
{
	unsigned long idx;
	unsigned int n = 0;

	env_setup(&cfg_full, MAP_DT);
	/* <1 1 0x7fff9>: cycles on 0 and 3..18 */
	while (n < 64 &&
	       cfg_match(0, 0x7fffd, 0, EV_HW(PMU_HW_CPU_CYCLES), 0, &idx) == 0) {
		UT_TRUE(idx == 0 || (idx >= 3 && idx <= 18));
		n++;
	}
	UT_EQ(n, 17);
	pmu_hart_init(H, PLAT);
	/* <2 2 0x7fffc>: instret on 2 and 3..18, never on 0 */
	UT_EQ(cfg_match(0, 0x1, 0, EV_HW(PMU_HW_INSTRUCTIONS), 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x4, 0, EV_HW(PMU_HW_INSTRUCTIONS), 0, &idx), 0);
	UT_EQ(idx, 2);
	/* with the whole set, an hpm counter (overflow interrupt) first */
	UT_EQ(cfg_match(0, 0x7fffd, 0, EV_HW(PMU_HW_INSTRUCTIONS), 0, &idx), 0);
	UT_EQ(idx, 3);
	UT_EQ(ctr_stop(3, 1, PMU_STOP_RESET), 0);
	/* <0x10019 0x10019 0x7fff8>: DTLB read miss, selector = event_idx */
	UT_EQ(cfg_match(0, 0x7fffd, 0, 0x10019, 0, &idx), 0);
	UT_EQ(idx, 3);
	UT_EQ(sim.evt[3], 0x10019 | PMU_EVT_MINH);
	UT_EQ(cfg_match(0, 0x7fffd, 0, 0x1001a, 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x7fffd, 0, EV_HW(PMU_HW_CACHE_MISSES), 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
}

static void counters_bitmap_bits_for_fixed_only(void)
{
	/* bits 0..2 set for a non-cycle event: only the hpm bits count */
	uint32_t v[] = { EV_HW(3), EV_HW(4), 0x1f };
	uint8_t b[12];
	unsigned long idx;

	setup(&cfg_full);
	UT_EQ(pmu_dt_event_to_mhpmcounters(PLAT, b, be(b, v, 3)), 0);
	pmu_hart_init(H, PLAT);
	UT_EQ(cfg_match(0, 0x1d, 0, EV_HW(3), 0, &idx), 0);
	UT_EQ(idx, 3);
	UT_EQ(cfg_match(0, 0x1d, 0, EV_HW(3), 0, &idx), 0);
	UT_EQ(idx, 4);
	UT_EQ(cfg_match(0, 0x1d, 0, EV_HW(3), 0, &idx), SBI_ERR_NOT_SUPPORTED);
}

static void counters_range_skips_non_events(void)
{
	/* the OpenSBI example range <0x10000 0x10033 ...> spans op = 3 */
	unsigned long idx;
	unsigned int code;

	setup(&cfg_full);
	map_all(0x10000, 0x10033);
	for (code = 0; code <= 0x33; code++) {
		long want = ((code >> 1) & 3) == 3 ? SBI_ERR_NOT_SUPPORTED : 0;

		UT_EQ(cfg_match(3, 1, 0, 0x10000 + code, 0, &idx), want);
		if (!want)
			UT_EQ(ctr_stop(3, 1, PMU_STOP_RESET), 0);
	}
	UT_EQ(cfg_match(3, 1, 0, 0x10034, 0, &idx), SBI_ERR_NOT_SUPPORTED);
}

static void counters_union_of_rows(void)
{
	uint32_t v[] = { EV_HW(5), EV_HW(5), 1U << 3,
			 EV_HW(4), EV_HW(6), 1U << 4 };
	uint8_t b[24];
	unsigned long idx;

	setup(&cfg_full);
	UT_EQ(pmu_dt_event_to_mhpmcounters(PLAT, b, be(b, v, 6)), 0);
	pmu_hart_init(H, PLAT);
	UT_EQ(cfg_match(0, ALL_HPM, 0, EV_HW(5), 0, &idx), 0);
	UT_EQ(idx, 3);
	UT_EQ(cfg_match(0, ALL_HPM, 0, EV_HW(5), 0, &idx), 0);
	UT_EQ(idx, 4);
	UT_EQ(cfg_match(0, ALL_HPM, 0, EV_HW(6), 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
}

static void counters_malformed(void)
{
	static const uint32_t bad_rows[][3] = {
		{ EV_HW(5), EV_HW(4), 0x8 },		/* start > end */
		{ EV_HW(1), EV_CACHE(0, 0, 0), 0x8 },	/* across types */
		{ EV_HW(1), EV_HW(11), 0x8 },		/* past general */
		{ EV_CACHE(0, 0, 0), 0x10038, 0x8 },	/* past cache ids */
		{ EV_RAW, EV_RAW, 0x8 },		/* raw not allowed */
		{ EV_FW(0), EV_FW(3), 0x8 },
		{ 0xffffffff, 0xffffffff, 0x8 },
	};
	uint32_t v[6] = { EV_HW(3), EV_HW(3), 0x8 };
	uint8_t b[24];
	unsigned long idx;
	unsigned int i;

	setup(&cfg_full);
	UT_EQ(pmu_dt_event_to_mhpmcounters(PLAT, b, 0), SBI_ERR_INVALID_PARAM);
	be(b, v, 3);
	UT_EQ(pmu_dt_event_to_mhpmcounters(PLAT, b, 11), SBI_ERR_INVALID_PARAM);
	UT_EQ(pmu_dt_event_to_mhpmcounters(PLAT, b, 16), SBI_ERR_INVALID_PARAM);
	for (i = 0; i < sizeof(bad_rows) / sizeof(bad_rows[0]); i++) {
		memcpy(v + 3, bad_rows[i], sizeof(bad_rows[i]));
		UT_EQ(pmu_dt_event_to_mhpmcounters(PLAT, b, be(b, v, 6)),
		      SBI_ERR_INVALID_PARAM);
	}
	pmu_hart_init(H, PLAT);
	UT_EQ(cfg_match(0, ALL_HPM, 0, EV_HW(3), 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
}

static void load_raw(const uint32_t *v, unsigned int n, long want)
{
	uint8_t b[4 * 5 * 40];

	UT_EQ(pmu_dt_raw_event_to_mhpmcounters(PLAT, b, be(b, v, n)), want);
	pmu_hart_init(H, PLAT);
}

static void raw_rows_match_with_mask(void)
{
	/* 0x2 exactly on 3..7; 0x0-0xf on 4..11; 0xffff000000x0 on 8 */
	uint32_t v[] = { 0, 2, 0xffffffff, 0xffffffff, 0xf8,
			 0, 0, 0xffffffff, 0xfffffff0, 0xff0,
			 0xffff, 0, 0xffffffff, 0xffffff0f, 0x100 };
	unsigned long idx;

	setup(&cfg_full);
	load_raw(v, 15, 0);
	UT_EQ(cfg_match(0, 0x8, 0, EV_RAW, 2, &idx), 0);
	UT_EQ(sim.evt[3], 2 | PMU_EVT_MINH);
	UT_EQ(cfg_match(0, 0x8, 0, EV_RAW, 3, &idx), SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x800, 0, EV_RAW, 3, &idx), 0);
	UT_EQ(idx, 11);
	UT_EQ(cfg_match(0, ALL_HPM, 0, EV_RAW, 0x10, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, ALL_HPM, 0, EV_RAW, 0x0000ffff000000a0ULL, &idx), 0);
	UT_EQ(idx, 8);
	UT_EQ(cfg_match(0, ALL_HPM, 0, EV_RAW, 0x0000ffff000000a1ULL, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	/* raw v1 carries 48 bits */
	UT_EQ(cfg_match(0, ALL_HPM, 0, EV_RAW, 0x0001000000000002ULL, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	/* a code in a raw event_idx is not allowed */
	UT_EQ(cfg_match(0, ALL_HPM, 0, EV_RAW | 1, 2, &idx),
	      SBI_ERR_NOT_SUPPORTED);
}

static void raw_v2_56_bits(void)
{
	uint32_t v[] = { 0x00ab0000, 0, 0x00ff0000, 0, 0x30 };
	unsigned long idx;

	setup(&cfg_full);
	load_raw(v, 5, 0);
	UT_EQ(cfg_match(0, ALL_HPM, 0, EV_RAW2, 0x00ab000000001234ULL, &idx), 0);
	UT_EQ(idx, 4);
	UT_EQ(sim.evt[4], 0x00ab000000001234ULL | PMU_EVT_MINH);
	UT_EQ(cfg_match(0, ALL_HPM, 0, EV_RAW, 0x00ab000000001234ULL, &idx),
	      SBI_ERR_NOT_SUPPORTED);	/* bits 48+ not allowed in v1 */
	UT_EQ(cfg_match(0, ALL_HPM, 0, EV_RAW2, 0x01ab000000001234ULL, &idx),
	      SBI_ERR_NOT_SUPPORTED);
}

static void raw_malformed_and_full(void)
{
	uint32_t v[5 * 33];
	unsigned int i;

	setup(&cfg_full);
	/* base bits outside the mask */
	{
		uint32_t bad[] = { 0, 0x11, 0xffffffff, 0xfffffff0, 0x8 };

		load_raw(bad, 5, SBI_ERR_INVALID_PARAM);
	}
	UT_EQ(pmu_dt_raw_event_to_mhpmcounters(PLAT, v, 19),
	      SBI_ERR_INVALID_PARAM);
	UT_EQ(pmu_dt_raw_event_to_mhpmcounters(PLAT, v, 0),
	      SBI_ERR_INVALID_PARAM);
	for (i = 0; i < 33; i++) {
		uint32_t row[] = { 0, i, 0xffffffff, 0xffffffff, 0x8 };

		memcpy(v + 5 * i, row, sizeof(row));
	}
	load_raw(v, 5 * 33, SBI_ERR_FAILED);
	UT_EQ(PLAT->num_raw, 0);
	load_raw(v, 5 * 32, 0);
	UT_EQ(PLAT->num_raw, 32);
	load_raw(v, 5, SBI_ERR_FAILED);
	/* bits 0..2 of a raw bitmap are dropped */
	{
		unsigned long idx;
		uint32_t fx[] = { 0, 0x55, 0xffffffff, 0xffffffff, 0x7 };

		setup(&cfg_full);
		load_raw(fx, 5, 0);
		UT_EQ(cfg_match(0, 0x7fffd, 0, EV_RAW, 0x55, &idx),
		      SBI_ERR_NOT_SUPPORTED);
	}
}

/* The structured entries, as a platform's code gives them (pmu_map.c) */
static void map_entries_checked_before_any_change(void)
{
	const struct pmu_map_selector sel[] = {
		{ EV_HW(PMU_HW_CACHE_MISSES), 0x55 },
		{ EV_HW(0), 0x66 },	/* NO_EVENT: not an event */
	};
	const struct pmu_map_counters ctr[] = {
		{ EV_HW(1), EV_HW(3), 0x18 },
		{ EV_HW(5), EV_CACHE(0, 0, 0), 0x18 },	/* across types */
	};
	const struct pmu_map_raw raw[] = {
		{ 0x10, 0xf0, 0x8 },
		{ 0x11, 0xf0, 0x8 },	/* base bit outside the mask */
	};
	unsigned int slot = PMU_HW_CACHE_MISSES;
	uint64_t was = PLAT->events[slot].selector;

	setup(&cfg_full);
	was = PLAT->events[slot].selector;
	UT_EQ(pmu_map_selectors(PLAT, sel, 2), SBI_ERR_INVALID_PARAM);
	UT_EQ(pmu_map_selectors(PLAT, sel, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(PLAT->events[slot].selector, was);
	UT_EQ(pmu_map_selectors(PLAT, sel, 1), 0);
	UT_EQ(PLAT->events[slot].selector, 0x55);

	UT_EQ(pmu_map_counters(PLAT, ctr, 2), SBI_ERR_INVALID_PARAM);
	UT_EQ(pmu_map_counters(PLAT, ctr, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(PLAT->events[PMU_HW_INSTRUCTIONS].counters, 1U << 2);
	UT_EQ(PLAT->map_rows, 1);
	UT_EQ(pmu_map_counters(PLAT, ctr, 1), 0);
	UT_EQ(PLAT->map_rows, 2);
	UT_EQ(PLAT->events[PMU_HW_CPU_CYCLES].counters, 1U << 0 | 0x18);
	UT_EQ(PLAT->events[PMU_HW_CACHE_REFERENCES].counters, 0x18);

	UT_EQ(pmu_map_raw(PLAT, raw, 2), SBI_ERR_INVALID_PARAM);
	UT_EQ(pmu_map_raw(PLAT, raw, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(PLAT->num_raw, 0);
	UT_EQ(PLAT->map_rows, 2);
	UT_EQ(pmu_map_raw(PLAT, raw, 1), 0);
	UT_EQ(PLAT->num_raw, 1);
	UT_EQ(PLAT->map_rows, 3);
	UT_EQ(PLAT->raw[0].base, 0x10);
	UT_EQ(PLAT->raw[0].mask, 0xf0);
}

/* The raw table fills up: a batch that does not fit adds nothing. */
static void map_raw_entries_full(void)
{
	struct pmu_map_raw raw[PMU_RAW_MAP_MAX];
	unsigned int i;

	setup(&cfg_full);
	for (i = 0; i < PMU_RAW_MAP_MAX; i++) {
		raw[i].base = i;
		raw[i].mask = ~0ULL;
		raw[i].counters = 0x7;	/* fixed counters: dropped */
	}
	UT_EQ(pmu_map_raw(PLAT, raw, PMU_RAW_MAP_MAX - 1), 0);
	UT_EQ(pmu_map_raw(PLAT, raw, 2), SBI_ERR_FAILED);
	UT_EQ(PLAT->num_raw, PMU_RAW_MAP_MAX - 1);
	UT_EQ(PLAT->map_rows, PMU_RAW_MAP_MAX - 1);
	UT_EQ(pmu_map_raw(PLAT, raw, 1), 0);
	UT_EQ(PLAT->num_raw, PMU_RAW_MAP_MAX);
	UT_EQ(PLAT->raw[0].counters, 0);
}

/* A DT row is counted like an entry (the default-map rule) */
static void dt_rows_count_as_map_rows(void)
{
	uint32_t v[] = { EV_HW(1), EV_HW(2), ALL_HPM, EV_HW(3), EV_HW(3), 0x8 };
	uint32_t r[] = { 0, 0x10, 0, 0xf0, 0x8 };
	uint8_t b[24];

	setup(&cfg_full);
	UT_EQ(pmu_dt_event_to_mhpmcounters(PLAT, b, be(b, v, 6)), 0);
	UT_EQ(PLAT->map_rows, 2);
	UT_EQ(pmu_dt_raw_event_to_mhpmcounters(PLAT, b, be(b, r, 5)), 0);
	UT_EQ(PLAT->map_rows, 3);
}

static const struct ut_case cases[] = {
	UT_CASE(mhpmevent_selector_programmed),
	UT_CASE(mhpmevent_selector_with_sscofpmf),
	UT_CASE(mhpmevent_selector_top_bits_without_sscofpmf),
	UT_CASE(mhpmevent_malformed),
	UT_CASE(counters_qemu_node),
	UT_CASE(counters_bitmap_bits_for_fixed_only),
	UT_CASE(counters_range_skips_non_events),
	UT_CASE(counters_union_of_rows),
	UT_CASE(counters_malformed),
	UT_CASE(raw_rows_match_with_mask),
	UT_CASE(raw_v2_56_bits),
	UT_CASE(raw_malformed_and_full),
	UT_CASE(map_entries_checked_before_any_change),
	UT_CASE(map_raw_entries_full),
	UT_CASE(dt_rows_count_as_map_rows),
};

void suite_dt(void)
{
	UT_SUITE("dt", cases);
}
