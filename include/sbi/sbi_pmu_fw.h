/* SPDX-License-Identifier: BSD-2-Clause */
/* Firmware-side glue to the portable PMU core. */
#ifndef SBI_PMU_FW_H
#define SBI_PMU_FW_H

#include <pmu/pmu.h>
#include <pmu/pmu_sbi.h>
#include <sbi/sbi_scratch.h>

/* Count one occurrence of SBI firmware event @code on this hart. */
static inline void sbi_pmu_fw_count(unsigned int code)
{
	pmu_fw_event_inc(&sbi_scratch_this()->pmu, code);
}

struct sbi_isa;

/*
 * Boot-hart set-up of the PMU core from the DT and the probed ISA: the
 * core's pmu_platform_setup() (sequence, maps, /chosen and build-time
 * policy, FW_PMU_DELEGATE etc. in lib/pmu/pmu_setup.c).
 */
void sbi_pmu_platform_init(void *fdt);

/* PMU_FEAT_* of a hart whose extensions are @isa. */
unsigned int sbi_pmu_features(const struct sbi_isa *isa);

/* Extensions (bit per enum sbi_isa_ext) the next stage must not see. */
unsigned long sbi_pmu_hidden_extensions(void);

#endif /* SBI_PMU_FW_H */
