// SPDX-License-Identifier: BSD-2-Clause
/* IPIs: event bits in the target's scratch plus an ACLINT MSWI kick. */
#include <sbi/riscv_asm.h>
#include <sbi/sbi_drivers.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_ipi.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_pmu_fw.h>
#include <sbi/sbi_tlb.h>

void sbi_ipi_send(unsigned long hartid, unsigned long events)
{
	struct sbi_scratch *s = sbi_scratch_of(hartid);

	if (!s)
		return;
	atomic_or(&s->ipi_events, events);
	aclint_mswi_send(hartid);
}

void sbi_ipi_process(void)
{
	struct sbi_scratch *s = sbi_scratch_this();
	unsigned long ev;

	aclint_mswi_clear(s->hartid);
	mb();
	ev = atomic_xchg(&s->ipi_events, 0);
	if (ev & SBI_IPI_EVENT_SOFT) {
		csr_set(CSR_MIP, MIP_SSIP);
		sbi_pmu_fw_count(PMU_FW_IPI_RECEIVED);
	}
	if (ev & SBI_IPI_EVENT_FENCE)
		sbi_tlb_process();
}

/* Send SSIP to every hart in @hmask; the caller's own SSIP is set here. */
void sbi_ipi_send_soft(unsigned long hmask)
{
	unsigned long self = sbi_scratch_this()->hartid;
	unsigned long h;

	for (h = 0; hmask >> h; h++) {
		if (!((hmask >> h) & 1))
			continue;
		sbi_pmu_fw_count(PMU_FW_IPI_SENT);
		if (h == self) {
			csr_set(CSR_MIP, MIP_SSIP);
			sbi_pmu_fw_count(PMU_FW_IPI_RECEIVED);
		} else {
			sbi_ipi_send(h, SBI_IPI_EVENT_SOFT);
		}
	}
}

int sbi_hartmask_from_sbi(unsigned long mask, unsigned long base,
			  unsigned long *out)
{
	if (base == -1UL) {
		*out = sbi_plat.hart_mask;
		return 0;
	}
	if (base >= FW_MAX_HARTS) {
		*out = 0;
		return mask ? SBI_ERR_INVALID_PARAM : 0;
	}
	/* any bit naming a hart that does not exist is invalid */
	if (base && (mask >> (FW_MAX_HARTS - base)))
		return SBI_ERR_INVALID_PARAM;
	*out = mask << base;
	if (*out & ~sbi_plat.hart_mask)
		return SBI_ERR_INVALID_PARAM;
	return 0;
}
