/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Which CSR S-mode and VS-mode may access, and with which exception they
 * are refused (Smcdeleg/Ssccfg, Sscsrind, Sspesa, Sspdis with Smstateen):
 *
 * S-mode: sireg/sireg2 at 0x40+i only for delegated counters, never
 * sireg3-6 or 0x41; hpmcounter reads of delegated and SBI counters (the
 * latter emulated while CDE=1); scountinhibit, shpmspc, shpmsdata only
 * with CDE=1; spdis* and the record (siselect 0x60/0x61) only with PDIS
 * delegated. Refusals are illegal instruction.
 *
 * VS-mode (V=1, hstateen0 opening CSRIND and PDIS): sireg* at 0x40+i,
 * scountinhibit, shpmspc/shpmsdata: virtual instruction with CDE=1,
 * illegal without; scountovf: virtual with CDE=1; PDIS state: illegal when
 * not delegated, virtual when hstateen0.PDIS=0, allowed otherwise;
 * hpmcounter reads follow hcounteren (virtual when its bit is clear), SBI
 * counters included (their emulation stands in for mcounteren=1).
 */
#include "deleg_tests.h"

#define OK		NO_TRAP
#define ILL		EXC_ILLEGAL_INST
#define VIRT		EXC_VIRTUAL_INST
#define ALL_CTRS	0xfffffffdUL	/* counters 0..31 but time */

unsigned long try_access(acc_fn fn, unsigned long arg, bool vs,
			 unsigned long *val)
{
	struct trap_record rec;
	unsigned long v;

	if (vs)
		return lower_call_catch(fn, arg, LOWER_VS, val);
	trap_catch_begin();
	v = fn(arg);
	if (trap_catch_end(&rec))
		return rec.cause;
	if (val)
		*val = v;
	return NO_TRAP;
}

static const char *mode_name(bool vs)
{
	return vs ? "VS-mode" : "S-mode";
}

/* fn(arg) with siselect (vsiselect from VS-mode) = @isel when @isel != 0 */
static unsigned long access(acc_fn fn, unsigned long isel, unsigned long arg,
			    bool vs, unsigned long *val)
{
	if (isel)
		csr_write(CSR_SISELECT, isel);
	if (isel && vs)
		csr_write(CSR_VSISELECT, isel);
	return try_access(fn, arg, vs, val);
}

static void check_one(const char *what, acc_fn fn, unsigned long isel,
		      unsigned long arg, bool vs, unsigned long want)
{
	unsigned long got = access(fn, isel, arg, vs, NULL);
	char details[80];

	snprintf(details, sizeof(details), "got %s", cause_name(got));
	test_report(got == want, details, "%s %s: %s", mode_name(vs), what,
		    cause_name(want));
}

/*
 * One check over the counters of @mask: fn at siselect 0x40+i (by_isel)
 * or fn(i) must give @want for each.
 */
static void check_ctrs(const char *what, acc_fn fn, bool by_isel, bool vs,
		       unsigned long mask, const char *cls, unsigned long want)
{
	unsigned long m, bad = 0, got = want, g;
	char details[80];
	unsigned int i;

	mask &= ALL_CTRS;
	if (!mask)
		return;
	for (m = mask; m; m &= m - 1) {
		i = bit_lowest(m);
		if (by_isel)
			g = access(fn, ISELECT_CTR(i), 0, vs, NULL);
		else
			g = access(fn, 0, i, vs, NULL);
		if (g != want && !bad)
			got = g;
		bad |= g != want ? BIT(i) : 0;
	}
	snprintf(details, sizeof(details), "counters 0x%lx: %s", bad,
		 cause_name(got));
	test_report(!bad, details, "%s %s, %s counters (0x%lx): %s",
		    mode_name(vs), what, cls, mask, cause_name(want));
}

/* fn at siselect 0x40+i for delegated, SBI and absent counters */
static void check_sireg_classes(const char *what, acc_fn fn, bool vs,
				unsigned long deleg_want,
				unsigned long other_want)
{
	check_ctrs(what, fn, true, vs, cfg.deleg, "delegated", deleg_want);
	check_ctrs(what, fn, true, vs, cfg.sbi_hw & ~cfg.deleg, "SBI",
		   other_want);
	check_ctrs(what, fn, true, vs, ~cfg.hw, "absent", other_want);
}

