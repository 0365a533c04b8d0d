// SPDX-License-Identifier: BSD-2-Clause
/* SBI IPI extension: supervisor software interrupts to a set of harts. */
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_ipi.h>

struct sbiret sbi_ecall_ipi(unsigned long fid, const unsigned long *a)
{
	int err;

	if (fid != SBI_EXT_IPI_SEND_IPI)
		return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
	err = sbi_hartmask_check(a[0], a[1]);
	if (!err)
		sbi_ipi_send_soft(a[0], a[1]);
	return (struct sbiret){ err, 0 };
}
