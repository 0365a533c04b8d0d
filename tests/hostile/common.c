/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What every part needs: the machine from the DT (RAM, the firmware's
 * reservation, devices, ISA), the PMU layout at boot, the knobs from the
 * bootargs, a PRNG, address classification, the per-hart buffers handed
 * to the firmware with their shadow copies, and canaries in free RAM.
 */
#include "hostile.h"

struct hostile_env env;

struct hart_bufs hbufs[PAYLOAD_MAX_HARTS];
struct hart_bufs hshadow[PAYLOAD_MAX_HARTS];

extern char __payload_start[], __payload_end[];

/* ---- device tree ---- */

struct dt_scan {
	char resv[8][96];	/* /reserved-memory children with a reg */
	unsigned int nr_resv;
};

static int dt_scan_cb(void *ctx, const char *path, int depth,
		      const char *name, const void *data, uint32_t len)
{
	struct dt_scan *d = ctx;

	if (depth == 2 && !strncmp(path, "/reserved-memory/", 17) &&
	    !strcmp(name, "reg") && d->nr_resv < ARRAY_SIZE(d->resv))
		fdt_copy_path(d->resv[d->nr_resv++], sizeof(d->resv[0]), path);
	if (!strcmp(name, "compatible") && !env.plic &&
	    (fdt_strlist_has(data, len, "riscv,plic0") ||
	     fdt_strlist_has(data, len, "sifive,plic-1.0.0"))) {
		const void *reg = fdt_getprop(platform.fdt, path, "reg", &len);

		if (reg && len >= 8)
			env.plic = fdt_cells(reg, 2);
	}
	return 0;
}

static void env_dt(void)
{
	static struct dt_scan d;
	unsigned int i;

	env.ram_base = platform.mem_base;
	env.ram_end = platform.mem_base + platform.mem_size;
	env.fw_base = platform.mem_base;
	env.fw_size = 0x80000;	/* what the brief promises without a DT */
	env.uart = platform.uart_base;
	env.clint = platform.clint_base;
	if (!platform.fdt_ok)
		return;
	env.fdt_base = (unsigned long)platform.fdt;
	env.fdt_end = env.fdt_base + fdt_totalsize(platform.fdt);
	fdt_walk(platform.fdt, dt_scan_cb, &d);
	for (i = 0; i < d.nr_resv; i++) {
		const void *reg;
		uint32_t len;

		reg = fdt_getprop(platform.fdt, d.resv[i], "reg", &len);
		if (reg && len >= 16 && fdt_cells(reg, 2) == platform.mem_base) {
			env.fw_base = fdt_cells(reg, 2);
			env.fw_size = fdt_cells((const char *)reg + 8, 2);
		}
	}
	env.sscofpmf = payload_isa_ext("sscofpmf");
	env.smcntrpmf = payload_isa_ext("smcntrpmf");
	env.hyp = payload_isa_ext("h");
	env.sstc = payload_isa_ext("sstc");
}

/* ---- PMU at boot ---- */

static void env_pmu(void)
{
	struct sbiret ret;
	unsigned long i;

	env.fw_first = env.cycle = env.instret = -1;
	ret = sbi_pmu_num_counters();
	if (ret.error)
		return;
	env.num_ctrs = ret.value;
	if (sbi_probe_extension(SBI_EXT_DBTR).value)
		env.dbtr_max = sbi_debug_num_triggers(0).value;
	for (i = 0; i < env.num_ctrs && i < PMU_MAX_CTRS; i++) {
		ret = sbi_pmu_counter_get_info(i);
		env.info_err[i] = ret.error;
		env.info[i] = ret.value;
		if (ret.error)
			continue;
		env.valid |= BIT(i);
		if (ret.value & PMU_CTR_INFO_TYPE_FW) {
			env.fw |= BIT(i);
			if (env.fw_first < 0)
				env.fw_first = i;
			continue;
		}
		env.hw |= BIT(i);
		switch (ret.value & PMU_CTR_INFO_CSR_MASK) {
		case CSR_CYCLE:
			env.cycle = i;
			break;
		case CSR_INSTRET:
			env.instret = i;
			break;
		default:
			env.hpm |= BIT(i);
			break;
		}
	}
	ret = sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0);
	env.snapshot = ret.error != SBI_ERR_NOT_SUPPORTED;
	hbufs[current_hartid()].evinfo[0].event_idx = EV_HW(1);
	ret = sbi_pmu_event_get_info((unsigned long)hbufs[current_hartid()].evinfo,
				     0, 1, 0);
	env.evinfo = ret.error != SBI_ERR_NOT_SUPPORTED;
}

