/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * EVENT_GET_INFO (SBI v3.0, FID 8): 16-byte entries { u32 event_idx (RO),
 * u32 output (RW, bit 0 = supported), u64 event_data (RO) }. The answer
 * for each event must agree with what CFG_MATCH does for it, and with the
 * DT's riscv,pmu tables where those decide.
 */
#include "pmu_tests.h"

#define NBUF		260
#define OUT_PATTERN	0xa5a5a5a5U
#define DATA_JUNK	0xdeadbeefcafef00dULL

static struct pmu_event_info_entry buf[NBUF] __attribute__((aligned(4096)));

static unsigned long pa(unsigned int i)
{
	return (unsigned long)&buf[i];
}

static void set_entry(unsigned int i, uint32_t idx, uint64_t data)
{
	buf[i].event_idx = idx;
	buf[i].output = OUT_PATTERN;
	buf[i].event_data = data;
}

static void fill(unsigned int n, uint32_t idx)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		set_entry(i, idx, 0);
}

static struct sbiret get_info(unsigned long lo, unsigned long hi,
			      unsigned long n, unsigned long flags)
{
	return sbi_pmu_event_get_info(lo, hi, n, flags);
}

static void test_params(void)
{
	unsigned long end = platform.mem_base + platform.mem_size;
	struct pmu_event_info_entry *last;
	struct sbiret ret;
	unsigned int i;
	bool same = true;

	fill(NBUF, EV_FW(PMU_FW_SET_TIMER));
	TEST_SBI_ERR(get_info(pa(0), 0, 1, 1), SBI_ERR_INVALID_PARAM,
		     "event_get_info(flags 1)");
	TEST_SBI_ERR(get_info(pa(0), 0, 1, BIT(XLEN - 1)), SBI_ERR_INVALID_PARAM,
		     "event_get_info(flags bit XLEN-1)");
	TEST_SBI_ERR(get_info(pa(0) + 8, 0, 1, 0), SBI_ERR_INVALID_PARAM,
		     "event_get_info(8-byte aligned)");
	TEST_SBI_ERR(get_info(pa(0) + 4, 0, 1, 0), SBI_ERR_INVALID_PARAM,
		     "event_get_info(4-byte aligned)");
	TEST_SBI_ERR(get_info(pa(0) + 1, 0, 1, 0), SBI_ERR_INVALID_PARAM,
		     "event_get_info(odd address)");
	TEST_SBI_ERR(get_info(pmu.fw_base, 0, 1, 0), SBI_ERR_INVALID_ADDRESS,
		     "event_get_info(firmware memory 0x%lx)", pmu.fw_base);
	TEST_SBI_ERR(get_info(0x10000000, 0, 1, 0), SBI_ERR_INVALID_ADDRESS,
		     "event_get_info(MMIO 0x10000000)");
	TEST_SBI_ERR(get_info(0, 0, 1, 0), SBI_ERR_INVALID_ADDRESS,
		     "event_get_info(address 0)");
	TEST_SBI_ERR(get_info(end, 0, 1, 0), SBI_ERR_INVALID_ADDRESS,
		     "event_get_info(end of RAM)");
	TEST_SBI_ERR(get_info(end - 16, 0, 2, 0), SBI_ERR_INVALID_ADDRESS,
		     "event_get_info(last 16 bytes of RAM, 2 entries)");
	TEST_SBI_ERR(get_info(pmu.fw_base + pmu.fw_size - 16, 0, 2, 0),
		     SBI_ERR_INVALID_ADDRESS,
		     "event_get_info(last 16 bytes of firmware memory + 16 of RAM)");
	TEST_SBI_ERR(get_info(pa(0), 1, 1, 0), SBI_ERR_INVALID_ADDRESS,
		     "event_get_info(hi = 1)");
	TEST_SBI_ERR(get_info(-16UL, 0, 1, 0), SBI_ERR_INVALID_ADDRESS,
		     "event_get_info(-16)");
	TEST_SBI_ERR(get_info(-16UL, 0, 2, 0), SBI_ERR_INVALID_ADDRESS,
		     "event_get_info(-16, 2 entries: wraps)");
	TEST_SBI_ERR(get_info(pa(0), 0, BIT(XLEN - 4), 0), SBI_ERR_INVALID_ADDRESS,
		     "event_get_info(2^(XLEN-4) entries: 16 * n wraps to 0)");
	TEST_SBI_ERR(get_info(pa(0), 0, BIT(XLEN - 4) + 1, 0),
		     SBI_ERR_INVALID_ADDRESS,
		     "event_get_info(2^(XLEN-4) + 1 entries: 16 * n wraps to 16)");
	TEST_SBI_ERR(get_info(pa(0), 0, ~0UL, 0), SBI_ERR_INVALID_ADDRESS,
		     "event_get_info(~0 entries)");
	for (i = 0; i < NBUF; i++)
		if (buf[i].output != OUT_PATTERN)
			same = false;
	TEST_ASSERT(same, "the refused calls wrote no output word");

	TEST_SBI_OK(get_info(pa(0), 0, 0, 0), "event_get_info(0 entries)");
	TEST_EQ(buf[0].output, OUT_PATTERN, "0 entries: nothing written");

	/* the very last 16 bytes of RAM are a valid one-entry array */
	last = (struct pmu_event_info_entry *)(end - 16);
	if ((unsigned long)platform.fdt + fdt_totalsize(platform.fdt) >
	    end - 16) {
		test_skip("the DT lies there",
			  "event_get_info on the last 16 bytes of RAM");
	} else {
		last->event_idx = EV_FW(PMU_FW_SET_TIMER);
		last->output = OUT_PATTERN;
		last->event_data = 0;
		ret = get_info(end - 16, 0, 1, 0);
		TEST_SBI_OK(ret, "event_get_info(last 16 bytes of RAM, 1 entry)");
		TEST_EQ(last->output, 1,
			"SET_TIMER in the last entry of RAM is supported");
	}

	/* reserved event_idx bits fail the whole call */
	set_entry(0, EV_FW(PMU_FW_SET_TIMER), 0);
	set_entry(1, EV_FW(PMU_FW_SET_TIMER) | (1U << 20), 0);
	set_entry(2, EV_FW(PMU_FW_IPI_SENT), 0);
	TEST_SBI_ERR(get_info(pa(0), 0, 3, 0), SBI_ERR_INVALID_PARAM,
		     "event_get_info with event_idx bit 20 in entry 1");
	set_entry(1, EV_FW(PMU_FW_SET_TIMER) | (1U << 31), 0);
	TEST_SBI_ERR(get_info(pa(0), 0, 3, 0), SBI_ERR_INVALID_PARAM,
		     "event_get_info with event_idx bit 31 in entry 1");
}

