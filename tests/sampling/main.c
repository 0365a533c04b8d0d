/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The profiling demo's driver: finds the delegated counters and PDIS, runs
 * the three parts, and owns the sampler (the LCOFI handler), the workload
 * runner and the symbol tables the profiles are printed with.
 */
#include "sampling.h"

struct sampler smp;
struct demo_env demo;

unsigned long work_buf[LOAD_ITERS];
unsigned long work_out[LDST_ITERS];
unsigned long work_amo;

/* ---- the sampler ---- */

static void reload(unsigned int c)
{
	csr_write(CSR_SISELECT, ISELECT_CTR(c));
	csr_write(CSR_SIREG, -smp.period[c]);
	csr_write(CSR_SIREG2, smp.event[c]);	/* OF = 0 */
}

static void take_event_sample(struct trap_frame *f, unsigned long ovf)
{
	unsigned long m = ovf & smp.ctrs;
	int c;

	if (smp.nr_ev < MAX_SAMPLES) {
		struct ev_sample *s = &smp.ev[smp.nr_ev++];

		s->pc = csr_read(CSR_SHPMSPC);
		s->data = csr_read(CSR_SHPMSDATA);
		s->epc = f->sepc;
		s->ovf = ovf;
	} else {
		smp.lost++;
	}
	for (; m; m &= m - 1) {
		c = bit_lowest(m);
		smp.nr_ctr[c]++;
		reload(c);
	}
}

static void take_pdis_sample(void)
{
	if (smp.nr_pdis < MAX_SAMPLES)
		pdis_read_rec(&smp.rec[smp.nr_pdis++]);
	else
		smp.lost++;
	csr_clear(CSR_SPDISCTL, PDISCTL_OF);
}

/* LCOFI: only U-mode is counted or sampled, so nothing here is. */
static void lcofi_handler(unsigned long irq, struct trap_frame *f)
{
	unsigned long isel = csr_read(CSR_SISELECT);
	unsigned long ovf = csr_read(CSR_SCOUNTOVF);

	if (ovf & smp.ctrs)
		take_event_sample(f, ovf);
	if (smp.pdis && (csr_read(CSR_SPDISCTL) & PDISCTL_OF))
		take_pdis_sample();
	csr_write(CSR_SISELECT, isel);
	csr_clear(CSR_SIP, SIP_LCOFIP);
}

void sampler_reset(void)
{
	memset(&smp, 0, sizeof(smp));
}

void sampler_add(unsigned int ctr, unsigned long event, unsigned long period)
{
	smp.ctrs |= BIT(ctr);
	smp.event[ctr] = event;
	smp.period[ctr] = period;
}

void sampler_start(void)
{
	unsigned long m;

	dctr_stop(smp.ctrs);
	for (m = smp.ctrs; m; m &= m - 1)
		reload(bit_lowest(m));
	trap_set_irq_handler(IRQ_LCOF, lcofi_handler);
	csr_clear(CSR_SIP, SIP_LCOFIP);
	csr_set(CSR_SIE, SIP_LCOFIP);
	dctr_start(smp.ctrs);
}

void sampler_stop(void)
{
	dctr_stop(smp.ctrs);
	if (smp.pdis)
		pdis_disarm();
	csr_clear(CSR_SIE, SIP_LCOFIP);
	trap_set_irq_handler(IRQ_LCOF, NULL);
}

unsigned long sampler_total(unsigned int ctr)
{
	return smp.nr_ctr[ctr] * smp.period[ctr] + dctr_read(ctr) +
	       smp.period[ctr];
}

/* ---- the workload, in U-mode ---- */

unsigned long run_load_loop(unsigned long iters)
{
	return lower_call((void *)load_loop, iters, LOWER_U, 0);
}

unsigned long run_ldst_loop(unsigned long iters)
{
	return lower_call((void *)ldst_loop, iters, LOWER_U, 0);
}

unsigned long run_profile(unsigned long rounds)
{
	return lower_call((void *)profile_main, rounds, LOWER_U, 0);
}

/* ---- symbols ---- */

struct sym {
	const char *name;
	const char *addr;
};

/* in address order */
static const struct sym funcs[] = {
	{ "load_loop", load_loop },	{ "ldst_loop", ldst_loop },
	{ "profile_main", profile_main }, { "hot_loop", hot_loop },
	{ "warm_loop", warm_loop },	{ "cold_loop", cold_loop },
};

static const struct sym labels[] = {
	{ "hot_load", hot_load },	{ "hot_branch", hot_branch },
	{ "ldst_load", ldst_load },	{ "ldst_store", ldst_store },
	{ "ldst_amo", ldst_amo },
};

const char *sym_name(unsigned long pc, unsigned long *off)
{
	unsigned int i;

	*off = 0;
	for (i = 0; i < ARRAY_SIZE(labels); i++)
		if (pc == (unsigned long)labels[i].addr)
			return labels[i].name;
	if (pc < (unsigned long)funcs[0].addr ||
	    pc >= (unsigned long)workload_end)
		return NULL;
	for (i = ARRAY_SIZE(funcs); i-- > 0;)
		if (pc >= (unsigned long)funcs[i].addr)
			break;
	*off = pc - (unsigned long)funcs[i].addr;
	return funcs[i].name;
}

