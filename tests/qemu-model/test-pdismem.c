// SPDX-License-Identifier: BSD-2-Clause
/*
 * The PDIS memory buffer (x-pdis-mem) on the QEMU model: spdisambcs and
 * spdisambaddr (WARL, bits 6:0 read 0: 128-byte slots, each the 64-byte
 * record and 64 zero bytes written at once), menvcfg.PDISS,
 * henvcfg.PDISV, the LAMBI bit; records in memory instead of the sample
 * data registers; the owner's privilege and translation (M: physical,
 * S: satp, VS: vsatp + hgatp) with page-table and PMP permissions; a
 * faulting write (TF, TFPTR, LAMBI, records dropped until TF is
 * cleared); wrap (circular: PDIS.SAMPLES above the records found) and
 * stop-on-full (PDIS.DROPPED); batch mode (OF=1, BMIEN, BMITH, BMI,
 * LAMBI); stateen and VS access rules, henvcfg.PDISV read-only 0 below M
 * with mstateen0.PDIS=0 (draft v0.4.0).
 *
 * QM_CPU_EXTRA: x-pdis-mem=true
 */
#include "lib.h"

#define PAGE		4096UL
#define ALL_INH		0xffffffffUL
#define MIP_LAMBIP	(1UL << IRQ_LAMBI)
#define CAUSE_LAMBI	((1UL << 63) | IRQ_LAMBI)
#define PDISS		(1UL << MENVCFG_PDISS_SHIFT)
#define PDISV		(1UL << HENVCFG_PDISV_SHIFT)
#define PDIS_STATEEN	(1UL << SMSTATEEN0_PDIS_SHIFT)
#define CSR_MSTATEEN0	0x30c
#define CSR_HSTATEEN0	0x60c
#define CSR_HENVCFG	0x60a
#define CSR_HGATP	0x680
#define CSR_VSATP	0x280
#define CSR_SISELECT	0x150
#define SATP_SV39	(8UL << 60)
#define PTE_V		0x01UL
#define PTE_R		0x02UL
#define PTE_W		0x04UL
#define PTE_U		0x10UL
#define PTE_AD		0xc0UL
#define PTE_RWAD	(PTE_V | PTE_R | PTE_W | PTE_AD)
#define SLOT		PDIS_AMB_SLOT_BYTES
#define SLOT_WORDS	(SLOT / 8)
#define RECS_PER_PAGE	(PAGE / SLOT)
#define PATTERN		0xa5a5a5a5a5a5a5a5UL	/* the buffer before a test */
#define SIZE(n)		((unsigned long)(n) << PDISAMBCS_SIZE_SHIFT)
#define BMITH(n)	((unsigned long)(n) << PDISAMBCS_BMITH_SHIFT)
#define BUF_VA		0x40000000UL	/* S-mode VA of the buffer */
#define GUEST_VA	0xc0000000UL	/* VS-mode VA (guest gigapage) */
#define GUEST_PA	0x40000000UL	/* its guest physical address */
#define C_SAMPLES	3
#define C_DROPPED	4
#define PERIOD		8		/* loads per record */

/* the buffer (2 pages), a page S-mode may not write, page tables */
static uint64_t amb[2][PAGE / 8] __attribute__((aligned(2 * PAGE)));
static uint64_t denied[PAGE / 8] __attribute__((aligned(PAGE)));
static uint64_t root[512] __attribute__((aligned(PAGE)));
static uint64_t l1[512] __attribute__((aligned(PAGE)));
static uint64_t l0[512] __attribute__((aligned(PAGE)));
static uint64_t groot[2048] __attribute__((aligned(4 * PAGE)));
static uint64_t gl1[512] __attribute__((aligned(PAGE)));
static uint64_t gl0[512] __attribute__((aligned(PAGE)));
static uint64_t vroot[512] __attribute__((aligned(PAGE)));
static uint64_t ldbuf[8];
extern unsigned long s_loads(unsigned long buf);

/*
 * pm_loads(buf, n): n loads with PDIS uninhibited; stops early (returning
 * the loads left) when mip.LAMBIP is seen, polled after every load.
 */
