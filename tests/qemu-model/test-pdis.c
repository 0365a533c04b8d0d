// SPDX-License-Identifier: BSD-2-Clause
/*
 * Smpdis/Sspdis on the QEMU model: CSR fields (WARL, reserved bits,
 * hardwired ones), counting by SEL and mode, selection, reload,
 * collisions, record contents for loads, stores and every control-transfer
 * type, both filters, ACC, OF + LCOFI, scountovf[1], mcountinhibit[1],
 * scountinhibit[1], stateen access rules, VS-mode, PDIS events.
 */
#include "lib.h"

extern void seq_mix(void *buf, unsigned long inh);
extern void seq_loads(void *buf, unsigned long inh);
extern void seq_acc(void *buf, unsigned long inh);
extern void seq_ctl(void *buf, unsigned long inh);
extern unsigned long s_loads(unsigned long buf);
extern unsigned long seq_load_pc, seq_acc_ld[];
extern const unsigned long ctl_pcs[12], ctl_tgts[12];

static uint64_t buf[8] __attribute__((aligned(64)));

#define ALL_INH		0xffffffffUL
#define MENVCFG_CDE	(1UL << 60)
#define PDIS_STATEEN	(1UL << SMSTATEEN0_PDIS_SHIFT)
#define SVSLCT		(1UL << 60)
#define CSR_MSTATEEN0	0x30c
#define CSR_HSTATEEN0	0x60c
#define CSR_HENVCFG	0x60a
#define CSR_SISELECT	0x150
#define CSR_SIREG	0x151
#define CSR_VSISELECT	0x250
#define CSR_VSIREG	0x251
#define COUNT_MASK	0xffffffffUL

static unsigned long rec[PDIS_RECORD_BYTES / 8];
static unsigned long rec_data1; /* siselect 0x61, all six sireg ORed */

static void read_record(void)
{
	csr_write(CSR_SISELECT, ISELECT_PDIS_DATA0);
	rec[PDIS_REC_HDREV] = csr_read(0x151);
	rec[PDIS_REC_PC] = csr_read(0x152);
	rec[PDIS_REC_TIME] = csr_read(0x153);
	rec[PDIS_REC_LAT] = csr_read(0x155);
	rec[PDIS_REC_ADR1] = csr_read(0x156);
	rec[PDIS_REC_ADR2] = csr_read(0x157);
	csr_write(CSR_SISELECT, ISELECT_PDIS_DATA1);
	rec_data1 = csr_read(0x151) | csr_read(0x152) | csr_read(0x153) |
		    csr_read(0x155) | csr_read(0x156) | csr_read(0x157);
}

/* Program PDIS: control, COUNT, INITVAL; no filters; OF clear. */
static void pdis(unsigned long ctl, uint32_t count, uint32_t initval)
{
	csr_write(mcountinhibit, ALL_INH);
	csr_write(CSR_MPDISCTL, ctl);
	csr_write(CSR_SPDISCOUNTER, ((unsigned long)initval << 32) | count);
	csr_write(CSR_SPDISEVMASK, 0);
	csr_write(CSR_SPDISEVMATCH, 0);
	csr_write(CSR_SPDISFILTER, 0);
	csr_clear(mip, MIP_LCOFIP);
}

static unsigned long count(void)
{
	return csr_read(CSR_SPDISCOUNTER) & COUNT_MASK;
}

