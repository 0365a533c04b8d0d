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

/*
 * ACLINT / CLINT devices. A hart's context in a device is the position of
 * its interrupt controller among the device's interrupts-extended entries
 * of the device's kind (3: MSWI, 7: MTIMER): the k-th names msip[k] or
 * mtimecmp[k]. Entries are (phandle, irq) pairs (cpu-intc has one cell).
 */
#define ACLINT_MAX_DEVS		16
#define IRQ_M_SOFT		3
#define IRQ_M_TIMER		7

struct aclint_dev {
	int node;
	unsigned int irq;	/* IRQ_M_SOFT or IRQ_M_TIMER */
	unsigned long base;	/* msip[0] or mtimecmp[0] */
	unsigned int stride;
};

static struct aclint_dev aclint_devs[ACLINT_MAX_DEVS];
static unsigned int aclint_count;

static void add_aclint(int node, unsigned int irq, unsigned long base,
		       unsigned int stride)
{
	if (aclint_count == ACLINT_MAX_DEVS)
		return;
	aclint_devs[aclint_count++] = (struct aclint_dev){ node, irq, base,
							   stride };
	if (irq == IRQ_M_SOFT && !sbi_plat.mswi_base)
		sbi_plat.mswi_base = base;
}

static bool compatible(const void *fdt, int node, const char *const *list)
{
	for (; *list; list++)
		if (!fdt_node_check_compatible(fdt, node, *list))
			return true;
	return false;
}

static void parse_mtimer(const void *fdt, int node)
{
	unsigned long a, s, a2, s2;

	if (fdt_get_reg(fdt, node, 0, &a, &s))
		return;
	if (!fdt_get_reg(fdt, node, 1, &a2, &s2)) {
		/* two regions: mtime is the 8-byte one, else the second */
		bool first = s == 8 && s2 != 8;

		if (!sbi_plat.mtime_addr)
			sbi_plat.mtime_addr = first ? a : a2;
		add_aclint(node, IRQ_M_TIMER, first ? a2 : a, 8);
		return;
	}
	if (!sbi_plat.mtime_addr)
		sbi_plat.mtime_addr = a + 0x7ff8;
	add_aclint(node, IRQ_M_TIMER, a, 8);
}

