// SPDX-License-Identifier: BSD-2-Clause
/* SBI PMU extension: the portable core does all argument checking. */
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_pmu_fw.h>

struct sbiret sbi_ecall_pmu(unsigned long fid, const unsigned long *a)
{
	/* the frame's spare word, not the stack: no frame of our own */
	unsigned long *value = &sbi_ecall_frame()[SBI_ECALL_FRAME_VALUE];
	long err = pmu_sbi_ecall(&sbi_scratch_this()->pmu, fid, a, value);

	return (struct sbiret){ err, (long)*value };
}
