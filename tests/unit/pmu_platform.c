/* SPDX-License-Identifier: BSD-2-Clause */
/* Tests of lib/pmu/pmu_platform.c: probing, index layout, default map. */
#include "pmu_test.h"

static unsigned long info(unsigned long idx, long *err)
{
	unsigned long v;

	*err = ecall6(SBI_EXT_PMU_COUNTER_GET_INFO, idx, 0, 0, 0, 0, 0, &v);
	return v;
}

static void probe_finds_counters_and_width(void)
{
	long err;
	unsigned long v;
	unsigned int i;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(PLAT->hw_mask, 0x7fffdU);
	UT_EQ(PLAT->hw_slots, 19);
	UT_EQ(num_counters(), 19 + PMU_FW_CTR_MAX);
	for (i = 3; i <= 18; i++) {
		v = info(i, &err);
		UT_EQ(err, 0);
		UT_EQ(v, (0xc00UL + i) | (47UL << 12));	/* 48 bits */
	}
	v = info(0, &err);
	UT_EQ(err, 0);
	UT_EQ(v, 0xc00UL | (63UL << 12));
	v = info(2, &err);
	UT_EQ(err, 0);
	UT_EQ(v, 0xc02UL | (63UL << 12));
}

static void time_slot_and_past_end_invalid(void)
{
	long err;

	env_setup(&cfg_full, MAP_DEFAULT);
	info(1, &err);
	UT_EQ(err, SBI_ERR_INVALID_PARAM);
	info((unsigned long)num_counters(), &err);
	UT_EQ(err, SBI_ERR_INVALID_PARAM);
	info(64, &err);
	UT_EQ(err, SBI_ERR_INVALID_PARAM);
	info(~0UL, &err);
	UT_EQ(err, SBI_ERR_INVALID_PARAM);
	info((unsigned long)num_counters() - 1, &err);
	UT_EQ(err, 0);
}

static void firmware_counters_follow_hardware(void)
{
	long err;
	unsigned long v;
	unsigned int j;

	env_setup(&cfg_full, MAP_DEFAULT);
	for (j = 0; j < PMU_FW_CTR_MAX; j++) {
		v = info(19 + j, &err);
		UT_EQ(err, 0);
		UT_EQ(v, PMU_CTR_INFO_TYPE_FW | (63UL << 12));
	}
}

static void probe_with_gaps(void)
{
	struct sim_cfg c = cfg_full;
	long err;

	c.hpm_mask = (1U << 3) | (1U << 4) | (1U << 7);
	c.width = 40;
	env_setup(&c, MAP_DEFAULT);
	UT_EQ(PLAT->hw_slots, 8);
	UT_EQ(num_counters(), 8 + PMU_FW_CTR_MAX);
	info(5, &err);
	UT_EQ(err, SBI_ERR_INVALID_PARAM);
	info(6, &err);
	UT_EQ(err, SBI_ERR_INVALID_PARAM);
	UT_EQ(info(7, &err), 0xc07UL | (39UL << 12));
	UT_EQ(err, 0);
	UT_EQ(info(8, &err), PMU_CTR_INFO_TYPE_FW | (63UL << 12));
}

static void probe_all_29_counters_makes_64(void)
{
	struct sim_cfg c = cfg_full;
	long err;

	c.hpm_mask = 0xfffffff8U;
	c.width = 64;
	env_setup(&c, MAP_DEFAULT);
	UT_EQ(num_counters(), 64);
	UT_EQ(info(31, &err), 0xc1fUL | (63UL << 12));
	UT_EQ(info(63, &err), PMU_CTR_INFO_TYPE_FW | (63UL << 12));
	UT_EQ(err, 0);
}

