/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A tiny unit test framework: a test is a function of checks; it passes if
 * none of its checks fails. Prints "ok - name" or "FAIL - name" with the
 * failing checks, and finally "N passed, N failed".
 */
#ifndef UT_H
#define UT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct ut_case {
	const char *name;
	void (*fn)(void);
};

void ut_fail(const char *file, int line, const char *expr,
	     unsigned long long got, unsigned long long want, bool values);
void ut_run_suite(const char *suite, const struct ut_case *cases,
		  unsigned int n);
int ut_summary(void);

#define UT_TRUE(c)							\
	do {								\
		if (!(c))						\
			ut_fail(__FILE__, __LINE__, #c, 0, 0, false);	\
	} while (0)

#define UT_EQ(a, b)							\
	do {								\
		unsigned long long ut_a_ = (unsigned long long)(a);	\
		unsigned long long ut_b_ = (unsigned long long)(b);	\
		if (ut_a_ != ut_b_)					\
			ut_fail(__FILE__, __LINE__, #a " == " #b,	\
				ut_a_, ut_b_, true);			\
	} while (0)

#define UT_CASE(fn)	{ #fn, fn }
#define UT_SUITE(name, cases)	\
	ut_run_suite(name, cases, sizeof(cases) / sizeof(cases[0]))

#endif /* UT_H */
