/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Part 3, SMP stress: every hart but the boot hart lives a series of
 * "lives". A life starts with HSM hart_start (issued by the boot hart or by
 * another worker that found the hart STOPPED), checks that the PMU state of
 * the previous life is gone, counts its own set_timer calls on a firmware
 * counter (exact, through fw_read and through snapshots), sends IPIs and
 * remote fences to all harts (running, starting, stopping or stopped),
 * suspends itself until a timer, starts stopped peers, and ends with HSM
 * hart_stop while its counters still run and its snapshot page is still
 * set. The boot hart hands out a fixed number of lives and watches
 * progress: a hart that stops making progress is a deadlock.
 */
#include "hostile.h"

#define ROUNDS		6
#define STALL_US	30000000UL

struct worker {
	unsigned long lives;		/* entries */
	unsigned long timers;		/* set_timer calls counted */
	unsigned long snapshots;
	unsigned long suspends;
	unsigned long starts;		/* hart_starts it issued that worked */
	unsigned long bad;
	unsigned long progress;
	const char *op;			/* what it is doing (watchdog) */
	unsigned long last_hw;		/* hpmcounter it left running */
	char first_bad[120];
} __attribute__((aligned(64)));

static struct worker wk[PAYLOAD_MAX_HARTS];
static unsigned long started[PAYLOAD_MAX_HARTS];	/* successful starts */
static long budget;					/* starts left */
static int smp_abort;

static void smp_worker(unsigned long h, unsigned long opaque, void *arg);

static __printf(2, 3) void bad(struct worker *w, const char *fmt, ...)
{
	va_list ap;

	if (!w->bad++) {
		va_start(ap, fmt);
		vsnprintf(w->first_bad, sizeof(w->first_bad), fmt, ap);
		va_end(ap);
	}
}

static void step(struct worker *w, const char *op)
{
	WRITE_ONCE(w->op, op);
	WRITE_ONCE(w->progress, w->progress + 1);
}

/* Take one start from the budget and start @h; true if it started. */
static bool start_one(unsigned long h)
{
	struct sbiret ret;

	if (atomic_add_return(&budget, -1) < 0) {
		atomic_add_return(&budget, 1);
		return false;
	}
	ret = hart_start(h, smp_worker, NULL, h);
	if (ret.error) {
		atomic_add_return(&budget, 1);
		return false;
	}
	atomic_add_return(&started[h], 1);
	return true;
}

static unsigned long fw_read(unsigned long k, long *err)
{
	struct sbiret ret = sbi_pmu_counter_fw_read(k);

	*err = ret.error;
	return ret.value;
}

/* The previous life left counters running and a snapshot page set. */
static void check_fresh(unsigned long h, struct worker *w)
{
	unsigned long i, d, buf[2];
	struct sbiret ret;
	long err;

	step(w, "fresh-state checks");
	for (i = 0; i < PMU_MAX_CTRS; i++) {
		if (!(env.fw & BIT(i)))
			continue;
		fw_read(i, &err);
		if (err != SBI_ERR_INVALID_PARAM)
			bad(w, "life %lu: firmware counter %lu still mapped after HSM stop/start (fw_read error %ld)",
			    w->lives, i, err);
	}
	ret = sbi_pmu_counter_stop(env.fw_first, env.fw >> env.fw_first,
				   PMU_STOP_TAKE_SNAPSHOT);
	/*
	 * With PMU_COMPAT_SNAPSHOT_KEEP the page an earlier life set serves
	 * again (nothing started: ALREADY_STOPPED); the first life has none.
	 */
	if (ret.error != (payload_pmu_compat() && w->lives > 1 ?
			  SBI_ERR_ALREADY_STOPPED : SBI_ERR_NO_SHMEM))
		bad(w, "life %lu: snapshot memory survived HSM stop/start (stop TAKE_SNAPSHOT: %ld)",
		    w->lives, ret.error);
	if (w->last_hw) {
		unsigned int csr = env.info[w->last_hw] & PMU_CTR_INFO_CSR_MASK;

		d = ctr_loop_table[csr - 0xc00](200, buf);
		if (d)
			bad(w, "life %lu: counter %lu still counts after HSM stop/start (%lu)",
			    w->lives, w->last_hw, d);
	}
}

static void timers(struct worker *w, unsigned long n, struct rng *r)
{
	unsigned long i;

	for (i = 0; i < n; i++) {
		if (rng_pct(r, 20))
			sbi_legacy_ecall(SBI_EXT_0_1_SET_TIMER, ~0UL, 0, 0, 0);
		else
			sbi_set_timer(~0UL);
	}
	w->timers += n;
}

