/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Logical counters: information, allocation (config_matching), start, stop
 * and firmware reads. Counter sets arrive validated from pmu_ecall.c as
 * absolute bitmaps; the state checks (mapped, started) live here.
 */
#include "pmu_internal.h"

static inline bool pmu_is_fw(const struct pmu_platform *plat, unsigned int i)
{
	return i >= plat->hw_slots;
}

uint64_t pmu_ctr_value(const struct pmu_hart *h, unsigned int idx)
{
	if (pmu_is_fw(h->plat, idx))
		return h->fw_value[idx - h->plat->hw_slots];
	return pmu_hw_read(idx);
}

void pmu_ctr_set_value(struct pmu_hart *h, unsigned int idx, uint64_t val)
{
	if (pmu_is_fw(h->plat, idx))
		h->fw_value[idx - h->plat->hw_slots] = val;
	else
		pmu_hw_write(idx, val);
}

long pmu_ctr_get_info(const struct pmu_platform *plat, unsigned long idx,
		      unsigned long *info)
{
	if (idx >= plat->num_ctrs)
		return SBI_ERR_INVALID_PARAM;
	if (pmu_is_fw(plat, (unsigned int)idx)) {
		*info = PMU_CTR_INFO_TYPE_FW | (63UL << PMU_CTR_INFO_WIDTH_SHIFT);
		return SBI_SUCCESS;
	}
	if (!((plat->hw_mask >> idx) & 1))	/* time slot or absent */
		return SBI_ERR_INVALID_PARAM;
	*info = PMU_CSR_COUNTER(idx) |
		((unsigned long)plat->hw_width[idx] << PMU_CTR_INFO_WIDTH_SHIFT);
	return SBI_SUCCESS;
}

/*
 * Would filtering be needed for these flags? MINH is forced anyway, and
 * VS/VU inhibits are vacuous on a hart without H.
 */
static bool pmu_filter_needed(const struct pmu_platform *plat,
			      unsigned long flags)
{
	unsigned long need = PMU_CFG_SET_SINH | PMU_CFG_SET_UINH;

	if (pmu_has(plat, PMU_FEAT_HYP))
		need |= PMU_CFG_SET_VSINH | PMU_CFG_SET_VUINH;
	return (flags & need) != 0;
}

/* Counters of set able to count the event now or after reconfiguration. */
static uint64_t pmu_candidates(const struct pmu_platform *plat, uint64_t set,
			       unsigned long flags, unsigned long event_idx,
			       uint64_t data, uint64_t *selector, bool *fw)
{
	uint32_t hw;

	*fw = pmu_fw_event_valid(event_idx, data);
	if (*fw)
		return set & plat->fw_mask;
	hw = pmu_event_hw_counters(plat, event_idx, data, selector);
	if (pmu_filter_needed(plat, flags))
		hw &= plat->filter_mask;
	return set & hw;
}

static void pmu_ctr_bind(struct pmu_hart *h, unsigned int c, bool fw,
			 unsigned long flags, unsigned long event_idx,
			 uint64_t data, uint64_t selector)
{
	const struct pmu_platform *plat = h->plat;

	if (fw)
		pmu_fw_config(h, c - plat->hw_slots,
			      event_idx & PMU_EVIDX_CODE_MASK, data);
	else
		pmu_hw_program(h, c, pmu_hw_event_value(plat, c, selector,
							flags));
	h->mapped |= 1ULL << c;
	if (flags & PMU_CFG_CLEAR_VALUE)
		pmu_ctr_set_value(h, c, 0);
	if (flags & PMU_CFG_AUTO_START) {
		if (fw)
			pmu_fw_start(h, 1U << (c - plat->hw_slots));
		else
			pmu_hw_start(h, 1U << c);
		h->started |= 1ULL << c;
	}
}

