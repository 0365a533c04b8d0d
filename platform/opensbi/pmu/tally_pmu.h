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
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_pmu.h>
#include "tally_osbi.h"
#include <pmu/pmu.h>
#include <pmu/pmu_csr.h>
#include <pmu/pmu_host.h>
#undef bool

/* maps.c: the platform description, filled by sbi_pmu_init() through the
 * core's pmu_platform_setup() */
extern struct pmu_platform tally_pmu_plat;
void tally_pmu_platform_setup(struct sbi_scratch *scratch);

/* One hart: the core's state (first) and the binding's */
struct tally_pmu_hart {
	struct pmu_hart core;
	/* config_matching filter flags per hardware counter (1.9: start) */
	unsigned long hw_flags[PMU_HW_CTR_MAX];
};

/*
 * sbi_pmu.c: where in a scratch area a hart keeps the pointer to its
 * state (0 before the boot hart's sbi_pmu_init()). This hart's state,
 * NULL before its sbi_pmu_init(); inline, as every call and device hook
 * asks for it.
 */
extern unsigned long tally_pmu_hart_ptr;
static inline struct tally_pmu_hart *tally_pmu_this(void)
{
	if (!tally_pmu_hart_ptr)
		return NULL;
	return *(struct tally_pmu_hart **)sbi_scratch_offset_ptr(
		sbi_scratch_thishart_ptr(), tally_pmu_hart_ptr);
}
static inline struct pmu_hart *tally_pmu_hart(void)
{
	struct tally_pmu_hart *t = tally_pmu_this();

	return t ? &t->core : NULL;
}

/* calls.c: one SBI PMU call, a[0..5] = a0..a5, on this hart */
long tally_pmu_call(unsigned long fid, const unsigned long *a,
		    unsigned long *value);
/* the same from the ecall handler, a = the trap frame's a0..a5 */
int tally_pmu_ecall(unsigned long fid, const unsigned long *a,
		    unsigned long *value);

/* fdt.c: RAM ranges of the device tree (and pmu_host_dt_prop()) */
void tally_pmu_ram_init(void);
bool tally_pmu_ram_contains(unsigned long addr, unsigned long size);

/* features.c: PMU_FEAT_* of the calling hart (pmu_isa_features()) */
unsigned int tally_pmu_hart_features(struct sbi_scratch *scratch);

/* irq.c: the overflow interrupt as an SSE event, per hart */
void tally_pmu_sse_init(bool cold_boot);

/*
 * device.c: the platform's struct sbi_pmu_device (sbi_pmu_set_device()),
 * its hooks called where OpenSBI's own PMU calls them (from the core's
 * pmu_host_hw_*() hooks).
 */
const struct sbi_pmu_device *tally_pmu_device(void);
void tally_pmu_device_setup(struct pmu_platform *plat);
/* counter_get_info's answer for a firmware counter: the device's width */
void tally_pmu_ctr_info(unsigned long *info);
/* the test platform's device (FW_PMU_TESTDEV=y only) */
void tally_pmu_testdev_register(void);

#endif /* TALLY_PMU_H */
