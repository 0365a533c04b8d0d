/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The serial drivers (fdt_serial.c), one line each, tried in this order;
 * each is a struct fdt_driver defined in its own file here.
 */
FDT_DRIVER(fdt_serial_uart8250)
FDT_DRIVER(fdt_serial_sifive)
FDT_DRIVER(fdt_serial_htif)