unsigned long pm_loads(void *buf, unsigned long n);
extern char pm_load_insn[];
__asm__(".text\n.globl pm_loads, pm_load_insn\n.option push\n.option norvc\n"
	"pm_loads:\n"
	"	li t2, 1 << 14\n"
	"	csrw mcountinhibit, zero\n"
	"pm_load_insn:\n"
	"	ld t0, 0(a0)\n"
	"	addi a1, a1, -1\n"
	"	csrr t1, mip\n"
	"	and t1, t1, t2\n"
	"	bnez t1, 1f\n"
	"	bnez a1, pm_load_insn\n"
	"1:	li t0, -1\n"
	"	csrw mcountinhibit, t0\n"
	"	mv a0, a1\n"
	"	ret\n"
	".option pop\n");

static unsigned long pte(void *pa, unsigned long flags)
{
	return (((unsigned long)pa >> 12) << 10) | flags;
}

static unsigned long cs(void)
{
	return csr_read(CSR_SPDISAMBCS);
}

static unsigned long rec_at(unsigned int i, unsigned int w)
{
	return ((volatile uint64_t *)amb)[i * SLOT_WORDS + w];
}

static void amb_fill(void)
{
	unsigned int i;

	for (i = 0; i < 2 * PAGE / 8; i++)
		((volatile uint64_t *)amb)[i] = PATTERN;
}

/* slot i: after the record, zeros (written) or the pattern (untouched) */
static int pad_is(unsigned int i, unsigned long v)
{
	unsigned int w;

	for (w = PDIS_RECORD_BYTES / 8; w < SLOT_WORDS; w++)
		if (rec_at(i, w) != v)
			return 0;
	return 1;
}

/*
 * PDIS on M-mode loads, one record every PERIOD loads, MEM=1 (OF given),
 * the buffer at addr with control ambcs; counters zero, LAMBIP clear.
 */
static void setup(unsigned long of, unsigned long addr, unsigned long ambcs)
{
	uint32_t init = -(uint32_t)PERIOD;

	csr_write(mcountinhibit, ALL_INH);
	csr_write(CSR_MPDISCTL, PDISCTL_M | PDISCTL_MEM | PDISCTL_SEL_LOAD | of);
	csr_write(CSR_SPDISCOUNTER, ((unsigned long)init << 32) | init);
	csr_write(CSR_SPDISAMBCS, 0);
	csr_write(CSR_SPDISAMBADDR, addr);
	csr_write(CSR_SPDISAMBCS, ambcs);
	csr_clear(mip, MIP_LAMBIP | MIP_LCOFIP);
	hpm_event(C_SAMPLES, HPM_EV_PDIS_SAMPLES);
	hpm_event(C_DROPPED, HPM_EV_PDIS_DROPPED);
	hpm_write(C_SAMPLES, 0);
	hpm_write(C_DROPPED, 0);
	amb_fill();
}

static unsigned long run(unsigned long loads)
{
	return pm_loads(ldbuf, loads);
}

static unsigned long wptr(void)
{
	return csr_read(CSR_SPDISAMBADDR);
}

/* record i is a load record of pm_load_insn, address ldbuf */
static int load_rec(unsigned int i)
{
	return (rec_at(i, PDIS_REC_HDREV) & PDISHDR_TYPE_MASK) ==
		       PDISHDR_TYPE_LOAD &&
	       rec_at(i, PDIS_REC_PC) == (unsigned long)pm_load_insn &&
	       rec_at(i, PDIS_REC_ADR1) == (unsigned long)ldbuf;
}

