// SPDX-License-Identifier: BSD-2-Clause
/*
 * Counter delegation (Smcdeleg/Ssccfg) and PDIS (Smpdis/Sspdis) for the
 * supervisor, as in Tally's firmware (docs/delegation.md): the make
 * variables TALLY_PMU_DELEGATE / TALLY_PDIS_DELEGATE, overridden by
 * tally,pmu-delegate / tally,pdis-delegate in /chosen.
 *
 * With CDE = 1 the SBI's own counters leave mcounteren; S-mode reads of
 * them trap and are answered by emulate.c, so any mask works as on Tally.
 */
#include <sbi/sbi_console.h>
#include "tally_pmu.h"

#ifndef TALLY_PMU_DELEGATE
#define TALLY_PMU_DELEGATE 0
#endif
#ifndef TALLY_PDIS_DELEGATE
#define TALLY_PDIS_DELEGATE 1
#endif

void tally_pmu_delegate(void)
{
	uint32_t want =
		tally_pmu_chosen_u32("tally,pmu-delegate", TALLY_PMU_DELEGATE);
	bool pdis = tally_pmu_chosen_u32("tally,pdis-delegate",
					 TALLY_PDIS_DELEGATE) != 0;
	uint32_t got;

	got = pmu_platform_delegate(&tally_pmu_plat, want, pdis);
	if (got || tally_pmu_plat.pdis_deleg)
		sbi_printf("tally-pmu: delegated counters 0x%x, PDIS %s\n", got,
			   tally_pmu_plat.pdis_deleg ? "yes" : "no");
}
