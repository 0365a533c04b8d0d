// SPDX-License-Identifier: BSD-2-Clause
/* SBI SRST extension over the DT's syscon poweroff/reboot registers. */
#include <sbi/sbi_drivers.h>
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_platform.h>

#define SRST_TYPE_VENDOR_FIRST		0xf0000000UL
#define SRST_REASON_IMPL_FIRST		0xe0000000UL

static bool reserved_type(unsigned long t)
{
	return t > 0xffffffffUL ||
	       (t > SBI_SRST_RESET_TYPE_WARM_REBOOT &&
		t < SRST_TYPE_VENDOR_FIRST);
}

static bool reserved_reason(unsigned long r)
{
	return r > 0xffffffffUL ||
	       (r > SBI_SRST_RESET_REASON_SYSFAIL &&
		r < SRST_REASON_IMPL_FIRST);
}

struct sbiret sbi_ecall_srst(unsigned long fid, const unsigned long *a)
{
	unsigned long type = a[0], reason = a[1];

	if (fid != SBI_EXT_SRST_RESET)
		return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
	if (reserved_type(type) || reserved_reason(reason))
		return (struct sbiret){ SBI_ERR_INVALID_PARAM, 0 };
	if (type >= SRST_TYPE_VENDOR_FIRST)
		return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
	if (type == SBI_SRST_RESET_TYPE_SHUTDOWN) {
		if (!sbi_plat.poweroff_addr)
			return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
		syscon_poweroff(reason == SBI_SRST_RESET_REASON_SYSFAIL);
	} else {
		if (!sbi_plat.reboot_addr)
			return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
		syscon_reboot();
	}
	return (struct sbiret){ SBI_ERR_FAILED, 0 };
}