static void test_csrs(void)
{
	unsigned long rw = PDISAMBCS_EN | PDISAMBCS_SIZE_MASK |
			   PDISAMBCS_BMITH_MASK | PDISAMBCS_BMIEN |
			   PDISAMBCS_TFPTR_MASK | PDISAMBCS_SOF |
			   PDISAMBCS_TF | PDISAMBCS_BMI | PDISAMBCS_WRAP;

	csr_write(CSR_MPDISCTL, PDISCTL_MEM);
	check_eq(csr_read(CSR_MPDISCTL), PDISCTL_MEM, "mpdisctl.MEM writable");
	check_eq(csr_read(CSR_SPDISCTL), PDISCTL_MEM, "spdisctl shows MEM");
	csr_write(CSR_MPDISCTL, 0);
	csr_write(CSR_SPDISAMBCS, -1UL);
	check_eq(cs(), ((rw & ~PDISAMBCS_SIZE_MASK) | SIZE(PDISAMBCS_SIZE_MAX) |
			PDISAMBCS_EMPTY) & ~PDISAMBCS_TRV,
		 "spdisambcs WARL: SIZE 31 -> 20, EMPTY 1, TRV 0 with TF");
	csr_write(CSR_SPDISAMBCS, PDISAMBCS_EN | SIZE(3));
	check_eq(cs(), PDISAMBCS_EN | SIZE(3) | PDISAMBCS_EMPTY |
		 PDISAMBCS_TRV, "EN, SIZE 3: TRV and EMPTY read 1");
	csr_write(CSR_SPDISAMBCS, PDISAMBCS_TRV | PDISAMBCS_EMPTY);
	check_eq(cs(), PDISAMBCS_EMPTY, "TRV, EMPTY read-only; EN=0: TRV 0");
	csr_write(CSR_SPDISAMBADDR, -1UL);
	check_eq(csr_read(CSR_SPDISAMBADDR), ~PDISAMBADDR_ALIGN_MASK,
		 "spdisambaddr all ones: bits 6:0 read 0 (128-byte slots)");
	check_eq(csr_read(CSR_SPDISAMBADDR) & 0x7f, 0, "  bits 6:0 are 0");
	csr_write(CSR_SPDISAMBADDR, 0x80001040UL);
	check_eq(csr_read(CSR_SPDISAMBADDR), 0x80001000UL,
		 "  bit 6 (0x40) hardwired: 0x80001040 reads 0x80001000");
	csr_write(CSR_SPDISAMBADDR, 0x80001080UL);
	check_eq(csr_read(CSR_SPDISAMBADDR), 0x80001080UL,
		 "  bit 7 (0x80) writable");
	csr_set(menvcfg, PDISS);
	check_eq(csr_read(menvcfg) & PDISS, PDISS, "menvcfg.PDISS writable");
	csr_clear(menvcfg, PDISS);
	csr_set(CSR_HENVCFG, PDISV);
	check_eq(csr_read(CSR_HENVCFG) & PDISV, PDISV, "henvcfg.PDISV writable");
	csr_clear(CSR_HENVCFG, PDISV);
	csr_set(mideleg, MIP_LAMBIP);
	check_eq(csr_read(mideleg) & MIP_LAMBIP, MIP_LAMBIP,
		 "mideleg.LAMBI writable");
	csr_clear(mideleg, MIP_LAMBIP);
	csr_set(mip, MIP_LAMBIP);
	check_eq(csr_read(mip) & MIP_LAMBIP, MIP_LAMBIP, "mip.LAMBIP writable");
	csr_clear(mip, MIP_LAMBIP);
	check_eq(csr_read(mip) & MIP_LAMBIP, 0, "mip.LAMBIP cleared");
}

/* M-mode owner (PDISS=0): physical addresses */
static void test_m_owner(void)
{
	unsigned long base = (unsigned long)amb;
	unsigned long r0, r1;

	/* the sample data registers start empty in this test */
	setup(0, base, PDISAMBCS_EN | SIZE(0));
	run(PERIOD);
	check_eq(wptr(), base + 128,
		 "OF=0: a record advances spdisambaddr by the slot, 128");
	check(load_rec(0), "  the record in memory: load, PC, address");
	check(pad_is(0, 0), "  the slot's last 64 bytes written as zeros");
	check(rec_at(1, 0) == PATTERN && pad_is(1, PATTERN),
	      "  the next slot untouched");
	check_eq(rec_at(0, PDIS_REC_LAT), 4, "  TOTAL latency 4");
	check_eq(csr_read(CSR_MPDISCTL) & PDISCTL_OF, PDISCTL_OF, "  OF set");
	check_eq(csr_read(mip) & MIP_LCOFIP, MIP_LCOFIP, "  LCOFI pending");
	check_eq(csr_read(mip) & MIP_LAMBIP, 0, "  no LAMBI");
	csr_write(CSR_SISELECT, ISELECT_PDIS_DATA0);
	r0 = csr_read(0x151);
	r1 = csr_read(0x152);
	check(r0 == 0 && r1 == 0,
	      "  MEM=1: sample data registers not written");
	check_eq(hpm_read(C_SAMPLES), 1, "  PDIS.SAMPLES 1");

	/* the same with MEM=0: the same record in the registers */
	csr_write(mcountinhibit, ALL_INH);
	csr_write(CSR_MPDISCTL, PDISCTL_M | PDISCTL_SEL_LOAD);
	csr_write(CSR_SPDISCOUNTER, -(unsigned long)PERIOD);
	run(PERIOD);
	check(csr_read(0x151) == rec_at(0, 0) && csr_read(0x152) == rec_at(0, 1)
	      && csr_read(0x156) == rec_at(0, 4),
	      "MEM=0: the same record in the sample data registers");
	check_eq(wptr(), base + SLOT, "  nothing written to memory");

	setup(PDISCTL_OF, base, PDISAMBCS_EN | SIZE(0));
	run(10 * PERIOD);
	check_eq(wptr(), base + 10 * SLOT, "OF=1: 10 records, 10 slots");
	check(load_rec(9) && rec_at(10, PDIS_REC_PC) == PATTERN,
	      "  records 0-9 only");
	check(pad_is(9, 0) && pad_is(10, PATTERN),
	      "  slots 0-9 padded with zeros, slot 10 untouched");
	check_eq(csr_read(mip) & MIP_LCOFIP, 0, "  OF=1: no LCOFI");

	setup(PDISCTL_OF, base, SIZE(0));
	run(3 * PERIOD);
	check_eq(wptr(), base, "EN=0: nothing written");
	check_eq(hpm_read(C_DROPPED), 3, "  PDIS.DROPPED 3");
	check_eq(hpm_read(C_SAMPLES), 0, "  PDIS.SAMPLES 0");

	/* outside RAM: the write fails on the bus */
	setup(PDISCTL_OF, 0x90000000UL + SLOT, PDISAMBCS_EN | SIZE(0));
	run(3 * PERIOD);
	check_eq(cs() & (PDISAMBCS_TF | PDISAMBCS_TRV), PDISAMBCS_TF,
		 "write to no memory: TF=1, TRV=0");
	check_eq(csr_read(mip) & MIP_LAMBIP, MIP_LAMBIP, "  LAMBI pending");
	check_eq(hpm_read(C_DROPPED), 1, "  the faulting record dropped");
	check_eq(wptr(), 0x90000000UL + SLOT, "  spdisambaddr not advanced");
}

