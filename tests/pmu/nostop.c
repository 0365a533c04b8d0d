/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hardware counters that cannot be stopped: cycle and instret on a hart
 * without mcountinhibit (privileged spec 1.10, QEMU's sifive-u54), named
 * by the bootarg pmu.nostop=MASK (counter indices, pmu.nostop). The
 * firmware serves them as counters all the same, the way Linux counts
 * with them: START with SET_INIT_VALUE loads the value, STOP answers as
 * for any counter and the counter runs on; the supervisor counts by
 * reading deltas. Filter hints cannot be honoured there: a filtered
 * request is refused.
 */
#include "pmu_tests.h"

/*
 * Plenty for the instructions between an SBI call and the read right
 * after it (M-mode's included). Every read comes before the result line
 * is printed: printing is an SBI call too, which these counters count.
 */
#define NEAR		4096UL
#define INIT_CYCLE	0x100000000000ULL
#define INIT_INSTRET	0x200000000000ULL

static unsigned long ctr_now(long c)
{
	unsigned long v = 0;

	ctr_csr_read(c, &v);
	return v;
}

/* @v, read right after a call that loaded @init: init <= v < init + NEAR */
static void check_loaded(long c, unsigned long v, uint64_t init,
			 const char *what)
{
	unsigned long lo = (unsigned long)init;

	test_report(v >= lo && v - lo < NEAR, "not the value loaded",
		    "%s: counter %ld reads 0x%lx, at most %lu past 0x%lx", what,
		    c, v, NEAR, lo);
}

/* The counter advances over a loop of 1000 iterations (2002 instructions) */
static void check_runs(long c, const char *what)
{
	unsigned long first, d = pmu_loop_table[ctr_csr(c) - 0xc00](1000,
								     &first);

	test_report(d >= 2002, "the counter stood still",
		    "%s: counter %ld advanced by %lu over 2002 instructions",
		    what, c, d);
}

static void nostop_layout(void)
{
	unsigned long i;

	TEST_EQ(pmu.hw, pmu.nostop, "the hardware counters are 0x%llx",
		(unsigned long long)pmu.nostop);
	TEST_EQ(pmu.cycle, 0, "cycle is counter 0");
	TEST_EQ(pmu.instret, 2, "instret is counter 2");
	TEST_EQ(pmu.info[0], 0xc00UL | (63UL << PMU_CTR_INFO_WIDTH_SHIFT),
		"get_info(0) = 0x%lx: CSR cycle, 64 bits, hardware",
		pmu.info[0]);
	TEST_EQ(pmu.info[2], 0xc02UL | (63UL << PMU_CTR_INFO_WIDTH_SHIFT),
		"get_info(2) = 0x%lx: CSR instret, 64 bits, hardware",
		pmu.info[2]);
	TEST_SBI_ERR(sbi_pmu_counter_get_info(1), SBI_ERR_INVALID_PARAM,
		     "get_info(1): the time slot is no counter");
	/* the firmware counters follow the last hardware index */
	TEST_EQ(pmu.fw_first, 3, "the firmware counters start at 3");
	TEST_EQ(pmu.num, 3 + 32, "num_counters() = 35: 3 slots + 32 firmware");
	for (i = 3; i < pmu.num && i < PMU_MAX_CTRS; i++)
		if (!ctr_is_fw(i))
			break;
	TEST_EQ(i, pmu.num, "indices 3..%lu are all firmware counters",
		pmu.num - 1);
}

static void nostop_match(void)
{
	unsigned long all = mask_from(0, pmu.valid), v;
	struct sbiret ret;
	long c, i;

	c = match_check(0, all, 0, EV_CYCLES, 0, "(every counter)");
	TEST_EQ(c, 0, "cycles goes to counter 0");
	i = match_check(0, all, 0, EV_INSTRET, 0, "(every counter)");
	TEST_EQ(i, 2, "instructions go to counter 2");
	match_expect(0, all, 0, EV_CYCLES, 0, SBI_ERR_NOT_SUPPORTED,
		     "(cycle busy, no other counter counts cycles)");
	ctr_release(c);
	ctr_release(i);
	/* the hints cannot be honoured: refused rather than ignored */
	match_expect(0, all, PMU_CFG_SET_UINH, EV_CYCLES, 0,
		     SBI_ERR_NOT_SUPPORTED, "UINH: cycle cannot leave U out");
	match_expect(0, all, PMU_CFG_SET_SINH, EV_INSTRET, 0,
		     SBI_ERR_NOT_SUPPORTED, "SINH: instret cannot leave S out");
	match_expect(0, 1, PMU_CFG_SET_SINH | PMU_CFG_SKIP_MATCH, EV_CYCLES, 0,
		     SBI_ERR_NOT_SUPPORTED, "SINH with SKIP_MATCH on cycle");
	if (!pmu.hyp) {
		c = match_check(0, all, PMU_CFG_SET_VSINH | PMU_CFG_SET_VUINH |
				PMU_CFG_SET_MINH, EV_CYCLES, 0,
				"VSINH|VUINH|MINH: nothing to leave out without H");
		ctr_release(c);
	}
	match_expect(0, all, 0, EV_HW(PMU_HW_BRANCH_INSTRUCTIONS), 0,
		     SBI_ERR_NOT_SUPPORTED, "no counter counts branches");
	match_expect(0, 0x4, 0, EV_CYCLES, 0, SBI_ERR_NOT_SUPPORTED,
		     "instret does not count cycles");
	match_expect(0, 0x1, 0, EV_INSTRET, 0, SBI_ERR_NOT_SUPPORTED,
		     "cycle does not count instructions");
	match_expect(0, 0x7, 0, EV_CYCLES, 0, SBI_ERR_INVALID_PARAM,
		     "a set with the time slot");
	match_expect(0, 1, 1UL << 8, EV_CYCLES, 0, SBI_ERR_INVALID_PARAM,
		     "a reserved flag");
	ret = sbi_pmu_counter_cfg_match(0, 1, PMU_CFG_SKIP_MATCH |
					PMU_CFG_CLEAR_VALUE |
					PMU_CFG_AUTO_START, EV_CYCLES, 0);
	v = ctr_now(0);
	c = ret.error ? NO_CTR : (long)ret.value;
	TEST_SBI_OK(ret, "cfg_match(0, 1, SKIP_MATCH | CLEAR_VALUE | AUTO_START, cycles)");
	if (c == 0) {
		check_loaded(0, v, 0, "CLEAR_VALUE");
		TEST_SBI_ERR(sbi_pmu_counter_start(0, 1, 0, 0),
			     SBI_ERR_ALREADY_STARTED,
			     "AUTO_START started it: start -> ALREADY_STARTED");
		match_expect(0, 1, PMU_CFG_SKIP_MATCH, EV_CYCLES, 0,
			     SBI_ERR_NOT_SUPPORTED,
			     "SKIP_MATCH of a started counter");
	}
	ctr_release(c);
}

/*
 * Linux's sequence on one counter: START(SET_INIT_VALUE), STOP, START
 * again. The stop answers SUCCESS and the counter runs on.
 */
static void nostop_start_stop(long c, uint64_t init, const char *name)
{
	unsigned long ev = c == 0 ? EV_CYCLES : EV_INSTRET, v, w;
	struct sbiret ret;

	TEST_SBI_ERR(sbi_pmu_counter_start(c, 1, PMU_START_SET_INIT_VALUE,
					   init), SBI_ERR_INVALID_PARAM,
		     "%s: start of the unmapped counter %ld", name, c);
	if (match_check(c, 1, 0, ev, 0, name) != c)
		return;
	ret = sbi_pmu_counter_start(c, 1, PMU_START_SET_INIT_VALUE, init);
	v = ctr_now(c);
	TEST_SBI_OK(ret, "%s: start(%ld, SET_INIT_VALUE, 0x%llx)", name, c,
		    (unsigned long long)init);
	check_loaded(c, v, init, "the value is loaded");
	ret = sbi_pmu_counter_start(c, 1, PMU_START_SET_INIT_VALUE, 5);
	w = ctr_now(c);
	TEST_SBI_ERR(ret, SBI_ERR_ALREADY_STARTED, "%s: start again", name);
	test_report(w > v && w - (unsigned long)init < 1000000,
		    "reloaded, or not counting",
		    "an ALREADY_STARTED start loads nothing: 0x%lx -> 0x%lx",
		    v, w);
	ret = sbi_pmu_counter_stop(c, 1, 0);
	v = ctr_now(c);
	TEST_SBI_OK(ret, "%s: stop(%ld)", name, c);
	check_runs(c, "stopped for SBI, it runs on");
	w = ctr_now(c);
	test_report(w > v, NULL, "%s: it went on counting after the stop: 0x%lx -> 0x%lx",
		    name, v, w);
	TEST_SBI_ERR(sbi_pmu_counter_stop(c, 1, 0), SBI_ERR_ALREADY_STOPPED,
		     "%s: stop again", name);
	ret = sbi_pmu_counter_start(c, 1, PMU_START_SET_INIT_VALUE, 2 * init);
	v = ctr_now(c);
	TEST_SBI_OK(ret, "%s: start again, SET_INIT_VALUE 0x%llx", name,
		    (unsigned long long)(2 * init));
	check_loaded(c, v, 2 * init, "the new value is loaded");
	check_runs(c, "started, it counts");
	TEST_SBI_OK(sbi_pmu_counter_stop(c, 1, PMU_STOP_RESET),
		    "%s: stop(RESET) releases it", name);
	TEST_SBI_ERR(sbi_pmu_counter_start(c, 1, 0, 0), SBI_ERR_INVALID_PARAM,
		     "%s: start after the release: nothing to count", name);
	check_runs(c, "released, it runs on");
}

/* Both in one set, and the snapshot: the value at the stop is kept. */
static void nostop_set_and_snapshot(void)
{
	struct pmu_snapshot_area *s;
	unsigned long u, v, w;
	uint64_t snap;
	struct sbiret ret;
	long c, i;

	c = match_check(0, 1, 0, EV_CYCLES, 0, "(cycle)");
	i = match_check(2, 1, 0, EV_INSTRET, 0, "(instret)");
	if (c != 0 || i != 2)
		goto out;
	TEST_SBI_OK(sbi_pmu_counter_start(2, 1, 0, 0), "start(2)");
	u = ctr_now(2);
	ret = sbi_pmu_counter_start(0, 0x5, PMU_START_SET_INIT_VALUE,
				    INIT_CYCLE);
	v = ctr_now(0);
	w = ctr_now(2);
	TEST_SBI_ERR(ret, SBI_ERR_ALREADY_STARTED,
		     "start(0, 0x5): 2 was started");
	check_loaded(0, v, INIT_CYCLE, "counter 0 of the set is loaded");
	test_report(w > u && w - u < NEAR, NULL,
		    "counter 2, started already, counts on from its value (0x%lx -> 0x%lx)",
		    u, w);
	TEST_SBI_ERR(sbi_pmu_counter_start(0, 0x5, 0, 0),
		     SBI_ERR_ALREADY_STARTED, "start(0, 0x5) again");
	TEST_SBI_OK(sbi_pmu_counter_stop(0, 0x5, 0), "stop(0, 0x5)");
	TEST_SBI_ERR(sbi_pmu_counter_stop(0, 0x5, 0), SBI_ERR_ALREADY_STOPPED,
		     "stop(0, 0x5) again");
	s = snapshot_area();
	if (!s) {
		test_skip("no snapshot memory", "TAKE_SNAPSHOT of cycle");
		goto out;
	}
	ret = sbi_pmu_counter_start(0, 1, PMU_START_SET_INIT_VALUE,
				    INIT_CYCLE);
	TEST_SBI_OK(sbi_pmu_counter_stop(0, 1, PMU_STOP_TAKE_SNAPSHOT),
		    "stop(0, TAKE_SNAPSHOT)");
	TEST_SBI_OK(ret, "start(0) before it");
	snap = s->ctr_values[0];	/* all 64 bits, also on RV32 */
	test_report(snap >= INIT_CYCLE && snap - INIT_CYCLE < NEAR,
		    "not the value",
		    "the snapshot holds 0x%llx, the value at the stop",
		    (unsigned long long)snap);
	TEST_EQ(s->ctr_overflow_mask, 0, "no overflow bit");
	check_runs(0, "after the snapshot it runs on");
	test_report(s->ctr_values[0] == snap, NULL,
		    "the snapshot keeps the value at the stop");
	sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0);
out:
	ctr_release(c);
	ctr_release(i);
}