/* Which events the rules of the spec and the DT decide, and how. */
enum expect { EXP_NO, EXP_YES, EXP_ANY, EXP_NOT_YES };

static enum expect expected(uint32_t ev, uint64_t data)
{
	unsigned long type = ev >> PMU_EVIDX_TYPE_SHIFT;
	unsigned long code = ev & PMU_EVIDX_CODE_MASK;
	uint64_t ctrs;

	switch (type) {
	case PMU_EV_TYPE_HW:
	case PMU_EV_TYPE_CACHE:
		if (type == PMU_EV_TYPE_HW &&
		    (code == PMU_HW_NO_EVENT || code >= PMU_HW_GENERAL_MAX))
			return EXP_NO;
		if (type == PMU_EV_TYPE_CACHE &&
		    (code >= PMU_CACHE_CODE_MAX || ((code >> 1) & 3) == 3))
			return EXP_NO;
		if (ev == EV_CYCLES && pmu.cycle != NO_CTR)
			return EXP_YES;
		if (ev == EV_INSTRET && pmu.instret != NO_CTR)
			return EXP_YES;
		/* the binding: only events with counters can be counted */
		if (!pmu.dt_pmu)
			return EXP_ANY;
		if (!dt_event_counters(ev, &ctrs))
			return EXP_NO;
		return ctrs ? EXP_YES : EXP_NO;
	case PMU_EV_TYPE_RAW:
	case PMU_EV_TYPE_RAW_V2:
		if (code)
			return EXP_NO;
		/* bits above the 48 / 56 the spec gives event_data */
		if (data & ~(type == PMU_EV_TYPE_RAW ? PMU_RAW_DATA_MASK :
			     PMU_RAW_V2_DATA_MASK))
			return EXP_ANY;
		if (!pmu.dt_pmu)
			return EXP_ANY;
		if (!dt_raw_counters(data, &ctrs))
			return EXP_NO;
		return ctrs ? EXP_YES : EXP_NO;
	case PMU_EV_TYPE_FW:
		/* platform events: only the test platform's device has some */
		if (code == PMU_FW_PLATFORM)
			return testdev_event(data) ? EXP_YES : EXP_NO;
		/* no SBI implementation here has implementation events */
		if (code >= PMU_FW_STD_MAX)
			return EXP_NO;
		return data ? EXP_NOT_YES : EXP_YES;
	default:
		return EXP_NO;
	}
}

