/* SPDX-License-Identifier: BSD-2-Clause */
/* Tests of lib/pmu/pmu_snapshot.c: SNAPSHOT_SET_SHMEM and its use. */
#include "pmu_test.h"

#define REFS	EV_HW(PMU_HW_CACHE_REFERENCES)
#define SEL	HPM_EV_CACHE_L1_RD_DATA_ACCESS
#define PAT	0xcc

static struct pmu_snapshot_area *area(void)
{
	return sim_ram(SIM_SMEM);
}

static void set_shmem_errors(void)
{
	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(set_shmem(SIM_SMEM, 0, 1), SBI_ERR_INVALID_PARAM);
	UT_EQ(set_shmem(SIM_SMEM, 0, ~0UL), SBI_ERR_INVALID_PARAM);
	UT_EQ(set_shmem(SIM_SMEM + 8, 0, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(set_shmem(SIM_SMEM + 0x800, 0, 0), SBI_ERR_INVALID_PARAM);
	/* lo all-ones alone is an unaligned address, not "disable" */
	UT_EQ(set_shmem(~0UL, 0, 0), SBI_ERR_INVALID_PARAM);
	/* firmware memory, MMIO, past RAM, the last page +1, hi != 0 */
	UT_EQ(set_shmem(SIM_RAM_BASE, 0, 0), SBI_ERR_INVALID_ADDRESS);
	UT_EQ(set_shmem(0x10000000UL, 0, 0), SBI_ERR_INVALID_ADDRESS);
	UT_EQ(set_shmem(SIM_RAM_BASE + SIM_RAM_SIZE, 0, 0),
	      SBI_ERR_INVALID_ADDRESS);
	UT_EQ(set_shmem(~0UL & ~0xfffUL, 0, 0), SBI_ERR_INVALID_ADDRESS);
	UT_EQ(set_shmem(SIM_SMEM, 1, 0), SBI_ERR_INVALID_ADDRESS);
	UT_EQ(set_shmem(SIM_SMEM, ~0UL, 0), SBI_ERR_INVALID_ADDRESS);
	UT_EQ(set_shmem(SIM_RAM_BASE + SIM_RAM_SIZE - 4096, 0, 0), 0);
	UT_TRUE(H->snap != NULL);
	/* disabling needs both words all-ones and zero flags */
	UT_EQ(set_shmem(~0UL, ~0UL, 1), SBI_ERR_INVALID_PARAM);
	UT_TRUE(H->snap != NULL);
	UT_EQ(set_shmem(~0UL, ~0UL, 0), 0);
	UT_TRUE(H->snap == NULL);
	/* setting it touches no memory */
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	UT_TRUE(sim_ram_intact_outside(SIM_SMEM, 0, PAT));
}

static void no_shmem_errors(void)
{
	unsigned long idx;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(ctr_start(3, 1, PMU_START_INIT_SNAPSHOT, 0), SBI_ERR_NO_SHMEM);
	UT_EQ(H->started, 0);
	/* no counter at index 1 (time): invalid before no memory (storm) */
	UT_EQ(ctr_start(1, 1, PMU_START_INIT_SNAPSHOT, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_start(3, 1, 0, 0), 0);
	UT_EQ(ctr_stop(3, 1, PMU_STOP_TAKE_SNAPSHOT), SBI_ERR_NO_SHMEM);
	UT_EQ(H->started, 0x8);
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	UT_EQ(set_shmem(~0UL, ~0UL, 0), 0);
	UT_EQ(ctr_stop(3, 1, PMU_STOP_TAKE_SNAPSHOT), SBI_ERR_NO_SHMEM);
	UT_TRUE(sim_ram_intact_outside(SIM_SMEM, 0, PAT));
}

static void take_snapshot_relative_to_base(void)
{
	unsigned long idx, fidx;
	struct pmu_snapshot_area *s = area();

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
			REFS, 0, &idx), 0);
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
			REFS, 0, &idx), 0);
	UT_EQ(cfg_match(FW(0), 1, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
			EV_FW(PMU_FW_ILLEGAL_INSN), 0, &fidx), 0);
	sim_count(SIM_S, SEL, 21);
	pmu_fw_event_inc(H, PMU_FW_ILLEGAL_INSN);
	pmu_fw_event_inc(H, PMU_FW_ILLEGAL_INSN);
	/* counter 4 alone, base 4: value in slot 0 */
	UT_EQ(ctr_stop(4, 1, PMU_STOP_TAKE_SNAPSHOT), 0);
	UT_EQ(s->ctr_values[0], 21);
	UT_EQ(s->ctr_overflow_mask, 0);
	UT_TRUE(sim_ram_intact_outside(SIM_SMEM, 16, PAT));
	/* counters 3 and FW(0) with base 3 */
	UT_EQ(ctr_stop(3, 1UL | (1UL << (FW(0) - 3)), PMU_STOP_TAKE_SNAPSHOT),
	      0);
	UT_EQ(s->ctr_values[0], 21);
	UT_EQ(s->ctr_values[FW(0) - 3], 2);
	UT_EQ(s->ctr_values[1], 0xccccccccccccccccULL);	/* untouched */
	/* stopped counters are saved again (Linux reads them after) */
	UT_EQ(ctr_stop(3, 0x3, PMU_STOP_TAKE_SNAPSHOT),
	      SBI_ERR_ALREADY_STOPPED);
	UT_EQ(s->ctr_values[1], 21);
}

