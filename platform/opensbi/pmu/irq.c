// SPDX-License-Identifier: BSD-2-Clause
/*
 * The counter overflow interrupt: Sscofpmf's LCOFI, or else the platform
 * PMU device's (hw_counter_irq_bit). OpenSBI delegates it to S-mode
 * through sbi_pmu_irq_bit()/sbi_pmu_irq_mask(). While S-mode has the local
 * PMU-overflow SSE event enabled, the interrupt comes to M-mode instead
 * and sbi_pmu_ovf_irq() turns it into that event.
 *
 * With Sscofpmf the PMU core does this as in Tally's firmware: the event's
 * enable/disable callbacks route the LCOFI with pmu_hart_sse_route(),
 * sbi_pmu_ovf_irq() is pmu_hart_overflow_irq(), and the core raises the
 * event through pmu_host_overflow_event(), which injects OpenSBI's. A
 * device interrupt without Sscofpmf is switched here, as OpenSBI does.
 */
#include "tally_osbi.h"
#include <sbi/riscv_asm.h>
#include <sbi/riscv_encoding.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_hart.h>
#include <sbi/sbi_pmu.h>
#include <sbi/sbi_sse.h>
#include "tally_pmu.h"

#ifdef SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW
#define PMU_SSE_EVENT SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW
#else
#define PMU_SSE_EVENT SBI_SSE_EVENT_LOCAL_PMU
#endif

static bool sscofpmf(void)
{
	return sbi_hart_has_extension(sbi_scratch_thishart_ptr(),
				      SBI_HART_EXT_SSCOFPMF);
}

/* Without Sscofpmf, the platform PMU device's interrupt, if it has one. */
static int device_irq(void)
{
	const struct sbi_pmu_device *dev = tally_pmu_device();

	if (!dev || !dev->hw_counter_irq_bit)
		return TALLY_OSBI_IRQ_MASK ? -1 : 0;
	return dev->hw_counter_irq_bit();
}

#if TALLY_OSBI_IRQ_MASK
int sbi_pmu_irq_bit(void)
{
	return sscofpmf() ? IRQ_PMU_OVF : device_irq();
}

unsigned long sbi_pmu_irq_mask(void)
{
	int bit = sbi_pmu_irq_bit();

	return bit < 0 ? 0 : 1UL << bit;
}

static unsigned long ovf_mask(void)
{
	return sbi_pmu_irq_mask();
}
#else
/* Before 1.7 the "bit" is the mip mask, the device's hook's too. */
int sbi_pmu_irq_bit(void)
{
	return sscofpmf() ? MIP_LCOFIP : device_irq();
}

static unsigned long ovf_mask(void)
{
	return (unsigned long)sbi_pmu_irq_bit();
}
#endif

/* The core's overflow hand-off: OpenSBI's local PMU overflow event. */
void pmu_host_overflow_event(struct pmu_hart *h)
{
	(void)h;	/* always the calling hart's */
	sbi_sse_inject_event(PMU_SSE_EVENT);
}

void sbi_pmu_ovf_irq(void)
{
	struct pmu_hart *h = tally_pmu_hart();

	if (sscofpmf()) {
		if (h)
			pmu_hart_overflow_irq(h);
		return;
	}
	/* masked until the SSE handler completes, or it would fire again */
	csr_clear(CSR_MIE, ovf_mask());
	sbi_sse_inject_event(PMU_SSE_EVENT);
}

/* ENABLED or RUNNING: the overflow interrupt is the firmware's. */
static void sse_route(bool on)
{
	struct pmu_hart *h = tally_pmu_hart();

	if (sscofpmf()) {
		if (h)
			pmu_hart_sse_route(h, on);
		return;
	}
	if (on) {
		csr_clear(CSR_MIDELEG, ovf_mask());
		csr_set(CSR_MIE, ovf_mask());
	} else {
		csr_clear(CSR_MIE, ovf_mask());
		csr_clear(CSR_MIP, ovf_mask());
		csr_set(CSR_MIDELEG, ovf_mask());
	}
}

static void sse_enable(uint32_t event_id)
{
	sse_route(true);
}

static void sse_disable(uint32_t event_id)
{
	sse_route(false);
}

/* A device interrupt was masked when the event was raised: unmask it. */
static void sse_complete(uint32_t event_id)
{
	if (!sscofpmf())
		csr_set(CSR_MIE, ovf_mask());
}

static const struct sbi_sse_cb_ops pmu_sse_ops = {
	.enable_cb = sse_enable,
	.disable_cb = sse_disable,
	.complete_cb = sse_complete,
};

/* 1.7 added the event once; before, each hart set its local copy's ops. */
void tally_pmu_sse_init(bool cold_boot)
{
#if TALLY_OSBI_IRQ_MASK
	if (cold_boot && ovf_mask())
		sbi_sse_add_event(PMU_SSE_EVENT, &pmu_sse_ops);
#else
	sbi_sse_set_cb_ops(PMU_SSE_EVENT, &pmu_sse_ops);
#endif
}
