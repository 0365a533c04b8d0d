// SPDX-License-Identifier: BSD-2-Clause
/* Reset class: probe the DT's reset devices. */
#include <utils/fdt/fdt_driver.h>
#include <utils/reset/fdt_reset.h>

#include "fdt_reset_drivers.h"

FDT_DRIVER_TABLE(reset_drivers, FDT_RESET_DRIVERS);

int fdt_reset_init(const void *fdt)
{
	return fdt_driver_probe_all(fdt, reset_drivers);
}
