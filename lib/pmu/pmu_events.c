/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Events, the cold half: raw events through the riscv,raw-event map, and
 * EVENT_GET_INFO over a validated entry array. General and cache events
 * are classified inline (pmu_events.h).
 */
#include "pmu_internal.h"

uint32_t pmu_raw_event_counters(const struct pmu_platform *plat,
				unsigned long event_idx, uint64_t data,
				uint64_t *selector)
{
	uint64_t width;
	uint32_t ctrs = 0;
	unsigned int i;

	if (event_idx == PMU_EVIDX(PMU_EV_TYPE_RAW, 0))
		width = PMU_RAW_DATA_MASK;
	else if (event_idx == PMU_EVIDX(PMU_EV_TYPE_RAW_V2, 0))
		width = PMU_RAW_V2_DATA_MASK;
	else
		return 0;	/* not an event (or a raw one with a code) */
	if (data & ~width)
		return 0;
	for (i = 0; i < plat->num_raw; i++)
		if ((data & plat->raw[i].mask) == plat->raw[i].base)
			ctrs |= plat->raw[i].counters;
	*selector = data;
	return ctrs & plat->hw_mask;
}

PMU_COLD uint32_t pmu_fw_platform_counters(const struct pmu_platform *plat,
					   uint64_t data)
{
	uint32_t ctrs = 0;
	unsigned int j, n = plat->num_ctrs - plat->hw_slots;

	for (j = 0; j < n; j++)
		if (pmu_host_fw_platform_match(j, data))
			ctrs |= 1U << j;
	return ctrs;
}

/* Out of line, so the host's hooks cost the other events no stack frame. */
static PMU_COLD bool pmu_fw_platform_supported(const struct pmu_platform *plat,
					       uint64_t data)
{
	return pmu_host_fw_platform_valid(data) &&
	       pmu_fw_platform_counters(plat, data) != 0;
}

bool pmu_event_supported(const struct pmu_platform *plat,
			 unsigned long event_idx, uint64_t data)
{
	uint64_t sel;

	if (pmu_fw_event_valid(event_idx, data))
		return true;
	if (event_idx == PMU_EVIDX(PMU_EV_TYPE_FW, PMU_FW_PLATFORM))
		return pmu_fw_platform_supported(plat, data);
	/* counters that never stop count too, unlike for config_matching */
	return pmu_event_hw_counters(plat, event_idx, data, &sel,
				     plat->hw_value_mask) != 0;
}

/*
 * Two passes: a reserved bit in any event_idx word fails the whole call
 * before anything is written; then every output word is written in full.
 * Only types 2, 3 and 15 read event_data, as the spec says.
 */
long pmu_event_get_info(const struct pmu_platform *plat,
			struct pmu_event_info_entry *e, unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++)
		if (e[i].event_idx & PMU_EVENT_INFO_IDX_RSVD)
			return SBI_ERR_INVALID_PARAM;
	for (i = 0; i < n; i++) {
		unsigned long idx = e[i].event_idx & PMU_EVIDX_MASK;
		unsigned long type = idx >> PMU_EVIDX_TYPE_SHIFT;
		uint64_t data = 0;

		if (type == PMU_EV_TYPE_RAW || type == PMU_EV_TYPE_RAW_V2 ||
		    type == PMU_EV_TYPE_FW)
			data = e[i].event_data;
		e[i].output = pmu_event_supported(plat, idx, data) ?
			      PMU_EVENT_INFO_SUPPORTED : 0;
	}
	return SBI_SUCCESS;
}
