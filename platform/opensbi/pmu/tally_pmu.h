/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Tally's PMU core bound to OpenSBI: what the binding's files share.
 *
 * Include order matters: OpenSBI's headers first, then the core's. OpenSBI
 * typedefs bool itself (as int in 1.5); the core's headers use <stdbool.h>,
 * whose bool macro is dropped again below, so the <sbi/sbi_pmu.h> API is
 * defined with OpenSBI's bool and the core's interface with _Bool.
 */
#ifndef TALLY_PMU_H
#define TALLY_PMU_H

#include <sbi/sbi_scratch.h>
#include "tally_osbi.h"
#include <pmu/pmu.h>
#include <pmu/pmu_host.h>
#undef bool

/* maps.c: the platform description, filled by sbi_pmu_init() */
extern struct pmu_platform tally_pmu_plat;
void tally_pmu_platform_setup(struct sbi_scratch *scratch);

/* sbi_pmu.c: this hart's state, NULL before its sbi_pmu_init() */
struct pmu_hart *tally_pmu_hart(void);

/* calls.c: one SBI PMU call, a[0..5] = a0..a5, on this hart */
long tally_pmu_call(unsigned long fid, const unsigned long *a,
		    unsigned long *value);

/* fdt.c: RAM ranges and /chosen properties of the device tree */
void tally_pmu_ram_init(void);
bool tally_pmu_ram_contains(unsigned long addr, unsigned long size);
uint32_t tally_pmu_chosen_u32(const char *name, uint32_t dflt);

/* features.c: PMU_FEAT_* of the calling hart */
unsigned int tally_pmu_hart_features(struct sbi_scratch *scratch);

/* deleg.c: the counter delegation and PDIS policy, on the boot hart */
void tally_pmu_delegate(void);

/* irq.c: the overflow interrupt as an SSE event, per hart */
void tally_pmu_sse_init(bool cold_boot);

#endif /* TALLY_PMU_H */
