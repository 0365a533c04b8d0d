/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The call patterns of Linux 6.12's drivers/perf/riscv_pmu_sbi.c, each
 * judged by the spec: the event probe at boot, the "stop everything"
 * reset, and the snapshot-mode overflow restart that passes
 * counter_idx_base = 64 * BITS_PER_LONG.
 */
#include "pmu_tests.h"

/* Linux's base: XLEN * XLEN (64 * 64 on RV64, 32 * 32 on RV32) */
#define LINUX_BASE		(XLEN * XLEN)
/* the other XLEN's square: never the rule's base here */
#define OTHER_XLEN_BASE		((96 - XLEN) * (96 - XLEN))

/*
 * Boot probe: CFG_MATCH(0, all counters, 0, event, 0) then
 * STOP(idx, 1, RESET) for the 10 general and 42 cache events; Linux drops
 * an event only on NOT_SUPPORTED, so nothing else may come back, and the
 * probe must leave every counter free.
 */
static void test_probe(void)
{
	unsigned long all = mask_from(0, pmu.valid), ev;
	unsigned int id, op, res, bad = 0, n = 0, left = 0;
	struct sbiret ret;
	long c;

	for (ev = EV_HW(1); ev <= EV_HW(10); ev++) {
		ret = sbi_pmu_counter_cfg_match(0, all, 0, ev, 0);
		if (ret.error && ret.error != SBI_ERR_NOT_SUPPORTED) {
			test_diag("probe of 0x%lx: %s", ev,
				  sbi_err_name(ret.error));
			bad++;
		}
		if (!ret.error) {
			n++;
			sbi_pmu_counter_stop(ret.value, 1, PMU_STOP_RESET);
		}
	}
	for (id = 0; id < PMU_CACHE_ID_MAX; id++)
		for (op = 0; op < PMU_CACHE_OP_MAX; op++)
			for (res = 0; res < 2; res++) {
				ev = EV_CACHE(PMU_CACHE_CODE(id, op, res));
				ret = sbi_pmu_counter_cfg_match(0, all, 0, ev, 0);
				if (ret.error &&
				    ret.error != SBI_ERR_NOT_SUPPORTED) {
					test_diag("probe of 0x%lx: %s", ev,
						  sbi_err_name(ret.error));
					bad++;
				}
				if (!ret.error) {
					n++;
					sbi_pmu_counter_stop(ret.value, 1,
							     PMU_STOP_RESET);
				}
			}
	TEST_EQ(bad, 0,
		"Linux probe of 52 events: only SUCCESS or NOT_SUPPORTED (%u supported)",
		n);
	/* the probe left nothing behind: no hardware counter starts */
	for (c = 0; c < PMU_MAX_CTRS; c++) {
		if (!ctr_is_hw(c))
			continue;
		ret = sbi_pmu_counter_start(c, 1, 0, 0);
		if (ret.error != SBI_ERR_INVALID_PARAM) {
			test_diag("counter %ld still mapped (start: %s)", c,
				  sbi_err_name(ret.error));
			left++;
		}
	}
	TEST_EQ(left, 0, "after the probe no hardware counter is mapped");
	TEST_ASSERT(fw_none_mapped(), "after the probe no firmware counter is mapped");
	ctr_release_all();
}

