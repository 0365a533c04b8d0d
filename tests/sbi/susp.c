/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SUSP (SBI v3.0 chapter "System Suspend"): suspend to RAM resumes at
 * resume_addr with a0 = hartid, a1 = opaque, satp = 0, sstatus.SIE = 0;
 * INVALID_PARAM for reserved and platform types (bits 63..32 of the 32-bit
 * sleep_type ignored), INVALID_ADDRESS for bad resume addresses, DENIED
 * while another hart is not STOPPED or no wake-up source is enabled, and
 * NOT_SUPPORTED for unknown FIDs. Every call that should fail is made so
 * that a wrong suspend comes back here and is reported, not lost. The
 * hart's SSE registrations and mask survive the suspend (docs/firmware.md):
 * an event registered and enabled, on an unmasked hart, before it is
 * ENABLED after it and still delivered.
 */
#include <stdbool.h>
#include "sbi_tests.h"

#define OPAQUE		0x5a5a000055550000UL

static struct payload_resume res;

static uint8_t sse_stack[2048] __attribute__((aligned(16)));
static struct sse_frame sse_frame;
static volatile unsigned long sse_count;
static bool sse_present, sse_was_masked;

static void sse_handler(struct sse_frame *f, unsigned long hartid)
{
	sse_count++;
}

/* The software-injected local event, registered and enabled; false: no SSE */
static bool sse_arm(void)
{
	sse_present = sbi_probe_extension(SBI_EXT_SSE).value;
	if (!sse_present)
		return false;
	sse_frame.stack_top = (unsigned long)sse_stack + sizeof(sse_stack);
	sse_frame.fn = sse_handler;
	/* an earlier test may have left the hart's events masked */
	sse_was_masked = sbi_sse_hart_unmask().error == SBI_SUCCESS;
	return TEST_SBI_OK(sbi_sse_register(SBI_SSE_EVENT_LOCAL_SOFTWARE,
					    (unsigned long)payload_sse_entry,
					    (unsigned long)&sse_frame),
			   "SSE: register the software event before suspend") &&
	       TEST_SBI_OK(sbi_sse_enable(SBI_SSE_EVENT_LOCAL_SOFTWARE),
			   "SSE: enable it");
}

static void sse_check_after_resume(void)
{
	unsigned long n = sse_count;

	TEST_EQ(sbi_sse_state(SBI_SSE_EVENT_LOCAL_SOFTWARE),
		SBI_SSE_STATE_ENABLED,
		"after system resume: the SSE event is still ENABLED");
	TEST_SBI_OK(sbi_sse_inject(SBI_SSE_EVENT_LOCAL_SOFTWARE,
				   current_hartid()),
		    "after system resume: inject the SSE event");
	TEST_EQ(sse_count, n + 1,
		"after system resume: the SSE event is delivered");
}

/* Undo sse_arm(), whatever part of it took and whether or not we resumed. */
static void sse_disarm(void)
{
	sbi_sse_disable(SBI_SSE_EVENT_LOCAL_SOFTWARE);
	sbi_sse_unregister(SBI_SSE_EVENT_LOCAL_SOFTWARE);
	if (sse_was_masked)
		sbi_sse_hart_mask();
}

/* Suspend to RAM (or try), woken by our own timer in @us if armed. */
static struct sbiret susp_call(unsigned long type, unsigned long opaque,
			       unsigned long wake_us)
{
	struct sbiret ret;

	local_irq_disable();
	csr_write(CSR_SIE, wake_us ? SIP_STIP : 0);
	if (wake_us)
		sbi_set_timer(time_now() + usec_to_ticks(wake_us));
	ret = payload_suspend_non_ret(SBI_EXT_SUSP,
				      SBI_EXT_SUSP_SYSTEM_SUSPEND, type, opaque,
				      &res);
	sbi_set_timer(~0UL);
	csr_write(CSR_SIE, 0);
	return ret;
}

/* @ret must be error @err and the hart must not have suspended. */
static void expect_error(struct sbiret ret, long err, const char *what,
			 unsigned long arg)
{
	if (res.resumed) {
		test_report(0, "the system suspended", "%s 0x%lx", what, arg);
		return;
	}
	TEST_SBI_ERR(ret, err, "%s 0x%lx", what, arg);
}