static void test_wrap(void)
{
	unsigned long base = (unsigned long)amb, n, samples;
	unsigned int i, ok = 1;

	setup(PDISCTL_OF, base, PDISAMBCS_EN | SIZE(0));
	n = RECS_PER_PAGE * 3 + 5;
	run(n * PERIOD);
	samples = hpm_read(C_SAMPLES);
	check_eq(samples, n, "wrap: PDIS.SAMPLES counts every record (101)");
	check_eq(cs() & PDISAMBCS_WRAP, PDISAMBCS_WRAP, "  WRAP set");
	check_eq(wptr(), base + 5 * SLOT, "  write pointer wrapped to slot 5");
	for (i = 0; i < RECS_PER_PAGE; i++)
		ok &= load_rec(i) && pad_is(i, 0);
	check(ok, "  all 32 slots hold records: SAMPLES > records found");
	check_eq(rec_at(RECS_PER_PAGE, PDIS_REC_PC), PATTERN,
		 "  nothing past the 4 KiB buffer");

	setup(PDISCTL_OF, base, PDISAMBCS_EN | PDISAMBCS_SOF | SIZE(0));
	run(n * PERIOD);
	check_eq(hpm_read(C_SAMPLES), RECS_PER_PAGE,
		 "stop-on-full: 32 records stored (4 KiB / 128)");
	check_eq(hpm_read(C_DROPPED), n - RECS_PER_PAGE,
		 "  PDIS.DROPPED: the rest (SAMPLES + DROPPED = 101)");
	check_eq(wptr(), base, "  spdisambaddr holds the base");
	check_eq(cs() & PDISAMBCS_WRAP, PDISAMBCS_WRAP, "  WRAP set");
}

