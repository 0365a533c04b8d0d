// SPDX-License-Identifier: BSD-2-Clause
/*
 * Remote fences. The sender owns each target's slot (lock) for one round
 * trip and, while it waits, keeps serving requests sent to itself, so two
 * harts fencing each other cannot deadlock.
 *
 * HFENCE.VVMA* act on the VM that hgatp.VMID names when they execute; the
 * SBI asks for the caller's VM, so the sender passes its hgatp along and
 * each target runs the fence with it in place of its own.
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

/* HFENCE.VVMA* for the VM of the hgatp now in place (whole-TLB forms). */
static void hfence_vvma(const struct sbi_tlb_req *r, struct sbi_scratch *s)
{
	sbi_test_vvma_fence(&s->test);
	if (r->type == SBI_TLB_HFENCE_VVMA_ASID)
		__asm__ __volatile__(".insn r 0x73, 0, 0x11, x0, x0, %0"
				     :: "r"(r->id) : "memory");
	else
		__asm__ __volatile__(".insn r 0x73, 0, 0x11, x0, x0, x0"
				     ::: "memory");
}

/*
 * A request from another hart: the fence runs under the sender's hgatp, a
 * value its hart took, so MODE and VMID are valid and the root is that
 * VM's own (whatever an implementation may walk meanwhile), then this
 * hart's own hgatp goes back.
 */
static void hfence_vvma_remote(const struct sbi_tlb_req *r,
			       struct sbi_scratch *s)
{
	unsigned long own = csr_swap(CSR_HGATP, s->tlb.hgatp);

	hfence_vvma(r, s);
	csr_write(CSR_HGATP, own);
}

/*
 * Hypervisor fences from another hart: the whole-TLB forms (always
 * architecturally safe). A hart without H has no guest TLB to flush.
 */
static void hfence(const struct sbi_tlb_req *r)
{
	struct sbi_scratch *s = sbi_scratch_this();

	if (!sbi_isa_has(&s->isa, SBI_ISA_EXT_H))
		return;
	switch (r->type) {
	case SBI_TLB_HFENCE_GVMA_VMID:
		__asm__ __volatile__(".insn r 0x73, 0, 0x31, x0, x0, %0"
				     :: "r"(r->id) : "memory");
		break;
	case SBI_TLB_HFENCE_GVMA:
		__asm__ __volatile__(".insn r 0x73, 0, 0x31, x0, x0, x0"
				     ::: "memory");
		break;
	default:
		hfence_vvma_remote(r, s);
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

/*
 * One body for both entry points; @vvma is a constant in each, so the
 * other fences pay nothing for the hgatp hand-over. Every target gets
 * its request before the sender waits for any: the round trips overlap
 * (one, not one per hart, on hundreds of harts). The slots are taken in
 * ascending hart order by every sender, so holding several cannot
 * deadlock, and each hart serves its own slot while it waits.
 */
static __attribute__((always_inline)) inline int
tlb_request(unsigned long mask, unsigned long base,
	    const struct sbi_tlb_req *req, bool vvma)
{
	struct sbi_scratch *me = sbi_scratch_this(), *t;
	unsigned long hgatp = 0, pos = 0;
	bool mine = false;

	if (vvma)
		hgatp = csr_read(CSR_HGATP);
	while ((t = sbi_hartmask_next(mask, base, &pos))) {
		if (t == me) {
			mine = true;
			continue;
		}
		lock_and_serve(&t->tlb.lock);
		t->tlb.req = *req;
		if (vvma)
			t->tlb.hgatp = hgatp;
		atomic_write(&t->tlb.pending, 1);
		sbi_ipi_send(t->hartid, SBI_IPI_EVENT_FENCE);
	}
	if (mine) {
		if (vvma)
			hfence_vvma(req, me);	/* our hgatp is the caller's */
		else
			tlb_execute(req);
		sbi_pmu_fw_count(fw_event_rcvd[req->type]);
	}
	pos = 0;
	while ((t = sbi_hartmask_next(mask, base, &pos))) {
		if (t == me)
			continue;
		wait_and_serve(&t->tlb.pending);
		spin_unlock(&t->tlb.lock);
	}
	return SBI_SUCCESS;
}

int sbi_tlb_request(unsigned long mask, unsigned long base,
		    const struct sbi_tlb_req *req)
{
	return tlb_request(mask, base, req, false);
}

int sbi_tlb_request_vvma(unsigned long mask, unsigned long base,
			 const struct sbi_tlb_req *req)
{
	return tlb_request(mask, base, req, true);
}
