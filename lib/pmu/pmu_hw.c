/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hardware counter programming: event selectors with their privilege
 * filters, mcountinhibit, overflow bits, reset and suspend/resume. Counter
 * index i is mcycle/minstret/mhpmcounter i; masks are over those indices.
 */
#include <pmu/pmu_host.h>
#include "pmu_internal.h"

/*
 * The value for mhpmevent (i >= 3) or mcyclecfg/minstretcfg (i = 0, 2).
 * Config flag bits 3..7 (VUINH..MINH) land on bits 58..62; M-mode is
 * always inhibited so the supervisor never sees firmware activity.
 * Without Sscofpmf (Smcntrpmf for 0 and 2) those bits do not exist.
 */
uint64_t pmu_hw_event_value(const struct pmu_platform *plat, unsigned int idx,
			    uint64_t selector, unsigned long cfg_flags)
{
	uint64_t inh = PMU_EVT_MINH |
		       ((uint64_t)((cfg_flags & PMU_CFG_INH_MASK) >>
				   PMU_CFG_INH_SHIFT) << PMU_EVT_INH_SHIFT);

	if (idx >= PMU_IDX_HPM_FIRST)
		return pmu_has(plat, PMU_FEAT_SSCOFPMF) ?
		       (selector & plat->sel_mask) | inh : selector;
	return pmu_has(plat, PMU_FEAT_SMCNTRPMF) ? inh : 0;
}

/* Event value of a counter bound to nothing: no event, M-mode inhibited. */
uint64_t pmu_hw_idle_value(const struct pmu_platform *plat, unsigned int idx)
{
	return pmu_hw_event_value(plat, idx, 0, 0);
}

static void pmu_hw_write_event(const struct pmu_platform *plat,
			       unsigned int idx, uint64_t evt)
{
	if (idx >= PMU_IDX_HPM_FIRST)
		pmu_host_csr_write(PMU_CSR_MHPMEVENT(idx), evt);
	else if (pmu_has(plat, PMU_FEAT_SMCNTRPMF))
		pmu_host_csr_write(idx == PMU_IDX_CYCLE ? PMU_CSR_MCYCLECFG :
				   PMU_CSR_MINSTRETCFG, evt);
}

void pmu_hw_program(struct pmu_hart *h, unsigned int idx, uint64_t evt)
{
	h->hw_evt[idx] = evt;
	pmu_hw_write_event(h->plat, idx, evt);
}

uint64_t pmu_hw_read(unsigned int idx)
{
	return pmu_host_csr_read(PMU_CSR_MCOUNTER(idx));
}

void pmu_hw_write(unsigned int idx, uint64_t val)
{
	pmu_host_csr_write(PMU_CSR_MCOUNTER(idx), val);
}

/* Start counters: clear a pending overflow (OF), then uninhibit. */
void pmu_hw_start(struct pmu_hart *h, uint32_t bits)
{
	uint32_t of;

	if (!bits)
		return;
	of = pmu_hw_overflow(h->plat, bits);
	while (of) {
		unsigned int i = pmu_ctz(of);

		pmu_host_csr_write(PMU_CSR_MHPMEVENT(i), h->hw_evt[i]);
		of &= of - 1;
	}
	pmu_host_csr_write(PMU_CSR_MCOUNTINHIBIT,
			   pmu_host_csr_read(PMU_CSR_MCOUNTINHIBIT) & ~(unsigned long)bits);
}

void pmu_hw_stop(uint32_t bits)
{
	if (bits)
		pmu_host_csr_write(PMU_CSR_MCOUNTINHIBIT,
				   pmu_host_csr_read(PMU_CSR_MCOUNTINHIBIT) | bits);
}

/* OF bits (from scountovf, one read) of the programmable counters in bits. */
uint32_t pmu_hw_overflow(const struct pmu_platform *plat, uint32_t bits)
{
	bits &= PMU_HPM_MASK;
	if (!bits || !pmu_has(plat, PMU_FEAT_SSCOFPMF))
		return 0;
	return (uint32_t)pmu_host_csr_read(PMU_CSR_SCOUNTOVF) & bits;
}

/* All counters inhibited, idle, zero; S-mode may read them directly. */
void pmu_hw_reset(struct pmu_hart *h)
{
	const struct pmu_platform *plat = h->plat;
	uint32_t hw = plat->hw_mask, left = hw;

	if (!hw)
		return;
	pmu_hw_stop(hw);
	while (left) {
		unsigned int i = pmu_ctz(left);

		pmu_hw_program(h, i, pmu_hw_idle_value(plat, i));
		pmu_hw_write(i, 0);
		left &= left - 1;
	}
	pmu_host_csr_write(PMU_CSR_MCOUNTEREN,
			   pmu_host_csr_read(PMU_CSR_MCOUNTEREN) | hw);
}

/* Before a suspend that may lose state: freeze, keep values and OF. */
void pmu_hw_save(struct pmu_hart *h)
{
	uint32_t hw = h->plat->hw_mask, left = hw;

	pmu_hw_stop((uint32_t)h->started & hw);
	h->saved_of = pmu_hw_overflow(h->plat, hw);
	while (left) {
		unsigned int i = pmu_ctz(left);

		h->hw_saved[i] = pmu_hw_read(i);
		left &= left - 1;
	}
}

/* After resume: reprogram events, values, OF bits, inhibits, mcounteren. */
void pmu_hw_restore(struct pmu_hart *h)
{
	const struct pmu_platform *plat = h->plat;
	uint32_t hw = plat->hw_mask, left = hw;

	if (!hw)
		return;
	pmu_hw_stop(hw);
	while (left) {
		unsigned int i = pmu_ctz(left);
		uint64_t of = (h->saved_of >> i) & 1 ? PMU_EVT_OF : 0;

		pmu_hw_write_event(plat, i, h->hw_evt[i] | of);
		pmu_hw_write(i, h->hw_saved[i]);
		left &= left - 1;
	}
	h->saved_of = 0;
	pmu_host_csr_write(PMU_CSR_MCOUNTEREN,
			   pmu_host_csr_read(PMU_CSR_MCOUNTEREN) | hw);
	pmu_host_csr_write(PMU_CSR_MCOUNTINHIBIT,
			   pmu_host_csr_read(PMU_CSR_MCOUNTINHIBIT) &
			   ~(unsigned long)((uint32_t)h->started & hw));
}