static void s_counters(void)
{
	check_ctrs("hpmcounter read", hpm_csr_read, false, false, cfg.deleg,
		   "delegated", OK);
	check_ctrs("hpmcounter read", hpm_csr_read, false, false, cfg.sbi_hw,
		   "SBI", OK);
	if (!cfg.smcdeleg) {
		test_skip("no Smcdeleg: siselect 0x40-0x5F is unspecified",
			  "S-mode sireg* at 0x40+i");
		return;
	}
	check_sireg_classes("sireg read at 0x40+i", rd_sireg, false, OK, ILL);
	check_sireg_classes("sireg2 read at 0x40+i", rd_sireg2, false, OK,
			    ILL);
	check_sireg_classes("sireg write at 0x40+i", wr_sireg, false, OK,
			    ILL);
	check_sireg_classes("sireg2 write at 0x40+i", wr_sireg2, false, OK,
			    ILL);
	check_ctrs("sireg3 at 0x40+i", rd_sireg3, true, false, cfg.deleg,
		   "delegated", ILL);
	check_ctrs("sireg4 (RV64) at 0x40+i", rd_sireg4, true, false,
		   cfg.deleg, "delegated", ILL);
	check_ctrs("sireg5 (RV64) at 0x40+i", rd_sireg5, true, false,
		   cfg.deleg, "delegated", ILL);
	check_ctrs("sireg6 at 0x40+i", rd_sireg6, true, false, cfg.deleg,
		   "delegated", ILL);
	check_one("sireg at siselect 0x41 (time)", rd_sireg, 0x41, 0, false,
		  ILL);
}

/* scountinhibit holds only the delegated bits (and PDIS's, see below). */
static void s_scountinhibit(void)
{
	unsigned long want = cfg.cde ? OK : ILL, old = 0, v = 0;
	bool readable = try_access(rd_scountinhibit, 0, false, &old) == OK;

	check_one("scountinhibit read", rd_scountinhibit, 0, 0, false, want);
	/* all ones: if the write goes through, it only stops counters */
	check_one("scountinhibit write", wr_scountinhibit, 0, ~0UL, false,
		  want);
	if (readable)
		csr_write(CSR_SCOUNTINHIBIT, old);
	if (!cfg.cde)
		return;
	csr_write(CSR_SCOUNTINHIBIT, ~0UL);
	v = csr_read(CSR_SCOUNTINHIBIT);
	csr_write(CSR_SCOUNTINHIBIT, old);
	TEST_EQ(v, cfg.deleg | (cfg.pdis ? BIT(COUNTINHIBIT_PDIS_SHIFT) : 0),
		"scountinhibit reaches the delegated counters (and PDIS when delegated) only");
}

static void s_sspesa(void)
{
	unsigned long want = cfg.cde ? OK : ILL, v = 0;

	check_one("shpmspc read", rd_shpmspc, 0, 0, false, want);
	check_one("shpmsdata read", rd_shpmsdata, 0, 0, false, want);
	check_one("shpmspc write", wr_shpmspc, 0, 0x80201234, false, want);
	check_one("scountovf read", rd_scountovf, 0, 0, false, OK);
	if (!cfg.cde)
		return;
	csr_write(CSR_SHPMSPC, 0x80201236);
	v = csr_read(CSR_SHPMSPC);
	TEST_EQ(v, 0x80201236, "shpmspc holds what S-mode writes");
}

static const struct {
	const char *name;
	acc_fn fn;
} pdis_regs[] = {
	{ "spdisctl read", rd_spdisctl },
	{ "spdiscounter read", rd_spdiscounter },
	{ "spdisevmask read", rd_spdisevmask },
	{ "spdisevmatch read", rd_spdisevmatch },
	{ "spdisfilter read", rd_spdisfilter },
};

static const acc_fn sireg_rd[] = {
	rd_sireg, rd_sireg2, rd_sireg3, rd_sireg4, rd_sireg5, rd_sireg6,
};
static const char *const sireg_suffix[] = { "", "2", "3", "4", "5", "6" };

/* spdis* and the record registers must all give @want */
static void pdis_state(bool vs, unsigned long want, const char *how)
{
	char what[64];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(pdis_regs); i++) {
		snprintf(what, sizeof(what), "%s%s", pdis_regs[i].name, how);
		check_one(what, pdis_regs[i].fn, 0, 0, vs, want);
	}
	for (i = 0; i < ARRAY_SIZE(sireg_rd); i++) {
		snprintf(what, sizeof(what),
			 "PDIS record, siselect 0x60, sireg%s%s",
			 sireg_suffix[i], how);
		check_one(what, sireg_rd[i], ISELECT_PDIS_DATA0, 0, vs, want);
	}
	snprintf(what, sizeof(what), "PDIS record, siselect 0x61, sireg%s",
		 how);
	check_one(what, rd_sireg, ISELECT_PDIS_DATA1, 0, vs, want);
}

