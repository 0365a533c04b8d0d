/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the firmware knows about the machine: filled once by the cold-boot
 * hart from the device tree and CSR probing, read-only afterwards.
 */
#ifndef SBI_PLATFORM_H
#define SBI_PLATFORM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sbi/sbi_scratch.h>
#include <sbi/sbi_isa.h>

#define SBI_MAX_MEM_REGIONS	8
/* M-mode-only device blocks (merged), and PMP entries a hart can have */
#define SBI_MAX_MMODE_REGIONS	32
#define SBI_MAX_PMP		64

struct sbi_mem_region {
	unsigned long base;
	unsigned long size;
};

struct sbi_platform {
	char model[64];
	/* Firmware image: [fw_start, fw_start + fw_region) is PMP-protected */
	unsigned long fw_start;
	unsigned long fw_end;
	unsigned long fw_region;	/* power of two covering the image */
	/* RAM from /memory nodes */
	struct sbi_mem_region mem[SBI_MAX_MEM_REGIONS];
	unsigned int mem_count;
	/*
	 * Harts: hart_ids[i] is the id of hart index i, ascending; dense when
	 * hart_ids[i] == i for every i (the id is its own index then).
	 */
	const unsigned long *hart_ids;
	unsigned int hart_count;
	bool hart_dense;
	unsigned int hart_ignored;	/* DT harts without an MSWI context */
	unsigned int hart_no_smode;	/* DT harts without mmu-type (parked) */
	unsigned long hart_area;	/* per-hart areas, FW_HART_AREA_SIZE each */
	/*
	 * Areas too many for the room after the image go to a region of
	 * their own, PMP-protected: [harts_start, + harts_region); 0: none
	 */
	unsigned long harts_start;
	unsigned long harts_region;	/* power of two, naturally aligned */
	/* ACLINT / CLINT: the first MSWI device (0: no IPIs) */
	unsigned long mswi_base;
	/*
	 * Device registers S-mode must not reach (every ACLINT / CLINT
	 * instance), as ascending, merged 64 KiB-aligned blocks
	 */
	struct sbi_mem_region mmode[SBI_MAX_MMODE_REGIONS];
	unsigned int mmode_count;
	/* PMP: the NAPOT regions kept from S-mode, entries 0.. (sbi_hart.c) */
	unsigned long pmp_napot[SBI_MAX_PMP];
	unsigned int pmp_napot_count;
	unsigned long timebase_freq;
	/* ISA: the DT's (all harts) and the boot hart's probe of it */
	struct sbi_isa isa_dt;
	struct sbi_isa isa;
	unsigned int pmp_count;
	/* PMU: platform-wide state of the portable core */
	struct pmu_platform pmu;
};

extern struct sbi_platform sbi_plat;

/* Index of @hartid in the hart table, or -1 if the firmware does not serve it. */
int sbi_hartid_to_index(unsigned long hartid);

static inline bool sbi_hart_valid(unsigned long hartid)
{
	return sbi_hartid_to_index(hartid) >= 0;
}

/*
 * Parse the DT into sbi_plat, all but the hart table: hart_count and
 * hart_dense tell how many harts it will hold. Returns 0 or a negative
 * libfdt error.
 */
int sbi_platform_from_fdt(void *fdt, unsigned long boot_hartid);
/*
 * A device's registers [@base, + @size) are M-mode's alone (a driver's
 * probe says so): PMP keeps the 64 KiB blocks they touch from S-mode.
 */
void sbi_platform_mmode_region(unsigned long base, unsigned long size);
/* Smallest naturally aligned power-of-two region covering [start, end). */
unsigned long sbi_napot_region(unsigned long start, unsigned long end,
			       unsigned long *size);
/* Say at boot what the DT lacks (no IPI device, harts left out, ...). */
void sbi_platform_report(void);
/*
 * Fill the hart table (@ids, hart_count entries, ascending) and each hart's
 * scratch (id, index, ACLINT registers) once the areas exist.
 */
void sbi_platform_harts_from_fdt(const void *fdt, unsigned long boot_hartid,
				 unsigned long *ids);
/*
 * For a boot hart without S-mode: the id of the first enabled DT hart
 * with S-mode and an MSWI context, whose msip goes into @s->msip; -1 if
 * there is none.
 */
long sbi_platform_boot_successor(const void *fdt, struct sbi_scratch *s);

/*
 * The hart table (sbi_hart_table.c): where it goes when it follows the
 * image; the bytes @count harts' areas and ids take; allocate them
 * (zeroed) at @base and return the id array; publish the filled table to
 * the warm harts.
 */
unsigned long sbi_hart_table_after_image(void);
unsigned long sbi_hart_table_size(unsigned int count);
unsigned long *sbi_hart_table_alloc(unsigned long base, unsigned int count);
void sbi_hart_table_publish(void);

/*
 * May the supervisor use [addr, addr + size)? True only for RAM listed in
 * the DT that overlaps neither the firmware nor its harts' region and does
 * not wrap.
 */
bool sbi_supervisor_ram(unsigned long addr, unsigned long size);

#endif /* SBI_PLATFORM_H */
