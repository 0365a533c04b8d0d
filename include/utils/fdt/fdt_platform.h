/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The pieces of sbi_platform_from_fdt() (fdt_platform.c), one file each:
 * RAM (fdt_memory.c) and the harts (fdt_harts.c). Devices come from the
 * classes (utils/<class>/fdt_<class>.h).
 */
#ifndef FDT_PLATFORM_H
#define FDT_PLATFORM_H

/* RAM regions from the enabled /memory nodes into sbi_plat.mem[]. */
void fdt_memory_init(const void *fdt);
/*
 * Count the harts the firmware serves (sbi_plat.hart_count, hart_dense
 * comes with the table) and the ISA they share; -FDT_ERR_NOTFOUND if
 * @boot_hartid is not among them. Needs the IPI devices probed.
 */
int fdt_harts_init(const void *fdt, unsigned long boot_hartid);

#endif /* FDT_PLATFORM_H */
