/* SPDX-License-Identifier: BSD-2-Clause */
/* Tests of lib/pmu/pmu_deleg.c: the counter delegation and PDIS policy. */
#include "pmu_test.h"

#define CYC	EV_HW(PMU_HW_CPU_CYCLES)
#define INS	EV_HW(PMU_HW_INSTRUCTIONS)
#define REFS	EV_HW(PMU_HW_CACHE_REFERENCES)
#define TM	0x2U
#define INH_PDIS	(1U << COUNTINHIBIT_PDIS_SHIFT)
#define STATEEN_PDIS	(1ULL << SMSTATEEN0_PDIS_SHIFT)

/* cfg_full plus Smcdeleg/Ssccfg/Sscsrind, Smstateen and Smpdis/Sspdis */
static const struct sim_cfg cfg_deleg = {
	.hpm_mask = ALL_HPM, .width = 48, .mcountinhibit = true,
	.sscofpmf = true, .smcntrpmf = true, .hyp = true,
	.smcdeleg = true, .smstateen = true, .smpdis = true,
};

/* The firmware's order: platform, delegation request, then each hart. */
static uint32_t plat_setup(const struct sim_cfg *cfg, uint32_t want,
			   bool pdis)
{
	sim_reset(cfg);
	pmu_platform_init(PLAT, env_features(cfg));
	pmu_platform_probe(PLAT);
	pmu_platform_default_map(PLAT);
	return pmu_platform_delegate(PLAT, want, pdis);
}

static void hart_setup(const struct sim_cfg *hart_cfg)
{
	pmu_hart_init(H, PLAT);
	sim.counteren |= TM;	/* the firmware's own bit */
	pmu_hart_delegate(H, env_features(hart_cfg));
}

static uint32_t setup(const struct sim_cfg *cfg, uint32_t want, bool pdis)
{
	uint32_t d = plat_setup(cfg, want, pdis);

	hart_setup(cfg);
	return d;
}

static void narrowed_to_safe_counters(void)
{
	struct sim_cfg c = cfg_deleg;

	UT_EQ(setup(&cfg_deleg, 0xffffffff, true), 0x7fffd);	/* no bit 1 */
	UT_EQ(setup(&cfg_deleg, 0x78, true), 0x78);
	UT_EQ(setup(&cfg_deleg, 0x80000078, true), 0x78);	/* absent */
	c.smcntrpmf = false;	/* cycle/instret could not keep M-mode out */
	UT_EQ(setup(&c, 0x7fffd, true), 0x7fff8);
	c = cfg_deleg;
	c.sscofpmf = false;	/* no MINH in mhpmevent */
	UT_EQ(setup(&c, 0x7fffd, true), 0x5);
	c = cfg_deleg;
	c.smcdeleg = false;
	UT_EQ(setup(&c, 0x7fffd, true), 0);
	UT_EQ(sim.menvcfg, 0);
	UT_TRUE(!pmu_hart_cde(H));
}

