// SPDX-License-Identifier: BSD-2-Clause
/* The platform description and what the supervisor may address. */
#include <sbi/sbi_platform.h>

struct sbi_platform sbi_plat;

static bool overlaps(unsigned long a, unsigned long an, unsigned long b,
		     unsigned long bn)
{
	return a < b + bn && b < a + an;
}

bool sbi_supervisor_ram(unsigned long addr, unsigned long size)
{
	unsigned int i;

	if (!size || addr + size < addr)
		return false;
	if (overlaps(addr, size, sbi_plat.fw_start, sbi_plat.fw_region) ||
	    overlaps(addr, size, sbi_plat.harts_start, sbi_plat.harts_region))
		return false;
	for (i = 0; i < sbi_plat.mem_count; i++) {
		const struct sbi_mem_region *r = &sbi_plat.mem[i];

		if (addr >= r->base && addr - r->base <= r->size &&
		    size <= r->size - (addr - r->base))
			return true;
	}
	return false;
}