static void parse_aclint(const void *fdt)
{
	static const char *const clint[] = { "riscv,clint0", "sifive,clint0",
					     NULL };
	static const char *const mswi[] = { "riscv,aclint-mswi", NULL };
	static const char *const mtimer[] = { "riscv,aclint-mtimer", NULL };
	unsigned long a, s;
	int node;

	for (node = fdt_next_node(fdt, -1, NULL); node >= 0;
	     node = fdt_next_node(fdt, node, NULL)) {
		if (!fdt_node_enabled(fdt, node))
			continue;
		if (compatible(fdt, node, clint) &&
		    !fdt_get_reg(fdt, node, 0, &a, &s)) {
			add_aclint(node, IRQ_M_SOFT, a, 4);
			add_aclint(node, IRQ_M_TIMER, a + 0x4000, 8);
			if (!sbi_plat.mtime_addr)
				sbi_plat.mtime_addr = a + 0xbff8;
		} else if (compatible(fdt, node, mswi) &&
			   !fdt_get_reg(fdt, node, 0, &a, &s)) {
			add_aclint(node, IRQ_M_SOFT, a, 4);
		} else if (compatible(fdt, node, mtimer)) {
			parse_mtimer(fdt, node);
		}
	}
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

/* Address of @cpu's register of kind @irq, or 0 if no device has one. */
static unsigned long hart_aclint_reg(const void *fdt, int cpu,
				     unsigned int irq)
{
	uint32_t ph = cpu_intc(fdt, cpu);
	unsigned int d;

	if (!ph)
		return 0;
	for (d = 0; d < aclint_count; d++) {
		const struct aclint_dev *dev = &aclint_devs[d];
		const fdt32_t *p;
		int len, i, k = 0;

		if (dev->irq != irq)
			continue;
		p = fdt_getprop(fdt, dev->node, "interrupts-extended", &len);
		for (i = 0; p && i + 1 < len / 4; i += 2) {
			if (fdt32_to_cpu(p[i + 1]) != irq)
				continue;
			if (fdt32_to_cpu(p[i]) == ph)
				return dev->base + (unsigned long)k * dev->stride;
			k++;
		}
	}
	return 0;
}

/* The enabled cpu nodes, one call of @fn each; stops on non-zero. */
static int for_each_cpu(const void *fdt,
			int (*fn)(const void *fdt, int node,
				  unsigned long hartid, void *arg),
			void *arg)
{
	int cpus = fdt_path_offset(fdt, "/cpus");
	int node, ret;

	if (cpus < 0)
		return cpus;
	fdt_for_each_subnode(node, fdt, cpus) {
		const char *type = fdt_getprop(fdt, node, "device_type", NULL);
		unsigned long hartid;

		if (!type || strcmp(type, "cpu") || !fdt_node_enabled(fdt, node))
			continue;
		if (fdt_get_reg_in(fdt, cpus, node, 0, &hartid, NULL))
			continue;
		ret = fn(fdt, node, hartid, arg);
		if (ret)
			return ret;
	}
	return 0;
}

struct hart_scan {
	unsigned long boot_hartid;
	bool boot_found;
	unsigned long isa;
	unsigned long *ids;	/* fill pass only */
};

/*
 * A cpu without mmu-type is a monitor core (sifive_u's E51): no S-mode,
 * nothing for the supervisor to start.
 */
static bool hart_has_smode(const void *fdt, int node)
{
	return fdt_getprop(fdt, node, "mmu-type", NULL) != NULL;
}

/*
 * A hart is served if it can run S-mode and an MSWI reaches it (else
 * nothing could start it); the boot hart always is.
 */
static bool hart_served(const void *fdt, int node, unsigned long hartid,
			const struct hart_scan *scan)
{
	return hartid == scan->boot_hartid ||
	       (hart_has_smode(fdt, node) &&
		hart_aclint_reg(fdt, node, IRQ_M_SOFT));
}

static int count_hart(const void *fdt, int node, unsigned long hartid,
		      void *arg)
{
	struct hart_scan *scan = arg;

	if (!hart_served(fdt, node, hartid, scan)) {
		if (!hart_has_smode(fdt, node))
			sbi_plat.hart_no_smode++;
		else
			sbi_plat.hart_ignored++;
		return 0;
	}
	if (hartid == scan->boot_hartid)
		scan->boot_found = true;
	sbi_plat.hart_count++;
	scan->isa &= sbi_isa_from_fdt(fdt, node);
	return 0;
}

static int parse_harts(const void *fdt, unsigned long boot_hartid)
{
	struct hart_scan scan = { .boot_hartid = boot_hartid, .isa = ~0UL };
	int cpus = fdt_path_offset(fdt, "/cpus");
	int err;

	if (cpus < 0)
		return cpus;
	sbi_plat.timebase_freq = fdt_get_u32(fdt, cpus, "timebase-frequency",
					     10000000);
	err = for_each_cpu(fdt, count_hart, &scan);
	if (err)
		return err;
	if (!scan.boot_found)
		return -FDT_ERR_NOTFOUND;
	sbi_plat.isa_dt.ext = scan.isa;
	sbi_plat.isa.ext = scan.isa;
	return 0;
}

/* Insert into the ascending id array; a repeated id is dropped. */
static int fill_hart(const void *fdt, int node, unsigned long hartid,
		     void *arg)
{
	struct hart_scan *scan = arg;
	unsigned long *ids = scan->ids;
	unsigned int i = sbi_plat.hart_count;

	if (!hart_served(fdt, node, hartid, scan))
		return 0;
	while (i && ids[i - 1] > hartid)
		i--;
	if (i && ids[i - 1] == hartid)
		return 0;
	memmove(&ids[i + 1], &ids[i],
		(sbi_plat.hart_count - i) * sizeof(ids[0]));
	ids[i] = hartid;
	sbi_plat.hart_count++;
	return 0;
}

static int set_hart_regs(const void *fdt, int node, unsigned long hartid,
			 void *arg)
{
	int i = sbi_hartid_to_index(hartid);
	struct sbi_scratch *s;

	if (i < 0)
		return 0;
	s = sbi_scratch_at(i);
	s->msip = (volatile uint32_t *)hart_aclint_reg(fdt, node, IRQ_M_SOFT);
	s->mtimecmp = (volatile uint64_t *)hart_aclint_reg(fdt, node,
							   IRQ_M_TIMER);
	return 0;
}

void sbi_platform_harts_from_fdt(const void *fdt, unsigned long boot_hartid,
				 unsigned long *ids)
{
	struct hart_scan scan = { .boot_hartid = boot_hartid, .ids = ids };
	unsigned int i;

	sbi_plat.hart_count = 0;
	for_each_cpu(fdt, fill_hart, &scan);
	sbi_plat.hart_ids = ids;
	sbi_plat.hart_dense = ids[sbi_plat.hart_count - 1] ==
			      sbi_plat.hart_count - 1;
	for (i = 0; i < sbi_plat.hart_count; i++) {
		struct sbi_scratch *s = sbi_scratch_at(i);

		s->hartid = ids[i];
		s->hartindex = i;
	}
	for_each_cpu(fdt, set_hart_regs, NULL);
}

static const char *const uart8250_compat[] = { "ns16550a", "ns16550",
					       "snps,dw-apb-uart", NULL };
static const char *const sifive_uart_compat[] = { "sifive,uart0", NULL };

static bool uart_driven(const void *fdt, int node)
{
	return compatible(fdt, node, uart8250_compat) ||
	       compatible(fdt, node, sifive_uart_compat);
}

static int first_uart(const void *fdt)
{
	int node;

	for (node = fdt_next_node(fdt, -1, NULL); node >= 0;
	     node = fdt_next_node(fdt, node, NULL))
		if (fdt_node_enabled(fdt, node) && uart_driven(fdt, node))
			return node;
	return -FDT_ERR_NOTFOUND;
}

/*
 * The console: stdout-path if it names a UART a driver here runs, else
 * the first such UART (noted when stdout-path named another device).
 */
static void parse_uart(const void *fdt)
{
	int node = fdt_stdout_node(fdt);
	unsigned long base;

	if (node >= 0 && !uart_driven(fdt, node)) {
		sbi_plat.uart_stdout_unusable = true;
		node = -1;
	}
	if (node < 0)
		node = first_uart(fdt);
	if (node < 0 || fdt_get_reg(fdt, node, 0, &base, NULL))
		return;
	sbi_plat.uart_type = compatible(fdt, node, sifive_uart_compat) ?
			     SBI_UART_SIFIVE : SBI_UART_8250;
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

/* gpio-restart: gpios = <&controller pin flags>, flag bit 0 active low */
static void parse_gpio_restart(const void *fdt)
{
	int node = fdt_node_offset_by_compatible(fdt, -1, "gpio-restart");
	const fdt32_t *g;
	unsigned long base;
	int len, ctl;

	if (node < 0 || !fdt_node_enabled(fdt, node))
		return;
	g = fdt_getprop(fdt, node, "gpios", &len);
	if (!g || len < 12)
		return;
	ctl = fdt_node_offset_by_phandle(fdt, fdt32_to_cpu(g[0]));
	if (ctl < 0 || fdt_node_check_compatible(fdt, ctl, "sifive,gpio0") ||
	    fdt32_to_cpu(g[1]) > 31 || fdt_get_reg(fdt, ctl, 0, &base, NULL))
		return;
	sbi_plat.reboot_gpio_base = base;
	sbi_plat.reboot_gpio_pin = fdt32_to_cpu(g[1]);
	sbi_plat.reboot_gpio_active_low = fdt32_to_cpu(g[2]) & 1;
}

int sbi_platform_from_fdt(void *fdt, unsigned long boot_hartid)
{
	int err = fdt_check_header(fdt);

	if (err)
		return err;
	parse_model(fdt);
	parse_memory(fdt);
	parse_aclint(fdt);
	/* the console first: what is wrong with the harts can then be said */
	parse_uart(fdt);
	parse_syscon(fdt, "syscon-poweroff", &sbi_plat.poweroff_addr,
		     &sbi_plat.poweroff_value);
	parse_syscon(fdt, "syscon-reboot", &sbi_plat.reboot_addr,
		     &sbi_plat.reboot_value);
	parse_gpio_restart(fdt);
	return parse_harts(fdt, boot_hartid);
}

int fdt_disable_unusable_harts(void *fdt)
{
	int cpus = fdt_path_offset(fdt, "/cpus");
	int node, err;

	if (cpus < 0)
		return cpus;
	fdt_for_each_subnode(node, fdt, cpus) {
		unsigned long hartid;

		if (fdt_get_reg_in(fdt, cpus, node, 0, &hartid, NULL) ||
		    sbi_hart_valid(hartid) || !fdt_node_enabled(fdt, node))
			continue;
		err = fdt_setprop_string(fdt, node, "status", "disabled");
		if (err)
			return err;
	}
	return 0;
}
