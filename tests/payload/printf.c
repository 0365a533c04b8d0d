/* SPDX-License-Identifier: BSD-2-Clause */
/* A small vsnprintf: %d %i %u %x %X %p %s %c %%, '-', '0', width, l/ll/z. */
#include <payload.h>

struct out {
	char *buf;
	size_t size;
	size_t len;		/* bytes that would have been written */
};

static void out_char(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void out_pad(struct out *o, char c, int n)
{
	while (n-- > 0)
		out_char(o, c);
}

struct spec {
	int left;
	int zero;
	int width;
};

static void out_str(struct out *o, const char *s, size_t n,
		    const struct spec *sp)
{
	int pad = sp->width - (int)n;

	if (!sp->left)
		out_pad(o, ' ', pad);
	while (n--)
		out_char(o, *s++);
	if (sp->left)
		out_pad(o, ' ', pad);
}

/*
 * *v /= base, returning the remainder. RV32 has no 64-bit division without
 * libgcc: divide 32, then 16, then 16 bits at a time (base <= 16).
 */
static unsigned int div_base(uint64_t *v, unsigned int base)
{
#if __riscv_xlen == 32
	uint32_t hi = (uint32_t)(*v >> 32), lo = (uint32_t)*v;
	uint32_t qhi = hi / base, r = hi % base, mid, qmid, low, qlow;

	mid = (r << 16) | (lo >> 16);
	qmid = mid / base;
	r = mid % base;
	low = (r << 16) | (lo & 0xffff);
	qlow = low / base;
	*v = ((uint64_t)qhi << 32) | (qmid << 16) | qlow;
	return low % base;
#else
	unsigned int r = *v % base;

	*v /= base;
	return r;
#endif
}

static void out_num(struct out *o, uint64_t v, int neg, unsigned int base,
		    int upper, const struct spec *sp)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	int n = 0, pad;

	do {
		tmp[n++] = digits[div_base(&v, base)];
	} while (v);
	pad = sp->width - n - neg;
	if (!sp->left && !sp->zero)
		out_pad(o, ' ', pad);
	if (neg)
		out_char(o, '-');
	if (!sp->left && sp->zero)
		out_pad(o, '0', pad);
	while (n)
		out_char(o, tmp[--n]);
	if (sp->left)
		out_pad(o, ' ', pad);
}

static const char *parse_spec(const char *f, struct spec *sp, int *lng)
{
	sp->left = sp->zero = sp->width = 0;
	for (;; f++) {
		if (*f == '-')
			sp->left = 1;
		else if (*f == '0')
			sp->zero = 1;
		else
			break;
	}
	while (*f >= '0' && *f <= '9')
		sp->width = sp->width * 10 + (*f++ - '0');
	*lng = 0;	/* 1: l or z (XLEN), 2: ll (64 bits, also on RV32) */
	while (*f == 'l' || *f == 'z') {
		*lng = *f == 'l' && *lng == 1 ? 2 : 1;
		f++;
	}
	return f;
}

static void convert(struct out *o, char c, int lng, const struct spec *sp,
		    va_list *ap)
{
	uint64_t u;
	int64_t s;
	const char *str;
	char ch;

	switch (c) {
	case 'd':
	case 'i':
		s = lng == 2 ? va_arg(*ap, long long) :
		    lng ? va_arg(*ap, long) : va_arg(*ap, int);
		u = s < 0 ? -(uint64_t)s : (uint64_t)s;
		out_num(o, u, s < 0, 10, 0, sp);
		break;
	case 'u':
	case 'x':
	case 'X':
		u = lng == 2 ? va_arg(*ap, unsigned long long) :
		    lng ? va_arg(*ap, unsigned long) : va_arg(*ap, unsigned int);
		out_num(o, u, 0, c == 'u' ? 10 : 16, c == 'X', sp);
		break;
	case 'p':
		u = (unsigned long)va_arg(*ap, void *);
		out_char(o, '0');
		out_char(o, 'x');
		out_num(o, u, 0, 16, 0, sp);
		break;
	case 's':
		str = va_arg(*ap, const char *);
		if (!str)
			str = "(null)";
		out_str(o, str, strlen(str), sp);
		break;
	case 'c':
		ch = (char)va_arg(*ap, int);
		out_str(o, &ch, 1, sp);
		break;
	default:
		out_char(o, '%');
		out_char(o, c);
		break;
	}
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { buf, size, 0 };
	struct spec sp;
	va_list aq;
	int lng;

	va_copy(aq, ap);
	while (*fmt) {
		if (*fmt != '%') {
			out_char(&o, *fmt++);
			continue;
		}
		fmt++;
		if (*fmt == '%') {
			out_char(&o, *fmt++);
			continue;
		}
		fmt = parse_spec(fmt, &sp, &lng);
		if (!*fmt)
			break;
		convert(&o, *fmt++, lng, &sp, &aq);
	}
	va_end(aq);
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return (int)o.len;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
