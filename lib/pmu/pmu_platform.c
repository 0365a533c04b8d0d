/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Platform description: features, the counters that exist and their width,
 * the counter index layout and the default event map.
 */
#include <sbi/riscv_draft_encoding.h>
#include <sbi/sbi_string.h>
#include <pmu/pmu_host.h>
#include "pmu_internal.h"

/* Derive the index layout from the set of usable hardware counters. */
static void pmu_platform_layout(struct pmu_platform *plat, uint32_t hw)
{
	unsigned int slots = 0;
	uint32_t filter, nostop = 0;

	/*
	 * Without mcountinhibit no counter can be stopped. The programmable
	 * ones are not offered (nothing could keep them from counting before
	 * and after their event); cycle and instret are, as counters that
	 * never stop, which is all a supervisor reading deltas needs.
	 */
	if (!pmu_has(plat, PMU_FEAT_MCOUNTINHIBIT)) {
		nostop = hw & PMU_FIXED_MASK;
		hw = 0;
	}
	while (slots < PMU_HW_CTR_MAX && ((hw | nostop) >> slots))
		slots++;

	filter = 0;
	if (pmu_has(plat, PMU_FEAT_SSCOFPMF))
		filter |= hw & PMU_HPM_MASK;
	if (pmu_has(plat, PMU_FEAT_SMCNTRPMF))
		filter |= hw & PMU_FIXED_MASK;
	plat->of_mask = pmu_has(plat, PMU_FEAT_SSCOFPMF) ? hw & PMU_HPM_MASK : 0;

	plat->hw_mask = hw;
	plat->filter_mask = filter;
	plat->hw_slots = slots;
	plat->num_ctrs = slots + PMU_FW_CTR_MAX;
	plat->fw_mask = ((1ULL << PMU_FW_CTR_MAX) - 1) << slots;
	plat->valid_mask = plat->fw_mask | hw | nostop;
	plat->nostop_mask = nostop;
	plat->hw_value_mask = hw | nostop;
	/* the one-counter paths program mcountinhibit: none of them then */
	plat->hot_slots = nostop ? 0 : slots;
	plat->stop_slow_mask = plat->fw_mask | nostop;
	plat->sel_mask = pmu_has(plat, PMU_FEAT_SSCOFPMF) ?
			 ~PMU_EVT_CTRL_MASK : ~0ULL;
}

void pmu_platform_init(struct pmu_platform *plat, unsigned int features)
{
	unsigned int i;

	memset(plat, 0, sizeof(*plat));
	plat->features = features;
	plat->compat = PMU_COMPAT_ALL;

	/* selector default: zero-extended event_idx, as the SBI spec allows */
	for (i = 0; i < PMU_HW_GENERAL_MAX; i++)
		plat->events[i].selector = PMU_EVIDX(PMU_EV_TYPE_HW, i);
	for (i = 0; i < PMU_CACHE_CODE_MAX; i++)
		plat->events[PMU_HW_GENERAL_MAX + i].selector =
			PMU_EVIDX(PMU_EV_TYPE_CACHE, i);

	/* mcycle and minstret are architectural: always there */
	plat->events[PMU_HW_CPU_CYCLES].counters = 1U << PMU_IDX_CYCLE;
	plat->events[PMU_HW_INSTRUCTIONS].counters = 1U << PMU_IDX_INSTRET;
	plat->hw_width[PMU_IDX_CYCLE] = 63;
	plat->hw_width[PMU_IDX_INSTRET] = 63;
	pmu_platform_layout(plat, PMU_FIXED_MASK);
}

/* Width of a probed counter: the number of bits that stuck. */
static unsigned int pmu_probe_width(unsigned long readback)
{
	unsigned int bits = 0;

	while (bits < 64 && (readback >> bits))
		bits++;
	return bits;
}

/* RV32: bits 63:32 of counter i are mhpmcounterNh; they widen it. */
static void pmu_probe_high(struct pmu_platform *plat, unsigned int i)
{
#if __SIZEOF_LONG__ == 4
	unsigned long rb;

	if (plat->hw_width[i] != 31 ||
	    pmu_host_csr_probe(PMU_CSR_MCOUNTERH(i), ~0UL, &rb) || !rb)
		return;
	pmu_host_csr_write(PMU_CSR_MCOUNTERH(i), 0);
	plat->hw_width[i] = (uint8_t)(32 + pmu_probe_width(rb) - 1);
#else
	(void)plat;
	(void)i;
#endif
}