/* Refused calls change nothing: the counter stays bound and stopped. */
static void nostop_errors(void)
{
	long c = match_check(0, 1, 0, EV_CYCLES, 0, "(cycle)");

	if (c != 0)
		goto out;
	TEST_SBI_ERR(sbi_pmu_counter_start(0, 1, 1UL << 2, 0),
		     SBI_ERR_INVALID_PARAM, "start(0) with a reserved flag");
	TEST_SBI_ERR(sbi_pmu_counter_start(0, 1, PMU_START_SET_INIT_VALUE |
					   PMU_START_INIT_SNAPSHOT, 0),
		     SBI_ERR_INVALID_PARAM,
		     "start(0) with SET_INIT_VALUE and INIT_SNAPSHOT");
	TEST_SBI_ERR(sbi_pmu_counter_start(0, 0x3, PMU_START_SET_INIT_VALUE, 0),
		     SBI_ERR_INVALID_PARAM, "start(0, 0x3): the time slot");
	TEST_SBI_ERR(sbi_pmu_counter_start(pmu.num, 1, 0, 0),
		     SBI_ERR_INVALID_PARAM, "start(num_counters, 1): past the end");
	TEST_SBI_ERR(sbi_pmu_counter_stop(0, 1, 1UL << 2),
		     SBI_ERR_INVALID_PARAM, "stop(0) with a reserved flag");
	TEST_SBI_ERR(sbi_pmu_counter_stop(1, 1, 0), SBI_ERR_INVALID_PARAM,
		     "stop(1): the time slot");
	TEST_SBI_ERR(sbi_pmu_counter_stop(0, 1, 0), SBI_ERR_ALREADY_STOPPED,
		     "stop(0): bound, never started");
	TEST_SBI_OK(sbi_pmu_counter_start(0, 1, 0, 0),
		    "start(0): the refused calls left it bound and stopped");
out:
	ctr_release(c);
}