/* STOP(0, all counters, RESET): some never started, all get released. */
static void test_stop_all(void)
{
	unsigned long all = mask_from(0, pmu.valid);
	long f, g, h = NO_CTR;
	struct sbiret ret;

	f = ctr_match(0, mask_from(0, pmu.fw), PMU_CFG_AUTO_START,
		      EV_FW(PMU_FW_SET_TIMER), 0, NULL);
	g = ctr_match(0, mask_from(0, pmu.fw), 0, EV_FW(PMU_FW_IPI_SENT), 0,
		      NULL);
	if (pmu.instret != NO_CTR)
		h = ctr_match(pmu.instret, 1, PMU_CFG_AUTO_START, EV_INSTRET, 0,
			      NULL);
	ret = sbi_pmu_counter_stop(0, all, PMU_STOP_RESET);
	/* ALREADY_STOPPED: the set holds counters that were never mapped */
	TEST_SBI_ERR(ret, SBI_ERR_ALREADY_STOPPED,
		     "stop(0, all 0x%lx, RESET) with a few counters started",
		     all);
	TEST_ASSERT(fw_none_mapped(), "every firmware counter is released");
	if (f != NO_CTR)
		TEST_SBI_ERR(sbi_pmu_counter_start(f, 1, 0, 0),
			     SBI_ERR_INVALID_PARAM,
			     "start(%ld): the started one was released", f);
	if (g != NO_CTR)
		TEST_SBI_ERR(sbi_pmu_counter_start(g, 1, 0, 0),
			     SBI_ERR_INVALID_PARAM,
			     "start(%ld): the stopped one was released", g);
	if (h != NO_CTR)
		TEST_SBI_ERR(sbi_pmu_counter_start(h, 1, 0, 0),
			     SBI_ERR_INVALID_PARAM,
			     "start(%ld): the hardware one was released", h);
	ctr_release_all();
}

/*
 * pmu_sbi_start_ovf_ctrs_snapshot(): after for_each_set_bit() over one
 * word, idx is BITS_PER_LONG, so START gets base LINUX_BASE with the used
 * counters as mask and INIT_SNAPSHOT. No counter has such an index; with
 * the compatibility rule (docs/pmu.md) the firmware serves it as base 0,
 * without it INVALID_PARAM, nothing started, the shared memory untouched.
 */
static void test_restart_4096(void)
{
	struct pmu_snapshot_area *snap = snapshot_area();
	unsigned long used;
	uint64_t copy[8];
	long f, g;

	if (!snap) {
		test_skip("no snapshot memory", "Linux 6.12 snapshot restart");
		return;
	}
	f = ctr_match(0, mask_from(0, pmu.fw), 0, EV_FW(PMU_FW_SET_TIMER), 0,
		      NULL);
	g = ctr_match(0, mask_from(0, pmu.fw), 0, EV_FW(PMU_FW_SET_TIMER), 0,
		      NULL);
	if (f == NO_CTR || g == NO_CTR)
		goto out;
	used = (1UL << f) | (1UL << g);
	snap->ctr_values[f] = 5;
	snap->ctr_values[g] = 6;
	memcpy(copy, snap, sizeof(copy));
	if (pmu.compat) {
		TEST_SBI_OK(sbi_pmu_counter_start(LINUX_BASE, used,
						  PMU_START_INIT_SNAPSHOT, 0),
			    "start(4096, 0x%lx, INIT_SNAPSHOT) as Linux 6.12 restarts: served as base 0",
			    used);
		TEST_EQ(ctr_value(f), 5, "counter %ld from slot %ld", f, f);
		TEST_EQ(ctr_value(g), 6, "counter %ld from slot %ld", g, g);
		TEST_SBI_OK(sbi_pmu_counter_stop(0, used, 0),
			    "both were started by it");
	} else {
		TEST_SBI_ERR(sbi_pmu_counter_start(LINUX_BASE, used,
						   PMU_START_INIT_SNAPSHOT, 0),
			     SBI_ERR_INVALID_PARAM,
			     "strict: start(4096, 0x%lx, INIT_SNAPSHOT) as Linux 6.12 restarts",
			     used);
		TEST_SBI_ERR(sbi_pmu_counter_stop(f, 1, 0),
			     SBI_ERR_ALREADY_STOPPED,
			     "counter %ld was not started by it", f);
		TEST_ASSERT(!memcmp(copy, snap, sizeof(copy)),
			    "the shared memory was not touched");
	}
	TEST_SBI_OK(sbi_pmu_counter_start(0, used, PMU_START_INIT_SNAPSHOT, 0),
		    "start(0, 0x%lx, INIT_SNAPSHOT), the intended call", used);
	TEST_EQ(ctr_value(f), 5, "counter %ld from its slot", f);
	TEST_EQ(ctr_value(g), 6, "counter %ld from its slot", g);
out:
	ctr_release_all();
}

