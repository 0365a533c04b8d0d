// SPDX-License-Identifier: BSD-2-Clause
/* IPI class: probe the DT's IPI devices, map harts to them. */
#include <utils/fdt/fdt_driver.h>
#include <utils/ipi/fdt_ipi.h>

#define FDT_DRIVER(d)	extern const struct fdt_driver d;
#include "fdt_ipi_drivers.h"
#undef FDT_DRIVER

static const struct fdt_driver *const ipi_drivers[] = {
#define FDT_DRIVER(d)	&d,
#include "fdt_ipi_drivers.h"
#undef FDT_DRIVER
	NULL
};

int fdt_ipi_init(const void *fdt)
{
	return fdt_driver_probe_all(fdt, ipi_drivers);
}

bool fdt_ipi_hart_init(const void *fdt, int cpu, struct sbi_scratch *s)
{
	return fdt_driver_hart_init(fdt, cpu, s, ipi_drivers);
}