/* Does CFG_MATCH find a counter for it (all counters free)? */
static bool matches(uint32_t ev, uint64_t data)
{
	unsigned long type = ev >> PMU_EVIDX_TYPE_SHIFT;
	long c;

	if (type == PMU_EV_TYPE_HW || type == PMU_EV_TYPE_CACHE)
		data = 0;
	c = ctr_match(0, mask_from(0, pmu.valid), 0, ev, data, NULL);
	ctr_release(c);
	return c != NO_CTR;
}

struct ev_case {
	uint32_t idx;
	uint64_t data;
};

static unsigned int build_cases(struct ev_case *c, unsigned int max)
{
	unsigned int n = 0, i;

	for (i = 0; i <= 12 && n < max; i++) {
		c[n].idx = EV_HW(i);
		c[n++].data = i & 1 ? DATA_JUNK : 0;	/* ignored for type 0 */
	}
	for (i = 0; i < 8 * 8 && n < max; i++) {
		c[n].idx = EV_CACHE(i);
		c[n++].data = i & 1 ? 0 : DATA_JUNK;	/* ignored for type 1 */
	}
	for (i = 0; i < PMU_FW_STD_MAX + 2 && n < max; i++) {
		c[n].idx = EV_FW(i);
		c[n++].data = 0;
	}
	{
		static const struct ev_case extra[] = {
			{ EV_FW(PMU_FW_SET_TIMER), 1 },
			{ EV_FW(255), 0 },
			{ EV_FW(256), 0 },
			{ EV_FW(1000), 0 },
			{ EV_FW(65534), 0 },
			{ EV_FW(PMU_FW_PLATFORM), 0x1234 },
			{ EV_FW(PMU_FW_PLATFORM), 0 },
			{ EV_FW(PMU_FW_PLATFORM), TESTDEV_EV_ENABLE_IRQ },
			{ EV_FW(PMU_FW_PLATFORM), TESTDEV_EV_ODD },
			{ EV_FW(PMU_FW_PLATFORM), TESTDEV_EV_DENY },
			{ EV_FW(PMU_FW_PLATFORM), TESTDEV_EV_DENY + 1 },
			{ PMU_EVIDX(PMU_EV_TYPE_RAW, 0), 0x1 },
			{ PMU_EVIDX(PMU_EV_TYPE_RAW, 0), 0x2 },
			{ PMU_EVIDX(PMU_EV_TYPE_RAW, 0), 0x3 },
			{ PMU_EVIDX(PMU_EV_TYPE_RAW, 0), 0x101 },
			{ PMU_EVIDX(PMU_EV_TYPE_RAW, 0), 0xabcde },
			{ PMU_EVIDX(PMU_EV_TYPE_RAW, 0), (1ULL << 48) | 2 },
			{ PMU_EVIDX(PMU_EV_TYPE_RAW, 1), 0x1 },
			{ PMU_EVIDX(PMU_EV_TYPE_RAW_V2, 0), 0x1 },
			{ PMU_EVIDX(PMU_EV_TYPE_RAW_V2, 0), 0x13 },
			{ PMU_EVIDX(PMU_EV_TYPE_RAW_V2, 0), 0x14 },
			{ PMU_EVIDX(PMU_EV_TYPE_RAW_V2, 0), 1ULL << 55 },
			{ PMU_EVIDX(PMU_EV_TYPE_RAW_V2, 0), (1ULL << 50) | 2 },
			{ PMU_EVIDX(PMU_EV_TYPE_RAW_V2, 0), (1ULL << 56) | 2 },
			{ PMU_EVIDX(PMU_EV_TYPE_RAW_V2, 2), 0x2 },
			{ PMU_EVIDX(4, 0), 0 },
			{ PMU_EVIDX(7, 1), 0 },
			{ PMU_EVIDX(14, 2), 0 },
		};

		for (i = 0; i < ARRAY_SIZE(extra) && n < max; i++)
			c[n++] = extra[i];
	}
	return n;
}

