// SPDX-License-Identifier: BSD-2-Clause
/*
 * ACLINT MTIMER (CLINT mtime/mtimecmp), 64-bit accesses on RV64, two
 * 32-bit ones on RV32. mtime is shared (the first device's); each hart's
 * mtimecmp is found like its msip (fdt_hart_context(), interrupt 7) and
 * kept in its scratch.
 */
#include <libfdt.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_timer.h>
#include <utils/fdt/fdt_driver.h>
#include <utils/fdt/fdt_helper.h>

#define MTIMER_MAX_DEVS	16
#define IRQ_M_TIMER	7
#define CLINT_MTIMECMP	0x4000
#define CLINT_MTIME	0xbff8
#define MTIMER_MTIME	0x7ff8	/* one region: mtimecmp[] then mtime */

static struct fdt_hart_regs mtimer_devs[MTIMER_MAX_DEVS];	/* base: mtimecmp[0] */
static unsigned int mtimer_count;
static unsigned long mtime_addr;

static uint64_t aclint_mtime_read(void)
{
#if __riscv_xlen == 32
	volatile uint32_t *t = (volatile uint32_t *)mtime_addr;
	uint32_t hi, lo;

	do {
		hi = t[1];
		lo = t[0];
	} while (hi != t[1]);
	return ((uint64_t)hi << 32) | lo;
#else
	return *(volatile uint64_t *)mtime_addr;
#endif
}

static void aclint_mtimecmp_write(struct sbi_scratch *s, uint64_t value)
{
#if __riscv_xlen == 32
	volatile uint32_t *c = (volatile uint32_t *)s->mtimecmp;

	c[1] = ~0U;	/* no match while half written */
	c[0] = (uint32_t)value;
	c[1] = (uint32_t)(value >> 32);
#else
	*s->mtimecmp = value;
#endif
}

static const struct sbi_timer_device aclint_mtimer_dev = {
	.name = "aclint-mtimer",
	.value = aclint_mtime_read,
	.set = aclint_mtimecmp_write,
};

/*
 * Where mtimecmp[0] and mtime are: a CLINT has both at fixed offsets; an
 * ACLINT MTIMER with two regions has mtime in the 8-byte one (else the
 * second), with one region mtime ends it.
 */
static int mtimer_regs(const void *fdt, int node, unsigned long *cmp,
		       unsigned long *mtime)
{
	unsigned long a, s, a2, s2;
	int err = fdt_get_reg(fdt, node, 0, &a, &s);

	if (err)
		return err;
	if (fdt_node_check_compatible(fdt, node, "riscv,aclint-mtimer")) {
		*cmp = a + CLINT_MTIMECMP;
		*mtime = a + CLINT_MTIME;
	} else if (!fdt_get_reg(fdt, node, 1, &a2, &s2)) {
		bool first = s == 8 && s2 != 8;

		*cmp = first ? a2 : a;
		*mtime = first ? a : a2;
	} else {
		*cmp = a;
		*mtime = a + MTIMER_MTIME;
	}
	return 0;
}

static int aclint_mtimer_probe(const void *fdt, int node)
{
	unsigned long cmp, mtime, a, s;
	int i, err = mtimer_regs(fdt, node, &cmp, &mtime);

	if (err)
		return err;
	if (mtimer_count == MTIMER_MAX_DEVS)
		return -FDT_ERR_NOSPACE;
	/* PMP keeps mtimecmp from S-mode (and mtime: time is read-only) */
	for (i = 0; !fdt_get_reg(fdt, node, i, &a, &s); i++)
		sbi_platform_mmode_region(a, s);
	mtimer_devs[mtimer_count].node = node;
	mtimer_devs[mtimer_count++].base = cmp;
	if (!mtime_addr)
		mtime_addr = mtime;
	sbi_timer_set_device(&aclint_mtimer_dev);
	return 0;
}

static bool aclint_mtimer_hart_init(const void *fdt, int cpu,
				    struct sbi_scratch *s)
{
	unsigned long cmp;

	if (!fdt_hart_reg(fdt, mtimer_devs, mtimer_count, cpu, IRQ_M_TIMER,
			  8, &cmp))
		return false;
	if (s)
		s->mtimecmp = (volatile uint64_t *)cmp;
	return true;
}

static const char *const aclint_mtimer_compat[] = {
	"riscv,clint0", "sifive,clint0", "riscv,aclint-mtimer", NULL
};

const struct fdt_driver fdt_timer_aclint_mtimer = {
	.name = "aclint-mtimer",
	.compatible = aclint_mtimer_compat,
	.probe = aclint_mtimer_probe,
	.hart_init = aclint_mtimer_hart_init,
};
