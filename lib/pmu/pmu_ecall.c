/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SBI PMU binding: every argument check of the extension lives here,
 * so the core below only ever sees valid, absolute counter sets.
 */
#include <sbi/sbi_ecall_interface.h>
#include <pmu/pmu_host.h>
#include "pmu_internal.h"

/*
 * (base, mask) -> absolute set. Invalid: empty mask, base past the last
 * counter, bits shifted out of XLEN, any bit past the last counter, or any
 * index that is not a counter (the time slot, an absent hpmcounter). One
 * test covers the last three: the counters seen from base, valid_mask >>
 * base, have no bit at or past 64 - base.
 */
static inline bool pmu_ecall_set(const struct pmu_platform *plat,
				 unsigned long base, unsigned long mask,
				 uint64_t *set)
{
	if (!mask || base >= plat->num_ctrs)	/* so base < 64 */
		return false;
	*set = (uint64_t)mask << base;
	return !(mask & ~(plat->valid_mask >> base));
}

/* A 64-bit argument: one register on RV64, lo/hi pair on RV32. */
static inline uint64_t pmu_ecall_u64(const unsigned long *a, unsigned int i)
{
#if __SIZEOF_LONG__ == 4
	return a[i] | ((uint64_t)a[i + 1] << 32);
#else
	return a[i];
#endif
}

static long pmu_ecall_cfg_match(struct pmu_hart *h, const unsigned long *a,
				unsigned long *out)
{
	uint64_t set;

	if ((a[2] & ~PMU_CFG_VALID_MASK) ||
	    !pmu_ecall_set(h->plat, a[0], a[1], &set))
		return SBI_ERR_INVALID_PARAM;
	return pmu_ctr_config_match(h, set, a[2], a[3], pmu_ecall_u64(a, 4),
				    out);
}

/*
 * A snapshot flag without memory: after an HSM stop the page the hart set
 * last may serve again (PMU_COMPAT_SNAPSHOT_KEEP, docs/pmu.md). Cold, and
 * reached by tail calls only, so the common paths keep no stack frame.
 */
static PMU_COLD long pmu_ecall_start_rearm(struct pmu_hart *h,
					   const unsigned long *a,
					   unsigned long base, uint64_t set)
{
	if (!pmu_snapshot_rearm(h))
		return SBI_ERR_NO_SHMEM;
	return pmu_ctr_start(h, base, set, a[2], pmu_ecall_u64(a, 3));
}

static inline long pmu_ecall_start_set(struct pmu_hart *h,
				       const unsigned long *a,
				       unsigned long base, uint64_t set)
{
	if ((a[2] & PMU_START_INIT_SNAPSHOT) && !h->snap)
		return pmu_ecall_start_rearm(h, a, base, set);
	return pmu_ctr_start(h, base, set, a[2], pmu_ecall_u64(a, 3));
}

/*
 * Linux 6.12's pmu_sbi_start_ovf_ctrs_snapshot() restarts the counters of
 * its first word with base BITS_PER_LONG * BITS_PER_LONG and
 * INIT_SNAPSHOT; it means base 0 (docs/pmu.md). Any other out-of-range
 * set stays INVALID_PARAM.
 */
static PMU_COLD long pmu_ecall_start_compat(struct pmu_hart *h,
					    const unsigned long *a)
{
	uint64_t set;

	if (!(h->plat->compat & PMU_COMPAT_RESTART_BASE) ||
	    a[0] != 8UL * sizeof(long) * 8 * sizeof(long) ||
	    !(a[2] & PMU_START_INIT_SNAPSHOT) ||
	    !pmu_ecall_set(h->plat, 0, a[1], &set))
		return SBI_ERR_INVALID_PARAM;
	return pmu_ecall_start_set(h, a, 0, set);
}

static long pmu_ecall_start(struct pmu_hart *h, const unsigned long *a)
{
	const unsigned long both = PMU_START_SET_INIT_VALUE |
				   PMU_START_INIT_SNAPSHOT;
	uint64_t set;

	if ((a[2] & ~PMU_START_VALID_MASK) || (a[2] & both) == both)
		return SBI_ERR_INVALID_PARAM;
	/*
	 * One hardware counter, as Linux starts every event it schedules in:
	 * mask 1 with base < hw_slots (<= 32) is a set whose only possible
	 * fault, an index that is no counter, the core's mapped check sees.
	 * Without snapshot memory INIT_SNAPSHOT takes the long way: an index
	 * that is no counter is INVALID_PARAM there before NO_SHMEM.
	 */
	if (pmu_likely(a[1] == 1 && a[0] < h->plat->hw_slots) &&
	    (!(a[2] & PMU_START_INIT_SNAPSHOT) || h->snap))
		return pmu_ctr_start_one(h, a[0], a[2], pmu_ecall_u64(a, 3));
	if (!pmu_ecall_set(h->plat, a[0], a[1], &set))
		return pmu_ecall_start_compat(h, a);
	return pmu_ecall_start_set(h, a, a[0], set);
}

static PMU_COLD long pmu_ecall_stop_rearm(struct pmu_hart *h,
					  const unsigned long *a, uint64_t set)
{
	if (!pmu_snapshot_rearm(h))
		return SBI_ERR_NO_SHMEM;
	return pmu_ctr_stop(h, a[0], set, a[2]);
}