static void sbi_never_hands_out_delegated(void)
{
	unsigned long idx, info;
	unsigned int i;

	setup(&cfg_deleg, 0x7f9, false);	/* cycle, hpm 3..10 */
	UT_EQ(PLAT->hw_mask, 0x7f804);
	for (i = 0; i < 32; i++)
		if ((0x7f9 >> i) & 1)
			UT_EQ(ecall6(SBI_EXT_PMU_COUNTER_GET_INFO, i, 0, 0, 0,
				     0, 0, &info), SBI_ERR_INVALID_PARAM);
	/* a mask naming a delegated counter names an invalid one */
	UT_EQ(cfg_match(0, 0x7fffd, 0, REFS, 0, &idx), SBI_ERR_INVALID_PARAM);
	UT_EQ(cfg_match(0, 0x1, 0, CYC, 0, &idx), SBI_ERR_INVALID_PARAM);
	/* every free SBI counter, then nothing */
	for (i = 0; i < 8; i++) {
		UT_EQ(cfg_match(0, 0x7f804, 0, REFS, 0, &idx), 0);
		UT_TRUE(!((0x7f9 >> idx) & 1));
	}
	UT_EQ(cfg_match(0, 0x7f804, 0, REFS, 0, &idx), SBI_ERR_NOT_SUPPORTED);
	/* cycles now lives only on SBI's hpmcounters: none left */
	UT_EQ(cfg_match(0, 0x7f804, 0, CYC, 0, &idx), SBI_ERR_NOT_SUPPORTED);
	UT_EQ(cfg_match(0, 0x4, 0, INS, 0, &idx), 0);
	UT_EQ(idx, 2);
	/* start/stop of a delegated index is not SBI's either */
	UT_EQ(ctr_start(3, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_stop(3, 1, PMU_STOP_RESET), SBI_ERR_INVALID_PARAM);
}

static void hart_programs_delegation(void)
{
	unsigned int i;

	/* probing zeroes the counters: dirty them between platform and hart */
	plat_setup(&cfg_deleg, 0x7d, true);	/* cycle, instret, hpm 3..6 */
	for (i = 0; i <= 18; i++)
		sim.ctr[i] = 9;
	sim.evt[3] = 0x77;
	hart_setup(&cfg_deleg);
	UT_EQ(sim.menvcfg, PMU_MENVCFG_CDE);
	UT_TRUE(pmu_hart_cde(H));
	/* only delegated counters (and time) in mcounteren: sireg stays off SBI's */
	UT_EQ(sim.counteren, 0x7d | TM);
	UT_EQ(sim.mstateen0, PMU_MSTATEEN0_CSRIND | STATEEN_PDIS);
	for (i = 3; i <= 6; i++) {
		UT_EQ(sim.evt[i], PMU_EVT_MINH);
		UT_EQ(sim.ctr[i], 0);
		UT_TRUE((sim.inhibit >> i) & 1);
	}
	UT_EQ(sim.cyclecfg, PMU_EVT_MINH);
	UT_EQ(sim.instretcfg, PMU_EVT_MINH);
	UT_EQ(sim.ctr[0], 0);
	UT_EQ(sim.ctr[2], 0);
	UT_TRUE(sim.inhibit & 0x5);
	/* PDIS: nothing sampled, OF set, counting left to S-mode's spdisctl */
	UT_EQ(sim.mpdisctl, PDISCTL_OF);
	UT_EQ(sim.inhibit & INH_PDIS, 0);
	UT_EQ(sim.bad_access, 0);
}

static void pdis_kept_from_s_mode(void)
{
	/* what a previous owner of the hart left (after sim_reset) */
	plat_setup(&cfg_deleg, 0, false);
	sim.mpdisctl = PDISCTL_M | PDISCTL_S | PDISCTL_U | PDISCTL_SEL_LOAD;
	sim.mstateen0 = STATEEN_PDIS;
	sim.menvcfg = PMU_MENVCFG_CDE;
	hart_setup(&cfg_deleg);
	UT_EQ(sim.mpdisctl, PDISCTL_OF);
	UT_EQ(sim.mstateen0, 0);	/* neither PDIS nor CSRIND */
	UT_TRUE(sim.inhibit & INH_PDIS);
	UT_EQ(sim.menvcfg, 0);
	/* no delegation: SBI counters readable directly, as before */
	UT_EQ(sim.counteren, 0x7fffd | TM);
	UT_TRUE(!pmu_hart_cde(H));
}

static void hart_without_pdis_untouched(void)
{
	struct sim_cfg c = cfg_deleg;

	c.smpdis = false;
	setup(&c, 0x78, true);
	UT_TRUE(!PLAT->pdis_deleg);
	UT_EQ(sim.mstateen0 & STATEEN_PDIS, 0);
	UT_EQ(sim.bad_access, 0);	/* mpdisctl never touched */
}

/* Smpdis in M-mode but no Sspdis for S-mode: PDIS stays the firmware's */
static void hart_without_sspdis_keeps_pdis(void)
{
	UT_EQ(plat_setup(&cfg_deleg, 0x78, true), 0x78);
	UT_TRUE(PLAT->pdis_deleg);
	pmu_hart_init(H, PLAT);
	sim.counteren |= TM;
	sim.mstateen0 = STATEEN_PDIS;
	pmu_hart_delegate(H, env_features(&cfg_deleg) & ~PMU_FEAT_SSPDIS);
	UT_EQ(sim.mstateen0, PMU_MSTATEEN0_CSRIND);
	UT_TRUE(sim.inhibit & INH_PDIS);
	UT_EQ(sim.mpdisctl, PDISCTL_OF);
	UT_TRUE(pmu_hart_cde(H));
}

static void hart_lacking_smcdeleg_stays_sbi(void)
{
	struct sim_cfg c = cfg_deleg;

	UT_EQ(plat_setup(&cfg_deleg, 0x78, true), 0x78);
	c.smcdeleg = false;	/* this hart, unlike the boot hart */
	sim.cfg = c;
	hart_setup(&c);
	UT_TRUE(!pmu_hart_cde(H));
	UT_EQ(sim.menvcfg, 0);
	UT_EQ(sim.counteren & 0x78, 0);	/* nobody's: unreachable */
	UT_EQ(sim.inhibit & 0x78, 0x78);
}

static void emulated_reads_only_for_sbi_counters(void)
{
	uint64_t v;

	setup(&cfg_deleg, 0x78, true);
	sim.ctr[8] = 1234;
	UT_TRUE(pmu_hart_emulate_read(H, 8, &v));
	UT_EQ(v, 1234);
	UT_TRUE(pmu_hart_emulate_read(H, 0, &v));
	UT_TRUE(!pmu_hart_emulate_read(H, 3, &v));	/* delegated */
	UT_TRUE(!pmu_hart_emulate_read(H, 1, &v));	/* time */
	UT_TRUE(!pmu_hart_emulate_read(H, 19, &v));	/* absent */
	UT_TRUE(!pmu_hart_emulate_read(H, 200, &v));
	setup(&cfg_deleg, 0, true);	/* CDE=0: reads never trap */
	UT_TRUE(!pmu_hart_emulate_read(H, 8, &v));
}

static void resume_reapplies_enables(void)
{
	setup(&cfg_deleg, 0x78, true);
	pmu_hart_suspend(H);
	sim_scramble();
	sim.menvcfg = 0;
	sim.mstateen0 = 0;
	sim.counteren = TM;
	pmu_hart_resume(H);
	UT_EQ(sim.counteren, 0x78 | TM);
	UT_EQ(sim.menvcfg, PMU_MENVCFG_CDE);
	UT_EQ(sim.mstateen0, PMU_MSTATEEN0_CSRIND | STATEEN_PDIS);
	UT_EQ(sim.inhibit & INH_PDIS, 0);
}

#define PDISS		(1ULL << MENVCFG_PDISS_SHIFT)
#define LAMBI		(1ULL << IRQ_LAMBI)

/* The buffer, delegated: S-mode privilege, LAMBI S-mode's, reset off */
static void pdis_buffer_delegated(void)
{
	struct sim_cfg c = cfg_deleg;

	c.pdismem = true;
	plat_setup(&c, 0x78, true);
	sim.ambcs = PDISAMBCS_EN;	/* a previous owner's buffer */
	sim.ambaddr = 0x80000000;
	hart_setup(&c);
	UT_EQ(sim.menvcfg, PMU_MENVCFG_CDE | PDISS);
	UT_EQ(sim.mideleg & LAMBI, LAMBI);
	UT_EQ(sim.ambcs, 0);
	UT_EQ(sim.ambaddr, 0);
	UT_EQ(sim.mstateen0 & STATEEN_PDIS, STATEEN_PDIS);
	/* resume: PDISS and LAMBI again */
	sim.menvcfg = 0;
	sim.mideleg = 0;
	pmu_hart_resume(H);
	UT_EQ(sim.menvcfg, PMU_MENVCFG_CDE | PDISS);
	UT_EQ(sim.mideleg & LAMBI, LAMBI);
}

/* Kept: still PDISS=1 (never an M-mode buffer), LAMBI not delegated */
static void pdis_buffer_kept(void)
{
	struct sim_cfg c = cfg_deleg;

	c.pdismem = true;
	plat_setup(&c, 0, false);
	sim.mideleg = LAMBI;
	hart_setup(&c);
	UT_EQ(sim.menvcfg, PDISS);
	UT_EQ(sim.mideleg & LAMBI, 0);
	UT_EQ(sim.mstateen0 & STATEEN_PDIS, 0);
	UT_EQ(sim.ambcs, 0);
	UT_EQ(sim.bad_access, 0);
}

static const struct ut_case cases[] = {
	UT_CASE(narrowed_to_safe_counters),
	UT_CASE(sbi_never_hands_out_delegated),
	UT_CASE(hart_programs_delegation),
	UT_CASE(pdis_kept_from_s_mode),
	UT_CASE(hart_without_pdis_untouched),
	UT_CASE(hart_without_sspdis_keeps_pdis),
	UT_CASE(hart_lacking_smcdeleg_stays_sbi),
	UT_CASE(emulated_reads_only_for_sbi_counters),
	UT_CASE(resume_reapplies_enables),
	UT_CASE(pdis_buffer_delegated),
	UT_CASE(pdis_buffer_kept),
};

void suite_deleg(void)
{
	UT_SUITE("deleg", cases);
}
