/* SPDX-License-Identifier: BSD-2-Clause */
/* Firmware console: one output device, a lock, and a small printf. */
#ifndef SBI_CONSOLE_H
#define SBI_CONSOLE_H

#include <stdbool.h>
#include <stddef.h>

struct sbi_console_device {
	const char *name;
	void (*putc)(char c);
	int (*getc)(void);	/* -1 when no byte is waiting */
};

void sbi_console_set_device(const struct sbi_console_device *dev);
bool sbi_console_ready(void);
void sbi_putc(char c);
int sbi_getc(void);
/* Write @len bytes under the console lock; returns bytes written. */
size_t sbi_console_write(const char *buf, size_t len);
int sbi_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif /* SBI_CONSOLE_H */