static void probe_without_hpm_counters(void)
{
	struct sim_cfg c = cfg_full;
	unsigned long idx;

	c.hpm_mask = 0;
	env_setup(&c, MAP_DEFAULT);
	UT_EQ(PLAT->hw_slots, 3);
	UT_EQ(num_counters(), 3 + PMU_FW_CTR_MAX);
	/* cycles still countable on the fixed counter */
	UT_EQ(cfg_match(0, 0x5, 0, EV_HW(PMU_HW_CPU_CYCLES), 0, &idx), 0);
	UT_EQ(idx, 0);
	UT_EQ(cfg_match(0, 0x5, 0, EV_HW(PMU_HW_CACHE_MISSES), 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
}

static void hardwired_zero_counter_is_absent(void)
{
	struct sim_cfg c = cfg_full;
	long err;

	c.zero_mask = 1U << 18;
	env_setup(&c, MAP_DEFAULT);
	UT_EQ(PLAT->hw_slots, 18);
	info(18, &err);
	UT_EQ(err, 0);	/* index 18 is now the first firmware counter */
	UT_EQ(info(18, &err), PMU_CTR_INFO_TYPE_FW | (63UL << 12));
}

static void probe_leaves_counters_quiet(void)
{
	unsigned int i;

	sim_reset(&cfg_full);
	sim.inhibit = 0x2;	/* an unrelated inhibit bit must survive */
	for (i = 3; i <= 18; i++)
		sim.evt[i] = 0x77;	/* left by an earlier boot stage */
	pmu_platform_init(PLAT, env_features(&cfg_full));
	pmu_platform_probe(PLAT);
	UT_EQ(sim.inhibit, 0x2);
	for (i = 3; i <= 18; i++) {
		UT_EQ(sim.ctr[i], 0);
		UT_EQ(sim.evt[i], 0);	/* no event (pmu_hw_idle_value) */
	}
}

/*
 * Without mcountinhibit (QEMU's sifive-u54, privileged spec 1.10):
 * cycle and instret are counters that never stop, the hpmcounters are
 * not offered, the firmware counters follow at 3; mcounteren opens
 * cycle and instret to S-mode, which counts by reading deltas.
 */
static void no_mcountinhibit_fixed_never_stop(void)
{
	struct sim_cfg c = cfg_full;
	unsigned long idx;
	long err;

	c.mcountinhibit = false;
	c.sscofpmf = false;	/* no mcountinhibit: no Sscofpmf either */
	c.smcntrpmf = false;
	env_setup(&c, MAP_DEFAULT);
	UT_EQ(num_counters(), 3 + PMU_FW_CTR_MAX);
	UT_EQ(PLAT->hw_slots, 3);
	UT_EQ(PLAT->hw_mask, 0);
	UT_EQ(PLAT->nostop_mask, 0x5);
	UT_EQ(PLAT->hw_value_mask, 0x5);
	UT_EQ(PLAT->hot_slots, 0);
	UT_EQ(PLAT->valid_mask, (0xffffffffULL << 3) | 0x5);
	UT_EQ(PLAT->stop_slow_mask, (0xffffffffULL << 3) | 0x5);
	UT_EQ(info(0, &err), 0xc00UL | (63UL << 12));
	UT_EQ(err, 0);
	UT_EQ(info(2, &err), 0xc02UL | (63UL << 12));
	UT_EQ(err, 0);
	info(1, &err);
	UT_EQ(err, SBI_ERR_INVALID_PARAM);	/* time: never a counter */
	UT_EQ(info(3, &err), PMU_CTR_INFO_TYPE_FW | (63UL << 12));
	UT_EQ(err, 0);
	/* the hpmcounters exist but are not SBI's */
	UT_EQ(cfg_match(0, 0x7, 0, EV_HW(PMU_HW_CPU_CYCLES), 0, &idx),
	      SBI_ERR_INVALID_PARAM);
	UT_EQ(cfg_match(0, 0x5, 0, EV_HW(PMU_HW_CACHE_REFERENCES), 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x5, 0, EV_HW(PMU_HW_CPU_CYCLES), 0, &idx), 0);
	UT_EQ(idx, 0);
	UT_EQ(cfg_match(3, 1, 0, EV_FW(PMU_FW_SET_TIMER), 0, &idx), 0);
	UT_EQ(idx, 3);
	/* readable from hart init on, and after the delegation set-up */
	UT_EQ(sim.counteren & (PMU_FIXED_MASK | ALL_HPM), PMU_FIXED_MASK);
	sim.counteren = 0;
	pmu_hart_delegate(H, env_features(&c));
	UT_EQ(sim.counteren & (PMU_FIXED_MASK | ALL_HPM), PMU_FIXED_MASK);
}

static void default_map_uses_selector_codes(void)
{
	static const struct {
		unsigned long ev;
		uint64_t sel;
	} t[] = {
		{ EV_HW(PMU_HW_CACHE_REFERENCES), HPM_EV_CACHE_L1_RD_DATA_ACCESS },
		{ EV_HW(PMU_HW_CACHE_MISSES), HPM_EV_CACHE_L1_RD_DATA_MISS },
		{ EV_HW(PMU_HW_BRANCH_INSTRUCTIONS), HPM_EV_INST_BRJMP_SPEC },
		{ EV_HW(PMU_HW_BRANCH_MISSES), HPM_EV_INST_MISPRED_SPEC },
		{ EV_HW(PMU_HW_REF_CPU_CYCLES), HPM_EV_CYCLES_REF },
		{ EV_CACHE(PMU_CACHE_L1D, 0, 0), HPM_EV_CACHE_L1_RD_DATA_ACCESS },
		{ EV_CACHE(PMU_CACHE_L1D, 0, 1), HPM_EV_CACHE_L1_RD_DATA_MISS },
		{ EV_CACHE(PMU_CACHE_L1I, 0, 0), HPM_EV_CACHE_L1I_RD_CODE_ACCESS },
		{ EV_CACHE(PMU_CACHE_L1I, 0, 1), HPM_EV_CACHE_L1I_RD_CODE_MISS },
		{ EV_CACHE(PMU_CACHE_LL, 0, 0), HPM_EV_CACHE_LL_RD_DATA_ACCESS },
		{ EV_CACHE(PMU_CACHE_LL, 0, 1), HPM_EV_CACHE_LL_RD_DATA_MISS },
		{ EV_CACHE(PMU_CACHE_ITLB, 0, 0), HPM_EV_TLB_L1I_CODE_ACCESS },
		{ EV_CACHE(PMU_CACHE_ITLB, 0, 1), HPM_EV_TLB_L1I_CODE_MISS },
	};
	unsigned long idx;
	unsigned int i;

	env_setup(&cfg_full, MAP_DEFAULT);
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		UT_EQ(cfg_match(0, ALL_HPM, 0, t[i].ev, 0, &idx), 0);
		UT_EQ(sim.evt[idx] & ~PMU_EVT_CTRL_MASK, t[i].sel);
		UT_EQ(ctr_stop(idx, 1, PMU_STOP_RESET), 0);
	}
	/*
	 * cycles and instret: with Sscofpmf an hpm counter (it can raise the
	 * overflow interrupt) comes first, with the standard selector code;
	 * the fixed counter when the set offers nothing else.
	 */
	UT_EQ(cfg_match(0, 0x7fffd, 0, EV_HW(PMU_HW_CPU_CYCLES), 0, &idx), 0);
	UT_EQ(idx, 3);
	UT_EQ(sim.evt[3] & ~PMU_EVT_CTRL_MASK, HPM_EV_CYCLES_HART);
	UT_EQ(cfg_match(0, 0x1, 0, EV_HW(PMU_HW_CPU_CYCLES), 0, &idx), 0);
	UT_EQ(idx, 0);
	UT_EQ(cfg_match(0, 0x7fffd, 0, EV_HW(PMU_HW_INSTRUCTIONS), 0, &idx), 0);
	UT_EQ(idx, 4);
	UT_EQ(sim.evt[4] & ~PMU_EVT_CTRL_MASK, HPM_EV_INST_RET);
	UT_EQ(cfg_match(2, 0x1, 0, EV_HW(PMU_HW_INSTRUCTIONS), 0, &idx), 0);
	UT_EQ(idx, 2);
}

static void default_map_leaves_others_unsupported(void)
{
	unsigned long idx;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(0, 0x7fffd, 0, EV_HW(PMU_HW_BUS_CYCLES), 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x7fffd, 0, EV_HW(PMU_HW_STALLED_CYCLES_BACKEND),
			0, &idx), SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x7fffd, 0, EV_CACHE(PMU_CACHE_DTLB, 0, 0), 0,
			&idx), SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x7fffd, 0, EV_CACHE(PMU_CACHE_L1D, 1, 0), 0,
			&idx), SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x7fffd, 0, EV_RAW, 3, &idx),
	      SBI_ERR_NOT_SUPPORTED);
}