/*
 * The 6.12 overflow handler under a period shorter than itself, as perf
 * test's attr cases ask for (perf record -c 100): stop the used counter
 * with TAKE_SNAPSHOT, clear LCOFIP, put the new period in the snapshot
 * slot and restart with base 4096, whether or not perf throttled the
 * event. The counter then overflows again before the handler has
 * returned: the interrupted loop never moves (the livelock Debian's guest
 * hung in). With the rule the short restart gets 4096 events to go: an
 * interrupt every 4096 instructions or so, and the loop runs to its end.
 * The handler gives up after STORM_MAX interrupts so that a storm fails
 * the test instead of hanging it.
 */
#define STORM_PERIOD	8	/* events: far less than the handler */
#define STORM_LONG	5000	/* past the rule's 4096 (docs/pmu.md) */
#define STORM_MAX	2000
#define STORM_ITERS	20000

static struct {
	long ctr;
	unsigned long count;
	struct pmu_snapshot_area *snap;
} storm;

static void storm_lcofi(unsigned long n, struct trap_frame *frame)
{
	unsigned long used = 1UL << storm.ctr;

	sbi_pmu_counter_stop(0, used, PMU_STOP_TAKE_SNAPSHOT);
	csr_clear(CSR_SIP, SIP_LCOFIP);
	if (!(storm.snap->ctr_overflow_mask & used))
		return;
	if (++storm.count >= STORM_MAX)
		return;		/* stays stopped: the test ends */
	storm.snap->ctr_values[storm.ctr] =
		ctr_top(storm.ctr) - (STORM_PERIOD - 1);
	sbi_pmu_counter_start(LINUX_BASE, used, PMU_START_INIT_SNAPSHOT, 0);
}

static void test_restart_short_period(void)
{
	struct pmu_snapshot_area *snap = snapshot_area();
	unsigned long first;
	struct sbiret ret;
	long c;

	if (!snap || !pmu.sscofpmf || !pmu.hpm) {
		test_skip("needs snapshot memory and Sscofpmf hpmcounters",
			  "Linux 6.12 restart with a period shorter than its handler");
		return;
	}
	c = ctr_match(0, mask_from(0, pmu.hpm), 0, EV_INSTRET, 0, NULL);
	if (c == NO_CTR) {
		test_skip("INSTRUCTIONS on no hpmcounter",
			  "Linux 6.12 restart with a period shorter than its handler");
		return;
	}
	storm.ctr = c;
	storm.count = 0;
	storm.snap = snap;
	trap_set_irq_handler(IRQ_LCOF, storm_lcofi);
	csr_clear(CSR_SIP, SIP_LCOFIP);
	csr_set(CSR_SIE, SIP_LCOFIP);
	ret = sbi_pmu_counter_start(c, 1, PMU_START_SET_INIT_VALUE,
				    ctr_top(c) - (STORM_PERIOD - 1));
	local_irq_enable();
	pmu_loop_table[ctr_csr(c) - 0xc00](STORM_ITERS, &first);
	local_irq_disable();
	csr_clear(CSR_SIE, SIP_LCOFIP);
	trap_set_irq_handler(IRQ_LCOF, NULL);
	TEST_SBI_OK(ret, "start(%ld) %d instructions below its overflow", c,
		    STORM_PERIOD);
	if (pmu.compat) {
		/* 2 * STORM_ITERS loop instructions, one interrupt per 4096 */
		test_report(storm.count >= 2 &&
			    storm.count <= 2 * STORM_ITERS / 4096 + 2, NULL,
			    "restart(4096) with a %d-event period, shorter than the handler: restarted with 4096 to go, %lu interrupts over %d instructions",
			    STORM_PERIOD, storm.count, 2 * STORM_ITERS);
		TEST_SBI_OK(sbi_pmu_counter_stop(c, 1, 0),
			    "counter %ld was restarted", c);
	} else {
		TEST_EQ(storm.count, 1,
			"strict: restart(4096) refused, one interrupt (%lu)",
			storm.count);
		TEST_SBI_ERR(sbi_pmu_counter_stop(c, 1, 0),
			     SBI_ERR_ALREADY_STOPPED,
			     "counter %ld was not restarted", c);
	}
	/* a period the handler survives is restarted as before */
	if (pmu.compat) {
		snap->ctr_values[c] = ctr_top(c) - (STORM_LONG - 1);
		TEST_SBI_OK(sbi_pmu_counter_start(LINUX_BASE, 1UL << c,
						  PMU_START_INIT_SNAPSHOT, 0),
			    "restart(4096) with a %d-event period", STORM_LONG);
		TEST_SBI_OK(sbi_pmu_counter_stop(c, 1, 0),
			    "counter %ld was restarted", c);
	}
	ctr_release_all();
}

