/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Counter delegation (Smcdeleg/Ssccfg) and PDIS (Smpdis/Sspdis): which
 * hardware the supervisor drives itself, and the CSRs that say so. The
 * policy is docs/delegation.md; M-mode is never counted nor sampled.
 */
#include <sbi/riscv_draft_encoding.h>
#include "pmu_internal.h"

#define PMU_INHIBIT_PDIS	(1UL << COUNTINHIBIT_PDIS_SHIFT)
#define PMU_MSTATEEN0_PDIS	(1ULL << SMSTATEEN0_PDIS_SHIFT)
#define PMU_MENVCFG_PDISS	(1ULL << MENVCFG_PDISS_SHIFT)
#define PMU_MIP_LAMBI		(1UL << IRQ_LAMBI)

/* Counters S-mode may own without being able to count M-mode. */
static uint32_t pmu_deleg_safe(unsigned int feat, uint32_t hw)
{
	uint32_t ok = 0;

	if (!(feat & PMU_FEAT_SMCDELEG))
		return 0;
	if (feat & PMU_FEAT_SSCOFPMF)
		ok |= hw & PMU_HPM_MASK;	/* mhpmevent.MINH */
	if (feat & PMU_FEAT_SMCNTRPMF)
		ok |= hw & PMU_FIXED_MASK;	/* mcyclecfg/minstretcfg.MINH */
	return ok;
}

uint32_t pmu_platform_delegate(struct pmu_platform *plat, uint32_t want,
			       bool pdis)
{
	uint32_t d = want & pmu_deleg_safe(plat->features, plat->hw_mask);

	plat->deleg_mask = d;
	plat->pdis_deleg = pdis && pmu_has(plat, PMU_FEAT_SSPDIS);
	/* the index layout stays: a delegated index is simply not SBI's */
	plat->hw_mask &= ~d;
	plat->hw_value_mask &= ~d;
	plat->filter_mask &= ~d;
	plat->of_mask &= ~d;
	plat->valid_mask &= ~(uint64_t)d;
	return d;
}

/* Stopped, zero, idle event with MINH (which sireg2 cannot clear). */
static void pmu_deleg_reset_ctrs(const struct pmu_platform *plat, uint32_t d)
{
	if (!d)
		return;
	pmu_host_csr_set(PMU_CSR_MCOUNTINHIBIT, d);
	for (; d; d &= d - 1) {
		unsigned int i = pmu_ctz(d);

		pmu_hw_write_event(plat, i, PMU_EVT_MINH);
		pmu_hw_write(i, 0);
	}
}

static void pmu_csr_assign(unsigned int csr, unsigned long bits, bool on)
{
	if (on)
		pmu_host_csr_set(csr, bits);
	else
		pmu_host_csr_clear(csr, bits);
}

/* A 64-bit CSR's bits: on RV32, bits 63:32 are in the CSR @csrh. */
static void pmu_csr_assign64(unsigned int csr, unsigned int csrh,
			     uint64_t bits, bool on)
{
#if __SIZEOF_LONG__ == 4
	if (bits >> 32)
		pmu_csr_assign(csrh, (unsigned long)(bits >> 32), on);
	if ((uint32_t)bits)
		pmu_csr_assign(csr, (unsigned long)bits, on);
#else
	(void)csrh;
	pmu_csr_assign(csr, bits, on);
#endif
}

/*
 * mpdisctl: nothing selected, M never; OF=1 so no LCOFI is pending. The
 * memory buffer, if any, disabled and pointing nowhere.
 */
static void pmu_pdis_reset(unsigned int feat)
{
	pmu_host_csr_set(PMU_CSR_MCOUNTINHIBIT, PMU_INHIBIT_PDIS);
	if (feat & PMU_FEAT_PDISMEM) {
		pmu_host_csr_write(CSR_SPDISAMBCS, 0);
		pmu_host_csr_write(CSR_SPDISAMBADDR, 0);
	}
	if (sizeof(unsigned long) < 8) {
		pmu_host_csr_write(CSR_MPDISCTL, 0);
		pmu_host_csr_write(CSR_MPDISCTLH,
				   (unsigned long)(PDISCTL_OF >> 32));
	} else {
		pmu_host_csr_write(CSR_MPDISCTL, (unsigned long)PDISCTL_OF);
	}
}

