// SPDX-License-Identifier: BSD-2-Clause
/*
 * SBI System Suspend extension (SUSP, EID 0x53555350): SUSPEND_TO_RAM.
 *
 * QEMU virt has no power controller, so suspend to RAM is the hart's
 * non-retentive suspend with the rest of the system idle: the other harts
 * are STOPPED (the entry condition), RAM and the devices keep their state,
 * the calling hart loses its own (really, in the test configuration) and
 * resumes at resume_addr as HSM describes when one of the wake-up sources
 * S-mode enabled in sie fires: its timer (STIE) or an external interrupt
 * (SEIE). A suspend with neither enabled could never wake up and is
 * refused with DENIED (docs/firmware.md).
 */
#include <sbi/riscv_asm.h>
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_hsm.h>
#include <sbi/sbi_platform.h>

#define SUSP_WAKE_IRQS		(MIP_STIP | MIP_SEIP)

static bool others_stopped(unsigned long self)
{
	unsigned int i;

	for (i = 0; i < sbi_plat.hart_count; i++) {
		unsigned long h = sbi_scratch_at(i)->hartid;

		if (h != self && sbi_hsm_hart_status(h) != SBI_HSM_STATE_STOPPED)
			return false;
	}
	return true;
}

/* Returns only on error; sleep_type is 32 bits wide (63..32 ignored). */
static int system_suspend(uint32_t type, unsigned long addr,
			  unsigned long opaque)
{
	unsigned long self = sbi_scratch_this()->hartid;

	if (type != SBI_SUSP_SLEEP_TYPE_SUSPEND_TO_RAM)
		return SBI_ERR_INVALID_PARAM;	/* reserved or platform's */
	if (!sbi_supervisor_ram(addr, 4) || (addr & 1))
		return SBI_ERR_INVALID_ADDRESS;
	if (!others_stopped(self) || !(csr_read(CSR_MIE) & SUSP_WAKE_IRQS))
		return SBI_ERR_DENIED;
	sbi_hsm_suspend_non_ret(addr, opaque);
}

struct sbiret sbi_ecall_susp(unsigned long fid, const unsigned long *a)
{
	if (fid != SBI_EXT_SUSP_SYSTEM_SUSPEND)
		return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
	return (struct sbiret){ system_suspend(a[0], a[1], a[2]), 0 };
}
