// SPDX-License-Identifier: BSD-2-Clause
/* Matching DT nodes against a device class's driver table. */
#include <libfdt.h>
#include <sbi/sbi_string.h>
#include <utils/fdt/fdt_driver.h>
#include <utils/fdt/fdt_helper.h>

bool fdt_compatible_any(const void *fdt, int node, const char *const *list)
{
	for (; *list; list++)
		if (!fdt_node_check_compatible(fdt, node, *list))
			return true;
	return false;
}

const struct fdt_driver *fdt_driver_match(const void *fdt, int node,
					  const struct fdt_driver *const *table)
{
	for (; *table; table++)
		if (fdt_compatible_any(fdt, node, (*table)->compatible))
			return *table;
	return NULL;
}

int fdt_driver_probe_all(const void *fdt,
			 const struct fdt_driver *const *table)
{
	const struct fdt_driver *drv;
	int node, n = 0;

	for (node = fdt_next_node(fdt, -1, NULL); node >= 0;
	     node = fdt_next_node(fdt, node, NULL)) {
		if (!fdt_node_enabled(fdt, node))
			continue;
		drv = fdt_driver_match(fdt, node, table);
		if (drv && !drv->probe(fdt, node))
			n++;
	}
	return n;
}

bool fdt_driver_hart_init(const void *fdt, int cpu, struct sbi_scratch *s,
			  const struct fdt_driver *const *table)
{
	bool served = false;

	for (; *table; table++)
		if ((*table)->hart_init && (*table)->hart_init(fdt, cpu, s))
			served = true;
	return served;
}

/* Phandle of the riscv,cpu-intc under @cpu, or 0. */
static uint32_t cpu_intc(const void *fdt, int cpu)
{
	int n;

	fdt_for_each_subnode(n, fdt, cpu)
		if (!fdt_node_check_compatible(fdt, n, "riscv,cpu-intc"))
			return fdt_get_phandle(fdt, n);
	return 0;
}

/* Entries are (phandle, irq) pairs: a riscv,cpu-intc has one cell. */
int fdt_hart_context(const void *fdt, int dev, int cpu, unsigned int irq)
{
	uint32_t ph = cpu_intc(fdt, cpu);
	const fdt32_t *p;
	int len, i, k = 0;

	if (!ph)
		return -1;
	p = fdt_getprop(fdt, dev, "interrupts-extended", &len);
	for (i = 0; p && i + 1 < len / 4; i += 2) {
		if (fdt32_to_cpu(p[i + 1]) != irq)
			continue;
		if (fdt32_to_cpu(p[i]) == ph)
			return k;
		k++;
	}
	return -1;
}

bool fdt_hart_reg(const void *fdt, const struct fdt_hart_regs *devs,
		  unsigned int n, int cpu, unsigned int irq,
		  unsigned long stride, unsigned long *reg)
{
	unsigned int d;

	for (d = 0; d < n; d++) {
		int k = fdt_hart_context(fdt, devs[d].node, cpu, irq);

		if (k < 0)
			continue;
		if (reg)
			*reg = devs[d].base + stride * k;
		return true;
	}
	return false;
}
