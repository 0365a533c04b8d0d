/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Tests of lib/pmu/pmu_setup.c and the DT side of pmu_dt.c: the ISA to
 * feature map, the /chosen policy and the set-up sequence, on a DT given
 * as a table of raw properties (this file's pmu_host_dt_prop()).
 */
#include <string.h>
#include <pmu/pmu_host.h>
#include "pmu_test.h"

#define DT_PROPS	8

struct dt_prop {
	enum pmu_dt_node node;
	const char *name;
	uint8_t val[64];
	unsigned long len;
};

struct dt {
	struct dt_prop p[DT_PROPS];
	unsigned int n;
};

static struct dt dt;

const void *pmu_host_dt_prop(const void *handle, enum pmu_dt_node node,
			     const char *name, unsigned long *len)
{
	const struct dt *d = handle;
	unsigned int i;

	*len = 0;
	for (i = 0; d && i < d->n; i++) {
		if (d->p[i].node == node && !strcmp(d->p[i].name, name)) {
			*len = d->p[i].len;
			return d->p[i].val;
		}
	}
	return NULL;
}

/* Add a property of n big-endian cells (n may be 0: an empty property) */
static void dt_cells(enum pmu_dt_node node, const char *name,
		     const uint32_t *v, unsigned int n)
{
	struct dt_prop *p = &dt.p[dt.n++];
	unsigned int i;

	p->node = node;
	p->name = name;
	for (i = 0; i < n; i++) {
		p->val[4 * i] = v[i] >> 24;
		p->val[4 * i + 1] = v[i] >> 16;
		p->val[4 * i + 2] = v[i] >> 8;
		p->val[4 * i + 3] = v[i];
	}
	p->len = 4UL * n;
}

static void dt_u32(const char *name, uint32_t v)
{
	dt_cells(PMU_DT_CHOSEN, name, &v, 1);
}

static void isa_each_extension_alone(void)
{
	UT_EQ(pmu_isa_features(0), 0);
	UT_EQ(pmu_isa_features(PMU_ISA_MCOUNTINHIBIT), PMU_FEAT_MCOUNTINHIBIT);
	UT_EQ(pmu_isa_features(PMU_ISA_SSCOFPMF), PMU_FEAT_SSCOFPMF);
	UT_EQ(pmu_isa_features(PMU_ISA_SMCNTRPMF), PMU_FEAT_SMCNTRPMF);
	UT_EQ(pmu_isa_features(PMU_ISA_H), PMU_FEAT_HYP);
	UT_EQ(pmu_isa_features(PMU_ISA_SMSTATEEN), PMU_FEAT_SMSTATEEN);
	UT_EQ(pmu_isa_features(PMU_ISA_SMPDIS), PMU_FEAT_SMPDIS);
}

/* Counter delegation needs all three; Sspdis and MEM need Smpdis */
static void isa_combinations(void)
{
	const unsigned int deleg = PMU_ISA_SMCDELEG | PMU_ISA_SSCCFG |
				   PMU_ISA_SSCSRIND;

	UT_EQ(pmu_isa_features(deleg), PMU_FEAT_SMCDELEG);
	UT_EQ(pmu_isa_features(PMU_ISA_SMCDELEG | PMU_ISA_SSCCFG), 0);
	UT_EQ(pmu_isa_features(PMU_ISA_SMCDELEG | PMU_ISA_SSCSRIND), 0);
	UT_EQ(pmu_isa_features(PMU_ISA_SSCCFG | PMU_ISA_SSCSRIND), 0);
	UT_EQ(pmu_isa_features(PMU_ISA_SSPDIS | PMU_ISA_PDISMEM), 0);
	UT_EQ(pmu_isa_features(PMU_ISA_SMPDIS | PMU_ISA_SSPDIS),
	      PMU_FEAT_SMPDIS | PMU_FEAT_SSPDIS);
	UT_EQ(pmu_isa_features(PMU_ISA_SMPDIS | PMU_ISA_PDISMEM),
	      PMU_FEAT_SMPDIS | PMU_FEAT_PDISMEM);
	UT_EQ(pmu_isa_features(~0U),
	      PMU_FEAT_MCOUNTINHIBIT | PMU_FEAT_SSCOFPMF | PMU_FEAT_SMCNTRPMF |
	      PMU_FEAT_HYP | PMU_FEAT_SMCDELEG | PMU_FEAT_SMSTATEEN |
	      PMU_FEAT_SMPDIS | PMU_FEAT_SSPDIS | PMU_FEAT_PDISMEM);
}

/* No DT, or no /chosen property: the build-time knobs (their defaults) */
static void policy_build_defaults(void)
{
	struct pmu_policy pol;

	memset(&dt, 0, sizeof(dt));
	memset(&pol, 0xa5, sizeof(pol));
	pmu_policy_load(&pol, NULL);
	UT_EQ(pol.delegate, 0);
	UT_TRUE(pol.pdis);
	UT_TRUE(pol.compat);
	memset(&pol, 0xa5, sizeof(pol));
	pmu_policy_load(&pol, &dt);
	UT_EQ(pol.delegate, 0);
	UT_TRUE(pol.pdis);
	UT_TRUE(pol.compat);
}

static void policy_chosen_overrides(void)
{
	struct pmu_policy pol;

	memset(&dt, 0, sizeof(dt));
	dt_u32("tally,pmu-delegate", 0x78);
	dt_u32("tally,pdis-delegate", 0);
	dt_u32("tally,pmu-compat", 0);
	pmu_policy_load(&pol, &dt);
	UT_EQ(pol.delegate, 0x78);
	UT_TRUE(!pol.pdis);
	UT_TRUE(!pol.compat);
	/* any non-zero cell is "on"; the riscv,pmu node is not /chosen */
	memset(&dt, 0, sizeof(dt));
	dt_u32("tally,pdis-delegate", 0x100);
	dt_cells(PMU_DT_PMU, "tally,pmu-delegate",
		 (const uint32_t[]){ 0x8 }, 1);
	pmu_policy_load(&pol, &dt);
	UT_TRUE(pol.pdis);
	UT_EQ(pol.delegate, 0);
}

/* A /chosen property that is not exactly one cell is ignored */
static void policy_malformed_chosen(void)
{
	const uint32_t two[] = { 0x78, 0x8 };
	struct pmu_policy pol;

	memset(&dt, 0, sizeof(dt));
	dt_cells(PMU_DT_CHOSEN, "tally,pmu-delegate", two, 2);
	dt_cells(PMU_DT_CHOSEN, "tally,pmu-compat", NULL, 0);
	dt_u32("tally,pdis-delegate", 0);
	dt.p[2].len = 3;	/* a cell cut short */
	pmu_policy_load(&pol, &dt);
	UT_EQ(pol.delegate, 0);
	UT_TRUE(pol.compat);
	UT_TRUE(pol.pdis);
	UT_EQ(pmu_dt_chosen_u32(&dt, "tally,absent", 77), 77);
}

static unsigned int mapped_hpm_events(void)
{
	unsigned int i, n = 0;

	for (i = 0; i < PMU_HW_EVENT_SLOTS; i++)
		n += (PLAT->events[i].counters & PMU_HPM_MASK) != 0;
	return n;
}

/* QEMU's riscv,pmu node: its map alone, no default map under it */
static void setup_loads_dt_map(void)
{
	const uint32_t ctrs[] = {
		EV_HW(1), EV_HW(1), 0x7fff9, EV_HW(2), EV_HW(2), 0x7fffc,
		EV_CACHE(PMU_CACHE_DTLB, 0, 1), EV_CACHE(PMU_CACHE_DTLB, 0, 1),
		0x7fff8,
	};
	const uint32_t sel[] = { EV_HW(1), 0, 0x1234 };

	sim_reset(&cfg_full);
	memset(&dt, 0, sizeof(dt));
	dt_cells(PMU_DT_PMU, "riscv,event-to-mhpmcounters", ctrs, 9);
	dt_cells(PMU_DT_PMU, "riscv,event-to-mhpmevent", sel, 3);
	memset(PLAT, 0xa5, sizeof(*PLAT));
	UT_EQ(pmu_platform_setup(PLAT, env_features(&cfg_full), &dt), 0);
	UT_EQ(PLAT->map_rows, 4);
	UT_EQ(mapped_hpm_events(), 3);
	UT_EQ(PLAT->events[PMU_HW_CPU_CYCLES].selector, 0x1234);
	UT_EQ(PLAT->events[PMU_HW_CACHE_MISSES].counters, 0);
	UT_EQ(PLAT->hw_mask, 0x7fffd);	/* probed */
	UT_EQ(PLAT->compat, PMU_COMPAT_ALL);
	UT_EQ(PLAT->deleg_mask, 0);
}

/* No node, or a node whose every property is malformed: default map */
static void setup_default_map(void)
{
	const uint32_t bad[] = { EV_HW(3), EV_HW(1), 0x8 };	/* reversed */
	struct pmu_platform ref;

	sim_reset(&cfg_full);
	pmu_platform_init(&ref, env_features(&cfg_full));
	pmu_platform_probe(&ref);
	pmu_platform_default_map(&ref);
	memset(&dt, 0, sizeof(dt));
	UT_EQ(pmu_platform_setup(PLAT, env_features(&cfg_full), NULL), 0);
	UT_TRUE(!memcmp(PLAT->events, ref.events, sizeof(ref.events)));
	UT_EQ(PLAT->map_rows, 0);
	dt_cells(PMU_DT_PMU, "riscv,event-to-mhpmcounters", bad, 3);
	dt_cells(PMU_DT_PMU, "riscv,raw-event-to-mhpmcounters", bad, 2);
	UT_EQ(pmu_platform_setup(PLAT, env_features(&cfg_full), &dt),
	      SBI_ERR_INVALID_PARAM);
	UT_TRUE(!memcmp(PLAT->events, ref.events, sizeof(ref.events)));
	UT_EQ(PLAT->num_raw, 0);
}

/* A malformed property is skipped, the others of the node still load */
static void setup_skips_one_malformed_property(void)
{
	const uint32_t ctrs[] = { EV_HW(3), EV_HW(3), 0x8 };
	const uint32_t raw[] = { 0, 0x11, 0, 0x10, 0x8 };	/* base > mask */

	sim_reset(&cfg_full);
	memset(&dt, 0, sizeof(dt));
	dt_cells(PMU_DT_PMU, "riscv,raw-event-to-mhpmcounters", raw, 5);
	dt_cells(PMU_DT_PMU, "riscv,event-to-mhpmcounters", ctrs, 3);
	/* loaded first, and one cell short of a row */
	dt_cells(PMU_DT_PMU, "riscv,event-to-mhpmevent", ctrs, 2);
	UT_EQ(pmu_platform_setup(PLAT, env_features(&cfg_full), &dt),
	      SBI_ERR_INVALID_PARAM);
	UT_EQ(PLAT->map_rows, 1);
	UT_EQ(mapped_hpm_events(), 1);
	UT_EQ(PLAT->events[PMU_HW_CACHE_REFERENCES].counters, 0x8);
}

/* /chosen decides compatibility and delegation, narrowed by features */
static void setup_applies_policy(void)
{
	struct sim_cfg c = cfg_full;

	c.smcdeleg = true;
	c.smpdis = true;
	sim_reset(&c);
	memset(&dt, 0, sizeof(dt));
	dt_u32("tally,pmu-compat", 0);
	dt_u32("tally,pmu-delegate", 0x78);
	dt_u32("tally,pdis-delegate", 1);
	UT_EQ(pmu_platform_setup(PLAT, env_features(&c), &dt), 0);
	UT_EQ(PLAT->compat, 0);
	UT_EQ(PLAT->deleg_mask, 0x78);
	UT_TRUE(PLAT->pdis_deleg);
	/* without Smcdeleg nothing is delegated, whatever /chosen says */
	sim_reset(&cfg_full);
	UT_EQ(pmu_platform_setup(PLAT, env_features(&cfg_full), &dt), 0);
	UT_EQ(PLAT->deleg_mask, 0);
	UT_TRUE(!PLAT->pdis_deleg);
}

static const struct ut_case cases[] = {
	UT_CASE(isa_each_extension_alone),
	UT_CASE(isa_combinations),
	UT_CASE(policy_build_defaults),
	UT_CASE(policy_chosen_overrides),
	UT_CASE(policy_malformed_chosen),
	UT_CASE(setup_loads_dt_map),
	UT_CASE(setup_default_map),
	UT_CASE(setup_skips_one_malformed_property),
	UT_CASE(setup_applies_policy),
};

void suite_setup(void)
{
	UT_SUITE("setup", cases);
}
