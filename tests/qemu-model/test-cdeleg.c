// SPDX-License-Identifier: BSD-2-Clause
/*
 * Counter delegation access rules on the QEMU model (patches 0010, 0011), each
 * from the ratified text: Smcdeleg/Ssccfg for scountinhibit (illegal
 * while menvcfg.CDE=0, virtual from VS/VU with CDE=1, only delegated
 * bits), vsireg* at vsiselect 0x40-0x5F from VS-mode (illegal with
 * CDE=0, virtual with CDE=1, every vsireg*), cyclecfg/instretcfg through
 * sireg2 (MINH read-only 0, a read changes nothing); Sscofpmf for
 * scountovf (M-mode reads every OF bit, S-mode those in mcounteren,
 * VS-mode those in mcounteren and hcounteren); and (patch 0011) csrrw,
 * csrs, csrc through sireg/sireg2 as on any CSR. 37 of its 86 checks
 * fail on the model without patches 0010-0011 (39 on Debian's QEMU
 * 10.0.2), 7 without 0011.
 */
#include "lib.h"

#define MENVCFG_CDE	(1UL << 60)
#define CSR_MSTATEEN0	0x30c
#define CSR_HSTATEEN0	0x60c
#define CSR_HCOUNTEREN	0x606
#define CSR_MCYCLECFG	0x321
#define CSR_MINSTRETCFG	0x322
#define CSR_SCOUNTINHIBIT 0x120
#define CSR_SCOUNTOVF	0xda0
#define CSR_SISELECT	0x150
#define CSR_VSISELECT	0x250
#define CSR_VSIREG	0x251
#define SE0		(1UL << 63)
#define CSRIND		(1UL << 60)
#define CFG_SINH	(1UL << 61)
#define ISEL_CD		0x40

/* sireg, sireg2..sireg6 (0x151-0x157 without 0x154) */
#define SIREGS(X) X(1, 0x151) X(2, 0x152) X(3, 0x153) X(4, 0x155) \
	X(5, 0x156) X(6, 0x157)
#define RD_SIREG(n, c) \
	static unsigned long rd_sireg##n(unsigned long a) \
	{ (void)a; return csr_read(c); }
#define WR_SIREG(n, c) \
	static unsigned long wr_sireg##n(unsigned long a) \
	{ csr_write(c, a); return 0; }
SIREGS(RD_SIREG)
SIREGS(WR_SIREG)
#define RD_ENTRY(n, c) rd_sireg##n,
#define WR_ENTRY(n, c) wr_sireg##n,

