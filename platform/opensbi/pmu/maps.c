// SPDX-License-Identifier: BSD-2-Clause
/*
 * The platform description: the boot hart's features, the counters the
 * core probes, the event maps that OpenSBI's platform code hands over
 * (generic: the riscv,pmu DT node through fdt_pmu.c), then delegation.
 * Each row goes through the core's DT loaders, so it is checked the same
 * way as in Tally's own firmware; a platform that gives no row gets the
 * core's default map, as Tally does without a riscv,pmu node.
 */
#include <sbi/sbi_console.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_pmu.h>
#include "tally_pmu.h"

#ifndef TALLY_PMU_COMPAT
#define TALLY_PMU_COMPAT 1
#endif

struct pmu_platform tally_pmu_plat;
static unsigned int map_rows;

static void be32_put(uint8_t *p, uint32_t v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

int sbi_pmu_add_hw_event_counter_map(u32 eidx_start, u32 eidx_end, u32 cmap)
{
	uint8_t row[12];
	int rc;

	be32_put(row, eidx_start);
	be32_put(row + 4, eidx_end);
	be32_put(row + 8, cmap);
	rc = pmu_dt_event_to_mhpmcounters(&tally_pmu_plat, row, sizeof(row));
	if (!rc)
		map_rows++;
	return rc;
}

int sbi_pmu_add_raw_event_counter_map(uint64_t select, uint64_t select_mask,
				      u32 cmap)
{
	uint8_t row[20];
	int rc;

	be32_put(row, select >> 32);
	be32_put(row + 4, select);
	be32_put(row + 8, select_mask >> 32);
	be32_put(row + 12, select_mask);
	be32_put(row + 16, cmap);
	rc = pmu_dt_raw_event_to_mhpmcounters(&tally_pmu_plat, row,
					      sizeof(row));
	if (!rc)
		map_rows++;
	return rc;
}

/* The platform's mhpmevent value for one general or cache event. */
static void load_selector(const struct sbi_platform *plat, uint32_t event_idx)
{
	uint64_t sel = sbi_platform_pmu_xlate_to_mhpmevent(plat, event_idx, 0);
	uint8_t row[12];

	if (!sel)
		return; /* no opinion: keep the zero-extended event_idx */
	be32_put(row, event_idx);
	be32_put(row + 4, sel >> 32);
	be32_put(row + 8, sel);
	/* refuses codes that are not events (NO_EVENT, cache op 3) */
	pmu_dt_event_to_mhpmevent(&tally_pmu_plat, row, sizeof(row));
}

static void load_selectors(const struct sbi_platform *plat)
{
	uint32_t code;

	for (code = 0; code < PMU_HW_GENERAL_MAX; code++)
		load_selector(plat, PMU_EVIDX(PMU_EV_TYPE_HW, code));
	for (code = 0; code < PMU_CACHE_CODE_MAX; code++)
		load_selector(plat, PMU_EVIDX(PMU_EV_TYPE_CACHE, code));
}

void tally_pmu_platform_setup(struct sbi_scratch *scratch)
{
	const struct sbi_platform *plat = sbi_platform_ptr(scratch);
	int rc;

	pmu_platform_init(&tally_pmu_plat, tally_pmu_hart_features(scratch));
	pmu_platform_probe(&tally_pmu_plat);
	rc = sbi_platform_pmu_init(plat);
	tally_pmu_device_setup(&tally_pmu_plat);
	if (rc)
		sbi_printf(
			"tally-pmu: platform event map stopped at error %d\n",
			rc);
	if (map_rows)
		load_selectors(plat);
	else
		pmu_platform_default_map(&tally_pmu_plat);
	/* the rules for deployed kernels, as in Tally's firmware (docs/pmu.md) */
	if (!tally_pmu_chosen_u32("tally,pmu-compat", TALLY_PMU_COMPAT))
		tally_pmu_plat.compat = 0;
	tally_pmu_delegate();
}