static void test_batch(void)
{
	unsigned long base = (unsigned long)amb, left;

	setup(PDISCTL_OF, base, PDISAMBCS_EN | PDISAMBCS_BMIEN | BMITH(2) |
				SIZE(0));
	left = run(100 * PERIOD);
	check(left > 0, "batch: LAMBI pended while sampling");
	check_eq(wptr(), base + PAGE / 2, "  at BMITH=2: half full (16)");
	check_eq(cs() & (PDISAMBCS_BMI | PDISAMBCS_TF), PDISAMBCS_BMI,
		 "  BMI=1, TF=0");
	check_eq(csr_read(mip) & MIP_LCOFIP, 0, "  no LCOFI (OF=1)");
	check_eq(left, 100 * PERIOD - RECS_PER_PAGE / 2 * PERIOD,
		 "  pended right after the 16th record's load");

	setup(PDISCTL_OF, base, PDISAMBCS_EN | PDISAMBCS_BMIEN | BMITH(1) |
				SIZE(1));
	run(100 * PERIOD);
	check_eq(wptr(), base + 2 * PAGE / 4, "BMITH=1, 8 KiB: quarter full");

	setup(PDISCTL_OF, base, PDISAMBCS_EN | PDISAMBCS_BMIEN | BMITH(0) |
				PDISAMBCS_SOF | SIZE(0));
	run(100 * PERIOD);
	check(wptr() == base && (cs() & PDISAMBCS_WRAP) &&
	      hpm_read(C_SAMPLES) == RECS_PER_PAGE,
	      "BMITH=0 with SOF: LAMBI when full");

	setup(PDISCTL_OF, base, PDISAMBCS_EN | BMITH(2) | SIZE(0));
	run(40 * PERIOD);
	check_eq(csr_read(mip) & MIP_LAMBIP, 0, "BMIEN=0: no LAMBI");

	/* taken as an interrupt */
	setup(PDISCTL_OF, base, PDISAMBCS_EN | PDISAMBCS_BMIEN | BMITH(2) |
				SIZE(0));
	trap_count = 0;
	csr_set(mie, MIP_LAMBIP);
	csr_set(mstatus, MSTATUS_MIE);
	pm_loads(ldbuf, 40 * PERIOD);
	csr_clear(mstatus, MSTATUS_MIE);
	check_eq(trap_count ? trap_cause : 0, CAUSE_LAMBI,
		 "LAMBI taken in M-mode (cause 14)");
	check(trap_epc > (unsigned long)pm_load_insn &&
	      trap_epc <= (unsigned long)pm_load_insn + 16,
	      "  taken inside the load loop");
	csr_clear(mie, MIP_LAMBIP);
}

/* Sv39: RAM identity gigapage; BUF_VA -> amb[0], BUF_VA + 4K -> pte1 */
static void s_paging(unsigned long pte0, unsigned long pte1)
{
	root[2] = pte((void *)0x80000000UL, PTE_RWAD | 0x08);
	root[1] = pte(l1, PTE_V);
	l1[0] = pte(l0, PTE_V);
	l0[0] = pte0;
	l0[1] = pte1;
	csr_write(satp, SATP_SV39 | ((unsigned long)root >> 12));
	__asm__ volatile("sfence.vma" ::: "memory");
}

