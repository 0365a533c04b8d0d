/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Counter overflow. With Sscofpmf: an hpmcounter started near its top
 * overflows, the LCOFI (scause interrupt 13) reaches S-mode right after
 * the instruction that wrapped it (icount), scountovf shows the bit, the
 * snapshot bitmap has it, and a new START clears OF so the next overflow
 * interrupts again.
 * cycle and instret have no OF bit and never interrupt. Without Sscofpmf:
 * counters wrap silently and the snapshot overflow bitmap must be zero.
 */
#include "pmu_tests.h"

#define ITERS		1000
#define TO_TOP		300	/* increments from the start value to overflow */

static struct {
	unsigned long count;
	unsigned long sepc, t2, ovf, value;
	unsigned int csr;
} irq;

static void lcofi(unsigned long n, struct trap_frame *frame)
{
	irq.value = pmu_csr_table[irq.csr - 0xc00]();
	irq.ovf = csr_read(CSR_SCOUNTOVF);
	irq.sepc = frame->sepc;
	irq.t2 = frame->regs[7];
	irq.count++;
	csr_clear(CSR_SIP, SIP_LCOFIP);
}

/* Start @c TO_TOP increments below overflow, run the loop; irqs on/off. */
static unsigned long run_to_overflow(long c, bool irqs, unsigned long *first)
{
	struct sbiret ret;
	unsigned long d;

	irq.csr = ctr_csr(c);
	irq.count = 0;
	irq.sepc = irq.t2 = irq.ovf = irq.value = 0;
	csr_clear(CSR_SIP, SIP_LCOFIP);
	if (irqs)
		csr_set(CSR_SIE, SIP_LCOFIP);
	/* nothing between the start and the loop: no printing */
	ret = sbi_pmu_counter_start(c, 1, PMU_START_SET_INIT_VALUE,
				    ctr_top(c) - (TO_TOP - 1));
	if (irqs)
		local_irq_enable();
	d = pmu_loop_table[ctr_csr(c) - 0xc00](ITERS, first);
	local_irq_disable();
	csr_clear(CSR_SIE, SIP_LCOFIP);
	TEST_SBI_OK(ret, "start(%ld) at 2^%u - %d", c, ctr_width(c) + 1,
		    TO_TOP);
	return d;
}

/*
 * How an event advances over pmu_loop: @prefix events (csrr, mv) after
 * the first read, then @per_iter per iteration (addi, bnez / bnez).
 */
struct loop_event {
	unsigned long ev;
	const char *name;
	unsigned int prefix, per_iter;
};

static const struct loop_event ev_instret = { EV_INSTRET, "INSTRUCTIONS",
					      2, 2 };
static const struct loop_event ev_branch = {
	EV_HW(PMU_HW_BRANCH_INSTRUCTIONS), "BRANCH_INSTRUCTIONS", 0, 1
};

static void test_lcofi(long c, const struct loop_event *e,
		       struct pmu_snapshot_area *snap)
{
	unsigned int n = ctr_csr(c) - 0xc00;
	unsigned long first = 0, v = 0, r, want_t2;
	uint64_t bit = 1ULL << n;

