// SPDX-License-Identifier: BSD-2-Clause
/* ns16550-compatible UART: polled transmit and receive. */
#include <sbi/sbi_console.h>
#include <sbi/sbi_drivers.h>
#include <sbi/sbi_platform.h>

#define UART_RBR	0
#define UART_THR	0
#define UART_FCR	2
#define UART_LCR	3
#define UART_LSR	5
#define UART_LSR_DR	0x01
#define UART_LSR_THRE	0x20

static unsigned int uart_read(int reg)
{
	unsigned long a = sbi_plat.uart_base + (reg << sbi_plat.uart_shift);

	if (sbi_plat.uart_width == 4)
		return *(volatile uint32_t *)a;
	return *(volatile uint8_t *)a;
}

static void uart_write(int reg, unsigned int v)
{
	unsigned long a = sbi_plat.uart_base + (reg << sbi_plat.uart_shift);

	if (sbi_plat.uart_width == 4)
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

void uart8250_init(void)
{
	if (!sbi_plat.uart_base || sbi_plat.uart_type != SBI_UART_8250)
		return;
	uart_write(UART_LCR, 0x03);	/* 8N1; baud left as the loader set */
	uart_write(UART_FCR, 0x07);	/* enable and clear FIFOs */
	sbi_console_set_device(&uart8250_dev);
}
