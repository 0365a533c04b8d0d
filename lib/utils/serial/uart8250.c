// SPDX-License-Identifier: BSD-2-Clause
/*
 * ns16550-compatible UART: polled transmit and receive. reg-shift spaces
 * the registers (2 on the DesignWare and PolarFire MMUARTs), reg-io-width
 * 4 makes every access 32 bits wide.
 */
#include <libfdt.h>
#include <sbi/sbi_console.h>
#include <utils/fdt/fdt_driver.h>
#include <utils/fdt/fdt_helper.h>

#define UART_RBR	0
#define UART_THR	0
#define UART_FCR	2
#define UART_LCR	3
#define UART_LSR	5
#define UART_LSR_DR	0x01
#define UART_LSR_THRE	0x20

static unsigned long uart_base;
static unsigned int uart_shift, uart_width;

static unsigned int uart_read(int reg)
{
	unsigned long a = uart_base + (reg << uart_shift);

	if (uart_width == 4)
		return *(volatile uint32_t *)a;
	return *(volatile uint8_t *)a;
}

static void uart_write(int reg, unsigned int v)
{
	unsigned long a = uart_base + (reg << uart_shift);

	if (uart_width == 4)
		*(volatile uint32_t *)a = v;
	else
		*(volatile uint8_t *)a = v;
}

static void uart8250_putc(char c)
{
	while (!(uart_read(UART_LSR) & UART_LSR_THRE))
		;
	uart_write(UART_THR, (unsigned char)c);
}

static int uart8250_getc(void)
{
	if (uart_read(UART_LSR) & UART_LSR_DR)
		return uart_read(UART_RBR);
	return -1;
}

static const struct sbi_console_device uart8250_dev = {
	.name = "ns16550",
	.putc = uart8250_putc,
	.getc = uart8250_getc,
};

static int uart8250_probe(const void *fdt, int node)
{
	int err = fdt_get_reg(fdt, node, 0, &uart_base, NULL);

	if (err)
		return err;
	uart_shift = fdt_get_u32(fdt, node, "reg-shift", 0);
	uart_width = fdt_get_u32(fdt, node, "reg-io-width", 1);
	uart_write(UART_LCR, 0x03);	/* 8N1; baud left as the loader set */
	uart_write(UART_FCR, 0x07);	/* enable and clear FIFOs */
	sbi_console_set_device(&uart8250_dev);
	return 0;
}

static const char *const uart8250_compat[] = { "ns16550a", "ns16550",
					       "snps,dw-apb-uart", NULL };

const struct fdt_driver fdt_serial_uart8250 = {
	.name = "uart8250",
	.compatible = uart8250_compat,
	.probe = uart8250_probe,
};
