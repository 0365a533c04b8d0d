/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The call patterns of Linux 6.12's drivers/perf/riscv_pmu_sbi.c, each
 * judged by the spec: the event probe at boot, the "stop everything"
 * reset, and the snapshot-mode overflow restart that passes
 * counter_idx_base = 64 * BITS_PER_LONG.
 */
#include "pmu_tests.h"

/*
 * Boot probe: CFG_MATCH(0, all counters, 0, event, 0) then
 * STOP(idx, 1, RESET) for the 10 general and 42 cache events; Linux drops
 * an event only on NOT_SUPPORTED, so nothing else may come back, and the
 * probe must leave every counter free.
 */
static void test_probe(void)
{
	unsigned long all = mask_from(0, pmu.valid), ev;
	unsigned int id, op, res, bad = 0, n = 0, left = 0;
	struct sbiret ret;
	long c;

	for (ev = EV_HW(1); ev <= EV_HW(10); ev++) {
		ret = sbi_pmu_counter_cfg_match(0, all, 0, ev, 0);
		if (ret.error && ret.error != SBI_ERR_NOT_SUPPORTED) {
			test_diag("probe of 0x%lx: %s", ev,
				  sbi_err_name(ret.error));
			bad++;
		}
		if (!ret.error) {
			n++;
			sbi_pmu_counter_stop(ret.value, 1, PMU_STOP_RESET);
		}
	}
	for (id = 0; id < PMU_CACHE_ID_MAX; id++)
		for (op = 0; op < PMU_CACHE_OP_MAX; op++)
			for (res = 0; res < 2; res++) {
				ev = EV_CACHE(PMU_CACHE_CODE(id, op, res));
				ret = sbi_pmu_counter_cfg_match(0, all, 0, ev, 0);
				if (ret.error &&
				    ret.error != SBI_ERR_NOT_SUPPORTED) {
					test_diag("probe of 0x%lx: %s", ev,
						  sbi_err_name(ret.error));
					bad++;
				}
				if (!ret.error) {
					n++;
					sbi_pmu_counter_stop(ret.value, 1,
							     PMU_STOP_RESET);
				}
			}
	TEST_EQ(bad, 0,
		"Linux probe of 52 events: only SUCCESS or NOT_SUPPORTED (%u supported)",
		n);
	/* the probe left nothing behind: no hardware counter starts */
	for (c = 0; c < PMU_MAX_CTRS; c++) {
		if (!ctr_is_hw(c))
			continue;
		ret = sbi_pmu_counter_start(c, 1, 0, 0);
		if (ret.error != SBI_ERR_INVALID_PARAM) {
			test_diag("counter %ld still mapped (start: %s)", c,
				  sbi_err_name(ret.error));
			left++;
		}
	}
	TEST_EQ(left, 0, "after the probe no hardware counter is mapped");
	TEST_ASSERT(fw_none_mapped(), "after the probe no firmware counter is mapped");
	ctr_release_all();
}

/* STOP(0, all counters, RESET): some never started, all get released. */
static void test_stop_all(void)
{
	unsigned long all = mask_from(0, pmu.valid);
	long f, g, h = NO_CTR;
	struct sbiret ret;

	f = ctr_match(0, mask_from(0, pmu.fw), PMU_CFG_AUTO_START,
		      EV_FW(PMU_FW_SET_TIMER), 0, NULL);
	g = ctr_match(0, mask_from(0, pmu.fw), 0, EV_FW(PMU_FW_IPI_SENT), 0,
		      NULL);
	if (pmu.instret != NO_CTR)
		h = ctr_match(pmu.instret, 1, PMU_CFG_AUTO_START, EV_INSTRET, 0,
			      NULL);
	ret = sbi_pmu_counter_stop(0, all, PMU_STOP_RESET);
	check_err2(ret, SBI_ERR_ALREADY_STOPPED, SBI_SUCCESS,
		   "stop(0, all 0x%lx, RESET) with a few counters started", all);
	TEST_ASSERT(fw_none_mapped(), "every firmware counter is released");
	if (f != NO_CTR)
		TEST_SBI_ERR(sbi_pmu_counter_start(f, 1, 0, 0),
			     SBI_ERR_INVALID_PARAM,
			     "start(%ld): the started one was released", f);
	if (g != NO_CTR)
		TEST_SBI_ERR(sbi_pmu_counter_start(g, 1, 0, 0),
			     SBI_ERR_INVALID_PARAM,
			     "start(%ld): the stopped one was released", g);
	if (h != NO_CTR)
		TEST_SBI_ERR(sbi_pmu_counter_start(h, 1, 0, 0),
			     SBI_ERR_INVALID_PARAM,
			     "start(%ld): the hardware one was released", h);
	ctr_release_all();
}

/*
 * pmu_sbi_start_ovf_ctrs_snapshot(): after for_each_set_bit() over one
 * word, idx is BITS_PER_LONG, so START gets base 64 * 64 with the used
 * counters as mask and INIT_SNAPSHOT. No counter has such an index:
 * INVALID_PARAM, nothing started, the shared memory untouched.
 */
static void test_restart_4096(void)
{
	struct pmu_snapshot_area *snap = snapshot_area();
	unsigned long used;
	uint64_t copy[8];
	long f, g;

	if (!snap) {
		test_skip("no snapshot memory", "Linux 6.12 snapshot restart");
		return;
	}
	f = ctr_match(0, mask_from(0, pmu.fw), 0, EV_FW(PMU_FW_SET_TIMER), 0,
		      NULL);
	g = ctr_match(0, mask_from(0, pmu.fw), 0, EV_FW(PMU_FW_SET_TIMER), 0,
		      NULL);
	if (f == NO_CTR || g == NO_CTR)
		goto out;
	used = (1UL << f) | (1UL << g);
	snap->ctr_values[f] = 5;
	snap->ctr_values[g] = 6;
	memcpy(copy, snap, sizeof(copy));
	TEST_SBI_ERR(sbi_pmu_counter_start(64 * 64, used,
					   PMU_START_INIT_SNAPSHOT, 0),
		     SBI_ERR_INVALID_PARAM,
		     "start(4096, 0x%lx, INIT_SNAPSHOT) as Linux 6.12 restarts",
		     used);
	TEST_SBI_ERR(sbi_pmu_counter_stop(f, 1, 0), SBI_ERR_ALREADY_STOPPED,
		     "counter %ld was not started by it", f);
	TEST_ASSERT(!memcmp(copy, snap, sizeof(copy)),
		    "the shared memory was not touched");
	TEST_SBI_OK(sbi_pmu_counter_start(0, used, PMU_START_INIT_SNAPSHOT, 0),
		    "start(0, 0x%lx, INIT_SNAPSHOT), the intended call", used);
	TEST_EQ(ctr_value(f), 5, "counter %ld from its slot", f);
	TEST_EQ(ctr_value(g), 6, "counter %ld from its slot", g);
out:
	ctr_release_all();
}

void test_linux(void)
{
	ctr_release_all();
	test_probe();
	if (!pmu.fw) {
		test_skip("no firmware counters", "Linux stop-all and restart");
		return;
	}
	test_stop_all();
	test_restart_4096();
}