	trap_set_irq_handler(IRQ_LCOF, lcofi);
	run_to_overflow(c, true, &first);
	TEST_EQ(irq.count, 1, "%s: one LCOFI (interrupt 13) taken in S-mode",
		e->name);
	if (!irq.count)
		goto out;
	TEST_EQ(irq.ovf & bit, bit, "%s: scountovf bit %u set in the handler",
		e->name, n);
	test_report(irq.value < 1000, NULL,
		    "%s: the counter had wrapped to %lu when the handler ran",
		    e->name, irq.value);
	test_report(irq.sepc >= (unsigned long)pmu_loop_table[n] &&
		    irq.sepc < pmu_loop_end_table[n], NULL,
		    "%s: the interrupt came inside the loop (sepc 0x%lx)",
		    e->name, irq.sepc);
	/*
	 * The counter reads `first` at the loop's first csrr and wraps
	 * after r more events; the LCOFI is taken right after the
	 * instruction that makes it wrap, when t2 (iterations left, counted
	 * down by the addi) is ITERS - ceil((r - prefix) / per_iter).
	 */
	r = (ctr_max(c) - first + 1) & ctr_max(c);
	want_t2 = ITERS - (r - e->prefix + e->per_iter - 1) / e->per_iter;
	test_report(irq.t2 + 1 >= want_t2 && irq.t2 <= want_t2 + 1, NULL,
		    "%s: LCOFI at the overflowing instruction: %lu events after the first read, iterations left %lu (expected %lu)",
		    e->name, r, irq.t2, want_t2);
	TEST_EQ(csr_read(CSR_SCOUNTOVF) & bit, bit,
		"scountovf bit %u stays set after the handler", n);
	TEST_EQ(csr_read(CSR_SIP) & SIP_LCOFIP, 0, "LCOFIP cleared by the handler");

	if (snap) {
		snap->ctr_overflow_mask = 0;
		TEST_SBI_OK(sbi_pmu_counter_stop(0, 1UL << c,
						 PMU_STOP_TAKE_SNAPSHOT),
			    "stop(0, 1 << %ld, TAKE_SNAPSHOT)", c);
		TEST_EQ(snap->ctr_overflow_mask, 1UL << c,
			"snapshot overflow bitmap has bit %ld (base 0)", c);
		ctr_csr_read(c, &v);
		TEST_EQ(snap->ctr_values[c], v, "snapshot value of counter %ld", c);
	} else {
		sbi_pmu_counter_stop(c, 1, 0);
		test_skip("no snapshot memory", "snapshot overflow bitmap");
	}
	TEST_EQ(csr_read(CSR_SCOUNTOVF) & bit, bit,
		"OF stays set while the counter is stopped");
	TEST_SBI_OK(sbi_pmu_counter_start(c, 1, PMU_START_SET_INIT_VALUE, 0),
		    "start(%ld) again", c);
	TEST_EQ(csr_read(CSR_SCOUNTOVF) & bit, 0, "START cleared OF");
	sbi_pmu_counter_stop(c, 1, 0);

	/* OF clear again: the next overflow interrupts again */
	run_to_overflow(c, true, &first);
	TEST_EQ(irq.count, 1, "after a restart the next overflow interrupts again");
	sbi_pmu_counter_stop(c, 1, 0);

	/* with interrupts off: LCOFIP pends, OF is set */
	run_to_overflow(c, false, &first);
	TEST_EQ(irq.count, 0, "no LCOFI while it is disabled");
	TEST_EQ(csr_read(CSR_SIP) & SIP_LCOFIP, SIP_LCOFIP, "LCOFIP pending in sip");
	TEST_EQ(csr_read(CSR_SCOUNTOVF) & bit, bit, "scountovf bit %u set", n);
	csr_clear(CSR_SIP, SIP_LCOFIP);
	TEST_EQ(csr_read(CSR_SIP) & SIP_LCOFIP, 0,
		"S-mode clears LCOFIP (delegated)");
	if (snap) {
		snap->ctr_overflow_mask = 0;
		TEST_SBI_OK(sbi_pmu_counter_stop(c, 1, PMU_STOP_TAKE_SNAPSHOT),
			    "stop(%ld, 1, TAKE_SNAPSHOT)", c);
		TEST_EQ(snap->ctr_overflow_mask, 1,
			"snapshot overflow bitmap is bit 0 with base %ld", c);
	}
out:
	sbi_pmu_counter_stop(c, 1, 0);
	trap_set_irq_handler(IRQ_LCOF, NULL);
	ctr_release_all();
}

