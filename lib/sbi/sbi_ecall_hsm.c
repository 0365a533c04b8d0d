// SPDX-License-Identifier: BSD-2-Clause
/* SBI HSM extension. */
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_hsm.h>

struct sbiret sbi_ecall_hsm(unsigned long fid, const unsigned long *a)
{
	long st;

	switch (fid) {
	case SBI_EXT_HSM_HART_START:
		return (struct sbiret){ sbi_hsm_hart_start(a[0], a[1], a[2]), 0 };
	case SBI_EXT_HSM_HART_STOP:
		return (struct sbiret){ sbi_hsm_hart_stop(), 0 };
	case SBI_EXT_HSM_HART_GET_STATUS:
		st = sbi_hsm_hart_status(a[0]);
		return st < 0 ? (struct sbiret){ st, 0 }
			      : (struct sbiret){ 0, st };
	case SBI_EXT_HSM_HART_SUSPEND:
		/* suspend_type is a uint32_t: bits 63..32 are not part of it */
		return (struct sbiret){
			sbi_hsm_hart_suspend((uint32_t)a[0], a[1], a[2]), 0
		};
	default:
		return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
	}
}
