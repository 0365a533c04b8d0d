// SPDX-License-Identifier: BSD-2-Clause
/*
 * SiFive UART (sifive,uart0; FU540 manual, chapter "UART"): polled
 * transmit and receive through 32-bit registers.
 */
#include <libfdt.h>
#include <sbi/sbi_console.h>
#include <utils/fdt/fdt_driver.h>
#include <utils/fdt/fdt_helper.h>

#define SIFIVE_UART_TXDATA	0x00
#define SIFIVE_UART_RXDATA	0x04
#define SIFIVE_UART_TXCTRL	0x08
#define SIFIVE_UART_RXCTRL	0x0c
#define SIFIVE_UART_IE		0x10
#define SIFIVE_UART_FULL	(1U << 31)	/* txdata: FIFO full */
#define SIFIVE_UART_EMPTY	(1U << 31)	/* rxdata: nothing received */
#define SIFIVE_UART_EN		1U		/* txctrl.txen, rxctrl.rxen */

static unsigned long uart_base;

static volatile uint32_t *reg(unsigned int off)
{
	return (volatile uint32_t *)(uart_base + off);
}

static void sifive_uart_putc(char c)
{
	/* a write while the FIFO is full is dropped: test, then write */
	while (*reg(SIFIVE_UART_TXDATA) & SIFIVE_UART_FULL)
		;
	*reg(SIFIVE_UART_TXDATA) = (unsigned char)c;
}

static int sifive_uart_getc(void)
{
	/* one read pops the byte: the EMPTY bit and the data come together */
	uint32_t v = *reg(SIFIVE_UART_RXDATA);

	return v & SIFIVE_UART_EMPTY ? -1 : (int)(v & 0xff);
}

static const struct sbi_console_device sifive_uart_dev = {
	.name = "sifive,uart0",
	.putc = sifive_uart_putc,
	.getc = sifive_uart_getc,
};

static int sifive_uart_probe(const void *fdt, int node)
{
	int err = fdt_get_reg(fdt, node, 0, &uart_base, NULL);

	if (err)
		return err;
	/* divisor, stop bits, watermarks left as the loader set them */
	*reg(SIFIVE_UART_IE) = 0;
	*reg(SIFIVE_UART_TXCTRL) |= SIFIVE_UART_EN;
	*reg(SIFIVE_UART_RXCTRL) |= SIFIVE_UART_EN;
	sbi_console_set_device(&sifive_uart_dev);
	return 0;
}

static const char *const sifive_uart_compat[] = { "sifive,uart0", NULL };

const struct fdt_driver fdt_serial_sifive = {
	.name = "sifive-uart",
	.compatible = sifive_uart_compat,
	.probe = sifive_uart_probe,
};
