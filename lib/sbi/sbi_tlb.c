// SPDX-License-Identifier: BSD-2-Clause
/*
 * Remote fences. The sender owns the target's slot (lock) for one round
 * trip and, while it waits, keeps serving requests sent to itself, so two
 * harts fencing each other cannot deadlock.
 */
#include <sbi/riscv_asm.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_ipi.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_pmu_fw.h>
#include <sbi/sbi_tlb.h>

#define PAGE_SIZE	4096UL
/* Beyond this many pages a full flush is cheaper than page-by-page. */
#define TLB_FLUSH_MAX	64

static const unsigned char fw_event_rcvd[] = {
	[SBI_TLB_FENCE_I] = PMU_FW_FENCE_I_RECEIVED,
	[SBI_TLB_SFENCE_VMA] = PMU_FW_SFENCE_VMA_RECEIVED,
	[SBI_TLB_SFENCE_VMA_ASID] = PMU_FW_SFENCE_VMA_ASID_RECEIVED,
	[SBI_TLB_HFENCE_GVMA_VMID] = PMU_FW_HFENCE_GVMA_VMID_RECEIVED,
	[SBI_TLB_HFENCE_GVMA] = PMU_FW_HFENCE_GVMA_RECEIVED,
	[SBI_TLB_HFENCE_VVMA_ASID] = PMU_FW_HFENCE_VVMA_ASID_RECEIVED,
	[SBI_TLB_HFENCE_VVMA] = PMU_FW_HFENCE_VVMA_RECEIVED,
};

static bool full_flush(const struct sbi_tlb_req *r)
{
	return (r->start == 0 && r->size == 0) || r->size == -1UL ||
	       r->size > TLB_FLUSH_MAX * PAGE_SIZE;
}

static void sfence_vma(const struct sbi_tlb_req *r, bool asid)
{
	unsigned long a;

	if (full_flush(r)) {
		if (asid)
			__asm__ __volatile__("sfence.vma x0, %0"
					     :: "r"(r->id) : "memory");
		else
			__asm__ __volatile__("sfence.vma" ::: "memory");
		return;
	}
	for (a = r->start; a < r->start + r->size; a += PAGE_SIZE) {
		if (asid)
			__asm__ __volatile__("sfence.vma %0, %1"
					     :: "r"(a), "r"(r->id) : "memory");
		else
			__asm__ __volatile__("sfence.vma %0"
					     :: "r"(a) : "memory");
	}
}

/* Hypervisor fences: the whole-TLB forms (always architecturally safe). */
static void hfence(const struct sbi_tlb_req *r)
{
	switch (r->type) {
	case SBI_TLB_HFENCE_GVMA_VMID:
		__asm__ __volatile__(".insn r 0x73, 0, 0x31, x0, x0, %0"
				     :: "r"(r->id) : "memory");
		break;
	case SBI_TLB_HFENCE_GVMA:
		__asm__ __volatile__(".insn r 0x73, 0, 0x31, x0, x0, x0"
				     ::: "memory");
		break;
	case SBI_TLB_HFENCE_VVMA_ASID:
		__asm__ __volatile__(".insn r 0x73, 0, 0x11, x0, x0, %0"
				     :: "r"(r->id) : "memory");
		break;
	default:
		__asm__ __volatile__(".insn r 0x73, 0, 0x11, x0, x0, x0"
				     ::: "memory");
		break;
	}
}

static void tlb_execute(const struct sbi_tlb_req *r)
{
	switch (r->type) {
	case SBI_TLB_FENCE_I:
		__asm__ __volatile__("fence.i" ::: "memory");
		break;
	case SBI_TLB_SFENCE_VMA:
		sfence_vma(r, false);
		break;
	case SBI_TLB_SFENCE_VMA_ASID:
		sfence_vma(r, true);
		break;
	default:
		hfence(r);
		break;
	}
}

void sbi_tlb_process(void)
{
	struct sbi_scratch *s = sbi_scratch_this();

	if (!atomic_read(&s->tlb.pending))
		return;
	tlb_execute(&s->tlb.req);
	sbi_pmu_fw_count(fw_event_rcvd[s->tlb.req.type]);
	atomic_write(&s->tlb.pending, 0);
}

static void wait_and_serve(atomic_t *pending)
{
	while (atomic_read(pending))
		sbi_tlb_process();
}

static void lock_and_serve(spinlock_t *lock)
{
	while (!spin_trylock(lock))
		sbi_tlb_process();
}

int sbi_tlb_request(unsigned long mask, unsigned long base,
		    const struct sbi_tlb_req *req)
{
	struct sbi_scratch *self = sbi_scratch_this(), *t;
	unsigned long pos = 0;
	bool mine = false;

	while ((t = sbi_hartmask_next(mask, base, &pos))) {
		if (t == self) {
			mine = true;
			continue;
		}
		lock_and_serve(&t->tlb.lock);
		t->tlb.req = *req;
		atomic_write(&t->tlb.pending, 1);
		sbi_ipi_send(t->hartid, SBI_IPI_EVENT_FENCE);
		wait_and_serve(&t->tlb.pending);
		spin_unlock(&t->tlb.lock);
	}
	if (mine) {
		tlb_execute(req);
		sbi_pmu_fw_count(fw_event_rcvd[req->type]);
	}
	return SBI_SUCCESS;
}
