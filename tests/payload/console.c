/* SPDX-License-Identifier: BSD-2-Clause */
/* Console: SBI DBCN console_write, legacy putchar as the fallback. */
#include <payload.h>

static int use_dbcn;
static spinlock_t console_lock = SPINLOCK_INIT;

void console_init(void)
{
	struct sbiret ret = sbi_probe_extension(SBI_EXT_DBCN);

	use_dbcn = !ret.error && ret.value;
}

static void legacy_write(const char *s, size_t len)
{
	while (len--)
		sbi_legacy_ecall(SBI_EXT_0_1_CONSOLE_PUTCHAR,
				 (unsigned char)*s++, 0, 0, 0);
}

/* The payload runs with satp = 0, so a pointer is a physical address. */
static int dbcn_write(const char *s, size_t len)
{
	struct sbiret ret;
	int stalls = 0;

	while (len) {
		ret = sbi_debug_console_write(len, (unsigned long)s, 0);
		if (ret.error || (unsigned long)ret.value > len)
			return -1;
		if (!ret.value && ++stalls > 1000000)
			return -1;
		s += ret.value;
		len -= ret.value;
	}
	return 0;
}

void console_write(const char *s, size_t len)
{
	if (use_dbcn && !dbcn_write(s, len))
		return;
	legacy_write(s, len);
}

int vprintf(const char *fmt, va_list ap)
{
	char buf[CONSOLE_LINE_MAX];
	int n = vsnprintf(buf, sizeof(buf), fmt, ap);
	size_t len = strlen(buf);

	unsigned long flags = csr_read(CSR_SSTATUS) & SSTATUS_SIE;

	/* An interrupt handler that prints must not spin on our own lock. */
	local_irq_disable();
	spin_lock(&console_lock);
	console_write(buf, len);
	spin_unlock(&console_lock);
	csr_set(CSR_SSTATUS, flags);
	return n;
}

int printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintf(fmt, ap);
	va_end(ap);
	return n;
}

int puts(const char *s)
{
	return printf("%s\n", s);
}
