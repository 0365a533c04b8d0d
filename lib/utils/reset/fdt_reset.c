// SPDX-License-Identifier: BSD-2-Clause
/* Reset class: probe the DT's reset devices. */
#include <utils/fdt/fdt_driver.h>
#include <utils/reset/fdt_reset.h>

#define FDT_DRIVER(d)	extern const struct fdt_driver d;
#include "fdt_reset_drivers.h"
#undef FDT_DRIVER

static const struct fdt_driver *const reset_drivers[] = {
#define FDT_DRIVER(d)	&d,
#include "fdt_reset_drivers.h"
#undef FDT_DRIVER
	NULL
};

int fdt_reset_init(const void *fdt)
{
	return fdt_driver_probe_all(fdt, reset_drivers);
}