/*
 * The PDIS memory buffer writes with M-mode privilege unless
 * menvcfg.PDISS=1. M-mode never uses it, so PDISS is always 1: whoever
 * reaches spdisambaddr (S-mode when PDIS is delegated, the guest with the
 * hypervisor's henvcfg.PDISV) writes with S/VS privilege, translation and
 * PMP, never into the firmware. Its interrupt (LAMBI) goes with PDIS.
 */
static void pmu_pdis_buffer(unsigned int feat, bool pdis)
{
	if (!(feat & PMU_FEAT_PDISMEM))
		return;
	pmu_csr_assign64(PMU_CSR_MENVCFG, PMU_CSR_MENVCFGH, PMU_MENVCFG_PDISS,
			 true);
	pmu_csr_assign(PMU_CSR_MIDELEG, PMU_MIP_LAMBI, pdis);
}

/*
 * mcounteren's counter bits: S-mode reads SBI's counters directly unless
 * CDE=1, where the bit would also open sireg* to them; then only the
 * delegated counters. Other bits (TM) are the embedder's and stay.
 * Without mcountinhibit that is cycle and instret, which never stop:
 * S-mode counts with them by reading deltas, as Zicntr promises.
 */
void pmu_hart_counteren(const struct pmu_hart *h)
{
	const struct pmu_platform *plat = h->plat;
	unsigned long ours = plat->hw_value_mask | plat->deleg_mask;
	unsigned long en = pmu_host_csr_read(PMU_CSR_MCOUNTEREN) & ~ours;

	pmu_host_csr_write(PMU_CSR_MCOUNTEREN,
			   en | (h->cde ? plat->deleg_mask : plat->hw_value_mask));
}

/* The enables: re-applied as they are after a resume. */
static void pmu_deleg_enable(struct pmu_hart *h, unsigned int feat)
{
	const struct pmu_platform *plat = h->plat;
	bool pdis = plat->pdis_deleg && (feat & PMU_FEAT_SSPDIS);

	h->cde = plat->deleg_mask && (feat & PMU_FEAT_SMCDELEG);
	pmu_hart_counteren(h);
	pmu_pdis_buffer(feat, pdis);
	if (feat & PMU_FEAT_SMSTATEEN) {
		if (h->cde)
			pmu_csr_assign64(PMU_CSR_MSTATEEN0, PMU_CSR_MSTATEEN0H,
					 PMU_MSTATEEN0_CSRIND, true);
		if (feat & PMU_FEAT_SMPDIS)
			pmu_csr_assign64(PMU_CSR_MSTATEEN0, PMU_CSR_MSTATEEN0H,
					 PMU_MSTATEEN0_PDIS, pdis);
	}
	if (feat & PMU_FEAT_SMCDELEG)
		pmu_csr_assign64(PMU_CSR_MENVCFG, PMU_CSR_MENVCFGH,
				 PMU_MENVCFG_CDE, h->cde);
	if ((feat & PMU_FEAT_SMPDIS) && pdis)
		pmu_host_csr_clear(PMU_CSR_MCOUNTINHIBIT, PMU_INHIBIT_PDIS);
}

void pmu_hart_delegate(struct pmu_hart *h, unsigned int hart_features)
{
	h->hart_features = hart_features;
	pmu_deleg_reset_ctrs(h->plat, h->plat->deleg_mask);
	if (hart_features & PMU_FEAT_SMPDIS)
		pmu_pdis_reset(hart_features);
	pmu_deleg_enable(h, hart_features);
}

void pmu_hart_redelegate(struct pmu_hart *h)
{
	pmu_deleg_enable(h, h->hart_features);
}

bool pmu_hart_emulate_read(const struct pmu_hart *h, unsigned int idx,
			   uint64_t *value)
{
	if (!h->cde || idx >= PMU_HW_CTR_MAX ||
	    !((h->plat->hw_mask >> idx) & 1))
		return false;
	*value = pmu_hw_read(idx);
	return true;
}
