/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The serial drivers (fdt_serial.c), one line each, tried in this order;
 * each is a struct fdt_driver defined in its own file here.
 */
/* clang-format off */
#define FDT_SERIAL_DRIVERS(driver) \
	driver(fdt_serial_uart8250) \
	driver(fdt_serial_sifive) \
	driver(fdt_serial_htif)
/* clang-format on */
