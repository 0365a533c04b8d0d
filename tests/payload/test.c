/* SPDX-License-Identifier: BSD-2-Clause */
/* ok / FAIL / SKIP lines, the closing count and the final shutdown. */
#include <payload.h>

static unsigned long test_seq;
static unsigned long nr_passed;
static unsigned long nr_failed;
static unsigned long nr_skipped;

unsigned long test_count(void)
{
	return atomic_load(&test_seq);
}

unsigned long test_failed_count(void)
{
	return atomic_load(&nr_failed);
}

static void test_vreport(int pass, const char *details, const char *fmt,
			 va_list ap)
{
	char desc[160];
	unsigned long n = atomic_add_return(&test_seq, 1);

	vsnprintf(desc, sizeof(desc), fmt, ap);
	if (pass) {
		atomic_add_return(&nr_passed, 1);
		printf("ok %lu - %s\n", n, desc);
	} else {
		atomic_add_return(&nr_failed, 1);
		printf("FAIL %lu - %s (%s)\n", n, desc,
		       details ? details : "failed");
	}
}

int test_report(int pass, const char *details, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	test_vreport(pass, details, fmt, ap);
	va_end(ap);
	return pass;
}

void test_skip(const char *reason, const char *fmt, ...)
{
	char desc[160];
	unsigned long n = atomic_add_return(&test_seq, 1);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(desc, sizeof(desc), fmt, ap);
	va_end(ap);
	atomic_add_return(&nr_skipped, 1);
	printf("SKIP %lu - %s (%s)\n", n, desc, reason);
}

void test_diag(const char *fmt, ...)
{
	char msg[CONSOLE_LINE_MAX - 4];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	printf("# %s\n", msg);
}

int test_check_eq(unsigned long got, unsigned long exp, const char *fmt, ...)
{
	char details[80];
	va_list ap;
	int pass = got == exp;

	snprintf(details, sizeof(details), "got 0x%lx, expected 0x%lx",
		 got, exp);
	va_start(ap, fmt);
	test_vreport(pass, details, fmt, ap);
	va_end(ap);
	return pass;
}

int test_check_sbi(struct sbiret ret, long exp_error, const char *fmt, ...)
{
	char details[120];
	va_list ap;
	int pass = ret.error == exp_error;

	snprintf(details, sizeof(details), "error %ld %s, expected %ld %s",
		 ret.error, sbi_err_name(ret.error), exp_error,
		 sbi_err_name(exp_error));
	va_start(ap, fmt);
	test_vreport(pass, details, fmt, ap);
	va_end(ap);
	return pass;
}

/*
 * With "srst-high-bits" the shutdown's reset_type and reset_reason (both
 * uint32_t) carry bits 63 and 32, which the SBI must ignore. If it refuses
 * them, a SYSTEM_FAILURE shutdown makes QEMU exit non-zero: the run fails.
 */
static void __noreturn srst_high_bits(void)
{
	const unsigned long hi = BIT(63) | BIT(32);
	struct sbiret ret;

	ret = sbi_system_reset(SBI_SRST_RESET_TYPE_SHUTDOWN | hi,
			       SBI_SRST_RESET_REASON_NONE | hi);
	printf("# SRST shutdown with bits 63 and 32 set returned %s; failing the run\n",
	       sbi_err_name(ret.error));
	sbi_system_reset(SBI_SRST_RESET_TYPE_SHUTDOWN,
			 SBI_SRST_RESET_REASON_SYSFAIL);
	printf("# SYSTEM_FAILURE shutdown returned; parking\n");
	payload_park();
	__builtin_unreachable();
}

/*
 * SRST shutdown; the legacy shutdown (EID 0x08) is the fallback, or the
 * only call with "legacy-shutdown" in the bootargs (to test that path).
 * With "reboot-exit" (a machine without a power-off device, booted with
 * QEMU's -no-reboot) a cold reboot ends the run when shutdown cannot.
 */
static void __noreturn shutdown(void)
{
	/* "exit-status": a failed run says so in QEMU's exit status */
	if (payload_has_arg("exit-status") && atomic_load(&nr_failed))
		sbi_system_reset(SBI_SRST_RESET_TYPE_SHUTDOWN,
				 SBI_SRST_RESET_REASON_SYSFAIL);
	if (payload_has_arg("srst-high-bits"))
		srst_high_bits();
	if (!payload_has_arg("legacy-shutdown")) {
		sbi_system_reset(SBI_SRST_RESET_TYPE_SHUTDOWN,
				 SBI_SRST_RESET_REASON_NONE);
		printf("# SRST shutdown returned; trying legacy shutdown\n");
	}
	if (payload_has_arg("reboot-exit"))
		sbi_system_reset(SBI_SRST_RESET_TYPE_COLD_REBOOT,
				 SBI_SRST_RESET_REASON_NONE);
	sbi_legacy_ecall(SBI_EXT_0_1_SHUTDOWN, 0, 0, 0, 0);
	printf("# legacy shutdown returned; parking\n");
	payload_park();
	__builtin_unreachable();
}

void test_finish(void)
{
	static int finishing;
	unsigned long p, f, s;

	if (atomic_xchg(&finishing, 1))
		payload_park();
	test_firmware_health();
	p = atomic_load(&nr_passed);
	f = atomic_load(&nr_failed);
	s = atomic_load(&nr_skipped);
	if (s)
		printf("%lu passed, %lu failed, %lu skipped\n", p, f, s);
	else
		printf("%lu passed, %lu failed\n", p, f);
	shutdown();
}

void test_abort(const char *fmt, ...)
{
	char msg[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	test_report(0, msg, "hart %lu aborted the run", current_hartid());
	test_finish();
}
