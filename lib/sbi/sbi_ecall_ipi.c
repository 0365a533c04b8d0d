// SPDX-License-Identifier: BSD-2-Clause
/* SBI IPI extension: supervisor software interrupts to a set of harts. */
#include <sbi/riscv_asm.h>
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_ipi.h>
#include <sbi/sbi_pmu_fw.h>

/* Send SSIP to every hart in @hmask; the caller's own SSIP is set here. */
void sbi_ipi_send_soft(unsigned long hmask)
{
	unsigned long self = sbi_scratch_this()->hartid;
	unsigned long h;

	for (h = 0; hmask >> h; h++) {
		if (!((hmask >> h) & 1))
			continue;
		sbi_pmu_fw_count(PMU_FW_IPI_SENT);
		if (h == self) {
			csr_set(CSR_MIP, MIP_SSIP);
			sbi_pmu_fw_count(PMU_FW_IPI_RECEIVED);
		} else {
			sbi_ipi_send(h, SBI_IPI_EVENT_SOFT);
		}
	}
}

struct sbiret sbi_ecall_ipi(unsigned long fid, const unsigned long *a)
{
	unsigned long hmask;
	int err;

	if (fid != SBI_EXT_IPI_SEND_IPI)
		return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
	err = sbi_hartmask_from_sbi(a[0], a[1], &hmask);
	if (!err)
		sbi_ipi_send_soft(hmask);
	return (struct sbiret){ err, 0 };
}
