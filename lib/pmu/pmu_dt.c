/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The riscv,pmu device-tree binding, from raw big-endian property values
 * (no libfdt needed): the one place that decodes its cells, into the
 * structured entries of pmu_map.c. Each loader checks the whole property
 * before it changes anything, so a malformed property leaves the map as it
 * was.
 */
#include <pmu/pmu_host.h>
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

/* Row i of a property, decoded: the only place that knows the cells. */
static struct pmu_map_selector pmu_dt_sel_row(const uint8_t *p,
					      unsigned long i)
{
	const uint8_t *row = p + i * PMU_DT_SEL_ROW;
	struct pmu_map_selector e = {
		.event_idx = pmu_dt_cell(row, 0),
		.selector = pmu_dt_u64(row, 1),
	};

	return e;
}

static struct pmu_map_counters pmu_dt_ctr_row(const uint8_t *p,
					      unsigned long i)
{
	const uint8_t *row = p + i * PMU_DT_CTR_ROW;
	struct pmu_map_counters e = {
		.first = pmu_dt_cell(row, 0),
		.last = pmu_dt_cell(row, 1),
		.counters = pmu_dt_cell(row, 2),
	};

	return e;
}

static struct pmu_map_raw pmu_dt_raw_row(const uint8_t *p, unsigned long i)
{
	const uint8_t *row = p + i * PMU_DT_RAW_ROW;
	struct pmu_map_raw e = {
		.base = pmu_dt_u64(row, 0),
		.mask = pmu_dt_u64(row, 2),
		.counters = pmu_dt_cell(row, 4),
	};

	return e;
}

/*
 * Each loader checks every row, then hands them to pmu_map.c one at a
 * time (no room for a decoded copy of a property of any length).
 */
int pmu_dt_event_to_mhpmevent(struct pmu_platform *plat, const void *cells,
			      unsigned long len)
{
	unsigned long i, n = pmu_dt_rows(cells, len, PMU_DT_SEL_ROW);
	struct pmu_map_selector e;

	if (!n)
		return SBI_ERR_INVALID_PARAM;
	for (i = 0; i < n; i++) {
		e = pmu_dt_sel_row(cells, i);
		if (!pmu_map_selector_ok(&e))
			return SBI_ERR_INVALID_PARAM;
	}
	for (i = 0; i < n; i++) {
		e = pmu_dt_sel_row(cells, i);
		pmu_map_selectors(plat, &e, 1);
	}
	return 0;
}

int pmu_dt_event_to_mhpmcounters(struct pmu_platform *plat, const void *cells,
				 unsigned long len)
{
	unsigned long i, n = pmu_dt_rows(cells, len, PMU_DT_CTR_ROW);
	struct pmu_map_counters e;

	if (!n)
		return SBI_ERR_INVALID_PARAM;
	for (i = 0; i < n; i++) {
		e = pmu_dt_ctr_row(cells, i);
		if (!pmu_map_counters_ok(&e))
			return SBI_ERR_INVALID_PARAM;
	}
	for (i = 0; i < n; i++) {
		e = pmu_dt_ctr_row(cells, i);
		pmu_map_counters(plat, &e, 1);
	}
	return 0;
}

int pmu_dt_raw_event_to_mhpmcounters(struct pmu_platform *plat,
				     const void *cells, unsigned long len)
{
	unsigned long i, n = pmu_dt_rows(cells, len, PMU_DT_RAW_ROW);
	struct pmu_map_raw e;

	if (!n)
		return SBI_ERR_INVALID_PARAM;
	for (i = 0; i < n; i++) {
		e = pmu_dt_raw_row(cells, i);
		if (!pmu_map_raw_ok(&e))
			return SBI_ERR_INVALID_PARAM;
	}
	if (n > PMU_RAW_MAP_MAX - plat->num_raw)
		return SBI_ERR_FAILED;
	for (i = 0; i < n; i++) {
		e = pmu_dt_raw_row(cells, i);
		pmu_map_raw(plat, &e, 1);
	}
	return 0;
}

typedef int (*pmu_dt_loader)(struct pmu_platform *, const void *,
			     unsigned long);

/* One property of the riscv,pmu node, if present; return: its error */
static int pmu_dt_load(struct pmu_platform *plat, const void *dt,
		       const char *name, pmu_dt_loader load, int rc)
{
	unsigned long len;
	const void *p = pmu_host_dt_prop(dt, PMU_DT_PMU, name, &len);
	int err = p ? load(plat, p, len) : 0;

	return rc ? rc : err;
}

int pmu_dt_load_maps(struct pmu_platform *plat, const void *dt)
{
	int rc;

	rc = pmu_dt_load(plat, dt, "riscv,event-to-mhpmevent",
			 pmu_dt_event_to_mhpmevent, 0);
	rc = pmu_dt_load(plat, dt, "riscv,event-to-mhpmcounters",
			 pmu_dt_event_to_mhpmcounters, rc);
	return pmu_dt_load(plat, dt, "riscv,raw-event-to-mhpmcounters",
			   pmu_dt_raw_event_to_mhpmcounters, rc);
}

uint32_t pmu_dt_chosen_u32(const void *dt, const char *name, uint32_t dflt)
{
	unsigned long len;
	const void *p = pmu_host_dt_prop(dt, PMU_DT_CHOSEN, name, &len);

	return p && len == PMU_DT_CELL ? pmu_dt_cell(p, 0) : dflt;
}
