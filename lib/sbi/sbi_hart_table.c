// SPDX-License-Identifier: BSD-2-Clause
/*
 * The hart table: which hart ids the firmware serves and where each one's
 * area (stack below, scratch on top) lives. The cold-boot hart lays it out
 * once, sized by the number of harts the DT names (right after the image,
 * or where sbi_init.c finds room for many harts); ids may be sparse and as
 * large as a DT can say.
 */
#include <sbi/sbi_platform.h>
#include <sbi/sbi_string.h>

#define PAGE_SIZE	4096UL

extern char _fw_end[];

/* The cold-boot hart's stack and scratch until its own area exists */
char fw_boot_area[FW_BOOT_STACK_SIZE + SBI_SCRATCH_SIZE]
	__attribute__((aligned(16)));

/* Read by fw_base.S: a warm hart finds its index by a search of the ids */
unsigned long fw_hart_count;
const unsigned long *fw_hart_ids;
unsigned long fw_hart_area;

static unsigned long align_up(unsigned long v, unsigned long a)
{
	return (v + a - 1) & ~(a - 1);
}

unsigned long sbi_hart_table_after_image(void)
{
	return align_up((unsigned long)_fw_end, PAGE_SIZE);
}

unsigned long sbi_hart_table_size(unsigned int count)
{
	return align_up((unsigned long)count * FW_HART_AREA_SIZE +
			count * sizeof(unsigned long), PAGE_SIZE);
}

unsigned long *sbi_hart_table_alloc(unsigned long base, unsigned int count)
{
	memset((void *)base, 0, sbi_hart_table_size(count));
	sbi_plat.hart_area = base;
	return (unsigned long *)(base + (unsigned long)count *
				 FW_HART_AREA_SIZE);
}

/* The table is final: publish it to the warm harts (before _boot_done). */
void sbi_hart_table_publish(void)
{
	fw_hart_ids = sbi_plat.hart_ids;
	fw_hart_area = sbi_plat.hart_area;
	fw_hart_count = sbi_plat.hart_count;
}

struct sbi_scratch *sbi_scratch_at(unsigned int index)
{
	return (struct sbi_scratch *)(sbi_plat.hart_area +
				      (index + 1UL) * FW_HART_AREA_SIZE -
				      SBI_SCRATCH_SIZE);
}

/* Dense ids are their own index; sparse ones are found by bisection. */
int sbi_hartid_to_index(unsigned long hartid)
{
	const unsigned long *ids = sbi_plat.hart_ids;
	unsigned int lo = 0, hi = sbi_plat.hart_count;

	if (sbi_plat.hart_dense)
		return hartid < hi ? (int)hartid : -1;
	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (ids[mid] == hartid)
			return mid;
		if (ids[mid] < hartid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

struct sbi_scratch *sbi_scratch_of(unsigned long hartid)
{
	int i = sbi_hartid_to_index(hartid);

	return i < 0 ? NULL : sbi_scratch_at(i);
}
