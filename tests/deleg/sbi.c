/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI and delegation never share a counter: counter_get_info refuses
 * delegated counters, config_matching never hands one out however often
 * it is asked, start/stop refuse them; and S-mode still reads the SBI
 * counters with csrr (emulated by the firmware while CDE=1), exactly.
 */
#include "deleg_tests.h"

#define EV_HW(code)	PMU_EVIDX(PMU_EV_TYPE_HW, code)
#define EV_RAW		PMU_EVIDX(PMU_EV_TYPE_RAW, 0)

static const struct {
	const char *name;
	unsigned long event, data;
} events[] = {
	{ "CPU_CYCLES", EV_HW(PMU_HW_CPU_CYCLES), 0 },
	{ "INSTRUCTIONS", EV_HW(PMU_HW_INSTRUCTIONS), 0 },
	{ "BRANCH_INSTRUCTIONS", EV_HW(PMU_HW_BRANCH_INSTRUCTIONS), 0 },
	{ "raw INST.RET", EV_RAW, HPM_EV_INST_RET },
	{ "raw INST.RET.LOAD", EV_RAW, HPM_EV_INST_RET_LOAD },
};

int sbi_ctr_hw_index(unsigned long idx)
{
	struct sbiret ret = sbi_pmu_counter_get_info(idx);
	unsigned long csr = ret.value & PMU_CTR_INFO_CSR_MASK;

	if (ret.error || (ret.value & PMU_CTR_INFO_TYPE_FW) ||
	    csr < CSR_CYCLE || csr >= CSR_CYCLE + 32)
		return -1;
	return csr - CSR_CYCLE;
}

/* Ask for @ev until nothing is left; the hardware counters handed out. */
static unsigned long match_all(unsigned long ev, unsigned long data)
{
	unsigned long got = 0, idx[64];
	unsigned int n = 0, i;
	struct sbiret ret;
	int hw;

	while (n < ARRAY_SIZE(idx)) {
		ret = sbi_pmu_counter_cfg_match(0, cfg.sbi_valid, 0, ev, data);
		if (ret.error)
			break;
		idx[n++] = ret.value;
		hw = sbi_ctr_hw_index(ret.value);
		if (hw >= 0)
			got |= BIT(hw);
	}
	for (i = 0; i < n; i++)
		sbi_pmu_counter_stop(idx[i], 1, PMU_STOP_RESET);
	return got;
}

static void matching(void)
{
	unsigned long got;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(events); i++) {
		got = match_all(events[i].event, events[i].data);
		TEST_EQ(got & cfg.deleg, 0,
			"config_matching %s until refused: hardware counters 0x%lx, none delegated",
			events[i].name, got);
	}
}

/* Each delegated counter, asked for by SBI index: refused. */
static void refusals(void)
{
	unsigned long m, bad_info = 0, bad_match = 0, bad_start = 0;
	struct sbiret ret;
	unsigned int i;

	if (!cfg.deleg)
		return;
	for (m = cfg.deleg; m; m &= m - 1) {
		i = bit_lowest(m);
		ret = sbi_pmu_counter_get_info(i);
		bad_info |= ret.error != SBI_ERR_INVALID_PARAM ? BIT(i) : 0;
		ret = sbi_pmu_counter_cfg_match(i, 1, 0, EV_RAW,
						HPM_EV_INST_RET);
		if (!ret.error)
			sbi_pmu_counter_stop(ret.value, 1, PMU_STOP_RESET);
		bad_match |= !ret.error ? BIT(i) : 0;
		ret = sbi_pmu_counter_start(i, 1, 0, 0);
		bad_start |= ret.error != SBI_ERR_INVALID_PARAM ? BIT(i) : 0;
		ret = sbi_pmu_counter_stop(i, 1, 0);
		bad_start |= ret.error != SBI_ERR_INVALID_PARAM ? BIT(i) : 0;
	}
	TEST_EQ(bad_info, 0,
		"counter_get_info of each delegated counter: INVALID_PARAM");
	TEST_EQ(bad_match, 0,
		"config_matching restricted to one delegated counter fails");
	TEST_EQ(bad_start, 0,
		"counter_start/stop of a delegated counter: INVALID_PARAM");
}

void test_sbi_separation(void)
{
	matching();
	refusals();
}

/* Counter @hw over spin_loop(@n): 2n instructions plus a constant. */
static unsigned long spin_delta(unsigned int hw, unsigned long n)
{
	unsigned long a = hpm_csr_read(hw);

	spin_loop(n);
	return hpm_csr_read(hw) - a;
}

static void sbi_read(const char *name, unsigned long ev)
{
	unsigned long flags = PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START;
	struct sbiret ret;
	unsigned long d1, d2;
	int hw;

	ret = sbi_pmu_counter_cfg_match(0, cfg.sbi_valid, flags, ev, 0);
	hw = ret.error ? -1 : sbi_ctr_hw_index(ret.value);
	if (!test_report(hw >= 0, sbi_err_name(ret.error),
			 "SBI counts %s on a hardware counter", name))
		return;
	d1 = spin_delta(hw, 1000);
	d2 = spin_delta(hw, 2000);
	sbi_pmu_counter_stop(ret.value, 1, PMU_STOP_RESET);
	TEST_EQ(d2 - d1, 2000,
		"S-mode reads of SBI counter %d (%s, csrr%s) are exact", hw,
		name, cfg.cde ? " emulated" : "");
	test_report(d1 >= 2000 && d1 < 2000 + 40, NULL,
		    "reading SBI counter %d costs no M-mode count (%lu for 2000 instructions)",
		    hw, d1);
}

void test_sbi_reads(void)
{
	if (!(cfg.sbi_hw & (BIT(0) | BIT(2) | ~7UL))) {
		test_skip("every hardware counter is delegated",
			  "S-mode reads of SBI hardware counters");
		return;
	}
	sbi_read("INSTRUCTIONS", EV_HW(PMU_HW_INSTRUCTIONS));
	sbi_read("CPU_CYCLES", EV_HW(PMU_HW_CPU_CYCLES));
}
