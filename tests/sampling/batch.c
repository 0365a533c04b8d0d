/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * (b2) PDIS batch mode (the PDIS memory buffer, x-pdis-mem): the U-mode
 * load loop sampled every 89th load into a 4 KiB buffer with OF=1, MEM=1
 * and BMIEN=1, BMITH=2. Each record takes a 128-byte slot (the 64-byte
 * record, then 64 zero bytes), so the buffer holds 32. No LCOFI; each
 * LAMBI (half full, 16 records) drains the buffer and rewinds it. Every
 * record must be the hot load with the element it read, its padding zero;
 * PDIS.SAMPLES counts them all, PDIS.DROPPED none. Then the same run
 * without draining: a circular buffer keeps the last 32 (PDIS.SAMPLES
 * above the records found), stop-on-full the first 32 (the rest in
 * PDIS.DROPPED).
 */
#include "sampling.h"

#define BATCH_N		89
#define RING_BYTES	4096		/* SIZE 0 */
#define SLOT		PDIS_AMB_SLOT_BYTES
#define RING_RECS	(RING_BYTES / SLOT)
#define PATTERN		0xa5	/* the ring's bytes before a run */
#define AMB_BMITH(n)	((unsigned long)(n) << PDISAMBCS_BMITH_SHIFT)
#define BATCH_CS	(PDISAMBCS_EN | PDISAMBCS_BMIEN | AMB_BMITH(2))

static uint64_t ring[RING_BYTES / 8] __attribute__((aligned(RING_BYTES)));
static unsigned long pcs[MAX_SAMPLES];
static unsigned long lambis, lambi_bad, pad_bad;

static void drain(unsigned long upto)
{
	unsigned long i, w, n = (upto - (unsigned long)ring) / SLOT;

	for (i = 0; i < n && smp.nr_pdis < MAX_SAMPLES; i++) {
		const uint64_t *r = &ring[SLOT / 8 * i];
		struct pdis_rec *d = &smp.rec[smp.nr_pdis++];

		for (w = PDIS_RECORD_BYTES / 8; w < SLOT / 8; w++)
			pad_bad += r[w] != 0;

		d->hdr = r[PDIS_REC_HDREV];
		d->pc = r[PDIS_REC_PC];
		d->time = r[PDIS_REC_TIME];
		d->lat = r[PDIS_REC_LAT];
		d->adr1 = r[PDIS_REC_ADR1];
		d->adr2 = r[PDIS_REC_ADR2];
	}
}

/* The LAMBI: collect the records, rewind the buffer (written while EN=0) */
static void batch_lambi(unsigned long irq, struct trap_frame *f)
{
	unsigned long cs = csr_read(CSR_SPDISAMBCS);

	(void)irq;
	(void)f;
	csr_clear(CSR_SIP, SIP_LAMBIP);
	lambis++;
	lambi_bad += (cs & (PDISAMBCS_BMI | PDISAMBCS_TF)) != PDISAMBCS_BMI;
	drain(csr_read(CSR_SPDISAMBADDR));
	pdis_amb_set((unsigned long)ring, BATCH_CS);
}

/* One run of the load loop into the ring; returns spdisambaddr after it */
static unsigned long run_batch(unsigned long ambcs, bool lambi, int cs,
			       int cd)
{
	unsigned long w;

	sampler_reset();
	lambis = lambi_bad = pad_bad = 0;
	memset(ring, PATTERN, sizeof(ring));
	dctr_setup(cs, HPM_EV_PDIS_SAMPLES, 0);
	dctr_setup(cd, HPM_EV_PDIS_DROPPED, 0);
	pdis_amb_set((unsigned long)ring, ambcs);
	if (lambi) {
		trap_set_irq_handler(IRQ_LAMBI, batch_lambi);
		csr_set(CSR_SIE, SIP_LAMBIP);
	}
	pdis_arm(PDISCTL_U | PDISCTL_MEM | PDISCTL_SEL_LOAD, BATCH_N);
	csr_set(CSR_SPDISCTL, PDISCTL_OF);	/* batch: no LCOFI */
	dctr_start(BIT(cs) | BIT(cd));
	run_load_loop(LOAD_ITERS);
	dctr_stop(BIT(cs) | BIT(cd));
	pdis_disarm();
	csr_clear(CSR_SIE, SIP_LAMBIP);
	trap_set_irq_handler(IRQ_LAMBI, NULL);
	w = csr_read(CSR_SPDISAMBADDR);
	return w;
}

