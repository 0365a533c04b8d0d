/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The S-mode payload library: include this one header.
 *
 * A payload provides `int payload_main(void)`, which runs on the boot hart
 * after the library has set up stacks, the trap vector, the console and
 * the platform description below. When it returns, test_finish() prints
 * the closing line and shuts down. See tests/payload/README.md.
 */
#ifndef PAYLOAD_H
#define PAYLOAD_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <payload/config.h>
#include <payload/csr.h>
#include <payload/sbi.h>
#include <payload/console.h>
#include <payload/trap.h>
#include <payload/smp.h>
#include <payload/sse.h>
#include <payload/suspend.h>
#include <payload/fdt.h>
#include <payload/test.h>

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define XLEN			__riscv_xlen
/* Bit n of an XLEN register: 0 for n >= XLEN (an RV32 register has no bit 63) */
#define BIT(n)			((n) < XLEN ? 1UL << ((n) & (XLEN - 1)) : 0UL)

/* Bit helpers (no libgcc): index of the lowest / highest set bit, -1 if none. */
static inline int bit_lowest(unsigned long x)
{
	int n = 0;

	if (!x)
		return -1;
	while (!(x & 1)) {
		x >>= 1;
		n++;
	}
	return n;
}

static inline int bit_highest(unsigned long x)
{
	int n = -1;

	while (x) {
		x >>= 1;
		n++;
	}
	return n;
}

static inline int bit_count(unsigned long x)
{
	int n = 0;

	for (; x; x &= x - 1)
		n++;
	return n;
}

/* What the payload learnt at boot (from a0/a1 and the device tree). */
struct payload_platform {
	unsigned long boot_hartid;
	const void *fdt;		/* a1 at entry */
	int fdt_ok;			/* a1 pointed to a valid FDT */
	unsigned long hart_mask;	/* hartids of the cpu nodes */
	unsigned int nr_harts;
	unsigned long timebase_hz;	/* default 10 MHz without a DT */
	unsigned long mem_base;		/* first memory node */
	unsigned long mem_size;
	unsigned long uart_base;	/* ns16550 node, 0 if none */
	unsigned long clint_base;	/* CLINT / ACLINT MSWI, 0 if none */
	char isa[64];			/* riscv,isa of the boot hart's node */
	char bootargs[256];		/* /chosen/bootargs ("" if none) */
};

extern struct payload_platform platform;

/* Payload's body (boot hart). Its result is ignored; failures count. */
int payload_main(void);

/* Non-zero if bootargs contain the word @word (e.g. "skip-dbcn"). */
int payload_has_arg(const char *word);
/* Non-zero if the boot hart's riscv,isa lists single-letter extension @c. */
int payload_isa_has(char c);
/*
 * Non-zero if the boot hart's node lists extension @ext (lower case) in
 * riscv,isa-extensions (or, without that property, in riscv,isa).
 */
int payload_isa_ext(const char *ext);
/* Value of "key=value" in the bootargs (decimal or 0x hex), else @def. */
unsigned long payload_arg_ulong(const char *key, unsigned long def);
/* The u32 property @name of /chosen (a firmware knob), else @def. */
uint32_t payload_chosen_u32(const char *name, uint32_t def);
/* The PMU's compatibility rules are on (/chosen tally,pmu-compat, docs/pmu.md) */
static inline int payload_pmu_compat(void)
{
	return payload_chosen_u32("tally,pmu-compat", 1) != 0;
}

/* The `time` CSR and delays in microseconds of it. */
static inline unsigned long time_now(void)
{
	return csr_read(CSR_TIME);
}

unsigned long usec_to_ticks(unsigned long us);
void udelay(unsigned long us);

/*
 * Spin until *@p (an int) equals @value or @timeout_us passes; returns
 * non-zero on success.
 */
int wait_for_int(const int *p, int value, unsigned long timeout_us);

/* Freestanding string helpers. */
void *memset(void *s, int c, size_t n);
void *memcpy(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);

#endif /* PAYLOAD_H */
