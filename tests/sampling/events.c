/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * (a) Event sampling with precise attribution (Sspesa/Ssplcofi): a
 * delegated counter counting U-mode loads, then branches, overflows every
 * P events while load_loop runs; every sample must name the loop's only
 * load (only branch), and the interrupt must come right after it.
 */
#include "sampling.h"

#define LOAD_PERIOD	97
#define BRANCH_PERIOD	101

static unsigned long pcs[MAX_SAMPLES];

/* Samples whose field differs from @want (pc, CNTRID or epc). */
static unsigned long count_pc_not(unsigned long want)
{
	unsigned long i, bad = 0;

	for (i = 0; i < smp.nr_ev; i++)
		bad += smp.ev[i].pc != want;
	return bad;
}

static unsigned long count_epc_not(unsigned long want)
{
	unsigned long i, bad = 0;

	for (i = 0; i < smp.nr_ev; i++)
		bad += smp.ev[i].epc != want;
	return bad;
}

static unsigned long count_cntrid_not(unsigned long want)
{
	unsigned long i, bad = 0;

	for (i = 0; i < smp.nr_ev; i++)
		bad += (smp.ev[i].data & SHPMSDATA_CNTRID_MASK) != want;
	return bad;
}

static void sample_loop(unsigned int c, unsigned long event,
			unsigned long period)
{
	unsigned long i;

	sampler_reset();
	sampler_add(c, event | HPMEV_ONLY_U, period);
	sampler_start();
	run_load_loop(LOAD_ITERS);
	sampler_stop();
	for (i = 0; i < smp.nr_ev; i++)
		pcs[i] = smp.ev[i].pc;
}

static void loads(unsigned int c)
{
	sample_loop(c, HPM_EV_INST_RET_LOAD, LOAD_PERIOD);
	print_pc_table("load samples (INST.RET.LOAD, U-mode, period 97)", pcs,
		       smp.nr_ev, 8);
	TEST_EQ(smp.nr_ev, LOAD_ITERS / LOAD_PERIOD,
		"loads: one sample every %u loads of %u", LOAD_PERIOD,
		LOAD_ITERS);
	TEST_EQ(sampler_total(c), LOAD_ITERS,
		"loads: counter %u counted exactly the loop's loads", c);
	TEST_EQ(count_pc_not((unsigned long)hot_load), 0,
		"loads: every shpmspc is hot_load (%p)", hot_load);
	TEST_EQ(count_cntrid_not(c), 0,
		"loads: every shpmsdata.CNTRID is counter %u", c);
	TEST_EQ(count_epc_not((unsigned long)hot_load_next), 0,
		"loads: every LCOFI is taken right after hot_load (Ssplcofi)");
	TEST_EQ(smp.lost, 0, "loads: no sample lost");
}

static void branches(unsigned int c)
{
	sample_loop(c, HPM_EV_INST_BRJMP_SPEC, BRANCH_PERIOD);
	print_pc_table("branch samples (INST.BRJMP.SPEC, U-mode, period 101)",
		       pcs, smp.nr_ev, 8);
	/* the loop's branches, the call into it and its return */
	TEST_EQ(sampler_total(c), LOAD_ITERS + 2,
		"branches: counter %u counted the loop's branches, call and return",
		c);
	TEST_EQ(smp.nr_ev, (LOAD_ITERS + 2) / BRANCH_PERIOD,
		"branches: one sample every %u branches", BRANCH_PERIOD);
	TEST_EQ(count_pc_not((unsigned long)hot_branch), 0,
		"branches: every shpmspc is hot_branch (%p)", hot_branch);
	TEST_EQ(count_epc_not((unsigned long)load_loop_top), 0,
		"branches: every LCOFI is taken at the taken branch's target");
}

void demo_events(void)
{
	loads(demo.ctr[0]);
	branches(demo.ctr[1]);
}
