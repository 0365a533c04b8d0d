// SPDX-License-Identifier: BSD-2-Clause
/* ACLINT MSWI (CLINT msip): one 32-bit register per hart. */
#include <sbi/sbi_drivers.h>
#include <sbi/sbi_platform.h>

static volatile uint32_t *msip(unsigned long hartid)
{
	return (volatile uint32_t *)(sbi_plat.mswi_base + 4 * hartid);
}

void aclint_mswi_send(unsigned long hartid)
{
	__asm__ __volatile__("fence w, o" ::: "memory");
	*msip(hartid) = 1;
}

void aclint_mswi_clear(unsigned long hartid)
{
	*msip(hartid) = 0;
}
