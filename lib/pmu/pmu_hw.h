/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hardware counter programming, the hot half: inline so that starting or
 * stopping one counter costs its CSR accesses and little else. Counter
 * index i is mcycle/minstret/mhpmcounter i; masks are over those indices.
 * The cold half (reset, suspend/resume) is in pmu_hw.c.
 */
#ifndef PMU_HW_H
#define PMU_HW_H

#include <pmu/pmu_host.h>

/*
 * A hardware index is below PMU_HW_CTR_MAX: said to the compiler, so that
 * a host's accessor by CSR number (<sbi/sbi_pmu_csr.h>) drops its
 * fallback for numbers outside the counter ranges, and its caller may stay
 * a leaf.
 */
#define PMU_HW_IDX(idx)							\
	do {								\
		if ((idx) >= PMU_HW_CTR_MAX)				\
			__builtin_unreachable();			\
	} while (0)

#if __SIZEOF_LONG__ == 4
/* RV32: high, low, high again, so a carry between the reads is seen. */
static inline uint64_t pmu_hw_read(unsigned int idx)
{
	unsigned long hi, lo;

	PMU_HW_IDX(idx);
	do {
		hi = pmu_host_csr_read(PMU_CSR_MCOUNTERH(idx));
		lo = pmu_host_csr_read(PMU_CSR_MCOUNTER(idx));
	} while (hi != pmu_host_csr_read(PMU_CSR_MCOUNTERH(idx)));
	return ((uint64_t)hi << 32) | lo;
}

/* Low half zeroed first, so a running counter cannot carry into the new high. */
static inline void pmu_hw_write(unsigned int idx, uint64_t val)
{
	PMU_HW_IDX(idx);
	pmu_host_csr_write(PMU_CSR_MCOUNTER(idx), 0);
	pmu_host_csr_write(PMU_CSR_MCOUNTERH(idx), (unsigned long)(val >> 32));
	pmu_host_csr_write(PMU_CSR_MCOUNTER(idx), (unsigned long)val);
}
#else
static inline uint64_t pmu_hw_read(unsigned int idx)
{
	PMU_HW_IDX(idx);
	return pmu_host_csr_read(PMU_CSR_MCOUNTER(idx));
}

static inline void pmu_hw_write(unsigned int idx, uint64_t val)
{
	PMU_HW_IDX(idx);
	pmu_host_csr_write(PMU_CSR_MCOUNTER(idx), val);
}
#endif

/*
 * The value for mhpmevent (i >= 3) or mcyclecfg/minstretcfg (i = 0, 2).
 * Config flag bits 3..7 (VUINH..MINH) land on bits 58..62; M-mode is
 * always inhibited so the supervisor never sees firmware activity.
 * Without Sscofpmf (Smcntrpmf for 0 and 2) those bits do not exist.
 */
static inline uint64_t pmu_hw_event_value(const struct pmu_platform *plat,
					  unsigned int idx, uint64_t selector,
					  unsigned long cfg_flags)
{
	uint64_t inh = PMU_EVT_MINH |
		       ((uint64_t)((cfg_flags & PMU_CFG_INH_MASK) >>
				   PMU_CFG_INH_SHIFT) << PMU_EVT_INH_SHIFT);

	if (idx >= PMU_IDX_HPM_FIRST)
		return pmu_has(plat, PMU_FEAT_SSCOFPMF) ?
		       (selector & plat->sel_mask) | inh : selector;
	return pmu_has(plat, PMU_FEAT_SMCNTRPMF) ? inh : 0;
}

/*
 * Event value of a counter bound to nothing. An mhpmcounter gets 0, no
 * event and no filter bits: that is how a counter forgets its event on
 * QEMU 10.0, which drops a counter from its event map only when bits 62:0
 * of mhpmevent are all zero (with MINH left set, the old event kept
 * counting there and a later counter for it never counted: docs/pmu.md).
 * cycle and instret run free, with M-mode inhibited where Smcntrpmf exists.
 */