/* Fixed counters wrap without OF and without an interrupt. */
static void test_fixed_wrap(long c, struct pmu_snapshot_area *snap,
			    unsigned long ev)
{
	unsigned long first = 0, v, d;

	if (c == NO_CTR)
		return;
	c = match_check(c, 1, 0, ev, 0, "(wrap)");
	if (c == NO_CTR)
		return;
	trap_set_irq_handler(IRQ_LCOF, lcofi);
	d = run_to_overflow(c, true, &first);
	v = (first + d) & ctr_max(c);
	test_report(first > ctr_max(c) - TO_TOP && v < 2 * ITERS + 2, NULL,
		    "counter %ld (CSR 0x%x) went from 0x%lx over the top to 0x%lx",
		    c, ctr_csr(c), first, v);
	TEST_EQ(d, 2 * ITERS + 2,
		"counter %ld counted the loop exactly across the wrap", c);
	TEST_EQ(irq.count, 0, "no LCOFI from counter %ld (no OF bit)", c);
	TEST_EQ(csr_read(CSR_SIP) & SIP_LCOFIP, 0, "LCOFIP not pending");
	if (snap) {
		snap->ctr_overflow_mask = ~0UL;
		sbi_pmu_counter_stop(c, 1, PMU_STOP_TAKE_SNAPSHOT);
		TEST_EQ(snap->ctr_overflow_mask, 0,
			"snapshot overflow bitmap is 0 for counter %ld", c);
	}
	trap_set_irq_handler(IRQ_LCOF, NULL);
	ctr_release_all();
}

/* No Sscofpmf: any counter wraps silently; the bitmap must be zero. */
static void test_no_sscofpmf(struct pmu_snapshot_area *snap)
{
	long c = pmu.hpm ? bit_lowest(pmu.hpm) : pmu.instret;

	test_skip("no Sscofpmf", "LCOFI, scountovf and OF on overflow");
	if (c == NO_CTR)
		return;
	test_fixed_wrap(c, snap, EV_INSTRET);
	if (!snap)
		test_skip("no snapshot memory", "overflow bitmap without Sscofpmf");
}

void test_overflow(void)
{
	struct pmu_snapshot_area *snap;
	long c;

	ctr_release_all();
	if (!pmu.hw) {
		test_skip("no hardware counters", "overflow");
		return;
	}
	snap = pmu.fw ? snapshot_area() : NULL;
	/*
	 * LCOFIE in sie is writable only if the firmware delegates LCOFI: with
	 * Sscofpmf, or where the test platform's PMU device names interrupt 13
	 * as its overflow interrupt (hw_counter_irq_bit, testdev.c).
	 */
	csr_set(CSR_SIE, SIP_LCOFIP);
	TEST_EQ(csr_read(CSR_SIE) & SIP_LCOFIP,
		pmu.sscofpmf || pmu.testdev ? SIP_LCOFIP : 0,
		"sie.LCOFIE is %s", pmu.sscofpmf ?
		"writable: LCOFI is delegated to S-mode" : pmu.testdev ?
		"writable: the platform device's overflow interrupt is delegated" :
		"read-only 0 without Sscofpmf");
	csr_clear(CSR_SIE, SIP_LCOFIP);
	if (!pmu.sscofpmf) {
		test_no_sscofpmf(snap);
		return;
	}
	test_fixed_wrap(pmu.instret, snap, EV_INSTRET);
	test_fixed_wrap(pmu.cycle, snap, EV_CYCLES);
	if (!pmu.hpm) {
		test_skip("no hpmcounters", "LCOFI on an hpmcounter");
		return;
	}
	/* branches overflow exactly in the patched QEMU model */
	c = ctr_match(0, mask_from(0, pmu.hpm), 0, ev_branch.ev, 0, NULL);
	if (c != NO_CTR)
		test_lcofi(c, &ev_branch, snap);
	else
		test_skip("BRANCH_INSTRUCTIONS not supported",
			  "LCOFI on BRANCH_INSTRUCTIONS");
	c = match_check(0, mask_from(0, pmu.hpm), 0, EV_INSTRET, 0,
			"(overflow)");
	if (c != NO_CTR)
		test_lcofi(c, &ev_instret, snap);
	if (snap)
		sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0);
}
