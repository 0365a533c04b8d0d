/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The riscv,pmu device-tree binding, from raw big-endian property values
 * (no libfdt needed). Each loader checks the whole property before it
 * changes anything, so a malformed property leaves the map as it was.
 */
#include "pmu_internal.h"

#define PMU_DT_CELL		4UL
#define PMU_DT_SEL_ROW		(3 * PMU_DT_CELL)
#define PMU_DT_CTR_ROW		(3 * PMU_DT_CELL)
#define PMU_DT_RAW_ROW		(5 * PMU_DT_CELL)

static uint32_t pmu_dt_cell(const uint8_t *p, unsigned int n)
{
	p += n * PMU_DT_CELL;
	return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
	       ((uint32_t)p[2] << 8) | p[3];
}

static uint64_t pmu_dt_u64(const uint8_t *p, unsigned int n)
{
	return ((uint64_t)pmu_dt_cell(p, n) << 32) | pmu_dt_cell(p, n + 1);
}

/* Number of rows, or 0 if len is not a non-zero multiple of row. */
static unsigned long pmu_dt_rows(const void *cells, unsigned long len,
				 unsigned long row)
{
	unsigned long n = 0, off = 0;

	if (!cells)
		return 0;
	while (len - off >= row) {
		off += row;
		n++;
	}
	return off == len ? n : 0;
}

int pmu_dt_event_to_mhpmevent(struct pmu_platform *plat, const void *cells,
			      unsigned long len)
{
	unsigned long i, n = pmu_dt_rows(cells, len, PMU_DT_SEL_ROW);
	const uint8_t *p = cells;

	if (!n)
		return SBI_ERR_INVALID_PARAM;
	for (i = 0; i < n; i++)
		if (pmu_hw_event_slot(pmu_dt_cell(p + i * PMU_DT_SEL_ROW, 0)) < 0)
			return SBI_ERR_INVALID_PARAM;
	for (i = 0; i < n; i++) {
		const uint8_t *row = p + i * PMU_DT_SEL_ROW;
		int slot = pmu_hw_event_slot(pmu_dt_cell(row, 0));

		plat->events[slot].selector = pmu_dt_u64(row, 1);
	}
	return 0;
}

/* Is [start, end] inside the code space of one general or cache type? */
static bool pmu_dt_range_ok(uint32_t start, uint32_t end)
{
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
static uint32_t pmu_dt_counters(uint32_t event_idx, uint32_t bitmap)
{
	uint32_t keep = PMU_HPM_MASK;

	if (event_idx == PMU_EVIDX(PMU_EV_TYPE_HW, PMU_HW_CPU_CYCLES))
		keep |= 1U << PMU_IDX_CYCLE;
	if (event_idx == PMU_EVIDX(PMU_EV_TYPE_HW, PMU_HW_INSTRUCTIONS))
		keep |= 1U << PMU_IDX_INSTRET;
	return bitmap & keep;
}

int pmu_dt_event_to_mhpmcounters(struct pmu_platform *plat, const void *cells,
				 unsigned long len)
{
	unsigned long i, n = pmu_dt_rows(cells, len, PMU_DT_CTR_ROW);
	const uint8_t *p = cells;

	if (!n)
		return SBI_ERR_INVALID_PARAM;
	for (i = 0; i < n; i++) {
		const uint8_t *row = p + i * PMU_DT_CTR_ROW;

		if (!pmu_dt_range_ok(pmu_dt_cell(row, 0), pmu_dt_cell(row, 1)))
			return SBI_ERR_INVALID_PARAM;
	}
	for (i = 0; i < n; i++) {
		const uint8_t *row = p + i * PMU_DT_CTR_ROW;
		uint32_t ev, end = pmu_dt_cell(row, 1);

		for (ev = pmu_dt_cell(row, 0); ev <= end; ev++) {
			int slot = pmu_hw_event_slot(ev);

			if (slot >= 0)
				plat->events[slot].counters |=
					pmu_dt_counters(ev, pmu_dt_cell(row, 2));
		}
	}
	return 0;
}

int pmu_dt_raw_event_to_mhpmcounters(struct pmu_platform *plat,
				     const void *cells, unsigned long len)
{
	unsigned long i, n = pmu_dt_rows(cells, len, PMU_DT_RAW_ROW);
	const uint8_t *p = cells;

	if (!n)
		return SBI_ERR_INVALID_PARAM;
	for (i = 0; i < n; i++) {
		const uint8_t *row = p + i * PMU_DT_RAW_ROW;

		if (pmu_dt_u64(row, 0) & ~pmu_dt_u64(row, 2))
			return SBI_ERR_INVALID_PARAM;
	}
	if (n > PMU_RAW_MAP_MAX - plat->num_raw)
		return SBI_ERR_FAILED;
	for (i = 0; i < n; i++) {
		const uint8_t *row = p + i * PMU_DT_RAW_ROW;
		struct pmu_raw_map *m = &plat->raw[plat->num_raw++];

		m->base = pmu_dt_u64(row, 0);
		m->mask = pmu_dt_u64(row, 2);
		m->counters = pmu_dt_cell(row, 4) & PMU_HPM_MASK;
	}
	return 0;
}
