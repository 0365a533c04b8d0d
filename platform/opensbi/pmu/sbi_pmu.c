// SPDX-License-Identifier: BSD-2-Clause
/*
 * OpenSBI's PMU life cycle on Tally's PMU core: per-hart state behind a
 * scratch-area pointer, hart init/exit, firmware event counting.
 */
#include <sbi/sbi_console.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_heap.h>
#include <sbi/sbi_pmu.h>
#include "tally_pmu.h"

unsigned long tally_pmu_hart_ptr;
/*
 * The state itself lives in each hart's scratch area where that has room:
 * OpenSBI sizes its heap for its own per-hart state, and v1.5.1's ran out
 * at the 48th hart with ours in it (Linux on 64 harts). Heap otherwise.
 */
static unsigned long hart_area_offset;

static struct tally_pmu_hart **hart_slot(struct sbi_scratch *scratch)
{
	return sbi_scratch_offset_ptr(scratch, tally_pmu_hart_ptr);
}

int sbi_pmu_init(struct sbi_scratch *scratch, bool cold_boot)
{
	struct tally_pmu_hart **slot;

	if (cold_boot) {
		tally_pmu_hart_ptr = sbi_scratch_alloc_type_offset(void *);
		if (!tally_pmu_hart_ptr)
			return SBI_ENOMEM;
		hart_area_offset =
			sbi_scratch_alloc_offset(sizeof(struct tally_pmu_hart));
		tally_pmu_ram_init();
		tally_pmu_platform_setup(scratch);
	}
	tally_pmu_sse_init(cold_boot);

	slot = hart_slot(scratch);
	if (!*slot) {
		*slot = hart_area_offset ?
			sbi_scratch_offset_ptr(scratch, hart_area_offset) :
			sbi_zalloc(sizeof(**slot));
		if (!*slot)
			return SBI_ENOMEM;
	}
	pmu_hart_init(&(*slot)->core, &tally_pmu_plat);
	pmu_hart_delegate(&(*slot)->core, tally_pmu_hart_features(scratch));
	return 0;
}

void sbi_pmu_exit(struct sbi_scratch *scratch)
{
	struct tally_pmu_hart *t =
		tally_pmu_hart_ptr ? *hart_slot(scratch) : NULL;

	if (t)
		pmu_hart_stop(&t->core);
}

int sbi_pmu_ctr_incr_fw(enum sbi_pmu_fw_event_code_id fw_id)
{
	struct pmu_hart *h = tally_pmu_hart();

	if (unlikely(!h))
		return 0;
	if (unlikely(fw_id >= SBI_PMU_FW_MAX))
		return SBI_EINVAL;
	pmu_fw_event_inc(h, fw_id);
	return 0;
}
