/* SPDX-License-Identifier: BSD-2-Clause */
/* Serial class: the console, from the drivers of fdt_serial_drivers.h. */
#ifndef FDT_SERIAL_H
#define FDT_SERIAL_H

#include <stdbool.h>

/*
 * Probe the console: the stdout-path node if a serial driver matches it,
 * else the first enabled node one matches. 0, or a negative libfdt error
 * when there is none.
 */
int fdt_serial_init(const void *fdt);
/* Did stdout-path name a device no serial driver runs? */
bool fdt_serial_stdout_unusable(void);

#endif /* FDT_SERIAL_H */