/* Every other set past the last counter stays INVALID_PARAM, rule or not. */
static void test_restart_other_sets(void)
{
	static const unsigned long bases[] = {
		LINUX_BASE - 1, LINUX_BASE + 1, LINUX_BASE - 64, LINUX_BASE + 64,
		OTHER_XLEN_BASE, 64, PMU_MAX_CTRS, ~0UL,
	};
	struct pmu_snapshot_area *snap = snapshot_area();
	unsigned long used, past;
	unsigned int i, bad = 0;
	long f;

	if (!snap) {
		test_skip("no snapshot memory", "restart with other bases");
		return;
	}
	f = ctr_match(0, mask_from(0, pmu.fw), 0, EV_FW(PMU_FW_SET_TIMER), 0,
		      NULL);
	if (f == NO_CTR)
		goto out;
	used = 1UL << f;
	for (i = 0; i < sizeof(bases) / sizeof(bases[0]); i++)
		if (sbi_pmu_counter_start(bases[i], used,
					  PMU_START_INIT_SNAPSHOT, 0).error !=
		    SBI_ERR_INVALID_PARAM) {
			test_diag("start(0x%lx, 0x%lx, INIT_SNAPSHOT) accepted",
				  bases[i], used);
			bad++;
		}
	TEST_EQ(bad, 0, "start(base, 0x%lx, INIT_SNAPSHOT) with 8 other bases past the last counter: INVALID_PARAM",
		used);
	TEST_SBI_ERR(sbi_pmu_counter_start(LINUX_BASE, used, 0, 0),
		     SBI_ERR_INVALID_PARAM, "start(4096) without INIT_SNAPSHOT");
	TEST_SBI_ERR(sbi_pmu_counter_start(LINUX_BASE, used,
					   PMU_START_SET_INIT_VALUE, 0),
		     SBI_ERR_INVALID_PARAM, "start(4096) with SET_INIT_VALUE");
	TEST_SBI_ERR(sbi_pmu_counter_start(LINUX_BASE, 0,
					   PMU_START_INIT_SNAPSHOT, 0),
		     SBI_ERR_INVALID_PARAM, "start(4096, 0, INIT_SNAPSHOT)");
	TEST_SBI_ERR(sbi_pmu_counter_stop(LINUX_BASE, used,
					  PMU_STOP_TAKE_SNAPSHOT),
		     SBI_ERR_INVALID_PARAM, "stop(4096, 0x%lx, TAKE_SNAPSHOT)",
		     used);
	if (pmu.num >= XLEN) {
		test_skip("num_counters >= XLEN: no mask bit past the last counter",
			  "start(base, bit num_counters, INIT_SNAPSHOT)");
	} else {
		past = used | 1UL << pmu.num;
		TEST_SBI_ERR(sbi_pmu_counter_start(LINUX_BASE, past,
						   PMU_START_INIT_SNAPSHOT, 0),
			     SBI_ERR_INVALID_PARAM,
			     "start(4096, 0x%lx, INIT_SNAPSHOT): bit %lu is past the last counter",
			     past, pmu.num);
	}
	TEST_SBI_ERR(sbi_pmu_counter_stop(f, 1, 0), SBI_ERR_ALREADY_STOPPED,
		     "counter %ld was started by none of them", f);
out:
	ctr_release_all();
}

void test_linux(void)
{
	ctr_release_all();
	test_probe();
	if (!pmu.fw) {
		test_skip("no firmware counters", "Linux stop-all and restart");
		return;
	}
	test_stop_all();
	test_restart_4096();
	test_restart_short_period();
	test_restart_other_sets();
}