static void no_map_only_fixed_counters(void)
{
	unsigned long idx;

	env_setup(&cfg_full, MAP_NONE);
	UT_EQ(cfg_match(0, 0x7fffd, 0, EV_HW(PMU_HW_CPU_CYCLES), 0, &idx), 0);
	UT_EQ(idx, 0);
	UT_EQ(cfg_match(0, 0x7fffd, 0, EV_HW(PMU_HW_CPU_CYCLES), 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x7fffd, 0, EV_HW(PMU_HW_INSTRUCTIONS), 0, &idx), 0);
	UT_EQ(idx, 2);
	UT_EQ(cfg_match(0, 0x7fffd, 0, EV_HW(PMU_HW_CACHE_MISSES), 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
}

static const struct ut_case cases[] = {
	UT_CASE(probe_finds_counters_and_width),
	UT_CASE(time_slot_and_past_end_invalid),
	UT_CASE(firmware_counters_follow_hardware),
	UT_CASE(probe_with_gaps),
	UT_CASE(probe_all_29_counters_makes_64),
	UT_CASE(probe_without_hpm_counters),
	UT_CASE(hardwired_zero_counter_is_absent),
	UT_CASE(probe_leaves_counters_quiet),
	UT_CASE(no_mcountinhibit_fixed_never_stop),
	UT_CASE(default_map_uses_selector_codes),
	UT_CASE(default_map_leaves_others_unsupported),
	UT_CASE(no_map_only_fixed_counters),
};

void suite_platform(void)
{
	UT_SUITE("platform", cases);
}
