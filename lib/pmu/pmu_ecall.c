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

/*
 * The same, the mask tested before it is shifted: in the start binding
 * GCC then shifts it straight into the register of the set and keeps no
 * copy of it for the one-counter path. (In config_matching's and stop's
 * bindings this order costs OpenSBI's drop-in an instruction, in
 * pmu_sbi_ecall()'s prologue or on the stop of several counters.)
 */
static inline bool pmu_ecall_set_tested(const struct pmu_platform *plat,
					unsigned long base, unsigned long mask,
					uint64_t *set)
{
	if (!mask || base >= plat->num_ctrs ||	/* so base < 64 */
	    (mask & ~(plat->valid_mask >> base)))
		return false;
	*set = (uint64_t)mask << base;
	return true;
}

/* A 64-bit argument: one register on RV64, a lo/hi pair on RV32. */
static inline uint64_t pmu_ecall_u64(unsigned long lo, unsigned long hi)
{
#if __SIZEOF_LONG__ == 4
	return lo | ((uint64_t)hi << 32);
#else
	(void)hi;
	return lo;
#endif
}

PMU_HOT long pmu_ecall_cfg_match(struct pmu_hart *h, unsigned long base,
				 unsigned long mask, unsigned long flags,
				 unsigned long event_idx, uint64_t data,
				 unsigned long *out)
{
	uint64_t set;

	/* reserved flags: pmu_ctr_config_match(), with the same error */
	if (!pmu_ecall_set(h->plat, base, mask, &set))
		return SBI_ERR_INVALID_PARAM;
	return pmu_ctr_config_match(h, set, flags, event_idx, data, out);
}

/*
 * A snapshot flag without memory: after an HSM stop the page the hart set
 * last may serve again (PMU_COMPAT_SNAPSHOT_KEEP, docs/pmu.md). Cold, and
 * reached by tail calls only, so the common paths keep no stack frame.
 */
static PMU_COLD long pmu_ecall_start_rearm(struct pmu_hart *h,
					   unsigned long base, uint64_t set,
					   unsigned long flags, uint64_t init)
{
	if (!pmu_snapshot_rearm(h))
		return SBI_ERR_NO_SHMEM;
	return pmu_ctr_start(base, set, flags, init, h);
}

static inline long pmu_ecall_start_set(struct pmu_hart *h, unsigned long base,
				       uint64_t set, unsigned long flags,
				       uint64_t init)
{
	if ((flags & PMU_START_INIT_SNAPSHOT) && !h->snap)
		return pmu_ecall_start_rearm(h, base, set, flags, init);
	return pmu_ctr_start(base, set, flags, init, h);
}

/* All ones in hardware counter i's width. */
static inline uint64_t pmu_compat_top(const struct pmu_platform *plat,
				      unsigned int i)
{
	return plat->hw_width[i] >= 63 ? ~0ULL : (2ULL << plat->hw_width[i]) - 1;
}

/*
 * The overflowed hardware counters of set (base 0) whose snapshot value
 * leaves fewer than PMU_COMPAT_MIN_PERIOD events to their next overflow.
 * The 6.12 handler restarts every overflowed counter even when perf has
 * throttled its event; with a period shorter than the handler's own path
 * from this restart to its next stop (about 900 events measured), the
 * counter overflows again before the handler returns, and the hart never
 * leaves the interrupt (docs/pmu.md).
 */
static PMU_COLD uint64_t pmu_compat_short(const struct pmu_hart *h,
					  uint64_t set)
{
	const struct pmu_platform *plat = h->plat;
	unsigned long of = pmu_hw_overflow(plat, (uint32_t)(set & plat->hw_mask));
	uint64_t short_set = 0, top;
	unsigned int i;

	for (; of; of &= of - 1) {
		i = pmu_ctz(of);
		top = pmu_compat_top(plat, i);
		if (top - (h->snap->ctr_values[i] & top) <
		    PMU_COMPAT_MIN_PERIOD - 1)
			short_set |= 1ULL << i;
	}
	return short_set;
}

/*
 * Give the started counters of short_set PMU_COMPAT_MIN_PERIOD events to
 * their next overflow. They count no M-mode event (MINH), so the value
 * written now is the value they started with.
 */
static PMU_COLD void pmu_compat_lengthen(const struct pmu_hart *h,
					 uint64_t short_set)
{
	unsigned int i;

	for (short_set &= h->started; short_set; short_set &= short_set - 1) {
		i = pmu_ctz(short_set);
		pmu_hw_write(i, pmu_compat_top(h->plat, i) -
				(PMU_COMPAT_MIN_PERIOD - 1));
	}
}

