// SPDX-License-Identifier: BSD-2-Clause
/* SBI TIME extension. */
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_timer.h>

struct sbiret sbi_ecall_time(unsigned long fid, const unsigned long *a)
{
	if (fid != SBI_EXT_TIME_SET_TIMER || !sbi_timer_available())
		return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
	sbi_timer_set(SBI_ECALL_U64(a, 0));
	return (struct sbiret){ 0, 0 };
}