static void test_s_owner(void)
{
	unsigned long pmpaddr;

	csr_set(menvcfg, PDISS);
	/* Bare satp: physical */
	csr_write(satp, 0);
	setup(PDISCTL_OF, (unsigned long)amb, PDISAMBCS_EN | SIZE(0));
	run(2 * PERIOD);
	check(wptr() == (unsigned long)amb + 2 * SLOT && load_rec(1),
	      "PDISS=1, satp Bare: records at the physical address");

	/* translated: BUF_VA */
	s_paging(pte(amb[0], PTE_RWAD), pte(amb[1], PTE_RWAD));
	setup(PDISCTL_OF, BUF_VA, PDISAMBCS_EN | SIZE(1));
	run(3 * PERIOD);
	check(wptr() == BUF_VA + 3 * SLOT && load_rec(2) && pad_is(2, 0),
	      "PDISS=1, Sv39: records through satp, at the mapped page");

	/* page 1 read-only: the 33rd record faults */
	s_paging(pte(amb[0], PTE_RWAD), pte(amb[1], PTE_V | PTE_R | PTE_AD));
	setup(PDISCTL_OF, BUF_VA, PDISAMBCS_EN | SIZE(1));
	run((RECS_PER_PAGE + 3) * PERIOD);
	check_eq(cs() & (PDISAMBCS_TF | PDISAMBCS_TFPTR_MASK),
		 PDISAMBCS_TF | (1UL << PDISAMBCS_TFPTR_SHIFT),
		 "read-only page: TF=1, TFPTR=1 (the second page)");
	check_eq(wptr(), BUF_VA + PAGE, "  stopped at the faulting page");
	check_eq(hpm_read(C_SAMPLES), RECS_PER_PAGE, "  32 records written");
	check_eq(csr_read(mip) & MIP_LAMBIP, MIP_LAMBIP, "  LAMBI pending");
	check_eq(amb[1][0], PATTERN, "  nothing on the read-only page");
	/* fixed by software: clearing TF restarts the buffer */
	s_paging(pte(amb[0], PTE_RWAD), pte(amb[1], PTE_RWAD));
	csr_clear(CSR_SPDISAMBCS, PDISAMBCS_TF);
	csr_clear(mip, MIP_LAMBIP);
	run(2 * PERIOD);
	check(wptr() == BUF_VA + PAGE + 2 * SLOT && amb[1][PDIS_REC_PC] ==
	      (unsigned long)pm_load_insn, "  TF cleared: writes resume");

	/* sampled in VS-mode: still the HS-level satp, not the guest's */
	s_paging(pte(amb[0], PTE_RWAD), 0);
	setup(PDISCTL_OF, BUF_VA, PDISAMBCS_EN | SIZE(0));
	csr_write(CSR_MPDISCTL, PDISCTL_MEM | PDISCTL_SEL_LOAD | PDISCTL_OF);
	csr_write(CSR_VSPDISCTL, PDISCTL_S | PDISCTL_MEM | PDISCTL_SEL_LOAD |
		  PDISCTL_OF);
	csr_write(CSR_SPDISCOUNTER, -5UL);	/* the 5th load */
	/* the guest maps BUF_VA elsewhere (amb[1]) */
	groot[0] = pte((void *)0x80000000UL, PTE_RWAD | 0x08);
	groot[1] = pte(gl1, PTE_V);
	groot[2] = groot[0];
	gl1[0] = pte(gl0, PTE_V);
	gl0[0] = pte(amb[1], PTE_RWAD);
	csr_write(CSR_VSATP, SATP_SV39 | ((unsigned long)groot >> 12));
	csr_write(CSR_HGATP, 0);
	csr_write(mcountinhibit, 0);
	run_lower(s_loads, (unsigned long)ldbuf, MODE_VS);
	csr_write(CSR_VSATP, 0);
	csr_write(mcountinhibit, ALL_INH);
	csr_write(CSR_VSPDISCTL, 0);
	check(wptr() == BUF_VA + SLOT && !(cs() & PDISAMBCS_TF) &&
	      rec_at(0, PDIS_REC_ADR1) == (unsigned long)ldbuf &&
	      amb[1][PDIS_REC_ADR1] == PATTERN,
	      "PDISS=1, a VS-mode sample: the HS-level satp, not the guest's");

	s_paging(pte(amb[0], PTE_RWAD | PTE_U), 0);
	setup(PDISCTL_OF, BUF_VA, PDISAMBCS_EN | SIZE(0));
	run(PERIOD);
	check_eq(cs() & PDISAMBCS_TF, PDISAMBCS_TF,
		 "U page: S-mode privilege without SUM faults");
	/* the model's CPU updates A/D in hardware, as for a store */
	s_paging(pte(amb[0], PTE_V | PTE_R | PTE_W), 0);
	setup(PDISCTL_OF, BUF_VA, PDISAMBCS_EN | SIZE(0));
	run(PERIOD);
	check(!(cs() & PDISAMBCS_TF) && load_rec(0) &&
	      (l0[0] & PTE_AD) == PTE_AD,
	      "A, D clear: the write sets them, as a store does");
	csr_write(satp, 0);

	/* PMP: entry 0 denies S/U the page 'denied', entry 1 all */
	pmpaddr = ((unsigned long)denied >> 2) | (PAGE / 8 - 1);
	csr_write(pmpaddr1, -1UL);
	csr_write(pmpaddr0, pmpaddr);
	csr_write(pmpcfg0, (0x1fUL << 8) | 0x18);	/* NAPOT, no RWX */
	setup(PDISCTL_OF, (unsigned long)denied, PDISAMBCS_EN | SIZE(0));
	run(PERIOD);
	check_eq(cs() & PDISAMBCS_TF, PDISAMBCS_TF,
		 "PDISS=1: PMP denies S the page: TF");
	check_eq(denied[PDIS_REC_PC], 0, "  the page untouched");
	/* entry 0 now denies S only the last 64 bytes of slot 0 */
	csr_write(pmpaddr0, (((unsigned long)denied + 64) >> 2) | 7);
	setup(PDISCTL_OF, (unsigned long)denied, PDISAMBCS_EN | SIZE(0));
	run(PERIOD);
	check((cs() & PDISAMBCS_TF) && !denied[PDIS_REC_PC],
	      "PMP denies S a slot's padding half: TF, record not written");
	setup(PDISCTL_OF, (unsigned long)denied + SLOT, PDISAMBCS_EN | SIZE(0));
	run(PERIOD);
	check(!(cs() & PDISAMBCS_TF) &&
	      denied[SLOT_WORDS + PDIS_REC_PC] == (unsigned long)pm_load_insn,
	      "  the next slot, outside the entry, is written");
	csr_write(pmpaddr0, pmpaddr);
	csr_clear(menvcfg, PDISS);
	setup(PDISCTL_OF, (unsigned long)denied, PDISAMBCS_EN | SIZE(0));
	run(PERIOD);
	check(!(cs() & PDISAMBCS_TF) && denied[PDIS_REC_PC] ==
	      (unsigned long)pm_load_insn,
	      "PDISS=0: M-mode privilege writes it (PMP entry not locked)");
	csr_write(pmpcfg0, 0x1f);
	csr_write(pmpaddr0, -1UL);
}