static void overflow_bitmap(void)
{
	unsigned long idx;
	unsigned int i;
	struct pmu_snapshot_area *s = area();

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	for (i = 0; i < 3; i++)
		UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(ctr_start(3, 0x5, PMU_START_SET_INIT_VALUE, 0xfffffffffff0ULL),
	      0);
	UT_EQ(ctr_start(4, 0x1, PMU_START_SET_INIT_VALUE, 0), 0);
	sim_count(SIM_S, SEL, 0x20);
	/* 3 and 5 overflowed; relative to base 3: bits 0 and 2 */
	UT_EQ(ctr_stop(3, 0x7, PMU_STOP_TAKE_SNAPSHOT), 0);
	UT_EQ(s->ctr_overflow_mask, 0x5);
	UT_EQ(s->ctr_values[0], 0x10);
	UT_EQ(s->ctr_values[1], 0x20);
	UT_EQ(s->ctr_values[2], 0x10);
	/* relative to base 5: bit 0 */
	UT_EQ(ctr_stop(5, 0x1, PMU_STOP_TAKE_SNAPSHOT),
	      SBI_ERR_ALREADY_STOPPED);
	UT_EQ(s->ctr_overflow_mask, 0x1);
	/* a start (which clears OF) then stop: no overflow left */
	UT_EQ(ctr_start(3, 0x7, 0, 0), 0);
	UT_EQ(ctr_stop(3, 0x7, PMU_STOP_TAKE_SNAPSHOT), 0);
	UT_EQ(s->ctr_overflow_mask, 0);
}

static void overflow_bitmap_zero_without_sscofpmf(void)
{
	unsigned long idx;
	struct pmu_snapshot_area *s = area();

	env_setup(&cfg_bare, MAP_DEFAULT);
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(ctr_start(3, 1, PMU_START_SET_INIT_VALUE, 0xffffffffffffULL), 0);
	sim_count(SIM_S, SEL, 2);
	UT_EQ(ctr_stop(3, 1, PMU_STOP_TAKE_SNAPSHOT), 0);
	UT_EQ(s->ctr_overflow_mask, 0);
	UT_EQ(s->ctr_values[0], 1);
}