static long pmu_ecall_stop(struct pmu_hart *h, const unsigned long *a)
{
	uint64_t set;

	if (a[2] & ~PMU_STOP_VALID_MASK)
		return SBI_ERR_INVALID_PARAM;
	/*
	 * One mapped hardware counter, as Linux stops each event: a mapped
	 * index is a counter, so mask 1 needs no other check.
	 */
	if (pmu_likely(a[1] == 1 && a[0] < h->plat->hw_slots) &&
	    ((h->mapped >> a[0]) & 1) &&
	    (!(a[2] & PMU_STOP_TAKE_SNAPSHOT) || h->snap))
		return pmu_ctr_stop_mapped(h, a[0], a[2]);
	if (!pmu_ecall_set(h->plat, a[0], a[1], &set))
		return SBI_ERR_INVALID_PARAM;
	if ((a[2] & PMU_STOP_TAKE_SNAPSHOT) && !h->snap)
		return pmu_ecall_stop_rearm(h, a, set);
	return pmu_ctr_stop(h, a[0], set, a[2]);
}

static PMU_COLD long pmu_ecall_snapshot(struct pmu_hart *h, const unsigned long *a)
{
	if (a[2])
		return SBI_ERR_INVALID_PARAM;
	if (a[0] == PMU_SNAPSHOT_DISABLE && a[1] == PMU_SNAPSHOT_DISABLE) {
		pmu_snapshot_disable(h);
		return SBI_SUCCESS;
	}
	if (a[0] & (PMU_SNAPSHOT_ALIGN - 1))
		return SBI_ERR_INVALID_PARAM;
	return pmu_snapshot_set(h, a[0], a[1]);
}

static PMU_COLD long pmu_ecall_event_info(struct pmu_hart *h, const unsigned long *a)
{
	struct pmu_event_info_entry *e;
	unsigned long n = a[2];

	if (a[3] || (a[0] & (PMU_EVENT_INFO_ALIGN - 1)))
		return SBI_ERR_INVALID_PARAM;
	if (!n)
		return SBI_SUCCESS;
	if (n > ~0UL / PMU_EVENT_INFO_SIZE ||
	    !pmu_host_smem_allowed(a[0], a[1], n * PMU_EVENT_INFO_SIZE))
		return SBI_ERR_INVALID_ADDRESS;
	e = pmu_host_smem_ptr(a[0]);
	if (!e)
		return SBI_ERR_FAILED;
	return pmu_event_get_info(h->plat, e, n);
}

/*
 * The functions one by one (<pmu/pmu.h>): *out_value is 0 already, h is
 * past pmu_hart_init().
 */
PMU_SBI_FN(num_counters)
{
	*out_value = h->plat->num_ctrs;
	return SBI_SUCCESS;
}

PMU_SBI_FN(get_info)
{
	return pmu_ctr_get_info(h->plat, a[0], out_value);
}

PMU_SBI_FN(cfg_match)
{
	return pmu_ecall_cfg_match(h, a, out_value);
}

PMU_SBI_FN(start)
{
	return pmu_ecall_start(h, a);
}

PMU_SBI_FN(stop)
{
	return pmu_ecall_stop(h, a);
}

PMU_SBI_FN(fw_read)
{
	return pmu_ctr_fw_read(h, a[0], false, out_value);
}

PMU_SBI_FN(fw_read_hi)
{
	return pmu_ctr_fw_read(h, a[0], true, out_value);
}

PMU_SBI_FN(snapshot)
{
	return pmu_ecall_snapshot(h, a);
}

PMU_SBI_FN(event_info)
{
	return pmu_ecall_event_info(h, a);
}

long pmu_sbi_ecall(struct pmu_hart *h, unsigned long fid,
		   const unsigned long *a, unsigned long *out_value)
{
	*out_value = 0;
	if (!h->plat)
		return SBI_ERR_NOT_SUPPORTED;

	switch (fid) {
	case SBI_EXT_PMU_NUM_COUNTERS:
		return pmu_sbi_num_counters(h, a, out_value);
	case SBI_EXT_PMU_COUNTER_GET_INFO:
		return pmu_sbi_get_info(h, a, out_value);
	case SBI_EXT_PMU_COUNTER_CFG_MATCH:
		return pmu_sbi_cfg_match(h, a, out_value);
	case SBI_EXT_PMU_COUNTER_START:
		return pmu_sbi_start(h, a, out_value);
	case SBI_EXT_PMU_COUNTER_STOP:
		return pmu_sbi_stop(h, a, out_value);
	case SBI_EXT_PMU_COUNTER_FW_READ:
		return pmu_sbi_fw_read(h, a, out_value);
	case SBI_EXT_PMU_COUNTER_FW_READ_HI:
		return pmu_sbi_fw_read_hi(h, a, out_value);
	case SBI_EXT_PMU_SNAPSHOT_SET_SHMEM:
		return pmu_sbi_snapshot(h, a, out_value);
	case SBI_EXT_PMU_EVENT_GET_INFO:
		return pmu_sbi_event_info(h, a, out_value);
	default:
		return SBI_ERR_NOT_SUPPORTED;
	}
}