void env_init(void)
{
	env_dt();
	env.payload_start = (unsigned long)__payload_start;
	env.payload_end = (unsigned long)__payload_end;
	/* a run may salt the seed so it does not repeat another run's calls */
	env.seed = payload_arg_ulong("hostile.seed", 0x7a11c0ffee5eedUL) ^
		   payload_arg_ulong("hostile.salt", 0);
	env.calls = payload_arg_ulong("hostile.calls", 25000);
	env.lives = payload_arg_ulong("hostile.lives", 96);
	env.test_channel = test_channel_present();
	env_pmu();
}

void pmu_release_all(void)
{
	unsigned long i;

	for (i = 0; i < env.num_ctrs && i < PMU_MAX_CTRS; i++)
		if (env.valid & BIT(i))
			sbi_pmu_counter_stop(i, 1, PMU_STOP_RESET);
}

/*
 * Wait about @us without spinning: with Sstc, stimecmp (written directly, so
 * no SBI set_timer is counted) wakes a WFI; the hart sleeps meanwhile, which
 * lets the other harts run (under -icount, QEMU runs harts in turn).
 */
#define CSR_STIMECMP	0x14d

void nap(unsigned long us)
{
	unsigned long until = time_now() + usec_to_ticks(us), sie;

	if (!env.sstc) {
		while (time_now() < until)
			cpu_relax();
		return;
	}
	sie = csr_read(CSR_SIE);
	csr_write(CSR_STIMECMP, until);
	csr_set(CSR_SIE, SIP_STIP);
	while (time_now() < until)
		wfi();
	csr_write(CSR_STIMECMP, ~0UL);
	csr_write(CSR_SIE, sie);
}

/* ---- PRNG ---- */