static void test_answers(void)
{
	static struct ev_case cases[NBUF - 4];
	unsigned int n = build_cases(cases, ARRAY_SIZE(cases)), i;
	unsigned int bad_out = 0, bad_ro = 0, bad_rule = 0, bad_match = 0;
	struct sbiret ret;

	for (i = 0; i < NBUF; i++)
		set_entry(i, i < n ? cases[i].idx : EV_CYCLES,
			  i < n ? cases[i].data : 0);
	ret = get_info(pa(0), 0, n, 0);
	TEST_SBI_OK(ret, "event_get_info(%u entries of every type)", n);
	if (ret.error)
		return;
	for (i = 0; i < n; i++) {
		uint32_t out = buf[i].output, ev = cases[i].idx;
		enum expect e = expected(ev, cases[i].data);
		bool yes = out == 1;

		if (buf[i].event_idx != ev || buf[i].event_data != cases[i].data)
			bad_ro++;
		if (e == EXP_NOT_YES) {
			if (out != 0 && out != OUT_PATTERN) {
				test_diag("entry %u (0x%x, data 0x%llx): output 0x%x",
					  i, ev, (unsigned long long)cases[i].data,
					  out);
				bad_out++;
			}
			continue;
		}
		if (out != 0 && out != 1) {
			test_diag("entry %u (0x%x): output word 0x%x", i, ev, out);
			bad_out++;
			continue;
		}
		if ((e == EXP_YES && !yes) || (e == EXP_NO && yes)) {
			test_diag("entry %u (%s 0x%x, data 0x%llx): supported %d, expected %d",
				  i, event_name(ev), ev,
				  (unsigned long long)cases[i].data, yes,
				  e == EXP_YES);
			bad_rule++;
		}
		if (matches(ev, cases[i].data) != yes) {
			test_diag("entry %u (%s 0x%x, data 0x%llx): event_get_info says %d, cfg_match says %d",
				  i, event_name(ev), ev,
				  (unsigned long long)cases[i].data, yes, !yes);
			bad_match++;
		}
	}
	TEST_EQ(bad_out, 0,
		"every output word is written in full (0 or 1; bits 31:1 zero)");
	TEST_EQ(bad_ro, 0, "event_idx and event_data words are left as they were");
	TEST_EQ(bad_rule, 0,
		"answers follow the spec and the DT riscv,pmu tables");
	TEST_EQ(bad_match, 0,
		"supported exactly when cfg_match finds a counter for the event");
	for (i = n; i < NBUF; i++)
		if (buf[i].output != OUT_PATTERN)
			break;
	TEST_EQ(i, NBUF, "nothing past entry %u was written", n - 1);
	ctr_release_all();
}

/* A full page of entries, each written. */
static void test_many(void)
{
	unsigned int i, n = 256, ones = 0;

	fill(NBUF, EV_FW(PMU_FW_IPI_SENT));
	TEST_SBI_OK(get_info(pa(0), 0, n, 0), "event_get_info(256 entries)");
	for (i = 0; i < n; i++)
		ones += buf[i].output == 1;
	TEST_EQ(ones, n, "all 256 IPI_SENT entries say supported");
	TEST_EQ(buf[n].output, OUT_PATTERN, "entry 256 not written");
}

void test_event_info(void)
{
	struct sbiret ret;

	ctr_release_all();
	if (pmu.spec_major < 3) {
		test_skip("SBI < 3.0", "event_get_info");
		return;
	}
	fill(1, EV_FW(PMU_FW_SET_TIMER));
	ret = get_info(pa(0), 0, 1, 0);
	if (ret.error == SBI_ERR_NOT_SUPPORTED) {
		test_skip("event_get_info is NOT_SUPPORTED", "event_get_info");
		return;
	}
	TEST_SBI_OK(ret, "event_get_info(1 entry)");
	TEST_EQ(buf[0].output, 1, "SET_TIMER is supported");
	test_params();
	test_answers();
	test_many();
	ctr_release_all();
}
