// SPDX-License-Identifier: BSD-2-Clause
/*
 * HTIF (ucb,htif0), the host-target interface of the Spike simulator and
 * QEMU's spike machine: a console and power-off through two 64-bit
 * mailboxes, fromhost at the node's reg and tohost 8 bytes above it.
 * A command written to tohost is device (bits 63:56), command (55:48) and
 * payload; the host clears tohost when it took it and answers in fromhost,
 * which the target clears. Console (device 1): command 1 writes the
 * payload's byte, command 0 asks for one, which arrives in fromhost's
 * low byte with bit 8 set. Device 0, payload (code << 1) | 1: exit with
 * code. Each mailbox is written as two 32-bit halves, low first (QEMU
 * acts on the high half).
 *
 * One file, two classes: the serial driver and the reset driver.
 * QEMU's spike puts reg into /htif only when it loads a non-ELF firmware
 * (fw_*.bin); with an ELF it looks for tohost/fromhost symbols instead.
 */
#include <libfdt.h>
#include <sbi/sbi_console.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_system.h>
#include <utils/fdt/fdt_driver.h>
#include <utils/fdt/fdt_helper.h>

#define HTIF_DEV_SYSTEM		0ULL
#define HTIF_DEV_CONSOLE	1ULL
#define HTIF_CMD_GETC		0ULL
#define HTIF_CMD_PUTC		1ULL
#define HTIF_CMD(dev, cmd, payload) \
	((dev) << 56 | (cmd) << 48 | (payload))
#define HTIF_CMD_OF(v)		(((v) >> 48) & 0xff)
#define HTIF_GOT_BYTE		0x100	/* fromhost: a byte came with it */

static volatile uint32_t *fromhost, *tohost;
static bool getc_pending;

static uint64_t mailbox_read(volatile uint32_t *m)
{
	return ((uint64_t)m[1] << 32) | m[0];
}

static void mailbox_write(volatile uint32_t *m, uint64_t v)
{
	m[0] = (uint32_t)v;
	m[1] = (uint32_t)(v >> 32);
}

static void htif_send(uint64_t cmd)
{
	while (mailbox_read(tohost))
		;
	mailbox_write(tohost, cmd);
}

/* A byte that came in fromhost, or -1; clears the answer it read. */
static int htif_take_byte(void)
{
	uint64_t v = mailbox_read(fromhost);

	if (!v)
		return -1;
	mailbox_write(fromhost, 0);
	if (HTIF_CMD_OF(v) != HTIF_CMD_GETC || !(v & HTIF_GOT_BYTE))
		return -1;	/* the acknowledgement of a putc */
	getc_pending = false;
	return v & 0xff;
}

static void htif_putc(char c)
{
	htif_send(HTIF_CMD(HTIF_DEV_CONSOLE, HTIF_CMD_PUTC, (unsigned char)c));
	/* clear the acknowledgement only: a byte after it stays for getc */
	if (HTIF_CMD_OF(mailbox_read(fromhost)) == HTIF_CMD_PUTC)
		mailbox_write(fromhost, 0);
}

static int htif_getc(void)
{
	if (!getc_pending) {
		htif_send(HTIF_CMD(HTIF_DEV_CONSOLE, HTIF_CMD_GETC, 0));
		getc_pending = true;
	}
	return htif_take_byte();
}

static const struct sbi_console_device htif_console = {
	.name = "htif",
	.putc = htif_putc,
	.getc = htif_getc,
};

static bool htif_supports(uint32_t type)
{
	return type == SBI_SRST_RESET_TYPE_SHUTDOWN;
}

static void htif_reset(uint32_t type, uint32_t reason)
{
	uint64_t code = reason == SBI_SRST_RESET_REASON_SYSFAIL;

	htif_send(HTIF_CMD(HTIF_DEV_SYSTEM, 0ULL, code << 1 | 1));
	for (;;)
		__asm__ __volatile__("wfi");
}

static const struct sbi_reset_device htif_poweroff = {
	.name = "htif",
	.supports = htif_supports,
	.reset = htif_reset,
};

static int htif_map(const void *fdt, int node)
{
	unsigned long base;
	int err;

	if (fromhost)
		return 0;
	err = fdt_get_reg(fdt, node, 0, &base, NULL);
	if (err)
		return err;
	fromhost = (volatile uint32_t *)base;
	tohost = (volatile uint32_t *)(base + 8);
	return 0;
}

static int htif_serial_probe(const void *fdt, int node)
{
	int err = htif_map(fdt, node);

	if (!err)
		sbi_console_set_device(&htif_console);
	return err;
}

static int htif_reset_probe(const void *fdt, int node)
{
	int err = htif_map(fdt, node);

	if (!err)
		sbi_reset_add_device(&htif_poweroff);
	return err;
}

static const char *const htif_compat[] = { "ucb,htif0", NULL };

const struct fdt_driver fdt_serial_htif = {
	.name = "htif",
	.compatible = htif_compat,
	.probe = htif_serial_probe,
};

const struct fdt_driver fdt_reset_htif = {
	.name = "htif",
	.compatible = htif_compat,
	.probe = htif_reset_probe,
};
