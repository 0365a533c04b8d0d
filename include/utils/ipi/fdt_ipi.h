/* SPDX-License-Identifier: BSD-2-Clause */
/* IPI class: the drivers of fdt_ipi_drivers.h. */
#ifndef FDT_IPI_H
#define FDT_IPI_H

#include <stdbool.h>

struct sbi_scratch;

/* Probe every IPI device of the DT; returns how many probed. */
int fdt_ipi_init(const void *fdt);
/*
 * Can an IPI reach hart @cpu (its cpu node)? With @s, also store the
 * hart's IPI registers there.
 */
bool fdt_ipi_hart_init(const void *fdt, int cpu, struct sbi_scratch *s);

#endif /* FDT_IPI_H */