static void init_snapshot_relative_to_base(void)
{
	unsigned long idx, fidx, v;
	struct pmu_snapshot_area *s = area();

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(cfg_match(FW(0), 1, 0, EV_FW(PMU_FW_SET_TIMER), 0, &fidx), 0);
	s->ctr_values[0] = 1000;
	s->ctr_values[1] = 2000;
	s->ctr_values[FW(0) - 3] = 3000;
	UT_EQ(ctr_start(3, 0x3 | (1UL << (FW(0) - 3)),
			PMU_START_INIT_SNAPSHOT, 0), 0);
	UT_EQ(sim.ctr[3], 1000);
	UT_EQ(sim.ctr[4], 2000);
	UT_EQ(fw_read(fidx, &v), 0);
	UT_EQ(v, 3000);
	UT_TRUE(sim_ram_intact_outside(SIM_SMEM, 4096, PAT));
	/* already started counters are not reloaded */
	s->ctr_values[0] = 5;
	UT_EQ(ctr_start(4, 1, PMU_START_INIT_SNAPSHOT, 0),
	      SBI_ERR_ALREADY_STARTED);
	UT_EQ(sim.ctr[4], 2000);
}

/* One hardware counter with INIT_SNAPSHOT: not the SET_INIT_VALUE path */
static void init_snapshot_one_counter(void)
{
	unsigned long idx;
	struct pmu_snapshot_area *s = area();

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	s->ctr_values[0] = 4242;
	UT_EQ(ctr_start(4, 1, PMU_START_INIT_SNAPSHOT, 0), 0);
	UT_EQ(sim.ctr[4], 4242);
	sim_count(SIM_S, SEL, 3);
	UT_EQ(sim.ctr[4], 4245);
	UT_TRUE(sim_ram_intact_outside(SIM_SMEM, 4096, PAT));
}

/* Only counters of the call's set appear in the overflow bitmap */
static void overflow_bitmap_only_of_the_set(void)
{
	unsigned long idx;
	unsigned int i;
	struct pmu_snapshot_area *s = area();

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	for (i = 0; i < 2; i++)
		UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(ctr_start(3, 0x3, PMU_START_SET_INIT_VALUE, 0xfffffffffff0ULL),
	      0);
	sim_count(SIM_S, SEL, 0x20);	/* both overflow */
	UT_EQ(ctr_stop(4, 1, PMU_STOP_TAKE_SNAPSHOT), 0);
	UT_EQ(s->ctr_overflow_mask, 0x1);
	UT_EQ(ctr_stop(3, 1, PMU_STOP_TAKE_SNAPSHOT), 0);
	UT_EQ(s->ctr_overflow_mask, 0x1);	/* counter 4's OF not in it */
	/* several counters (pmu_snapshot_save): 5, above the set, not in it */
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(idx, 5);
	UT_EQ(ctr_start(3, 0x7, PMU_START_SET_INIT_VALUE, 0xfffffffffff0ULL),
	      0);
	sim_count(SIM_S, SEL, 0x20);	/* all three overflow */
	UT_EQ(ctr_stop(3, 0x3, PMU_STOP_TAKE_SNAPSHOT), 0);
	UT_EQ(s->ctr_overflow_mask, 0x3);
}

/*
 * Linux 6.12 restarts after an overflow with idx * BITS_PER_LONG where idx
 * ran off the end of for_each_set_bit(): base 64 * 64 with INIT_SNAPSHOT.
 * The compat rule serves it as base 0; nothing else out of range passes.
 */