static uint64_t splitmix64(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ULL;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

void rng_seed(struct rng *r, uint64_t seed)
{
	r->s = splitmix64(seed) | 1;
}

uint64_t rng_next(struct rng *r)
{
	uint64_t x = r->s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	r->s = x;
	return x * 0x2545f4914f6cdd1dULL;
}

/* ---- addresses ---- */

bool mem_is_sram(unsigned long lo, unsigned long len)
{
	unsigned long end = lo + len;

	if (!len || end < lo)
		return false;
	if (lo < env.ram_base || end > env.ram_end)
		return false;
	/* overlaps the firmware's reservation? */
	return !(lo < env.fw_base + env.fw_size && env.fw_base < end);
}

enum mem_class mem_classify(unsigned long lo, unsigned long hi,
			    unsigned long len, unsigned long hartid)
{
	unsigned long b = (unsigned long)&hbufs[hartid];

	if (!len)
		len = 1;
	if (hi || lo + len < lo || !mem_is_sram(lo, len))
		return MEM_FOREIGN;
	if (lo >= b && lo + len <= b + sizeof(struct hart_bufs))
		return MEM_OWNED;
	return MEM_SRAM;
}

/* ---- buffers and their shadows ---- */

static uint8_t canary_byte(unsigned long hartid, unsigned long off)
{
	uint64_t x = splitmix64(env.seed ^ (hartid << 32) ^ (off >> 3));

	return (uint8_t)(x >> (8 * (off & 7)));
}

void bufs_init(unsigned long hartid)
{
	uint8_t *b = (uint8_t *)&hbufs[hartid];
	unsigned long off;

	for (off = 0; off < sizeof(struct hart_bufs); off++)
		b[off] = canary_byte(hartid, off);
	/* the console_write source: NUL bytes, which the log filter drops */
	memset(hbufs[hartid].dbcn, 0, PAGE_SIZE / 2);
	memcpy(&hshadow[hartid], b, sizeof(struct hart_bufs));
}

void bufs_accept(unsigned long hartid, const void *p, unsigned long len)
{
	unsigned long b = (unsigned long)&hbufs[hartid];
	unsigned long lo = (unsigned long)p, end = lo + len;

	if (lo < b)
		lo = b;
	if (end > b + sizeof(struct hart_bufs))
		end = b + sizeof(struct hart_bufs);
	if (lo < end)
		memcpy((uint8_t *)&hshadow[hartid] + (lo - b), (void *)lo,
		       end - lo);
}

unsigned long bufs_diff(unsigned long hartid, unsigned long *first)
{
	const uint64_t *a = (const uint64_t *)&hbufs[hartid];
	const uint64_t *s = (const uint64_t *)&hshadow[hartid];
	unsigned long i, n = 0;

	for (i = 0; i < sizeof(struct hart_bufs) / 8; i++) {
		uint64_t d = a[i] ^ s[i];

		if (!d)
			continue;
		if (!n && first) {
			unsigned long k = 0;

			while (!(d & 0xff)) {
				d >>= 8;
				k++;
			}
			*first = 8 * i + k;
		}
		for (d = a[i] ^ s[i]; d; d >>= 8)
			n += !!(d & 0xff);
	}
	return n;
}

/* ---- free RAM canaries ---- */

struct ram_range {
	unsigned long lo, hi;
};

static unsigned int free_ranges(struct ram_range *r)
{
	unsigned long fw_end = env.fw_base + env.fw_size;
	unsigned long pe = (env.payload_end + PAGE_SIZE - 1) & ~(PAGE_SIZE - 1);
	unsigned long fdt_lo = env.fdt_base & ~7UL;
	unsigned long fdt_hi = (env.fdt_end + 7) & ~7UL;
	unsigned int n = 0;

	if (!env.fdt_base)
		fdt_lo = fdt_hi = env.ram_end;
	if (fw_end < env.payload_start)
		r[n++] = (struct ram_range){ fw_end, env.payload_start };
	if (fdt_lo > pe) {
		r[n++] = (struct ram_range){ pe, fdt_lo };
		if (fdt_hi < env.ram_end)
			r[n++] = (struct ram_range){ fdt_hi, env.ram_end };
	} else if (pe < env.ram_end) {
		r[n++] = (struct ram_range){ pe, env.ram_end };
	}
	return n;
}

static inline uint64_t ram_pattern(unsigned long addr, unsigned long key)
{
	return (addr * 0x9e3779b97f4a7c15ULL) ^ key;
}

/* Work on the 1 MiB chunks of free RAM numbered part, part + nparts, ... */
#define CANARY_CHUNK	(1UL << 20)

unsigned long ram_canary(unsigned long key, bool fill, unsigned int part,
			 unsigned int nparts, unsigned long *first_bad,
			 unsigned long *scanned)
{
	struct ram_range r[4];
	unsigned int i, n = free_ranges(r);
	unsigned long bad = 0, chunk = 0;

	*scanned = 0;
	for (i = 0; i < n; i++) {
		unsigned long lo, hi, a;

		for (lo = r[i].lo; lo < r[i].hi; lo = hi, chunk++) {
			hi = (lo + CANARY_CHUNK) & ~(CANARY_CHUNK - 1);
			if (hi > r[i].hi)
				hi = r[i].hi;
			if (chunk % nparts != part)
				continue;
			*scanned += hi - lo;
			for (a = lo; a < hi; a += 8) {
				uint64_t *w = (uint64_t *)a;

				if (fill) {
					WRITE_ONCE(*w, ram_pattern(a, key));
					continue;
				}
				if (READ_ONCE(*w) == ram_pattern(a, key))
					continue;
				if (!bad)
					*first_bad = a;
				bad++;
			}
		}
	}
	return bad;
}

/* ---- events ---- */

bool event_reserved(unsigned long ev, uint64_t data)
{
	unsigned long code = ev & PMU_EVIDX_CODE_MASK;

	if (ev >> 20)
		return true;
	switch (ev >> PMU_EVIDX_TYPE_SHIFT) {
	case PMU_EV_TYPE_HW:
		return !code || code >= PMU_HW_GENERAL_MAX || data;
	case PMU_EV_TYPE_CACHE:
		return (code >> 3) >= PMU_CACHE_ID_MAX ||
		       ((code >> 1) & 3) == 3 || data;
	case PMU_EV_TYPE_RAW:
	case PMU_EV_TYPE_RAW_V2:
		return code != 0;
	case PMU_EV_TYPE_FW:
		if (code >= PMU_FW_STD_MAX && code < PMU_FW_IMPL_FIRST)
			return true;
		return code != PMU_FW_PLATFORM && data;
	default:
		return true;
	}
}
