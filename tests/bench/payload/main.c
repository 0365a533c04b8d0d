/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * `make bench` path-length payload (docs/performance.md). Each row issues
 * one SBI call REPS times through bench_ecall() (ecall.S); the calls that
 * only prepare or undo state go through the ordinary wrappers. The M-mode
 * instructions of every call at bench_ecall_site are counted outside the
 * guest (scripts/bench.sh) and matched to the rows in the order they are
 * printed here, one "# bench-row" line each:
 *
 *	# bench-row KEY EID FID CALLS ERROR INSTRET_MIN INSTRET_MEDIAN
 *
 * INSTRET_* is the S-mode view: instret read around the ecall minus the
 * same two reads with nothing between, "-" when instret does not count
 * here (the project firmware stops it until S-mode starts it through SBI,
 * and then inhibits M-mode on it). ERROR is the error of the last call.
 * One check per row: every call returned what the row expects.
 */
#include <stdbool.h>
#include <payload.h>
#include <pmu/pmu_sbi.h>

#define REPS	    16
#define HPM_FIRST   3 /* mhpmcounter3 */
#define MULTI	    8 /* counters of the multi-counter rows */
#define CFG_WIDE    16 /* candidates of the wide config_matching */
#define EV_CYCLES   PMU_EVIDX(PMU_EV_TYPE_HW, PMU_HW_CPU_CYCLES)
#define EV_FW	    PMU_EVIDX(PMU_EV_TYPE_FW, PMU_FW_SET_TIMER)
#define UNKNOWN_EID 0x0a000000UL /* in the experimental range */

struct bench_call {
	unsigned long a[8]; /* a0..a5, a6 = fid, a7 = eid */
	long error;
	unsigned long value;
	unsigned long delta; /* instret after - before */
};

void bench_ecall(struct bench_call *c);
unsigned long bench_read_pair(void);
extern char bench_ecall_site[];

struct row {
	const char *key;
	unsigned long eid, fid;
	unsigned int calls, bad;
	long want, alt_ok; /* expected error; alt_ok: also accepted */
	long error;
	unsigned long value;
	unsigned long delta[REPS];
	bool no_instret; /* S-mode work (a handler) between the reads */
};

static unsigned long read_pair;
static unsigned long fw_base; /* first firmware counter */
static uint8_t shmem[4096] __attribute__((aligned(4096)));
static struct pmu_event_info_entry evinfo[8] __attribute__((aligned(16)));

static void row_init(struct row *r, const char *key, unsigned long eid,
		     unsigned long fid)
{
	memset(r, 0, sizeof(*r));
	r->key = key;
	r->eid = eid;
	r->fid = fid;
	r->alt_ok = 1; /* no alternative */
}

/* One measured call of the row's function. */
static void row_call(struct row *r, unsigned long a0, unsigned long a1,
		     unsigned long a2, unsigned long a3, unsigned long a4)
{
	struct bench_call c = {
		.a = { a0, a1, a2, a3, a4, 0, r->fid, r->eid },
	};

	bench_ecall(&c);
	if (c.error != r->want && c.error != r->alt_ok)
		r->bad++;
	r->error = c.error;
	r->value = c.value;
	if (r->calls < REPS)
		r->delta[r->calls] = c.delta;
	r->calls++;
}

