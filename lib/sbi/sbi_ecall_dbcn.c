// SPDX-License-Identifier: BSD-2-Clause
/* SBI DBCN extension: the firmware console for early kernel output. */
#include <sbi/sbi_console.h>
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_platform.h>

static bool buffer_ok(unsigned long len, unsigned long lo, unsigned long hi)
{
	return !hi && sbi_supervisor_ram(lo, len);
}

static struct sbiret dbcn_write(const unsigned long *a)
{
	if (!a[0])
		return (struct sbiret){ 0, 0 };
	if (!buffer_ok(a[0], a[1], a[2]))
		return (struct sbiret){ SBI_ERR_INVALID_PARAM, 0 };
	return (struct sbiret){ 0,
		(long)sbi_console_write((const char *)a[1], a[0]) };
}

static struct sbiret dbcn_read(const unsigned long *a)
{
	unsigned char *buf = (unsigned char *)a[1];
	unsigned long n;
	int c;

	if (!a[0])
		return (struct sbiret){ 0, 0 };
	if (!buffer_ok(a[0], a[1], a[2]))
		return (struct sbiret){ SBI_ERR_INVALID_PARAM, 0 };
	for (n = 0; n < a[0] && (c = sbi_getc()) >= 0; n++)
		buf[n] = c;
	return (struct sbiret){ 0, (long)n };
}

struct sbiret sbi_ecall_dbcn(unsigned long fid, const unsigned long *a)
{
	char c;

	if (!sbi_console_ready())	/* no console in the DT: not available */
		return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
	switch (fid) {
	case SBI_EXT_DBCN_CONSOLE_WRITE:
		return dbcn_write(a);
	case SBI_EXT_DBCN_CONSOLE_READ:
		return dbcn_read(a);
	case SBI_EXT_DBCN_CONSOLE_WRITE_BYTE:
		c = (char)a[0];	/* a uint8_t: bits 63..8 are not part of it */
		sbi_console_write(&c, 1);
		return (struct sbiret){ 0, 0 };
	default:
		return (struct sbiret){ SBI_ERR_NOT_SUPPORTED, 0 };
	}
}
