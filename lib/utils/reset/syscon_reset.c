// SPDX-License-Identifier: BSD-2-Clause
/*
 * syscon-poweroff / syscon-reboot (QEMU virt's sifive,test device): write
 * "value" at "offset" of the "regmap" node. With sifive,test a failure
 * code is encoded as (code << 16) | 0x3333, which makes QEMU exit with a
 * non-zero status.
 */
#include <libfdt.h>
#include <sbi/riscv_asm.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_system.h>
#include <utils/fdt/fdt_driver.h>
#include <utils/fdt/fdt_helper.h>

#define SIFIVE_TEST_FAIL	0x3333

struct syscon_reg {
	unsigned long addr;
	uint32_t value;
	bool sifive_test;	/* supports the fail code encoding */
};

static struct syscon_reg poweroff, reboot;

static void __attribute__((noreturn)) hang(void)
{
	for (;;)
		wfi();
}

static bool poweroff_supports(uint32_t type)
{
	return type == SBI_SRST_RESET_TYPE_SHUTDOWN;
}

static void poweroff_reset(uint32_t type, uint32_t reason)
{
	uint32_t v = poweroff.value;

	if (reason == SBI_SRST_RESET_REASON_SYSFAIL && poweroff.sifive_test)
		v = (1U << 16) | SIFIVE_TEST_FAIL;
	*(volatile uint32_t *)poweroff.addr = v;
	hang();
}

static bool reboot_supports(uint32_t type)
{
	return type == SBI_SRST_RESET_TYPE_COLD_REBOOT ||
	       type == SBI_SRST_RESET_TYPE_WARM_REBOOT;
}

static void reboot_reset(uint32_t type, uint32_t reason)
{
	*(volatile uint32_t *)reboot.addr = reboot.value;
	hang();
}

static const struct sbi_reset_device poweroff_dev = {
	.name = "syscon-poweroff",
	.supports = poweroff_supports,
	.reset = poweroff_reset,
};

static const struct sbi_reset_device reboot_dev = {
	.name = "syscon-reboot",
	.supports = reboot_supports,
	.reset = reboot_reset,
};

static int syscon_probe(const void *fdt, int node)
{
	bool off = !fdt_node_check_compatible(fdt, node, "syscon-poweroff");
	struct syscon_reg *r = off ? &poweroff : &reboot;
	unsigned long base;
	int map;

	if (r->addr)	/* one of each */
		return -FDT_ERR_EXISTS;
	map = fdt_node_offset_by_phandle(fdt,
					 fdt_get_u32(fdt, node, "regmap", 0));
	if (map < 0)
		return map;
	if (fdt_get_reg(fdt, map, 0, &base, NULL))
		return -FDT_ERR_BADVALUE;
	r->addr = base + fdt_get_u32(fdt, node, "offset", 0);
	r->value = fdt_get_u32(fdt, node, "value", 0);
	r->sifive_test = !fdt_node_check_compatible(fdt, map, "sifive,test0");
	sbi_reset_add_device(off ? &poweroff_dev : &reboot_dev);
	return 0;
}

static const char *const syscon_compat[] = { "syscon-poweroff",
					     "syscon-reboot", NULL };

const struct fdt_driver fdt_reset_syscon = {
	.name = "syscon-reset",
	.compatible = syscon_compat,
	.probe = syscon_probe,
};
