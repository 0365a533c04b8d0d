/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Tests of lib/pmu/pmu_ecall.c: the binding as a whole, unknown functions,
 * and a hostile-supervisor stress run under ASan/UBSan with invariants.
 */
#include <string.h>
#include "pmu_test.h"

static void unknown_functions(void)
{
	unsigned long fid, v;

	env_setup(&cfg_full, MAP_DEFAULT);
	for (fid = 9; fid < 40; fid++)
		UT_EQ(ecall6(fid, 0, 0, 0, 0, 0, 0, &v), SBI_ERR_NOT_SUPPORTED);
	UT_EQ(ecall6(~0UL, 0, 0, 0, 0, 0, 0, &v), SBI_ERR_NOT_SUPPORTED);
}

static void uninitialised_hart(void)
{
	static struct pmu_hart zero;
	unsigned long a[6] = { 0 }, v = 1;

	UT_EQ(pmu_sbi_ecall(&zero, SBI_EXT_PMU_NUM_COUNTERS, a, &v),
	      SBI_ERR_NOT_SUPPORTED);
	UT_EQ(v, 0);
}

static void num_counters_always_succeeds(void)
{
	unsigned long v;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(ecall6(SBI_EXT_PMU_NUM_COUNTERS, ~0UL, ~0UL, ~0UL, ~0UL, ~0UL,
		     ~0UL, &v), 0);
	UT_EQ(v, 19 + PMU_FW_CTR_MAX);
	UT_TRUE(v <= 64);
}

/* 64 counters: base 64 is past the end, and mask << 64 must not wrap to 1 */
static void base_past_64_counters(void)
{
	struct sim_cfg c = cfg_full;
	unsigned long idx;

	c.hpm_mask = 0xfffffff8U;
	env_setup(&c, MAP_DEFAULT);
	UT_EQ(num_counters(), 64);
	UT_EQ(cfg_match(64, 1, 0, EV_FW(0), 0, &idx), SBI_ERR_INVALID_PARAM);
	UT_EQ(cfg_match(64, 1, 0, EV_HW(PMU_HW_CPU_CYCLES), 0, &idx),
	      SBI_ERR_INVALID_PARAM);
	UT_EQ(H->mapped, 0);
	UT_EQ(cfg_match(63, 1, 0, EV_FW(0), 0, &idx), 0);
	UT_EQ(idx, 63);
	UT_EQ(ctr_start(64, 1, 0, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_stop(64, 1, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_start(63, 1, 0, 0), 0);
}

/* xorshift64*: reproducible garbage */
static uint64_t rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dULL;
}

/* Arguments that are sometimes plausible, often garbage. */
static unsigned long arg(uint64_t *s)
{
	uint64_t r = rnd(s);

	switch (r & 7) {
	case 0:
		return (unsigned long)(r >> 3) & 0x3f;		/* small index */
	case 1:
		return 1UL << ((r >> 3) & 63);			/* one bit */
	case 2:
		return (unsigned long)(r >> 8) & 0xff;		/* flags */
	case 3:
		return SIM_SMEM + (((r >> 3) & 0x1f) << 4);	/* near smem */
	case 4:
		return PMU_EVIDX((r >> 3) & 0xf, (r >> 8) & 0x3f);
	case 5:
		return ~0UL;
	case 6:
		return 0;
	default:
		return (unsigned long)r;
	}
}

static void stress(const struct sim_cfg *cfg, uint64_t seed)
{
	uint64_t s = seed;
	unsigned long i, a[6], v, n;
	unsigned int bad = 0;
	long r;

	env_setup(cfg, MAP_DT);
	n = (unsigned long)num_counters();
	for (i = 0; i < 200000; i++) {
		unsigned long fid = rnd(&s) % 10;
		unsigned int k;

		for (k = 0; k < 6; k++)
			a[k] = arg(&s);
		if (fid == SBI_EXT_PMU_SNAPSHOT_SET_SHMEM && (rnd(&s) & 1)) {
			a[0] = SIM_SMEM;
			a[1] = 0;
			a[2] = 0;
		}
		if (fid == SBI_EXT_PMU_EVENT_GET_INFO && (rnd(&s) & 1))
			a[3] = 0;
		r = pmu_sbi_ecall(H, fid, a, &v);
		if (r > 0 || r < SBI_ERR_NO_SHMEM || (r && v))
			bad++;
		if (fid == SBI_EXT_PMU_COUNTER_CFG_MATCH && !r &&
		    (v >= n || v < a[0] || v - a[0] >= 64 ||
		     !((a[1] >> (v - a[0])) & 1)))
			bad++;
		if ((i & 63) == 0)
			pmu_fw_event_inc(H, (unsigned int)(rnd(&s) & 0x1ff));
	}
	UT_EQ(bad, 0);
	UT_EQ(H->mapped & ~PLAT->valid_mask, 0);
	UT_EQ(H->started & ~H->mapped, 0);
	UT_EQ((unsigned long)num_counters(), n);
	/* writes only ever land in the snapshot page or info entries */
	UT_TRUE(sim_ram_intact_outside(SIM_SMEM, 4096, 0xcc));
}

static void hostile_supervisor_full(void)
{
	stress(&cfg_full, 0x1234567ULL);
}

static void hostile_supervisor_bare(void)
{
	stress(&cfg_bare, 0xfeedfaceULL);
}

/* cycle and instret that never stop, the firmware counters after them */
static void hostile_supervisor_no_mcountinhibit(void)
{
	struct sim_cfg c = cfg_bare;

	c.mcountinhibit = false;
	stress(&c, 42);
}

static const struct ut_case cases[] = {
	UT_CASE(unknown_functions),
	UT_CASE(uninitialised_hart),
	UT_CASE(num_counters_always_succeeds),
	UT_CASE(base_past_64_counters),
	UT_CASE(hostile_supervisor_full),
	UT_CASE(hostile_supervisor_bare),
	UT_CASE(hostile_supervisor_no_mcountinhibit),
};

void suite_ecall(void)
{
	UT_SUITE("ecall", cases);
}
