/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SNAPSHOT_SET_SHMEM (FID 7) and the snapshot flags of COUNTER_START /
 * COUNTER_STOP: address checks, the layout (values relative to
 * counter_idx_base), and that the firmware touches the page only when a
 * snapshot flag asks it to.
 */
#include "pmu_tests.h"

#define PAGE		4096UL
#define PATTERN		0xa5a5a5a5a5a5a5a5UL

/* snap[0] and snap[1] are shared memory candidates, snap[2] a guard. */
static uint64_t snap[3][PAGE / 8] __attribute__((aligned(PAGE)));

static struct pmu_snapshot_area *area(int i)
{
	return (struct pmu_snapshot_area *)snap[i];
}

static unsigned long pa(int i)
{
	return (unsigned long)snap[i];
}

static void fill(void)
{
	unsigned int i, j;

	for (i = 0; i < 3; i++)
		for (j = 0; j < PAGE / 8; j++)
			snap[i][j] = PATTERN;
}

/* Words of page @i that differ from the pattern, except those in @skip. */
static unsigned int changed(int i, const unsigned int *skip,
			    unsigned int nskip)
{
	unsigned int j, k, n = 0;

	for (j = 0; j < PAGE / 8; j++) {
		bool skipped = false;

		for (k = 0; k < nskip; k++)
			if (skip[k] == j)
				skipped = true;
		if (!skipped && snap[i][j] != PATTERN)
			n++;
	}
	return n;
}

static bool untouched(void)
{
	return !changed(0, NULL, 0) && !changed(1, NULL, 0) &&
	       !changed(2, NULL, 0);
}

static long fw_timer_ctr(void)
{
	return ctr_match(0, mask_from(0, pmu.fw), 0, EV_FW(PMU_FW_SET_TIMER),
			 0, NULL);
}

static void test_no_shmem(void)
{
	long f = fw_timer_ctr();

	if (f == NO_CTR)
		return;
	sbi_pmu_counter_start(f, 1, 0, 0);
	TEST_SBI_ERR(sbi_pmu_counter_stop(f, 1, PMU_STOP_TAKE_SNAPSHOT),
		     SBI_ERR_NO_SHMEM,
		     "stop(%ld, TAKE_SNAPSHOT) before any shared memory", f);
	sbi_pmu_counter_stop(f, 1, 0);
	TEST_SBI_ERR(sbi_pmu_counter_start(f, 1, PMU_START_INIT_SNAPSHOT, 0),
		     SBI_ERR_NO_SHMEM,
		     "start(%ld, INIT_SNAPSHOT) before any shared memory", f);
	/* the flags are checked first: INVALID_PARAM, not NO_SHMEM */
	TEST_SBI_ERR(sbi_pmu_counter_start(f, 1, PMU_START_INIT_SNAPSHOT |
					   PMU_START_SET_INIT_VALUE, 0),
		     SBI_ERR_INVALID_PARAM,
		     "start(%ld, INIT_SNAPSHOT|SET_INIT_VALUE) without shared memory",
		     f);
	ctr_release_all();
}

