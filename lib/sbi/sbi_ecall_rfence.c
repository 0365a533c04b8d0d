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

/* The FID numbering equals enum sbi_tlb_type. */
struct sbiret sbi_ecall_rfence(unsigned long fid, const unsigned long *a)
{
	struct sbi_tlb_req req = { fid, a[2], a[3], a[4] };
	unsigned long pos = 0;
	int err;

	if (fid > SBI_EXT_RFENCE_REMOTE_HFENCE_VVMA)
		return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
	if (fid >= SBI_EXT_RFENCE_REMOTE_HFENCE_GVMA_VMID &&
	    !sbi_isa_has(&sbi_plat.isa, SBI_ISA_EXT_H))
		return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
	err = sbi_hartmask_check(a[0], a[1]);
	if (err)
		return (struct sbiret){ err, 0 };
	if (fid != SBI_EXT_RFENCE_REMOTE_FENCE_I && req.size != -1UL &&
	    req.start + req.size < req.start)
		return (struct sbiret){ SBI_ERR_INVALID_ADDRESS, 0 };
	while (sbi_hartmask_next(a[0], a[1], &pos))
		sbi_pmu_fw_count(fw_event_sent[fid]);
	return (struct sbiret){ sbi_tlb_request(a[0], a[1], &req), 0 };
}
