// SPDX-License-Identifier: BSD-2-Clause
/* Serial class: pick the console node and probe its driver. */
#include <libfdt.h>
#include <utils/fdt/fdt_driver.h>
#include <utils/fdt/fdt_helper.h>
#include <utils/serial/fdt_serial.h>

#include "fdt_serial_drivers.h"

FDT_DRIVER_TABLE(serial_drivers, FDT_SERIAL_DRIVERS);

static bool stdout_unusable;

bool fdt_serial_stdout_unusable(void)
{
	return stdout_unusable;
}

static int first_serial(const void *fdt)
{
	int node;

	for (node = fdt_next_node(fdt, -1, NULL); node >= 0;
	     node = fdt_next_node(fdt, node, NULL))
		if (fdt_node_enabled(fdt, node) &&
		    fdt_driver_match(fdt, node, serial_drivers))
			return node;
	return -FDT_ERR_NOTFOUND;
}

int fdt_serial_init(const void *fdt)
{
	int node = fdt_stdout_node(fdt);

	if (node >= 0 && !fdt_driver_match(fdt, node, serial_drivers)) {
		stdout_unusable = true;
		node = -1;
	}
	if (node < 0)
		node = first_serial(fdt);
	if (node < 0)
		return node;
	return fdt_driver_match(fdt, node, serial_drivers)->probe(fdt, node);
}
