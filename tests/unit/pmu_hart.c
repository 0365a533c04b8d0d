/* SPDX-License-Identifier: BSD-2-Clause */
/* Tests of lib/pmu/pmu_hart.c: init, HSM stop, suspend and resume. */
#include "pmu_test.h"

#define REFS	EV_HW(PMU_HW_CACHE_REFERENCES)
#define SEL	HPM_EV_CACHE_L1_RD_DATA_ACCESS

static void init_programs_hardware(void)
{
	unsigned int i;

	sim_reset(&cfg_full);
	sim.inhibit = 0x2;	/* unrelated bit (PDIS) */
	sim.counteren = 0x2;	/* TM, the firmware's business */
	for (i = 3; i <= 18; i++)
		sim.evt[i] = 0x77;
	pmu_platform_init(PLAT, env_features(&cfg_full));
	pmu_platform_probe(PLAT);
	pmu_platform_default_map(PLAT);
	for (i = 3; i <= 18; i++)
		sim.ctr[i] = 5;
	sim.ctr[0] = 5;
	pmu_hart_init(H, PLAT);
	/* cycle and instret run from boot, the hpmcounters are inhibited */
	UT_EQ(sim.inhibit, 0x7fff8 | 0x2);
	UT_EQ(sim.counteren, 0x7fffd | 0x2);
	UT_EQ(sim.cyclecfg, PMU_EVT_MINH);
	UT_EQ(sim.instretcfg, PMU_EVT_MINH);
	for (i = 3; i <= 18; i++) {
		UT_EQ(sim.evt[i], 0);	/* no event: idle (pmu_hw_idle_value) */
		UT_EQ(sim.ctr[i], 0);
	}
	UT_EQ(sim.ctr[0], 0);
	UT_EQ(H->mapped | H->started, 0);
	UT_TRUE(H->snap == NULL);
	UT_TRUE(H->plat == PLAT);
	/* ... counting S and U work, never M-mode's (MINH) */
	sim_count(SIM_S, SIM_SEL_CYCLES, 3);
	sim_count(SIM_U, SIM_SEL_INSTRET, 4);
	sim_count(SIM_M, SIM_SEL_CYCLES, 50);
	sim_count(SIM_M, SIM_SEL_INSTRET, 50);
	UT_EQ(sim.ctr[0], 3);
	UT_EQ(sim.ctr[2], 4);
}

static void init_without_extensions(void)
{
	unsigned int i;

	env_setup(&cfg_bare, MAP_DEFAULT);
	for (i = 3; i <= 18; i++)
		UT_EQ(sim.evt[i], 0);	/* no MINH bit to set */
	UT_EQ(sim.inhibit, 0x7fff8);
	/* without Smcntrpmf nothing can keep M-mode out of them */
	sim_count(SIM_M, SIM_SEL_CYCLES, 5);
	sim_count(SIM_S, SIM_SEL_INSTRET, 6);
	UT_EQ(sim.ctr[0], 5);
	UT_EQ(sim.ctr[2], 6);
}

/*
 * config_matching of cycle/instret works as on an inhibited counter: bound
 * without AUTO_START it stops; released (stop with RESET) it runs free
 * again from its value, idle event (MINH) back in place.
 */
static void fixed_counters_free_unless_bound(void)
{
	unsigned long c, v;

	env_setup(&cfg_full, MAP_DEFAULT);
	sim_count(SIM_S, SIM_SEL_CYCLES, 10);
	UT_EQ(sim.ctr[0], 10);
	UT_EQ(cfg_match(0, 1, PMU_CFG_SET_UINH, EV_HW(1), 0, &c), 0);
	UT_EQ(c, 0);
	UT_TRUE(sim.inhibit & 1);
	UT_EQ(sim.ctr[0], 10);	/* no CLEAR_VALUE: the value stays */
	sim_count(SIM_S, SIM_SEL_CYCLES, 10);
	UT_EQ(sim.ctr[0], 10);
	UT_EQ(ctr_start(0, 1, PMU_START_SET_INIT_VALUE, 0), 0);
	sim_count(SIM_U, SIM_SEL_CYCLES, 4);	/* UINH */
	sim_count(SIM_S, SIM_SEL_CYCLES, 2);
	UT_EQ(ctr_stop(0, 1, 0), 0);
	UT_EQ(sim.ctr[0], 2);
	UT_EQ(sim.cyclecfg, PMU_EVT_MINH | PMU_EVT_UINH);
	sim_count(SIM_S, SIM_SEL_CYCLES, 7);	/* stopped, still bound */
	UT_EQ(sim.ctr[0], 2);
	UT_EQ(ctr_stop(0, 1, PMU_STOP_RESET), 0);	/* a mapped one: released */
	UT_EQ(sim.cyclecfg, PMU_EVT_MINH);
	UT_EQ(sim.inhibit & 5, 0);
	sim_count(SIM_U, SIM_SEL_CYCLES, 4);
	sim_count(SIM_M, SIM_SEL_CYCLES, 4);
	UT_EQ(sim.ctr[0], 6);
	/* AUTO_START and CLEAR_VALUE as before; RESET of a running one */
	UT_EQ(cfg_match(2, 1, PMU_CFG_AUTO_START | PMU_CFG_CLEAR_VALUE,
			EV_HW(2), 0, &c), 0);
	UT_EQ(sim.ctr[2], 0);
	sim_count(SIM_S, SIM_SEL_INSTRET, 3);
	UT_EQ(ctr_stop(2, 1, PMU_STOP_RESET), 0);
	sim_count(SIM_S, SIM_SEL_INSTRET, 3);
	UT_EQ(sim.ctr[2], 6);
	UT_EQ(fw_read(2, &v), SBI_ERR_INVALID_PARAM);
	/* both in one RESET (the several-counter path): free again */
	UT_EQ(cfg_match(0, 1, 0, EV_HW(1), 0, &c), 0);
	UT_EQ(cfg_match(2, 1, 0, EV_HW(2), 0, &c), 0);
	UT_EQ(sim.inhibit & 5, 5);
	UT_EQ(ctr_stop(0, 5, PMU_STOP_RESET), 0);
	UT_EQ(sim.inhibit & 5, 0);
	UT_EQ(sim.cyclecfg, PMU_EVT_MINH);
	/* bound the long way (SKIP_MATCH, Linux's legacy cycles): stops too */
	UT_EQ(cfg_match(0, 1, PMU_CFG_SKIP_MATCH, EV_HW(1), 0, &c), 0);
	UT_TRUE(sim.inhibit & 1);
}

