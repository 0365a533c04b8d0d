/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The reset drivers (fdt_reset.c), one line each; every enabled node one
 * matches is probed, and SRST tries the devices in DT order. Each is a
 * struct fdt_driver defined in its own file here.
 */
/* clang-format off */
#define FDT_RESET_DRIVERS(driver) \
	driver(fdt_reset_syscon) \
	driver(fdt_reset_gpio_restart) \
	driver(fdt_reset_htif)
/* clang-format on */
