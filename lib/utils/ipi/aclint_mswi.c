// SPDX-License-Identifier: BSD-2-Clause
/*
 * ACLINT MSWI (CLINT msip): one 32-bit register per hart context. A
 * hart's context is its position among the device's interrupts-extended
 * entries for the machine software interrupt (fdt_hart_context()); its
 * register's address goes into the hart's scratch.
 */
#include <libfdt.h>
#include <sbi/sbi_ipi.h>
#include <sbi/sbi_platform.h>
#include <utils/fdt/fdt_driver.h>
#include <utils/fdt/fdt_helper.h>

#define MSWI_MAX_DEVS	16
#define IRQ_M_SOFT	3

static struct fdt_hart_regs mswi_devs[MSWI_MAX_DEVS];	/* base: msip[0] */
static unsigned int mswi_count;

static void aclint_mswi_send(struct sbi_scratch *s)
{
	if (!s->msip)
		return;
	__asm__ __volatile__("fence w, o" ::: "memory");
	*s->msip = 1;
}

static void aclint_mswi_clear(struct sbi_scratch *s)
{
	if (s->msip)
		*s->msip = 0;
}

static const struct sbi_ipi_device aclint_mswi_dev = {
	.name = "aclint-mswi",
	.send = aclint_mswi_send,
	.clear = aclint_mswi_clear,
};

/* A CLINT's msip[] starts its register block, as an ACLINT MSWI's does. */
static int aclint_mswi_probe(const void *fdt, int node)
{
	unsigned long base, size;
	int err = fdt_get_reg(fdt, node, 0, &base, &size);

	if (err)
		return err;
	if (mswi_count == MSWI_MAX_DEVS)
		return -FDT_ERR_NOSPACE;
	mswi_devs[mswi_count].node = node;
	mswi_devs[mswi_count++].base = base;
	if (!sbi_plat.mswi_base)
		sbi_plat.mswi_base = base;
	sbi_platform_mmode_region(base, size);	/* PMP keeps it from S-mode */
	sbi_ipi_set_device(&aclint_mswi_dev);
	return 0;
}

static bool aclint_mswi_hart_init(const void *fdt, int cpu,
				  struct sbi_scratch *s)
{
	unsigned long msip;

	if (!fdt_hart_reg(fdt, mswi_devs, mswi_count, cpu, IRQ_M_SOFT, 4,
			  &msip))
		return false;
	if (s)
		s->msip = (volatile uint32_t *)msip;
	return true;
}

static const char *const aclint_mswi_compat[] = {
	"riscv,clint0", "sifive,clint0", "riscv,aclint-mswi", NULL
};

const struct fdt_driver fdt_ipi_aclint_mswi = {
	.name = "aclint-mswi",
	.compatible = aclint_mswi_compat,
	.probe = aclint_mswi_probe,
	.hart_init = aclint_mswi_hart_init,
};
