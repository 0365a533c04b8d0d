/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Counter delegation and PDIS policy tests: the configuration from the
 * bootargs, what the firmware delegated (probed from S-mode), what the DT
 * handed to S-mode advertises, then the groups of the other files.
 */
#include "deleg_tests.h"

struct deleg_cfg cfg;

/* Hardware counters SBI's counter_get_info lists (by CSR number). */
static unsigned long sbi_hw_counters(void)
{
	unsigned long i, csr, mask = 0;
	struct sbiret ret = sbi_pmu_num_counters();

	cfg.num_ctrs = ret.error ? 0 : ret.value;
	for (i = 0; i < cfg.num_ctrs && i < 64; i++) {
		ret = sbi_pmu_counter_get_info(i);
		if (!ret.error)
			cfg.sbi_valid |= BIT(i);
		if (ret.error || (ret.value & PMU_CTR_INFO_TYPE_FW))
			continue;
		csr = ret.value & PMU_CTR_INFO_CSR_MASK;
		if (csr >= CSR_CYCLE && csr < CSR_CYCLE + 32)
			mask |= BIT(csr - CSR_CYCLE);
	}
	return mask;
}

static void read_config(void)
{
	cfg.deleg = payload_arg_ulong("deleg.mask", 0);
	cfg.pdis = payload_arg_ulong("deleg.pdis", 0);
	cfg.hw = payload_arg_ulong("deleg.hw", 0);
	cfg.cde = cfg.deleg != 0;
	cfg.hyp = payload_isa_has('h');
	cfg.smcdeleg = payload_arg_ulong("deleg.smcdeleg", 1);
	cfg.sbi_hw = sbi_hw_counters();
	printf("# expected: delegated 0x%lx, PDIS %s; hardware 0x%lx, SBI lists 0x%lx\n",
	       cfg.deleg, cfg.pdis ? "delegated" : "kept", cfg.hw,
	       cfg.sbi_hw);
}

static void test_outcome(void)
{
	TEST_EQ(deleg_probe_mask(), cfg.deleg,
		"S-mode can program exactly the counters the policy delegates");
	TEST_EQ(pdis_usable(), cfg.pdis,
		"PDIS is usable from S-mode exactly when it is delegated");
	TEST_EQ(cfg.sbi_hw | cfg.deleg, cfg.hw,
		"every hardware counter is either SBI's or delegated");
	TEST_EQ(cfg.sbi_hw & cfg.deleg, 0,
		"no counter is both SBI's and delegated");
}

static void check_dt_ext(const char *ext, bool want)
{
	TEST_EQ(payload_isa_ext(ext), want,
		"the DT given to S-mode %s %s",
		want ? "lists" : "does not list", ext);
}

static void test_dt(void)
{
	if (!test_report(platform.fdt_ok, "a1 is no FDT",
			 "S-mode got a device tree"))
		return;
	check_dt_ext("smcdeleg", cfg.cde);
	check_dt_ext("ssccfg", cfg.cde);
	check_dt_ext("sspesa", cfg.cde);
	check_dt_ext("ssplcofi", cfg.cde);
	check_dt_ext("sspdis", cfg.pdis);
}

int payload_main(void)
{
	if (!test_report(payload_arg_ulong("deleg.hw", 0) != 0,
			 "no deleg.hw= in the bootargs",
			 "the configuration is in the bootargs"))
		return 0;
	read_config();
	test_outcome();
	test_dt();
	test_access_s();
	test_sbi_separation();
	test_sbi_reads();
	test_mmode_counted();
	test_mmode_sampled();
	test_pdismem();
	/* last: a firmware that loses a VS-mode trap may not come back */
	if (cfg.hyp)
		test_access_vs();
	else
		test_skip("no H extension", "VS-mode access checks");
	return 0;
}
