/* SPDX-License-Identifier: BSD-2-Clause */
/* The SBI conformance payload: one file per extension, helpers in common.c */
#ifndef SBI_TESTS_H
#define SBI_TESTS_H

#include <payload.h>

/* Helpers (common.c) */
unsigned long other_harts(void);
unsigned long invalid_hartid(void);
int wait_irq(unsigned long hartid, unsigned long irq, unsigned long old,
	     unsigned long timeout_us);
unsigned int listeners_start(unsigned long mask);
int run_on_hart(unsigned long h, void (*fn)(void), const char *what);
void listeners_stop(void);
int hart_is_lost(unsigned long hartid);
void hart_mark_lost(unsigned long hartid);
const char *hsm_state_name(long state);

#define for_each_hart(h, mask)						\
	for ((h) = 0; (h) < PAYLOAD_MAX_HARTS; (h)++)			\
		if ((mask) & BIT(h))

/* Generous bounds: QEMU under load can be slow. */
#define TIMEOUT_US		2000000UL

/* Test groups, in the order payload_main() runs them. */
void test_base(void);
void test_legacy_console(void);
void test_dbcn(void);
void test_time(void);
void test_ipi(void);
void test_rfence(void);
void test_fwft(void);
void test_dbtr(void);
void test_sse(void);
void test_susp(void);
void test_nonret_state(void);
void test_nonret_wake_ipi(void);
void test_nonret_wake_timer(void);
void test_hsm(void);
void test_hsm_bad_params(void);
void test_dbcn_outside_ram(void);
void test_srst(void);

#endif /* SBI_TESTS_H */
