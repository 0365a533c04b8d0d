/* SPDX-License-Identifier: BSD-2-Clause */
/* Boot hart start-up: console, platform description, then payload_main(). */
#include <payload.h>

#define DT_PATH_MAX	128

struct payload_platform platform;
/* path of the boot hart's cpu node ("" without a DT) */
static char boot_cpu[DT_PATH_MAX];

struct dt_scan {
	int addr_cells;
	int size_cells;
	/* the cpu node being read: its id counts once all its props are seen */
	char cpu[DT_PATH_MAX];
	unsigned long cpu_id;
	int cpu_has_id, cpu_off;
	char boot_cpu[DT_PATH_MAX];
	char uart[DT_PATH_MAX];
	char clint[DT_PATH_MAX];
};

static void copy_str(char *dst, size_t size, const void *src, uint32_t len)
{
	size_t n = len < size ? len : size - 1;

	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* The cpu node read last is a hart unless its status disables it. */
static void cpu_done(struct dt_scan *d)
{
	unsigned long id = d->cpu_id;

	if (d->cpu_has_id && !d->cpu_off && id < 64 &&
	    !(platform.hart_mask & BIT(id))) {
		platform.hart_mask |= BIT(id);
		platform.nr_harts++;
	}
	d->cpu[0] = '\0';
	d->cpu_has_id = d->cpu_off = 0;
}

static void scan_cpu(struct dt_scan *d, const char *path, int depth,
		     const char *name, const void *data, uint32_t len)
{
	if (!strcmp(name, "timebase-frequency") && len >= 4)
		platform.timebase_hz = fdt_cells(data, len >= 8 ? 2 : 1);
	if (strncmp(path, "/cpus/cpu@", 10) || depth != 2)
		return;
	if (strcmp(path, d->cpu)) {	/* a node's props come in a row */
		cpu_done(d);
		copy_str(d->cpu, sizeof(d->cpu), path, strlen(path));
	}
	if (!strcmp(name, "status"))
		d->cpu_off = len < 2 || (strcmp(data, "okay") && strcmp(data, "ok"));
	if (strcmp(name, "reg") || len < 4)
		return;
	d->cpu_id = fdt_cells(data, len >= 8 ? 2 : 1);
	d->cpu_has_id = 1;
	if (d->cpu_id == platform.boot_hartid)
		copy_str(d->boot_cpu, sizeof(d->boot_cpu), path, strlen(path));
}

static int scan_prop(void *ctx, const char *path, int depth,
		     const char *name, const void *data, uint32_t len)
{
	struct dt_scan *d = ctx;

	if (depth == 0 && !strcmp(name, "#address-cells"))
		d->addr_cells = fdt32(data);
	else if (depth == 0 && !strcmp(name, "#size-cells"))
		d->size_cells = fdt32(data);
	else if (!strncmp(path, "/cpus", 5))
		scan_cpu(d, path, depth, name, data, len);
	else if (depth == 1 && !strncmp(path, "/memory", 7) &&
		 !strcmp(name, "reg") && !platform.mem_size &&
		 len >= 4U * (d->addr_cells + d->size_cells)) {
		platform.mem_base = fdt_cells(data, d->addr_cells);
		platform.mem_size = fdt_cells((const char *)data +
					      4 * d->addr_cells, d->size_cells);
	} else if (!strcmp(path, "/chosen") && !strcmp(name, "bootargs")) {
		copy_str(platform.bootargs, sizeof(platform.bootargs), data,
			 len);
	} else if (!strcmp(name, "compatible")) {
		if (!d->uart[0] && fdt_strlist_has(data, len, "ns16550a"))
			copy_str(d->uart, sizeof(d->uart), path, strlen(path));
		if (!d->clint[0] && (fdt_strlist_has(data, len, "riscv,clint0") ||
				     fdt_strlist_has(data, len, "sifive,clint0") ||
				     fdt_strlist_has(data, len, "riscv,aclint-mswi")))
			copy_str(d->clint, sizeof(d->clint), path,
				 strlen(path));
	}
	return 0;
}

/* First address in the reg property of the node at @path. */
static unsigned long node_base(const char *path)
{
	char parent[DT_PATH_MAX];
	const void *reg, *cells;
	char *slash;
	uint32_t len;
	int ac = 2;

	copy_str(parent, sizeof(parent), path, strlen(path));
	slash = parent + strlen(parent);
	while (slash > parent && *slash != '/')
		slash--;
	slash[slash == parent] = '\0';
	cells = fdt_getprop(platform.fdt, parent, "#address-cells", &len);
	if (cells && len == 4)
		ac = fdt32(cells);
	reg = fdt_getprop(platform.fdt, path, "reg", &len);
	if (!reg || len < 4U * ac)
		return 0;
	return fdt_cells(reg, ac);
}

static void platform_scan(void)
{
	struct dt_scan d = { .addr_cells = 2, .size_cells = 2 };
	const char *isa;
	uint32_t len;

	platform.timebase_hz = 10000000;
	platform.fdt_ok = fdt_valid(platform.fdt);
	if (!platform.fdt_ok)
		return;
	fdt_walk(platform.fdt, scan_prop, &d);
	cpu_done(&d);
	memcpy(boot_cpu, d.boot_cpu, sizeof(boot_cpu));
	if (d.boot_cpu[0]) {
		isa = fdt_getprop(platform.fdt, d.boot_cpu, "riscv,isa", &len);
		if (isa)
			copy_str(platform.isa, sizeof(platform.isa), isa, len);
	}
	if (d.uart[0])
		platform.uart_base = node_base(d.uart);
	if (d.clint[0])
		platform.clint_base = node_base(d.clint);
}

/* Without a device tree: every hartid HSM knows, up to the limit. */
static void platform_probe_harts(void)
{
	unsigned long id;

	for (id = 0; id < PAYLOAD_MAX_HARTS; id++) {
		if (sbi_hart_get_status(id).error)
			continue;
		platform.hart_mask |= BIT(id);
		platform.nr_harts++;
	}
}

static unsigned long hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return 16;
}