static void restart_64x64_served_as_base_0(void)
{
	struct pmu_snapshot_area *s = area();
	unsigned long idx;
	unsigned int i;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	for (i = 0; i < 2; i++)
		UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	s->ctr_values[3] = 100;
	s->ctr_values[4] = 200;
	UT_EQ(ctr_start(64 * 64, 0x18, PMU_START_INIT_SNAPSHOT, 0), 0);
	UT_EQ(H->started, 0x18);
	UT_EQ(sim.ctr[3], 100);
	UT_EQ(sim.ctr[4], 200);
	UT_EQ(ctr_stop(3, 3, 0), 0);
	/* only that exact form: other bases, other flags, bad masks */
	UT_EQ(ctr_start(64 * 64, 0x18, 0, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_start(64 * 64, 0x18, PMU_START_SET_INIT_VALUE, 0),
	      SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_start(64 * 64 + 1, 0x18, PMU_START_INIT_SNAPSHOT, 0),
	      SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_start(64 * 64 - 64, 0x18, PMU_START_INIT_SNAPSHOT, 0),
	      SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_start(64, 0x18, PMU_START_INIT_SNAPSHOT, 0),
	      SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_start(64 * 64, 0, PMU_START_INIT_SNAPSHOT, 0),
	      SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_start(64 * 64, 1UL << 63, PMU_START_INIT_SNAPSHOT, 0),
	      SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_start(64 * 64, 0x2, PMU_START_INIT_SNAPSHOT, 0),
	      SBI_ERR_INVALID_PARAM);	/* the time slot */
	UT_EQ(ctr_start(64 * 64, 0x18, PMU_START_INIT_SNAPSHOT | 4, 0),
	      SBI_ERR_INVALID_PARAM);
	UT_EQ(ctr_stop(64 * 64, 0x18, PMU_STOP_TAKE_SNAPSHOT),
	      SBI_ERR_INVALID_PARAM);
	UT_EQ(H->started, 0);
}

/*
 * The same restart after an overflow, with new periods in the slots: an
 * overflowed counter with fewer than PMU_COMPAT_MIN_PERIOD events to go
 * starts with that many instead (the 6.12 handler would livelock on it);
 * one with that many, and a counter that did not overflow however close
 * it is, start from their slots.
 */
static void restart_64x64_short_period_lengthened(void)
{
	struct pmu_snapshot_area *s = area();
	unsigned long idx;
	uint64_t top, min;
	unsigned int i;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	for (i = 0; i < 3; i++)
		UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	top = (2ULL << PLAT->hw_width[3]) - 1;
	min = top - (PMU_COMPAT_MIN_PERIOD - 1);
	UT_EQ(ctr_start(3, 0x3, PMU_START_SET_INIT_VALUE, top - 0xf), 0);
	UT_EQ(ctr_start(5, 0x1, PMU_START_SET_INIT_VALUE, 0), 0);
	sim_count(SIM_S, SEL, 0x20);	/* 3 and 4 overflow, 5 does not */
	UT_EQ(ctr_stop(3, 0x7, PMU_STOP_TAKE_SNAPSHOT), 0);
	UT_EQ(s->ctr_overflow_mask, 0x3);
	s->ctr_values[3] = top - (PMU_COMPAT_MIN_PERIOD - 2);	/* 4095 */
	s->ctr_values[4] = min - 10;	/* 4106 */
	s->ctr_values[5] = top - 1;	/* 2, but no overflow */
	UT_EQ(ctr_start(64 * 64, 0x38, PMU_START_INIT_SNAPSHOT, 0), 0);
	UT_EQ(H->started, 0x38);
	UT_EQ(sim.ctr[3], min);
	UT_EQ(sim.ctr[4], min - 10);
	UT_EQ(sim.ctr[5], top - 1);
	UT_TRUE(!(sim.evt[3] & PMU_EVT_OF));
	UT_TRUE(!(sim.evt[4] & PMU_EVT_OF));
	/* exactly the limit is long enough; a period of 1 is lengthened */
	UT_EQ(ctr_stop(3, 0x7, 0), 0);
	UT_EQ(ctr_start(3, 0x3, PMU_START_SET_INIT_VALUE, top - 0xf), 0);
	sim_count(SIM_S, SEL, 0x20);
	UT_EQ(ctr_stop(3, 0x3, PMU_STOP_TAKE_SNAPSHOT), 0);
	s->ctr_values[3] = min;
	s->ctr_values[4] = top;
	UT_EQ(ctr_start(64 * 64, 0x18, PMU_START_INIT_SNAPSHOT, 0), 0);
	UT_EQ(sim.ctr[3], min);
	UT_EQ(sim.ctr[4], min);
	UT_EQ(H->started, 0x18);
	/* an already started counter keeps its value */
	UT_EQ(ctr_start(64 * 64, 0x18, PMU_START_INIT_SNAPSHOT, 0),
	      SBI_ERR_ALREADY_STARTED);
	UT_EQ(sim.ctr[4], min);
}

static void restart_64x64_strict(void)
{
	unsigned long idx;
	unsigned int i;

	env_setup(&cfg_full, MAP_DEFAULT);
	PLAT->compat = 0;
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	for (i = 0; i < 2; i++)
		UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(ctr_start(64 * 64, 0x18, PMU_START_INIT_SNAPSHOT, 0),
	      SBI_ERR_INVALID_PARAM);
	UT_EQ(H->started, 0);
	UT_TRUE(sim_ram_intact_outside(SIM_SMEM, 0, PAT));
	UT_EQ(ctr_start(0, 0x18, PMU_START_INIT_SNAPSHOT, 0), 0);
}

static void snapshot_forgotten_on_hart_reset(void)
{
	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	pmu_hart_stop(H);
	UT_TRUE(H->snap == NULL);
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	pmu_hart_init(H, PLAT);
	UT_TRUE(H->snap == NULL);
}

/*
 * Linux 6.12 CPU offline: SET_SHMEM(DISABLE), HSM stop; online: HSM start
 * and TAKE_SNAPSHOT with no SET_SHMEM. The memory comes back for it.
 */
static void snapshot_kept_over_hsm_stop(void)
{
	struct pmu_snapshot_area *s = area();
	unsigned long idx;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	UT_EQ(set_shmem(~0UL, ~0UL, 0), 0);
	/* disabled and no HSM stop yet: strict */
	UT_EQ(ctr_stop(0, 1, PMU_STOP_TAKE_SNAPSHOT), SBI_ERR_NO_SHMEM);
	pmu_hart_stop(H);
	pmu_hart_init(H, PLAT);	/* HSM start */
	UT_TRUE(H->snap == NULL);
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_AUTO_START | PMU_CFG_CLEAR_VALUE,
			REFS, 0, &idx), 0);
	sim_count(SIM_S, SEL, 9);
	UT_EQ(ctr_stop(idx, 1, PMU_STOP_TAKE_SNAPSHOT), 0);
	UT_EQ(s->ctr_values[0], 9);
	UT_TRUE(H->snap == s);
	/* start with INIT_SNAPSHOT takes it back the same way */
	UT_EQ(set_shmem(~0UL, ~0UL, 0), 0);
	pmu_hart_stop(H);
	pmu_hart_init(H, PLAT);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	s->ctr_values[0] = 77;
	UT_EQ(ctr_start(idx, 1, PMU_START_INIT_SNAPSHOT, 0), 0);
	UT_EQ(sim.ctr[idx], 77);
}

