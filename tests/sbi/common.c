/* SPDX-License-Identifier: BSD-2-Clause */
/* Helpers shared by the SBI test groups: hart sets and IPI listeners. */
#include "sbi_tests.h"

static unsigned long lost_harts;

int hart_is_lost(unsigned long hartid)
{
	return !!(atomic_load(&lost_harts) & BIT(hartid));
}

/* A hart an SBI call wrongly started somewhere: never use it again. */
void hart_mark_lost(unsigned long hartid)
{
	atomic_fetch_or(&lost_harts, BIT(hartid));
}

/* Harts other than the boot hart that the payload can run code on. */
unsigned long other_harts(void)
{
	unsigned long mask = platform.hart_mask & ~BIT(platform.boot_hartid);

	if (PAYLOAD_MAX_HARTS < 64)
		mask &= BIT(PAYLOAD_MAX_HARTS) - 1;
	return mask & ~atomic_load(&lost_harts);
}

/* The lowest hartid that no cpu node has. */
unsigned long invalid_hartid(void)
{
	unsigned long id = 0;

	while (id < 63 && (platform.hart_mask & BIT(id)))
		id++;
	return id;
}

int wait_irq(unsigned long hartid, unsigned long irq, unsigned long old,
	     unsigned long timeout_us)
{
	unsigned long end = time_now() + usec_to_ticks(timeout_us);

	while (trap_irq_count_hart(hartid, irq) == old) {
		if (time_now() > end)
			return 0;
		cpu_relax();
	}
	return 1;
}

const char *hsm_state_name(long state)
{
	static const char *const names[] = {
		"STARTED", "STOPPED", "START_PENDING", "STOP_PENDING",
		"SUSPENDED", "SUSPEND_PENDING", "RESUME_PENDING",
	};

	if (state < 0 || state >= (long)ARRAY_SIZE(names))
		return "?";
	return names[state];
}

/*
 * Listeners: secondary harts that take supervisor software and timer
 * interrupts (counted by the trap handler) until told to stop.
 */
static int listeners_quit;
static int listeners_ready[PAYLOAD_MAX_HARTS];

static void listener(unsigned long hartid, unsigned long opaque, void *arg)
{
	csr_clear(CSR_SIP, SIP_SSIP);
	csr_set(CSR_SIE, SIP_SSIP | SIP_STIP);
	local_irq_enable();
	atomic_store(&listeners_ready[hartid], 1);
	while (!atomic_load(&listeners_quit))
		cpu_relax();
	local_irq_disable();
	csr_clear(CSR_SIE, SIP_SSIP | SIP_STIP);
	atomic_store(&listeners_ready[hartid], 0);
}

static unsigned long listeners_mask;

/* Start the harts in @mask as listeners; returns how many are ready. */
unsigned int listeners_start(unsigned long mask)
{
	unsigned int ready = 0;
	struct sbiret ret;
	unsigned long h;

	atomic_store(&listeners_quit, 0);
	listeners_mask = mask;
	for_each_hart(h, mask) {
		ret = hart_start(h, listener, NULL, 0);
		if (ret.error)
			test_diag("listener hart %lu: hart_start: %s", h,
				  sbi_err_name(ret.error));
	}
	for_each_hart(h, mask) {
		if (wait_for_int(&listeners_ready[h], 1, TIMEOUT_US))
			ready++;
		else
			test_diag("listener hart %lu did not come up", h);
	}
	return ready;
}

void listeners_stop(void)
{
	unsigned long h;
	long st;

	atomic_store(&listeners_quit, 1);
	for_each_hart(h, listeners_mask & other_harts()) {
		st = hart_wait_status(h, SBI_HSM_STATE_STOPPED, TIMEOUT_US);
		if (st != SBI_HSM_STATE_STOPPED)
			test_diag("listener hart %lu did not stop: %ld", h, st);
	}
}

/*
 * Run @fn on hart @h (started for it) and wait up to @timeout_us for it to
 * finish: for calls that may block in the firmware (remote fences wait for
 * their targets), so a hang costs one hart and one failure, not the run.
 */
static int worker_done[PAYLOAD_MAX_HARTS];

static void worker(unsigned long hartid, unsigned long opaque, void *arg)
{
	void (*fn)(void) = (void (*)(void))arg;

	fn();
	atomic_store(&worker_done[hartid], 1);
}

/*
 * Wait for worker @h, as long as it reports a result at least every
 * 5 * TIMEOUT_US: a slow host stretches each call, a hang stops them.
 */
static int wait_worker(unsigned long h)
{
	unsigned long seen;

	do {
		seen = test_count();
		if (wait_for_int(&worker_done[h], 1, 5 * TIMEOUT_US))
			return 1;
	} while (test_count() != seen);
	return 0;
}

int run_on_hart(unsigned long h, void (*fn)(void), const char *what)
{
	struct sbiret ret;

	atomic_store(&worker_done[h], 0);
	ret = hart_start(h, worker, (void *)fn, 0);
	if (!TEST_SBI_OK(ret, "hart_start of hart %lu to run %s", h, what))
		return 0;
	if (!test_report(wait_worker(h), "timed out: a call never returned",
			 "%s on hart %lu completes", what, h)) {
		hart_mark_lost(h);
		return 0;
	}
	hart_wait_status(h, SBI_HSM_STATE_STOPPED, TIMEOUT_US);
	return 1;
}
