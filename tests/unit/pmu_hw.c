/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Tests of lib/pmu/pmu_hw.c: privilege filtering through Sscofpmf
 * (mhpmevent) and Smcntrpmf (mcyclecfg/minstretcfg), M-mode always
 * inhibited, and which counters may serve a filtered request.
 */
#include "pmu_test.h"

#define CYC	EV_HW(PMU_HW_CPU_CYCLES)
#define INS	EV_HW(PMU_HW_INSTRUCTIONS)
#define REFS	EV_HW(PMU_HW_CACHE_REFERENCES)
#define SEL	HPM_EV_CACHE_L1_RD_DATA_ACCESS

static void each_inhibit_flag_maps_to_its_bit(void)
{
	static const struct {
		unsigned long flag;
		uint64_t bit;
	} t[] = {
		{ PMU_CFG_SET_VUINH, PMU_EVT_VUINH },
		{ PMU_CFG_SET_VSINH, PMU_EVT_VSINH },
		{ PMU_CFG_SET_UINH, PMU_EVT_UINH },
		{ PMU_CFG_SET_SINH, PMU_EVT_SINH },
		{ PMU_CFG_SET_MINH, 0 },
		{ 0, 0 },
	};
	unsigned long idx;
	unsigned int i;

	env_setup(&cfg_full, MAP_DEFAULT);
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		UT_EQ(cfg_match(0, ALL_HPM, t[i].flag, REFS, 0, &idx), 0);
		UT_EQ(sim.evt[idx], SEL | PMU_EVT_MINH | t[i].bit);
		UT_EQ(cfg_match(0, 1, t[i].flag, CYC, 0, &idx), 0);
		UT_EQ(sim.cyclecfg, PMU_EVT_MINH | t[i].bit);
		UT_EQ(cfg_match(0, 4, t[i].flag, INS, 0, &idx), 0);
		UT_EQ(sim.instretcfg, PMU_EVT_MINH | t[i].bit);
		UT_EQ(ctr_stop(0, 0x7fffd, PMU_STOP_RESET),
		      SBI_ERR_ALREADY_STOPPED);	/* most were never mapped */
		UT_EQ(H->mapped, 0);
	}
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_INH_MASK, REFS, 0, &idx), 0);
	UT_EQ(sim.evt[idx], SEL | (0x1fULL << 58));
}

static void filters_really_filter(void)
{
	unsigned long idx;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_AUTO_START | PMU_CFG_SET_UINH,
			REFS, 0, &idx), 0);
	UT_EQ(cfg_match(0, 1, PMU_CFG_AUTO_START | PMU_CFG_SET_SINH, CYC, 0,
			&idx), 0);
	sim_count(SIM_M, SEL, 1000);
	sim_count(SIM_S, SEL, 10);
	sim_count(SIM_U, SEL, 1);
	sim_count(SIM_VS, SEL, 100);
	UT_EQ(sim.ctr[3], 110);	/* S + VS: not M, not U */
	sim_count(SIM_M, SIM_SEL_CYCLES, 1000);
	sim_count(SIM_S, SIM_SEL_CYCLES, 10);
	sim_count(SIM_U, SIM_SEL_CYCLES, 1);
	UT_EQ(sim.ctr[0], 1);	/* U only */
}

static void m_mode_never_counted(void)
{
	unsigned long idx;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_AUTO_START, REFS, 0, &idx), 0);
	UT_EQ(cfg_match(0, 4, PMU_CFG_AUTO_START, INS, 0, &idx), 0);
	sim_count(SIM_M, SEL, 50);
	sim_count(SIM_M, SIM_SEL_INSTRET, 50);
	UT_EQ(sim.ctr[3], 0);
	UT_EQ(sim.ctr[2], 0);
	sim_count(SIM_S, SIM_SEL_INSTRET, 3);
	UT_EQ(sim.ctr[2], 3);
}