static void test_csrs(void)
{
	unsigned long want = PDISCTL_HPM_MASK | PDISCTL_ACC | PDISCTL_TS |
			     PDISCTL_PA | PDISCTL_EPT | PDISCTL_U | PDISCTL_S |
			     PDISCTL_M | PDISCTL_OF;

	csr_write(CSR_MPDISCTL, -1UL);
	check_eq(csr_read(CSR_MPDISCTL), want,
		 "mpdisctl WARL: MEM, Custom, reserved 0; SEL 7 -> 0");
	csr_write(CSR_MPDISCTL, PDISCTL_SEL_CTRL);
	check_eq(csr_read(CSR_MPDISCTL), PDISCTL_SEL_CTRL, "SEL 4 kept");
	csr_write(CSR_MPDISCTL, 5);
	check_eq(csr_read(CSR_MPDISCTL) & PDISCTL_SEL_MASK, 0,
		 "reserved SEL 5 reads 0");
	csr_write(CSR_MPDISCTL, PDISCTL_M | 1);
	check_eq(csr_read(CSR_SPDISCTL), 1, "spdisctl: M reads 0");
	csr_write(CSR_SPDISCTL, PDISCTL_S | 2);
	check_eq(csr_read(CSR_MPDISCTL), PDISCTL_M | PDISCTL_S | 2,
		 "spdisctl write keeps mpdisctl.M");
	csr_write(CSR_SPDISCOUNTER, 0x123456789abcdef0UL);
	check_eq(csr_read(CSR_SPDISCOUNTER), 0x123456789abcdef0UL,
		 "spdiscounter COUNT and INITVAL");
	csr_write(CSR_SPDISEVMASK, -1UL);
	check_eq(csr_read(CSR_SPDISEVMASK), 0x00ffffffffffffffUL,
		 "spdisevmask bits 63:56 read 0");
	csr_write(CSR_SPDISEVMATCH, -1UL);
	check_eq(csr_read(CSR_SPDISEVMATCH), 0x00ffffffffffffffUL,
		 "spdisevmatch bits 63:56 read 0");
	csr_write(CSR_SPDISFILTER, -1UL);
	check_eq(csr_read(CSR_SPDISFILTER), 0x1fff,
		 "spdisfilter: THRESH, INV; LATSEL hardwired 0");
	csr_set(menvcfg, 1UL << MENVCFG_PDISS_SHIFT);
	check_eq(csr_read(menvcfg) & (1UL << MENVCFG_PDISS_SHIFT), 0,
		 "menvcfg.PDISS read-only 0 (MEM hardwired 0)");
	csr_set(CSR_HENVCFG, 1UL << HENVCFG_PDISV_SHIFT);
	check_eq(csr_read(CSR_HENVCFG) & (1UL << HENVCFG_PDISV_SHIFT), 0,
		 "henvcfg.PDISV read-only 0");
	csr_write(mcountinhibit, 2);
	check_eq(csr_read(mcountinhibit) & 2, 2, "mcountinhibit[1] writable");
	csr_write(mcountinhibit, 0);
	trap_count = 0;
	(void)csr_read(CSR_SPDISAMBCS);
	check_eq(trap_count ? trap_cause : 0, CAUSE_ILLEGAL,
		 "spdisambcs not implemented (MEM hardwired 0)");
	csr_write(CSR_MPDISCTL, PDISCTL_OF);
	check_eq(csr_read(scountovf) & 2, 2, "scountovf[1] mirrors OF");
	csr_write(CSR_MPDISCTL, 0);
	check_eq(csr_read(scountovf) & 2, 0, "scountovf[1] clear");
}

