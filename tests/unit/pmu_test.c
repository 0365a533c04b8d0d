/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>
#include "pmu_test.h"

struct env env;

const struct sim_cfg cfg_full = {
	.hpm_mask = ALL_HPM, .width = 48, .mcountinhibit = true,
	.sscofpmf = true, .smcntrpmf = true, .hyp = true,
};

const struct sim_cfg cfg_bare = {
	.hpm_mask = ALL_HPM, .width = 48, .mcountinhibit = true,
};

/* Big-endian cells of the riscv,pmu node QEMU's virt machine generates */
static const uint8_t qemu_ctrs[] = {
	0, 0, 0, 1, 0, 0, 0, 1, 0, 7, 0xff, 0xf9,
	0, 0, 0, 2, 0, 0, 0, 2, 0, 7, 0xff, 0xfc,
	0, 1, 0, 0x19, 0, 1, 0, 0x19, 0, 7, 0xff, 0xf8,
	0, 1, 0, 0x1b, 0, 1, 0, 0x1b, 0, 7, 0xff, 0xf8,
	0, 1, 0, 0x21, 0, 1, 0, 0x21, 0, 7, 0xff, 0xf8,
};

unsigned int env_features(const struct sim_cfg *cfg)
{
	return (cfg->mcountinhibit ? PMU_FEAT_MCOUNTINHIBIT : 0) |
	       (cfg->sscofpmf ? PMU_FEAT_SSCOFPMF : 0) |
	       (cfg->smcntrpmf ? PMU_FEAT_SMCNTRPMF : 0) |
	       (cfg->hyp ? PMU_FEAT_HYP : 0) |
	       (cfg->smcdeleg ? PMU_FEAT_SMCDELEG : 0) |
	       (cfg->smstateen ? PMU_FEAT_SMSTATEEN : 0) |
	       (cfg->smpdis ? PMU_FEAT_SMPDIS | PMU_FEAT_SSPDIS : 0) |
	       (cfg->pdismem ? PMU_FEAT_PDISMEM : 0);
}

void env_setup(const struct sim_cfg *cfg, enum env_map map)
{
	memset(&env, 0xa5, sizeof(env));	/* storage is not pre-zeroed */
	sim_reset(cfg);
	sim_ram_fill(0xcc);
	pmu_platform_init(PLAT, env_features(cfg));
	pmu_platform_probe(PLAT);
	if (map == MAP_DEFAULT)
		pmu_platform_default_map(PLAT);
	if (map == MAP_DT)
		UT_EQ(pmu_dt_event_to_mhpmcounters(PLAT, qemu_ctrs,
						   sizeof(qemu_ctrs)), 0);
	pmu_hart_init(H, PLAT);
}

void env_platform(void)
{
	struct sim_cfg c = cfg_full;

	c.fw_platform = true;
	env_setup(&c, MAP_DEFAULT);
}

long ecall6(unsigned long fid, unsigned long a0, unsigned long a1,
	    unsigned long a2, unsigned long a3, unsigned long a4,
	    unsigned long a5, unsigned long *value)
{
	unsigned long a[6] = { a0, a1, a2, a3, a4, a5 };
	unsigned long v = 0xbadbadUL;
	long ret = pmu_sbi_ecall(H, fid, a, &v);

	if (ret)
		UT_EQ(v, 0);	/* sbiret.value is 0 on every error */
	if (value)
		*value = v;
	return ret;
}

long cfg_match(unsigned long base, unsigned long mask, unsigned long flags,
	       unsigned long event_idx, uint64_t data, unsigned long *idx)
{
	return ecall6(SBI_EXT_PMU_COUNTER_CFG_MATCH, base, mask, flags,
		      event_idx, data, 0, idx);
}

long ctr_start(unsigned long base, unsigned long mask, unsigned long flags,
	       uint64_t init)
{
	return ecall6(SBI_EXT_PMU_COUNTER_START, base, mask, flags, init, 0, 0,
		      NULL);
}

long ctr_stop(unsigned long base, unsigned long mask, unsigned long flags)
{
	return ecall6(SBI_EXT_PMU_COUNTER_STOP, base, mask, flags, 0, 0, 0,
		      NULL);
}

long fw_read(unsigned long idx, unsigned long *value)
{
	return ecall6(SBI_EXT_PMU_COUNTER_FW_READ, idx, 0, 0, 0, 0, 0, value);
}

long num_counters(void)
{
	unsigned long v;

	UT_EQ(ecall6(SBI_EXT_PMU_NUM_COUNTERS, 0, 0, 0, 0, 0, 0, &v), 0);
	return (long)v;
}

long set_shmem(unsigned long lo, unsigned long hi, unsigned long flags)
{
	return ecall6(SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, lo, hi, flags, 0, 0, 0,
		      NULL);
}
