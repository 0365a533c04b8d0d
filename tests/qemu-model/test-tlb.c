// SPDX-License-Identifier: BSD-2-Clause
/*
 * The L1 TLB model behind TLB.L1.LDST.MISS, its load/store split
 * (0x102/0x103) and TLB.L1I.CODE.MISS: exact miss counts of known access
 * sequences in S-mode under Sv39 (cold, warm, LRU eviction past 32 data
 * and 16 instruction entries), stores and AMOs, flushes (SFENCE.VMA, a
 * satp write), no lookups without translation (Bare, M-mode) but with
 * MPRV, VS-mode's own context (vsatp), precise overflow (Sspesa PC, LCOFI right after the access or at
 * the next instruction), and PDIS's L1TLBMISS / ITMISS / HPMi bits.
 */
#include "lib.h"

extern void tlb_ld(unsigned long), tlb_sd(unsigned long);
extern void tlb_amo(unsigned long), tlb_ld_mprv(unsigned long);
extern char tlb_ld_insn[], itlb_walk[];

#define PAGE		4096UL
#define WALK_PAGES	20
#define SATP_SV39	(8UL << 60)
#define PTE_VRWXAD	0xcfUL		/* V R W X A D */
#define MSTATUS_MPP	(3UL << 11)
#define MSTATUS_MPRV	(1UL << 17)
#define CSR_SISELECT	0x150
#define CSR_VSATP	0x280
#define INH_M		EV_MINH
#define INH_SU		(EV_SINH | EV_UINH | (1UL << 59) | (1UL << 58))

/* counters */
#define C_MISS		3	/* TLB.L1.LDST.MISS */
#define C_ACCESS	4	/* TLB.L1.LDST.ACCESS */
#define C_LD_MISS	5	/* 0x102 */
#define C_ST_MISS	6	/* 0x103 */
#define C_IMISS		7	/* TLB.L1I.CODE.MISS */
#define C_M_MISS	8	/* TLB.L1.LDST.MISS, M-mode only */

static uint64_t pages[40][PAGE / 8] __attribute__((aligned(PAGE)));
static uint64_t root[512] __attribute__((aligned(PAGE)));
static unsigned long satp;

static unsigned long arg(unsigned int first, unsigned int n)
{
	return (unsigned long)pages[first] | n;
}

/* Sv39, one identity gigapage over RAM, ASID 5 */
static void paging_on(void)
{
	root[2] = ((0x80000000UL >> 12) << 10) | PTE_VRWXAD;
	satp = SATP_SV39 | (5UL << 44) | ((unsigned long)root >> 12);
	csr_write(satp, satp);
	__asm__ volatile("sfence.vma" ::: "memory");
}

static void program(void)
{
	csr_write(mcountinhibit, -1UL);
	hpm_event(C_MISS, HPM_EV_TLB_L1_LDST_MISS | INH_M);
	hpm_event(C_ACCESS, HPM_EV_TLB_L1_LDST_ACCESS | INH_M);
	hpm_event(C_LD_MISS, HPM_EV_TLB_L1_LOAD_MISS | INH_M);
	hpm_event(C_ST_MISS, HPM_EV_TLB_L1_STORE_MISS | INH_M);
	hpm_event(C_IMISS, HPM_EV_TLB_L1I_CODE_MISS | INH_M);
	hpm_event(C_M_MISS, HPM_EV_TLB_L1_LDST_MISS | INH_SU);
}

static void zero(void)
{
	int i;

	for (i = C_MISS; i <= C_M_MISS; i++)
		hpm_write(i, 0);
}

static void flush(void)
{
	__asm__ volatile("sfence.vma" ::: "memory");
}

/* Run fn(a) in mode with the counters running from 0. */
static void in_mode(void (*fn)(unsigned long), unsigned long a, int mode)
{
	zero();
	csr_write(mcountinhibit, 0);
	run_lower((unsigned long (*)(unsigned long))fn, a, mode);
	csr_write(mcountinhibit, -1UL);
}

static void in_s(void (*fn)(unsigned long), unsigned long a)
{
	in_mode(fn, a, MODE_S);
}

static void counts(unsigned long miss, unsigned long ld, unsigned long st,
		   unsigned long access, const char *what)
{
	puts_(what);
	puts_("\n");
	check_eq(hpm_read(C_MISS), miss, "  TLB.L1.LDST.MISS");
	check_eq(hpm_read(C_LD_MISS), ld, "  loads missing (0x102)");
	check_eq(hpm_read(C_ST_MISS), st, "  stores missing (0x103)");
	check_eq(hpm_read(C_ACCESS), access, "  TLB.L1.LDST.ACCESS");
}

