/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Counting firmware events: one bitmap load when nothing counts the event,
 * one add per counter that does. Binding, start and stop are in pmu_fw.h.
 */
#include "pmu_internal.h"

static void pmu_fw_add(struct pmu_hart *h, uint32_t bits)
{
	while (bits) {
		h->fw_value[pmu_ctz(bits)]++;
		bits &= bits - 1;
	}
}

void pmu_fw_event_inc(struct pmu_hart *h, unsigned int code)
{
	uint32_t bits, match = 0;

	if (code < PMU_FW_STD_MAX) {
		pmu_fw_add(h, h->fw_ev_started[code]);
		return;
	}
	if (code == PMU_FW_PLATFORM)
		return;	/* needs its data: pmu_fw_platform_event_inc() */
	for (bits = h->fw_other_started; bits; bits &= bits - 1)
		if (h->fw_code[pmu_ctz(bits)] == code)
			match |= bits & -bits;
	pmu_fw_add(h, match);
}

void pmu_fw_platform_event_inc(struct pmu_hart *h, uint64_t data)
{
	uint32_t bits, match = 0;

	for (bits = h->fw_other_started; bits; bits &= bits - 1) {
		unsigned int j = pmu_ctz(bits);

		if (h->fw_code[j] == PMU_FW_PLATFORM && h->fw_data[j] == data)
			match |= 1U << j;
	}
	pmu_fw_add(h, match);
}
