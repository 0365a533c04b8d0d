// SPDX-License-Identifier: BSD-2-Clause
/*
 * Many harts (suite `boot`): every hart the DT names, any number and any
 * ids (the payload library's own view stops at 64), is started through
 * SBI HSM; each runs a stack-free stub that counts itself in and stops
 * again. Then a remote fence to all harts reaches every one, stopped ones
 * included, and ids the DT does not name are refused, as are the ids of
 * cpus the firmware marked disabled (sifive_u's E51 monitor hart).
 *
 * Bootargs: harts.expect=N    the number of harts the DT must name.
 *           harts.disabled=N  the number of its cpus that are disabled.
 */
#include <payload.h>

#define MAX_IDS		1024
#define WAIT_US		120000000UL	/* 2 minutes of guest time */

extern char harts_entry[];

static unsigned long ids[MAX_IDS];
static unsigned int nids;
static unsigned long off_ids[MAX_IDS];	/* cpus with status "disabled" */
static unsigned int noff;
static unsigned int checked_in;

static int cpu_disabled(const char *path)
{
	uint32_t len;
	const char *st = fdt_getprop(platform.fdt, path, "status", &len);

	return st && len >= 9 && !strcmp(st, "disabled");
}

static int collect(void *ctx, const char *path, int depth, const char *name,
		   const void *data, uint32_t len)
{
	(void)ctx;
	if (depth != 2 || strncmp(path, "/cpus/cpu@", 10) ||
	    strcmp(name, "reg") || len < 4)
		return 0;
	if (cpu_disabled(path)) {
		if (noff < MAX_IDS)
			off_ids[noff++] = fdt_cells(data, len >= 8 ? 2 : 1);
	} else if (nids < MAX_IDS) {
		ids[nids++] = fdt_cells(data, len >= 8 ? 2 : 1);
	}
	return 0;
}

/* A disabled cpu is no hart for the supervisor: HSM refuses its id. */
static void check_disabled(void)
{
	unsigned int i;

	for (i = 0; i < noff; i++) {
		TEST_SBI_ERR(sbi_hart_get_status(off_ids[i]),
			     SBI_ERR_INVALID_PARAM,
			     "hart_get_status(%lu), a disabled DT cpu",
			     off_ids[i]);
		TEST_SBI_ERR(sbi_hart_start(off_ids[i],
					    (unsigned long)harts_entry, 0),
			     SBI_ERR_INVALID_PARAM,
			     "hart_start(%lu), a disabled DT cpu", off_ids[i]);
	}
}

static unsigned long max_id(void)
{
	unsigned long m = 0;
	unsigned int i;

	for (i = 0; i < nids; i++)
		if (ids[i] > m)
			m = ids[i];
	return m;
}

/* Harts other than this one whose HSM status is not @want. */
static unsigned int status_not(long want)
{
	unsigned int i, bad = 0;
	struct sbiret r;

	for (i = 0; i < nids; i++) {
		if (ids[i] == current_hartid())
			continue;
		r = sbi_hart_get_status(ids[i]);
		if (r.error || r.value != want)
			bad++;
	}
	return bad;
}

static int wait_for(int (*done)(void))
{
	unsigned long t0 = time_now();

	while (!done())
		if (time_now() - t0 > usec_to_ticks(WAIT_US))
			return 0;
	return 1;
}

static int all_in(void)
{
	return __atomic_load_n(&checked_in, __ATOMIC_ACQUIRE) == nids - 1;
}

static int all_stopped(void)
{
	return !status_not(SBI_HSM_STATE_STOPPED);
}

static void start_all(void)
{
	unsigned int i, refused = 0;
	struct sbiret r;

	for (i = 0; i < nids; i++) {
		if (ids[i] == current_hartid())
			continue;
		r = sbi_hart_start(ids[i], (unsigned long)harts_entry,
				   (unsigned long)&checked_in);
		if (r.error)
			refused++;
	}
	TEST_EQ(refused, 0, "hart_start accepted for all %u other harts",
		nids - 1);
}

int payload_main(void)
{
	unsigned long expect = payload_arg_ulong("harts.expect", 0);
	unsigned long beyond;

	unsigned long expect_off = payload_arg_ulong("harts.disabled", 0);

	fdt_walk(platform.fdt, collect, NULL);
	TEST_ASSERT(nids > 1 && nids >= expect,
		    "the DT names %u harts (at least %lu expected)", nids,
		    expect);
	TEST_EQ(noff, expect_off, "the DT has %lu disabled cpus", expect_off);
	check_disabled();
	TEST_EQ(status_not(SBI_HSM_STATE_STOPPED), 0,
		"all %u other harts are STOPPED at entry", nids - 1);
	start_all();
	TEST_ASSERT(wait_for(all_in), "all %u started harts ran (%u checked in)",
		    nids - 1, checked_in);
	TEST_ASSERT(wait_for(all_stopped),
		    "all %u harts stopped themselves again", nids - 1);
	TEST_SBI_OK(sbi_remote_fence_i(0, -1UL),
		    "remote fence.i to all %u harts (base -1)", nids);
	TEST_SBI_OK(sbi_remote_sfence_vma(0, -1UL, 0, 0),
		    "remote sfence.vma to all %u harts (base -1)", nids);
	TEST_SBI_OK(sbi_remote_fence_i(1, max_id()),
		    "remote fence.i to the highest hart id %lu alone", max_id());
	beyond = max_id() + 1;
	TEST_SBI_ERR(sbi_hart_get_status(beyond), SBI_ERR_INVALID_PARAM,
		     "hart_get_status(%lu), past the last hart", beyond);
	TEST_SBI_ERR(sbi_remote_fence_i(1, beyond), SBI_ERR_INVALID_PARAM,
		     "remote fence.i to hart %lu, which no DT cpu names", beyond);
	return 0;
}