static void fixed_counters_without_smcntrpmf(void)
{
	struct sim_cfg c = cfg_full;
	unsigned long idx, i;

	c.smcntrpmf = false;
	env_setup(&c, MAP_DEFAULT);
	/* the fixed counter, no cfg CSR touched (absent) */
	UT_EQ(cfg_match(0, 0x1, 0, CYC, 0, &idx), 0);
	UT_EQ(idx, 0);
	UT_EQ(ctr_stop(0, 1, PMU_STOP_RESET), 0);
	/* filtered: a counter that honours the hints comes first */
	UT_EQ(cfg_match(0, 0x7fffd, PMU_CFG_SET_UINH, CYC, 0, &idx), 0);
	UT_EQ(idx, 3);
	UT_EQ(sim.evt[3], HPM_EV_CYCLES_HART | PMU_EVT_MINH | PMU_EVT_UINH);
	/* MINH is forced anyway: the fixed counter takes it */
	UT_EQ(cfg_match(2, 0x1, PMU_CFG_SET_MINH, INS, 0, &idx), 0);
	UT_EQ(idx, 2);
	UT_EQ(ctr_stop(2, 1, PMU_STOP_RESET), 0);
	/* the fixed counters cannot filter: never used for a filtered ask */
	for (i = 4; i <= 18; i++)
		UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(cfg_match(0, 0x7fffd, PMU_CFG_SET_SINH, INS, 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 1, PMU_CFG_SET_SINH, CYC, 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 1, PMU_CFG_SET_UINH, CYC, 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	/* unfiltered they still count */
	UT_EQ(cfg_match(0, 0x7fffd, 0, INS, 0, &idx), 0);
	UT_EQ(idx, 2);
}

static void guest_hints_need_honouring_with_h(void)
{
	struct sim_cfg c = cfg_full;
	unsigned long idx;

	/* Sscofpmf, no Smcntrpmf, H: VS/VU hints are real requests */
	c.smcntrpmf = false;
	env_setup(&c, MAP_DEFAULT);
	UT_EQ(cfg_match(0, 0x7fffd, PMU_CFG_SET_VSINH, CYC, 0, &idx), 0);
	UT_EQ(idx, 3);
	UT_EQ(sim.evt[3], HPM_EV_CYCLES_HART | PMU_EVT_MINH | PMU_EVT_VSINH);
	UT_EQ(cfg_match(0, 0x7fffd, PMU_CFG_SET_VUINH, INS, 0, &idx), 0);
	UT_EQ(idx, 4);
	/* so the fixed counters, which cannot honour them, are not used */
	UT_EQ(cfg_match(0, 0x1, PMU_CFG_SET_VSINH, CYC, 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x4, PMU_CFG_SET_VUINH, INS, 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	/* without H they are vacuous: nothing of them is programmed */
	c.hyp = false;
	env_setup(&c, MAP_DEFAULT);
	UT_EQ(cfg_match(0, 0x7fffd, PMU_CFG_SET_VSINH, CYC, 0, &idx), 0);
	UT_EQ(idx, 3);
	UT_EQ(sim.evt[3], HPM_EV_CYCLES_HART | PMU_EVT_MINH);
	UT_EQ(cfg_match(0, 0x1, PMU_CFG_SET_VSINH, CYC, 0, &idx), 0);
	UT_EQ(idx, 0);
	UT_EQ(cfg_match(0, 0x4, PMU_CFG_SET_VUINH, INS, 0, &idx), 0);
	UT_EQ(idx, 2);
}

static void no_sscofpmf_hints_ignored(void)
{
	unsigned long idx;

	env_setup(&cfg_bare, MAP_DEFAULT);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(sim.evt[idx], SEL);	/* upper bits are the platform's */
	/* hints the hardware cannot honour are ignored, never refused */
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_SET_SINH, REFS, 0, &idx), 0);
	UT_EQ(sim.evt[idx], SEL);
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_INH_MASK, REFS, 0, &idx), 0);
	UT_EQ(sim.evt[idx], SEL);
	/* except on the fixed counters, which would count M-mode too */
	UT_EQ(cfg_match(0, 0x5, PMU_CFG_SET_SINH, CYC, 0, &idx),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x5, 0, CYC, 0, &idx), 0);
	UT_EQ(idx, 0);
	UT_EQ(cfg_match(0, 0x5, PMU_CFG_SET_VSINH | PMU_CFG_SET_VUINH |
			PMU_CFG_SET_MINH, INS, 0, &idx), 0);
	UT_EQ(idx, 2);
}

static void hints_prefer_honouring_counters(void)
{
	struct sim_cfg c = cfg_full;
	unsigned long idx;

	/* Smcntrpmf but no Sscofpmf: the fixed counters honour, hpm do not */
	c.sscofpmf = false;
	env_setup(&c, MAP_DEFAULT);
	UT_EQ(cfg_match(3, 0xff, PMU_CFG_SET_UINH, REFS, 0, &idx), 0);
	UT_EQ(idx, 3);
	UT_EQ(sim.evt[3], SEL);
	UT_EQ(cfg_match(0, 0x7fffd, PMU_CFG_SET_UINH, CYC, 0, &idx), 0);
	UT_EQ(idx, 0);
	UT_EQ(sim.cyclecfg, PMU_EVT_MINH | PMU_EVT_UINH);
	/* VS/VU hints with H: honouring counter first as well */
	UT_EQ(cfg_match(3, 0xff, 0, INS, 0, &idx), 0);
	UT_EQ(idx, 4);
	UT_EQ(cfg_match(0, 0x7fffd, PMU_CFG_SET_VSINH, INS, 0, &idx), 0);
	UT_EQ(idx, 2);
	UT_EQ(sim.instretcfg, PMU_EVT_MINH | PMU_EVT_VSINH);
	/* without hints the lowest free counter, as always */
	UT_EQ(cfg_match(0, 0x7fffd, 0, CYC, 0, &idx), 0);
	UT_EQ(idx, 5);
}

static void no_sscofpmf_overflow_untouched(void)
{
	unsigned long idx;

	env_setup(&cfg_bare, MAP_DEFAULT);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(ctr_start(3, 1, PMU_START_SET_INIT_VALUE, 0xffffffffffffULL), 0);
	sim_count(SIM_S, SEL, 2);
	UT_EQ(sim.ctr[3], 1);
	UT_EQ(sim.lcofi, 0);
	UT_EQ(ctr_stop(3, 1, 0), 0);
	UT_EQ(ctr_start(3, 1, 0, 0), 0);	/* scountovf never read */
	UT_EQ(sim.evt[3], SEL);
}

static const struct ut_case cases[] = {
	UT_CASE(each_inhibit_flag_maps_to_its_bit),
	UT_CASE(filters_really_filter),
	UT_CASE(m_mode_never_counted),
	UT_CASE(fixed_counters_without_smcntrpmf),
	UT_CASE(no_sscofpmf_hints_ignored),
	UT_CASE(hints_prefer_honouring_counters),
	UT_CASE(guest_hints_need_honouring_with_h),
	UT_CASE(no_sscofpmf_overflow_untouched),
};

void suite_hw(void)
{
	UT_SUITE("hw", cases);
}
