/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The calling convention on every PMU function, on success and error
 * paths alike: "All registers except a0 & a1 must be preserved across an
 * SBI call by the callee" (SBI v3.0, Binary Encoding). Unknown function
 * IDs of the extension are SBI_ERR_NOT_SUPPORTED.
 */
#include "pmu_tests.h"

/* x1..x31 from regs[1..31], ecall, back into regs[] (tests/payload) */
void payload_ecall_regs(unsigned long regs[32]);

#define PATTERN(i)	(0x5ca1ab1e00000000UL | ((unsigned long)(i) << 8) | (i))

/*
 * One call with a0..a5 given and every other register (sp, gp, tp, ra
 * and the temporaries included) holding a pattern; one check that only
 * a0 and a1 changed. Returns the sbiret.
 */
static struct sbiret call_checked(unsigned long fid, const unsigned long *a,
				  const char *what)
{
	unsigned long in[32], out[32], changed = 0;
	struct sbiret ret;
	int i;

	for (i = 0; i < 32; i++)
		in[i] = PATTERN(i);
	for (i = 0; i < 6; i++)
		in[10 + i] = a[i];
	in[16] = fid;
	in[17] = SBI_EXT_PMU;
	memcpy(out, in, sizeof(out));
	payload_ecall_regs(out);
	for (i = 1; i < 32; i++)
		if (i != 10 && i != 11 && out[i] != in[i])
			changed |= 1UL << i;
	ret.error = out[10];
	ret.value = out[11];
	test_report(!changed, "registers changed (bit n = xn)",
		    "FID 0x%lx %s (%s) preserves every register but a0/a1",
		    fid, what, sbi_err_name(ret.error));
	if (changed)
		test_diag("changed mask 0x%lx", changed);
	return ret;
}

static struct pmu_event_info_entry info[4] __attribute__((aligned(16)));

void test_abi(void)
{
	unsigned long fwm = mask_from(0, pmu.fw);
	struct pmu_snapshot_area *snap;
	struct sbiret ret;
	long f;
	static const unsigned long bad_fids[] = { 9, 10, 0xff, 1UL << 31,
						  ~0UL };
	unsigned int i;

	ctr_release_all();
	snap = pmu.fw && pmu.spec_major >= 2 ? snapshot_area() : NULL;
	{
		unsigned long a[6] = { 0 };

		call_checked(SBI_EXT_PMU_NUM_COUNTERS, a, "num_counters");
		a[0] = 1;
		call_checked(SBI_EXT_PMU_COUNTER_GET_INFO, a, "get_info(1)");
		a[0] = pmu.num - 1;
		call_checked(SBI_EXT_PMU_COUNTER_GET_INFO, a, "get_info(last)");
	}
	if (pmu.fw) {
		unsigned long a[6] = { 0, fwm, PMU_CFG_AUTO_START,
				       EV_FW(PMU_FW_SET_TIMER), 0, 0 };

		ret = call_checked(SBI_EXT_PMU_COUNTER_CFG_MATCH, a,
				   "cfg_match(SET_TIMER, AUTO_START)");
		f = ret.error ? NO_CTR : ret.value;
		if (f != NO_CTR) {
			unsigned long r[6] = { f, 0, 0, 0, 0, 0 };
			unsigned long s[6] = { f, 1, 0, 0, 0, 0 };

			call_checked(SBI_EXT_PMU_COUNTER_FW_READ, r, "fw_read");
			call_checked(SBI_EXT_PMU_COUNTER_FW_READ_HI, r,
				     "fw_read_hi");
			s[2] = snap ? PMU_STOP_TAKE_SNAPSHOT : 0;
			call_checked(SBI_EXT_PMU_COUNTER_STOP, s,
				     "stop(TAKE_SNAPSHOT)");
			s[2] = snap ? PMU_START_INIT_SNAPSHOT :
				      PMU_START_SET_INIT_VALUE;
			call_checked(SBI_EXT_PMU_COUNTER_START, s,
				     "start(INIT_SNAPSHOT)");
			s[2] = PMU_STOP_RESET;
			call_checked(SBI_EXT_PMU_COUNTER_STOP, s, "stop(RESET)");
		}
		a[2] = 1UL << 20;
		call_checked(SBI_EXT_PMU_COUNTER_CFG_MATCH, a,
			     "cfg_match(reserved flag)");
	}
	if (pmu.instret != NO_CTR) {
		unsigned long a[6] = { pmu.instret, 1, 0, EV_INSTRET, 0, 0 };
		unsigned long s[6] = { pmu.instret, 1, PMU_START_SET_INIT_VALUE,
				       42, 0, 0 };

		call_checked(SBI_EXT_PMU_COUNTER_CFG_MATCH, a,
			     "cfg_match(INSTRUCTIONS)");
		call_checked(SBI_EXT_PMU_COUNTER_START, s, "start(instret)");
		s[2] = PMU_STOP_RESET;
		call_checked(SBI_EXT_PMU_COUNTER_STOP, s, "stop(instret, RESET)");
	}
	if (snap) {
		unsigned long a[6] = { (unsigned long)snap, 0, 0, 0, 0, 0 };

		call_checked(SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, a,
			     "snapshot_set_shmem");
	}
	if (pmu.spec_major >= 3) {
		unsigned long a[6] = { (unsigned long)info, 0, ARRAY_SIZE(info),
				       0, 0, 0 };

		for (i = 0; i < ARRAY_SIZE(info); i++)
			info[i].event_idx = EV_FW(i);
		call_checked(SBI_EXT_PMU_EVENT_GET_INFO, a, "event_get_info");
	}
	for (i = 0; i < ARRAY_SIZE(bad_fids); i++) {
		unsigned long a[6] = { 0, fwm, 0, EV_FW(PMU_FW_SET_TIMER), 0,
				       0 };

		ret = call_checked(bad_fids[i], a, "(no such function)");
		TEST_SBI_ERR(ret, SBI_ERR_NOT_SUPPORTED,
			     "PMU function ID 0x%lx does not exist", bad_fids[i]);
	}
	TEST_ASSERT(fw_none_mapped(),
		    "the calls to unknown function IDs mapped nothing");
	ctr_release_all();
}