/*
 * Linux 6.12's pmu_sbi_start_ovf_ctrs_snapshot() restarts the counters of
 * its first word with base BITS_PER_LONG * BITS_PER_LONG and
 * INIT_SNAPSHOT; it means base 0 (docs/pmu.md). A counter whose new period
 * is too short to survive the handler starts with PMU_COMPAT_MIN_PERIOD
 * events to go instead, as a PMU with a minimum period would. Any other
 * out-of-range set stays INVALID_PARAM.
 */
static PMU_COLD long pmu_ecall_start_compat(struct pmu_hart *h,
					    unsigned long base,
					    unsigned long mask,
					    unsigned long flags, uint64_t init)
{
	uint64_t set, short_set = 0;
	long rc;

	if (!(h->plat->compat & PMU_COMPAT_RESTART_BASE) ||
	    base != 8UL * sizeof(long) * 8 * sizeof(long) ||
	    !(flags & PMU_START_INIT_SNAPSHOT) ||
	    !pmu_ecall_set(h->plat, 0, mask, &set))
		return SBI_ERR_INVALID_PARAM;
	if (h->snap)
		short_set = pmu_compat_short(h, set);
	rc = pmu_ecall_start_set(h, 0, set, flags, init);
	if (short_set)
		pmu_compat_lengthen(h, short_set);
	return rc;
}

PMU_HOT long pmu_ecall_start(struct pmu_hart *h, unsigned long base,
			     unsigned long mask, unsigned long flags,
			     uint64_t init)
{
	const unsigned long both = PMU_START_SET_INIT_VALUE |
				   PMU_START_INIT_SNAPSHOT;
	uint64_t set;

	if ((flags & ~PMU_START_VALID_MASK) || (flags & both) == both)
		return SBI_ERR_INVALID_PARAM;
	/*
	 * One hardware counter, as Linux starts every event it schedules in:
	 * mask 1 with base < hot_slots (<= 32) is a set whose only possible
	 * fault, an index that is no counter, the core's mapped check sees.
	 * Without snapshot memory INIT_SNAPSHOT takes the long way: an index
	 * that is no counter is INVALID_PARAM there before NO_SHMEM. So do
	 * counters that never stop (hot_slots 0): they have no inhibit bit.
	 */
	if (pmu_likely(mask == 1 && base < h->plat->hot_slots) &&
	    (!(flags & PMU_START_INIT_SNAPSHOT) || h->snap))
		return pmu_ctr_start_one(base, h, flags, init);
	if (!pmu_ecall_set_tested(h->plat, base, mask, &set))
		return pmu_ecall_start_compat(h, base, mask, flags, init);
	return pmu_ecall_start_set(h, base, set, flags, init);
}

static PMU_COLD long pmu_ecall_stop_rearm(struct pmu_hart *h,
					  unsigned long base, uint64_t set,
					  unsigned long flags)
{
	if (!pmu_snapshot_rearm(h))
		return SBI_ERR_NO_SHMEM;
	return pmu_ctr_stop(base, set, flags, h);
}

PMU_HOT long pmu_ecall_stop(struct pmu_hart *h, unsigned long base,
			    unsigned long mask, unsigned long flags)
{
	uint64_t set;

	if (flags & ~PMU_STOP_VALID_MASK)
		return SBI_ERR_INVALID_PARAM;
	/*
	 * One mapped hardware counter, as Linux stops each event: a mapped
	 * index is a counter, so mask 1 needs no other check (hot_slots: as
	 * for start).
	 */
	if (pmu_likely(mask == 1 && base < h->plat->hot_slots) &&
	    ((h->mapped >> base) & 1) &&
	    (!(flags & PMU_STOP_TAKE_SNAPSHOT) || h->snap))
		return pmu_ctr_stop_mapped(base, h, flags);
	if (!pmu_ecall_set(h->plat, base, mask, &set))
		return SBI_ERR_INVALID_PARAM;
	if ((flags & PMU_STOP_TAKE_SNAPSHOT) && !h->snap)
		return pmu_ecall_stop_rearm(h, base, set, flags);
	return pmu_ctr_stop(base, set, flags, h);
}