static void test_data(void)
{
	flush();
	in_s(tlb_ld, arg(0, 20));
	counts(20, 20, 0, 20, "cold: 20 loads on 20 pages");
	in_s(tlb_ld, arg(0, 20));
	counts(0, 0, 0, 20, "warm: the same 20 pages");
	in_s(tlb_ld, arg(0, 40));
	counts(20, 20, 0, 40, "40 pages: the 20 new ones miss");
	in_s(tlb_ld, arg(0, 40));
	counts(40, 40, 0, 40, "40 pages again: LRU of 32 entries, all miss");

	flush();
	in_s(tlb_sd, arg(0, 10));
	counts(10, 0, 10, 10, "SFENCE.VMA, 10 stores on 10 pages");
	in_s(tlb_ld, arg(0, 10));
	counts(0, 0, 0, 10, "loads on the stores' pages (one data TLB)");
	flush();
	in_s(tlb_amo, arg(10, 5));
	counts(5, 5, 0, 10, "SFENCE.VMA, 5 AMOs: a load miss, a store hit");

	in_s(tlb_ld, arg(10, 8));
	counts(3, 3, 0, 8, "loads on 8 pages, 5 of them the AMOs'");
	csr_write(satp, satp);
	in_s(tlb_ld, arg(10, 8));
	counts(8, 8, 0, 8, "satp written (same value): all 8 miss");
}

static void test_untranslated(void)
{
	flush();
	csr_write(satp, 0);
	in_s(tlb_ld, arg(0, 10));
	counts(0, 0, 0, 10, "satp Bare: no lookups, no misses");
	csr_write(satp, satp);

	puts_("M-mode\n");
	flush();
	zero();
	csr_write(mcountinhibit, 0);
	tlb_ld(arg(0, 12));
	csr_write(mcountinhibit, -1UL);
	check_eq(hpm_read(C_M_MISS), 0, "  M-mode loads: not translated");
	csr_clear(mstatus, MSTATUS_MPP);
	csr_set(mstatus, 1UL << 11);		/* MPP = S */
	zero();
	csr_write(mcountinhibit, 0);
	tlb_ld_mprv(arg(0, 12));
	csr_write(mcountinhibit, -1UL);
	check_eq(hpm_read(C_M_MISS), 12, "  M-mode loads with MPRV: 12 misses");
	check_eq(hpm_read(C_MISS), 0, "  counted in M-mode only");
	csr_set(mstatus, MSTATUS_MPP);
}

/* V=1: VS-stage Sv39 (vsatp), G-stage Bare; its own context */
static void test_vs(void)
{
	puts_("VS-mode\n");
	csr_write(CSR_VSATP, satp);
	flush();
	in_mode(tlb_ld, arg(0, 10), MODE_VS);
	check_eq(hpm_read(C_MISS), 10, "  vsatp Sv39: 10 cold pages miss");
	in_mode(tlb_ld, arg(0, 10), MODE_VS);
	check_eq(hpm_read(C_MISS), 0, "  warm: no miss");
	in_s(tlb_ld, arg(0, 10));
	check_eq(hpm_read(C_MISS), 10,
		 "  the same pages from S-mode: another context, 10 misses");
	in_mode(tlb_ld, arg(0, 10), MODE_VS);
	check_eq(hpm_read(C_MISS), 0, "  VS-mode entries still there");
	csr_write(CSR_VSATP, 0);
	in_mode(tlb_ld, arg(20, 10), MODE_VS);
	check_eq(hpm_read(C_MISS), 0,
		 "  vsatp and hgatp Bare: not translated, no miss");
}

static unsigned long walk(unsigned int n)
{
	return (unsigned long)itlb_walk + (WALK_PAGES - n) * PAGE;
}

static void test_fetch(void)
{
	puts_("instruction TLB (16 entries)\n");
	flush();
	in_s((void (*)(unsigned long))walk(10), 0);
	check_eq(hpm_read(C_IMISS), 11,
		 "  cold: 10 code pages and the return page miss");
	in_s((void (*)(unsigned long))walk(10), 0);
	check_eq(hpm_read(C_IMISS), 0, "  warm: no miss");
	in_s((void (*)(unsigned long))walk(20), 0);
	check_eq(hpm_read(C_IMISS), 21,
		 "  21 pages through 16 entries (LRU): all miss");
	check_eq(hpm_read(C_MISS), 0, "  no data TLB miss");
}