static void check_errors(void)
{
	static const unsigned long bad_types[] = {
		1, 0x7fffffff, 0x80000000, 0xffffffff,
		BIT(32) | 1, BIT(63) | 0x80000000,
	};
	unsigned int i;

	TEST_SBI_ERR(sbi_ecall(SBI_EXT_SUSP, 1, 0, 0, 0, 0, 0, 0),
		     SBI_ERR_NOT_SUPPORTED, "SUSP unknown FID 1");
	for (i = 0; i < ARRAY_SIZE(bad_types); i++)
		expect_error(susp_call(bad_types[i], 0, 5000),
			     SBI_ERR_INVALID_PARAM,
			     "system_suspend with reserved/platform sleep_type",
			     bad_types[i]);
	/* no wake-up source: it would never wake */
	expect_error(susp_call(0, 0, 0), SBI_ERR_DENIED,
		     "system_suspend with no wake-up source enabled (sie)", 0);
}

/* resume_addr values that must be refused; the call itself is direct. */
static void check_bad_addresses(void)
{
	const unsigned long bad[] = {
		platform.mem_base, platform.clint_base,
		platform.mem_base + platform.mem_size + 0x1000, BIT(56),
		(unsigned long)payload_park + 1,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct sbiret ret;

		if (!bad[i])
			continue;
		csr_write(CSR_SIE, SIP_STIP);
		sbi_set_timer(time_now() + usec_to_ticks(5000));
		csr_write(CSR_STVEC, (unsigned long)payload_park);
		ret = sbi_system_suspend(0, bad[i], 0);
		csr_write(CSR_STVEC, (unsigned long)payload_trap_vector);
		sbi_set_timer(~0UL);
		csr_write(CSR_SIE, 0);
		TEST_SBI_ERR(ret, SBI_ERR_INVALID_ADDRESS,
			     "system_suspend with resume_addr 0x%lx", bad[i]);
	}
}

static void spin(unsigned long h, unsigned long opaque, void *arg)
{
	int *stop = arg;

	while (!atomic_load(stop))
		cpu_relax();
}

/* Another hart is STARTED: DENIED. */
static void check_denied(void)
{
	static int stop;
	unsigned long h, others = other_harts();

	if (!others) {
		test_skip("single hart", "system_suspend with another hart running");
		return;
	}
	h = bit_lowest(others);
	atomic_store(&stop, 0);
	if (!TEST_SBI_OK(hart_start(h, spin, &stop, 0),
			 "hart_start of hart %lu", h))
		return;
	hart_wait_status(h, SBI_HSM_STATE_STARTED, TIMEOUT_US);
	expect_error(susp_call(0, 0, 5000), SBI_ERR_DENIED,
		     "system_suspend while hart is STARTED", h);
	atomic_store(&stop, 1);
	TEST_EQ(hart_wait_status(h, SBI_HSM_STATE_STOPPED, TIMEOUT_US),
		SBI_HSM_STATE_STOPPED, "hart %lu stopped again", h);
}

static void check_resume(unsigned long type)
{
	unsigned long me = current_hartid(), h, t0 = time_now();
	long losses = test_suspend_losses();
	bool sse = sse_arm();
	struct sbiret ret;

	ret = susp_call(type, OPAQUE ^ type, 3000);
	if (res.resumed && sse)
		sse_check_after_resume();
	if (sse_present)
		sse_disarm();
	if (!TEST_ASSERT(res.resumed,
			 "system_suspend (sleep_type 0x%lx) suspends and resumes at resume_addr (%s)",
			 type, sbi_err_name(ret.error)))
		return;
	TEST_EQ(res.a0, me, "after system resume: a0 = hartid");
	TEST_EQ(res.a1, OPAQUE ^ type, "after system resume: a1 = opaque");
	TEST_EQ(res.satp, 0, "after system resume: satp = 0");
	TEST_EQ(res.sstatus & SSTATUS_SIE, 0, "after system resume: sstatus.SIE = 0");
	TEST_ASSERT(time_now() - t0 >= usec_to_ticks(3000),
		    "the system slept until the timer woke it");
	TEST_EQ(sbi_hart_get_status(me).value, SBI_HSM_STATE_STARTED,
		"the resumed hart is STARTED");
	for_each_hart(h, other_harts())
		TEST_EQ(sbi_hart_get_status(h).value, SBI_HSM_STATE_STOPPED,
			"hart %lu is still STOPPED", h);
	if (losses >= 0)
		TEST_EQ(test_suspend_losses(), losses + 1,
			"the firmware emulated the loss of the hart's state");
}

void test_susp(void)
{
	struct sbiret ret = sbi_probe_extension(SBI_EXT_SUSP);

	if (!ret.value) {
		test_skip("SUSP not available", "SUSP");
		return;
	}
	check_errors();
	check_bad_addresses();
	check_denied();
	check_resume(SBI_SUSP_SLEEP_TYPE_SUSPEND_TO_RAM);
	check_resume(BIT(32));	/* still type 0 */
}
