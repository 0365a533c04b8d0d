/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware counters, the hot half: binding, start and stop. Started
 * counters live in one bitmap per SBI firmware event (bit j = firmware
 * counter j); implementation-specific and platform events share one more.
 */
#ifndef PMU_FW_H
#define PMU_FW_H

static inline void pmu_fw_config(struct pmu_hart *h, unsigned int j,
				 unsigned int code, uint64_t data)
{
	h->fw_code[j] = code;
	h->fw_data[j] = data;
}

/* The started-bitmap a firmware counter lives in while it counts. */
static inline uint32_t *pmu_fw_started_map(struct pmu_hart *h,
					   unsigned int j)
{
	unsigned int code = h->fw_code[j];

	return code < PMU_FW_STD_MAX ? &h->fw_ev_started[code] :
	       &h->fw_other_started;
}

static inline void pmu_fw_start(struct pmu_hart *h, uint32_t bits)
{
	while (bits) {
		unsigned int j = pmu_ctz(bits);

		*pmu_fw_started_map(h, j) |= 1U << j;
		bits &= bits - 1;
	}
}

static inline void pmu_fw_stop(struct pmu_hart *h, uint32_t bits)
{
	while (bits) {
		unsigned int j = pmu_ctz(bits);

		*pmu_fw_started_map(h, j) &= ~(1U << j);
		bits &= bits - 1;
	}
}

#endif /* PMU_FW_H */
