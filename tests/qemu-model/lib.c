// SPDX-License-Identifier: BSD-2-Clause
/* Output, checks and counter access shared by the QEMU model tests. */
#include "lib.h"

#define UART	((volatile uint8_t *)0x10000000UL)
#define TEST_DEV ((volatile uint32_t *)0x100000UL)

static unsigned long passed, failed;
volatile unsigned long trap_count, trap_cause, trap_epc, trap_tval;
void (*lcofi_hook)(struct trap_regs *r);
extern char lower_exit[], lower_return[];

void puts_(const char *s)
{
	for (; *s; s++) {
		while (!(UART[5] & 0x20))
			;
		UART[0] = *s;
	}
}

void put_hex(unsigned long v)
{
	char b[19] = "0x";
	int i;

	for (i = 0; i < 16; i++)
		b[2 + i] = "0123456789abcdef"[(v >> (60 - 4 * i)) & 15];
	b[18] = 0;
	puts_(b);
}

void put_dec(unsigned long v)
{
	char b[24];
	int i = 23;

	b[i] = 0;
	do {
		b[--i] = '0' + v % 10;
		v /= 10;
	} while (v);
	puts_(&b[i]);
}

void check(int ok, const char *name)
{
	puts_(ok ? "ok   " : "FAIL ");
	puts_(name);
	puts_("\n");
	if (ok)
		passed++;
	else
		failed++;
}

void check_eq(unsigned long got, unsigned long want, const char *name)
{
	check(got == want, name);
	if (got != want) {
		puts_("     got ");
		put_hex(got);
		puts_(" want ");
		put_hex(want);
		puts_("\n");
	}
}

void test_exit(void)
{
	put_dec(passed);
	puts_(" passed, ");
	put_dec(failed);
	puts_(" failed\n");
	*TEST_DEV = failed ? ((1u << 16) | 0x3333) : 0x5555;
	for (;;)
		;
}

/* The default trap handler: record and skip the instruction, or return
 * from an interrupt after masking it (the test decides what's next). */
void __attribute__((weak)) trap_handler(struct trap_regs *r)
{
	unsigned long cause = csr_read(mcause);
	unsigned long epc = csr_read(mepc);

	/* ecall from a lower mode at lower_exit: back to run_lower in M */
	if ((cause == 8 || cause == 9 || cause == 10) &&
	    epc == (unsigned long)lower_exit) {
		r->x[11] = r->x[10];	/* fn's a0 -> a1 for lower_return */
		csr_clear(mstatus, (1UL << 39) | (3UL << 11));
		csr_set(mstatus, 3UL << 11);
		csr_write(mepc, (unsigned long)lower_return);
		return;
	}
	if (cause == CAUSE_LCOFI && lcofi_hook) {
		lcofi_hook(r);
		return;
	}
	trap_count++;
	trap_cause = cause;
	trap_epc = epc;
	trap_tval = csr_read(mtval);
	if ((long)cause < 0) {
		csr_clear(mie, 1UL << (cause & 63));
		return;
	}
	csr_write(mepc, epc + (((*(uint16_t *)epc) & 3) == 3 ? 4 : 2));
}

#define CASE_RD(n) case n: return csr_read(0xb00 + n);
#define CASE_WR(n) case n: csr_write(0xb00 + n, v); break;
#define CASE_EV(n) case n: csr_write(0x320 + n, v); break;
#define CASE_ER(n) case n: return csr_read(0x320 + n);
#define ALL(X) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) \
	X(14) X(15) X(16) X(17) X(18)

unsigned long hpm_read(int idx)
{
	switch (idx) { ALL(CASE_RD) }
	return 0;
}

void hpm_write(int idx, unsigned long v)
{
	switch (idx) { ALL(CASE_WR) }
}

void hpm_event(int idx, unsigned long v)
{
	switch (idx) { ALL(CASE_EV) }
}

unsigned long hpm_event_read(int idx)
{
	switch (idx) { ALL(CASE_ER) }
	return 0;
}

unsigned long trap_in(unsigned long (*fn)(unsigned long), unsigned long arg,
		      int mode)
{
	trap_count = 0;
	trap_cause = 0;
	run_lower(fn, arg, mode);
	return trap_count ? trap_cause : 0;
}
