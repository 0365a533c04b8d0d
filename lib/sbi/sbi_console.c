// SPDX-License-Identifier: BSD-2-Clause
/* Console output with a minimal printf (%c %s %d %u %x %lx %p, width, 0). */
#include <stdarg.h>
#include <sbi/riscv_atomic.h>
#include <sbi/sbi_console.h>

static const struct sbi_console_device *console_dev;
static spinlock_t console_lock = SPIN_LOCK_INIT;

void sbi_console_set_device(const struct sbi_console_device *dev)
{
	console_dev = dev;
}

bool sbi_console_ready(void)
{
	return console_dev != NULL;
}

static void put_raw(char c)
{
	if (!console_dev)
		return;
	if (c == '\n')
		console_dev->putc('\r');
	console_dev->putc(c);
}

void sbi_putc(char c)
{
	spin_lock(&console_lock);
	put_raw(c);
	spin_unlock(&console_lock);
}

int sbi_getc(void)
{
	return console_dev && console_dev->getc ? console_dev->getc() : -1;
}

size_t sbi_console_write(const char *buf, size_t len)
{
	size_t i;

	if (!console_dev)
		return 0;
	spin_lock(&console_lock);
	for (i = 0; i < len; i++)
		console_dev->putc(buf[i]);
	spin_unlock(&console_lock);
	return len;
}

static void put_num(unsigned long v, unsigned int base, int width, char pad,
		    bool neg)
{
	char buf[24];
	int n = 0;

	do {
		buf[n++] = "0123456789abcdef"[v % base];
		v /= base;
	} while (v);
	if (neg)
		buf[n++] = '-';
	while (width-- > n)
		put_raw(pad);
	while (n--)
		put_raw(buf[n]);
}

static void vprint(const char *fmt, va_list ap)
{
	for (; *fmt; fmt++) {
		int width = 0, lng = 0;
		char pad = ' ';
		long sv;

		if (*fmt != '%') {
			put_raw(*fmt);
			continue;
		}
		if (!*++fmt)	/* a lone '%' ends the format */
			break;
		if (*fmt == '0')
			pad = '0';
		while (*fmt >= '0' && *fmt <= '9')
			width = width * 10 + (*fmt++ - '0');
		while (*fmt == 'l')
			lng++, fmt++;
		switch (*fmt) {
		case 'c':
			put_raw((char)va_arg(ap, int));
			break;
		case 's': {
			const char *s = va_arg(ap, const char *);
			int len = 0;

			for (const char *p = s ? s : "(null)"; *p; p++, len++)
				;
			while (width-- > len)
				put_raw(' ');
			for (s = s ? s : "(null)"; *s; s++)
				put_raw(*s);
			break;
		}
		case 'd':
			sv = lng ? va_arg(ap, long) : va_arg(ap, int);
			put_num(sv < 0 ? -(unsigned long)sv : (unsigned long)sv,
				10, width, pad, sv < 0);
			break;
		case 'u':
			put_num(lng ? va_arg(ap, unsigned long)
				    : va_arg(ap, unsigned int),
				10, width, pad, false);
			break;
		case 'x':
			put_num(lng ? va_arg(ap, unsigned long)
				    : va_arg(ap, unsigned int),
				16, width, pad, false);
			break;
		case 'p':
			put_raw('0');
			put_raw('x');
			put_num((unsigned long)va_arg(ap, void *), 16, 16, '0',
				false);
			break;
		case '%':
			put_raw('%');
			break;
		default:
			put_raw('%');
			put_raw(*fmt);
			break;
		}
	}
}

int sbi_printf(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	spin_lock(&console_lock);
	vprint(fmt, ap);
	spin_unlock(&console_lock);
	va_end(ap);
	return 0;
}
