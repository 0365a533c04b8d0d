// SPDX-License-Identifier: BSD-2-Clause
/*
 * Many harts (suite `boot`): every hart the DT names, any number and any
 * ids (the payload library's own view stops at 64), is started through
 * SBI HSM; each runs a stack-free stub that counts itself in and stops
 * again. Then a remote fence to all harts reaches every one, stopped ones
 * included, and ids the DT does not name are refused, as are the ids of
 * cpus the firmware marked disabled (sifive_u's E51 monitor hart).
 *
 * With sparse ids (harts.gaps=N, the ids below the highest that no DT cpu
 * names), every such id is refused by HSM, and SBI hart masks are tried
 * over each 64-id window up to the highest: the window's harts for IPI
 * and remote fences, plus a gap id (refused), or a window without harts
 * (refused). The highest hart runs PMU calls of its own (a firmware
 * counter of its IPIs), which must work like the boot hart's.
 *
 * Bootargs: harts.expect=N    the number of harts the DT must name.
 *           harts.disabled=N  the number of its cpus that are disabled.
 *           harts.gaps=N      the number of unnamed ids below the highest.
 */
#include <payload.h>

#define MAX_IDS		1024
#define WAIT_US		120000000UL	/* 2 minutes of guest time */

extern char harts_entry[];
extern char harts_high_entry[];

#define PMU_FW_IPI_SENT		((0xfUL << 16) | 6)	/* type 15, code 6 */
#define PMU_CFG_CLEAR_AUTO	(BIT(1) | BIT(2))	/* CLEAR_VALUE, AUTO_START */
#define PMU_STOP_RESET		BIT(0)

/* What the PMU hart saw, written before it sets done */
struct high_result {
	long num_err, cfg_err, read_err, stop_err;
	unsigned long num_counters, count;
	unsigned int done;
};
static struct high_result high;

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

/* The highest hart id the DT names, @skip left out (-1UL: none). */
static unsigned long max_id_but(unsigned long skip)
{
	unsigned long m = 0;
	unsigned int i;

	for (i = 0; i < nids; i++)
		if (ids[i] > m && ids[i] != skip)
			m = ids[i];
	return m;
}

