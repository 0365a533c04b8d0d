// SPDX-License-Identifier: BSD-2-Clause
/*
 * The platform description: the boot hart's features, the counters the
 * core probes, the event maps that OpenSBI's platform code hands over
 * (generic: the riscv,pmu DT node through fdt_pmu.c), then delegation.
 * Each row is one of the core's structured map entries (pmu_map_*()),
 * checked the same way as a riscv,pmu row in Tally's own firmware; a
 * platform that gives no row gets the core's default map.
 */
#include <sbi/sbi_console.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_pmu.h>
#include <sbi_utils/fdt/fdt_helper.h>
#include "tally_pmu.h"

struct pmu_platform tally_pmu_plat;

int sbi_pmu_add_hw_event_counter_map(u32 eidx_start, u32 eidx_end, u32 cmap)
{
	const struct pmu_map_counters e = { eidx_start, eidx_end, cmap };

	return pmu_map_counters(&tally_pmu_plat, &e, 1);
}

int sbi_pmu_add_raw_event_counter_map(uint64_t select, uint64_t select_mask,
				      u32 cmap)
{
	const struct pmu_map_raw e = { select, select_mask, cmap };

	return pmu_map_raw(&tally_pmu_plat, &e, 1);
}

/* The platform's mhpmevent value for one general or cache event. */
static void load_selector(const struct sbi_platform *plat, uint32_t event_idx)
{
	struct pmu_map_selector e = { event_idx, 0 };

	e.selector = sbi_platform_pmu_xlate_to_mhpmevent(plat, event_idx, 0);
	if (!e.selector)
		return; /* no opinion: keep the zero-extended event_idx */
	/* refuses codes that are not events (NO_EVENT, cache op 3) */
	pmu_map_selectors(&tally_pmu_plat, &e, 1);
}

static void load_selectors(const struct sbi_platform *plat)
{
	uint32_t code;

	for (code = 0; code < PMU_HW_GENERAL_MAX; code++)
		load_selector(plat, PMU_EVIDX(PMU_EV_TYPE_HW, code));
	for (code = 0; code < PMU_CACHE_CODE_MAX; code++)
		load_selector(plat, PMU_EVIDX(PMU_EV_TYPE_CACHE, code));
}

/*
 * The core's map step (pmu_platform_setup()): what OpenSBI's platform code
 * adds (generic: the riscv,pmu node through its fdt_pmu.c), then the
 * platform's mhpmevent values for the events it mapped.
 */
int pmu_host_event_maps(struct pmu_platform *p, const void *dt)
{
	const struct sbi_platform *plat = sbi_platform_thishart_ptr();
	int rc = sbi_platform_pmu_init(plat);

	(void)dt;	/* OpenSBI's platform code reads it */
	tally_pmu_device_setup(p);
	if (p->map_rows)
		load_selectors(plat);
	return rc;
}

/* The core's set-up sequence and policy, as in Tally's firmware */
void tally_pmu_platform_setup(struct sbi_scratch *scratch)
{
	struct pmu_platform *p = &tally_pmu_plat;
	int rc = pmu_platform_setup(p, tally_pmu_hart_features(scratch),
				    fdt_get_address());

	if (rc)
		sbi_printf(
			"tally-pmu: platform event map stopped at error %d\n",
			rc);
	if (p->deleg_mask || p->pdis_deleg)
		sbi_printf("tally-pmu: delegated counters 0x%x, PDIS %s\n",
			   p->deleg_mask, p->pdis_deleg ? "yes" : "no");
}
