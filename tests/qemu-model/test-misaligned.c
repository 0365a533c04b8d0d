// SPDX-License-Identifier: BSD-2-Clause
/*
 * x-trap-misaligned on the QEMU model: misaligned scalar loads and stores
 * (integer, compressed, FP) raise address-misaligned exceptions (cause 4
 * load, 6 store, mtval = the address, epc = the access) from M, S and U
 * mode, naturally aligned ones and byte accesses do not, and trapped
 * accesses are not counted as retired loads/stores. Misaligned LR/SC/AMOs
 * trap with or without the property: LR is a load (4), SC and AMOs are
 * stores (6), also under -icount.
 *
 * test-misaligned-off.c builds this with TRAP_MISALIGNED 0 and runs it
 * without the property: every access then completes with the right data.
 *
 * QM_CPU_EXTRA: x-trap-misaligned=on
 */
#include <stdbool.h>
#include "lib.h"

#ifndef TRAP_MISALIGNED
#define TRAP_MISALIGNED 1
#endif

#define CAUSE_LOAD_MISALIGNED	4
#define CAUSE_STORE_MISALIGNED	6
#define MSTATUS_FS		(3UL << 13)
#define PAGE			4096UL

typedef unsigned long (*acc_fn)(unsigned long addr, unsigned long val);

#define ACC(n) extern unsigned long acc_##n(unsigned long, unsigned long);
ACC(lb) ACC(lh) ACC(lhu) ACC(lw) ACC(lwu) ACC(ld)
ACC(sb) ACC(sh) ACC(sw) ACC(sd)
ACC(lr_w) ACC(lr_d) ACC(sc_w) ACC(amoadd_w) ACC(amoswap_d)
ACC(lrw_scd) ACC(flw) ACC(fld) ACC(fsw) ACC(fsd)
ACC(c_lw) ACC(c_ld) ACC(c_sw) ACC(c_sd)
extern void acc_counted(unsigned long buf, unsigned long val,
			unsigned long inhibit);

/* two pages of known bytes: byte i holds i & 0xff */
static uint8_t mem[2 * PAGE] __attribute__((aligned(PAGE)));

struct access {
	const char *name;
	acc_fn fn;
	unsigned int off;	/* from mem */
	unsigned int width;	/* bytes */
	bool store;
	bool sign;		/* a sign-extending load */
	unsigned int at;	/* offset of the access in fn */
};

static void fill(void)
{
	unsigned long i;

	for (i = 0; i < sizeof(mem); i++)
		mem[i] = i;
}

/* What a load of width bytes at off reads (little endian). */
static unsigned long expect_load(const struct access *a)
{
	unsigned long v = 0;
	unsigned int i, sh = 64 - 8 * a->width;

	for (i = 0; i < a->width; i++)
		v |= (unsigned long)(uint8_t)(a->off + i) << (8 * i);
	if (a->sign && a->width < 8)
		v = (unsigned long)((long)(v << sh) >> sh);
	return v;
}

#define STORE_VAL	0x8877665544332211UL

/* Did a store of width bytes at off land, and nothing around it? */
static bool store_landed(const struct access *a)
{
	unsigned int i;

	for (i = 0; i < sizeof(mem); i++) {
		uint8_t want = (uint8_t)i;

		if (i >= a->off && i < a->off + a->width)
			want = (uint8_t)(STORE_VAL >> (8 * (i - a->off)));
		if (mem[i] != want)
			return false;
	}
	return true;
}

static bool untouched(void)
{
	unsigned int i;

	for (i = 0; i < sizeof(mem); i++)
		if (mem[i] != (uint8_t)i)
			return false;
	return true;
}

static void say(const char *what, const struct access *a)
{
	puts_(what);
	puts_(a->name);
	puts_(" at +");
	put_dec(a->off);
	puts_("\n");
}

/* An access that must complete: no trap, the right data. */
static void expect_ok(const struct access *a)
{
	unsigned long got;

	fill();
	trap_count = 0;
	got = a->fn((unsigned long)mem + a->off, STORE_VAL);
	say("-- ", a);
	check_eq(trap_count, 0, "  no trap");
	if (a->store)
		check(store_landed(a), "  the bytes stored, nothing else");
	else
		check_eq(got, expect_load(a), "  the value loaded");
}

/* An access that must trap with cause, mtval = its address. */
static void expect_trap(const struct access *a, unsigned long cause)
{
	unsigned long addr = (unsigned long)mem + a->off;

	fill();
	trap_count = 0;
	trap_cause = 0;
	a->fn(addr, STORE_VAL);
	say("-- ", a);
	check_eq(trap_count, 1, "  one trap");
	check_eq(trap_cause, cause, cause == CAUSE_LOAD_MISALIGNED ?
		 "  cause 4 (load address misaligned)" :
		 "  cause 6 (store/AMO address misaligned)");
	check_eq(trap_tval, addr, "  mtval = the address");
	check_eq(trap_epc, (unsigned long)a->fn + a->at,
		 "  mepc = the access");
	if (a->store)
		check(untouched(), "  memory unchanged");
}

#define L(n, o, w, s) { #n, acc_##n, o, w, false, s, 0 }
#define S(n, o, w, at) { #n, acc_##n, o, w, true, false, at }

