/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware counters, the cold half: counting SBI firmware events (one
 * bitmap load when nothing counts the event, one add per counter that
 * does), and the counters on platform events, which the host counts
 * (<pmu/pmu_host.h>). Binding and the SBI-event start/stop are in pmu_fw.h.
 */
#include "pmu_internal.h"

void pmu_fw_event_inc(struct pmu_hart *h, unsigned int code)
{
	uint32_t bits;

	if (code >= PMU_FW_STD_MAX)
		return;	/* platform events are the platform's to count */
	for (bits = h->fw_ev_started[code]; bits; bits &= bits - 1)
		h->fw_value[pmu_ctz(bits)]++;
}

/*
 * Stop every firmware counter of bits, those on platform events through the
 * platform. Return: the counters the platform would not stop (*err = its
 * error), 0 if all stopped.
 */
PMU_COLD uint32_t pmu_fw_stop_all(struct pmu_hart *h, uint32_t bits, long *err)
{
	uint32_t failed = 0;
	long rc;

	for (; bits; bits &= bits - 1) {
		unsigned int j = pmu_ctz(bits);

		if (!pmu_fw_is_platform(h, j)) {
			pmu_fw_stop(h, bits & -bits);
			continue;
		}
		rc = pmu_host_fw_platform_stop(j);
		if (rc) {
			failed |= bits & -bits;
			*err = rc;
		}
	}
	return failed;
}

void pmu_fw_set_value(struct pmu_hart *h, unsigned int j, uint64_t val)
{
	if (pmu_fw_is_platform(h, j))
		pmu_host_fw_platform_write(j, val);
	else
		h->fw_value[j] = val;
}