static void test_counting(void)
{
	static const struct { unsigned sel; unsigned long n; const char *name; }
	t[] = {
		{ PDISCTL_SEL_LOAD, 7, "SEL=1 counts 7 loads (LR, AMO incl.)" },
		{ PDISCTL_SEL_STORE, 5, "SEL=2 counts 5 stores (SC, AMO incl.)" },
		{ PDISCTL_SEL_LDST, 11, "SEL=3 counts 11 loads/stores" },
		{ PDISCTL_SEL_CTRL, 8, "SEL=4 counts 8 control transfers" },
		{ PDISCTL_SEL_ALL, 26, "SEL=0 counts every instruction" },
	};
	unsigned i;

	for (i = 0; i < 5; i++) {
		pdis(PDISCTL_M | t[i].sel, 0, 0);
		seq_mix(buf, ALL_INH);
		check_eq(count(), t[i].n, t[i].name);
	}
	pdis(PDISCTL_S | PDISCTL_U | PDISCTL_SEL_LOAD, 0, 0);
	seq_mix(buf, ALL_INH);
	check_eq(count(), 0, "M clear: M-mode not counted");
	pdis(PDISCTL_M | PDISCTL_SEL_LOAD, 0, 0);
	csr_write(mcountinhibit, 0);
	csr_write(mcountinhibit, 2);	/* only PDIS inhibited */
	seq_loads(buf, 2);		/* uninhibits all, re-inhibits bit 1 */
	check_eq(count(), 10, "counting while mcountinhibit[1] = 0");
	hpm_write(3, 0);
	seq_loads(buf, ALL_INH);
	check_eq(count(), 20, "counts again");
}

static void test_sample_load(void)
{
	hpm_event(3, HPM_EV_INST_RET_LOAD);
	hpm_event(4, HPM_EV_INST_RET_STORE);
	hpm_event(5, HPM_EV_PDIS_SAMPLES);
	hpm_event(6, HPM_EV_PDIS_COLLISIONS);
	hpm_event(7, HPM_EV_PDIS_FILTERED);
	hpm_event(8, HPM_EV_INST_DEC_LDST_SPEC);
	pdis(PDISCTL_M | PDISCTL_SEL_LOAD | (1UL << 3) | (1UL << 4),
	     0xfffffffd, 0xffffff00);
	hpm_write(5, 0);
	trap_count = 0;
	csr_set(mie, MIP_LCOFIP);
	csr_set(mstatus, MSTATUS_MIE);
	seq_loads(buf, ALL_INH);
	csr_clear(mstatus, MSTATUS_MIE);
	check_eq(trap_count, 1, "qualified sample raises one LCOFI");
	check_eq(trap_epc, seq_load_pc + 12,
		 "skidless: taken before the next instruction (4th load)");
	check((csr_read(CSR_MPDISCTL) & PDISCTL_OF) != 0, "OF set");
	check_eq(count(), 0xffffff00 + 7, "reloaded from INITVAL, counting");
	read_record();
	check_eq(rec[PDIS_REC_HDREV], PDISHDR_TYPE_LOAD | (1UL << 3),
		 "hdrev: TYPE=1 (load), HPM3 (loads) set, HPM4 (stores) not");
	check_eq(rec[PDIS_REC_PC], seq_load_pc + 8, "pdispc = the 3rd load");
	check_eq(rec[PDIS_REC_TIME], 0, "pdistime 0 without TS");
	check_eq(rec[PDIS_REC_LAT], 4,
		 "pdislat TOTAL = 4 (load), no other field");
	check_eq(rec[PDIS_REC_ADR1], (unsigned long)buf,
		 "pdisadr1 = data address");
	check_eq(rec[PDIS_REC_ADR2], 0, "pdisadr2 = 0 without PA");
	check_eq(rec_data1, 0, "siselect 0x61 reads 0");
	check_eq(hpm_read(5), 1, "PDIS.SAMPLES = 1");
	csr_clear(mip, MIP_LCOFIP);

	/* PA and TS */
	pdis(PDISCTL_M | PDISCTL_SEL_LOAD | PDISCTL_PA | PDISCTL_TS,
	     0xffffffff, 0xffffff00);
	seq_loads(buf, ALL_INH);
	read_record();
	check_eq(rec[PDIS_REC_ADR2], (unsigned long)buf,
		 "PA: pdisadr2 = physical address");
	check(rec[PDIS_REC_TIME] != 0,
	      "TS: pdistime recorded (M-mode reads time)");

	/* a store */
	pdis(PDISCTL_M | PDISCTL_SEL_STORE, 0xffffffff, 0xffffff00);
	seq_mix(buf, ALL_INH);
	read_record();
	check_eq(rec[PDIS_REC_HDREV], PDISHDR_TYPE_STORE, "store: TYPE=2");
	check_eq(rec[PDIS_REC_LAT], 2, "store: TOTAL = 2");
	check_eq(rec[PDIS_REC_ADR1], (unsigned long)buf + 24,
		 "store: adr1 = address");
	/* an AMO */
	pdis(PDISCTL_M | PDISCTL_SEL_LDST, 0xfffffff7, 0xffffff00);
	seq_mix(buf, ALL_INH);
	read_record();
	check_eq(rec[PDIS_REC_HDREV], PDISHDR_TYPE_LDST,
		 "AMO: TYPE=3 (load & store)");
	check_eq(rec[PDIS_REC_LAT], 5, "AMO: TOTAL = 5");
	check_eq(hpm_read(8) >= 11, 1, "INST.DEC.LDST.SPEC counts");
	check((csr_read(mip) & MIP_LCOFIP) != 0, "LCOFIP pending (no MIE)");
	csr_clear(mip, MIP_LCOFIP);
}

