// SPDX-License-Identifier: BSD-2-Clause
/*
 * The counter overflow interrupt: Sscofpmf's LCOFI, or else the platform
 * PMU device's (hw_counter_irq_bit). OpenSBI delegates it to S-mode
 * through sbi_pmu_irq_bit()/sbi_pmu_irq_mask(). When S-mode
 * registers the local PMU-overflow SSE event, the interrupt comes to M-mode
 * instead and sbi_pmu_ovf_irq() turns it into that event.
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

void sbi_pmu_ovf_irq(void)
{
	/* masked until the SSE handler completes, or it would fire again */
	csr_clear(CSR_MIE, ovf_mask());
	sbi_sse_inject_event(PMU_SSE_EVENT);
}

static void sse_register(uint32_t event_id)
{
	csr_clear(CSR_MIDELEG, ovf_mask());
}

static void sse_unregister(uint32_t event_id)
{
	csr_set(CSR_MIDELEG, ovf_mask());
}

static void sse_enable(uint32_t event_id)
{
	csr_set(CSR_MIE, ovf_mask());
}

static void sse_disable(uint32_t event_id)
{
	csr_clear(CSR_MIE, ovf_mask());
	csr_clear(CSR_MIP, ovf_mask());
}

static const struct sbi_sse_cb_ops pmu_sse_ops = {
	.register_cb = sse_register,
	.unregister_cb = sse_unregister,
	.enable_cb = sse_enable,
	.disable_cb = sse_disable,
	.complete_cb = sse_enable,
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
