/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Exact hardware counts under -icount shift=0: instret (and cycles, which
 * QEMU's icount makes one per instruction) over a loop of known length,
 * read straight from the counter CSR; two counters on one event; and that
 * a counter configured through SBI never counts M-mode, so an SBI call
 * costs the caller only its own S-mode instructions.
 */
#include <sbi/riscv_draft_encoding.h>
#include "pmu_tests.h"

/* Instructions between the two reads of pmu_loop_n: csrr, mv, 2 * iters. */
#define LOOP_INSNS(n)	(2UL * (n) + 2)
/* "within a few instructions" */
#define SLACK		2

static unsigned long loop_on(long c, unsigned long iters, unsigned long *first)
{
	unsigned long dummy;

	return pmu_loop_table[ctr_csr(c) - 0xc00](iters, first ? first : &dummy);
}

/* Count @iters loop iterations on @c; one check. */
static void check_loop(long c, const char *what, unsigned long iters)
{
	unsigned long d = loop_on(c, iters, NULL);
	unsigned long want = LOOP_INSNS(iters);

	test_report(d + SLACK >= want && d <= want + SLACK, NULL,
		    "%s on counter %ld over %lu loop instructions: %lu", what, c,
		    want, d);
}

static void test_instret_exact(void)
{
	long c;

	if (pmu.instret != NO_CTR) {
		c = match_check(pmu.instret, 1, 0, EV_INSTRET, 0, "(instret)");
		if (c != NO_CTR) {
			sbi_pmu_counter_start(c, 1, PMU_START_SET_INIT_VALUE, 0);
			check_loop(c, "INSTRUCTIONS", 1000);
			check_loop(c, "INSTRUCTIONS", 100000);
		}
		ctr_release_all();
	}
	if (pmu.hpm) {
		c = match_check(0, mask_from(0, pmu.hpm), 0, EV_INSTRET, 0,
				"(hpmcounter)");
		if (c != NO_CTR) {
			sbi_pmu_counter_start(c, 1, PMU_START_SET_INIT_VALUE, 0);
			check_loop(c, "INSTRUCTIONS", 1000);
			check_loop(c, "INSTRUCTIONS", 100000);
		}
		ctr_release_all();
	}
}

static void test_cycles(void)
{
	long c;

	if (pmu.cycle == NO_CTR)
		return;
	c = match_check(pmu.cycle, 1, 0, EV_CYCLES, 0, "(cycle)");
	if (c == NO_CTR)
		return;
	sbi_pmu_counter_start(c, 1, PMU_START_SET_INIT_VALUE, 0);
	/* icount shift=0: one cycle per instruction */
	check_loop(c, "CPU_CYCLES", 10000);
	ctr_release_all();
}

/* Two counters on INSTRUCTIONS at once: both count the same loop. */
static void test_two_counters(void)
{
	unsigned long a0 = 0, a1 = 0, d;
	long a, b;

	if (pmu.instret == NO_CTR || !pmu.hpm) {
		test_skip("needs instret and an hpmcounter",
			  "two counters on INSTRUCTIONS");
		return;
	}
	a = match_check(0, mask_from(0, pmu.valid), 0, EV_INSTRET, 0,
			"(first)");
	b = match_check(0, mask_from(0, pmu.valid), 0, EV_INSTRET, 0,
			"(second)");
	if (a == NO_CTR || b == NO_CTR)
		goto out;
	TEST_ASSERT(a != b, "two cfg_match calls gave two counters (%ld, %ld)",
		    a, b);
	TEST_SBI_OK(sbi_pmu_counter_start(a, 1, PMU_START_SET_INIT_VALUE, 0),
		    "start(%ld)", a);
	TEST_SBI_OK(sbi_pmu_counter_start(b, 1, PMU_START_SET_INIT_VALUE, 0),
		    "start(%ld)", b);
	/* counter a's CSR read in C around the loop timed on b */
	ctr_csr_read(a, &a0);
	d = loop_on(b, 10000, NULL);
	ctr_csr_read(a, &a1);
	test_report(d + SLACK >= LOOP_INSNS(10000) &&
		    d <= LOOP_INSNS(10000) + SLACK, NULL,
		    "counter %ld counted %lu of %lu loop instructions", b, d,
		    LOOP_INSNS(10000));
	/* plus the C around the loop (call, return, trap_catch) */
	test_report(a1 - a0 >= LOOP_INSNS(10000) &&
		    a1 - a0 < LOOP_INSNS(10000) + 300, NULL,
		    "counter %ld counted the same loop too (%lu)", a, a1 - a0);
out:
	ctr_release_all();
}

/*
 * Other events on an hpmcounter over the same loop, where the DT maps
 * them: its 1000 iterations hold exactly 1000 branches, of which a static
 * backward-taken predictor misses the last one; raw events with the
 * INST.RET selector count instructions like INSTRUCTIONS does.
 */
static void test_event_exact(unsigned long ev, uint64_t data,
			     const char *what, unsigned long lo,
			     unsigned long hi)
{
	unsigned long d;
	long c, err;

	c = ctr_match(0, mask_from(0, pmu.hpm), 0, ev, data, &err);
	if (c == NO_CTR) {
		test_skip(sbi_err_name(err), "%s counted over a loop", what);
		return;
	}
	sbi_pmu_counter_start(c, 1, PMU_START_SET_INIT_VALUE, 0);
	d = loop_on(c, 1000, NULL);
	test_report(d >= lo && d <= hi, NULL,
		    "%s on counter %ld over 1000 iterations: %lu (expected %lu..%lu)",
		    what, c, d, lo, hi);
	ctr_release_all();
}

static void test_other_events(void)
{
	if (!pmu.hpm) {
		test_skip("no hpmcounters", "other hardware events");
		return;
	}
	test_event_exact(EV_HW(PMU_HW_BRANCH_INSTRUCTIONS), 0,
			 "BRANCH_INSTRUCTIONS", 1000, 1000);
	test_event_exact(EV_HW(PMU_HW_BRANCH_MISSES), 0, "BRANCH_MISSES", 1,
			 2);
	test_event_exact(EV_HW(PMU_HW_REF_CPU_CYCLES), 0, "REF_CPU_CYCLES",
			 LOOP_INSNS(1000) - SLACK, LOOP_INSNS(1000) + SLACK);
	test_event_exact(PMU_EVIDX(PMU_EV_TYPE_RAW, 0), HPM_EV_INST_RET,
			 "raw INST.RET", LOOP_INSNS(1000) - SLACK,
			 LOOP_INSNS(1000) + SLACK);
	test_event_exact(PMU_EVIDX(PMU_EV_TYPE_RAW_V2, 0), HPM_EV_INST_RET,
			 "raw v2 INST.RET", LOOP_INSNS(1000) - SLACK,
			 LOOP_INSNS(1000) + SLACK);
}

/*
 * The width get_info reports is what the counter holds: started just
 * below the top of that width it reads just below the top, not a value
 * cut short by a narrower register.
 */
static void test_widths(void)
{
	unsigned long v = 0;
	long c, m;
	int bad = 0, n = 0;

	for (c = 0; c < PMU_MAX_CTRS; c++) {
		if (!ctr_is_hw(c))
			continue;
		m = ctr_match(c, 1, 0, EV_INSTRET, 0, NULL);
		if (m == NO_CTR)
			m = ctr_match(c, 1, 0, EV_CYCLES, 0, NULL);
		if (m == NO_CTR)
			continue;
		n++;
		sbi_pmu_counter_start(m, 1, PMU_START_SET_INIT_VALUE,
				      ctr_top(m) - 5000);
		sbi_pmu_counter_stop(m, 1, 0);
		ctr_csr_read(m, &v);
		if (v < ctr_max(m) - 5000 || v > ctr_max(m)) {
			test_diag("counter %ld (width field %u) reads 0x%lx after starting at 0x%lx",
				  m, ctr_width(m), v, ctr_max(m) - 5000);
			bad++;
		}
		ctr_release(m);
	}
	test_report(n && !bad, n ? "see the lines above" : "none configurable",
		    "%d hardware counters hold a value at the top of their reported width",
		    n);
}

/* A heavy SBI call: 256 entries of EVENT_GET_INFO, else PROBE_EXTENSION. */
static struct pmu_event_info_entry heavy[256] __attribute__((aligned(16)));

static void heavy_call(unsigned long *regs)
{
	unsigned int i;

	memset(regs, 0, 8 * sizeof(*regs));
	if (pmu.spec_major >= 3) {
		for (i = 0; i < ARRAY_SIZE(heavy); i++) {
			heavy[i].event_idx = EV_CACHE(i & 63);
			heavy[i].output = 0;
			heavy[i].event_data = 0;
		}
		regs[0] = (unsigned long)heavy;
		regs[2] = ARRAY_SIZE(heavy);
		regs[6] = SBI_EXT_PMU_EVENT_GET_INFO;
		regs[7] = SBI_EXT_PMU;
	} else {
		regs[0] = SBI_EXT_PMU;
		regs[6] = SBI_EXT_BASE_PROBE_EXT;
		regs[7] = SBI_EXT_BASE;
	}
}

/*
 * Across one ecall only the first csrr and the ecall itself are S-mode
 * instructions; everything the firmware does is M-mode. An ecall raises
 * an exception and does not retire (Smcntrpmf), so 1 is exact, 2 allows
 * for counting the ecall.
 */
static void test_no_m_mode(long c, unsigned long ev, unsigned long flags,
			   const char *what)
{
	unsigned long regs[8], d, t0, t1;

	if (c == NO_CTR)
		return;
	if (!ctr_filterable(c)) {
		test_skip(ctr_csr(c) >= CSR_HPM_FIRST ? "no Sscofpmf" :
			  "no Smcntrpmf",
			  "%s across an SBI call excludes M-mode (counter %ld)",
			  what, c);
		return;
	}
	c = match_check(c, 1, flags, ev, 0, what);
	if (c == NO_CTR)
		return;
	sbi_pmu_counter_start(c, 1, PMU_START_SET_INIT_VALUE, 0);
	heavy_call(regs);
	t0 = time_now();
	d = pmu_ecall_table[ctr_csr(c) - 0xc00](regs);
	t1 = time_now();
	test_report(regs[0] == 0, "the call failed", "the heavy SBI call succeeded");
	test_report(d >= 1 && d <= 2, NULL,
		    "%s (flags 0x%lx) on counter %ld across an SBI call: %lu (M-mode work ~%lu time ticks)",
		    what, flags, c, d, t1 - t0);
	ctr_release_all();
}

void test_hw_count(void)
{
	ctr_release_all();
	if (!pmu.hw) {
		test_skip("no hardware counters", "hardware counting");
		return;
	}
	test_widths();
	test_instret_exact();
	test_cycles();
	test_two_counters();
	test_other_events();
	test_no_m_mode(pmu.instret, EV_INSTRET, 0, "INSTRUCTIONS");
	test_no_m_mode(pmu.instret, EV_INSTRET, PMU_CFG_SET_UINH,
		       "INSTRUCTIONS UINH");
	test_no_m_mode(pmu.cycle, EV_CYCLES, 0, "CPU_CYCLES");
	if (pmu.hpm)
		test_no_m_mode(bit_lowest(pmu.hpm), EV_INSTRET, 0,
			       "INSTRUCTIONS on an hpmcounter");
	ctr_release_all();
}
