// SPDX-License-Identifier: BSD-2-Clause
/* Fill struct sbi_platform from the device tree the firmware was given. */
#include <libfdt.h>
#include <sbi/sbi_fdt.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_string.h>

static void parse_model(const void *fdt)
{
	const char *m = fdt_getprop(fdt, 0, "model", NULL);

	if (!m)
		m = "unknown";
	size_t n = strnlen(m, sizeof(sbi_plat.model) - 1);

	memcpy(sbi_plat.model, m, n);
	sbi_plat.model[n] = 0;
}

static void parse_memory(const void *fdt)
{
	int node;

	fdt_for_each_subnode(node, fdt, 0) {
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);
		unsigned long base, size;
		int i;

		if (!type || strcmp(type, "memory") || !fdt_node_enabled(fdt, node))
			continue;
		for (i = 0; !fdt_get_reg(fdt, node, i, &base, &size); i++) {
			struct sbi_mem_region *r;

			if (sbi_plat.mem_count == SBI_MAX_MEM_REGIONS || !size)
				break;
			r = &sbi_plat.mem[sbi_plat.mem_count++];
			r->base = base;
			r->size = size;
		}
	}
}

static int parse_harts(const void *fdt, unsigned long boot_hartid)
{
	int cpus = fdt_path_offset(fdt, "/cpus");
	unsigned long isa = ~0UL;
	int node;

	if (cpus < 0)
		return cpus;
	sbi_plat.timebase_freq = fdt_get_u32(fdt, cpus, "timebase-frequency",
					     10000000);
	fdt_for_each_subnode(node, fdt, cpus) {
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);
		unsigned long hartid;

		if (!type || strcmp(type, "cpu") || !fdt_node_enabled(fdt, node))
			continue;
		if (fdt_get_reg(fdt, node, 0, &hartid, NULL))
			continue;
		if (hartid >= FW_MAX_HARTS) {
			sbi_plat.hart_ignored++;
			continue;
		}
		sbi_plat.hart_mask |= 1UL << hartid;
		sbi_plat.hart_count++;
		isa &= sbi_isa_from_fdt(fdt, node);
	}
	if (!sbi_hart_valid(boot_hartid))
		return -FDT_ERR_NOTFOUND;
	sbi_plat.isa_dt.ext = isa;
	sbi_plat.isa.ext = isa;
	return 0;
}

static void parse_aclint(const void *fdt)
{
	unsigned long a, s, a2, s2;
	int node;

	node = fdt_node_offset_by_compatible(fdt, -1, "riscv,clint0");
	if (node < 0)
		node = fdt_node_offset_by_compatible(fdt, -1, "sifive,clint0");
	if (node >= 0 && !fdt_get_reg(fdt, node, 0, &a, &s)) {
		sbi_plat.mswi_base = a;
		sbi_plat.mtimer_cmp_base = a + 0x4000;
		sbi_plat.mtime_addr = a + 0xbff8;
		return;
	}
	node = fdt_node_offset_by_compatible(fdt, -1, "riscv,aclint-mswi");
	if (node >= 0 && !fdt_get_reg(fdt, node, 0, &a, &s))
		sbi_plat.mswi_base = a;
	node = fdt_node_offset_by_compatible(fdt, -1, "riscv,aclint-mtimer");
	if (node < 0 || fdt_get_reg(fdt, node, 0, &a, &s))
		return;
	if (!fdt_get_reg(fdt, node, 1, &a2, &s2)) {
		/* two regions: the 8-byte one is mtime */
		sbi_plat.mtime_addr = s == 8 ? a : a2;
		sbi_plat.mtimer_cmp_base = s == 8 ? a2 : a;
	} else {
		sbi_plat.mtimer_cmp_base = a;
		sbi_plat.mtime_addr = a + 0x7ff8;
	}
}

static void parse_uart(const void *fdt)
{
	int node = fdt_stdout_node(fdt);
	unsigned long base;

	if (node < 0)
		node = fdt_node_offset_by_compatible(fdt, -1, "ns16550a");
	if (node < 0 || fdt_get_reg(fdt, node, 0, &base, NULL))
		return;
	sbi_plat.uart_base = base;
	sbi_plat.uart_shift = fdt_get_u32(fdt, node, "reg-shift", 0);
	sbi_plat.uart_width = fdt_get_u32(fdt, node, "reg-io-width", 1);
}

static void parse_syscon(const void *fdt, const char *compat,
			 unsigned long *addr, uint32_t *value)
{
	int node = fdt_node_offset_by_compatible(fdt, -1, compat);
	int map;
	unsigned long base;

	if (node < 0)
		return;
	map = fdt_node_offset_by_phandle(fdt,
					 fdt_get_u32(fdt, node, "regmap", 0));
	if (map < 0 || fdt_get_reg(fdt, map, 0, &base, NULL))
		return;
	*addr = base + fdt_get_u32(fdt, node, "offset", 0);
	*value = fdt_get_u32(fdt, node, "value", 0);
	if (!fdt_node_check_compatible(fdt, map, "sifive,test0"))
		sbi_plat.reset_sifive_test = true;
}

int sbi_platform_from_fdt(void *fdt, unsigned long boot_hartid)
{
	int err = fdt_check_header(fdt);

	if (err)
		return err;
	parse_model(fdt);
	parse_memory(fdt);
	err = parse_harts(fdt, boot_hartid);
	if (err)
		return err;
	parse_aclint(fdt);
	parse_uart(fdt);
	parse_syscon(fdt, "syscon-poweroff", &sbi_plat.poweroff_addr,
		     &sbi_plat.poweroff_value);
	parse_syscon(fdt, "syscon-reboot", &sbi_plat.reboot_addr,
		     &sbi_plat.reboot_value);
	return 0;
}

int fdt_disable_unusable_harts(void *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus");
	int node, err;

	if (cpus < 0)
		return cpus;
	fdt_for_each_subnode(node, fdt, cpus) {
		unsigned long hartid;

		if (fdt_get_reg(fdt, node, 0, &hartid, NULL) ||
		    hartid < FW_MAX_HARTS || !fdt_node_enabled(fdt, node))
			continue;
		err = fdt_setprop_string(fdt, node, "status", "disabled");
		if (err)
			return err;
	}
	return 0;
}
