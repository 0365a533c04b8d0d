/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Events: which counters can count an (event_idx, event_data) pair, with
 * which selector, and EVENT_GET_INFO over a validated entry array.
 */
#include "pmu_internal.h"

int pmu_hw_event_slot(unsigned long event_idx)
{
	unsigned long code = event_idx & PMU_EVIDX_CODE_MASK;

	switch (event_idx >> PMU_EVIDX_TYPE_SHIFT) {
	case PMU_EV_TYPE_HW:
		if (code == PMU_HW_NO_EVENT || code >= PMU_HW_GENERAL_MAX)
			return -1;
		return (int)code;
	case PMU_EV_TYPE_CACHE:
		if (code >= PMU_CACHE_CODE_MAX ||
		    ((code >> 1) & 3) >= PMU_CACHE_OP_MAX)
			return -1;
		return (int)(PMU_HW_GENERAL_MAX + code);
	default:
		return -1;
	}
}

/* Counters of every raw map row matching data: (data & mask) == base. */
static uint32_t pmu_raw_counters(const struct pmu_platform *plat,
				 uint64_t data)
{
	uint32_t ctrs = 0;
	unsigned int i;

	for (i = 0; i < plat->num_raw; i++)
		if ((data & plat->raw[i].mask) == plat->raw[i].base)
			ctrs |= plat->raw[i].counters;
	return ctrs;
}

uint32_t pmu_event_hw_counters(const struct pmu_platform *plat,
			       unsigned long event_idx, uint64_t data,
			       uint64_t *selector)
{
	uint64_t width;
	int slot;

	switch (event_idx >> PMU_EVIDX_TYPE_SHIFT) {
	case PMU_EV_TYPE_HW:
	case PMU_EV_TYPE_CACHE:
		slot = pmu_hw_event_slot(event_idx);
		if (slot < 0 || data)	/* non-zero data is reserved */
			return 0;
		*selector = plat->events[slot].selector;
		return plat->events[slot].counters & plat->hw_mask;
	case PMU_EV_TYPE_RAW:
		width = PMU_RAW_DATA_MASK;
		break;
	case PMU_EV_TYPE_RAW_V2:
		width = PMU_RAW_V2_DATA_MASK;
		break;
	default:
		return 0;
	}
	if ((event_idx & PMU_EVIDX_CODE_MASK) || (data & ~width))
		return 0;
	*selector = data;
	return pmu_raw_counters(plat, data) & plat->hw_mask;
}

bool pmu_fw_event_valid(unsigned long event_idx, uint64_t data)
{
	unsigned long code = event_idx & PMU_EVIDX_CODE_MASK;

	if ((event_idx >> PMU_EVIDX_TYPE_SHIFT) != PMU_EV_TYPE_FW)
		return false;
	if (code == PMU_FW_PLATFORM)
		return true;	/* data is the platform's encoding */
	if (data)
		return false;	/* reserved for every other fw event */
	return code < PMU_FW_STD_MAX || code >= PMU_FW_IMPL_FIRST;
}

bool pmu_event_supported(const struct pmu_platform *plat,
			 unsigned long event_idx, uint64_t data)
{
	uint64_t sel;

	if (pmu_fw_event_valid(event_idx, data))
		return true;
	return pmu_event_hw_counters(plat, event_idx, data, &sel) != 0;
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