static void sort(unsigned long *v, unsigned int n)
{
	for (unsigned int i = 1; i < n; i++)
		for (unsigned int j = i; j && v[j - 1] > v[j]; j--) {
			unsigned long t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
}

static void row_end(struct row *r, const char *what)
{
	char lo[24] = "-", med[24] = "-";
	unsigned int n = r->calls < REPS ? r->calls : REPS;

	if (read_pair && n && !r->no_instret) {
		sort(r->delta, n);
		snprintf(lo, sizeof(lo), "%lu", r->delta[0] - read_pair);
		snprintf(med, sizeof(med), "%lu", r->delta[n / 2] - read_pair);
	}
	test_diag("bench-row %s 0x%lx 0x%lx %u %ld %s %s", r->key, r->eid,
		  r->fid, r->calls, r->error, lo, med);
	test_report(r->calls && !r->bad, NULL,
		    "%s: %u calls, %u unexpected errors", what, r->calls,
		    r->bad);
}

static void bench_base(void)
{
	struct row r;
	unsigned int i;

	row_init(&r, "base_spec_version", SBI_EXT_BASE,
		 SBI_EXT_BASE_GET_SPEC_VERSION);
	for (i = 0; i < REPS; i++)
		row_call(&r, 0, 0, 0, 0, 0);
	row_end(&r, "BASE get_spec_version");

	row_init(&r, "base_probe", SBI_EXT_BASE, SBI_EXT_BASE_PROBE_EXT);
	for (i = 0; i < REPS; i++)
		row_call(&r, SBI_EXT_PMU, 0, 0, 0, 0);
	row_end(&r, "BASE probe_extension(PMU)");

	row_init(&r, "unknown_eid", UNKNOWN_EID, 0);
	r.want = SBI_ERR_NOT_SUPPORTED;
	for (i = 0; i < REPS; i++)
		row_call(&r, 0, 0, 0, 0, 0);
	row_end(&r, "unknown extension (trap and dispatch only)");
}

/*
 * Undo a config_matching: start, then stop with RESET (any firmware). From
 * 0, as Linux starts: an unused counter may hold anything (on OpenSBI one
 * overflows at once) and a pending overflow interrupt (sip.LCOFIP, never
 * taken here) changes OpenSBI's start path.
 */
static void release(unsigned long idx, unsigned long mask)
{
	sbi_pmu_counter_start(idx, mask, PMU_START_SET_INIT_VALUE, 0);
	sbi_pmu_counter_stop(idx, mask, PMU_STOP_RESET);
}

static void bench_cfg(const char *key, const char *what, unsigned long mask)
{
	struct row r;

	row_init(&r, key, SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_CFG_MATCH);
	for (unsigned int i = 0; i < REPS; i++) {
		row_call(&r, HPM_FIRST, mask, 0, EV_CYCLES, 0);
		if (r.error)
			break;
		release(r.value, 1);
	}
	row_end(&r, what);
}

static void bench_info(void)
{
	struct row r;
	unsigned int i;

	row_init(&r, "pmu_num_counters", SBI_EXT_PMU, SBI_EXT_PMU_NUM_COUNTERS);
	for (i = 0; i < REPS; i++)
		row_call(&r, 0, 0, 0, 0, 0);
	row_end(&r, "PMU num_counters");

	row_init(&r, "pmu_get_info", SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_GET_INFO);
	for (i = 0; i < REPS; i++)
		row_call(&r, HPM_FIRST, 0, 0, 0, 0);
	row_end(&r, "PMU counter_get_info");
}

/*
 * start or stop of the counters @mask from @base with @flags, each call
 * preceded by the opposite operation.
 */
static void bench_startstop(const char *key, const char *what, bool start,
			    unsigned long base, unsigned long mask,
			    unsigned long flags)
{
	struct row r;

	row_init(&r, key, SBI_EXT_PMU,
		 start ? SBI_EXT_PMU_COUNTER_START : SBI_EXT_PMU_COUNTER_STOP);
	for (unsigned int i = 0; i < REPS; i++) {
		if (start) {
			row_call(&r, base, mask, flags, 0, 0);
			sbi_pmu_counter_stop(base, mask, 0);
		} else {
			sbi_pmu_counter_start(base, mask,
					      PMU_START_SET_INIT_VALUE, 0);
			row_call(&r, base, mask, flags, 0, 0);
		}
	}
	row_end(&r, what);
}

/* The counter a firmware hands out for cycles among the 16 hpm counters. */
static unsigned long bind_cycles(void)
{
	return sbi_pmu_counter_cfg_match(HPM_FIRST, BIT(CFG_WIDE) - 1, 0,
					 EV_CYCLES, 0)
		.value;
}

/* Linux's sched-out: stop with RESET (and TAKE_SNAPSHOT), then rebind. */
static void bench_stop_reset(const char *key, const char *what,
			     unsigned long flags)
{
	struct row r;

	row_init(&r, key, SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_STOP);
	for (unsigned int i = 0; i < REPS; i++) {
		unsigned long c = bind_cycles();

		sbi_pmu_counter_start(c, 1, PMU_START_SET_INIT_VALUE, 0);
		row_call(&r, c, 1, flags, 0, 0);
	}
	row_end(&r, what);
}

static bool bind_multi(void)
{
	for (unsigned long i = 0; i < MULTI; i++) {
		struct sbiret ret = sbi_pmu_counter_cfg_match(
			HPM_FIRST, BIT(MULTI) - 1, 0, EV_CYCLES, 0);

		if (!TEST_SBI_OK(ret,
				 "bind cycles to counter %lu of %u from %u",
				 i + 1, MULTI, HPM_FIRST))
			return false;
	}
	return true;
}

struct startstop {
	const char *key, *what;
	bool start, multi, snapshot;
	unsigned long flags;
};

/*
 * One counter: the one config_matching hands out (OpenSBI 1.5: the highest
 * candidate, its CSR accesses cost more there). Eight: 3..10.
 */
static const struct startstop startstop_rows[] = {
	{ "start1", "PMU counter_start 1, SET_INIT_VALUE", true, false, false,
	  PMU_START_SET_INIT_VALUE },
	{ "start1_noflags", "PMU counter_start 1, no flags", true, false, false,
	  0 },
	{ "stop1", "PMU counter_stop 1", false, false, false, 0 },
	{ "snap_stop1", "PMU counter_stop 1, TAKE_SNAPSHOT", false, false, true,
	  PMU_STOP_TAKE_SNAPSHOT },
	{ "snap_start1", "PMU counter_start 1, INIT_SNAPSHOT", true, false,
	  true, PMU_START_INIT_SNAPSHOT },
	{ "start8", "PMU counter_start 8, SET_INIT_VALUE", true, true, false,
	  PMU_START_SET_INIT_VALUE },
	{ "stop8", "PMU counter_stop 8", false, true, false, 0 },
	{ "snap_stop8", "PMU counter_stop 8, TAKE_SNAPSHOT", false, true, true,
	  PMU_STOP_TAKE_SNAPSHOT },
	{ "snap_start8", "PMU counter_start 8, INIT_SNAPSHOT", true, true, true,
	  PMU_START_INIT_SNAPSHOT },
};

/* A row this firmware cannot run: no calls, so nothing to match. */
static void row_skip(const char *key, unsigned long fid, const char *what)
{
	test_diag("bench-row %s 0x%lx 0x%lx 0 %d - -", key,
		  (unsigned long)SBI_EXT_PMU, fid, SBI_ERR_NOT_SUPPORTED);
	test_skip("no snapshot shared memory", "%s", what);
}

static void bench_rows(bool multi, unsigned long base, bool snapshot)
{
	unsigned long mask = multi ? BIT(MULTI) - 1 : 1;

	for (unsigned int i = 0; i < ARRAY_SIZE(startstop_rows); i++) {
		const struct startstop *t = &startstop_rows[i];

		if (t->multi != multi)
			continue;
		if (t->snapshot && !snapshot)
			row_skip(t->key,
				 t->start ? SBI_EXT_PMU_COUNTER_START
					  : SBI_EXT_PMU_COUNTER_STOP,
				 t->what);
		else
			bench_startstop(t->key, t->what, t->start, base, mask,
					t->flags);
	}
}

static void bench_counters(bool snapshot)
{
	unsigned long c = bind_cycles();

	bench_rows(false, c, snapshot);
	release(c, 1);
	bench_stop_reset("stop1_reset", "PMU counter_stop 1, RESET",
			 PMU_STOP_RESET);
	if (snapshot)
		bench_stop_reset("stop1_reset_snapshot",
				 "PMU counter_stop 1, RESET|TAKE_SNAPSHOT",
				 PMU_STOP_RESET | PMU_STOP_TAKE_SNAPSHOT);
	else
		row_skip("stop1_reset_snapshot", SBI_EXT_PMU_COUNTER_STOP,
			 "PMU counter_stop 1, RESET|TAKE_SNAPSHOT");
	if (!bind_multi())
		return;
	bench_rows(true, HPM_FIRST, snapshot);
	release(HPM_FIRST, BIT(MULTI) - 1);
}

/* Whether the firmware has snapshot memory (SBI 2.0, optional). */
static bool bench_snapshot_set(void)
{
	struct row r;

	row_init(&r, "snapshot_set_shmem", SBI_EXT_PMU,
		 SBI_EXT_PMU_SNAPSHOT_SET_SHMEM);
	r.alt_ok = SBI_ERR_NOT_SUPPORTED;
	for (unsigned int i = 0; i < REPS; i++)
		row_call(&r, (unsigned long)shmem, 0, 0, 0, 0);
	row_end(&r, "PMU snapshot_set_shmem");
	return r.error == SBI_SUCCESS;
}

static void bench_fw_read(void)
{
	/* cbase 0 as Linux passes it: OpenSBI 1.5 returns the firmware
	 * counter relative to cbase */
	struct sbiret ret =
		sbi_pmu_counter_cfg_match(0, 0xffffUL << fw_base, 0, EV_FW, 0);
	unsigned long idx = ret.value;
	struct row r;
	unsigned int i;

	if (!TEST_SBI_OK(ret, "bind a firmware event"))
		return;
	sbi_pmu_counter_start(idx, 1, 0, 0);
	row_init(&r, "fw_read", SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_FW_READ);
	for (i = 0; i < REPS; i++)
		row_call(&r, idx, 0, 0, 0, 0);
	row_end(&r, "PMU counter_fw_read");

	row_init(&r, "fw_read_hi", SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_FW_READ_HI);
	for (i = 0; i < REPS; i++)
		row_call(&r, idx, 0, 0, 0, 0);
	row_end(&r, "PMU counter_fw_read_hi");
	sbi_pmu_counter_stop(idx, 1, PMU_STOP_RESET);
}

/* SBI 3.0; a 2.0 firmware (OpenSBI 1.5) answers NOT_SUPPORTED. */
static void bench_event_info(void)
{
	static const uint32_t ev[ARRAY_SIZE(evinfo)] = {
		EV_CYCLES,
		PMU_EVIDX(PMU_EV_TYPE_HW, PMU_HW_INSTRUCTIONS),
		PMU_EVIDX(PMU_EV_TYPE_HW, PMU_HW_CACHE_MISSES),
		PMU_EVIDX(PMU_EV_TYPE_HW, PMU_HW_BRANCH_MISSES),
		PMU_EVIDX(PMU_EV_TYPE_CACHE,
			  PMU_CACHE_CODE(PMU_CACHE_L1D, PMU_CACHE_OP_READ,
					 PMU_CACHE_RESULT_MISS)),
		EV_FW,
		PMU_EVIDX(PMU_EV_TYPE_FW, PMU_FW_IPI_SENT),
		PMU_EVIDX(PMU_EV_TYPE_FW, PMU_FW_ILLEGAL_INSN),
	};
	struct row r;

	row_init(&r, "event_get_info8", SBI_EXT_PMU,
		 SBI_EXT_PMU_EVENT_GET_INFO);
	r.alt_ok = SBI_ERR_NOT_SUPPORTED;
	for (unsigned int i = 0; i < REPS; i++) {
		for (unsigned int j = 0; j < ARRAY_SIZE(evinfo); j++)
			evinfo[j] =
				(struct pmu_event_info_entry){ .event_idx =
								       ev[j] };
		row_call(&r, (unsigned long)evinfo, 0, ARRAY_SIZE(evinfo), 0,
			 0);
	}
	row_end(&r, "PMU event_get_info, 8 events");
}

/* The PMU layout the rows need: 16 hpm counters from 3, then fw ones. */
static bool pmu_layout(void)
{
	struct sbiret ret = sbi_pmu_num_counters();
	unsigned long n = ret.value, i;

	if (!TEST_SBI_OK(ret, "PMU num_counters"))
		return false;
	for (i = HPM_FIRST; i < HPM_FIRST + CFG_WIDE; i++) {
		ret = sbi_pmu_counter_get_info(i);
		if (ret.error || (ret.value & PMU_CTR_INFO_TYPE_FW))
			break;
	}
	if (!TEST_EQ(i, HPM_FIRST + CFG_WIDE, "%u hardware counters from %u",
		     CFG_WIDE, HPM_FIRST))
		return false;
	for (fw_base = i; fw_base < n; fw_base++) {
		ret = sbi_pmu_counter_get_info(fw_base);
		if (!ret.error && (ret.value & PMU_CTR_INFO_TYPE_FW))
			break;
	}
	return TEST_ASSERT(fw_base < n, "a firmware counter exists");
}

/*
 * SSE (SBI v3.0). Rows measured by the exec trace only (scripts/bench.sh):
 * sse_inject, inject of the local software event to the calling hart
 * (enabled, unmasked), from its ecall to the handler's first instruction;
 * sse_complete, from the handler's complete ecall to the interrupted
 * instruction after the inject; sse_pmu_overflow, from the counter
 * overflow trap taken in bench_spin to the handler's first instruction.
 */
void bench_sse_entry(void);
unsigned long bench_spin(volatile unsigned long *flag, unsigned long max);

static volatile unsigned long sse_flag;

static void sse_row_skip(const char *key, unsigned long fid, const char *why)
{
	test_diag("bench-row %s 0x%lx 0x%lx 0 %d - -", key,
		  (unsigned long)SBI_EXT_SSE, fid, SBI_ERR_NOT_SUPPORTED);
	test_skip(why, "SSE %s", key);
}

static void sse_rows_skip(const char *why)
{
	sse_row_skip("sse_inject", SBI_EXT_SSE_INJECT, why);
	sse_row_skip("sse_complete", SBI_EXT_SSE_COMPLETE, why);
	sse_row_skip("sse_pmu_overflow", SBI_EXT_SSE_INJECT, why);
}

static bool sse_on(unsigned long id)
{
	return !sbi_ecall(SBI_EXT_SSE, SBI_EXT_SSE_REGISTER, id,
			  (unsigned long)bench_sse_entry,
			  (unsigned long)&sse_flag, 0, 0, 0).error &&
	       !sbi_call1(SBI_EXT_SSE, SBI_EXT_SSE_ENABLE, id).error;
}

static void sse_off(unsigned long id)
{
	sbi_call1(SBI_EXT_SSE, SBI_EXT_SSE_DISABLE, id);
	sbi_call1(SBI_EXT_SSE, SBI_EXT_SSE_UNREGISTER, id);
}

/*
 * PMU overflow: cycles from 200 below the wrap, spinning in S-mode. The
 * bench runs under icount (cycles = instructions), so the overflow comes
 * within about 50 turns of bench_spin; 5000 leave room, and bound what a
 * firmware that never delivers it (OpenSBI 1.9) costs the exec trace.
 */
static void bench_sse_overflow(void)
{
	unsigned long c = bind_cycles(), entered = 0;
	struct row r;

	row_init(&r, "sse_pmu_overflow", SBI_EXT_SSE, SBI_EXT_SSE_INJECT);
	r.no_instret = true;
	for (unsigned int i = 0; i < REPS; i++) {
		sse_flag = 0;
		sbi_pmu_counter_start(c, 1, PMU_START_SET_INIT_VALUE, -200UL);
		bench_spin(&sse_flag, 5000);
		entered += sse_flag;
		sbi_pmu_counter_stop(c, 1, 0);
		r.calls++;
		/* never delivered (OpenSBI 1.9): one traced wait says so */
		if (!sse_flag)
			break;
	}
	release(c, 1);
	r.bad = REPS - entered;
	row_end(&r, "SSE PMU overflow delivered to the handler");
}

static void bench_sse(void)
{
	unsigned long self = platform.boot_hartid;
	struct row r, rc;

	if (!sbi_probe_extension(SBI_EXT_SSE).value) {
		sse_rows_skip("no SSE");
		return;
	}
	/* OpenSBI 1.5.1 has a draft SSE without hart mask/unmask: skipped */
	if (sbi_call0(SBI_EXT_SSE, SBI_EXT_SSE_HART_UNMASK).error) {
		sse_rows_skip("SSE without hart_unmask (a pre-v3.0 draft)");
		return;
	}
	if (!TEST_ASSERT(sse_on(SBI_SSE_EVENT_LOCAL_SOFTWARE),
			 "SSE local software event registered and enabled"))
		return;
	row_init(&r, "sse_inject", SBI_EXT_SSE, SBI_EXT_SSE_INJECT);
	row_init(&rc, "sse_complete", SBI_EXT_SSE, SBI_EXT_SSE_COMPLETE);
	r.no_instret = rc.no_instret = true;
	for (unsigned int i = 0; i < REPS; i++) {
		sse_flag = 0;
		row_call(&r, SBI_SSE_EVENT_LOCAL_SOFTWARE, self, 0, 0, 0);
		if (!sse_flag)
			r.bad++;
		rc.calls++;
	}
	rc.bad = r.bad;
	row_end(&r, "SSE inject of the local software event, delivered");
	row_end(&rc, "SSE complete back to the interrupted code");
	sse_off(SBI_SSE_EVENT_LOCAL_SOFTWARE);
	if (!sse_on(SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW))
		sse_row_skip("sse_pmu_overflow", SBI_EXT_SSE_INJECT,
			     "no PMU overflow event");
	else
		bench_sse_overflow();
	sse_off(SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW);
	sbi_call0(SBI_EXT_SSE, SBI_EXT_SSE_HART_MASK);
}

int payload_main(void)
{
	bool snapshot;

	read_pair = bench_read_pair();
	test_diag("bench-site %p read-pair %lu", bench_ecall_site, read_pair);
	bench_base();
	if (!TEST_ASSERT(sbi_probe_extension(SBI_EXT_PMU).value,
			 "PMU extension present") ||
	    !pmu_layout())
		return 0;
	bench_info();
	bench_cfg("cfg1", "PMU config_matching cycles, 1 candidate", 1);
	bench_cfg("cfg16", "PMU config_matching cycles, 16 candidates",
		  BIT(CFG_WIDE) - 1);
	snapshot = bench_snapshot_set();
	bench_counters(snapshot);
	bench_fw_read();
	bench_event_info();
	bench_sse();
	if (snapshot)
		sbi_pmu_snapshot_set_shmem(PMU_SNAPSHOT_DISABLE,
					   PMU_SNAPSHOT_DISABLE, 0);
	return 0;
}