/* VS owner: GUEST_VA -(vsatp)-> GUEST_PA -(hgatp)-> amb[0] */
static void test_vs_owner(void)
{
	groot[2] = pte((void *)0x80000000UL, PTE_RWAD | 0x08 | PTE_U);
	groot[1] = pte(gl1, PTE_V);
	gl1[0] = pte(gl0, PTE_V);
	gl0[0] = pte(amb[0], PTE_RWAD | PTE_U);
	gl0[1] = 0;
	vroot[2] = pte((void *)0x80000000UL, PTE_RWAD | 0x08);
	vroot[3] = pte((void *)GUEST_PA, PTE_RWAD);
	csr_write(CSR_HGATP, SATP_SV39 | (3UL << 44) |
		  ((unsigned long)groot >> 12));
	csr_write(CSR_VSATP, SATP_SV39 | ((unsigned long)vroot >> 12));
	csr_write(satp, 0);
	__asm__ volatile(".insn r 0x73, 0, 0x31, x0, x0, x0" ::: "memory");
	csr_set(menvcfg, PDISS);
	csr_set(CSR_HENVCFG, PDISV);

	setup(PDISCTL_OF, GUEST_VA, PDISAMBCS_EN | SIZE(0));
	run(2 * PERIOD);
	check(wptr() == GUEST_VA + 2 * SLOT && load_rec(1) && pad_is(1, 0),
	      "PDISV=1: guest VA -> vsatp -> hgatp -> host page");

	csr_clear(menvcfg, PDISS);
	setup(PDISCTL_OF, (unsigned long)amb, PDISAMBCS_EN | SIZE(0));
	run(PERIOD);
	check(wptr() == (unsigned long)amb + SLOT && load_rec(0),
	      "PDISV=1 without PDISS: M-mode owner, physical");
	csr_set(menvcfg, PDISS);

	setup(PDISCTL_OF, GUEST_VA, PDISAMBCS_EN | SIZE(1));
	run((RECS_PER_PAGE + 1) * PERIOD);
	check_eq(cs() & (PDISAMBCS_TF | PDISAMBCS_TFPTR_MASK),
		 PDISAMBCS_TF | (1UL << PDISAMBCS_TFPTR_SHIFT),
		 "guest-physical page not mapped by hgatp: TF, TFPTR=1");
	check_eq(hpm_read(C_SAMPLES), RECS_PER_PAGE, "  32 records first");

	gl0[0] = pte(amb[0], PTE_RWAD);
	setup(PDISCTL_OF, GUEST_VA, PDISAMBCS_EN | SIZE(0));
	run(PERIOD);
	check_eq(cs() & PDISAMBCS_TF, PDISAMBCS_TF,
		 "G-stage leaf without U: TF");

	csr_clear(CSR_HENVCFG, PDISV);
	csr_clear(menvcfg, PDISS);
	csr_write(CSR_HGATP, 0);
	csr_write(CSR_VSATP, 0);
}

static unsigned long rd_ambcs(unsigned long a)
{
	(void)a;
	return csr_read(CSR_SPDISAMBCS);
}

static unsigned long wr_ambaddr(unsigned long a)
{
	csr_write(CSR_SPDISAMBADDR, a);
	return 0;
}

