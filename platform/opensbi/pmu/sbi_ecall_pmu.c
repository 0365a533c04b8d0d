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

/* The core reads a0..a5 in place: one after the other in the trap frame */
_Static_assert(offsetof(struct sbi_trap_regs, a5) ==
		       offsetof(struct sbi_trap_regs, a0) +
			       5 * sizeof(unsigned long),
	       "a0..a5 are an array in struct sbi_trap_regs");

static int tally_ecall_pmu(unsigned long extid, unsigned long funcid,
			   struct sbi_trap_regs *regs,
			   struct sbi_ecall_return *out)
{
	return tally_pmu_ecall(funcid, &regs->a0, &out->value);
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
