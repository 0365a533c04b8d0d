/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A retentive HSM suspend keeps the hart's state, the PMU state the
 * firmware holds for it included: mappings, started / stopped counters,
 * values and privilege filters all survive, and counting goes on.
 *
 * A non-retentive one loses the hart's CSRs; with the project firmware's
 * test channel the loss is real (the firmware scrambles counters, events,
 * inhibits and mcounteren), and the PMU state must still come back
 * exactly: stopped values to the count, started counters counting the
 * same event with the same filters, OF bits, and direct counter reads.
 */
#include "pmu_tests.h"

#define ITERS		1000

static unsigned long loop(long c)
{
	unsigned long first;

	return pmu_loop_table[ctr_csr(c) - 0xc00](ITERS, &first);
}

/*
 * instret that cannot stop (nostop.c), stopped for SBI before a suspend:
 * it ran on, and a suspend that lost it gave it back its value, so it is
 * ahead of @before by the instructions in between (a few lines of output
 * and the suspend), never behind, never a lost value.
 */
static void check_ran_on(long s, unsigned long before, unsigned long after)
{
	test_report(after > before && after - before < 1000000, NULL,
		    "instret counter %ld, which cannot stop, ran on: 0x%lx -> 0x%lx",
		    s, before, after);
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
		if (ctr_stops(s))
			TEST_EQ(ws, vs, "stopped instret counter %ld did not move",
				s);
		else
			check_ran_on(s, vs, ws);
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

struct nonret_ctrs {
	long f, g, h, hs, ho, s;
	unsigned long vs, vhs, ovf;
};

static void nonret_setup(struct nonret_ctrs *c)
{
	c->f = ctr_match(0, mask_from(0, pmu.fw), 0, EV_FW(PMU_FW_SET_TIMER),
			 0, NULL);
	c->g = ctr_match(0, mask_from(0, pmu.fw), 0, EV_FW(PMU_FW_SET_TIMER),
			 0, NULL);
	sbi_pmu_counter_start(c->f, 1, PMU_START_SET_INIT_VALUE, 10);
	sbi_pmu_counter_start(c->g, 1, PMU_START_SET_INIT_VALUE, 20);
	sbi_pmu_counter_stop(c->g, 1, 0);
	c->h = c->hs = c->ho = c->s = NO_CTR;
	if (pmu.instret != NO_CTR) {
		c->s = ctr_match(pmu.instret, 1, 0, EV_INSTRET, 0, NULL);
		sbi_pmu_counter_start(c->s, 1, PMU_START_SET_INIT_VALUE, 1000);
		sbi_pmu_counter_stop(c->s, 1, 0);
		ctr_csr_read(c->s, &c->vs);
	}
	if (!pmu.hpm)
		return;
	c->h = ctr_match(0, mask_from(0, pmu.hpm), 0, EV_INSTRET, 0, NULL);
	c->hs = ctr_match(0, mask_from(0, pmu.hpm), 0, EV_INSTRET, 0, NULL);
	if (c->hs != NO_CTR) {
		sbi_pmu_counter_start(c->hs, 1, PMU_START_SET_INIT_VALUE,
				      0x123456789ULL & ctr_top(c->hs));
		sbi_pmu_counter_stop(c->hs, 1, 0);
		ctr_csr_read(c->hs, &c->vhs);
	}
	if (pmu.sscofpmf)
		c->ho = ctr_match(0, mask_from(0, pmu.hpm), 0, EV_INSTRET, 0,
				  NULL);
	if (c->ho != NO_CTR) {
		/* wraps inside the loop: OF set, LCOFIP pending (masked) */
		sbi_pmu_counter_start(c->ho, 1, PMU_START_SET_INIT_VALUE,
				      ctr_top(c->ho) - 100);
		loop(c->ho);
		csr_clear(CSR_SIP, SIP_LCOFIP);
		c->ovf = csr_read(CSR_SCOUNTOVF);
	}
	if (c->h != NO_CTR)
		sbi_pmu_counter_start(c->h, 1, PMU_START_SET_INIT_VALUE, 0);
}

static void nonret_check_hpm(const struct nonret_ctrs *c)
{
	unsigned long v, d, w;

	if (c->hs != NO_CTR) {
		TEST_ASSERT(ctr_csr_read(c->hs, &v) && v == c->vhs,
			    "stopped hpmcounter %ld kept 0x%lx exactly (0x%lx)",
			    c->hs, c->vhs, v);
		TEST_SBI_ERR(sbi_pmu_counter_stop(c->hs, 1, 0),
			     SBI_ERR_ALREADY_STOPPED,
			     "hpmcounter %ld is still stopped", c->hs);
	}
	if (c->ho != NO_CTR) {
		unsigned long bit = BIT(ctr_csr(c->ho) - 0xc00);

		TEST_EQ(c->ovf & bit, bit, "hpmcounter %ld overflowed before",
			c->ho);
		TEST_EQ(csr_read(CSR_SCOUNTOVF), c->ovf,
			"scountovf (OF bits) as before the suspend: 0x%lx",
			c->ovf);
		ctr_csr_read(c->ho, &v);
		loop(c->ho);
		ctr_csr_read(c->ho, &w);
		TEST_ASSERT(w > v && v < 0x100000,
			    "overflowed hpmcounter %ld counts on from its wrapped value (0x%lx -> 0x%lx)",
			    c->ho, v, w);
	}
	if (c->h == NO_CTR)
		return;
	d = loop(c->h);
	TEST_EQ(d, 2 * ITERS + 2,
		"hpmcounter %ld counts INSTRUCTIONS exactly after the non-retentive suspend",
		c->h);
	TEST_SBI_OK(sbi_pmu_counter_stop(c->h, 1, 0),
		    "hpmcounter %ld is still started", c->h);
}

static void nonret_check(const struct nonret_ctrs *c)
{
	unsigned long ws;

	TEST_EQ(ctr_value(c->f), 12,
		"a started firmware counter counts on across it");
	TEST_EQ(ctr_value(c->g), 20, "a stopped firmware counter keeps its value");
	TEST_SBI_OK(sbi_pmu_counter_stop(c->f, 1, 0),
		    "firmware counter %ld is still started", c->f);
	TEST_SBI_ERR(sbi_pmu_counter_stop(c->g, 1, 0), SBI_ERR_ALREADY_STOPPED,
		     "firmware counter %ld is still stopped", c->g);
	if (c->s != NO_CTR && !ctr_stops(c->s)) {
		TEST_ASSERT(ctr_csr_read(c->s, &ws),
			    "instret is readable (mcounteren)");
		check_ran_on(c->s, c->vs, ws);
	} else if (c->s != NO_CTR) {
		TEST_ASSERT(ctr_csr_read(c->s, &ws) && ws == c->vs,
			    "stopped instret counter %ld kept %lu exactly (%lu); instret is readable (mcounteren)",
			    c->s, c->vs, ws);
	}
	if (c->s != NO_CTR) {
		TEST_SBI_ERR(sbi_pmu_counter_stop(c->s, 1, 0),
			     SBI_ERR_ALREADY_STOPPED,
			     "instret counter %ld is still stopped", c->s);
	}
	nonret_check_hpm(c);
}

static void test_non_retentive(void)
{
	long losses = test_suspend_losses();
	struct nonret_ctrs c;
	struct payload_resume r;
	struct sbiret ret;
	unsigned long sie;

	nonret_setup(&c);
	if (c.f == NO_CTR || c.g == NO_CTR) {
		test_report(0, "cfg_match failed", "counters for the suspend test");
		goto out;
	}
	local_irq_disable();
	sie = csr_read(CSR_SIE);
	csr_write(CSR_SIE, SIP_STIP);
	sbi_set_timer(time_now() + usec_to_ticks(1000));	/* f: 11 */
	ret = payload_suspend_non_ret(SBI_EXT_HSM, SBI_EXT_HSM_HART_SUSPEND,
				      SBI_HSM_SUSPEND_NON_RET_DEFAULT, 0, &r);
	sbi_set_timer(~0UL);					/* f: 12 */
	csr_write(CSR_SIE, sie);
	if (!TEST_ASSERT(r.resumed,
			 "non-retentive hart_suspend resumes at resume_addr (%s)",
			 sbi_err_name(ret.error)))
		goto out;
	if (losses >= 0)
		TEST_EQ(test_suspend_losses(), losses + 1,
			"the firmware scrambled the PMU CSRs while suspended");
	else
		test_diag("no emulated state loss: the PMU CSRs were kept");
	nonret_check(&c);
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
	if (pmu.opensbi_sites) {
		/* its warm-boot path runs sbi_pmu_init(); Linux restores (cpu_pm) */
		test_skip("OpenSBI re-initialises the PMU on a non-retentive resume",
			  "PMU state across a non-retentive hart_suspend");
		return;
	}
	test_non_retentive();
}