/* Memory still set at HSM stop is kept too; a new SET_SHMEM wins. */
static void snapshot_kept_rules(void)
{
	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	pmu_hart_stop(H);
	pmu_hart_init(H, PLAT);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &(unsigned long){ 0 }), 0);
	UT_EQ(ctr_stop(3, 1, PMU_STOP_TAKE_SNAPSHOT), SBI_ERR_ALREADY_STOPPED);
	UT_TRUE(H->snap == area());
	/* an explicit DISABLE after the restart is strict again */
	UT_EQ(set_shmem(~0UL, ~0UL, 0), 0);
	pmu_hart_stop(H);
	pmu_hart_init(H, PLAT);
	UT_EQ(set_shmem(~0UL, ~0UL, 0), 0);
	UT_EQ(ctr_stop(3, 1, PMU_STOP_TAKE_SNAPSHOT), SBI_ERR_NO_SHMEM);
	/* strict platform: nothing is kept */
	env_setup(&cfg_full, MAP_DEFAULT);
	PLAT->compat = 0;
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	UT_EQ(set_shmem(~0UL, ~0UL, 0), 0);
	pmu_hart_stop(H);
	pmu_hart_init(H, PLAT);
	UT_EQ(ctr_stop(3, 1, PMU_STOP_TAKE_SNAPSHOT), SBI_ERR_NO_SHMEM);
	UT_TRUE(sim_ram_intact_outside(SIM_SMEM, 0, PAT));
	/* a cold boot (fresh state) keeps nothing */
	env_setup(&cfg_full, MAP_DEFAULT);
	UT_TRUE(H->snap_last == NULL && !H->snap_rearm);
}