static void test_ctl(void)
{
	static const unsigned long bits[12] = {
		PDISHDR_TKBR | PDISHDR_MISPRED,
		PDISHDR_NTBR | PDISHDR_MISPRED,
		PDISHDR_DIRCALL,
		PDISHDR_RET,
		PDISHDR_DIRJMP,
		PDISHDR_DIRLJMP,
		PDISHDR_INDCALL,
		PDISHDR_RET,
		PDISHDR_INDJMP,
		PDISHDR_INDLJMP,
		PDISHDR_CORSWAP,
		PDISHDR_TRET,
	};
	static const char *names[12] = {
		"taken forward branch (TKBR, MISPRED)",
		"not-taken backward branch (NTBR, MISPRED)",
		"direct call", "return", "direct jump", "other direct jump",
		"indirect call", "return (2)", "indirect jump",
		"other indirect jump", "co-routine swap", "trap return (TRET)",
	};
	unsigned i;

	for (i = 0; i < 12; i++) {
		pdis(PDISCTL_M | PDISCTL_SEL_CTRL | PDISCTL_EPT,
		     (uint32_t)(0 - (i + 1)), 0xffffff00);
		seq_ctl(buf, ALL_INH);
		read_record();
		check_eq(rec[PDIS_REC_HDREV], PDISHDR_TYPE_CTRL | bits[i],
			 names[i]);
		check_eq(rec[PDIS_REC_PC], ctl_pcs[i], "  pdispc");
		check_eq(rec[PDIS_REC_ADR1], ctl_tgts[i],
			 "  pdisadr1 = target");
		if (i == 4)
			check_eq(rec[PDIS_REC_ADR2], ctl_tgts[3],
				 "  EPT: pdisadr2 = prior transfer's target");
		if (i < 2)
			check_eq(rec[PDIS_REC_LAT], 6,
				 "  mispredicted: TOTAL = 1 + 5");
	}
	csr_clear(mip, MIP_LCOFIP);
}

