// SPDX-License-Identifier: BSD-2-Clause
/*
 * gpio-restart on a SiFive GPIO controller (sifive,gpio0; QEMU sifive_u
 * wires pin 10, active low, to the machine reset): drive the pin inactive,
 * then active. Returns only if the reset did not happen.
 */
#include <sbi/sbi_drivers.h>
#include <sbi/sbi_platform.h>

#define SIFIVE_GPIO_OUTPUT_EN	0x08
#define SIFIVE_GPIO_PORT	0x0c

static volatile uint32_t *gpio_reg(unsigned int off)
{
	return (volatile uint32_t *)(sbi_plat.reboot_gpio_base + off);
}

static void gpio_drive(uint32_t bit, bool high)
{
	if (high)
		*gpio_reg(SIFIVE_GPIO_PORT) |= bit;
	else
		*gpio_reg(SIFIVE_GPIO_PORT) &= ~bit;
	*gpio_reg(SIFIVE_GPIO_OUTPUT_EN) |= bit;
}

void gpio_restart(void)
{
	uint32_t bit = 1U << sbi_plat.reboot_gpio_pin;
	bool low = sbi_plat.reboot_gpio_active_low;
	unsigned long i;

	if (!sbi_plat.reboot_gpio_base)
		return;
	gpio_drive(bit, low);	/* inactive */
	gpio_drive(bit, !low);	/* active: the reset edge */
	for (i = 0; i < 100000000UL; i++)
		__asm__ __volatile__("nop");
}
