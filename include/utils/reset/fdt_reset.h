/* SPDX-License-Identifier: BSD-2-Clause */
/* Reset class: the drivers of fdt_reset_drivers.h. */
#ifndef FDT_RESET_H
#define FDT_RESET_H

/* Probe every reset device of the DT; returns how many probed. */
int fdt_reset_init(const void *fdt);

#endif /* FDT_RESET_H */