/* Offline/online twice with no snapshot use in between (hotplug-test). */
static void snapshot_kept_over_two_cycles(void)
{
	unsigned long idx;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	UT_EQ(set_shmem(~0UL, ~0UL, 0), 0);
	pmu_hart_stop(H);
	pmu_hart_init(H, PLAT);
	UT_EQ(set_shmem(~0UL, ~0UL, 0), 0);
	pmu_hart_stop(H);
	pmu_hart_init(H, PLAT);
	UT_EQ(cfg_match(0, ALL_HPM, PMU_CFG_AUTO_START, REFS, 0, &idx), 0);
	UT_EQ(ctr_stop(idx, 1, PMU_STOP_TAKE_SNAPSHOT), 0);
	UT_TRUE(H->snap == area());
	/* a failed SET_SHMEM changes nothing */
	pmu_hart_stop(H);
	pmu_hart_init(H, PLAT);
	UT_EQ(set_shmem(SIM_SMEM + 8, 0, 0), SBI_ERR_INVALID_PARAM);
	UT_EQ(set_shmem(SIM_RAM_BASE, 0, 0), SBI_ERR_INVALID_ADDRESS);
	UT_EQ(ctr_stop(3, 1, PMU_STOP_TAKE_SNAPSHOT), SBI_ERR_ALREADY_STOPPED);
	UT_TRUE(H->snap == area());
}

/*
 * A SET_SHMEM that fails (the host cannot map the memory) leaves no memory
 * behind: neither one kept over an HSM stop nor one turned off before.
 */
static void failed_set_forgets_kept_memory(void)
{
	unsigned long idx;

	env_setup(&cfg_full, MAP_DEFAULT);
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	pmu_hart_stop(H);
	pmu_hart_init(H, PLAT);	/* the memory is kept for a snapshot flag */
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	sim.smem_ptr_fails = true;
	UT_EQ(set_shmem(SIM_SMEM + 4096, 0, 0), SBI_ERR_FAILED);
	sim.smem_ptr_fails = false;
	UT_EQ(ctr_start(idx, 1, PMU_START_INIT_SNAPSHOT, 0), SBI_ERR_NO_SHMEM);
	/* memory turned off, then a failed set, then HSM stop */
	UT_EQ(set_shmem(SIM_SMEM, 0, 0), 0);
	UT_EQ(set_shmem(~0UL, ~0UL, 0), 0);
	sim.smem_ptr_fails = true;
	UT_EQ(set_shmem(SIM_SMEM + 4096, 0, 0), SBI_ERR_FAILED);
	sim.smem_ptr_fails = false;
	pmu_hart_stop(H);
	pmu_hart_init(H, PLAT);
	UT_EQ(cfg_match(0, ALL_HPM, 0, REFS, 0, &idx), 0);
	UT_EQ(ctr_start(idx, 1, PMU_START_INIT_SNAPSHOT, 0), SBI_ERR_NO_SHMEM);
	UT_TRUE(sim_ram_intact_outside(SIM_SMEM, 0, PAT));
}

static const struct ut_case cases[] = {
	UT_CASE(set_shmem_errors),
	UT_CASE(no_shmem_errors),
	UT_CASE(take_snapshot_relative_to_base),
	UT_CASE(overflow_bitmap),
	UT_CASE(overflow_bitmap_zero_without_sscofpmf),
	UT_CASE(init_snapshot_relative_to_base),
	UT_CASE(init_snapshot_one_counter),
	UT_CASE(overflow_bitmap_only_of_the_set),
	UT_CASE(restart_64x64_served_as_base_0),
	UT_CASE(restart_64x64_short_period_lengthened),
	UT_CASE(restart_64x64_strict),
	UT_CASE(snapshot_forgotten_on_hart_reset),
	UT_CASE(snapshot_kept_over_hsm_stop),
	UT_CASE(failed_set_forgets_kept_memory),
	UT_CASE(snapshot_kept_rules),
	UT_CASE(snapshot_kept_over_two_cycles),
};

void suite_snapshot(void)
{
	UT_SUITE("snapshot", cases);
}