/* records i..: load number (k + 1) * N, of work_buf[that - 1] */
static unsigned long bad_records(unsigned long first_k)
{
	unsigned long i, bad = 0;

	for (i = 0; i < smp.nr_pdis; i++) {
		const struct pdis_rec *r = &smp.rec[i];
		unsigned long k = first_k + i;

		pcs[i] = r->pc;
		bad += r->pc != (unsigned long)hot_load ||
		       (r->hdr & PDIS_TYPE_MASK) != PDIS_TYPE_LOAD ||
		       r->adr1 != (unsigned long)&work_buf[(k + 1) * BATCH_N - 1];
	}
	return bad;
}

/* ring slot s holds record k, k % 32 = s, the last of the total */
static unsigned long circular_bad(unsigned long total)
{
	unsigned long s, k, bad = 0, first = total - RING_RECS;

	for (s = 0; s < RING_RECS; s++) {
		k = first + (s + RING_RECS - first % RING_RECS) % RING_RECS;
		bad += smp.rec[s].pc != (unsigned long)hot_load ||
		       smp.rec[s].adr1 !=
			       (unsigned long)&work_buf[(k + 1) * BATCH_N - 1];
	}
	return bad;
}

void demo_pdis_batch(void)
{
	unsigned long total = LOAD_ITERS / BATCH_N, lcofis, w;
	int cs = demo.ctr[0], cd = demo.ctr[1];

	lcofis = trap_irq_count(IRQ_LCOF);
	w = run_batch(BATCH_CS, true, cs, cd);
	drain(w);
	TEST_EQ(bad_records(0), 0,
		"PDIS batch: every record is hot_load with the element it read");
	print_pc_table("PDIS batch-mode records (MEM=1, OF=1, a LAMBI at "
		       "half of 32, every 89th load)", pcs, smp.nr_pdis, 8);
	TEST_EQ(smp.nr_pdis, total,
		"PDIS batch: %lu records collected, one every %u loads", total,
		BATCH_N);
	TEST_EQ(lambis, total / (RING_RECS / 2),
		"PDIS batch: one LAMBI per 16 records (BMITH=2)");
	TEST_EQ(lambi_bad, 0, "PDIS batch: each LAMBI had BMI=1, TF=0");
	TEST_EQ(pad_bad, 0,
		"PDIS batch: each slot's last 64 bytes written as zeros");
	TEST_EQ(trap_irq_count(IRQ_LCOF), lcofis,
		"PDIS batch: no LCOFI (OF stayed 1)");
	TEST_EQ(dctr_read(cs), total, "PDIS batch: PDIS.SAMPLES = %lu", total);
	TEST_EQ(dctr_read(cd), 0, "PDIS batch: PDIS.DROPPED = 0");

	/* circular: the last 32 records stay, the older ones are overwritten */
	w = run_batch(PDISAMBCS_EN, false, cs, cd);
	smp.nr_pdis = 0;
	drain((unsigned long)ring + RING_BYTES);
	TEST_ASSERT(dctr_read(cs) == total && smp.nr_pdis == RING_RECS &&
		    (csr_read(CSR_SPDISAMBCS) & PDISAMBCS_WRAP),
		    "PDIS circular: PDIS.SAMPLES %lu > the %u records found "
		    "(WRAP=1)", dctr_read(cs), RING_RECS);
	TEST_EQ(w, (unsigned long)ring + (total % RING_RECS) * SLOT,
		"PDIS circular: the write pointer at the oldest record");
	TEST_EQ(circular_bad(total), 0,
		"PDIS circular: each slot holds the latest record of its turn");

	/* stop-on-full: the first 32 stay, the rest are dropped */
	w = run_batch(PDISAMBCS_EN | PDISAMBCS_SOF, false, cs, cd);
	smp.nr_pdis = 0;
	drain((unsigned long)ring + RING_BYTES);
	TEST_EQ(bad_records(0), 0, "PDIS stop-on-full: the first 32 records");
	TEST_EQ(dctr_read(cs), RING_RECS, "PDIS stop-on-full: PDIS.SAMPLES 32");
	TEST_EQ(dctr_read(cd), total - RING_RECS,
		"PDIS stop-on-full: PDIS.DROPPED counts the %lu lost",
		total - RING_RECS);
	TEST_EQ(w, (unsigned long)ring, "PDIS stop-on-full: spdisambaddr at the base");
	pdis_amb_off();
}
