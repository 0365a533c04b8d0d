/* SPDX-License-Identifier: BSD-2-Clause */
/* Shared set-up for the PMU core unit tests: one platform, one hart. */
#ifndef PMU_TEST_H
#define PMU_TEST_H

#include <pmu/pmu.h>
#include <pmu/pmu_csr.h>
#include <pmu/pmu_sbi.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/riscv_draft_encoding.h>
#include "sim_csr.h"
#include "ut.h"

enum env_map { MAP_NONE, MAP_DEFAULT, MAP_DT };

struct env {
	struct pmu_platform plat;
	struct pmu_hart hart;
};

extern struct env env;
#define PLAT	(&env.plat)
#define H	(&env.hart)

/* hpmcounters 3..18 (QEMU's default), 48 bits, every feature, H present */
extern const struct sim_cfg cfg_full;
/* same counters, no Sscofpmf, no Smcntrpmf, no H */
extern const struct sim_cfg cfg_bare;

/* sim_reset + platform init/probe + event map + hart init */
void env_setup(const struct sim_cfg *cfg, enum env_map map);
/* cfg_full, MAP_DEFAULT, plus platform firmware events (sim_plat.h) */
void env_platform(void);
unsigned int env_features(const struct sim_cfg *cfg);

long ecall6(unsigned long fid, unsigned long a0, unsigned long a1,
	    unsigned long a2, unsigned long a3, unsigned long a4,
	    unsigned long a5, unsigned long *value);
long cfg_match(unsigned long base, unsigned long mask, unsigned long flags,
	       unsigned long event_idx, uint64_t data, unsigned long *idx);
long ctr_start(unsigned long base, unsigned long mask, unsigned long flags,
	       uint64_t init);
long ctr_stop(unsigned long base, unsigned long mask, unsigned long flags);
long fw_read(unsigned long idx, unsigned long *value);
long num_counters(void);
long set_shmem(unsigned long lo, unsigned long hi, unsigned long flags);

/* event_idx helpers */
#define EV_HW(code)	PMU_EVIDX(PMU_EV_TYPE_HW, code)
#define EV_CACHE(id, op, res) \
	PMU_EVIDX(PMU_EV_TYPE_CACHE, PMU_CACHE_CODE(id, op, res))
#define EV_FW(code)	PMU_EVIDX(PMU_EV_TYPE_FW, code)
#define EV_RAW		PMU_EVIDX(PMU_EV_TYPE_RAW, 0)
#define EV_RAW2		PMU_EVIDX(PMU_EV_TYPE_RAW_V2, 0)

/* index of firmware counter j */
#define FW(j)		(PLAT->hw_slots + (j))
#define ALL_HPM		0x7fff8UL

void suite_platform(void);
void suite_deleg(void);
void suite_dt(void);
void suite_setup(void);
void suite_counters(void);
void suite_hw(void);
void suite_fw(void);
void suite_snapshot(void);
void suite_event_info(void);
void suite_hart(void);
void suite_ecall(void);
void suite_sse(void);

#endif /* PMU_TEST_H */