/* csrrw/csrrs/csrrc of sireg (1) or sireg2 (2): the old value */
#define RMW_FN(op, n, c) \
	static unsigned long op##_sireg##n(unsigned long a) \
	{ unsigned long o; \
	  __asm__ volatile(#op " %0, " #c ", %1" : "=r"(o) : "r"(a)); \
	  return o; }
RMW_FN(csrrw, 1, 0x151)
RMW_FN(csrrs, 1, 0x151)
RMW_FN(csrrc, 1, 0x151)
RMW_FN(csrrw, 2, 0x152)
RMW_FN(csrrs, 2, 0x152)
RMW_FN(csrrc, 2, 0x152)

typedef unsigned long (*lower_fn)(unsigned long);
static const lower_fn rd_sireg[6] = { SIREGS(RD_ENTRY) };
static const lower_fn wr_sireg[6] = { SIREGS(WR_ENTRY) };

static const char *const sireg_name[6] = { "sireg", "sireg2", "sireg3",
	"sireg4", "sireg5", "sireg6" };

/* a + b + c in a static buffer, for check names */
static const char *cat(const char *a, const char *b, const char *c)
{
	static char buf[128];
	const char *in[3] = { a, b, c };
	unsigned int i, n = 0;

	for (i = 0; i < 3; i++)
		for (; *in[i] && n < sizeof(buf) - 1; in[i]++)
			buf[n++] = *in[i];
	buf[n] = 0;
	return buf;
}

static void set_cde(int on)
{
	if (on)
		csr_set(menvcfg, MENVCFG_CDE);
	else
		csr_clear(menvcfg, MENVCFG_CDE);
}

/* Run fn in M-mode, return the cause of the trap it raised (0: none). */
static unsigned long m_trap(lower_fn fn, unsigned long arg)
{
	trap_count = 0;
	trap_cause = 0;
	fn(arg);
	return trap_count ? trap_cause : 0;
}

static unsigned long rd_sinh(unsigned long a)
{
	(void)a;
	return csr_read(CSR_SCOUNTINHIBIT);
}

static unsigned long wr_sinh(unsigned long a)
{
	csr_write(CSR_SCOUNTINHIBIT, a);
	return csr_read(CSR_SCOUNTINHIBIT);
}

static void scountinhibit_cde0(void)
{
	csr_write(mcountinhibit, 0);
	set_cde(0);
	check_eq(m_trap(rd_sinh, 0), CAUSE_ILLEGAL,
		 "scountinhibit, CDE=0: illegal in M-mode");
	check_eq(trap_in(rd_sinh, 0, MODE_S), CAUSE_ILLEGAL,
		 "scountinhibit, CDE=0: read illegal in S-mode");
	check_eq(trap_in(wr_sinh, -1UL, MODE_S), CAUSE_ILLEGAL,
		 "scountinhibit, CDE=0: write illegal in S-mode");
	check_eq(csr_read(mcountinhibit), 0,
		 "  mcountinhibit untouched by the S-mode write");
	check_eq(trap_in(rd_sinh, 0, MODE_VS), CAUSE_ILLEGAL,
		 "scountinhibit, CDE=0: illegal in VS-mode");
	check_eq(trap_in(rd_sinh, 0, MODE_VU), CAUSE_ILLEGAL,
		 "scountinhibit, CDE=0: illegal in VU-mode");
	check_eq(trap_in(rd_sinh, 0, MODE_U), CAUSE_ILLEGAL,
		 "scountinhibit, CDE=0: illegal in U-mode");
}

static void scountinhibit_cde1(void)
{
	unsigned long pattern = 0x0f0f5UL, impl, deleg = 0x7fUL, mask;

	set_cde(1);
	check_eq(m_trap(rd_sinh, 0), 0, "scountinhibit, CDE=1: M-mode reads");
	check_eq(trap_in(rd_sinh, 0, MODE_S), 0,
		 "scountinhibit, CDE=1: S-mode reads");
	check_eq(trap_in(rd_sinh, 0, MODE_VS), CAUSE_VIRTUAL,
		 "scountinhibit, CDE=1: virtual instruction in VS-mode");
	check_eq(trap_in(rd_sinh, 0, MODE_VU), CAUSE_VIRTUAL,
		 "scountinhibit, CDE=1: virtual instruction in VU-mode");
	check_eq(trap_in(rd_sinh, 0, MODE_U), CAUSE_ILLEGAL,
		 "scountinhibit, CDE=1: illegal in U-mode");

	/* cycle, TM, instret, hpm 3..6 delegated; PDIS (bit 1) is not */
	csr_write(CSR_MSTATEEN0, SE0 | CSRIND);
	csr_write(mcounteren, deleg);
	csr_write(mcountinhibit, -1UL);
	impl = csr_read(mcountinhibit);
	mask = deleg & ~2UL;
	csr_write(mcountinhibit, pattern);
	pattern = csr_read(mcountinhibit);
	check_eq(run_lower(rd_sinh, 0, MODE_S), pattern & mask,
		 "scountinhibit reads the delegated mcountinhibit bits only");
	check_eq(run_lower(wr_sinh, 0, MODE_S), 0,
		 "scountinhibit = 0 reads back 0");
	check_eq(csr_read(mcountinhibit), pattern & ~mask,
		 "  mcountinhibit: delegated bits cleared, others kept");
	check_eq(run_lower(wr_sinh, -1UL, MODE_S), mask,
		 "scountinhibit = ~0: the delegated bits read 1, others 0");
	check_eq(csr_read(mcountinhibit), (pattern & ~mask) | (impl & mask),
		 "  mcountinhibit: delegated bits set, others kept");
	csr_write(mcounteren, 0);
	check_eq(run_lower(wr_sinh, -1UL, MODE_S), 0,
		 "mcounteren = 0: scountinhibit read-only 0");
	csr_write(mcounteren, -1UL);
	csr_write(mcountinhibit, -1UL);
}

/* VS-mode sireg* at vsiselect isel: how many of the 12 accesses raise want */
static int vs_sireg_all(unsigned long isel, unsigned long want)
{
	int i, n = 0;

	csr_write(CSR_VSISELECT, isel);
	for (i = 0; i < 6; i++) {
		n += trap_in(rd_sireg[i], 0, MODE_VS) == want;
		n += trap_in(wr_sireg[i], 0, MODE_VS) == want;
	}
	return n;
}

static void vsireg_cd(int cde)
{
	static const unsigned long isel[] = { 0x40, 0x41, 0x43, 0x5f };
	static const char *const isel_name[] = { "0x40", "0x41", "0x43",
		"0x5f" };
	unsigned long want = cde ? CAUSE_VIRTUAL : CAUSE_ILLEGAL;
	const char *w = cde ? "CDE=1, virtual: VS-mode " :
			      "CDE=0, illegal: VS-mode ";
	unsigned int i;

	set_cde(cde);
	csr_write(CSR_VSISELECT, ISEL_CD + 3);
	for (i = 0; i < 6; i++)
		check_eq(trap_in(rd_sireg[i], 0, MODE_VS), want,
			 cat(w, sireg_name[i], " read at 0x43"));
	for (i = 0; i < sizeof(isel) / sizeof(isel[0]); i++)
		check_eq(vs_sireg_all(isel[i], want), 12,
			 cat(w, "sireg..sireg6 read and write at ",
			     isel_name[i]));
}

static unsigned long rd_vsireg(unsigned long a)
{
	(void)a;
	return csr_read(CSR_VSIREG);
}

static void test_vsireg(void)
{
	csr_write(CSR_MSTATEEN0, SE0 | CSRIND);
	csr_write(CSR_HSTATEEN0, SE0 | CSRIND);
	csr_write(mcounteren, -1UL);
	csr_write(CSR_HCOUNTEREN, -1UL);
	vsireg_cd(0);
	vsireg_cd(1);

	csr_write(CSR_VSISELECT, ISEL_CD + 3);
	check_eq(m_trap(rd_vsireg, 0), CAUSE_ILLEGAL,
		 "CDE=1: vsireg at vsiselect 0x43 illegal in M-mode");
	check_eq(trap_in(rd_vsireg, 0, MODE_S), CAUSE_ILLEGAL,
		 "CDE=1: vsireg at vsiselect 0x43 illegal in HS-mode");
	csr_write(CSR_HSTATEEN0, SE0);
	check_eq(trap_in(rd_sireg1, 0, MODE_VS), CAUSE_VIRTUAL,
		 "hstateen0.CSRIND=0: VS-mode sireg virtual (Smstateen first)");
	set_cde(0);
	check_eq(trap_in(rd_sireg1, 0, MODE_VS), CAUSE_VIRTUAL,
		 "  also with CDE=0");
	csr_write(CSR_HSTATEEN0, SE0 | CSRIND);
}

/* S-mode (V=0) sireg* at siselect 0x40-0x5F: the Smcdeleg list */
static void test_sireg_s(void)
{
	static const unsigned long want[6] = { 0, 0, CAUSE_ILLEGAL,
		CAUSE_ILLEGAL, CAUSE_ILLEGAL, CAUSE_ILLEGAL };
	int i;

	set_cde(1);
	csr_write(mcounteren, -1UL);
	csr_write(CSR_SISELECT, ISEL_CD + 3);
	for (i = 0; i < 6; i++)
		check_eq(trap_in(rd_sireg[i], 0, MODE_S), want[i],
			 cat("S-mode ", sireg_name[i],
			     i < 2 ? " at 0x43 (delegated): ok" :
				     " at 0x43 (RV64): illegal"));
	csr_write(CSR_SISELECT, ISEL_CD + 1);
	check_eq(trap_in(rd_sireg1, 0, MODE_S), CAUSE_ILLEGAL,
		 "S-mode sireg at 0x41: illegal");
	csr_write(CSR_SISELECT, ISEL_CD + 3);
	csr_write(mcounteren, ~8UL);
	check_eq(trap_in(rd_sireg1, 0, MODE_S), CAUSE_ILLEGAL,
		 "S-mode sireg at 0x43, mcounteren[3]=0: illegal");
	csr_write(mcounteren, -1UL);
	set_cde(0);
	check_eq(trap_in(rd_sireg1, 0, MODE_S), CAUSE_ILLEGAL,
		 "S-mode sireg at 0x43, CDE=0: illegal");
}

static unsigned long read_cfg(int idx)
{
	return idx ? csr_read(CSR_MINSTRETCFG) : csr_read(CSR_MCYCLECFG);
}

static void write_cfg(int idx, unsigned long v)
{
	if (idx)
		csr_write(CSR_MINSTRETCFG, v);
	else
		csr_write(CSR_MCYCLECFG, v);
}


/* cyclecfg (idx 0, siselect 0x40) or instretcfg (idx 1, 0x42) */
static void cfg_minh(int idx)
{
	const char *name = idx ? "instretcfg" : "cyclecfg";
	unsigned long v;

	csr_write(CSR_SISELECT, ISEL_CD + 2 * idx);
	write_cfg(idx, EV_MINH | CFG_SINH | (1UL << 30));
	v = read_cfg(idx);
	check_eq(run_lower(rd_sireg2, 0, MODE_S), v & ~EV_MINH,
		 cat(name, ": sireg2 reads MINH as 0", ""));
	check_eq(read_cfg(idx), v,
		 cat(name, ": the read leaves the M-mode register", ""));
	check_eq(run_lower(csrrw_sireg2, 0, MODE_S), v & ~EV_MINH,
		 cat(name, ": csrrw through sireg2 returns the old value", ""));
	check_eq(read_cfg(idx), EV_MINH,
		 cat(name, ": writing 0 keeps MINH", ""));
	write_cfg(idx, 0);
	run_lower(wr_sireg2, -1UL, MODE_S);
	check_eq(read_cfg(idx) & (EV_MINH | CFG_SINH), CFG_SINH,
		 cat(name, ": writing ~0 sets SINH, not MINH", ""));
	write_cfg(idx, 0);
}

static void test_cfg_minh(void)
{
	set_cde(1);
	csr_write(mcounteren, -1UL);
	cfg_minh(0);
	cfg_minh(1);
	csr_write(CSR_SISELECT, ISEL_CD + 3);
	hpm_event(3, EV_MINH | CFG_SINH);
	check_eq(run_lower(rd_sireg2, 0, MODE_S), CFG_SINH,
		 "hpmevent3: sireg2 reads MINH as 0");
	check_eq(hpm_event_read(3), EV_MINH | CFG_SINH,
		 "  mhpmevent3 unchanged");
	hpm_event(3, 0);
}

/* sireg* are ordinary CSRs: csrrw returns the old value, csrs/csrc work */
static void test_rmw(void)
{
	set_cde(1);
	csr_write(mcounteren, -1UL);
	csr_write(mcountinhibit, -1UL);
	csr_write(CSR_SISELECT, ISEL_CD + 3);
	hpm_write(3, 1000);
	check_eq(run_lower(csrrw_sireg1, 5, MODE_S), 1000,
		 "csrrw sireg (hpmcounter3) returns the old value");
	check_eq(hpm_read(3), 5, "  and writes");
	check_eq(run_lower(csrrs_sireg1, 0x30, MODE_S), 5,
		 "csrs sireg: allowed, returns the old value");
	check_eq(hpm_read(3), 0x35, "  sets the bits");
	run_lower(csrrc_sireg1, 0x5, MODE_S);
	check_eq(hpm_read(3), 0x30, "csrc sireg clears the bits");

	hpm_event(3, EV_MINH | HPM_EV_INST_RET_LOAD);
	check_eq(run_lower(csrrw_sireg2, HPM_EV_INST_RET_STORE, MODE_S),
		 HPM_EV_INST_RET_LOAD,
		 "csrrw sireg2 (hpmevent3) returns the old value, MINH 0");
	check_eq(hpm_event_read(3), EV_MINH | HPM_EV_INST_RET_STORE,
		 "  writes the event, MINH kept");
	check_eq(run_lower(csrrs_sireg2, CFG_SINH, MODE_S),
		 HPM_EV_INST_RET_STORE, "csrs sireg2: allowed");
	check_eq(hpm_event_read(3), EV_MINH | CFG_SINH | HPM_EV_INST_RET_STORE,
		 "  sets SINH");
	run_lower(csrrc_sireg2, CFG_SINH | EV_MINH, MODE_S);
	check_eq(hpm_event_read(3), EV_MINH | HPM_EV_INST_RET_STORE,
		 "csrc sireg2 clears SINH, not MINH");
	hpm_event(3, HPM_EV_INST_RET_STORE);
	run_lower(csrrs_sireg2, EV_MINH, MODE_S);
	check_eq(hpm_event_read(3), HPM_EV_INST_RET_STORE,
		 "csrs sireg2 cannot set MINH");

	csr_write(CSR_SISELECT, ISEL_CD);
	write_cfg(0, EV_MINH);
	run_lower(csrrs_sireg2, CFG_SINH, MODE_S);
	check_eq(read_cfg(0), EV_MINH | CFG_SINH, "csrs sireg2 (cyclecfg)");
	run_lower(csrrc_sireg2, CFG_SINH | EV_MINH, MODE_S);
	check_eq(read_cfg(0), EV_MINH, "csrc sireg2 (cyclecfg), MINH kept");
	write_cfg(0, 0);
	hpm_event(3, 0);
}

static unsigned long rd_ovf(unsigned long a)
{
	(void)a;
	return csr_read(CSR_SCOUNTOVF);
}

static void scountovf_in(unsigned long men, unsigned long hen, int mode,
			 unsigned long want, const char *name)
{
	csr_write(mcounteren, men);
	csr_write(CSR_HCOUNTEREN, hen);
	check_eq(run_lower(rd_ovf, 0, mode) & 0x18, want, name);
}

static void test_scountovf(void)
{
	csr_write(mcountinhibit, -1UL);
	hpm_event(3, EV_OF | EV_MINH | HPM_EV_INST_RET);
	hpm_event(4, EV_OF | EV_MINH | HPM_EV_INST_RET);
	set_cde(0);
	csr_write(mcounteren, 0);
	check_eq(rd_ovf(0) & 0x18, 0x18,
		 "scountovf, mcounteren=0: M-mode reads every OF bit");
	scountovf_in(0, 0, MODE_S, 0, "  S-mode: none (mcounteren=0)");
	scountovf_in(8, 0, MODE_S, 8, "  S-mode: bit 3 (mcounteren=8)");
	scountovf_in(0x18, 8, MODE_VS, 8,
		     "  VS-mode: bit 3 (mcounteren=0x18, hcounteren=8)");
	scountovf_in(0x18, 0, MODE_VS, 0, "  VS-mode: none (hcounteren=0)");
	scountovf_in(8, 0x18, MODE_VS, 8,
		     "  VS-mode: bit 3 (mcounteren=8, hcounteren=0x18)");
	check_eq(trap_in(rd_ovf, 0, MODE_U), CAUSE_ILLEGAL,
		 "  U-mode: illegal");

	set_cde(1);
	csr_write(mcounteren, 0x20);
	check_eq(rd_ovf(0) & 0x18, 0x18,
		 "CDE=1, counters 3, 4 not delegated: M-mode reads both OF bits");
	scountovf_in(8, 0, MODE_S, 8, "  S-mode: bit 3 (mcounteren=8)");
	check_eq(trap_in(rd_ovf, 0, MODE_VS), CAUSE_VIRTUAL,
		 "  VS-mode: virtual instruction");
	hpm_event(3, 0);
	hpm_event(4, 0);
	csr_write(mcounteren, -1UL);
	set_cde(0);
}

int main(void *fdt)
{
	(void)fdt;
	puts_("qemu-model: counter delegation access rules\n");
	csr_write(mcounteren, -1UL);
	scountinhibit_cde0();
	scountinhibit_cde1();
	test_vsireg();
	test_sireg_s();
	test_cfg_minh();
	test_scountovf();
	test_rmw();
	return 0;
}
