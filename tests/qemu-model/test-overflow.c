// SPDX-License-Identifier: BSD-2-Clause
/*
 * Overflow of cycle/instret-class counters (INST.RET, CYCLES.HART) on the
 * QEMU model, -icount shift=0, one hart: the pattern Linux perf produces
 * when it samples right after counting on the same hart. A counter runs
 * in counting mode (start value 2^63: no overflow in sight), is stopped,
 * reprogrammed with -N and restarted; the LCOFI must come exactly when it
 * wraps, and again every N instructions while the handler re-arms it (as
 * the SBI PMU driver does), for several rounds and periods; then three
 * counters with different periods on the same hart, a stopped counter
 * with a near deadline restarted with a far one, and no LCOFI when OF is
 * cleared on a counter that already wrapped silently.
 *
 * Counters count U-mode only (MINH|SINH|VSINH|VUINH), the work is
 * sled_u in U-mode: SLED_N addi then ret, so U-mode instruction i (from
 * 1) is at sled_u + 4 * (i - 1) and an overflow on instruction i is taken
 * with epc = sled_u + 4 * i. Trap handling in M-mode is not counted.
 */
#include "lib.h"

extern char sled_u[];
extern unsigned long sled_n;

#define ALL_INH		0xfffffffdUL
#define EV_VSINH	(1UL << 59)
#define EV_VUINH	(1UL << 58)
#define U_ONLY		(EV_MINH | EV_SINH | EV_VSINH | EV_VUINH)
#define COUNTING_START	(1UL << 63)
#define MAX_OVF		64

/* What the LCOFI hook re-arms: period[i] (0: leave stopped with OF). */
static unsigned long period[19], evsel[19];
static unsigned long n_ovf, ovf_epc[MAX_OVF], ovf_mask[MAX_OVF];

static void on_lcofi(struct trap_regs *r)
{
	unsigned long mask = 0;
	int i;

	(void)r;
	for (i = 3; i <= 18; i++) {
		if (!(hpm_event_read(i) & EV_OF))
			continue;
		mask |= 1UL << i;
		if (period[i]) {
			/* the driver's restart: new value, OF cleared */
			hpm_write(i, -period[i]);
			hpm_event(i, evsel[i]);
		}
	}
	if (n_ovf < MAX_OVF) {
		ovf_epc[n_ovf] = csr_read(mepc);
		ovf_mask[n_ovf] = mask;
	}
	n_ovf++;
	csr_clear(mip, MIP_LCOFIP);
}

/* U-mode instructions the sled retires (the addi and the ret) */
static unsigned long u_insns(void)
{
	return sled_n + 1;
}

/* Run the sled in U-mode with counters `ctrs` running, LCOFI enabled. */
static void run_u(unsigned long ctrs)
{
	n_ovf = 0;
	lcofi_hook = on_lcofi;
	csr_clear(mip, MIP_LCOFIP);
	csr_set(mie, MIP_LCOFIP);
	csr_write(mcountinhibit, ALL_INH & ~ctrs);
	/* the sled itself is the lower-mode function: nothing else runs */
	run_lower((unsigned long (*)(unsigned long))sled_u, 0, MODE_U);
	csr_write(mcountinhibit, ALL_INH);
	csr_clear(mie, MIP_LCOFIP);
	lcofi_hook = 0;
}

static void program(int idx, unsigned long ev, unsigned long val,
		    unsigned long per)
{
	evsel[idx] = ev;
	period[idx] = per;
	hpm_event(idx, ev);
	hpm_write(idx, val);
}

/*
 * Check the LCOFIs of the last run against counters ctrs sampling with
 * period[]: one per U-mode instruction index that is a multiple of some
 * period, with every counter whose period divides it.
 */
static int expect_samples(unsigned long ctrs, const char *what)
{
	unsigned long i, k = 0, mask;
	int c, ok = 1;

	for (i = 1; i <= u_insns(); i++) {
		mask = 0;
		for (c = 3; c <= 18; c++)
			if ((ctrs >> c) & 1 && period[c] && i % period[c] == 0)
				mask |= 1UL << c;
		if (!mask)
			continue;
		if (k >= n_ovf || k >= MAX_OVF || ovf_mask[k] != mask ||
		    ovf_epc[k] != (unsigned long)sled_u + 4 * i) {
			if (ok) {
				puts_("     sample ");
				put_dec(k);
				puts_(": want insn ");
				put_dec(i);
				puts_(" mask ");
				put_hex(mask);
				if (k < n_ovf && k < MAX_OVF) {
					puts_(", got insn ");
					put_dec((ovf_epc[k] - (unsigned long)sled_u) / 4);
					puts_(" mask ");
					put_hex(ovf_mask[k]);
				}
				puts_("\n");
			}
			ok = 0;
		}
		k++;
	}
	if (n_ovf != k) {
		puts_("     ");
		put_dec(n_ovf);
		puts_(" LCOFIs, want ");
		put_dec(k);
		puts_("\n");
		ok = 0;
	}
	check(ok, what);
	return ok;
}

/* Counting session on counter idx: no LCOFI, exact count. */
static void counting(int idx, unsigned long ev, const char *what)
{
	csr_write(mcountinhibit, ALL_INH);
	program(idx, ev, COUNTING_START, 0);
	run_u(1UL << idx);
	check(n_ovf == 0, "counting session: no LCOFI");
	check_eq(hpm_read(idx), COUNTING_START + u_insns(), what);
}