static void s_pdis(void)
{
	unsigned long v;

	pdis_state(false, cfg.pdis ? OK : ILL, "");
	if (!cfg.pdis)
		return;
	csr_write(CSR_SPDISCTL, PDISCTL_M | PDISCTL_S | PDISCTL_SEL_LOAD);
	v = csr_read(CSR_SPDISCTL);
	csr_write(CSR_SPDISCTL, 0);
	TEST_EQ(v & (PDISCTL_M | PDISCTL_S), PDISCTL_S,
		"spdisctl takes S but cannot set mpdisctl.M");
}

void test_access_s(void)
{
	s_counters();
	s_scountinhibit();
	s_sspesa();
	s_pdis();
}

/* ---- VS-mode ---- */

static void vs_counters(void)
{
	unsigned long want = cfg.cde ? VIRT : ILL;

	check_one("scountinhibit read", rd_scountinhibit, 0, 0, true, want);
	check_one("shpmspc read", rd_shpmspc, 0, 0, true, want);
	check_one("shpmsdata read", rd_shpmsdata, 0, 0, true, want);
	check_one("scountovf read", rd_scountovf, 0, 0, true,
		  cfg.cde ? VIRT : OK);
	if (!cfg.smcdeleg) {
		test_skip("no Smcdeleg: vsiselect 0x40-0x5F is unspecified",
			  "VS-mode sireg* at 0x40+i");
		return;
	}
	check_sireg_classes("sireg read at 0x40+i", rd_sireg, true, want,
			    want);
	check_sireg_classes("sireg2 read at 0x40+i", rd_sireg2, true, want,
			    want);
	check_ctrs("sireg3 at 0x40+i", rd_sireg3, true, true, cfg.deleg,
		   "delegated", want);
}

static void vs_hpm_reads(void)
{
	csr_write(CSR_HCOUNTEREN, ~0UL);
	check_ctrs("hpmcounter read, hcounteren set", hpm_csr_read,
		   false, true, cfg.deleg, "delegated", OK);
	check_ctrs("hpmcounter read, hcounteren set", hpm_csr_read,
		   false, true, cfg.sbi_hw, "SBI", OK);
	csr_write(CSR_HCOUNTEREN, 0);
	check_ctrs("hpmcounter read, hcounteren clear", hpm_csr_read,
		   false, true, cfg.deleg, "delegated", VIRT);
	check_ctrs("hpmcounter read, hcounteren clear", hpm_csr_read,
		   false, true, cfg.sbi_hw, "SBI", VIRT);
}

static void vs_pdis(void)
{
	unsigned long h;

	csr_write(CSR_HSTATEEN0, HSTATEEN0_CSRIND | HSTATEEN0_PDIS);
	h = csr_read(CSR_HSTATEEN0);
	TEST_EQ(h & HSTATEEN0_PDIS, cfg.pdis ? HSTATEEN0_PDIS : 0,
		"hstateen0.PDIS is writable exactly when PDIS is delegated");
	pdis_state(true, cfg.pdis ? OK : ILL, ", hstateen0.PDIS=1");
	csr_write(CSR_HSTATEEN0, HSTATEEN0_CSRIND);
	pdis_state(true, cfg.pdis ? VIRT : ILL, ", hstateen0.PDIS=0");
}

void test_access_vs(void)
{
	unsigned long sie = csr_read(CSR_SIE);

	/* HS-level interrupts are always on in VS-mode */
	csr_write(CSR_SIE, 0);
	csr_write(CSR_HSTATEEN0, HSTATEEN0_CSRIND);
	csr_write(CSR_HCOUNTEREN, ~0UL);
	if (TEST_EQ(lower_call(echo, 42, LOWER_VS, 0), 42,
		    "VS-mode runs a function and returns to HS-mode")) {
		vs_counters();
		vs_hpm_reads();
		vs_pdis();
	}
	csr_write(CSR_HSTATEEN0, 0);
	csr_write(CSR_HCOUNTEREN, 0);
	csr_write(CSR_SIE, sie);
}