static void test_addresses(void)
{
	unsigned long end = platform.mem_base + platform.mem_size;
	long ok = SBI_SUCCESS, inval = SBI_ERR_INVALID_PARAM;
	long badaddr = SBI_ERR_INVALID_ADDRESS;
	struct {
		unsigned long lo, hi, flags;
		long exp;
		const char *what;
	} c[] = {
		{ pa(0) + 8, 0, 0, inval, "8-byte aligned" },
		{ pa(0) + 2048, 0, 0, inval, "2 KiB aligned" },
		{ pa(0) + 1, 0, 0, inval, "odd" },
		{ pa(0), 0, 1, inval, "flags 1" },
		{ pa(0), 0, BIT(XLEN - 1), inval, "flags bit 63" },
		{ ~0UL, 0, 0, inval, "lo all-ones, hi 0 (not a disable)" },
		{ ~0UL, ~0UL, 1, inval, "disable with flags 1" },
		{ pmu.fw_base, 0, 0, badaddr, "firmware memory" },
		{ pmu.fw_base + pmu.fw_size - PAGE, 0, 0, badaddr,
		  "last page of firmware memory" },
		{ 0, 0, 0, badaddr, "address 0" },
		{ end, 0, 0, badaddr, "just past the end of RAM" },
		{ end + 0x100000, 0, 0, badaddr, "1 MiB past the end of RAM" },
		{ -PAGE, 0, 0, badaddr, "the last page of the address space" },
		{ pa(0), 1, 0, badaddr, "hi = 1" },
		{ pa(0), ~0UL, 0, badaddr, "hi all-ones, lo a page" },
		{ 0, ~0UL, 0, badaddr, "hi all-ones, lo 0" },
		{ end - PAGE, 0, 0, ok, "last page of RAM" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(c); i++)
		TEST_SBI_ERR(sbi_pmu_snapshot_set_shmem(c[i].lo, c[i].hi,
							c[i].flags),
			     c[i].exp, "snapshot_set_shmem(0x%lx, 0x%lx, 0x%lx): %s",
			     c[i].lo, c[i].hi, c[i].flags, c[i].what);
	if (platform.uart_base)
		TEST_SBI_ERR(sbi_pmu_snapshot_set_shmem(platform.uart_base &
							~(PAGE - 1), 0, 0),
			     badaddr, "snapshot_set_shmem(0x%lx): UART MMIO",
			     platform.uart_base & ~(PAGE - 1));
	if (platform.clint_base)
		TEST_SBI_ERR(sbi_pmu_snapshot_set_shmem(platform.clint_base, 0,
							0),
			     badaddr, "snapshot_set_shmem(0x%lx): CLINT MMIO",
			     platform.clint_base);
	TEST_SBI_ERR(sbi_pmu_snapshot_set_shmem(0x10000000, 0, 0), badaddr,
		     "snapshot_set_shmem(0x10000000): MMIO");
	TEST_ASSERT(untouched(), "failed set_shmem calls wrote nothing");
}

/* Stop with TAKE_SNAPSHOT: values land at (index - base). */
static void test_take(void)
{
	long f = fw_timer_ctr(), g = fw_timer_ctr(), h = NO_CTR;
	struct pmu_snapshot_area *s = area(0);
	unsigned int skip[2];
	unsigned long v = 0;
	struct sbiret ret;

	if (f == NO_CTR || g == NO_CTR)
		goto out;
	fill();
	sbi_pmu_counter_start(f, 1, PMU_START_SET_INIT_VALUE, 10);
	sbi_set_timer(~0UL);
	sbi_set_timer(~0UL);
	sbi_set_timer(~0UL);
	TEST_SBI_OK(sbi_pmu_counter_stop(f, 1, PMU_STOP_TAKE_SNAPSHOT),
		    "stop(%ld, 1, TAKE_SNAPSHOT)", f);
	TEST_EQ(s->ctr_values[0], 13,
		"snapshot slot 0 (base %ld) holds the value 13", f);
	TEST_EQ(s->ctr_overflow_mask, 0,
		"overflow bitmap 0 (a firmware counter never overflowed)");
	skip[0] = 0;
	skip[1] = 1;
	TEST_EQ(changed(0, skip, 2), 0,
		"nothing else in the page changed (other slots, reserved area)");

	/* base 0: slot = absolute index */
	fill();
	sbi_pmu_counter_start(f, 1, PMU_START_SET_INIT_VALUE, 20);
	sbi_set_timer(~0UL);
	TEST_SBI_OK(sbi_pmu_counter_stop(0, 1UL << f, PMU_STOP_TAKE_SNAPSHOT),
		    "stop(0, 1 << %ld, TAKE_SNAPSHOT)", f);
	TEST_EQ(s->ctr_values[f], 21, "snapshot slot %ld (base 0) holds 21", f);
	skip[0] = 0;
	skip[1] = 1 + f;
	TEST_EQ(changed(0, skip, 2), 0, "no other slot changed");

	/* two counters, base = the lower one */
	fill();
	sbi_pmu_counter_start(f, 1, PMU_START_SET_INIT_VALUE, 100);
	sbi_pmu_counter_start(g, 1, PMU_START_SET_INIT_VALUE, 200);
	sbi_set_timer(~0UL);
	TEST_SBI_OK(sbi_pmu_counter_stop(f, 1UL | (1UL << (g - f)),
					 PMU_STOP_TAKE_SNAPSHOT | PMU_STOP_RESET),
		    "stop(%ld, 0x%lx, TAKE_SNAPSHOT|RESET)", f,
		    1UL | (1UL << (g - f)));
	TEST_EQ(s->ctr_values[0], 101, "slot 0 = counter %ld", f);
	TEST_EQ(s->ctr_values[g - f], 201, "slot %ld = counter %ld", g - f, g);
	TEST_SBI_ERR(sbi_pmu_counter_fw_read(g), SBI_ERR_INVALID_PARAM,
		     "RESET with TAKE_SNAPSHOT still released counter %ld", g);

	/* a hardware counter: the snapshot equals the stopped CSR */
	if (pmu.instret != NO_CTR)
		h = ctr_match(pmu.instret, 1, 0, EV_INSTRET, 0, NULL);
	if (h != NO_CTR) {
		fill();
		sbi_pmu_counter_start(h, 1, PMU_START_SET_INIT_VALUE, 0);
		ret = sbi_pmu_counter_stop(h, 1, PMU_STOP_TAKE_SNAPSHOT);
		ctr_csr_read(h, &v);	/* before the report's console output */
		TEST_SBI_OK(ret, "stop(%ld, TAKE_SNAPSHOT) of a hardware counter",
			    h);
		if (ctr_stops(h))
			TEST_EQ(s->ctr_values[0], v,
				"snapshot of hardware counter %ld equals its CSR",
				h);
		else	/* it runs on past the stop (nostop.c) */
			test_report(s->ctr_values[0] <= v &&
				    v - s->ctr_values[0] < 5000, NULL,
				    "snapshot of hardware counter %ld (0x%llx) is its value at the stop (0x%lx now)",
				    h, (unsigned long long)s->ctr_values[0], v);
		test_report(v > 0 && v < 10000, NULL,
			    "and it counted (0x%lx instructions)", v);
	}
out:
	ctr_release_all();
}

/* Start with INIT_SNAPSHOT: values come from the page, read-only. */
static void test_init(void)
{
	long f = fw_timer_ctr(), g = fw_timer_ctr(), h = NO_CTR;
	struct pmu_snapshot_area *s = area(0);
	static uint64_t copy[PAGE / 8];
	unsigned long v = 0;
	struct sbiret ret;

	if (f == NO_CTR || g == NO_CTR)
		goto out;
	fill();
	s->ctr_values[0] = 5000;
	memcpy(copy, snap[0], PAGE);
	TEST_SBI_OK(sbi_pmu_counter_start(f, 1, PMU_START_INIT_SNAPSHOT, 999),
		    "start(%ld, 1, INIT_SNAPSHOT, 999)", f);
	TEST_EQ(ctr_value(f), 5000,
		"the counter starts from slot 0 (5000), not initial_value");
	TEST_ASSERT(!memcmp(copy, snap[0], PAGE),
		    "INIT_SNAPSHOT only reads the shared memory");
	sbi_pmu_counter_stop(f, 1, 0);

	s->ctr_values[f] = 6000;
	s->ctr_values[g] = 7000;
	TEST_SBI_OK(sbi_pmu_counter_start(0, (1UL << f) | (1UL << g),
					  PMU_START_INIT_SNAPSHOT, 0),
		    "start(0, counters %ld and %ld, INIT_SNAPSHOT)", f, g);
	TEST_EQ(ctr_value(f), 6000, "counter %ld from slot %ld", f, f);
	TEST_EQ(ctr_value(g), 7000, "counter %ld from slot %ld", g, g);
	sbi_pmu_counter_stop(0, (1UL << f) | (1UL << g), 0);

	if (pmu.instret != NO_CTR)
		h = ctr_match(pmu.instret, 1, 0, EV_INSTRET, 0, NULL);
	if (h != NO_CTR) {
		s->ctr_values[0] = 0x40000000;
		/* read before reporting: printing costs the firmware's console */
		ret = sbi_pmu_counter_start(h, 1, PMU_START_INIT_SNAPSHOT, 0);
		ctr_csr_read(h, &v);
		TEST_SBI_OK(ret, "start(%ld, INIT_SNAPSHOT) of a hardware counter",
			    h);
		test_report(v >= 0x40000000 && v < 0x40000000 + 5000, NULL,
			    "hardware counter %ld reads 0x%lx after starting from 0x40000000",
			    h, v);
	}
	TEST_SBI_ERR(sbi_pmu_counter_start(f, 1, PMU_START_INIT_SNAPSHOT |
					   PMU_START_SET_INIT_VALUE, 1),
		     SBI_ERR_INVALID_PARAM,
		     "start(%ld, INIT_SNAPSHOT|SET_INIT_VALUE) -> INVALID_PARAM", f);
out:
	ctr_release_all();
}

/* The firmware may touch the page only for snapshot flags. */
static void test_quiet(void)
{
	long f = fw_timer_ctr();

	if (f == NO_CTR)
		return;
	fill();
	sbi_pmu_counter_start(f, 1, PMU_START_SET_INIT_VALUE, 3);
	sbi_set_timer(~0UL);
	sbi_pmu_counter_fw_read(f);
	sbi_pmu_counter_stop(f, 1, 0);
	sbi_pmu_counter_start(f, 1, 0, 0);
	sbi_pmu_counter_stop(f, 1, PMU_STOP_RESET);
	ctr_match(0, mask_from(0, pmu.valid), PMU_CFG_AUTO_START,
		  EV_FW(PMU_FW_SET_TIMER), 0, NULL);
	sbi_pmu_num_counters();
	sbi_pmu_counter_get_info(0);
	ctr_release_all();
	TEST_ASSERT(untouched(),
		    "calls without snapshot flags leave the shared memory alone");
}

/* counter_idx_base past the counters: no snapshot access at all. */
static void test_bad_base(void)
{
	long f = fw_timer_ctr();
	static const unsigned long bases[] = { 64, 4096, ~0UL >> 24, ~0UL };
	unsigned int i;
	bool restart;

	if (f == NO_CTR)
		return;
	fill();
	sbi_pmu_counter_start(f, 1, 0, 0);
	for (i = 0; i < ARRAY_SIZE(bases); i++) {
		TEST_SBI_ERR(sbi_pmu_counter_stop(bases[i], 1,
						  PMU_STOP_TAKE_SNAPSHOT),
			     SBI_ERR_INVALID_PARAM,
			     "stop(base 0x%lx, 1, TAKE_SNAPSHOT)", bases[i]);
		/*
		 * Under the compat rules base 4096 with INIT_SNAPSHOT is base
		 * 0 (docs/pmu.md): where counter 0 is @f (no hardware
		 * counters), that is a start of the started counter.
		 */
		restart = pmu.compat && bases[i] == 4096 && f == 0;
		TEST_SBI_ERR(sbi_pmu_counter_start(bases[i], 1,
						   PMU_START_INIT_SNAPSHOT, 0),
			     restart ? SBI_ERR_ALREADY_STARTED :
				       SBI_ERR_INVALID_PARAM,
			     "start(base 0x%lx, 1, INIT_SNAPSHOT)%s", bases[i],
			     restart ? ": the compat restart of counter 0" : "");
	}
	/* Linux 6.12's overflow restart: base = 64 * word, the word's bits */
	TEST_SBI_ERR(sbi_pmu_counter_start(64, 1UL << f,
					   PMU_START_INIT_SNAPSHOT, 0),
		     SBI_ERR_INVALID_PARAM,
		     "start(64, 1 << %ld, INIT_SNAPSHOT) (Linux 6.12 restart)",
		     f);
	TEST_ASSERT(untouched(), "the refused calls did not touch memory");
	TEST_SBI_OK(sbi_pmu_counter_stop(f, 1, 0),
		    "counter %ld was still running", f);
	ctr_release_all();
}

static void test_disable_and_move(void)
{
	long f = fw_timer_ctr();

	if (f == NO_CTR)
		return;
	TEST_SBI_OK(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0),
		    "snapshot_set_shmem(-1, -1, 0) disables");
	sbi_pmu_counter_start(f, 1, 0, 0);
	TEST_SBI_ERR(sbi_pmu_counter_stop(f, 1, PMU_STOP_TAKE_SNAPSHOT),
		     SBI_ERR_NO_SHMEM, "stop(TAKE_SNAPSHOT) after disabling");
	sbi_pmu_counter_stop(f, 1, 0);
	TEST_SBI_ERR(sbi_pmu_counter_start(f, 1, PMU_START_INIT_SNAPSHOT, 0),
		     SBI_ERR_NO_SHMEM, "start(INIT_SNAPSHOT) after disabling");
	TEST_SBI_OK(sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0),
		    "disabling twice is fine");

	fill();
	TEST_SBI_OK(sbi_pmu_snapshot_set_shmem(pa(0), 0, 0), "set page 0");
	TEST_SBI_OK(sbi_pmu_snapshot_set_shmem(pa(1), 0, 0),
		    "set page 1 instead");
	sbi_pmu_counter_start(f, 1, PMU_START_SET_INIT_VALUE, 77);
	TEST_SBI_OK(sbi_pmu_counter_stop(f, 1, PMU_STOP_TAKE_SNAPSHOT),
		    "stop(TAKE_SNAPSHOT) into page 1");
	TEST_EQ(area(1)->ctr_values[0], 77, "the snapshot went to page 1");
	TEST_EQ(changed(0, NULL, 0) + changed(2, NULL, 0), 0,
		"the old page and the guard page stay untouched");
	ctr_release_all();
}

