// SPDX-License-Identifier: BSD-2-Clause
/* Timer-ended non-retentive suspends for the suites' save/restore checks. */
#include <payload.h>
#include <payload/suspend.h>

struct sbiret payload_hsm_suspend_timed(unsigned long usec,
					unsigned long opaque,
					struct payload_resume *r)
{
	struct sbiret ret;

	csr_write(CSR_SIE, SIP_STIP);
	sbi_set_timer(time_now() + usec_to_ticks(usec));
	ret = payload_suspend_non_ret(SBI_EXT_HSM, SBI_EXT_HSM_HART_SUSPEND,
				      SBI_HSM_SUSPEND_NON_RET_DEFAULT, opaque,
				      r);
	sbi_set_timer(~0UL);
	csr_write(CSR_SIE, 0);
	return ret;
}
