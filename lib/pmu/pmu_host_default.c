/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Weak defaults of the optional host functions: read-modify-write through
 * the mandatory ones (a firmware overrides them with csrs/csrc), and
 * hardware counter hooks that do nothing.
 */
#include <stddef.h>
#include <pmu/pmu.h>
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

/* No device tree: the build-time policy and the default map. */
__attribute__((weak)) const void *pmu_host_dt_prop(const void *dt,
						   enum pmu_dt_node node,
						   const char *name,
						   unsigned long *len)
{
	(void)dt;
	(void)node;
	(void)name;
	*len = 0;
	return NULL;
}

/* The riscv,pmu node of the device tree. */
__attribute__((weak)) int pmu_host_event_maps(struct pmu_platform *plat,
					       const void *dt)
{
	return pmu_dt_load_maps(plat, dt);
}