void test_snapshot(void)
{
	struct sbiret ret;

	ctr_release_all();
	if (pmu.spec_major < 2) {
		test_skip("SBI < 2.0", "PMU snapshot");
		return;
	}
	if (!pmu.fw) {
		test_skip("no firmware counters", "PMU snapshot");
		return;
	}
	test_no_shmem();
	fill();
	ret = sbi_pmu_snapshot_set_shmem(pa(0), 0, 0);
	if (ret.error == SBI_ERR_NOT_SUPPORTED) {
		test_skip("snapshot_set_shmem is NOT_SUPPORTED (optional)",
			  "PMU snapshot");
		return;
	}
	TEST_SBI_OK(ret, "snapshot_set_shmem(0x%lx, 0, 0)", pa(0));
	TEST_ASSERT(untouched(), "set_shmem itself does not write the page");
	test_addresses();
	TEST_SBI_OK(sbi_pmu_snapshot_set_shmem(pa(0), 0, 0),
		    "snapshot_set_shmem(0x%lx, 0, 0) again", pa(0));
	test_take();
	test_init();
	test_quiet();
	test_bad_base();
	test_disable_and_move();
	/* leave page 0 in place for the overflow bitmap checks */
	sbi_pmu_snapshot_set_shmem(pa(0), 0, 0);
	ctr_release_all();
}

/* For overflow.c: the snapshot page in use, or NULL. */
struct pmu_snapshot_area *snapshot_area(void)
{
	return pmu.spec_major >= 2 &&
	       !sbi_pmu_snapshot_set_shmem(pa(0), 0, 0).error ? area(0) : NULL;
}