/* misaligned ordinary scalar accesses */
static const struct access misaligned[] = {
	L(lh, 1, 2, true), L(lhu, 3, 2, false), L(lw, 2, 4, true),
	L(lwu, 1, 4, false), L(ld, 4, 8, true), L(ld, 7, 8, true),
	L(ld, PAGE - 4, 8, true), L(lw, PAGE - 2, 4, true),
	L(c_lw, 2, 4, true), L(c_ld, 4, 8, true),
	L(flw, 2, 4, false), L(fld, 4, 8, false),
	S(sh, 1, 2, 0), S(sw, 2, 4, 0), S(sd, 4, 8, 0), S(sd, 3, 8, 0),
	S(sd, PAGE - 2, 8, 0), S(c_sw, 2, 4, 0), S(c_sd, 6, 8, 0),
	S(fsw, 2, 4, 4), S(fsd, 4, 8, 4),
};

/* naturally aligned ones, and bytes */
static const struct access aligned[] = {
	L(lb, 1, 1, true), L(lb, 0x83, 1, true), L(lh, 2, 2, true),
	L(lhu, 0x82, 2, false), L(lw, 4, 4, true), L(lw, 0x84, 4, true),
	L(lwu, 0x84, 4, false), L(ld, 8, 8, true), L(ld, PAGE - 8, 8, true),
	L(c_lw, 4, 4, true), L(c_ld, 8, 8, true), L(flw, 4, 4, false),
	L(fld, 8, 8, false),
	S(sb, 3, 1, 0), S(sh, 2, 2, 0), S(sw, 4, 4, 0), S(sd, 8, 8, 0),
	S(c_sw, 4, 4, 0), S(c_sd, 8, 8, 0), S(fsw, 4, 4, 4), S(fsd, 8, 8, 4),
};

/* LR, SC, AMOs: misaligned always traps (no emulation possible) */
static const struct access atomics[] = {
	L(lr_w, 2, 4, true), L(lr_d, 4, 8, true),
	S(sc_w, 2, 4, 0), S(lrw_scd, 4, 8, 4), S(amoadd_w, 2, 4, 0),
	S(amoswap_d, 4, 8, 0),
};

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void test_m_mode(void)
{
	unsigned int i;

	puts_("M-mode, ordinary misaligned accesses\n");
	for (i = 0; i < N(misaligned); i++) {
		if (TRAP_MISALIGNED)
			expect_trap(&misaligned[i], misaligned[i].store ?
				    CAUSE_STORE_MISALIGNED :
				    CAUSE_LOAD_MISALIGNED);
		else
			expect_ok(&misaligned[i]);
	}
	puts_("M-mode, aligned accesses and bytes\n");
	for (i = 0; i < N(aligned); i++)
		expect_ok(&aligned[i]);
	puts_("M-mode, LR/SC/AMO\n");
	for (i = 0; i < N(atomics); i++)
		expect_trap(&atomics[i], atomics[i].store ?
			    CAUSE_STORE_MISALIGNED : CAUSE_LOAD_MISALIGNED);
}

/* In S and U mode (nothing delegated): lw at +2 and sd at +4 */
static unsigned long lower_lw(unsigned long addr)
{
	return acc_lw(addr, 0);
}

static unsigned long lower_sd(unsigned long addr)
{
	return acc_sd(addr, STORE_VAL);
}

static void test_lower(int mode, const char *name)
{
	static const struct access lw = L(lw, 2, 4, true);
	static const struct access sd = S(sd, 4, 8, 0);
	unsigned long got;

	puts_(name);
	puts_("\n");
	fill();
	trap_count = 0;
	got = run_lower(lower_lw, (unsigned long)mem + lw.off, mode);
	if (TRAP_MISALIGNED) {
		check(trap_count == 1 && trap_cause == CAUSE_LOAD_MISALIGNED &&
		      trap_tval == (unsigned long)mem + 2 &&
		      trap_epc == (unsigned long)acc_lw,
		      "  lw +2: cause 4 to M, mtval, mepc");
	} else {
		check_eq(got, expect_load(&lw), "  lw +2 loads");
	}
	fill();
	trap_count = 0;
	run_lower(lower_sd, (unsigned long)mem + sd.off, mode);
	if (TRAP_MISALIGNED)
		check(trap_count == 1 && trap_cause == CAUSE_STORE_MISALIGNED &&
		      trap_tval == (unsigned long)mem + 4 && untouched(),
		      "  sd +4: cause 6 to M, mtval, nothing stored");
	else
		check(trap_count == 0 && store_landed(&sd), "  sd +4 stores");
}

/* Trapped accesses do not retire: INST.RET.LOAD/STORE */
static void test_counts(void)
{
	puts_("counters\n");
	csr_write(mcountinhibit, -1UL);
	hpm_event(3, HPM_EV_INST_RET_LOAD);
	hpm_event(4, HPM_EV_INST_RET_STORE);
	hpm_write(3, 0);
	hpm_write(4, 0);
	fill();
	acc_counted((unsigned long)mem, STORE_VAL, -1UL);
	check_eq(hpm_read(3), TRAP_MISALIGNED ? 1 : 2,
		 "INST.RET.LOAD: only completed loads");
	check_eq(hpm_read(4), TRAP_MISALIGNED ? 0 : 1,
		 "INST.RET.STORE: only completed stores");
	hpm_event(3, 0);
	hpm_event(4, 0);
}

int main(void *fdt)
{
	(void)fdt;
	puts_(TRAP_MISALIGNED ? "qemu-model: x-trap-misaligned=on\n" :
				"qemu-model: misaligned, property off\n");
	csr_set(mstatus, MSTATUS_FS);
	test_m_mode();
	test_lower(MODE_S, "S-mode");
	test_lower(MODE_U, "U-mode");
	test_counts();
	return 0;
}
