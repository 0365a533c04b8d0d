/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Per-hart life cycle: boot and HSM start, HSM stop, suspend and resume.
 */
#include <sbi/sbi_string.h>
#include "pmu_internal.h"

void pmu_hart_init(struct pmu_hart *h, const struct pmu_platform *plat)
{
	/* first init: h->plat is not yet @plat, nothing is kept */
	bool again = h->plat == plat;
	struct pmu_snapshot_area *last = again ? h->snap_last : NULL;
	bool rearm = again && h->snap_rearm;

	memset(h, 0, sizeof(*h));
	h->plat = plat;
	h->snap_last = last;
	h->snap_rearm = rearm;
	pmu_hw_reset(h);
	/* counters that never stop are left as they run, readable */
	if (plat->nostop_mask)
		pmu_hart_counteren(h);
}

void pmu_hart_stop(struct pmu_hart *h)
{
	pmu_hart_init(h, h->plat);
	h->snap_rearm = h->snap_last &&
			(h->plat->compat & PMU_COMPAT_SNAPSHOT_KEEP);
}

/*
 * cycle and instret that never stop (no mcountinhibit) keep running into
 * the suspend; a suspend that loses them gets their values back, so that
 * they never go backwards for whoever reads deltas.
 */
static void pmu_hart_save_nostop(struct pmu_hart *h)
{
	uint32_t left;

	for (left = h->plat->nostop_mask; left; left &= left - 1) {
		unsigned int i = pmu_ctz(left);

		h->hw_saved[i] = pmu_hw_read(i);
	}
}

static void pmu_hart_restore_nostop(struct pmu_hart *h)
{
	uint32_t left;

	for (left = h->plat->nostop_mask; left; left &= left - 1) {
		unsigned int i = pmu_ctz(left);

		pmu_hw_write(i, h->hw_saved[i]);
	}
}

void pmu_hart_suspend(struct pmu_hart *h)
{
	pmu_hw_save(h);
	pmu_hart_save_nostop(h);
}

void pmu_hart_resume(struct pmu_hart *h)
{
	pmu_hw_restore(h);
	pmu_hart_restore_nostop(h);
	pmu_hart_redelegate(h);	/* mcounteren, CDE, PDIS enables */
}
