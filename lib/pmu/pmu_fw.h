/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware counters, the hot half: binding, start and stop. A counter on
 * an SBI firmware event lives, while it counts, in that event's bitmap
 * (bit j = firmware counter j); a counter on a platform event
 * (fw_code = PMU_FW_PLATFORM) is counted by the host platform and is
 * started and stopped through it, on the cold paths of pmu_fw.c.
 */
#ifndef PMU_FW_H
#define PMU_FW_H

static inline void pmu_fw_config(struct pmu_hart *h, unsigned int j,
				 unsigned int code, uint64_t data)
{
	h->fw_code[j] = code;
	h->fw_data[j] = data;
}

static inline bool pmu_fw_is_platform(const struct pmu_hart *h, unsigned long j)
{
	return h->fw_code[j] >= PMU_FW_STD_MAX;
}

/*
 * Start the counters on SBI events among bits; false, leaving the rest
 * undone, at the first one on a platform event: the caller then hands the
 * whole set to its cold path, so the common case has no extra test.
 */
static inline bool pmu_fw_start(struct pmu_hart *h, uint32_t bits)
{
	if (!bits)
		return true;
	for (; bits; bits &= bits - 1) {
		unsigned int j = pmu_ctz(bits);
		unsigned long code = h->fw_code[j];

		if (code >= PMU_FW_STD_MAX)
			return false;
		h->fw_ev_started[code] |= 1U << j;
	}
	return true;
}

/* Stop, as pmu_fw_start() starts. */
static inline bool pmu_fw_stop(struct pmu_hart *h, uint32_t bits)
{
	for (; bits; bits &= bits - 1) {
		unsigned int j = pmu_ctz(bits);
		unsigned long code = h->fw_code[j];

		if (code >= PMU_FW_STD_MAX)
			return false;
		h->fw_ev_started[code] &= ~(1U << j);
	}
	return true;
}

static inline uint64_t pmu_fw_value(const struct pmu_hart *h, unsigned int j)
{
	if (pmu_fw_is_platform(h, j))
		return pmu_host_fw_platform_read(j);
	return h->fw_value[j];
}

/* pmu_fw.c: the cold paths, platform counters through the host */
uint32_t pmu_fw_stop_all(struct pmu_hart *h, uint32_t bits, long *err);
void pmu_fw_set_value(struct pmu_hart *h, unsigned int j, uint64_t val);

#endif /* PMU_FW_H */
