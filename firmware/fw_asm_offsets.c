// SPDX-License-Identifier: BSD-2-Clause
/*
 * Offsets of C structures that the trap entry (fw_base.S) needs. Compiled
 * to assembly only, never linked: mk/firmware.mk turns each "->NAME value"
 * line into "#define NAME value" in $(FW_BUILD)/fw_asm_offsets.h, so the
 * assembly follows the structures as they are in this image.
 */
#include <stddef.h>
#include <sbi/sbi_scratch.h>

#define ASM_OFFSET(name, value) \
	__asm__ volatile("\n->" #name " %0" : : "i"(value))

void fw_asm_offsets(void);

void fw_asm_offsets(void)
{
	/* The PMU ecall's hart state: pmu_sbi_start(a0..a5, &scratch->pmu, ...) */
	ASM_OFFSET(SBI_SCRATCH_PMU_OFFSET, offsetof(struct sbi_scratch, pmu));
	/* ... and how many PMU functions its table (_pmu_fns) holds */
	ASM_OFFSET(PMU_SBI_NR_FNS, PMU_SBI_NR_FNS);
}
