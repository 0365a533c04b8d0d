/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The inhibit hints where the hardware can honour them (Sscofpmf for
 * hpmcounters, Smcntrpmf for cycle and instret): the same loop run in
 * S-mode and in U-mode, counted with SINH, UINH, both, neither, and the
 * V-mode hints (which must not hide S or U).
 */
#include "pmu_tests.h"

#define ITERS		2000
/* S-mode instructions the U-mode run adds: the first csrr and sret */
#define USER_S_INSNS	2

struct run {
	unsigned long s;	/* S-mode loop */
	unsigned long u;	/* U-mode loop */
	unsigned long cause;
};

static void run_both(long c, struct run *r)
{
	unsigned long out[2] = { 0, ~0UL }, first, sie;
	unsigned int n = ctr_csr(c) - 0xc00;

	r->s = pmu_loop_table[n](ITERS, &first);
	sie = csr_read(CSR_SIE);
	csr_write(CSR_SIE, 0);
	r->u = pmu_user_table[n](ITERS, out);
	csr_write(CSR_SIE, sie);
	r->cause = out[1];
}

static bool near(unsigned long got, unsigned long want)
{
	return got + 2 >= want && got <= want + 2;
}

static void test_counter(long c0, unsigned long ev, const char *what)
{
	static const struct {
		unsigned long flags;
		const char *name;
		bool s, u;		/* counts S / U */
	} f[] = {
		{ 0, "no hint", true, true },
		{ PMU_CFG_SET_SINH, "SINH", false, true },
		{ PMU_CFG_SET_UINH, "UINH", true, false },
		{ PMU_CFG_SET_SINH | PMU_CFG_SET_UINH, "SINH|UINH", false,
		  false },
		{ PMU_CFG_SET_VSINH | PMU_CFG_SET_VUINH, "VSINH|VUINH", true,
		  true },
		{ PMU_CFG_SET_MINH, "MINH", true, true },
	};
	unsigned long loop = 2 * ITERS;
	struct run r;
	unsigned int i;
	long c;

	if (c0 == NO_CTR)
		return;
	if (!ctr_filterable(c0)) {
		test_skip(ctr_csr(c0) >= CSR_HPM_FIRST ? "no Sscofpmf" :
			  "no Smcntrpmf",
			  "privilege mode hints on %s (counter %ld)", what, c0);
		return;
	}
	for (i = 0; i < ARRAY_SIZE(f); i++) {
		c = match_check(c0, 1, f[i].flags, ev, 0, f[i].name);
		if (c == NO_CTR)
			continue;
		sbi_pmu_counter_start(c, 1, PMU_START_SET_INIT_VALUE, 0);
		run_both(c, &r);
		ctr_release(c);
		TEST_EQ(r.cause, EXC_ECALL_U,
			"the U-mode loop ended in an ecall from U-mode");
		/* S loop: csrr + mv + loop; U run: loop (+ ecall) */
		test_report(f[i].s ? near(r.s, loop + 2) : r.s == 0, NULL,
			    "%s %s: S-mode loop of %lu counted %lu", what,
			    f[i].name, loop + 2, r.s);
		if (f[i].u && f[i].s)
			test_report(near(r.u, loop + USER_S_INSNS), NULL,
				    "%s %s: U-mode run of %lu + %d counted %lu",
				    what, f[i].name, loop, USER_S_INSNS, r.u);
		else if (f[i].u)
			test_report(near(r.u, loop), NULL,
				    "%s %s: U-mode loop of %lu counted %lu (S excluded)",
				    what, f[i].name, loop, r.u);
		else if (f[i].s)
			test_report(r.u <= USER_S_INSNS, NULL,
				    "%s %s: U-mode run counted %lu (only its %d S-mode instructions)",
				    what, f[i].name, r.u, USER_S_INSNS);
		else
			TEST_EQ(r.u, 0, "%s %s: U-mode run not counted",
				what, f[i].name);
	}
}

void test_filters(void)
{
	ctr_release_all();
	if (!pmu.hw) {
		test_skip("no hardware counters", "privilege mode hints");
		return;
	}
	test_counter(pmu.instret, EV_INSTRET, "instret");
	test_counter(pmu.cycle, EV_CYCLES, "cycle");
	if (pmu.hpm)
		test_counter(bit_lowest(pmu.hpm), EV_INSTRET,
			     "INSTRUCTIONS on hpmcounter");
	else
		test_skip("no hpmcounters", "privilege mode hints on hpmcounters");
	ctr_release_all();
}
