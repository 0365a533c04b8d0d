/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Weak defaults of the optional host functions: read-modify-write through
 * the mandatory ones (a firmware overrides them with csrs/csrc), and
 * hardware counter hooks that do nothing.
 */
#include <pmu/pmu_host.h>

#ifndef PMU_HOST_INLINE_H

__attribute__((weak)) void pmu_host_csr_set(unsigned int csr,
					     unsigned long bits)
{
	pmu_host_csr_write(csr, pmu_host_csr_read(csr) | bits);
}

__attribute__((weak)) void pmu_host_csr_clear(unsigned int csr,
					       unsigned long bits)
{
	pmu_host_csr_write(csr, pmu_host_csr_read(csr) & ~bits);
}

/* No platform PMU device: no hardware counter hooks. */
__attribute__((weak)) void pmu_host_hw_bind(struct pmu_hart *h,
					     unsigned int idx,
					     unsigned long flags)
{
	(void)h;
	(void)idx;
	(void)flags;
}

__attribute__((weak)) void pmu_host_hw_start(struct pmu_hart *h,
					      uint32_t bits)
{
	(void)h;
	(void)bits;
}

__attribute__((weak)) void pmu_host_hw_stop(struct pmu_hart *h, uint32_t bits)
{
	(void)h;
	(void)bits;
}
#endif

/* A host that never routes the overflow interrupt has no event to raise. */
__attribute__((weak)) void pmu_host_overflow_event(struct pmu_hart *h)
{
	(void)h;
}
