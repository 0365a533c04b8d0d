/* SPDX-License-Identifier: BSD-2-Clause */
/* Remote fences: one request slot per target hart. */
#ifndef SBI_TLB_H
#define SBI_TLB_H

#include <sbi/riscv_atomic.h>

enum sbi_tlb_type {
	SBI_TLB_FENCE_I,
	SBI_TLB_SFENCE_VMA,
	SBI_TLB_SFENCE_VMA_ASID,
	SBI_TLB_HFENCE_GVMA_VMID,
	SBI_TLB_HFENCE_GVMA,
	SBI_TLB_HFENCE_VVMA_ASID,
	SBI_TLB_HFENCE_VVMA,
};

struct sbi_tlb_req {
	unsigned long type;
	unsigned long start;
	unsigned long size;
	unsigned long id;	/* ASID or VMID */
};

struct sbi_tlb_slot {
	spinlock_t lock;	/* held by the sender for the whole round trip */
	struct sbi_tlb_req req;
	unsigned long hgatp;	/* HFENCE.VVMA*: the sender's hgatp */
	atomic_t pending;	/* 1 while the target has not executed req */
};

/*
 * Run @req on every hart of an SBI hart set (sbi_ipi.h), this one
 * included; not for HFENCE.VVMA*, which need the caller's VMID
 * (sbi_tlb_request_vvma()).
 */
int sbi_tlb_request(unsigned long mask, unsigned long base,
		    const struct sbi_tlb_req *req);
/*
 * HFENCE.VVMA and HFENCE.VVMA_ASID for the calling hart's VM: every target
 * runs them with the caller's hgatp (so its VMID) in place of its own.
 * Only on a hart with the H extension.
 */
int sbi_tlb_request_vvma(unsigned long mask, unsigned long base,
			 const struct sbi_tlb_req *req);
/* Execute this hart's pending request, if any (IPI handler). */
void sbi_tlb_process(void);

#endif /* SBI_TLB_H */
