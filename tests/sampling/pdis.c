/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * (b) PDIS sampling (Sspdis) of the U-mode workload: every N-th load (then
 * load/store, branch) is selected; each record must carry the selected
 * instruction's PC, type and data address, and the event and latency
 * filters must drop exactly the records they should (counted by a
 * delegated counter on PDIS.FILTERED).
 */
#include "sampling.h"

#define LOAD_N		89
#define LDST_N		100	/* 1 mod 3: selections cycle through L, S, A */
#define CTRL_N		50

/* model latencies (TOTAL): loads 4, stores 2, AMOs 5 */
#define THRESH		3

static unsigned long pcs[MAX_SAMPLES];

static unsigned long rec_type(const struct pdis_rec *r)
{
	return r->hdr & PDIS_TYPE_MASK;
}

static void run_pdis(unsigned long ctl, unsigned long n, bool ldst)
{
	unsigned long i;

	sampler_reset();
	smp.pdis = true;
	pdis_arm(ctl | PDISCTL_U, n);
	sampler_start();
	if (ldst)
		run_ldst_loop(LDST_ITERS);
	else
		run_load_loop(LOAD_ITERS);
	sampler_stop();
	for (i = 0; i < smp.nr_pdis; i++)
		pcs[i] = smp.rec[i].pc;
}

static void loads(void)
{
	unsigned long t0, t1, i, bad_pc = 0, bad_type = 0, bad_adr = 0;
	unsigned long bad_pa = 0, bad_time = 0, prev;

	t0 = time_now();
	run_pdis(PDISCTL_SEL_LOAD | PDISCTL_TS | PDISCTL_PA, LOAD_N, false);
	t1 = time_now();
	print_pc_table("PDIS load records (SEL=load, every 89th)", pcs,
		       smp.nr_pdis, 8);
	TEST_EQ(smp.nr_pdis, LOAD_ITERS / LOAD_N,
		"PDIS loads: one record every %u loads", LOAD_N);
	prev = t0;
	for (i = 0; i < smp.nr_pdis; i++) {
		const struct pdis_rec *r = &smp.rec[i];
		/* record i is load number (i + 1) * N, of work_buf[that - 1] */
		unsigned long adr =
			(unsigned long)&work_buf[(i + 1) * LOAD_N - 1];

		bad_pc += r->pc != (unsigned long)hot_load;
		bad_type += rec_type(r) != PDIS_TYPE_LOAD;
		bad_adr += r->adr1 != adr;
		bad_pa += r->adr2 != r->adr1;
		bad_time += r->time < prev || r->time > t1;
		prev = r->time;
	}
	TEST_EQ(bad_pc, 0, "PDIS loads: every pdispc is hot_load");
	TEST_EQ(bad_type, 0, "PDIS loads: every TYPE is load (1)");
	TEST_EQ(bad_adr, 0,
		"PDIS loads: every pdisadr1 is the element the selected load read");
	TEST_EQ(bad_pa, 0,
		"PDIS loads: pdisadr2 (PA=1) is the physical address (= VA, Bare)");
	TEST_EQ(bad_time, 0,
		"PDIS loads: pdistime (TS=1) rises within the run's time");
}

/* What record k (from 0) of the ldst loop at period LDST_N must be. */
static void ldst_expect(unsigned long k, unsigned long *type,
			unsigned long *pc, unsigned long *adr)
{
	unsigned long idx = (k + 1) * LDST_N - 1, it = idx / 3;

	switch (idx % 3) {
	case 0:
		*type = PDIS_TYPE_LOAD;
		*pc = (unsigned long)ldst_load;
		*adr = (unsigned long)&work_buf[it];
		break;
	case 1:
		*type = PDIS_TYPE_STORE;
		*pc = (unsigned long)ldst_store;
		*adr = (unsigned long)&work_out[it];
		break;
	default:
		*type = PDIS_TYPE_AMO;
		*pc = (unsigned long)ldst_amo;
		*adr = (unsigned long)&work_amo;
		break;
	}
}

/* Selected records of the ldst loop whose type passes @keep(type). */
static unsigned long ldst_expected(bool (*keep)(unsigned long))
{
	unsigned long k, n = 0, type, pc, adr;

	for (k = 0; k < 3 * LDST_ITERS / LDST_N; k++) {
		ldst_expect(k, &type, &pc, &adr);
		n += keep(type);
	}
	return n;
}