static void test_rounds(void)
{
	static const unsigned long per[] = { 97, 250, 333, 1000, 1500, 2200 };
	unsigned int r;

	for (r = 0; r < sizeof(per) / sizeof(per[0]); r++) {
		unsigned long p = per[r];

		counting(3, HPM_EV_INST_RET | U_ONLY,
			 "counting session: exact count");
		/* stopped above; reprogram for sampling and restart */
		program(3, HPM_EV_INST_RET | U_ONLY, -p, p);
		run_u(1UL << 3);
		puts_("     period ");
		put_dec(p);
		puts_("\n");
		expect_samples(1UL << 3,
			       "sampling after counting: LCOFI at every wrap");
		check_eq(hpm_read(3), -p + u_insns() % p,
			 "counter value after the last wrap");
	}
}

static void test_shared(void)
{
	unsigned long ctrs = (1UL << 3) | (1UL << 4) | (1UL << 5);

	/* all three counted first, then sample with different periods */
	csr_write(mcountinhibit, ALL_INH);
	program(3, HPM_EV_INST_RET | U_ONLY, COUNTING_START, 0);
	program(4, HPM_EV_CYCLES_HART | U_ONLY, COUNTING_START, 0);
	program(5, HPM_EV_INST_RET | U_ONLY, COUNTING_START, 0);
	run_u(ctrs);
	check(n_ovf == 0 && hpm_read(3) == COUNTING_START + u_insns() &&
	      hpm_read(4) == COUNTING_START + u_insns() &&
	      hpm_read(5) == COUNTING_START + u_insns(),
	      "three counters counting: exact, no LCOFI");

	program(3, HPM_EV_INST_RET | U_ONLY, -300UL, 300);
	program(4, HPM_EV_CYCLES_HART | U_ONLY, -700UL, 700);
	program(5, HPM_EV_INST_RET | U_ONLY, -450UL, 450);
	run_u(ctrs);
	expect_samples(ctrs, "INST.RET/300, CYCLES/700, INST.RET/450 "
		       "on one hart: every wrap, simultaneous ones together");

	/* again, the periods swapped between the events */
	program(3, HPM_EV_INST_RET | U_ONLY, -700UL, 700);
	program(4, HPM_EV_CYCLES_HART | U_ONLY, -300UL, 300);
	program(5, HPM_EV_INST_RET | U_ONLY, -1100UL, 1100);
	run_u(ctrs);
	expect_samples(ctrs, "INST.RET/700, CYCLES/300, INST.RET/1100");
	program(4, 0, 0, 0);
	program(5, 0, 0, 0);
}

static void test_stale_deadline(void)
{
	/* armed 5 instructions from a wrap, stopped before running any */
	csr_write(mcountinhibit, ALL_INH);
	program(3, HPM_EV_INST_RET | U_ONLY, -5UL, 0);
	csr_write(mcountinhibit, ALL_INH & ~(1UL << 3));
	csr_write(mcountinhibit, ALL_INH);
	/* restarted far from it */
	program(3, HPM_EV_INST_RET | U_ONLY, -1234UL, 1234);
	run_u(1UL << 3);
	expect_samples(1UL << 3, "near deadline abandoned: LCOFI at the new one");

	/* a silent wrap (OF already set), then OF cleared: no LCOFI */
	program(3, HPM_EV_INST_RET | U_ONLY | EV_OF, -10UL, 0);
	run_u(1UL << 3);
	check(n_ovf == 0, "OF set: the wrap raises nothing");
	program(3, HPM_EV_INST_RET | U_ONLY, hpm_read(3), 0);
	run_u(1UL << 3);
	check(n_ovf == 0, "OF cleared after the wrap: no late LCOFI");
	check_eq(hpm_read(3), -10UL + 2 * u_insns(), "kept counting");

	/* counter at 0 (a whole 2^64 period) never overflows here */
	program(3, HPM_EV_INST_RET | U_ONLY, 0, 0);
	run_u(1UL << 3);
	check(n_ovf == 0 && hpm_read(3) == u_insns(), "from 0: no LCOFI");
	program(3, 0, 0, 0);
}

/* Changing a running counter's event filter keeps its value. */
static void test_continuity(void)
{
	unsigned long i0, i1, c0, c1;

	csr_write(mcountinhibit, ALL_INH);
	program(3, HPM_EV_INST_RET, 1000, 0);
	program(4, HPM_EV_CYCLES_HART, 1000, 0);
	csr_write(mcountinhibit, ALL_INH & ~(3UL << 3));
	i0 = hpm_read(3);
	c0 = hpm_read(4);
	hpm_event(3, HPM_EV_INST_RET | U_ONLY);
	hpm_event(4, HPM_EV_CYCLES_HART | U_ONLY);
	i1 = hpm_read(3);
	c1 = hpm_read(4);
	check(i1 >= i0 && i1 - i0 < 100,
	      "INST.RET: filter changed while counting, no jump");
	check(c1 >= c0 && c1 - c0 < 100,
	      "CYCLES: filter changed while counting, no jump");
	/* from here on only U-mode counts */
	run_lower((unsigned long (*)(unsigned long))sled_u, 0, MODE_U);
	csr_write(mcountinhibit, ALL_INH);
	check_eq(hpm_read(3), i1 + u_insns(), "INST.RET then counts U only");
	check_eq(hpm_read(4), c1 + u_insns(), "CYCLES then counts U only");
	program(3, 0, 0, 0);
	program(4, 0, 0, 0);
}

int main(void *fdt)
{
	(void)fdt;
	puts_("qemu-model: cycle/instret counter overflow\n");
	csr_write(mcounteren, -1UL);
	test_rounds();
	test_shared();
	test_stale_deadline();
	test_continuity();
	return 0;
}
