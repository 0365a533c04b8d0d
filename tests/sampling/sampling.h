/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The S-mode profiling demo: a U-mode workload with a known hot load and a
 * known hot branch (workload.S), profiled with delegated counters
 * (Smcdeleg/Ssccfg + Sspesa/Ssplcofi) and PDIS (Sspdis). Three parts:
 * event sampling (events.c), PDIS sampling (pdis.c, batch mode through
 * the memory buffer in batch.c), a time profile from
 * cycle sampling (profile.c); the LCOFI handler and the tables in main.c.
 */
#ifndef SAMPLING_H
#define SAMPLING_H

/* Workload sizes (shared with workload.S) */
#define LOAD_ITERS		20011	/* load_loop: one load, one branch */
#define LDST_ITERS		3001	/* ldst_loop: a load, a store, an AMO */
#define HOT_ITERS		700	/* profile_main: per round */
#define WARM_ITERS		440
#define COLD_ITERS		160
#define PROFILE_ROUNDS		250

#ifndef __ASSEMBLY__

#include "../deleg/deleg.h"

/* workload.S (U-mode code; labels are instruction addresses) */
extern char load_loop[], hot_load[], hot_load_next[], hot_branch[];
extern char load_loop_top[], load_loop_exit[];
extern char ldst_loop[], ldst_load[], ldst_store[], ldst_amo[];
extern char profile_main[], hot_loop[], warm_loop[], cold_loop[];
extern char workload_end[];
unsigned long run_load_loop(unsigned long iters);
unsigned long run_ldst_loop(unsigned long iters);
unsigned long run_profile(unsigned long rounds);

/* the data the workload touches */
extern unsigned long work_buf[LOAD_ITERS];
extern unsigned long work_out[LDST_ITERS];
extern unsigned long work_amo;

/* What the LCOFI handler collected. */
#define MAX_SAMPLES		4096

struct ev_sample {
	unsigned long pc;	/* shpmspc */
	unsigned long data;	/* shpmsdata */
	unsigned long epc;	/* where the LCOFI was taken */
	unsigned long ovf;	/* scountovf */
};

struct sampler {
	unsigned long ctrs;		/* counters that sample (reloaded) */
	unsigned long period[32];	/* their periods */
	unsigned long event[32];	/* their events */
	bool pdis;			/* PDIS samples too */
	unsigned long nr_ev, nr_pdis, lost;
	unsigned long nr_ctr[32];	/* overflows of each counter */
	struct ev_sample ev[MAX_SAMPLES];
	struct pdis_rec rec[MAX_SAMPLES];
};

extern struct sampler smp;

/* The demo's counters: delegated hpmcounters, PDIS */
struct demo_env {
	unsigned long deleg;	/* delegated counters (probed) */
	int ctr[3];		/* three delegated hpmcounters, -1 if absent */
	bool pdis;
};

extern struct demo_env demo;

/* main.c: the sampler */
void sampler_reset(void);
void sampler_add(unsigned int ctr, unsigned long event, unsigned long period);
void sampler_start(void);
void sampler_stop(void);
/* counter value as sampled: samples * period + (value + period) */
unsigned long sampler_total(unsigned int ctr);

/* main.c: symbols and tables */
const char *sym_name(unsigned long pc, unsigned long *off);
void print_pc_table(const char *title, const unsigned long *pcs,
		    unsigned long n, unsigned int rows);
/* Samples per workload function, most first; count[i]: function i's. */
void print_func_table(const char *title, const unsigned long *pcs,
		      unsigned long n, unsigned long *count);
enum { FN_LOAD, FN_LDST, FN_MAIN, FN_HOT, FN_WARM, FN_COLD, NR_FUNCS };

void demo_events(void);
void demo_pdis(void);
void demo_pdis_batch(void);
void demo_profile(void);

#endif /* __ASSEMBLY__ */
#endif /* SAMPLING_H */
