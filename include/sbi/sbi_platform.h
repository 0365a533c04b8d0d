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
	/* Harts: hart_mask bit i set if hart id i is usable */
	unsigned long hart_mask;
	unsigned int hart_count;
	unsigned int hart_ignored;	/* DT harts beyond FW_MAX_HARTS */
	/* ACLINT / CLINT */
	unsigned long mswi_base;	/* msip[hart] at base + 4 * hart */
	unsigned long mtimer_cmp_base;	/* mtimecmp[hart] at base + 8 * hart */
	unsigned long mtime_addr;
	unsigned long timebase_freq;
	/* Console (ns16550) */
	unsigned long uart_base;
	unsigned int uart_shift, uart_width;
	/* Reset: syscon-style poweroff and reboot registers */
	unsigned long poweroff_addr, reboot_addr;
	uint32_t poweroff_value, reboot_value;
	bool reset_sifive_test;		/* supports the fail code encoding */
	/* ISA: the DT's (all harts) and the boot hart's probe of it */
	struct sbi_isa isa_dt;
	struct sbi_isa isa;
	unsigned int pmp_count;
	/* PMU: platform-wide state of the portable core */
	struct pmu_platform pmu;
};

extern struct sbi_platform sbi_plat;

static inline bool sbi_hart_valid(unsigned long hartid)
{
	return hartid < FW_MAX_HARTS && (sbi_plat.hart_mask >> hartid) & 1;
}

/* Parse the DT into sbi_plat; returns 0 or a negative libfdt error. */
int sbi_platform_from_fdt(void *fdt, unsigned long boot_hartid);

/*
 * May the supervisor use [addr, addr + size)? True only for RAM listed in
 * the DT that does not overlap the firmware and does not wrap.
 */
bool sbi_supervisor_ram(unsigned long addr, unsigned long size);

#endif /* SBI_PLATFORM_H */
