// SPDX-License-Identifier: BSD-2-Clause
/* ACLINT MTIMER (CLINT mtime/mtimecmp), 64-bit accesses on RV64. */
#include <sbi/sbi_drivers.h>
#include <sbi/sbi_platform.h>

uint64_t aclint_mtime_read(void)
{
	return *(volatile uint64_t *)sbi_plat.mtime_addr;
}

void aclint_mtimecmp_write(unsigned long hartid, uint64_t value)
{
	*(volatile uint64_t *)(sbi_plat.mtimer_cmp_base + 8 * hartid) = value;
}
