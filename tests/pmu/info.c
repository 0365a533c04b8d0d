/* SPDX-License-Identifier: BSD-2-Clause */
/* NUM_COUNTERS (FID 0) and COUNTER_GET_INFO (FID 1). */
#include "pmu_tests.h"

#define INFO_RSVD_MASK	(~(PMU_CTR_INFO_CSR_MASK | PMU_CTR_INFO_WIDTH_MASK | \
			   PMU_CTR_INFO_TYPE_FW))

static void test_num_counters(void)
{
	struct sbiret a = sbi_pmu_num_counters();
	struct sbiret b = sbi_ecall(SBI_EXT_PMU, SBI_EXT_PMU_NUM_COUNTERS,
				    0x55, 0xaa, ~0UL, 1, 2, 3);

	TEST_SBI_OK(a, "num_counters() -> SBI_SUCCESS");
	TEST_SBI_OK(b, "num_counters() with junk in a0..a5 -> SBI_SUCCESS");
	TEST_EQ(b.value, a.value, "num_counters() ignores a0..a5");
	test_report(a.value <= PMU_MAX_CTRS, "more than 64 counters",
		    "num_counters() = %ld fits the 64 snapshot slots", a.value);
}

/* The bitmaps of riscv,event-to-mhpmcounters, as hpmcounter CSR numbers. */
static uint32_t dt_counter_bitmap(void)
{
	const uint8_t *p;
	uint32_t len, i, bits = 0;

	p = dt_pmu_prop("riscv,event-to-mhpmcounters", &len);
	for (i = 0; p && i + 12 <= len; i += 12)
		bits |= fdt32(p + i + 8);
	return bits;
}

static void test_counter(unsigned long i)
{
	struct sbiret ret = sbi_pmu_counter_get_info(i);
	unsigned long info = ret.value, v;
	unsigned int csr = info & PMU_CTR_INFO_CSR_MASK;

	if (ret.error) {
		TEST_SBI_ERR(ret, SBI_ERR_INVALID_PARAM,
			     "get_info(%lu): a failing index is INVALID_PARAM",
			     i);
		return;
	}
	TEST_EQ(info & INFO_RSVD_MASK, 0,
		"get_info(%lu) = 0x%lx: reserved bits [62:18] are zero", i,
		info);
	if (info & PMU_CTR_INFO_TYPE_FW)
		return;
	test_report(csr >= 0xc00 && csr <= CSR_HPM_LAST && csr != CSR_TIME,
		    "not a counter CSR",
		    "get_info(%lu): hardware CSR 0x%x is cycle, instret or an hpmcounter",
		    i, csr);
	TEST_EQ(csr, 0xc00 + i, "get_info(%lu): hardware counter %lu is CSR 0xc00+%lu",
		i, i, i);
	if (csr == CSR_CYCLE || csr == CSR_INSTRET)
		TEST_EQ(ctr_width(i), 63,
			"get_info(%lu): %s is 64 bits wide (width field 63)", i,
			csr == CSR_CYCLE ? "cycle" : "instret");
	test_report(ctr_csr_read(i, &v), "reading it traps (mcounteren?)",
		    "CSR 0x%x of counter %lu is readable from S-mode", csr, i);
}

static void test_layout(void)
{
	uint32_t dt_bits = dt_counter_bitmap();
	unsigned long i, seen = 0;

	if (payload_isa_ext("zicntr") && pmu.hw) {
		TEST_ASSERT(pmu.cycle != NO_CTR,
			    "the cycle CSR is a counter (Zicntr)");
		TEST_ASSERT(pmu.instret != NO_CTR,
			    "the instret CSR is a counter (Zicntr)");
	}
	/* where no counter can be stopped no hpmcounter is offered */
	for (i = 3; i < 32 && !pmu.nostop; i++) {
		if (!(dt_bits & BIT(i)))
			continue;
		seen = 0;
		for (long c = 0; c < PMU_MAX_CTRS; c++)
			if (ctr_is_hw(c) && ctr_csr(c) == 0xc00 + i)
				seen = 1;
		test_report(seen, "no hardware counter has this CSR",
			    "hpmcounter%lu (in riscv,event-to-mhpmcounters) is a counter",
			    i);
	}
	TEST_ASSERT(pmu.fw != 0, "there are firmware counters");
}

static void test_time_slot(void)
{
	struct sbiret ret = sbi_pmu_counter_get_info(1);

	if (ret.error)
		TEST_SBI_ERR(ret, SBI_ERR_INVALID_PARAM,
			     "get_info(1): the time slot is not a counter");
	else
		test_report(!!(ret.value & PMU_CTR_INFO_TYPE_FW) ||
			    (ret.value & PMU_CTR_INFO_CSR_MASK) != CSR_TIME,
			    "reported CSR time as a PMU counter",
			    "get_info(1) = 0x%lx is not CSR time", ret.value);
}

/*
 * Bootargs pmu.num=N and pmu.hw=MASK: what a machine is known to have
 * (counter indices of the hardware counters), for runs on a fixed model.
 */
static void test_expected(void)
{
	unsigned long num = payload_arg_ulong("pmu.num", ~0UL);
	unsigned long hw = payload_arg_ulong("pmu.hw", ~0UL);

	if (num != ~0UL)
		TEST_EQ(pmu.num, num, "num_counters() = %lu, as this machine has",
			num);
	if (hw != ~0UL)
		TEST_EQ(pmu.hw, hw,
			"hardware counters 0x%lx, as this machine has", hw);
}

void test_info(void)
{
	unsigned long i;
	static const unsigned long past[] = {
		0, 1, 64, 4096, BIT(XLEN / 2), BIT(XLEN - 1), ~0UL,
	};

	test_num_counters();
	test_expected();
	for (i = 0; i < pmu.num && i < PMU_MAX_CTRS; i++)
		test_counter(i);
	test_time_slot();
	test_layout();
	for (i = 0; i < ARRAY_SIZE(past); i++) {
		unsigned long idx = i < 2 ? pmu.num + i : past[i];

		TEST_SBI_ERR(sbi_pmu_counter_get_info(idx),
			     SBI_ERR_INVALID_PARAM,
			     "get_info(0x%lx) past the last counter", idx);
	}
	if (pmu.fw_first != NO_CTR) {
		struct sbiret a = sbi_pmu_counter_get_info(pmu.fw_first);
		struct sbiret b = sbi_ecall(SBI_EXT_PMU,
					    SBI_EXT_PMU_COUNTER_GET_INFO,
					    pmu.fw_first, ~0UL, 7, 8, 9, 10);

		test_report(!b.error && b.value == a.value, "differs",
			    "get_info(%d) ignores a1..a5", pmu.fw_first);
	}
}
