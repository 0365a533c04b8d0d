// SPDX-License-Identifier: BSD-2-Clause
/*
 * gpio-restart on a SiFive GPIO controller (sifive,gpio0; QEMU sifive_u
 * wires pin 10, active low, to the machine reset): drive the pin inactive,
 * then active. gpios = <&controller pin flags>, flag bit 0 active low.
 */
#include <libfdt.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_system.h>
#include <utils/fdt/fdt_driver.h>
#include <utils/fdt/fdt_helper.h>

#define SIFIVE_GPIO_OUTPUT_EN	0x08
#define SIFIVE_GPIO_PORT	0x0c

static unsigned long gpio_base;
static unsigned int gpio_pin;
static bool gpio_active_low;

static volatile uint32_t *gpio_reg(unsigned int off)
{
	return (volatile uint32_t *)(gpio_base + off);
}

static void gpio_drive(uint32_t bit, bool high)
{
	if (high)
		*gpio_reg(SIFIVE_GPIO_PORT) |= bit;
	else
		*gpio_reg(SIFIVE_GPIO_PORT) &= ~bit;
	*gpio_reg(SIFIVE_GPIO_OUTPUT_EN) |= bit;
}

static bool gpio_restart_supports(uint32_t type)
{
	return type == SBI_SRST_RESET_TYPE_COLD_REBOOT ||
	       type == SBI_SRST_RESET_TYPE_WARM_REBOOT;
}

/* Returns only if the reset did not happen. */
static void gpio_restart_reset(uint32_t type, uint32_t reason)
{
	uint32_t bit = 1U << gpio_pin;
	unsigned long i;

	gpio_drive(bit, gpio_active_low);	/* inactive */
	gpio_drive(bit, !gpio_active_low);	/* active: the reset edge */
	for (i = 0; i < 100000000UL; i++)
		__asm__ __volatile__("nop");
}

static const struct sbi_reset_device gpio_restart_dev = {
	.name = "gpio-restart",
	.supports = gpio_restart_supports,
	.reset = gpio_restart_reset,
};

static int gpio_restart_probe(const void *fdt, int node)
{
	const fdt32_t *g;
	int len, ctl;

	if (gpio_base)	/* one only */
		return -FDT_ERR_EXISTS;
	g = fdt_getprop(fdt, node, "gpios", &len);
	if (!g || len < 12)
		return -FDT_ERR_BADVALUE;
	ctl = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(g[0]));
	if (ctl < 0 || fdt_node_check_compatible(fdt, ctl, "sifive,gpio0") ||
	    fdt32_to_cpu(g[1]) > 31 ||
	    fdt_get_reg(fdt, ctl, 0, &gpio_base, NULL))
		return -FDT_ERR_BADVALUE;
	gpio_pin = fdt32_to_cpu(g[1]);
	gpio_active_low = fdt32_to_cpu(g[2]) & 1;
	sbi_reset_add_device(&gpio_restart_dev);
	return 0;
}

static const char *const gpio_restart_compat[] = { "gpio-restart", NULL };

const struct fdt_driver fdt_reset_gpio_restart = {
	.name = "gpio-restart",
	.compatible = gpio_restart_compat,
	.probe = gpio_restart_probe,
};