static void test_filters(void)
{
	/* event filter: keep stores only -> the selected load is dropped */
	pdis(PDISCTL_M | PDISCTL_SEL_LOAD, 0xffffffff, 0xffffff00);
	csr_write(CSR_SPDISEVMASK, 7);
	csr_write(CSR_SPDISEVMATCH, PDISCTL_SEL_STORE);
	hpm_write(5, 0);
	hpm_write(7, 0);
	seq_loads(buf, ALL_INH);
	check_eq(csr_read(CSR_MPDISCTL) & PDISCTL_OF, 0, "event filter drops");
	check_eq(hpm_read(7), 1, "PDIS.FILTERED = 1");
	check_eq(hpm_read(5), 0, "PDIS.SAMPLES = 0");
	csr_write(CSR_SPDISEVMATCH, PDISCTL_SEL_LOAD);
	csr_write(CSR_SPDISCOUNTER, (0xffffff00UL << 32) | 0xffffffff);
	seq_loads(buf, ALL_INH);
	check((csr_read(CSR_MPDISCTL) & PDISCTL_OF) != 0, "event filter passes loads");

	/* latency filter on TOTAL (4 for a load) */
	pdis(PDISCTL_M | PDISCTL_SEL_LOAD, 0xffffffff, 0xffffff00);
	csr_write(CSR_SPDISFILTER, 5);
	seq_loads(buf, ALL_INH);
	check_eq(csr_read(CSR_MPDISCTL) & PDISCTL_OF, 0, "TOTAL 4 < THRESH 5");
	pdis(PDISCTL_M | PDISCTL_SEL_LOAD, 0xffffffff, 0xffffff00);
	csr_write(CSR_SPDISFILTER, 4);
	seq_loads(buf, ALL_INH);
	check((csr_read(CSR_MPDISCTL) & PDISCTL_OF) != 0, "TOTAL 4 >= THRESH 4");
	pdis(PDISCTL_M | PDISCTL_SEL_LOAD, 0xffffffff, 0xffffff00);
	csr_write(CSR_SPDISFILTER, SPDISFILTER_INV | 5);
	seq_loads(buf, ALL_INH);
	check((csr_read(CSR_MPDISCTL) & PDISCTL_OF) != 0, "INV: 4 < 5 qualifies");

	/* ACC: filtered samples select the next instruction at once */
	pdis(PDISCTL_M | PDISCTL_SEL_ALL | PDISCTL_ACC, 0xffffffff,
	     0xffffff00);
	csr_write(CSR_SPDISEVMASK, 7);
	csr_write(CSR_SPDISEVMATCH, PDISCTL_SEL_LOAD);
	hpm_write(7, 0);
	seq_acc(buf, ALL_INH);
	read_record();
	check_eq(rec[PDIS_REC_PC], (unsigned long)seq_acc_ld,
		 "ACC: after two filtered addi, the load is sampled");
	check_eq(hpm_read(7), 2, "ACC: PDIS.FILTERED = 2");
	csr_clear(mip, MIP_LCOFIP);
}

static void test_collisions(void)
{
	/* every load wraps the counter: samples at loads 1, 5, 9 */
	pdis(PDISCTL_M | PDISCTL_SEL_LOAD, 0xffffffff, 0xffffffff);
	hpm_write(5, 0);
	hpm_write(6, 0);
	seq_loads(buf, ALL_INH);
	check_eq(hpm_read(5), 3, "INITVAL=-1: 3 samples (busy 3 after each)");
	check_eq(hpm_read(6), 7, "7 collisions");
	check_eq(count(), 0xffffffff, "COUNT reloaded to INITVAL");
	read_record();
	check_eq(rec[PDIS_REC_PC], seq_load_pc + 8 * 4,
		 "last record: the 9th load");
	csr_clear(mip, MIP_LCOFIP);
}

static unsigned long rd_spdisctl(unsigned long a)
{
	(void)a;
	return csr_read(CSR_SPDISCTL);
}

static unsigned long wr_spdisctl(unsigned long a)
{
	csr_write(CSR_SPDISCTL, a);
	return 0;
}

static unsigned long rd_record(unsigned long a)
{
	(void)a;
	csr_write(CSR_SISELECT, ISELECT_PDIS_DATA0);
	return csr_read(0x152);
}

static unsigned long wr_scountinhibit(unsigned long a)
{
	csr_write(0x120, a);
	return csr_read(0x120);
}

