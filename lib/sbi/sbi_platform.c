// SPDX-License-Identifier: BSD-2-Clause
/* The platform description and what the supervisor may address. */
#include <sbi/sbi_platform.h>
#include <sbi/sbi_string.h>

/* PMP keeps device registers from S-mode in blocks of this size */
#define MMODE_BLOCK	0x10000UL

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

/*
 * Insert [@base, + @size), widened to whole blocks, into the ascending
 * list, merging the regions it overlaps or touches. With no room left,
 * one region covers them all (more than needed, never less).
 */
void sbi_platform_mmode_region(unsigned long base, unsigned long size)
{
	struct sbi_mem_region *r = sbi_plat.mmode;
	unsigned long lo = base & ~(MMODE_BLOCK - 1);
	unsigned long hi = (base + size + MMODE_BLOCK - 1) & ~(MMODE_BLOCK - 1);
	unsigned int i = 0, n = sbi_plat.mmode_count;

	if (!size)
		return;
	while (i < n) {
		if (r[i].base + r[i].size < lo || hi < r[i].base) {
			i++;
			continue;
		}
		lo = lo < r[i].base ? lo : r[i].base;
		hi = hi > r[i].base + r[i].size ? hi : r[i].base + r[i].size;
		memmove(&r[i], &r[i + 1], (--n - i) * sizeof(*r));
	}
	if (n == SBI_MAX_MMODE_REGIONS) {
		lo = lo < r[0].base ? lo : r[0].base;
		if (hi < r[n - 1].base + r[n - 1].size)
			hi = r[n - 1].base + r[n - 1].size;
		n = 0;
	}
	for (i = n; i && r[i - 1].base > lo; i--)
		r[i] = r[i - 1];
	r[i].base = lo;
	r[i].size = hi - lo;
	sbi_plat.mmode_count = n + 1;
}
