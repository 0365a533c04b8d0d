// SPDX-License-Identifier: BSD-2-Clause
/* Timer class: probe the DT's machine timers, map harts to them. */
#include <utils/fdt/fdt_driver.h>
#include <utils/timer/fdt_timer.h>

#include "fdt_timer_drivers.h"

FDT_DRIVER_TABLE(timer_drivers, FDT_TIMER_DRIVERS);

int fdt_timer_init(const void *fdt)
{
	return fdt_driver_probe_all(fdt, timer_drivers);
}

bool fdt_timer_hart_init(const void *fdt, int cpu, struct sbi_scratch *s)
{
	return fdt_driver_hart_init(fdt, cpu, s, timer_drivers);
}
