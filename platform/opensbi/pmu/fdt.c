// SPDX-License-Identifier: BSD-2-Clause
/*
 * What the binding reads from the device tree OpenSBI booted with: the RAM
 * ranges (/memory nodes, read once on the boot hart; OpenSBI's root domain
 * lets S-mode at nearly every address, MMIO included, and the PMU's shared
 * memory must also be RAM), and the properties the core's policy asks
 * for (pmu_host_dt_prop()).
 */
#include <libfdt.h>
#include <sbi_utils/fdt/fdt_helper.h>
#include "tally_pmu.h"

#define RAM_MAX 8

struct ram_range {
	unsigned long base;
	unsigned long size;
};

static struct ram_range ram[RAM_MAX];
static unsigned int ram_count;

static unsigned long read_cells(const fdt32_t *p, int cells)
{
	unsigned long v = 0;

	while (cells-- > 0)
		v = (v << 32) | fdt32_to_cpu(*p++);
	return v;
}

static void add_node(const void *fdt, int node, int ac, int sc)
{
	const fdt32_t *reg;
	int len, row = ac + sc;

	reg = fdt_getprop(fdt, node, "reg", &len);
	if (!reg || row <= 0 || row > 4)
		return;
	for (len /= sizeof(*reg); len >= row && ram_count < RAM_MAX;
	     len -= row, reg += row) {
		ram[ram_count].base = read_cells(reg, ac);
		ram[ram_count].size = read_cells(reg + ac, sc);
		if (ram[ram_count].size)
			ram_count++;
	}
}

void tally_pmu_ram_init(void)
{
	const void *fdt = fdt_get_address();
	int node = -1, ac, sc;

	if (!fdt)
		return;
	ac = fdt_address_cells(fdt, 0);
	sc = fdt_size_cells(fdt, 0);
	while ((node = fdt_node_offset_by_prop_value(fdt, node, "device_type",
						     "memory",
						     sizeof("memory"))) >= 0)
		add_node(fdt, node, ac, sc);
}

/* Without /memory nodes the domain check alone decides. */
bool tally_pmu_ram_contains(unsigned long addr, unsigned long size)
{
	unsigned int i;

	if (!ram_count)
		return true;
	for (i = 0; i < ram_count; i++)
		if (addr >= ram[i].base && addr - ram[i].base < ram[i].size &&
		    size <= ram[i].size - (addr - ram[i].base))
			return true;
	return false;
}

/* The core's DT access: /chosen and the riscv,pmu node of OpenSBI's DT */
const void *pmu_host_dt_prop(const void *dt, enum pmu_dt_node which,
			     const char *name, unsigned long *len)
{
	int node, n = 0;
	const void *p = NULL;

	if (dt) {
		node = which == PMU_DT_CHOSEN ?
		       fdt_path_offset(dt, "/chosen") :
		       fdt_node_offset_by_compatible(dt, -1, "riscv,pmu");
		p = node < 0 ? NULL : fdt_getprop(dt, node, name, &n);
	}
	*len = p ? (unsigned long)n : 0;
	return p;
}
