/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * (c) A time profile: a delegated counter on CYCLES.HART (U-mode only)
 * overflows every 997 cycles while profile_main runs hot_loop, warm_loop
 * and cold_loop; shpmspc of each overflow is the sample. The profile must
 * rank hot_loop first and give each function its share of the run's
 * instructions (under -icount shift=0 a cycle is an instruction).
 */
#include "sampling.h"

#define CYCLE_PERIOD	997

/* U-mode instructions of profile_main and its callees (workload.S) */
#define HOT_INSNS	(8 * HOT_ITERS + 4)	/* li, li, loop, mv, ret */
#define WARM_INSNS	(4 * WARM_ITERS + 3)	/* li, loop, mv, ret */
#define COLD_INSNS	(4 * COLD_ITERS + 3)
#define MAIN_ROUND	8			/* 3 x (li, jal), addi, bnez */
#define MAIN_INSNS	(4 + PROFILE_ROUNDS * MAIN_ROUND + 4)
/* + the jalr into profile_main (lower_entry); its ending ecall traps */
#define RUN_INSNS	(1 + MAIN_INSNS + PROFILE_ROUNDS * \
			 (HOT_INSNS + WARM_INSNS + COLD_INSNS))

static unsigned long pcs[MAX_SAMPLES];

/* Per-mille share of @part in @total. */
static unsigned long permille(unsigned long part, unsigned long total)
{
	return total ? part * 1000 / total : 0;
}

static void check_share(const char *name, unsigned long samples,
			unsigned long insns)
{
	unsigned long got = permille(samples, smp.nr_ev);
	unsigned long want = permille(insns, RUN_INSNS);
	unsigned long diff = got > want ? got - want : want - got;

	test_report(diff <= 10, NULL,
		    "time profile: %s has %lu.%lu%% of the samples, %lu.%lu%% of the instructions (within 1%%)",
		    name, got / 10, got % 10, want / 10, want % 10);
}

static unsigned long outside_workload(void)
{
	unsigned long i, off, n = 0;

	for (i = 0; i < smp.nr_ev; i++)
		n += !sym_name(pcs[i], &off);
	return n;
}

void demo_profile(void)
{
	unsigned int cyc = demo.ctr[0], ins = demo.ctr[1];
	unsigned long count[NR_FUNCS] = { 0 }, i;

	sampler_reset();
	sampler_add(cyc, HPM_EV_CYCLES_HART | HPMEV_ONLY_U, CYCLE_PERIOD);
	dctr_setup(ins, HPM_EV_INST_RET | HPMEV_ONLY_U, 0);
	dctr_start(BIT(ins));
	sampler_start();
	run_profile(PROFILE_ROUNDS);
	sampler_stop();
	dctr_stop(BIT(ins));
	for (i = 0; i < smp.nr_ev; i++)
		pcs[i] = smp.ev[i].pc;

	print_func_table("time profile by function (CYCLES.HART, U-mode, period 997)",
			 pcs, smp.nr_ev, count);
	print_pc_table("time profile by PC", pcs, smp.nr_ev, 12);

	TEST_EQ(dctr_read(ins), RUN_INSNS,
		"time profile: the workload retired %u U-mode instructions",
		RUN_INSNS);
	TEST_EQ(sampler_total(cyc), RUN_INSNS,
		"time profile: cycle counter %u counted as many U-mode cycles",
		cyc);
	TEST_EQ(smp.nr_ev, RUN_INSNS / CYCLE_PERIOD,
		"time profile: one sample every %u cycles", CYCLE_PERIOD);
	TEST_EQ(outside_workload(), 0,
		"time profile: every sample lies in the workload's code");
	TEST_ASSERT(count[FN_HOT] > count[FN_WARM] &&
			    count[FN_WARM] > count[FN_COLD] &&
			    count[FN_COLD] > count[FN_MAIN],
		    "time profile ranks hot_loop, warm_loop, cold_loop, profile_main");
	check_share("hot_loop", count[FN_HOT], PROFILE_ROUNDS * HOT_INSNS);
	check_share("warm_loop", count[FN_WARM], PROFILE_ROUNDS * WARM_INSNS);
	check_share("cold_loop", count[FN_COLD], PROFILE_ROUNDS * COLD_INSNS);
}
