/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Test reporting. Each check prints one line:
 *	ok N - description
 *	FAIL N - description (details)
 *	SKIP N - description (reason)
 * numbered across all harts. test_finish() prints the closing
 *	N passed, N failed[, N skipped]
 * and shuts the machine down with SBI SRST.
 */
#ifndef PAYLOAD_TEST_H
#define PAYLOAD_TEST_H

#include <payload/compiler.h>
#include <payload/sbi.h>

/* One result; @details (may be NULL) is only printed on failure. */
int test_report(int pass, const char *details, const char *fmt, ...)
	__printf(3, 4);
void test_skip(const char *reason, const char *fmt, ...)
	__printf(2, 3);
/* A "# ..." diagnostic line. */
void test_diag(const char *fmt, ...) __printf(1, 2);

int test_check_eq(unsigned long got, unsigned long exp, const char *fmt, ...)
	__printf(3, 4);
int test_check_sbi(struct sbiret ret, long exp_error, const char *fmt, ...)
	__printf(3, 4);

/* Pass when @cond holds; details name the condition. Returns pass. */
#define TEST_ASSERT(cond, ...)						\
	test_report(!!(cond), "condition false: " #cond, __VA_ARGS__)
/* Pass when got == exp (compared as unsigned long). */
#define TEST_EQ(got, exp, ...)						\
	test_check_eq((unsigned long)(got), (unsigned long)(exp), __VA_ARGS__)
/* Pass when ret.error == exp_error. */
#define TEST_SBI_ERR(ret, exp_error, ...)				\
	test_check_sbi(ret, exp_error, __VA_ARGS__)
#define TEST_SBI_OK(ret, ...)	test_check_sbi(ret, SBI_SUCCESS, __VA_ARGS__)

/* Result lines printed so far (all harts) / failures among them. */
unsigned long test_count(void);
unsigned long test_failed_count(void);

/*
 * Project firmware health through its test channel (bootargs "tally.test"):
 * no unexpected M-mode traps, firmware image unchanged. A diagnostic only
 * when the channel is absent (other firmware, or no "tally.test").
 */
int test_channel_present(void);
/*
 * Non-retentive suspends whose state loss the project firmware emulated
 * (all harts), or -1 if it does not (no test channel, or the loss is off).
 */
long test_suspend_losses(void);
void test_firmware_health(void);

/*
 * test_firmware_health(), the closing line, then SRST shutdown (legacy
 * shutdown as a fallback).
 */
void __noreturn test_finish(void);

/* Report an unrecoverable problem as a failure and finish. */
void __noreturn test_abort(const char *fmt, ...)
	__printf(1, 2);

#endif /* PAYLOAD_TEST_H */
