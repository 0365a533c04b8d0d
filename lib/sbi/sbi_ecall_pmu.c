// SPDX-License-Identifier: BSD-2-Clause
/* SBI PMU extension: the portable core does all argument checking. */
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_pmu_fw.h>

/*
 * Called by the trap fast path (firmware/fw_base.S) with the caller's a0..a5
 * in place and the frame's spare word for sbiret.value: a tail call.
 */
long sbi_ecall_pmu(struct sbi_scratch *s, unsigned long fid,
		   const unsigned long *a, unsigned long *value)
{
	return pmu_sbi_ecall(&s->pmu, fid, a, value);
}
