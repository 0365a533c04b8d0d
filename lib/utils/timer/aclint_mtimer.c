// SPDX-License-Identifier: BSD-2-Clause
/*
 * ACLINT MTIMER (CLINT mtime/mtimecmp), 64-bit accesses on RV64, two
 * 32-bit ones on RV32. mtime is
 * shared; each hart's mtimecmp address is in its scratch. Without them in
 * the DT, nothing is accessed.
 */
#include <sbi/sbi_drivers.h>
#include <sbi/sbi_platform.h>

uint64_t aclint_mtime_read(void)
{
	if (!sbi_plat.mtime_addr)
		return 0;
#if __riscv_xlen == 32
	volatile uint32_t *t = (volatile uint32_t *)sbi_plat.mtime_addr;
	uint32_t hi, lo;

	do {
		hi = t[1];
		lo = t[0];
	} while (hi != t[1]);
	return ((uint64_t)hi << 32) | lo;
#else
	return *(volatile uint64_t *)sbi_plat.mtime_addr;
#endif
}

void aclint_mtimecmp_write(struct sbi_scratch *s, uint64_t value)
{
	if (!s->mtimecmp)
		return;
#if __riscv_xlen == 32
	volatile uint32_t *c = (volatile uint32_t *)s->mtimecmp;

	c[1] = ~0U;	/* no match while half written */
	c[0] = (uint32_t)value;
	c[1] = (uint32_t)(value >> 32);
#else
	*s->mtimecmp = value;
#endif
}