/* Records that are not the expected selection (in order, filtered). */
static unsigned long ldst_mismatches(bool (*keep)(unsigned long))
{
	unsigned long k, i = 0, bad = 0, type, pc, adr;

	for (k = 0; k < 3 * LDST_ITERS / LDST_N; k++) {
		ldst_expect(k, &type, &pc, &adr);
		if (!keep(type))
			continue;
		if (i >= smp.nr_pdis)
			return bad + 1;
		bad += rec_type(&smp.rec[i]) != type || smp.rec[i].pc != pc ||
		       smp.rec[i].adr1 != adr;
		i++;
	}
	return bad + (smp.nr_pdis - i);
}

static bool keep_all(unsigned long type)
{
	return true;
}

static bool keep_store(unsigned long type)
{
	return type == PDIS_TYPE_STORE;
}

static bool keep_slow(unsigned long type)
{
	return type != PDIS_TYPE_STORE;
}

struct filter_case {
	const char *name;
	unsigned long mask, match, filter;
	bool (*keep)(unsigned long type);
};

static const struct filter_case filters[] = {
	{ "no filter", 0, 0, 0, keep_all },
	{ "event filter TYPE == store", PDIS_TYPE_MASK, PDIS_TYPE_STORE, 0,
	  keep_store },
	{ "latency filter TOTAL >= 3", 0, 0, THRESH, keep_slow },
	{ "latency filter TOTAL < 3 (INV)", 0, 0, THRESH | SPDISFILTER_INV,
	  keep_store },
};

static void ldst_filter(const struct filter_case *f, unsigned int cf)
{
	unsigned long want = ldst_expected(f->keep);
	unsigned long all = 3 * LDST_ITERS / LDST_N;

	csr_write(CSR_SPDISEVMASK, f->mask);
	csr_write(CSR_SPDISEVMATCH, f->match);
	csr_write(CSR_SPDISFILTER, f->filter);
	dctr_setup(cf, HPM_EV_PDIS_FILTERED, 0);
	dctr_start(BIT(cf));
	run_pdis(PDISCTL_SEL_LDST, LDST_N, true);
	dctr_stop(BIT(cf));
	csr_write(CSR_SPDISEVMASK, 0);
	csr_write(CSR_SPDISFILTER, 0);
	if (f->keep == keep_all)
		print_pc_table("PDIS load/store records (SEL=load+store, every 100th)",
			       pcs, smp.nr_pdis, 8);
	TEST_EQ(smp.nr_pdis, want, "PDIS load/store, %s: %lu of %lu records kept",
		f->name, want, all);
	TEST_EQ(ldst_mismatches(f->keep), 0,
		"PDIS load/store, %s: each record has the selected PC, type and address",
		f->name);
	TEST_EQ(dctr_read(cf), all - want,
		"PDIS load/store, %s: PDIS.FILTERED counted the dropped records",
		f->name);
}

static void branches(void)
{
	unsigned long i, bad = 0;

	run_pdis(PDISCTL_SEL_CTRL, CTRL_N, false);
	print_pc_table("PDIS control-transfer records (SEL=branch, every 50th)",
		       pcs, smp.nr_pdis, 8);
	/* the call into the loop, its branches and its return */
	TEST_EQ(smp.nr_pdis, (LOAD_ITERS + 2) / CTRL_N,
		"PDIS branches: one record every %u control transfers", CTRL_N);
	for (i = 0; i < smp.nr_pdis; i++) {
		const struct pdis_rec *r = &smp.rec[i];

		bad += r->pc != (unsigned long)hot_branch ||
		       rec_type(r) != PDIS_TYPE_CTRL ||
		       !(r->hdr & PDIS_HDR_TKBR) ||
		       r->adr1 != (unsigned long)load_loop_top;
	}
	TEST_EQ(bad, 0,
		"PDIS branches: every record is hot_branch, taken (TKBR), target load_loop_top");
}

void demo_pdis(void)
{
	unsigned int i;

	loads();
	for (i = 0; i < ARRAY_SIZE(filters); i++)
		ldst_filter(&filters[i], demo.ctr[2]);
	branches();
}