static inline uint64_t pmu_hw_idle_value(const struct pmu_platform *plat,
					 unsigned int idx)
{
	if (idx >= PMU_IDX_HPM_FIRST)
		return 0;
	return pmu_hw_event_value(plat, idx, 0, 0);
}

static inline void pmu_hw_write_event(const struct pmu_platform *plat,
				      unsigned int idx, uint64_t evt)
{
	unsigned int csr, csrh;	/* csrh: the RV32 high half, 0 if none */

	PMU_HW_IDX(idx);
	if (idx >= PMU_IDX_HPM_FIRST) {
		csr = PMU_CSR_MHPMEVENT(idx);
		/* mhpmeventh is Sscofpmf's: without it the CSR does not exist */
		csrh = pmu_has(plat, PMU_FEAT_SSCOFPMF) ?
		       PMU_CSR_MHPMEVENTH(idx) : 0;
	} else if (pmu_has(plat, PMU_FEAT_SMCNTRPMF)) {
		csr = idx == PMU_IDX_CYCLE ? PMU_CSR_MCYCLECFG :
		      PMU_CSR_MINSTRETCFG;
		csrh = idx == PMU_IDX_CYCLE ? PMU_CSR_MCYCLECFGH :
		       PMU_CSR_MINSTRETCFGH;
	} else {
		return;
	}
	pmu_host_csr_write(csr, (unsigned long)evt);
	/* RV32: OF and the inhibit bits live in the high half */
	if (sizeof(unsigned long) < 8 && csrh)
		pmu_host_csr_write(csrh, (unsigned long)(evt >> 32));
}

/* Program (and remember, for resume) the event of a counter. */
static inline void pmu_hw_program(struct pmu_hart *h, unsigned int idx,
				  uint64_t evt)
{
	h->hw_evt[idx] = evt;
	pmu_hw_write_event(h->plat, idx, evt);
}

/*
 * OF bits (from scountovf, one read) of the programmable counters in bits.
 * Masks of hardware counters fit 32 bits; held in XLEN registers, so that
 * RV64 spends no instructions narrowing and widening them.
 */
static inline unsigned long pmu_hw_overflow(const struct pmu_platform *plat,
					    unsigned long bits)
{
	bits &= plat->of_mask;
	if (!bits)
		return 0;
	return pmu_host_csr_read(PMU_CSR_SCOUNTOVF) & bits;
}

/*
 * A start of bits with overflowed counters (of): rewrite their remembered
 * events (OF clear), then start. Return: SBI_SUCCESS.
 */
long pmu_hw_start_of(struct pmu_hart *h, uint32_t bits, uint32_t of);

/*
 * Start: clear a pending overflow first (SBI start semantics), then go.
 * A leaf unless a counter overflowed. Return: SBI_SUCCESS, so that a
 * start can end in a tail call.
 */
static inline long pmu_hw_start(struct pmu_hart *h, unsigned long bits)
{
	unsigned long of = pmu_hw_overflow(h->plat, bits);

	if (of)
		return pmu_hw_start_of(h, (uint32_t)bits, (uint32_t)of);
	pmu_host_csr_clear(PMU_CSR_MCOUNTINHIBIT, bits);
	return SBI_SUCCESS;
}

static inline void pmu_hw_stop(uint32_t bits)
{
	if (bits)
		pmu_host_csr_set(PMU_CSR_MCOUNTINHIBIT, bits);
}

/*
 * cycle and instret of SBI's set run while no event is bound to them, as
 * from reset on most harts: rdcycle/rdinstret users need no perf. The
 * idle event keeps M-mode out where Smcntrpmf exists (docs/pmu.md).
 */
static inline uint32_t pmu_hw_free(const struct pmu_hart *h)
{
	return h->plat->hw_mask & PMU_FIXED_MASK & ~(uint32_t)h->mapped;
}

void pmu_hw_reset(struct pmu_hart *h);
void pmu_hw_save(struct pmu_hart *h);
void pmu_hw_restore(struct pmu_hart *h);

#endif /* PMU_HW_H */
