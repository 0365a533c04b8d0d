// SPDX-License-Identifier: BSD-2-Clause
/* SBI RFENCE extension. */
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_ipi.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_pmu_fw.h>
#include <sbi/sbi_tlb.h>

static const unsigned char fw_event_sent[] = {
	[SBI_TLB_FENCE_I] = PMU_FW_FENCE_I_SENT,
	[SBI_TLB_SFENCE_VMA] = PMU_FW_SFENCE_VMA_SENT,
	[SBI_TLB_SFENCE_VMA_ASID] = PMU_FW_SFENCE_VMA_ASID_SENT,
	[SBI_TLB_HFENCE_GVMA_VMID] = PMU_FW_HFENCE_GVMA_VMID_SENT,
	[SBI_TLB_HFENCE_GVMA] = PMU_FW_HFENCE_GVMA_SENT,
	[SBI_TLB_HFENCE_VVMA_ASID] = PMU_FW_HFENCE_VVMA_ASID_SENT,
	[SBI_TLB_HFENCE_VVMA] = PMU_FW_HFENCE_VVMA_SENT,
};

/*
 * The FID numbering equals enum sbi_tlb_type. @hyp is a constant in each
 * copy: the H-extension fences are told apart only on their own path.
 */
static __attribute__((always_inline)) inline int
rfence(unsigned long fid, const unsigned long *a, bool hyp)
{
	struct sbi_tlb_req req = { fid, a[2], a[3], a[4] };
	unsigned long pos = 0;
	int err;

	err = sbi_hartmask_check(a[0], a[1]);
	if (err)
		return err;
	if (fid != SBI_EXT_RFENCE_REMOTE_FENCE_I && req.size != -1UL &&
	    req.start + req.size < req.start)
		return SBI_ERR_INVALID_ADDRESS;
	while (sbi_hartmask_next(a[0], a[1], &pos))
		sbi_pmu_fw_count(fw_event_sent[fid]);
	/* HFENCE.VVMA*: for the VMID in the caller's hgatp */
	if (hyp && fid >= SBI_EXT_RFENCE_REMOTE_HFENCE_VVMA_ASID)
		return sbi_tlb_request_vvma(a[0], a[1], &req);
	return sbi_tlb_request(a[0], a[1], &req);
}

/* Out of line, so the other fences keep their registers and path. */
static __attribute__((noinline)) int rfence_hyp(unsigned long fid,
						const unsigned long *a)
{
	/* the calling hart's own H: its hgatp is read for HFENCE.VVMA* */
	if (!sbi_isa_has(&sbi_scratch_this()->isa, SBI_ISA_EXT_H))
		return SBI_ERR_NOT_SUPPORTED;
	return rfence(fid, a, true);
}

struct sbiret sbi_ecall_rfence(unsigned long fid, const unsigned long *a)
{
	if (fid > SBI_EXT_RFENCE_REMOTE_HFENCE_VVMA)
		return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
	if (fid < SBI_EXT_RFENCE_REMOTE_HFENCE_GVMA_VMID)
		return (struct sbiret){ rfence(fid, a, false), 0 };
	return (struct sbiret){ rfence_hyp(fid, a), 0 };
}
