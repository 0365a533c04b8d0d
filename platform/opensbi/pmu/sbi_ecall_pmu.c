// SPDX-License-Identifier: BSD-2-Clause
/*
 * The SBI PMU extension (EID 0x504D55) in OpenSBI's ecall table: every
 * function, snapshot and event_get_info included, goes to Tally's core.
 * OpenSBI's carray of extensions names this object's ecall_pmu.
 */
#include "tally_osbi.h"
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_trap.h>
#include "tally_pmu.h"

static int tally_ecall_pmu(unsigned long extid, unsigned long funcid,
			   struct sbi_trap_regs *regs,
			   struct sbi_ecall_return *out)
{
	const unsigned long a[6] = { regs->a0, regs->a1, regs->a2,
				     regs->a3, regs->a4, regs->a5 };

	return tally_pmu_call(funcid, a, &out->value);
}

struct sbi_ecall_extension ecall_pmu;

static int tally_ecall_pmu_register(void)
{
	return sbi_ecall_register_extension(&ecall_pmu);
}

struct sbi_ecall_extension ecall_pmu = {
#if TALLY_OSBI_EVENT_INFO
	.name = "pmu",
#endif
	.extid_start = SBI_EXT_PMU,
	.extid_end = SBI_EXT_PMU,
	.register_extensions = tally_ecall_pmu_register,
	.handle = tally_ecall_pmu,
};