int payload_has_arg(const char *word)
{
	const char *p = platform.bootargs;
	size_t n = strlen(word);

	while (*p) {
		while (*p == ' ')
			p++;
		if (!strncmp(p, word, n) && (p[n] == ' ' || !p[n]))
			return 1;
		while (*p && *p != ' ')
			p++;
	}
	return 0;
}

uint32_t payload_chosen_u32(const char *name, uint32_t def)
{
	const uint8_t *p;
	uint32_t len;

	if (!platform.fdt_ok)
		return def;
	p = fdt_getprop(platform.fdt, "/chosen", name, &len);
	if (!p || len < 4)
		return def;
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
	       (uint32_t)p[2] << 8 | p[3];
}

/* Value of "key=value" in the bootargs (decimal or 0x hex), else @def. */
unsigned long payload_arg_ulong(const char *key, unsigned long def)
{
	const char *p = platform.bootargs;
	size_t n = strlen(key);
	unsigned long v = 0, d;

	while (*p && (strncmp(p, key, n) || p[n] != '=')) {
		while (*p && *p != ' ')
			p++;
		while (*p == ' ')
			p++;
	}
	if (!*p)
		return def;
	p += n + 1;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		for (p += 2; (d = hex_digit(*p)) < 16; p++)
			v = v * 16 + d;
		return v;
	}
	for (; *p >= '0' && *p <= '9'; p++)
		v = v * 10 + (*p - '0');
	return v;
}

int payload_isa_ext(const char *ext)
{
	const char *p;
	uint32_t len;

	if (!boot_cpu[0])
		return 0;
	p = fdt_getprop(platform.fdt, boot_cpu, "riscv,isa-extensions", &len);
	if (p)
		return fdt_strlist_has(p, len, ext);
	if (!ext[1])
		return payload_isa_has(ext[0]);
	for (p = platform.isa; (p = strchr(p, '_')); ) {
		size_t n = strlen(ext);

		p++;
		if (!strncmp(p, ext, n) && (p[n] == '_' || !p[n]))
			return 1;
	}
	return 0;
}

int payload_isa_has(char c)
{
	const char *p = platform.isa;

	if (strncmp(p, "rv64", 4) && strncmp(p, "rv32", 4))
		return 0;
	for (p += 4; *p && *p != '_'; p++) {
		if (*p == c)
			return 1;
	}
	return 0;
}

/* In XLEN arithmetic without overflow on RV32 (no 64-bit division there) */
unsigned long usec_to_ticks(unsigned long us)
{
	unsigned long per_ms = platform.timebase_hz / 1000;

	return (us / 1000) * per_ms + (us % 1000) * per_ms / 1000;
}

void udelay(unsigned long us)
{
	unsigned long end = time_now() + usec_to_ticks(us);

	while (time_now() < end)
		cpu_relax();
}

int wait_for_int(const int *p, int value, unsigned long timeout_us)
{
	unsigned long end = time_now() + usec_to_ticks(timeout_us);

	do {
		if (atomic_load(p) == value)
			return 1;
		cpu_relax();
	} while (time_now() < end);
	return atomic_load(p) == value;
}

void payload_boot(unsigned long hartid, const void *fdt)
{
	platform.boot_hartid = hartid;
	platform.fdt = fdt;
	console_init();
	platform_scan();
	if (!platform.nr_harts)
		platform_probe_harts();
	printf("# payload: boot hart %lu, fdt %p%s, %u harts (mask 0x%lx)\n",
	       hartid, fdt, platform.fdt_ok ? "" : " (invalid)",
	       platform.nr_harts, platform.hart_mask);
	printf("# memory 0x%lx+0x%lx, timebase %lu Hz, isa %s\n",
	       platform.mem_base, platform.mem_size, platform.timebase_hz,
	       platform.isa[0] ? platform.isa : "?");
	if (platform.bootargs[0])
		printf("# bootargs: %s\n", platform.bootargs);
	payload_main();
	test_finish();
}
