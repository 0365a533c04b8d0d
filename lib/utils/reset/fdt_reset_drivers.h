/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The reset drivers (fdt_reset.c), one line each; every enabled node one
 * matches is probed, and SRST tries the devices in DT order. Each is a
 * struct fdt_driver defined in its own file here.
 */
FDT_DRIVER(fdt_reset_syscon)
FDT_DRIVER(fdt_reset_gpio_restart)
FDT_DRIVER(fdt_reset_htif)