static void smp_worker(unsigned long h, unsigned long opaque, void *arg)
{
	struct worker *w = &wk[h];
	struct pmu_snapshot_area *snap = (void *)hbufs[h].snap[w->lives & 1];
	unsigned long count = 0, k, hc = 0, i, j, round, deadline;
	struct sbiret ret;
	struct rng r;
	long err;

	w->lives++;
	rng_seed(&r, env.seed ^ (h << 16) ^ w->lives);
	csr_write(CSR_SIE, 0);
	check_fresh(h, w);

	step(w, "configure");
	ret = sbi_pmu_counter_cfg_match(0, env.fw, PMU_CFG_CLEAR_VALUE |
					PMU_CFG_AUTO_START,
					EV_FW(PMU_FW_SET_TIMER), 0);
	k = ret.value;
	if (ret.error || k != (unsigned long)env.fw_first) {
		bad(w, "life %lu: SET_TIMER not on the lowest firmware counter %d (error %ld, counter %lu)",
		    w->lives, env.fw_first, ret.error, k);
		return;
	}
	if (env.hpm) {
		ret = sbi_pmu_counter_cfg_match(0, env.hpm, PMU_CFG_CLEAR_VALUE |
						PMU_CFG_AUTO_START,
						EV_HW(PMU_HW_INSTRUCTIONS), 0);
		if (!ret.error)
			hc = ret.value;
		else
			bad(w, "life %lu: INSTRUCTIONS on an hpmcounter: %ld",
			    w->lives, ret.error);
	}
	ret = sbi_pmu_snapshot_set_shmem((unsigned long)snap, 0, 0);
	if (ret.error)
		bad(w, "life %lu: snapshot_set_shmem: %ld", w->lives, ret.error);

	for (round = 0; round < ROUNDS && !READ_ONCE(smp_abort); round++) {
		unsigned long n = 1 + rng_below(&r, 24);

		step(w, "set_timer");
		timers(w, n, &r);
		count += n;
		if (fw_read(k, &err) != count || err)
			bad(w, "life %lu: SET_TIMER counter %lu reads %lu (error %ld), %lu calls made",
			    w->lives, k, fw_read(k, &err), err, count);
		if (rng_pct(&r, 50)) {
			step(w, "snapshot");
			ret = sbi_pmu_counter_stop(k, 1, PMU_STOP_TAKE_SNAPSHOT);
			if (ret.error || snap->ctr_values[0] != count)
				bad(w, "life %lu: snapshot of counter %lu holds %lu (error %ld), %lu calls made",
				    w->lives, k, (unsigned long)snap->ctr_values[0],
				    ret.error, count);
			ret = sbi_pmu_counter_start(k, 1, 0, 0);
			if (ret.error)
				bad(w, "life %lu: restart of counter %lu: %ld",
				    w->lives, k, ret.error);
			w->snapshots++;
		}
		step(w, "send_ipi");
		ret = sbi_send_ipi(platform.hart_mask & rng_next(&r), 0);
		if (ret.error)
			bad(w, "life %lu: send_ipi: %ld", w->lives, ret.error);
		csr_clear(CSR_SIP, SIP_SSIP);
		step(w, "remote fence to all harts");
		if (rng_pct(&r, 50))
			ret = sbi_remote_fence_i(0, -1UL);
		else
			ret = sbi_remote_sfence_vma(0, -1UL, 0, 0);
		if (ret.error)
			bad(w, "life %lu: remote fence: %ld", w->lives, ret.error);
		step(w, "hart_get_status / hart_start");
		j = rng_below(&r, PAYLOAD_MAX_HARTS);
		ret = sbi_hart_get_status(j);
		if (!(platform.hart_mask & BIT(j))) {
			if (ret.error != SBI_ERR_INVALID_PARAM)
				bad(w, "life %lu: status of absent hart %lu: %ld",
				    w->lives, j, ret.error);
		} else if (ret.error || ret.value < 0 ||
			   ret.value > SBI_HSM_STATE_RESUME_PENDING) {
			bad(w, "life %lu: status of hart %lu: %ld/%ld",
			    w->lives, j, ret.error, ret.value);
		} else if (ret.value == SBI_HSM_STATE_STOPPED && j != h &&
			   j != platform.boot_hartid && start_one(j)) {
			w->starts++;
		}
		if (rng_pct(&r, 25)) {
			step(w, "retentive suspend");
			deadline = time_now() + usec_to_ticks(200);
			sbi_set_timer(deadline);
			csr_write(CSR_SIE, SIP_STIP);
			ret = sbi_hart_suspend(SBI_HSM_SUSPEND_RET_DEFAULT, 0, 0);
			sbi_set_timer(~0UL);
			csr_write(CSR_SIE, 0);
			w->timers += 2;
			count += 2;
			if (ret.error)
				bad(w, "life %lu: retentive suspend: %ld",
				    w->lives, ret.error);
			if (fw_read(k, &err) != count || err)
				bad(w, "life %lu: after a retentive suspend SET_TIMER counter reads %lu, %lu calls made",
				    w->lives, fw_read(k, &err), count);
			w->suspends++;
		}
	}
	/* leave everything running: the next life must find it reset */
	w->last_hw = hc;
	for (i = 0; i < 3; i++)
		sbi_set_timer(~0UL);
	w->timers += 3;
	step(w, "hart_stop");
}

