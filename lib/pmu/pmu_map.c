/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The platform's event maps as structured entries, whatever describes
 * them: a riscv,pmu DT node (pmu_dt.c decodes its cells into these) or a
 * platform's own code (OpenSBI's sbi_pmu_add_*_map()). Each loader checks
 * every entry before it changes anything, so a bad entry leaves the map as
 * it was.
 */
#include "pmu_internal.h"

bool pmu_map_selector_ok(const struct pmu_map_selector *e)
{
	return pmu_hw_event_slot(e->event_idx) >= 0;
}

int pmu_map_selectors(struct pmu_platform *plat,
		      const struct pmu_map_selector *e, unsigned long n)
{
	unsigned long i;

	if (!n)
		return SBI_ERR_INVALID_PARAM;
	for (i = 0; i < n; i++)
		if (!pmu_map_selector_ok(&e[i]))
			return SBI_ERR_INVALID_PARAM;
	for (i = 0; i < n; i++) {
		int slot = pmu_hw_event_slot(e[i].event_idx);

		plat->events[slot].selector = e[i].selector;
	}
	plat->map_rows += n;
	return 0;
}

/* Is [first, last] inside the code space of one general or cache type? */
bool pmu_map_counters_ok(const struct pmu_map_counters *e)
{
	uint32_t start = e->first, end = e->last;
	uint32_t type = start >> PMU_EVIDX_TYPE_SHIFT;
	uint32_t last;

	if (start > end || type != end >> PMU_EVIDX_TYPE_SHIFT)
		return false;
	if (type == PMU_EV_TYPE_HW)
		last = PMU_HW_GENERAL_MAX - 1;
	else if (type == PMU_EV_TYPE_CACHE)
		last = PMU_CACHE_CODE_MAX - 1;
	else
		return false;
	return (end & PMU_EVIDX_CODE_MASK) <= last;
}

/* Bitmap bits of the fixed counters only count their own event. */
static uint32_t pmu_map_keep(uint32_t event_idx, uint32_t bitmap)
{
	uint32_t keep = PMU_HPM_MASK;

	if (event_idx == PMU_EVIDX(PMU_EV_TYPE_HW, PMU_HW_CPU_CYCLES))
		keep |= 1U << PMU_IDX_CYCLE;
	if (event_idx == PMU_EVIDX(PMU_EV_TYPE_HW, PMU_HW_INSTRUCTIONS))
		keep |= 1U << PMU_IDX_INSTRET;
	return bitmap & keep;
}

int pmu_map_counters(struct pmu_platform *plat,
		     const struct pmu_map_counters *e, unsigned long n)
{
	unsigned long i;
	uint32_t ev;

	if (!n)
		return SBI_ERR_INVALID_PARAM;
	for (i = 0; i < n; i++)
		if (!pmu_map_counters_ok(&e[i]))
			return SBI_ERR_INVALID_PARAM;
	for (i = 0; i < n; i++) {
		for (ev = e[i].first; ev <= e[i].last; ev++) {
			int slot = pmu_hw_event_slot(ev);

			if (slot >= 0)
				plat->events[slot].counters |=
					pmu_map_keep(ev, e[i].counters);
		}
	}
	plat->map_rows += n;
	return 0;
}

bool pmu_map_raw_ok(const struct pmu_map_raw *e)
{
	return !(e->base & ~e->mask);
}

int pmu_map_raw(struct pmu_platform *plat, const struct pmu_map_raw *e,
		unsigned long n)
{
	unsigned long i;

	if (!n)
		return SBI_ERR_INVALID_PARAM;
	for (i = 0; i < n; i++)
		if (!pmu_map_raw_ok(&e[i]))
			return SBI_ERR_INVALID_PARAM;
	if (n > PMU_RAW_MAP_MAX - plat->num_raw)
		return SBI_ERR_FAILED;
	for (i = 0; i < n; i++) {
		struct pmu_raw_map *m = &plat->raw[plat->num_raw++];

		m->base = e[i].base;
		m->mask = e[i].mask;
		m->counters = e[i].counters & PMU_HPM_MASK;
	}
	plat->map_rows += n;
	return 0;
}
