/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The boot-time policy every firmware that embeds the core follows: which
 * PMU features a hart's extensions give, the set-up sequence of the
 * platform description, the default-map rule, and the build-time knobs
 * that the DT's /chosen overrides (docs/delegation.md, docs/pmu.md).
 */
#include "pmu_internal.h"
#include <pmu/pmu_host.h>

/* Build-time policy (make variables of the same names); /chosen overrides */
#ifndef FW_PMU_DELEGATE
#define FW_PMU_DELEGATE		0
#endif
#ifndef FW_PDIS_DELEGATE
#define FW_PDIS_DELEGATE	1
#endif
#ifndef FW_PMU_COMPAT
#define FW_PMU_COMPAT		1
#endif

unsigned int pmu_isa_features(unsigned int isa)
{
	/* one feature per extension... */
	static const struct {
		uint16_t isa;
		uint16_t feat;
	} one[] = {
		{ PMU_ISA_MCOUNTINHIBIT, PMU_FEAT_MCOUNTINHIBIT },
		{ PMU_ISA_SSCOFPMF, PMU_FEAT_SSCOFPMF },
		{ PMU_ISA_SMCNTRPMF, PMU_FEAT_SMCNTRPMF },
		{ PMU_ISA_H, PMU_FEAT_HYP },
		{ PMU_ISA_SMSTATEEN, PMU_FEAT_SMSTATEEN },
		{ PMU_ISA_SMPDIS, PMU_FEAT_SMPDIS },
	};
	/* ...but S-mode reaches delegated counters only through siselect/sireg* */
	const unsigned int deleg = PMU_ISA_SMCDELEG | PMU_ISA_SSCCFG |
				   PMU_ISA_SSCSRIND;
	unsigned int i, f = 0;

	for (i = 0; i < sizeof(one) / sizeof(one[0]); i++)
		if (isa & one[i].isa)
			f |= one[i].feat;
	if ((isa & deleg) == deleg)
		f |= PMU_FEAT_SMCDELEG;
	/* Sspdis and the PDIS memory buffer are parts of Smpdis */
	if (isa & PMU_ISA_SMPDIS) {
		if (isa & PMU_ISA_SSPDIS)
			f |= PMU_FEAT_SSPDIS;
		if (isa & PMU_ISA_PDISMEM)
			f |= PMU_FEAT_PDISMEM;
	}
	return f;
}

void pmu_policy_load(struct pmu_policy *pol, const void *dt)
{
	pol->compat = pmu_dt_chosen_u32(dt, "tally,pmu-compat",
					FW_PMU_COMPAT) != 0;
	pol->delegate = pmu_dt_chosen_u32(dt, "tally,pmu-delegate",
					  FW_PMU_DELEGATE);
	pol->pdis = pmu_dt_chosen_u32(dt, "tally,pdis-delegate",
				      FW_PDIS_DELEGATE) != 0;
}

int pmu_platform_setup(struct pmu_platform *plat, unsigned int features,
		       const void *dt)
{
	struct pmu_policy pol;
	int rc;

	pmu_platform_init(plat, features);
	pmu_platform_probe(plat);
	rc = pmu_host_event_maps(plat, dt);
	if (!plat->map_rows)
		pmu_platform_default_map(plat);
	pmu_policy_load(&pol, dt);
	if (!pol.compat)
		plat->compat = 0;
	pmu_platform_delegate(plat, pol.delegate, pol.pdis);
	return rc;
}