static void stop_releases_everything(void)
{
	unsigned long idx, v;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_AUTO_START, REFS, 0, &idx), 0);
	UT_EQ(cfg_match(FW(0), 1, PMU_CFG_AUTO_START, EV_FW(7), 0, &idx), 0);
	pmu_fw_event_inc(H, 7);
	sim_count(SIM_S, SEL, 9);
	pmu_hart_stop(H);
	UT_EQ(H->mapped | H->started, 0);
	UT_TRUE(H->snap == NULL);
	UT_EQ(sim.ctr[3], 0);
	UT_EQ(sim.evt[3], 0);
	UT_TRUE(sim.inhibit & (1U << 3));
	UT_EQ(fw_read(idx, &v), SBI_ERR_INVALID_PARAM);
	pmu_fw_event_inc(H, 7);
	UT_EQ(H->fw_value[0], 0);
	/* and it comes back up like a fresh hart */
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(idx, 3);
}

static void suspend_resume_restores_state(void)
{
	unsigned long a, b, c;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_AUTO_START | PMU_CFG_CLEAR_VALUE |
			PMU_CFG_SET_UINH, REFS, 0, &a), 0);
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_CLEAR_VALUE, REFS, 0, &b), 0);
	UT_EQ(cfg_match(0, 1, PMU_CFG_AUTO_START | PMU_CFG_CLEAR_VALUE |
			PMU_CFG_SET_SINH, EV_HW(1), 0, &c), 0);
	UT_EQ(ctr_start(b, 1, PMU_START_SET_INIT_VALUE, 0xfffffffffffeULL), 0);
	sim_count(SIM_S, SEL, 7);	/* b overflows */
	sim_count(SIM_U, SIM_SEL_CYCLES, 3);
	UT_EQ(ctr_stop(b, 1, 0), 0);
	sim.ctr[2] = 50;
	pmu_hart_suspend(H);
	/* everything frozen while suspending, free-running instret too */
	UT_EQ(sim.inhibit & ((1U << a) | (1U << c) | 0x4),
	      (1U << a) | (1U << c) | 0x4);
	sim_count(SIM_S, SEL, 100);
	sim_count(SIM_S, SIM_SEL_INSTRET, 100);
	UT_EQ(sim.ctr[a], 7);
	UT_EQ(sim.ctr[2], 50);
	sim_scramble();
	pmu_hart_resume(H);
	UT_EQ(sim.ctr[a], 7);
	UT_EQ(sim.ctr[b], 5);
	UT_EQ(sim.ctr[c], 3);
	UT_EQ(sim.evt[a], SEL | PMU_EVT_MINH | PMU_EVT_UINH);
	UT_EQ(sim.evt[b], SEL | PMU_EVT_MINH | PMU_EVT_OF);
	UT_EQ(sim.cyclecfg, PMU_EVT_MINH | PMU_EVT_SINH);
	UT_EQ(sim.evt[5], 0);	/* idle, not sim_scramble()'s value */
	UT_EQ(sim.instretcfg, PMU_EVT_MINH);
	UT_EQ(sim.counteren & 0x7fffd, 0x7fffd);
	/* a and c count again, b stays stopped */
	sim_count(SIM_S, SEL, 1);
	sim_count(SIM_U, SIM_SEL_CYCLES, 1);
	UT_EQ(sim.ctr[a], 8);
	UT_EQ(sim.ctr[b], 5);
	UT_EQ(sim.ctr[c], 4);
	/* instret (2) runs free throughout */
	UT_EQ(sim.inhibit & 0x7fffd,
	      0x7fffd & ~((1U << a) | (1U << c) | (1U << 2)));
	UT_EQ(ctr_start(b, 1, 0, 0), 0);
	UT_TRUE(!(sim.evt[b] & PMU_EVT_OF));
}