long pmu_ctr_config_match(struct pmu_hart *h, uint64_t set,
			  unsigned long flags, unsigned long event_idx,
			  uint64_t data, unsigned long *idx_out)
{
	uint64_t cand, selector = 0;
	unsigned int c;
	bool fw;

	cand = pmu_candidates(h->plat, set, flags, event_idx, data,
			      &selector, &fw);
	if (flags & PMU_CFG_SKIP_MATCH) {
		/* the first counter of the set, whatever it holds now */
		c = pmu_ctz(set);
		if (!((cand >> c) & 1) || ((h->started >> c) & 1))
			return SBI_ERR_NOT_SUPPORTED;
	} else {
		cand &= ~h->mapped;
		if (!cand)
			return SBI_ERR_NOT_SUPPORTED;
		c = pmu_ctz(cand);
	}
	pmu_ctr_bind(h, c, fw, flags, event_idx, data, selector);
	*idx_out = c;
	return SBI_SUCCESS;
}

long pmu_ctr_start(struct pmu_hart *h, unsigned long base, uint64_t set,
		   unsigned long flags, uint64_t init_value)
{
	const struct pmu_platform *plat = h->plat;
	uint64_t todo, left;

	if (set & ~h->mapped)
		return SBI_ERR_INVALID_PARAM;	/* no event to count */
	todo = set & ~h->started;
	if (flags & (PMU_START_SET_INIT_VALUE | PMU_START_INIT_SNAPSHOT)) {
		for (left = todo; left; left &= left - 1) {
			unsigned int i = pmu_ctz(left);
			uint64_t v = init_value;

			if (flags & PMU_START_INIT_SNAPSHOT)
				v = pmu_snapshot_value(h, base, i);
			pmu_ctr_set_value(h, i, v);
		}
	}
	pmu_hw_start(h, (uint32_t)(todo & plat->hw_mask));
	pmu_fw_start(h, pmu_fw_bits(plat, todo));
	h->started |= todo;
	return todo == set ? SBI_SUCCESS : SBI_ERR_ALREADY_STARTED;
}

/* Unbind counters: idle event (M-mode inhibited), no firmware event. */
static void pmu_ctr_release(struct pmu_hart *h, uint64_t set)
{
	const struct pmu_platform *plat = h->plat;
	uint64_t left;

	for (left = set & plat->hw_mask; left; left &= left - 1) {
		unsigned int i = pmu_ctz(left);

		pmu_hw_program(h, i, pmu_hw_idle_value(plat, i));
	}
	h->mapped &= ~set;
}

/*
 * Every counter of the set is handled even when some fail: Linux stops
 * "all used counters" in one call and expects the started ones stopped.
 * RESET releases a mapped counter whether or not it was started.
 */
long pmu_ctr_stop(struct pmu_hart *h, unsigned long base, uint64_t set,
		  unsigned long flags)
{
	const struct pmu_platform *plat = h->plat;
	uint64_t run = set & h->started, mapped = set & h->mapped, bad;

	pmu_hw_stop((uint32_t)(run & plat->hw_mask));
	pmu_fw_stop(h, pmu_fw_bits(plat, run));
	h->started &= ~run;
	if (flags & PMU_STOP_TAKE_SNAPSHOT)
		pmu_snapshot_save(h, base, mapped);
	bad = set & ~run;
	if (flags & PMU_STOP_RESET) {
		pmu_ctr_release(h, mapped);
		bad &= ~mapped;
	}
	return bad ? SBI_ERR_ALREADY_STOPPED : SBI_SUCCESS;
}

long pmu_ctr_fw_read(const struct pmu_hart *h, unsigned long idx,
		     uint64_t *value)
{
	const struct pmu_platform *plat = h->plat;

	if (idx >= plat->num_ctrs || !pmu_is_fw(plat, (unsigned int)idx) ||
	    !((h->mapped >> idx) & 1))
		return SBI_ERR_INVALID_PARAM;
	*value = h->fw_value[idx - plat->hw_slots];
	return SBI_SUCCESS;
}