/* ---- tables ---- */

struct hist_row {
	unsigned long key;	/* a PC, or an index into funcs */
	unsigned long count;
};

#define HIST_MAX	64

static unsigned int hist_add(struct hist_row *h, unsigned int n,
			     unsigned long key)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (h[i].key == key) {
			h[i].count++;
			return n;
		}
	if (n == HIST_MAX)
		return n;
	h[n].key = key;
	h[n].count = 1;
	return n + 1;
}

/* most samples first, then by key */
static void hist_sort(struct hist_row *h, unsigned int n)
{
	unsigned int i, j;

	for (i = 1; i < n; i++)
		for (j = i; j > 0 && (h[j].count > h[j - 1].count ||
				      (h[j].count == h[j - 1].count &&
				       h[j].key < h[j - 1].key)); j--) {
			struct hist_row t = h[j];

			h[j] = h[j - 1];
			h[j - 1] = t;
		}
}

static void print_row(unsigned long count, unsigned long total,
		      const char *what)
{
	unsigned long pm = total ? count * 1000 / total : 0;

	printf("# | %8lu %3lu.%lu%%  %s\n", count, pm / 10, pm % 10, what);
}

void print_pc_table(const char *title, const unsigned long *pcs,
		    unsigned long n, unsigned int rows)
{
	static struct hist_row h[HIST_MAX];
	unsigned int nr = 0, i;
	unsigned long off;
	char what[96];

	for (i = 0; i < n; i++)
		nr = hist_add(h, nr, pcs[i]);
	hist_sort(h, nr);
	printf("# | %s: %lu samples\n# |  samples      %%  pc                  symbol\n",
	       title, n);
	for (i = 0; i < nr && i < rows; i++) {
		const char *s = sym_name(h[i].key, &off);

		snprintf(what, sizeof(what), "0x%016lx  %s+0x%lx", h[i].key,
			 s ? s : "?", off);
		if (s && !off)
			snprintf(what, sizeof(what), "0x%016lx  %s", h[i].key,
				 s);
		print_row(h[i].count, n, what);
	}
	if (nr > rows)
		printf("# |  (%u more PCs)\n", nr - rows);
}

/* Samples per function of funcs[]; @count[i] gets funcs[i]'s. */
void print_func_table(const char *title, const unsigned long *pcs,
		      unsigned long n, unsigned long *count)
{
	static struct hist_row h[HIST_MAX];
	unsigned int nr = 0, i, j;
	unsigned long off;

	for (i = 0; i < n; i++) {
		const char *s = sym_name(pcs[i], &off);

		for (j = 0; j < ARRAY_SIZE(funcs); j++)
			if (s && pcs[i] >= (unsigned long)funcs[j].addr &&
			    (j + 1 == ARRAY_SIZE(funcs) ||
			     pcs[i] < (unsigned long)funcs[j + 1].addr))
				break;
		nr = hist_add(h, nr, j);
	}
	hist_sort(h, nr);
	printf("# | %s: %lu samples\n# |  samples      %%  function\n", title,
	       n);
	for (i = 0; i < nr; i++) {
		j = h[i].key;
		if (j < ARRAY_SIZE(funcs))
			count[j] = h[i].count;
		print_row(h[i].count, n,
			  j < ARRAY_SIZE(funcs) ? funcs[j].name : "(outside)");
	}
}

/* ---- main ---- */

static void pick_counters(void)
{
	unsigned long m = demo.deleg & ~7UL;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(demo.ctr); i++) {
		demo.ctr[i] = bit_lowest(m);
		m &= m - 1;
	}
}

int payload_main(void)
{
	unsigned long v;

	demo.deleg = deleg_probe_mask();
	demo.pdis = pdis_usable();
	pick_counters();
	printf("# delegated counters 0x%lx, PDIS %s\n", demo.deleg,
	       demo.pdis ? "delegated" : "not delegated");
	if (!test_report(demo.ctr[2] >= 3, "fewer than three delegated",
			 "three hpmcounters are delegated to S-mode (0x%lx)",
			 demo.deleg))
		return 0;
	if (!TEST_EQ(csr_read_catch(CSR_SHPMSPC, &v), NO_TRAP,
		     "shpmspc is readable from S-mode (Sspesa, CDE=1)"))
		return 0;
	demo_events();
	if (test_report(demo.pdis, "spdisctl traps",
			"PDIS is delegated to S-mode"))
		demo_pdis();
	if (demo.pdis && pdis_mem_usable())
		demo_pdis_batch();
	else
		test_skip("spdisambcs traps (MEM hardwired 0)",
			  "PDIS batch mode through the memory buffer");
	demo_profile();
	return 0;
}