static void test_access(void)
{
	unsigned long st = csr_read(CSR_MSTATEEN0);
	unsigned long base = (1UL << 63) | (1UL << 60);

	csr_write(CSR_MSTATEEN0, base);
	check_eq(trap_in(rd_ambcs, 0, MODE_S), CAUSE_ILLEGAL,
		 "mstateen0.PDIS=0: spdisambcs illegal from S");
	check_eq(trap_in(wr_ambaddr, 0x1000, MODE_S), CAUSE_ILLEGAL,
		 "mstateen0.PDIS=0: spdisambaddr illegal from S");
	csr_write(CSR_MSTATEEN0, base | PDIS_STATEEN);
	csr_write(CSR_SPDISAMBCS, SIZE(2));
	check_eq(run_lower(rd_ambcs, 0, MODE_S), SIZE(2) | PDISAMBCS_EMPTY,
		 "mstateen0.PDIS=1: S reads spdisambcs");
	check_eq(trap_in(wr_ambaddr, 0x12345, MODE_S), 0, "S writes spdisambaddr");
	check_eq(csr_read(CSR_SPDISAMBADDR), 0x12300, "  bits 6:0 read 0");
	check_eq(trap_in(rd_ambcs, 0, MODE_U), CAUSE_ILLEGAL, "U: illegal");
	csr_write(CSR_HSTATEEN0, base);
	check_eq(trap_in(rd_ambcs, 0, MODE_VS), CAUSE_VIRTUAL,
		 "hstateen0.PDIS=0: virtual instruction from VS");
	csr_write(CSR_HSTATEEN0, base | PDIS_STATEEN);
	check_eq(run_lower(rd_ambcs, 0, MODE_VS), SIZE(2) | PDISAMBCS_EMPTY,
		 "hstateen0.PDIS=1: VS reads the same spdisambcs");
	check_eq(trap_in(wr_ambaddr, 0x4000, MODE_VS), 0, "VS writes it");
	check_eq(csr_read(CSR_SPDISAMBADDR), 0x4000, "  the one register");
	check_eq(trap_in(rd_ambcs, 0, MODE_VU), CAUSE_VIRTUAL,
		 "VU: virtual instruction");
	csr_write(CSR_SPDISAMBCS, 0);
	csr_write(CSR_MSTATEEN0, st);
}

static unsigned long rd_henvcfg(unsigned long a)
{
	(void)a;
	return csr_read(CSR_HENVCFG);
}

static unsigned long wr_henvcfg(unsigned long a)
{
	csr_write(CSR_HENVCFG, a);
	return 0;
}

/*
 * Draft v0.4.0: while M-mode keeps PDIS (mstateen0.PDIS=0), henvcfg.PDISV
 * is read-only 0 below M-mode: HS reads 0 and its writes leave the bit.
 */
static void test_pdisv_stateen(void)
{
	unsigned long st = csr_read(CSR_MSTATEEN0);
	unsigned long base = (1UL << 63) | (1UL << 62);	/* SE0, ENVCFG */

	csr_write(CSR_MSTATEEN0, base);
	csr_set(CSR_HENVCFG, PDISV);
	check_eq(run_lower(rd_henvcfg, 0, MODE_S) & PDISV, 0,
		 "mstateen0.PDIS=0: HS reads henvcfg.PDISV as 0 (v0.4.0)");
	run_lower(wr_henvcfg, csr_read(CSR_HENVCFG) & ~PDISV, MODE_S);
	check_eq(csr_read(CSR_HENVCFG) & PDISV, PDISV,
		 "mstateen0.PDIS=0: an HS write does not clear PDISV");
	csr_clear(CSR_HENVCFG, PDISV);
	run_lower(wr_henvcfg, csr_read(CSR_HENVCFG) | PDISV, MODE_S);
	check_eq(csr_read(CSR_HENVCFG) & PDISV, 0,
		 "mstateen0.PDIS=0: an HS write does not set PDISV");
	csr_write(CSR_MSTATEEN0, base | PDIS_STATEEN);
	run_lower(wr_henvcfg, csr_read(CSR_HENVCFG) | PDISV, MODE_S);
	check_eq(csr_read(CSR_HENVCFG) & PDISV, PDISV,
		 "mstateen0.PDIS=1: HS sets PDISV");
	check_eq(run_lower(rd_henvcfg, 0, MODE_S) & PDISV, PDISV,
		 "mstateen0.PDIS=1: HS reads PDISV");
	csr_clear(CSR_HENVCFG, PDISV);
	csr_write(CSR_MSTATEEN0, st);
}

int main(void *fdt)
{
	(void)fdt;
	puts_("qemu-model: PDIS memory buffer (x-pdis-mem)\n");
	csr_write(mcounteren, -1UL);
	csr_write(mcountinhibit, ALL_INH);
	test_csrs();
	test_m_owner();
	test_wrap();
	test_batch();
	test_s_owner();
	test_vs_owner();
	test_access();
	test_pdisv_stateen();
	return 0;
}
