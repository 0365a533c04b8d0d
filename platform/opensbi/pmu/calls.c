// SPDX-License-Identifier: BSD-2-Clause
/*
 * The SBI PMU calls: every one goes to the core's pmu_sbi_ecall(), which
 * checks all arguments. Around the calls that touch supervisor memory the
 * range is mapped for M-mode (Smepmp), as OpenSBI requires, and around
 * every call the platform's PMU device is told (device.c); the calls that
 * need neither go straight to the core. The sbi_pmu_ctr_*() functions of
 * <sbi/sbi_pmu.h> are kept for other callers.
 */
#include "tally_osbi.h"
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_hart.h>
#if TALLY_OSBI_HART_PROT
#include <sbi/sbi_hart_protection.h>
#endif
#include <sbi/sbi_pmu.h>
#include "tally_pmu.h"

static int smem_map(unsigned long base, unsigned long size)
{
#if TALLY_OSBI_HART_PROT
	return sbi_hart_protection_map_range(base, size);
#else
	return sbi_hart_map_saddr(base, size);
#endif
}

static void smem_unmap(unsigned long base, unsigned long size)
{
#if TALLY_OSBI_HART_PROT
	sbi_hart_protection_unmap_range(base, size);
#else
	sbi_hart_unmap_saddr();
#endif
}

/* Supervisor memory the call may touch: [return value, + *size), or 0. */
static unsigned long call_smem(const struct pmu_hart *h, unsigned long fid,
			       const unsigned long *a, unsigned long *size)
{
	switch (fid) {
	case SBI_EXT_PMU_COUNTER_START:
		if (!(a[2] & PMU_START_INIT_SNAPSHOT))
			return 0;
		break;
	case SBI_EXT_PMU_COUNTER_STOP:
		if (!(a[2] & PMU_STOP_TAKE_SNAPSHOT))
			return 0;
		break;
	case SBI_EXT_PMU_EVENT_GET_INFO:
		if (!a[2] || a[2] > ~0UL / PMU_EVENT_INFO_SIZE)
			return 0;
		*size = a[2] * PMU_EVENT_INFO_SIZE;
		return pmu_host_smem_allowed(a[0], a[1], *size) ? a[0] : 0;
	default:
		return 0;
	}
	*size = PMU_SNAPSHOT_SIZE;
	if (h->snap)
		return (unsigned long)h->snap;
	/* the page kept over an HSM stop, which the core re-arms (compat) */
	return h->snap_rearm ? (unsigned long)h->snap_last : 0;
}

/* The calls that may touch supervisor memory: those of call_smem() */
static bool call_maps(unsigned long fid, const unsigned long *a)
{
	if (fid == SBI_EXT_PMU_COUNTER_START)
		return (a[2] & PMU_START_INIT_SNAPSHOT) != 0;
	if (fid == SBI_EXT_PMU_COUNTER_STOP)
		return (a[2] & PMU_STOP_TAKE_SNAPSHOT) != 0;
	return fid == SBI_EXT_PMU_EVENT_GET_INFO;
}

int tally_pmu_ecall(unsigned long fid, const unsigned long *a,
		    unsigned long *value)
{
	struct pmu_hart *h = tally_pmu_hart();

	if (likely(h && !call_maps(fid, a) && !tally_pmu_device()))
		return pmu_sbi_ecall(h, fid, a, value);
	return tally_pmu_call(fid, a, value);
}

long tally_pmu_call(unsigned long fid, const unsigned long *a,
		    unsigned long *value)
{
	struct pmu_hart *h = tally_pmu_hart();
	unsigned long base, size = 0;
	long rc;

	*value = 0;
	if (!h)
		return SBI_ERR_NOT_SUPPORTED;
	base = call_smem(h, fid, a, &size);
	if (base && smem_map(base, size))
		return SBI_ERR_FAILED;
	rc = pmu_sbi_ecall(h, fid, a, value);
	if (!rc && fid == SBI_EXT_PMU_COUNTER_GET_INFO)
		tally_pmu_ctr_info(value);
	if (base)
		smem_unmap(base, size);
	return rc;
}

unsigned long sbi_pmu_num_ctr(void)
{
	return tally_pmu_plat.num_ctrs;
}

int sbi_pmu_ctr_get_info(uint32_t cidx, unsigned long *ctr_info)
{
	const unsigned long a[6] = { cidx };

	return tally_pmu_call(SBI_EXT_PMU_COUNTER_GET_INFO, a, ctr_info);
}

int sbi_pmu_ctr_cfg_match(unsigned long cidx_base, unsigned long cidx_mask,
			  unsigned long flags, unsigned long event_idx,
			  uint64_t event_data)
{
	const unsigned long a[6] = { cidx_base, cidx_mask, flags, event_idx,
				     event_data };
	unsigned long idx;
	long rc = tally_pmu_call(SBI_EXT_PMU_COUNTER_CFG_MATCH, a, &idx);

	return rc ? rc : (int)idx;
}

int sbi_pmu_ctr_start(unsigned long cidx_base, unsigned long cidx_mask,
		      unsigned long flags, uint64_t ival)
{
	const unsigned long a[6] = { cidx_base, cidx_mask, flags, ival };
	unsigned long v;

	return tally_pmu_call(SBI_EXT_PMU_COUNTER_START, a, &v);
}

int sbi_pmu_ctr_stop(unsigned long cidx_base, unsigned long cidx_mask,
		     unsigned long flag)
{
	const unsigned long a[6] = { cidx_base, cidx_mask, flag };
	unsigned long v;

	return tally_pmu_call(SBI_EXT_PMU_COUNTER_STOP, a, &v);
}

static int fw_read(unsigned long fid, unsigned long cidx, uint64_t *cval)
{
	const unsigned long a[6] = { cidx };
	unsigned long v;
	long rc = tally_pmu_call(fid, a, &v);

	*cval = v;
	return rc;
}

#if TALLY_OSBI_FW_READ_HI
int sbi_pmu_ctr_fw_read(unsigned long cidx, uint64_t *cval, bool high_bits)
{
	return fw_read(high_bits ? SBI_EXT_PMU_COUNTER_FW_READ_HI
				 : SBI_EXT_PMU_COUNTER_FW_READ,
		       cidx, cval);
}
#else
int sbi_pmu_ctr_fw_read(uint32_t cidx, uint64_t *cval)
{
	return fw_read(SBI_EXT_PMU_COUNTER_FW_READ, cidx, cval);
}
#endif

#if TALLY_OSBI_EVENT_INFO
int sbi_pmu_event_get_info(unsigned long shmem_lo, unsigned long shmem_high,
			   unsigned long num_events, unsigned long flags)
{
	const unsigned long a[6] = { shmem_lo, shmem_high, num_events, flags };
	unsigned long v;

	return tally_pmu_call(SBI_EXT_PMU_EVENT_GET_INFO, a, &v);
}
#endif