/* SET_TIMER on a firmware counter after them: firmware counting as ever */
static void nostop_firmware(void)
{
	long f = match_check(0, mask_from(0, pmu.valid), 0,
			     EV_FW(PMU_FW_SET_TIMER), 0, "(SET_TIMER)");

	if (f == NO_CTR)
		return;
	TEST_ASSERT(f >= 3, "SET_TIMER went to firmware counter %ld", f);
	TEST_SBI_OK(sbi_pmu_counter_start(f, 1, PMU_START_SET_INIT_VALUE, 10),
		    "start(%ld)", f);
	sbi_set_timer(~0UL);
	TEST_SBI_OK(sbi_pmu_counter_stop(f, 1, 0), "stop(%ld)", f);
	sbi_set_timer(~0UL);
	TEST_EQ(ctr_value(f), 11, "one SET_TIMER counted between start and stop");
	TEST_SBI_ERR(sbi_pmu_counter_fw_read(0), SBI_ERR_INVALID_PARAM,
		     "fw_read(0): cycle is no firmware counter");
	ctr_release(f);
}

void test_nostop(void)
{
	if (!pmu.nostop) {
		test_skip("no pmu.nostop in the bootargs",
			  "counters that cannot be stopped");
		return;
	}
	test_diag("counters that cannot be stopped: 0x%llx",
		  (unsigned long long)pmu.nostop);
	nostop_layout();
	nostop_match();
	if (!ctr_stops(0))
		nostop_start_stop(0, INIT_CYCLE, "cycle");
	if (!ctr_stops(2))
		nostop_start_stop(2, INIT_INSTRET, "instret");
	nostop_set_and_snapshot();
	nostop_errors();
	nostop_firmware();
	ctr_release_all();
}