/* The hart first, as pmu_snapshot_set() takes it */
static PMU_COLD long pmu_ecall_snapshot(struct pmu_hart *h, unsigned long lo,
					unsigned long hi, unsigned long flags)
{
	if (flags)
		return SBI_ERR_INVALID_PARAM;
	if (lo == PMU_SNAPSHOT_DISABLE && hi == PMU_SNAPSHOT_DISABLE) {
		pmu_snapshot_disable(h);
		return SBI_SUCCESS;
	}
	if (lo & (PMU_SNAPSHOT_ALIGN - 1))
		return SBI_ERR_INVALID_PARAM;
	return pmu_snapshot_set(h, lo, hi);
}

/* The registers where they came, the hart last: nothing to move */
static PMU_COLD long pmu_ecall_event_info(unsigned long lo, unsigned long hi,
					  unsigned long n, unsigned long flags,
					  struct pmu_hart *h)
{
	struct pmu_event_info_entry *e;

	if (flags || (lo & (PMU_EVENT_INFO_ALIGN - 1)))
		return SBI_ERR_INVALID_PARAM;
	if (!n)
		return SBI_SUCCESS;
	if (n > ~0UL / PMU_EVENT_INFO_SIZE ||
	    !pmu_host_smem_allowed(lo, hi, n * PMU_EVENT_INFO_SIZE))
		return SBI_ERR_INVALID_ADDRESS;
	e = pmu_host_smem_ptr(lo);
	if (!e)
		return SBI_ERR_FAILED;
	return pmu_event_get_info(h->plat, e, n);
}

/*
 * The functions one by one (<pmu/pmu.h>): *out_value is 0 already, h is
 * past pmu_hart_init(). Each maps the call's registers to the arguments
 * the specification names, once for both hosts: pmu_sbi_ecall() below
 * inlines them, so its loads are the ones each function needs.
 */
#define PMU_SBI_DEF(name)	inline __attribute__((always_inline))	\
				PMU_SBI_FN(name)

PMU_SBI_DEF(num_counters)
{
	*out_value = h->plat->num_ctrs;
	return SBI_SUCCESS;
}

PMU_SBI_DEF(get_info)
{
	return pmu_ctr_get_info(h->plat, a0, out_value);
}

PMU_SBI_DEF(cfg_match)
{
	return pmu_ecall_cfg_match(h, a0, a1, a2, a3, pmu_ecall_u64(a4, a5),
				   out_value);
}

PMU_SBI_DEF(start)
{
	return pmu_ecall_start(h, a0, a1, a2, pmu_ecall_u64(a3, a4));
}

PMU_SBI_DEF(stop)
{
	return pmu_ecall_stop(h, a0, a1, a2);
}

PMU_SBI_DEF(fw_read)
{
	return pmu_ctr_fw_read(h, a0, false, out_value);
}

PMU_SBI_DEF(fw_read_hi)
{
	return pmu_ctr_fw_read(h, a0, true, out_value);
}

PMU_SBI_DEF(snapshot)
{
	return pmu_ecall_snapshot(h, a0, a1, a2);
}

PMU_SBI_DEF(event_info)
{
	return pmu_ecall_event_info(a0, a1, a2, a3, h);
}

/* The same functions for a host that passes the registers as an array */
#define PMU_SBI_CALL(name)						\
	pmu_sbi_##name(a[0], a[1], a[2], a[3], a[4], a[5], h, out_value)

long pmu_sbi_ecall(struct pmu_hart *h, unsigned long fid,
		   const unsigned long *a, unsigned long *out_value)
{
	*out_value = 0;
	if (!h->plat)
		return SBI_ERR_NOT_SUPPORTED;

	switch (fid) {
	case SBI_EXT_PMU_NUM_COUNTERS:
		return PMU_SBI_CALL(num_counters);
	case SBI_EXT_PMU_COUNTER_GET_INFO:
		return PMU_SBI_CALL(get_info);
	case SBI_EXT_PMU_COUNTER_CFG_MATCH:
		return PMU_SBI_CALL(cfg_match);
	case SBI_EXT_PMU_COUNTER_START:
		return PMU_SBI_CALL(start);
	case SBI_EXT_PMU_COUNTER_STOP:
		return PMU_SBI_CALL(stop);
	case SBI_EXT_PMU_COUNTER_FW_READ:
		return PMU_SBI_CALL(fw_read);
	case SBI_EXT_PMU_COUNTER_FW_READ_HI:
		return PMU_SBI_CALL(fw_read_hi);
	case SBI_EXT_PMU_SNAPSHOT_SET_SHMEM:
		return PMU_SBI_CALL(snapshot);
	case SBI_EXT_PMU_EVENT_GET_INFO:
		return PMU_SBI_CALL(event_info);
	default:
		return SBI_ERR_NOT_SUPPORTED;
	}
}
