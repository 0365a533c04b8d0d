/* SPDX-License-Identifier: BSD-2-Clause */
/* Timer class: the drivers of fdt_timer_drivers.h. */
#ifndef FDT_TIMER_H
#define FDT_TIMER_H

#include <stdbool.h>

struct sbi_scratch;

/* Probe every machine-timer device of the DT; returns how many probed. */
int fdt_timer_init(const void *fdt);
/* Store hart @cpu's timer registers in @s; false if it has none. */
bool fdt_timer_hart_init(const void *fdt, int cpu, struct sbi_scratch *s);

#endif /* FDT_TIMER_H */
