/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A retentive HSM suspend keeps the hart's state, the PMU state the
 * firmware holds for it included: mappings, started / stopped counters,
 * values and privilege filters all survive, and counting goes on.
 */
#include "pmu_tests.h"

#define ITERS		1000

static unsigned long loop(long c)
{
	unsigned long first;

	return pmu_loop_table[ctr_csr(c) - 0xc00](ITERS, &first);
}

static void test_retentive(void)
{
	long f = NO_CTR, g = NO_CTR, h = NO_CTR, s = NO_CTR;
	unsigned long sie, vs = 0, ws = 0, regs[8], d;
	struct sbiret ret;

	f = ctr_match(0, mask_from(0, pmu.fw), 0, EV_FW(PMU_FW_SET_TIMER), 0,
		      NULL);
	g = ctr_match(0, mask_from(0, pmu.fw), 0, EV_FW(PMU_FW_SET_TIMER), 0,
		      NULL);
	if (pmu.hpm)
		h = ctr_match(0, mask_from(0, pmu.hpm), 0, EV_INSTRET, 0, NULL);
	if (pmu.instret != NO_CTR)
		s = ctr_match(pmu.instret, 1, 0, EV_INSTRET, 0, NULL);
	if (f == NO_CTR || g == NO_CTR) {
		test_report(0, "cfg_match failed", "counters for the suspend test");
		goto out;
	}
	sbi_pmu_counter_start(f, 1, PMU_START_SET_INIT_VALUE, 10);
	sbi_pmu_counter_start(g, 1, PMU_START_SET_INIT_VALUE, 20);
	sbi_pmu_counter_stop(g, 1, 0);
	if (h != NO_CTR)
		sbi_pmu_counter_start(h, 1, PMU_START_SET_INIT_VALUE, 0);
	if (s != NO_CTR) {
		sbi_pmu_counter_start(s, 1, PMU_START_SET_INIT_VALUE, 1000);
		sbi_pmu_counter_stop(s, 1, 0);
		ctr_csr_read(s, &vs);
	}

	/* wake on the supervisor timer, interrupts masked in sstatus */
	local_irq_disable();
	sie = csr_read(CSR_SIE);
	csr_write(CSR_SIE, SIP_STIP);
	sbi_set_timer(time_now() + usec_to_ticks(1000));	/* f: 11 */
	ret = sbi_hart_suspend(SBI_HSM_SUSPEND_RET_DEFAULT, 0, 0);
	sbi_set_timer(~0UL);					/* f: 12 */
	csr_write(CSR_SIE, sie);

	TEST_SBI_OK(ret, "retentive hart_suspend returns");
	TEST_EQ(ctr_value(f), 12,
		"a started firmware counter counts on across the suspend");
	TEST_EQ(ctr_value(g), 20, "a stopped firmware counter keeps its value");
	TEST_SBI_OK(sbi_pmu_counter_stop(f, 1, 0), "counter %ld is still started",
		    f);
	TEST_SBI_ERR(sbi_pmu_counter_stop(g, 1, 0), SBI_ERR_ALREADY_STOPPED,
		     "counter %ld is still stopped", g);
	if (s != NO_CTR) {
		ctr_csr_read(s, &ws);
		TEST_EQ(ws, vs, "stopped instret counter %ld did not move", s);
		TEST_SBI_ERR(sbi_pmu_counter_stop(s, 1, 0),
			     SBI_ERR_ALREADY_STOPPED,
			     "instret counter %ld is still stopped", s);
	}
	if (h == NO_CTR)
		goto out;
	d = loop(h);
	TEST_EQ(d, 2 * ITERS + 2,
		"hpmcounter %ld still counts INSTRUCTIONS exactly after the suspend",
		h);
	if (ctr_filterable(h)) {
		memset(regs, 0, sizeof(regs));
		regs[6] = SBI_EXT_PMU_NUM_COUNTERS;
		regs[7] = SBI_EXT_PMU;
		d = pmu_ecall_table[ctr_csr(h) - 0xc00](regs);
		test_report(d >= 1 && d <= 2, NULL,
			    "and still ignores M-mode: %lu across an SBI call",
			    d);
	}
	TEST_SBI_OK(sbi_pmu_counter_stop(h, 1, 0),
		    "hpmcounter %ld is still started", h);
out:
	ctr_release_all();
}

void test_suspend(void)
{
	struct sbiret ret = sbi_probe_extension(SBI_EXT_HSM);

	ctr_release_all();
	if (ret.error || !ret.value) {
		test_skip("no HSM extension", "PMU state across hart_suspend");
		return;
	}
	if (!pmu.fw) {
		test_skip("no firmware counters", "PMU state across hart_suspend");
		return;
	}
	test_retentive();
}