/*
 * CPU offline and online as Linux 6.12 does them on a second hart:
 * SET_SHMEM(DISABLE) then HSM stop; HSM start, and no SET_SHMEM again
 * before a stop with TAKE_SNAPSHOT. With the compatibility rule the hart's
 * memory serves again; without it the stop fails with NO_SHMEM.
 */
static struct pmu_snapshot_area hp_page __attribute__((aligned(4096)));
static struct {
	int round;
	long set_err, off_err, cfg_err, stop_err, stop2_err;
	long ctr;
	int done;
} hp;

static struct sbiret hp_ret(long error)
{
	return (struct sbiret){ .error = error };
}

static void hotplug_worker(unsigned long hartid, unsigned long opaque,
			   void *arg)
{
	if (hp.round == 0) {
		hp.set_err = sbi_pmu_snapshot_set_shmem((unsigned long)&hp_page,
							0, 0).error;
		hp.off_err = sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0).error;
		/* disabled, no HSM stop yet: strict in both settings */
		hp.stop2_err = sbi_pmu_counter_stop(0, 1,
						    PMU_STOP_TAKE_SNAPSHOT).error;
	} else {
		hp.ctr = ctr_match(0, mask_from(0, pmu.fw),
				   PMU_CFG_AUTO_START | PMU_CFG_CLEAR_VALUE,
				   EV_FW(PMU_FW_SET_TIMER), 0, &hp.cfg_err);
		sbi_set_timer(~0UL);
		sbi_set_timer(~0UL);
		hp_page.ctr_values[0] = 99;
		/* values are relative to the base: slot 0 */
		hp.stop_err = sbi_pmu_counter_stop(hp.ctr, 1,
						   PMU_STOP_TAKE_SNAPSHOT |
						   PMU_STOP_RESET).error;
	}
	atomic_store(&hp.done, 1);
}

static bool hotplug_round(unsigned long b, int round)
{
	hp.round = round;
	atomic_store(&hp.done, 0);
	if (hart_wait_status(b, SBI_HSM_STATE_STOPPED, TIMEOUT_US) !=
	    SBI_HSM_STATE_STOPPED ||
	    hart_start(b, hotplug_worker, NULL, 0).error)
		return false;
	return wait_for_int(&hp.done, 1, TIMEOUT_US);
}

void test_linux_hotplug(void)
{
	unsigned long b = pmu.other;

	if (b == ~0UL || !pmu.fw || pmu.spec_major < 2 ||
	    sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0).error) {
		test_skip("no second hart, firmware counters or snapshot",
			  "Linux 6.12 CPU offline/online");
		return;
	}
	if (!test_report(hotplug_round(b, 0), "timed out",
			 "hart %lu: set and disable its snapshot memory, stop",
			 b))
		return;
	TEST_SBI_OK(hp_ret(hp.set_err), "hart %lu: SET_SHMEM", b);
	TEST_SBI_OK(hp_ret(hp.off_err), "hart %lu: DISABLE", b);
	TEST_SBI_ERR(hp_ret(hp.stop2_err), SBI_ERR_NO_SHMEM,
		     "hart %lu: TAKE_SNAPSHOT after DISABLE, before any stop",
		     b);
	if (!test_report(hotplug_round(b, 1), "timed out",
			 "hart %lu: started again, counts 2 SET_TIMER calls", b))
		return;
	TEST_SBI_OK(hp_ret(hp.cfg_err),
		    "hart %lu: cfg_match SET_TIMER", b);
	if (pmu.compat) {
		TEST_SBI_OK(hp_ret(hp.stop_err),
			    "hart %lu: stop(TAKE_SNAPSHOT) uses the memory it had before the HSM stop",
			    b);
		TEST_EQ(hp_page.ctr_values[0], 2,
			"hart %lu: the snapshot holds its 2 calls", b);
	} else {
		TEST_SBI_ERR(hp_ret(hp.stop_err),
			     SBI_ERR_NO_SHMEM,
			     "strict: hart %lu: stop(TAKE_SNAPSHOT) after the HSM stop",
			     b);
		TEST_EQ(hp_page.ctr_values[0], 99,
			"strict: hart %lu: the page was not written", b);
	}
}
