// SPDX-License-Identifier: BSD-2-Clause
/*
 * Fill struct sbi_platform from the device tree the firmware was given:
 * RAM and harts here, devices by asking each class to probe its drivers.
 */
#include <libfdt.h>
#include <sbi/sbi_console.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_string.h>
#include <sbi/sbi_timer.h>
#include <utils/fdt/fdt_platform.h>
#include <utils/ipi/fdt_ipi.h>
#include <utils/reset/fdt_reset.h>
#include <utils/serial/fdt_serial.h>
#include <utils/timer/fdt_timer.h>

static void parse_model(const void *fdt)
{
	const char *m = fdt_getprop(fdt, 0, "model", NULL);

	if (!m)
		m = "unknown";
	size_t n = strnlen(m, sizeof(sbi_plat.model) - 1);

	memcpy(sbi_plat.model, m, n);
	sbi_plat.model[n] = 0;
}

int sbi_platform_from_fdt(void *fdt, unsigned long boot_hartid)
{
	int err = fdt_check_header(fdt);

	if (err)
		return err;
	parse_model(fdt);
	fdt_memory_init(fdt);
	/* the console first: what is wrong with the harts can then be said */
	fdt_serial_init(fdt);
	fdt_ipi_init(fdt);
	fdt_timer_init(fdt);
	fdt_reset_init(fdt);
	return fdt_harts_init(fdt, boot_hartid);
}

void sbi_platform_report(void)
{
	if (fdt_serial_stdout_unusable())
		sbi_printf("tally: stdout-path names no ns16550/8250 or "
			   "SiFive UART: console on the first one in the DT\n");
	if (!sbi_plat.mswi_base)
		sbi_printf("tally: no CLINT/ACLINT MSWI in the DT: no IPIs, "
			   "only the boot hart is served\n");
	else if (sbi_plat.hart_ignored)
		sbi_printf("tally: %u DT harts have no MSWI context: not "
			   "served\n", sbi_plat.hart_ignored);
	if (sbi_plat.hart_no_smode)
		sbi_printf("tally: %u DT harts have no S-mode (no mmu-type): "
			   "parked, not served\n", sbi_plat.hart_no_smode);
	if (!sbi_timer_available())
		sbi_printf("tally: no ACLINT MTIMER in the DT and no Sstc: "
			   "SBI TIME is unavailable\n");
}
