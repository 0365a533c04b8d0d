// SPDX-License-Identifier: BSD-2-Clause
/* SBI SRST extension over the reset devices the drivers registered. */
#include <stdint.h>
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_system.h>

/*
 * Reserved values and platform-specific ones this firmware does not
 * implement (vendor types, SBI-implementation and vendor reasons) are all
 * INVALID_PARAM per the spec.
 */
static bool known_type(uint32_t t)
{
	return t <= SBI_SRST_RESET_TYPE_WARM_REBOOT;
}

static bool known_reason(uint32_t r)
{
	return r <= SBI_SRST_RESET_REASON_SYSFAIL;
}

struct sbiret sbi_ecall_srst(unsigned long fid, const unsigned long *a)
{
	/* both are uint32_t: bits 63..32 are not part of them */
	uint32_t type = a[0], reason = a[1];

	if (fid != SBI_EXT_SRST_RESET)
		return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
	if (!known_type(type) || !known_reason(reason))
		return (struct sbiret){ SBI_ERR_INVALID_PARAM, 0 };
	if (!sbi_reset_supported(type))
		return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
	sbi_reset(type, reason);
	return (struct sbiret){ SBI_ERR_FAILED, 0 };
}
