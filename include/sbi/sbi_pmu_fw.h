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

/* Boot-hart set-up of the PMU core from the DT and the probed ISA. */
void sbi_pmu_platform_init(void *fdt);

#endif /* SBI_PMU_FW_H */
