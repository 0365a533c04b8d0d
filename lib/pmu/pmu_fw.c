/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware counters: 64-bit software counters of firmware events. Started
 * counters are kept in one bitmap per SBI firmware event, so counting an
 * event costs one load when nothing counts it and one add per counter that
 * does. Implementation-specific and platform events share one bitmap.
 */
#include "pmu_internal.h"

void pmu_fw_config(struct pmu_hart *h, unsigned int j, unsigned int code,
		   uint64_t data)
{
	h->fw_code[j] = code;
	h->fw_data[j] = data;
}

/* The started-bitmap a firmware counter lives in while it counts. */
static uint32_t *pmu_fw_started_map(struct pmu_hart *h, unsigned int j)
{
	unsigned int code = h->fw_code[j];

	return code < PMU_FW_STD_MAX ? &h->fw_ev_started[code] :
	       &h->fw_other_started;
}

void pmu_fw_start(struct pmu_hart *h, uint32_t bits)
{
	while (bits) {
		unsigned int j = pmu_ctz(bits);

		*pmu_fw_started_map(h, j) |= 1U << j;
		bits &= bits - 1;
	}
}

void pmu_fw_stop(struct pmu_hart *h, uint32_t bits)
{
	while (bits) {
		unsigned int j = pmu_ctz(bits);

		*pmu_fw_started_map(h, j) &= ~(1U << j);
		bits &= bits - 1;
	}
}

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
