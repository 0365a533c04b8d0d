/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The IPI drivers (fdt_ipi.c), one line each, tried in this order; each
 * is a struct fdt_driver defined in its own file here.
 */
/* clang-format off */
#define FDT_IPI_DRIVERS(driver) \
	driver(fdt_ipi_aclint_mswi)
/* clang-format on */
