// SPDX-License-Identifier: BSD-2-Clause
/* IPIs: event bits in the target's scratch plus a kick by the IPI device. */
#include <sbi/riscv_asm.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_ipi.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_pmu_fw.h>
#include <sbi/sbi_tlb.h>

static const struct sbi_ipi_device *ipi_dev;

void sbi_ipi_set_device(const struct sbi_ipi_device *dev)
{
	ipi_dev = dev;
}

static void ipi_kick(struct sbi_scratch *s)
{
	if (ipi_dev)
		ipi_dev->send(s);
}

void sbi_ipi_send(unsigned long hartid, unsigned long events)
{
	struct sbi_scratch *s = sbi_scratch_of(hartid);

	if (!s)
		return;
	atomic_or(&s->ipi_events, events);
	ipi_kick(s);
}

unsigned long sbi_ipi_process(void)
{
	struct sbi_scratch *s = sbi_scratch_this();
	unsigned long ev;

	if (ipi_dev)
		ipi_dev->clear(s);
	mb();
	ev = atomic_xchg(&s->ipi_events, 0);
	if (ev & SBI_IPI_EVENT_SOFT) {
		csr_set(CSR_MIP, MIP_SSIP);
		sbi_pmu_fw_count(PMU_FW_IPI_RECEIVED);
	}
	if (ev & SBI_IPI_EVENT_FENCE)
		sbi_tlb_process();
	return ev;
}

/* Send SSIP to every hart of the set; the caller's own SSIP is set here. */
void sbi_ipi_send_soft(unsigned long mask, unsigned long base)
{
	struct sbi_scratch *self = sbi_scratch_this(), *t;
	unsigned long pos = 0;

	while ((t = sbi_hartmask_next(mask, base, &pos))) {
		sbi_pmu_fw_count(PMU_FW_IPI_SENT);
		if (t == self) {
			csr_set(CSR_MIP, MIP_SSIP);
			sbi_pmu_fw_count(PMU_FW_IPI_RECEIVED);
		} else {
			atomic_or(&t->ipi_events, SBI_IPI_EVENT_SOFT);
			ipi_kick(t);
		}
	}
}

/*
 * Cold boot is done: end the other served harts' wait in fw_base.S (a
 * machine software interrupt with no event; their first wait for an HSM
 * start clears it).
 */
void sbi_ipi_wake_harts(void)
{
	struct sbi_scratch *self = sbi_scratch_this();
	unsigned int i;

	for (i = 0; i < sbi_plat.hart_count; i++)
		if (sbi_scratch_at(i) != self)
			ipi_kick(sbi_scratch_at(i));
}
