// SPDX-License-Identifier: BSD-2-Clause
/*
 * ACLINT MTIMER (CLINT mtime/mtimecmp), 64-bit accesses on RV64. mtime is
 * shared; each hart's mtimecmp address is in its scratch. Without them in
 * the DT, nothing is accessed.
 */
#include <sbi/sbi_drivers.h>
#include <sbi/sbi_platform.h>

uint64_t aclint_mtime_read(void)
{
	if (!sbi_plat.mtime_addr)
		return 0;
	return *(volatile uint64_t *)sbi_plat.mtime_addr;
}

void aclint_mtimecmp_write(struct sbi_scratch *s, uint64_t value)
{
	if (s->mtimecmp)
		*s->mtimecmp = value;
}
