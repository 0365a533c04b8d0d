// SPDX-License-Identifier: BSD-2-Clause
/*
 * Counter overflow as an SBI SSE event: while the supervisor has the local
 * PMU overflow event enabled, the LCOFI is taken by the host in M-mode
 * (mideleg bit 13 clear), which makes it NMI-like for S-mode, and the host
 * is told through pmu_host_overflow_event(). There is one LCOFI per hart,
 * so every overflow of the hart takes that way, delegated counters' too.
 */
#include "pmu_internal.h"
#include <pmu/pmu_host.h>

void pmu_hart_sse_route(struct pmu_hart *h, bool on)
{
	if (!pmu_has(h->plat, PMU_FEAT_SSCOFPMF) || on == h->sse_routed)
		return;
	if (on) {
		h->sse_s_lcofie =
			(pmu_host_csr_read(PMU_CSR_MIE) & PMU_MIP_LCOFIP) != 0;
		pmu_host_csr_clear(PMU_CSR_MIDELEG, PMU_MIP_LCOFIP);
		pmu_host_csr_set(PMU_CSR_MIE, PMU_MIP_LCOFIP);
	} else {
		if (!h->sse_s_lcofie)
			pmu_host_csr_clear(PMU_CSR_MIE, PMU_MIP_LCOFIP);
		pmu_host_csr_set(PMU_CSR_MIDELEG, PMU_MIP_LCOFIP);
	}
	h->sse_routed = on;
}

void pmu_hart_sse_resume(struct pmu_hart *h)
{
	if (!h->sse_routed)
		return;
	h->sse_s_lcofie = false;
	pmu_host_csr_clear(PMU_CSR_MIDELEG, PMU_MIP_LCOFIP);
	pmu_host_csr_set(PMU_CSR_MIE, PMU_MIP_LCOFIP);
}

void pmu_hart_overflow_irq(struct pmu_hart *h)
{
	pmu_host_csr_clear(PMU_CSR_MIP, PMU_MIP_LCOFIP);
	pmu_host_overflow_event(h);
}
