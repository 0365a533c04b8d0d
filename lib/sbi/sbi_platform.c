// SPDX-License-Identifier: BSD-2-Clause
/* The platform description and the per-hart areas. */
#include <sbi/sbi_platform.h>

struct sbi_platform sbi_plat;

/* Stacks and scratch of every hart (fw_base.S carves them up). */
char fw_hart_area[FW_MAX_HARTS * FW_HART_AREA_SIZE]
	__attribute__((aligned(4096)));

struct sbi_scratch *sbi_scratch_of(unsigned long hartid)
{
	if (!sbi_hart_valid(hartid))
		return NULL;
	return (struct sbi_scratch *)(fw_hart_area +
				      (hartid + 1) * FW_HART_AREA_SIZE -
				      SBI_SCRATCH_SIZE);
}

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
	if (overlaps(addr, size, sbi_plat.fw_start, sbi_plat.fw_region))
		return false;
	for (i = 0; i < sbi_plat.mem_count; i++) {
		const struct sbi_mem_region *r = &sbi_plat.mem[i];

		if (addr >= r->base && addr - r->base <= r->size &&
		    size <= r->size - (addr - r->base))
			return true;
	}
	return false;
}
