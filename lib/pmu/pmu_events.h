/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Event classification, the hot half: which counters can count an
 * (event_idx, event_data) pair and with which selector. Raw events and
 * EVENT_GET_INFO are in pmu_events.c.
 */
#ifndef PMU_EVENTS_H
#define PMU_EVENTS_H

#include <pmu/pmu_host.h>

/* Slot in plat->events of a general or cache event, -1 for anything else */
static inline int pmu_hw_event_slot(unsigned long event_idx)
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

static inline bool pmu_fw_event_type(unsigned long event_idx)
{
	return (event_idx >> PMU_EVIDX_TYPE_SHIFT) == PMU_EV_TYPE_FW;
}

/*
 * An SBI firmware event (codes 0..21, event_data 0), which the core counts?
 * The implementation-specific codes 256..65534 are never events here: no
 * host defines any.
 */
static inline bool pmu_fw_event_valid(unsigned long event_idx, uint64_t data)
{
	return pmu_fw_event_type(event_idx) && !data &&
	       (event_idx & PMU_EVIDX_CODE_MASK) < PMU_FW_STD_MAX;
}

/* Firmware counters (bit j = counter j) that may count platform event data */
uint32_t pmu_fw_platform_counters(const struct pmu_platform *plat,
				  uint64_t data);

uint32_t pmu_raw_event_counters(const struct pmu_platform *plat,
				unsigned long event_idx, uint64_t data,
				uint64_t *selector);

/*
 * Hardware counters able to count a hardware event, and its selector:
 * general and cache events among @usable (plat->hw_mask, or with the
 * counters that never stop plat->hw_value_mask), raw ones among hw_mask.
 */
static inline uint64_t pmu_event_hw_counters(const struct pmu_platform *plat,
					     unsigned long event_idx,
					     uint64_t data, uint64_t *selector,
					     uint32_t usable)
{
	int slot = pmu_hw_event_slot(event_idx);

	if (slot < 0)
		return pmu_raw_event_counters(plat, event_idx, data, selector);
	if (data)	/* reserved for general and cache events */
		return 0;
	*selector = plat->events[slot].selector;
	/* both zero-extended as loaded: no extension of the result */
	return (uint64_t)plat->events[slot].counters & usable;
}

/*
 * Counters that never stop (cycle/instret without mcountinhibit) able to
 * count an event: only cycles and instructions, whatever the maps say.
 */
static inline uint32_t pmu_event_nostop_counters(const struct pmu_platform *plat,
						 unsigned long event_idx,
						 uint64_t data)
{
	uint32_t ctrs = plat->nostop_mask;

	if (!ctrs || data)	/* a hart with mcountinhibit: none */
		return 0;
	if (event_idx == PMU_EVIDX(PMU_EV_TYPE_HW, PMU_HW_CPU_CYCLES))
		return ctrs & (1U << PMU_IDX_CYCLE);
	if (event_idx == PMU_EVIDX(PMU_EV_TYPE_HW, PMU_HW_INSTRUCTIONS))
		return ctrs & (1U << PMU_IDX_INSTRET);
	return 0;
}

bool pmu_event_supported(const struct pmu_platform *plat,
			 unsigned long event_idx, uint64_t data);
long pmu_event_get_info(const struct pmu_platform *plat,
			struct pmu_event_info_entry *e, unsigned long n);

#endif /* PMU_EVENTS_H */