static void test_modes(void)
{
	unsigned long st = csr_read(CSR_MSTATEEN0);

	csr_write(CSR_MSTATEEN0, st | SVSLCT | (1UL << 63));
	pdis(PDISCTL_S | PDISCTL_SEL_LOAD, 0, 0);
	csr_write(mcountinhibit, 0);
	run_lower(s_loads, (unsigned long)buf, MODE_S);
	check_eq(count(), 5, "S bit: S-mode loads counted");
	run_lower(s_loads, (unsigned long)buf, MODE_U);
	check_eq(count(), 5, "U bit clear: U-mode not counted");
	csr_write(CSR_MPDISCTL, PDISCTL_U | PDISCTL_SEL_LOAD);
	run_lower(s_loads, (unsigned long)buf, MODE_U);
	check_eq(count(), 10, "U bit: U-mode counted");
	run_lower(s_loads, (unsigned long)buf, MODE_VS);
	check_eq(count(), 10, "mpdisctl.S/U do not count VS/VU");
	csr_write(CSR_VSPDISCTL, PDISCTL_S | PDISCTL_SEL_LOAD);
	run_lower(s_loads, (unsigned long)buf, MODE_VS);
	check_eq(count(), 15, "vspdisctl.S: VS-mode counted");
	check_eq(csr_read(CSR_VSPDISCTL), PDISCTL_S | PDISCTL_SEL_LOAD,
		 "vspdisctl reads its own S/U, shared SEL");
	csr_write(mcountinhibit, ALL_INH);

	/* access control */
	csr_write(CSR_MSTATEEN0, (st | SVSLCT | (1UL << 63)) & ~PDIS_STATEEN);
	check_eq(trap_in(rd_spdisctl, 0, MODE_S), CAUSE_ILLEGAL,
		 "mstateen0.PDIS=0: spdisctl illegal from S");
	check_eq(trap_in(rd_record, 0, MODE_S), CAUSE_ILLEGAL,
		 "mstateen0.PDIS=0: sample record illegal from S");
	csr_write(CSR_HSTATEEN0, -1UL);
	check_eq(csr_read(CSR_HSTATEEN0) & PDIS_STATEEN, 0,
		 "hstateen0.PDIS read-only 0 while mstateen0.PDIS=0");
	csr_set(CSR_MSTATEEN0, PDIS_STATEEN);
	check_eq(trap_in(rd_spdisctl, 0, MODE_S), 0,
		 "mstateen0.PDIS=1: spdisctl from S");
	csr_write(CSR_MPDISCTL, PDISCTL_M | PDISCTL_SEL_LOAD);
	check_eq(run_lower(rd_spdisctl, 0, MODE_S), PDISCTL_SEL_LOAD,
		 "S reads spdisctl (M hidden)");
	check_eq(trap_in(wr_spdisctl, PDISCTL_S | 2, MODE_S), 0, "S writes");
	check_eq(csr_read(CSR_MPDISCTL), PDISCTL_M | PDISCTL_S | 2,
		 "S write lands, M kept");
	check_eq(trap_in(rd_record, 0, MODE_S), 0, "record readable from S");
	csr_write(CSR_HSTATEEN0, (1UL << 63) | SVSLCT);
	check_eq(trap_in(rd_spdisctl, 0, MODE_VS), CAUSE_VIRTUAL,
		 "hstateen0.PDIS=0: virtual instruction from VS");
	csr_write(CSR_HSTATEEN0, (1UL << 63) | SVSLCT | PDIS_STATEEN);
	check_eq(csr_read(CSR_HSTATEEN0) & PDIS_STATEEN, PDIS_STATEEN,
		 "hstateen0.PDIS writable when mstateen0.PDIS=1");
	csr_write(CSR_VSPDISCTL, PDISCTL_U | 4);
	check_eq(run_lower(rd_spdisctl, 0, MODE_VS), PDISCTL_U | 4,
		 "VS-mode spdisctl accesses vspdisctl");
	check_eq(trap_in(rd_spdisctl, 0, MODE_U), CAUSE_ILLEGAL,
		 "U-mode: illegal");
	csr_write(CSR_SISELECT, ISELECT_PDIS_DATA0);
	check_eq(run_lower(rd_record, 0, MODE_VS), csr_read(0x152),
		 "VS-mode reads the record through vsiselect 0x60");
	csr_write(CSR_HSTATEEN0, (1UL << 63) | SVSLCT);
	check_eq(trap_in(rd_record, 0, MODE_VS), CAUSE_VIRTUAL,
		 "hstateen0.PDIS=0: record from VS is a virtual instruction");
	csr_write(CSR_HSTATEEN0, (1UL << 63) | SVSLCT | PDIS_STATEEN);

	/* scountinhibit[1] (scountinhibit itself is illegal with CDE=0) */
	csr_write(mcountinhibit, 0);
	csr_clear(menvcfg, MENVCFG_CDE);
	check_eq(trap_in(wr_scountinhibit, 2, MODE_S), CAUSE_ILLEGAL,
		 "CDE=0: scountinhibit illegal");
	check_eq(csr_read(mcountinhibit) & 2, 0, "  mcountinhibit[1] kept");
	csr_set(menvcfg, MENVCFG_CDE);
	csr_clear(CSR_MSTATEEN0, PDIS_STATEEN);
	check_eq(run_lower(wr_scountinhibit, 2, MODE_S) & 2, 0,
		 "scountinhibit[1] read-only 0 with mstateen0.PDIS=0");
	csr_set(CSR_MSTATEEN0, PDIS_STATEEN);
	check_eq(run_lower(wr_scountinhibit, 2, MODE_S) & 2, 2,
		 "scountinhibit[1] writes mcountinhibit[1] (PDIS=1, CDE=1)");
	check_eq(csr_read(mcountinhibit) & 2, 2, "  mcountinhibit[1] set");
	csr_clear(menvcfg, MENVCFG_CDE);
	csr_write(CSR_MSTATEEN0, st);
	csr_write(mcountinhibit, ALL_INH);
}

