/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The machine-timer drivers (fdt_timer.c), one line each, tried in this
 * order; each is a struct fdt_driver defined in its own file here.
 */
/* clang-format off */
#define FDT_TIMER_DRIVERS(driver) \
	driver(fdt_timer_aclint_mtimer)
/* clang-format on */
