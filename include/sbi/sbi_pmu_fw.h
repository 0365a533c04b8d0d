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

/* Build-time delegation policy (docs/delegation.md); /chosen overrides */
#ifndef FW_PMU_DELEGATE
#define FW_PMU_DELEGATE		0
#endif
#ifndef FW_PDIS_DELEGATE
#define FW_PDIS_DELEGATE	1
#endif
/* Compatibility rules for deployed kernels (docs/pmu.md); /chosen overrides */
#ifndef FW_PMU_COMPAT
#define FW_PMU_COMPAT		1
#endif

struct sbi_isa;

/* Boot-hart set-up of the PMU core from the DT and the probed ISA. */
void sbi_pmu_platform_init(void *fdt);

/* PMU_FEAT_* of a hart whose extensions are @isa. */
unsigned int sbi_pmu_features(const struct sbi_isa *isa);

/* Extensions (bit per enum sbi_isa_ext) the next stage must not see. */
unsigned long sbi_pmu_hidden_extensions(void);

#endif /* SBI_PMU_FW_H */
