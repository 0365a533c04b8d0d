/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Policy tests of counter delegation and PDIS (docs/delegation.md), run
 * once per configuration. The bootargs say what the firmware must have
 * made of the configuration's knobs:
 *   deleg.mask=M   the narrowed mask of delegated counters
 *   deleg.pdis=P   1 if PDIS must be delegated
 *   deleg.hw=H     every hardware counter of the CPU (SBI's or S-mode's)
 *   deleg.smcdeleg=0  the CPU has no Smcdeleg (default 1): sireg* at
 *                  0x40-0x5F is then unspecified and not checked
 *   deleg.pdismem=1   the CPU has the PDIS memory buffer (x-pdis-mem)
 * One file per area: access.c (which CSR S/VS-mode may touch), sbi.c (SBI
 * and delegation never share a counter), mmode.c (M-mode is never counted
 * or sampled), pdismem.c (the PDIS memory buffer), main.c (what was
 * delegated, the DT).
 */
#ifndef DELEG_TESTS_H
#define DELEG_TESTS_H

#include <pmu/pmu_sbi.h>
#include "deleg.h"

struct deleg_cfg {
	unsigned long deleg;	/* expected delegated counters */
	bool pdis;		/* PDIS expected delegated */
	bool cde;		/* deleg != 0 */
	unsigned long hw;	/* hardware counters of the CPU */
	unsigned long sbi_hw;	/* hardware counters SBI lists (get_info) */
	unsigned long num_ctrs;	/* SBI num_counters */
	unsigned long sbi_valid; /* SBI counter indices get_info accepts */
	bool hyp;		/* H extension: VS-mode checks */
	bool smcdeleg;		/* the CPU implements Smcdeleg */
};

extern struct deleg_cfg cfg;

/* stubs.S */
typedef unsigned long (*acc_fn)(unsigned long);
unsigned long rd_sireg(unsigned long), rd_sireg2(unsigned long);
unsigned long rd_sireg3(unsigned long), rd_sireg4(unsigned long);
unsigned long rd_sireg5(unsigned long), rd_sireg6(unsigned long);
unsigned long rd_scountinhibit(unsigned long), rd_scountovf(unsigned long);
unsigned long rd_shpmspc(unsigned long), rd_shpmsdata(unsigned long);
unsigned long rd_spdisctl(unsigned long), rd_spdiscounter(unsigned long);
unsigned long rd_spdisevmask(unsigned long), rd_spdisevmatch(unsigned long);
unsigned long rd_spdisfilter(unsigned long);
unsigned long wr_sireg(unsigned long), wr_sireg2(unsigned long);
unsigned long wr_scountinhibit(unsigned long), wr_shpmspc(unsigned long);
unsigned long echo(unsigned long a);	/* returns a */
void ecall_loop(unsigned long n);
void nop_loop(unsigned long n);
void spin_loop(unsigned long n);

/* access.c: run @fn(@arg) in S-mode (vs = false) or VS-mode, catching */
unsigned long try_access(acc_fn fn, unsigned long arg, bool vs,
			 unsigned long *val);

/* sbi.c: counter CSR index (0..31) of SBI counter @idx, or -1 */
int sbi_ctr_hw_index(unsigned long idx);

void test_access_s(void);
void test_access_vs(void);
void test_sbi_separation(void);
void test_sbi_reads(void);
void test_mmode_counted(void);
void test_mmode_sampled(void);
void test_pdismem(void);

#endif /* DELEG_TESTS_H */
