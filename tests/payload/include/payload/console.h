/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Console output through SBI DBCN console_write (legacy putchar when DBCN
 * is absent or refuses). printf() builds the whole message first and writes
 * it under a lock, so lines from different harts never interleave.
 */
#ifndef PAYLOAD_CONSOLE_H
#define PAYLOAD_CONSOLE_H

#include <stdarg.h>
#include <stddef.h>

#include <payload/compiler.h>

/* Probe DBCN; before this, output uses the legacy putchar. */
void console_init(void);
/* Write @len bytes (not locked; use printf for whole lines). */
void console_write(const char *s, size_t len);

/*
 * Formats: %d %i %u %x %X %p %s %c %%, flags '-' and '0', a width, and
 * the length modifiers l, ll and z.
 */
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int snprintf(char *buf, size_t size, const char *fmt, ...)
	__printf(3, 4);
int printf(const char *fmt, ...) __printf(1, 2);
int vprintf(const char *fmt, va_list ap);
int puts(const char *s);

/* Longest message printf emits in one piece (longer ones are cut). */
#define CONSOLE_LINE_MAX	256

#endif /* PAYLOAD_CONSOLE_H */