static void test_overflow(void)
{
	puts_("overflow\n");
	flush();
	csr_write(CSR_SHPMSPC, 0);
	csr_clear(mip, MIP_LCOFIP);
	csr_set(mie, MIP_LCOFIP);
	trap_count = 0;
	zero();
	hpm_write(C_MISS, -5UL);
	csr_write(mcountinhibit, 0);
	run_lower((unsigned long (*)(unsigned long))tlb_ld, arg(0, 20), MODE_S);
	csr_write(mcountinhibit, -1UL);
	check_eq(trap_count, 1, "  data: one LCOFI");
	check_eq(trap_cause, CAUSE_LCOFI, "  data: cause LCOFI");
	check_eq(csr_read(CSR_SHPMSPC), (unsigned long)tlb_ld_insn,
		 "  data: shpmspc = the load that missed 5th");
	check_eq(trap_epc, (unsigned long)tlb_ld_insn + 4,
		 "  data: taken right after it");
	check_eq(csr_read(CSR_SHPMSDATA), C_MISS, "  data: CNTRID");
	check_eq(hpm_read(C_MISS), 15, "  data: the 15 misses after the wrap");
	hpm_event(C_MISS, HPM_EV_TLB_L1_LDST_MISS | INH_M);	/* OF off */
	csr_clear(mip, MIP_LCOFIP);

	flush();
	csr_set(mie, MIP_LCOFIP);
	trap_count = 0;
	zero();
	hpm_write(C_IMISS, -3UL);
	csr_write(mcountinhibit, 0);
	run_lower((unsigned long (*)(unsigned long))walk(10), 0, MODE_S);
	csr_write(mcountinhibit, -1UL);
	check_eq(trap_count, 1, "  fetch: one LCOFI");
	check_eq(csr_read(CSR_SHPMSPC), walk(8),
		 "  fetch: shpmspc = first instruction of the 3rd page");
	check_eq(trap_epc, walk(7), "  fetch: taken after it (its jump)");
	check_eq(csr_read(CSR_SHPMSDATA), C_IMISS, "  fetch: CNTRID");
	hpm_event(C_IMISS, HPM_EV_TLB_L1I_CODE_MISS | INH_M);
	csr_clear(mip, MIP_LCOFIP);
	csr_clear(mie, MIP_LCOFIP);
}

static unsigned long hdrev(void)
{
	csr_write(CSR_SISELECT, ISELECT_PDIS_DATA0);
	return csr_read(0x151);
}

/* PDIS selects the 3rd instruction of type sel in S-mode */
static void pdis_3rd(unsigned long sel)
{
	csr_write(CSR_MPDISCTL, PDISCTL_S | sel | (1UL << C_MISS) |
				(1UL << C_IMISS));
	csr_write(CSR_SPDISCOUNTER, 0xfffffffdUL);
	csr_clear(mip, MIP_LCOFIP);
}

static void test_pdis(void)
{
	unsigned long h;

	puts_("PDIS record bits\n");
	flush();
	pdis_3rd(PDISCTL_SEL_LOAD);
	in_s(tlb_ld, arg(0, 5));
	h = hdrev();
	check_eq(h & (PDISHDR_TYPE_MASK | PDISHDR_L1TLBMISS),
		 PDISHDR_TYPE_LOAD | PDISHDR_L1TLBMISS,
		 "  cold load: L1TLBMISS");
	check_eq(h & (1UL << C_MISS), 1UL << C_MISS,
		 "  HPM3: the load incurred TLB.L1.LDST.MISS");
	pdis_3rd(PDISCTL_SEL_LOAD);
	in_s(tlb_ld, arg(0, 5));
	h = hdrev();
	check_eq(h & (PDISHDR_TYPE_MASK | PDISHDR_L1TLBMISS | (1UL << C_MISS)),
		 PDISHDR_TYPE_LOAD, "  warm load: no L1TLBMISS, no HPM3");

	flush();
	pdis_3rd(PDISCTL_SEL_CTRL);
	in_s((void (*)(unsigned long))walk(10), 0);
	h = hdrev();
	check_eq(h & (PDISHDR_TYPE_MASK | PDISHDR_ITMISS | (1UL << C_IMISS)),
		 PDISHDR_TYPE_CTRL | PDISHDR_ITMISS | (1UL << C_IMISS),
		 "  cold jump, first on its page: ITMISS, HPM7");
	pdis_3rd(PDISCTL_SEL_CTRL);
	in_s((void (*)(unsigned long))walk(10), 0);
	h = hdrev();
	check_eq(h & (PDISHDR_ITMISS | (1UL << C_IMISS)), 0,
		 "  warm: no ITMISS");
	csr_write(CSR_MPDISCTL, 0);
	csr_clear(mip, MIP_LCOFIP);
}

int main(void *fdt)
{
	(void)fdt;
	puts_("qemu-model: L1 TLB model\n");
	csr_write(mcounteren, -1UL);
	paging_on();
	program();
	test_data();
	test_untranslated();
	test_vs();
	test_fetch();
	test_overflow();
	test_pdis();
	csr_write(satp, 0);
	return 0;
}
