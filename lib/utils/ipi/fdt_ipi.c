// SPDX-License-Identifier: BSD-2-Clause
/* IPI class: probe the DT's IPI devices, map harts to them. */
#include <utils/fdt/fdt_driver.h>
#include <utils/ipi/fdt_ipi.h>

#include "fdt_ipi_drivers.h"

FDT_DRIVER_TABLE(ipi_drivers, FDT_IPI_DRIVERS);

int fdt_ipi_init(const void *fdt)
{
	return fdt_driver_probe_all(fdt, ipi_drivers);
}

bool fdt_ipi_hart_init(const void *fdt, int cpu, struct sbi_scratch *s)
{
	return fdt_driver_hart_init(fdt, cpu, s, ipi_drivers);
}