static long status_of(unsigned long h)
{
	struct sbiret ret = sbi_hart_get_status(h);

	return ret.error ? ret.error : ret.value;
}

void smp_run(void)
{
	unsigned long self = current_hartid(), h, t0, seen, last = ~0UL;
	unsigned long workers = platform.hart_mask & ~BIT(self);
	unsigned long lives = 0, timers = 0, total_starts = 0;
	bool idle;

	if (!workers || env.fw_first < 0) {
		test_skip(!workers ? "one hart" : "no firmware counters",
			  "SMP stress");
		return;
	}
	pmu_release_all();
	for_each_hart(h, workers)
		memset(hbufs[h].snap, 0, sizeof(hbufs[h].snap));
	atomic_store(&budget, (long)env.lives);
	t0 = seen = time_now();
	for (;;) {
		unsigned long p = 0, stopped = 0, running;

		/* workers restart each other; the boot hart only keeps two alive */
		for_each_hart(h, workers) {
			p += READ_ONCE(wk[h].progress);
			if (status_of(h) == SBI_HSM_STATE_STOPPED)
				stopped |= BIT(h);
		}
		running = bit_count(workers & ~stopped);
		for_each_hart(h, stopped) {
			if (running >= 2 || atomic_load(&budget) <= 0)
				break;
			if (start_one(h)) {
				running++;
				stopped &= ~BIT(h);
			}
		}
		idle = stopped == workers;
		if (idle && atomic_load(&budget) <= 0)
			break;
		if (p != last) {
			last = p;
			seen = time_now();
		} else if (time_now() - seen > usec_to_ticks(STALL_US)) {
			for_each_hart(h, workers)
				test_diag("hart %lu: HSM status %ld, %lu lives, progress %lu, doing: %s",
					  h, status_of(h), wk[h].lives,
					  wk[h].progress,
					  wk[h].op ? wk[h].op : "-");
			test_report(0, "watchdog", "SMP stress: no hart made progress for %lu s (deadlock)",
				    STALL_US / 1000000);
			WRITE_ONCE(smp_abort, 1);
			test_finish();
		}
		nap(500);
	}
	test_diag("SMP stress: %lu lives on %u harts in %lu ms", env.lives,
		  bit_count(workers),
		  (time_now() - t0) / (platform.timebase_hz / 1000));
	for_each_hart(h, workers) {
		struct worker *w = &wk[h];

		lives += w->lives;
		timers += w->timers;
		total_starts += atomic_load(&started[h]);
		TEST_EQ(hart_run_count(h), atomic_load(&started[h]),
			"hart %lu entered once per successful hart_start (%lu)",
			h, atomic_load(&started[h]));
		test_report(!w->bad, w->first_bad,
			    "hart %lu: %lu lives (%lu started by workers), PMU fresh on each start, %lu set_timer calls counted exactly, %lu snapshots, %lu suspends (%lu bad)",
			    h, w->lives, w->starts, w->timers, w->snapshots,
			    w->suspends, w->bad);
	}
	TEST_EQ(total_starts, env.lives, "SMP stress: %lu starts handed out",
		env.lives);
	TEST_EQ(lives, env.lives, "SMP stress: %lu lives lived", env.lives);
	test_diag("SMP stress: %lu set_timer calls counted in total", timers);
	for_each_hart(h, workers)
		TEST_EQ(status_of(h), SBI_HSM_STATE_STOPPED,
			"hart %lu STOPPED at the end", h);
}
