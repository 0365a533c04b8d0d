/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Per-hart life cycle: boot and HSM start, HSM stop, suspend and resume.
 */
#include <sbi/sbi_string.h>
#include "pmu_internal.h"

void pmu_hart_init(struct pmu_hart *h, const struct pmu_platform *plat)
{
	/* first init: h->plat is not yet @plat, nothing is kept */
	struct pmu_snapshot_area *kept = h->plat == plat ? h->snap_kept : NULL;

	memset(h, 0, sizeof(*h));
	h->plat = plat;
	h->snap_kept = kept;
	pmu_hw_reset(h);
}

void pmu_hart_stop(struct pmu_hart *h)
{
	struct pmu_snapshot_area *keep = h->snap ? h->snap : h->snap_off;

	pmu_hart_init(h, h->plat);
	if (h->plat->compat & PMU_COMPAT_SNAPSHOT_KEEP)
		h->snap_kept = keep;
}

void pmu_hart_suspend(struct pmu_hart *h)
{
	pmu_hw_save(h);
}

void pmu_hart_resume(struct pmu_hart *h)
{
	pmu_hw_restore(h);
	pmu_hart_redelegate(h);	/* mcounteren, CDE, PDIS enables */
}
