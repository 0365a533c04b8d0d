/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Per-hart life cycle: boot and HSM start, HSM stop, suspend and resume.
 */
#include <sbi/sbi_string.h>
#include "pmu_internal.h"

void pmu_hart_init(struct pmu_hart *h, const struct pmu_platform *plat)
{
	memset(h, 0, sizeof(*h));
	h->plat = plat;
	pmu_hw_reset(h);
}

void pmu_hart_stop(struct pmu_hart *h)
{
	pmu_hart_init(h, h->plat);
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
