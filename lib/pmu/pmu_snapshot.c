/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Snapshot shared memory: one 4 KiB page per hart, touched only by
 * COUNTER_STOP with TAKE_SNAPSHOT (read/write) and COUNTER_START with
 * INIT_SNAPSHOT (read). Entries are relative to the call's counter_idx_base;
 * the pmu_ecall.c checks keep every set within base .. base + 63.
 */
#include <pmu/pmu_host.h>
#include "pmu_internal.h"

long pmu_snapshot_set(struct pmu_hart *h, unsigned long lo, unsigned long hi)
{
	if (!pmu_host_smem_allowed(lo, hi, PMU_SNAPSHOT_SIZE))
		return SBI_ERR_INVALID_ADDRESS;
	/* the memory is not touched now: only start/stop may access it */
	h->snap = pmu_host_smem_ptr(lo);
	h->snap_last = h->snap;
	h->snap_rearm = false;
	return h->snap ? SBI_SUCCESS : SBI_ERR_FAILED;
}

void pmu_snapshot_disable(struct pmu_hart *h)
{
	h->snap = NULL;
	h->snap_rearm = false;
}

/*
 * A snapshot flag without snapshot memory. Linux 6.12 turns the memory
 * off when a CPU goes offline and never sets it again when the CPU comes
 * back; the memory it had before the HSM stop is the caller's own and was
 * checked when it was set, so it serves again (PMU_COMPAT_SNAPSHOT_KEEP).
 */
bool pmu_snapshot_rearm(struct pmu_hart *h)
{
	if (!h->snap_rearm)
		return false;
	h->snap = h->snap_last;
	h->snap_rearm = false;
	return true;
}

/*
 * Values of the counters in set (all mapped) and the overflow bitmap of
 * this call, both relative to base. Without Sscofpmf the bitmap is zero.
 */
void pmu_snapshot_save(struct pmu_hart *h, unsigned long base, uint64_t set)
{
	const struct pmu_platform *plat = h->plat;
	struct pmu_snapshot_area *s = h->snap;
	uint64_t left = (set & plat->hw_value_mask) >> base;
	unsigned int i;

	/* sets are mask << base: walk up from base, no ctz per counter */
	for (i = 0; left; i++, left >>= 1)
		if (left & 1)
			s->ctr_values[i] = pmu_hw_read((unsigned int)base + i);
	for (left = set & plat->fw_mask; left; left &= left - 1) {
		i = pmu_ctz(left);
		s->ctr_values[i - base] = pmu_fw_value(h, i - plat->hw_slots);
	}
	s->ctr_overflow_mask =
		(uint64_t)pmu_hw_overflow(plat,
					  (uint32_t)(set & plat->hw_mask)) >> base;
}
