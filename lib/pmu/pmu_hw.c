/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hardware counter programming, the cold half: overflow clearing, reset,
 * suspend and resume. The hot half is inline in pmu_hw.h.
 */
#include "pmu_internal.h"

PMU_COLD long pmu_hw_start_of(struct pmu_hart *h, uint32_t bits, uint32_t of)
{
	while (of) {
		unsigned int i = pmu_ctz(of);

#if __SIZEOF_LONG__ == 4
		/* OF is in mhpmeventh; the low half is unchanged */
		pmu_host_csr_write(PMU_CSR_MHPMEVENTH(i),
				   (unsigned long)(h->hw_evt[i] >> 32));
#else
		pmu_host_csr_write(PMU_CSR_MHPMEVENT(i), h->hw_evt[i]);
#endif
		of &= of - 1;
	}
	pmu_host_csr_clear(PMU_CSR_MCOUNTINHIBIT, bits);
	return SBI_SUCCESS;
}

/*
 * All counters idle and zero, inhibited but for the free-running cycle and
 * instret; mcounteren as pmu_hart_counteren().
 */
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
	if (pmu_hw_free(h))
		pmu_host_csr_clear(PMU_CSR_MCOUNTINHIBIT, pmu_hw_free(h));
	pmu_hart_counteren(h);
}

/* Before a suspend that may lose state: freeze, keep values and OF. */
void pmu_hw_save(struct pmu_hart *h)
{
	uint32_t hw = h->plat->hw_mask, left = hw;

	pmu_hw_stop(((uint32_t)h->started | pmu_hw_free(h)) & hw);
	h->saved_of = pmu_hw_overflow(h->plat, hw);
	while (left) {
		unsigned int i = pmu_ctz(left);

		h->hw_saved[i] = pmu_hw_read(i);
		left &= left - 1;
	}
}

/* After resume: reprogram events, values, OF bits, inhibits. */
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
	/* not pmu_hw_start(): an SBI start clears OF, a resume must keep it */
	left = ((uint32_t)h->started | pmu_hw_free(h)) & hw;
	if (left)
		pmu_host_csr_clear(PMU_CSR_MCOUNTINHIBIT, left);
}