/* A bound, stopped cycle counter is not free-running after a resume. */
static void resume_keeps_bound_fixed_counter_stopped(void)
{
	unsigned long c;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(0, 1, PMU_CFG_CLEAR_VALUE, EV_HW(1), 0, &c), 0);
	UT_EQ(c, 0);
	pmu_hart_suspend(H);
	sim_scramble();
	pmu_hart_resume(H);
	UT_TRUE(sim.inhibit & 1);
	UT_EQ(sim.inhibit & 4, 0);	/* instret, unbound, runs */
	sim_count(SIM_S, SIM_SEL_CYCLES, 5);
	UT_EQ(sim.ctr[0], 0);
	UT_EQ(ctr_start(0, 1, 0, 0), 0);
	sim_count(SIM_S, SIM_SEL_CYCLES, 5);
	UT_EQ(sim.ctr[0], 5);
}

/* A running counter that overflowed keeps OF across suspend (fuzz find). */
static void resume_keeps_of_of_running_counter(void)
{
	unsigned long d;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_CLEAR_VALUE, REFS, 0, &d), 0);
	UT_EQ(ctr_start(d, 1, PMU_START_SET_INIT_VALUE, 0xfffffffffffeULL), 0);
	sim_count(SIM_S, SEL, 3);	/* wraps, still running */
	UT_TRUE(sim.evt[d] & PMU_EVT_OF);
	pmu_hart_suspend(H);
	sim_scramble();
	pmu_hart_resume(H);
	UT_EQ(sim.evt[d], SEL | PMU_EVT_MINH | PMU_EVT_OF);
	UT_EQ(sim.ctr[d], 1);
	sim_count(SIM_S, SEL, 2);	/* and it counts on */
	UT_EQ(sim.ctr[d], 3);
}

/* A suspend that loses nothing: resume must not clear OF either */
static void retentive_resume_keeps_of(void)
{
	unsigned long d;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_CLEAR_VALUE, REFS, 0, &d), 0);
	UT_EQ(ctr_start(d, 1, PMU_START_SET_INIT_VALUE, 0xfffffffffffeULL), 0);
	sim_count(SIM_S, SEL, 3);
	pmu_hart_suspend(H);
	pmu_hart_resume(H);
	UT_EQ(sim.evt[d], SEL | PMU_EVT_MINH | PMU_EVT_OF);
	UT_EQ(sim.ctr[d], 1);
	UT_TRUE(!(sim.inhibit & (1U << d)));
}

/*
 * Without mcountinhibit cycle and instret never stop, and run into the
 * suspend: a suspend that loses them gets back the values they had, bound
 * or free, so that they never go backwards.
 */
static void resume_restores_nostop_values(void)
{
	struct sim_cfg c = cfg_bare;
	unsigned long idx;

	c.mcountinhibit = false;
	env_setup(&c, MAP_DEFAULT);
	UT_EQ(cfg_match(0, 0x5, 0, EV_HW(1), 0, &idx), 0);
	UT_EQ(ctr_start(0, 1, PMU_START_SET_INIT_VALUE, 1000), 0);
	sim.ctr[2] = 2000;	/* free, running */
	pmu_hart_suspend(H);
	sim_scramble();
	pmu_hart_resume(H);
	UT_EQ(sim.ctr[0], 1000);
	UT_EQ(sim.ctr[2], 2000);
	UT_EQ(sim.counteren & 0x7fffd, 0x5);
	UT_EQ(H->mapped, 0x1);
	UT_EQ(H->started, 0x1);
	sim_count(SIM_S, SIM_SEL_CYCLES, 3);
	sim_count(SIM_S, SIM_SEL_INSTRET, 4);
	UT_EQ(sim.ctr[0], 1003);
	UT_EQ(sim.ctr[2], 2004);
}

static void two_harts_are_independent(void)
{
	static struct pmu_hart other;
	struct sim_hart sim0;
	unsigned long idx;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(FW(0), 1, PMU_CFG_AUTO_START, EV_FW(6), 0, &idx), 0);
	sim0 = sim;
	sim_reset(&cfg_full);
	pmu_hart_init(&other, PLAT);
	pmu_fw_event_inc(&other, 6);
	UT_EQ(other.mapped, 0);
	UT_EQ(H->fw_value[0], 0);
	pmu_fw_event_inc(H, 6);
	UT_EQ(H->fw_value[0], 1);
	sim = sim0;
}

static const struct ut_case cases[] = {
	UT_CASE(init_programs_hardware),
	UT_CASE(init_without_extensions),
	UT_CASE(fixed_counters_free_unless_bound),
	UT_CASE(stop_releases_everything),
	UT_CASE(suspend_resume_restores_state),
	UT_CASE(resume_keeps_of_of_running_counter),
	UT_CASE(resume_keeps_bound_fixed_counter_stopped),
	UT_CASE(retentive_resume_keeps_of),
	UT_CASE(resume_restores_nostop_values),
	UT_CASE(two_harts_are_independent),
};

void suite_hart(void)
{
	UT_SUITE("hart", cases);
}