void pmu_platform_probe(struct pmu_platform *plat)
{
	uint32_t hw = PMU_FIXED_MASK;
	unsigned long rb, inhibit = 0;
	unsigned int i;

	if (pmu_has(plat, PMU_FEAT_MCOUNTINHIBIT)) {
		inhibit = pmu_host_csr_read(PMU_CSR_MCOUNTINHIBIT);
		pmu_host_csr_write(PMU_CSR_MCOUNTINHIBIT, inhibit | PMU_HPM_MASK);
	}
	for (i = PMU_IDX_HPM_FIRST; i <= PMU_IDX_HPM_LAST; i++) {
		/* quiet the event first so the counter cannot move */
		if (pmu_host_csr_probe(PMU_CSR_MHPMEVENT(i),
				       pmu_hw_idle_value(plat, i), &rb))
			continue;
		if (pmu_host_csr_probe(PMU_CSR_MCOUNTER(i), ~0UL, &rb) || !rb)
			continue;
		pmu_host_csr_write(PMU_CSR_MCOUNTER(i), 0);
		plat->hw_width[i] = (uint8_t)(pmu_probe_width(rb) - 1);
		hw |= 1U << i;
		pmu_probe_high(plat, i);
	}
	if (pmu_has(plat, PMU_FEAT_MCOUNTINHIBIT))
		pmu_host_csr_write(PMU_CSR_MCOUNTINHIBIT, inhibit);
	pmu_platform_layout(plat, hw);
}

struct pmu_default_event {
	uint16_t slot;
	uint16_t selector;
};

#define PMU_DEF_CACHE(id, op, res, sel)	\
	{ PMU_HW_GENERAL_MAX + PMU_CACHE_CODE(id, op, res), sel }

int pmu_platform_default_map(struct pmu_platform *plat)
{
	/* read-only table: events whose definition matches a selector code */
	static const struct pmu_default_event map[] = {
		{ PMU_HW_CPU_CYCLES, HPM_EV_CYCLES_HART },
		{ PMU_HW_INSTRUCTIONS, HPM_EV_INST_RET },
		{ PMU_HW_CACHE_REFERENCES, HPM_EV_CACHE_L1_RD_DATA_ACCESS },
		{ PMU_HW_CACHE_MISSES, HPM_EV_CACHE_L1_RD_DATA_MISS },
		{ PMU_HW_BRANCH_INSTRUCTIONS, HPM_EV_INST_BRJMP_SPEC },
		{ PMU_HW_BRANCH_MISSES, HPM_EV_INST_MISPRED_SPEC },
		{ PMU_HW_REF_CPU_CYCLES, HPM_EV_CYCLES_REF },
		PMU_DEF_CACHE(PMU_CACHE_L1D, PMU_CACHE_OP_READ,
			      PMU_CACHE_RESULT_ACCESS,
			      HPM_EV_CACHE_L1_RD_DATA_ACCESS),
		PMU_DEF_CACHE(PMU_CACHE_L1D, PMU_CACHE_OP_READ,
			      PMU_CACHE_RESULT_MISS, HPM_EV_CACHE_L1_RD_DATA_MISS),
		PMU_DEF_CACHE(PMU_CACHE_L1I, PMU_CACHE_OP_READ,
			      PMU_CACHE_RESULT_ACCESS,
			      HPM_EV_CACHE_L1I_RD_CODE_ACCESS),
		PMU_DEF_CACHE(PMU_CACHE_L1I, PMU_CACHE_OP_READ,
			      PMU_CACHE_RESULT_MISS, HPM_EV_CACHE_L1I_RD_CODE_MISS),
		PMU_DEF_CACHE(PMU_CACHE_LL, PMU_CACHE_OP_READ,
			      PMU_CACHE_RESULT_ACCESS,
			      HPM_EV_CACHE_LL_RD_DATA_ACCESS),
		PMU_DEF_CACHE(PMU_CACHE_LL, PMU_CACHE_OP_READ,
			      PMU_CACHE_RESULT_MISS, HPM_EV_CACHE_LL_RD_DATA_MISS),
		PMU_DEF_CACHE(PMU_CACHE_ITLB, PMU_CACHE_OP_READ,
			      PMU_CACHE_RESULT_ACCESS, HPM_EV_TLB_L1I_CODE_ACCESS),
		PMU_DEF_CACHE(PMU_CACHE_ITLB, PMU_CACHE_OP_READ,
			      PMU_CACHE_RESULT_MISS, HPM_EV_TLB_L1I_CODE_MISS),
	};
	unsigned int i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		struct pmu_event_map *ev = &plat->events[map[i].slot];

		ev->selector = map[i].selector;
		ev->counters |= PMU_HPM_MASK;
	}
	return 0;
}