static unsigned long max_id(void)
{
	return max_id_but(-1UL);
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

static int is_id(unsigned long id)
{
	unsigned int i;

	for (i = 0; i < nids; i++)
		if (ids[i] == id)
			return 1;
	for (i = 0; i < noff; i++)
		if (off_ids[i] == id)
			return 1;
	return 0;
}

/* Unnamed ids below the highest: HSM knows none of them. */
static void check_gaps(unsigned long expect)
{
	unsigned long id, gaps = 0, bad = 0;

	for (id = 0; id < max_id(); id++) {
		if (is_id(id))
			continue;
		gaps++;
		if (sbi_hart_get_status(id).error != SBI_ERR_INVALID_PARAM ||
		    sbi_hart_start(id, (unsigned long)harts_entry, 0).error !=
			    SBI_ERR_INVALID_PARAM)
			bad++;
	}
	TEST_EQ(gaps, expect, "%lu ids below the highest name no hart", expect);
	TEST_EQ(bad, 0, "HSM status and start refuse all %lu of them", gaps);
}

/* The named harts of the 64-id window from @base, as a hart mask */
static unsigned long window(unsigned long base)
{
	unsigned long m = 0;
	unsigned int i;

	for (i = 0; i < nids; i++)
		if (ids[i] >= base && ids[i] - base < 64)
			m |= BIT(ids[i] - base);
	return m;
}

/* A window's harts are accepted; with a gap id, or none, refused. */
static void check_window(unsigned long base, unsigned int *ok,
			 unsigned int *refused, unsigned int *bad)
{
	unsigned long m = window(base), gap = ~m & (m ? m - 1 : 1);

	if (m) {
		(*ok)++;
		if (sbi_send_ipi(m, base).error ||
		    sbi_remote_fence_i(m, base).error ||
		    sbi_remote_sfence_vma(m, base, 0, 0).error)
			(*bad)++;
	}
	if (!gap)
		return;
	gap &= -gap;	/* the lowest unnamed id below the window's top */
	(*refused)++;
	if (sbi_send_ipi(m | gap, base).error != SBI_ERR_INVALID_PARAM ||
	    sbi_remote_fence_i(m | gap, base).error != SBI_ERR_INVALID_PARAM ||
	    sbi_remote_sfence_vma(m | gap, base, 0, 0).error !=
		    SBI_ERR_INVALID_PARAM)
		(*bad)++;
}

static void check_masks(void)
{
	unsigned int ok = 0, refused = 0, bad = 0;
	unsigned long base, top = max_id();

	for (base = 0; base <= top; base += 64)
		check_window(base, &ok, &refused, &bad);
	/* unaligned: the window that ends at the highest hart */
	if (top >= 63)
		check_window(top - 63, &ok, &refused, &bad);
	TEST_EQ(bad, 0, "IPI and remote fences: %u windows of harts accepted, "
		"%u with a gap id refused", ok, refused);
	TEST_SBI_ERR(sbi_send_ipi(1, top + 1), SBI_ERR_INVALID_PARAM,
		     "send_ipi with hart_mask_base %lu, past the highest",
		     top + 1);
	TEST_SBI_ERR(sbi_remote_sfence_vma(-1UL, top + 1, 0, 0),
		     SBI_ERR_INVALID_PARAM,
		     "remote sfence.vma, every bit from base %lu", top + 1);
}

/* The firmware counters among the first @n (counter_get_info type bit) */
static unsigned long fw_counters(unsigned long n)
{
	unsigned long i, mask = 0;
	struct sbiret r;

	for (i = 0; i < n && i < 64; i++) {
		r = sbi_pmu_counter_get_info(i);
		if (!r.error && (r.value >> (8 * sizeof(long) - 1)))
			mask |= BIT(i);
	}
	return mask;
}

/* On the highest hart but the boot hart: a firmware counter of its own IPIs. */
void high_hart_main(unsigned long hartid, struct high_result *r)
{
	struct sbiret c, ret = sbi_pmu_num_counters();

	r->num_err = ret.error;
	r->num_counters = ret.value;
	c = sbi_pmu_counter_cfg_match(0, fw_counters(ret.value),
				      PMU_CFG_CLEAR_AUTO,
				      PMU_FW_IPI_SENT, 0);
	r->cfg_err = c.error;
	if (!c.error) {
		sbi_send_ipi(1, hartid);
		sbi_send_ipi(1, hartid);
		ret = sbi_pmu_counter_fw_read(c.value);
		r->read_err = ret.error;
		r->count = ret.value;
		r->stop_err = sbi_pmu_counter_stop(c.value, 1,
						   PMU_STOP_RESET).error;
	}
	__atomic_store_n(&r->done, 1, __ATOMIC_RELEASE);
	sbi_hart_stop();
}

/*
 * The highest id but the calling hart's: the boot hart may be any of
 * them (on sifive_u the E51 hands cold boot to whichever U54 answers),
 * and it cannot start itself.
 */
static unsigned long high_id(void)
{
	return max_id_but(current_hartid());
}

static int high_done(void)
{
	return __atomic_load_n(&high.done, __ATOMIC_ACQUIRE) &&
	       sbi_hart_get_status(high_id()).value ==
		       (unsigned long)SBI_HSM_STATE_STOPPED;
}

static void check_pmu_high(void)
{
	unsigned long top = high_id();
	struct sbiret n = sbi_pmu_num_counters();

	TEST_SBI_OK(sbi_hart_start(top, (unsigned long)harts_high_entry,
				   (unsigned long)&high),
		    "hart_start(%lu) for the PMU calls", top);
	TEST_ASSERT(wait_for(high_done), "hart %lu ran and stopped", top);
	TEST_ASSERT(!high.num_err && high.num_counters == (unsigned long)n.value,
		    "hart %lu: %lu PMU counters, as on the boot hart", top,
		    high.num_counters);
	TEST_ASSERT(!high.cfg_err && !high.read_err && !high.stop_err &&
			    high.count == 2,
		    "hart %lu: firmware counter of its IPIs sent reads 2 (%lu; "
		    "errors %ld %ld %ld)", top, high.count, high.cfg_err,
		    high.read_err, high.stop_err);
}

int payload_main(void)
{
	unsigned long expect = payload_arg_ulong("harts.expect", 0);
	unsigned long beyond;

	unsigned long expect_off = payload_arg_ulong("harts.disabled", 0);
	unsigned long expect_gaps = payload_arg_ulong("harts.gaps", 0);

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
	check_gaps(expect_gaps);
	check_masks();
	check_pmu_high();
	return 0;
}