static unsigned long rd_scountovf(unsigned long a)
{
	(void)a;
	return csr_read(0xda0);
}

/*
 * Draft v0.4.0: while M-mode keeps PDIS (mstateen0.PDIS=0), scountovf[1]
 * is read-only 0 below M-mode; M-mode still sees mpdisctl.OF there.
 */
static void test_scountovf_stateen(void)
{
	unsigned long st = csr_read(CSR_MSTATEEN0);

	csr_clear(mie, MIP_LCOFIP);
	csr_write(CSR_MPDISCTL, PDISCTL_OF);
	csr_clear(mip, MIP_LCOFIP);
	csr_write(CSR_MSTATEEN0, st & ~PDIS_STATEEN);
	check_eq(run_lower(rd_scountovf, 0, MODE_S) & 2, 0,
		 "mstateen0.PDIS=0: scountovf[1] reads 0 from S (v0.4.0)");
	check_eq(csr_read(0xda0) & 2, 2,
		 "mstateen0.PDIS=0: M-mode reads scountovf[1] = OF");
	csr_write(CSR_MSTATEEN0, st | PDIS_STATEEN);
	check_eq(run_lower(rd_scountovf, 0, MODE_S) & 2, 2,
		 "mstateen0.PDIS=1: scountovf[1] = mpdisctl.OF from S");
	csr_write(CSR_MPDISCTL, 0);
	check_eq(run_lower(rd_scountovf, 0, MODE_S) & 2, 0,
		 "mstateen0.PDIS=1: scountovf[1] = 0 with OF clear");
	csr_clear(mip, MIP_LCOFIP);
	csr_write(CSR_MSTATEEN0, st);
}

int main(void *fdt)
{
	(void)fdt;
	puts_("qemu-model: Smpdis/Sspdis\n");
	csr_write(mcounteren, -1UL);
	test_csrs();
	test_counting();
	test_sample_load();
	test_ctl();
	test_filters();
	test_collisions();
	test_modes();
	test_scountovf_stateen();
	return 0;
}
