/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Discovery and helpers: features from the DT the payload received, the
 * counter layout from NUM_COUNTERS / COUNTER_GET_INFO, counter access.
 */
#include "pmu_tests.h"

struct pmu_env pmu;

/* ---- device tree ---- */

struct dt_find {
	char pmu[64];			/* path of the riscv,pmu node */
	char resv[8][96];		/* children of /reserved-memory */
	unsigned int nr_resv;
};

static int dt_find_cb(void *ctx, const char *path, int depth,
		      const char *name, const void *data, uint32_t len)
{
	struct dt_find *f = ctx;

	if (!strcmp(name, "compatible") &&
	    fdt_strlist_has(data, len, "riscv,pmu"))
		fdt_copy_path(f->pmu, sizeof(f->pmu), path);
	if (depth == 2 && !strncmp(path, "/reserved-memory/", 17) &&
	    !strcmp(name, "reg") && f->nr_resv < ARRAY_SIZE(f->resv))
		fdt_copy_path(f->resv[f->nr_resv++], sizeof(f->resv[0]), path);
	return 0;
}

static struct dt_find dt;

const void *dt_pmu_prop(const char *name, uint32_t *len)
{
	uint32_t dummy;

	if (!platform.fdt_ok || !dt.pmu[0])
		return NULL;
	return fdt_getprop(platform.fdt, dt.pmu, name, len ? len : &dummy);
}

/* The firmware's reservation: the /reserved-memory child at mem_base. */
static void find_fw_region(void)
{
	unsigned int i;

	pmu.fw_base = platform.mem_base;
	pmu.fw_size = 0x80000;
	for (i = 0; i < dt.nr_resv; i++) {
		const void *reg;
		uint32_t len;

		reg = fdt_getprop(platform.fdt, dt.resv[i], "reg", &len);
		if (!reg || len < 16)
			continue;
		if (fdt_cells(reg, 2) == platform.mem_base) {
			pmu.fw_base = fdt_cells(reg, 2);
			pmu.fw_size = fdt_cells((const char *)reg + 8, 2);
		}
	}
}

/* ---- counters ---- */

bool ctr_filterable(long i)
{
	if (!ctr_is_hw(i))
		return false;
	if (ctr_csr(i) >= CSR_HPM_FIRST)
		return pmu.sscofpmf;
	return pmu.smcntrpmf;
}

unsigned long mask_from(unsigned long base, uint64_t set)
{
	return base >= 64 ? 0 : (unsigned long)(set >> base);
}

bool ctr_csr_read(long i, unsigned long *val)
{
	struct trap_record rec;
	unsigned long v;
	unsigned int csr;

	if (!ctr_is_hw(i))
		return false;
	csr = ctr_csr(i);
	if (csr < 0xc00 || csr > CSR_HPM_LAST)
		return false;
	trap_catch_begin();
	v = pmu_csr_table[csr - 0xc00]();
	if (trap_catch_end(&rec))
		return false;
	*val = v;
	return true;
}

unsigned long ctr_value(long i)
{
	unsigned long v = 0;

	if (ctr_is_fw(i))
		return sbi_pmu_counter_fw_read(i).value;
	ctr_csr_read(i, &v);
	return v;
}

long ctr_match(unsigned long base, unsigned long mask, unsigned long flags,
	       unsigned long event, uint64_t data, long *err)
{
	struct sbiret ret = sbi_pmu_counter_cfg_match(base, mask, flags,
						      event, data);

	if (err)
		*err = ret.error;
	return ret.error ? NO_CTR : ret.value;
}

void ctr_release(long i)
{
	if (i >= 0)
		sbi_pmu_counter_stop(i, 1, PMU_STOP_RESET);
}

void ctr_release_all(void)
{
	long i;

	for (i = 0; i < (long)pmu.num && i < PMU_MAX_CTRS; i++)
		if (ctr_valid(i))
			ctr_release(i);
}

const char *event_name(unsigned long ev)
{
	static const char *const hw[] = {
		"NO_EVENT", "CPU_CYCLES", "INSTRUCTIONS", "CACHE_REFERENCES",
		"CACHE_MISSES", "BRANCH_INSTRUCTIONS", "BRANCH_MISSES",
		"BUS_CYCLES", "STALLED_CYCLES_FRONTEND",
		"STALLED_CYCLES_BACKEND", "REF_CPU_CYCLES",
	};
	static const char *const fw[] = {
		"MISALIGNED_LOAD", "MISALIGNED_STORE", "ACCESS_LOAD",
		"ACCESS_STORE", "ILLEGAL_INSN", "SET_TIMER", "IPI_SENT",
		"IPI_RECEIVED", "FENCE_I_SENT", "FENCE_I_RECEIVED",
		"SFENCE_VMA_SENT", "SFENCE_VMA_RECEIVED",
		"SFENCE_VMA_ASID_SENT", "SFENCE_VMA_ASID_RECEIVED",
		"HFENCE_GVMA_SENT", "HFENCE_GVMA_RECEIVED",
		"HFENCE_GVMA_VMID_SENT", "HFENCE_GVMA_VMID_RECEIVED",
		"HFENCE_VVMA_SENT", "HFENCE_VVMA_RECEIVED",
		"HFENCE_VVMA_ASID_SENT", "HFENCE_VVMA_ASID_RECEIVED",
	};
	unsigned long type = ev >> PMU_EVIDX_TYPE_SHIFT;
	unsigned long code = ev & PMU_EVIDX_CODE_MASK;

	if (type == PMU_EV_TYPE_HW && code < ARRAY_SIZE(hw))
		return hw[code];
	if (type == PMU_EV_TYPE_FW && code < ARRAY_SIZE(fw))
		return fw[code];
	if (type == PMU_EV_TYPE_FW && code == PMU_FW_PLATFORM)
		return "FW_PLATFORM";
	if (type == PMU_EV_TYPE_CACHE)
		return "cache";
	if (type == PMU_EV_TYPE_RAW)
		return "raw";
	if (type == PMU_EV_TYPE_RAW_V2)
		return "raw-v2";
	return "?";
}

int check_err2(struct sbiret ret, long a, long b, const char *fmt, ...)
{
	char desc[160], details[120];
	va_list ap;
	int pass = ret.error == a || ret.error == b;

	va_start(ap, fmt);
	vsnprintf(desc, sizeof(desc), fmt, ap);
	va_end(ap);
	snprintf(details, sizeof(details), "error %ld %s, expected %s or %s",
		 ret.error, sbi_err_name(ret.error), sbi_err_name(a),
		 sbi_err_name(b));
	return test_report(pass, details, "%s", desc);
}

/* ---- discovery ---- */

static void discover_counters(void)
{
	struct sbiret ret;
	unsigned long i;

	pmu.cycle = pmu.instret = pmu.fw_first = NO_CTR;
	ret = sbi_pmu_num_counters();
	pmu.num = ret.error ? 0 : ret.value;
	for (i = 0; i < pmu.num && i < PMU_MAX_CTRS; i++) {
		ret = sbi_pmu_counter_get_info(i);
		if (ret.error)
			continue;
		pmu.info[i] = ret.value;
		pmu.valid |= 1ULL << i;
		if (ret.value & PMU_CTR_INFO_TYPE_FW) {
			pmu.fw |= 1ULL << i;
			if (pmu.fw_first == NO_CTR)
				pmu.fw_first = i;
			continue;
		}
		pmu.hw |= 1ULL << i;
		if (ctr_csr(i) == CSR_CYCLE)
			pmu.cycle = i;
		else if (ctr_csr(i) == CSR_INSTRET)
			pmu.instret = i;
		else if (ctr_csr(i) >= CSR_HPM_FIRST &&
			 ctr_csr(i) <= CSR_HPM_LAST)
			pmu.hpm |= 1ULL << i;
	}
}

void pmu_env_init(void)
{
	struct sbiret ret;
	unsigned long h;

	pmu.self = platform.boot_hartid;
	pmu.other = ~0UL;
	for (h = 0; h < PAYLOAD_MAX_HARTS; h++)
		if (h != pmu.self && (platform.hart_mask & BIT(h))) {
			pmu.other = h;
			break;
		}
	ret = sbi_get_spec_version();
	pmu.spec_major = (ret.value >> 24) & 0x7f;
	pmu.spec_minor = ret.value & 0xffffff;

	if (platform.fdt_ok)
		fdt_walk(platform.fdt, dt_find_cb, &dt);
	pmu.sscofpmf = payload_isa_ext("sscofpmf");
	pmu.smcntrpmf = payload_isa_ext("smcntrpmf");
	pmu.hyp = payload_isa_ext("h");
	pmu.dt_pmu = dt.pmu[0] != '\0';
	/*
	 * A firmware may take the tables out of the DT it passes on (OpenSBI
	 * does): the node then no longer describes the event map.
	 */
	if (pmu.dt_pmu && !dt_pmu_prop("riscv,event-to-mhpmcounters", NULL) &&
	    !dt_pmu_prop("riscv,event-to-mhpmevent", NULL) &&
	    !dt_pmu_prop("riscv,raw-event-to-mhpmcounters", NULL)) {
		pmu.dt_pmu = false;
		pmu.dt_pmu_emptied = true;
	}
	pmu.opensbi_sites = payload_has_arg("pmu.opensbi");
	pmu.testdev = payload_arg_ulong("pmu.testdev", 0);
	pmu.compat = payload_pmu_compat();
	pmu.nostop = payload_arg_ulong("pmu.nostop", 0);
	find_fw_region();
	discover_counters();

	test_diag("SBI v%lu.%lu, harts 0x%lx, compat rules %s, Sscofpmf %s, Smcntrpmf %s, H %s, riscv,pmu node %s",
		  pmu.spec_major, pmu.spec_minor, platform.hart_mask,
		  pmu.compat ? "on" : "off",
		  pmu.sscofpmf ? "yes" : "no", pmu.smcntrpmf ? "yes" : "no",
		  pmu.hyp ? "yes" : "no",
		  pmu.dt_pmu ? dt.pmu :
		  pmu.dt_pmu_emptied ? "without tables (map unknown)" : "none");
	test_diag("%lu counters: valid 0x%llx, hardware 0x%llx (hpm 0x%llx), firmware 0x%llx; cycle %d instret %d",
		  pmu.num, (unsigned long long)pmu.valid,
		  (unsigned long long)pmu.hw, (unsigned long long)pmu.hpm,
		  (unsigned long long)pmu.fw, pmu.cycle, pmu.instret);
	test_diag("firmware region 0x%lx+0x%lx, RAM 0x%lx+0x%lx",
		  pmu.fw_base, pmu.fw_size, platform.mem_base,
		  platform.mem_size);
}

/* ---- checked matching ---- */

long match_check(unsigned long base, unsigned long mask, unsigned long flags,
		 unsigned long event, uint64_t data, const char *why)
{
	struct sbiret ret = sbi_pmu_counter_cfg_match(base, mask, flags,
						      event, data);
	unsigned long off = ret.value - base;
	bool inside = off < XLEN && ((mask >> off) & 1);
	char details[120];

	if (ret.error)
		snprintf(details, sizeof(details), "error %ld %s",
			 ret.error, sbi_err_name(ret.error));
	else
		snprintf(details, sizeof(details),
			 "counter %ld is outside the set", ret.value);
	test_report(!ret.error && inside, details,
		    "cfg_match(%ld, 0x%lx, 0x%lx, %s 0x%lx, 0x%llx) %s -> counter %ld",
		    base, mask, flags, event_name(event), event,
		    (unsigned long long)data, why,
		    ret.error ? -1L : ret.value);
	if (!ret.error && !inside) {
		ctr_release(ret.value);
		return NO_CTR;
	}
	return ret.error ? NO_CTR : ret.value;
}

void match_expect(unsigned long base, unsigned long mask, unsigned long flags,
		  unsigned long event, uint64_t data, long exp,
		  const char *why)
{
	struct sbiret ret = sbi_pmu_counter_cfg_match(base, mask, flags,
						      event, data);

	TEST_SBI_ERR(ret, exp, "cfg_match(%ld, 0x%lx, 0x%lx, %s 0x%lx, 0x%llx) %s -> %s",
		     base, mask, flags, event_name(event), event,
		     (unsigned long long)data, why, sbi_err_name(exp));
	if (!ret.error)
		ctr_release(ret.value);
}

bool fw_none_mapped(void)
{
	long i;

	for (i = 0; i < PMU_MAX_CTRS; i++)
		if (ctr_is_fw(i) && !sbi_pmu_counter_fw_read(i).error)
			return false;
	return true;
}

bool dt_event_counters(unsigned long event, uint64_t *ctrs)
{
	const uint8_t *p;
	uint32_t len, i, bits = 0;
	long c;

	p = dt_pmu_prop("riscv,event-to-mhpmcounters", &len);
	if (!p)
		return false;
	for (i = 0; i + 12 <= len; i += 12)
		if (event >= fdt32(p + i) && event <= fdt32(p + i + 4))
			bits |= fdt32(p + i + 8);
	/* bit 0 is cycle only, bit 2 instret only, bit 1 nothing */
	if (event != EV_CYCLES)
		bits &= ~1U;
	if (event != EV_INSTRET)
		bits &= ~4U;
	bits &= ~2U;
	*ctrs = 0;
	for (c = 0; c < PMU_MAX_CTRS; c++)
		if (ctr_is_hw(c) && ctr_csr(c) <= CSR_HPM_LAST &&
		    (bits >> (ctr_csr(c) - 0xc00)) & 1)
			*ctrs |= 1ULL << c;
	/* the fixed counters count their event whatever the table says */
	if (event == EV_CYCLES && pmu.cycle != NO_CTR)
		*ctrs |= 1ULL << pmu.cycle;
	if (event == EV_INSTRET && pmu.instret != NO_CTR)
		*ctrs |= 1ULL << pmu.instret;
	return true;
}

bool dt_raw_counters(uint64_t data, uint64_t *ctrs)
{
	const uint8_t *p;
	uint32_t len, i, bits = 0;
	long c;

	p = dt_pmu_prop("riscv,raw-event-to-mhpmcounters", &len);
	if (!p)
		return false;
	for (i = 0; i + 20 <= len; i += 20) {
		uint64_t base = fdt_cells(p + i, 2);
		uint64_t mask = fdt_cells(p + i + 8, 2);

		if ((data & mask) == base)
			bits |= fdt32(p + i + 16);
	}
	*ctrs = 0;
	for (c = 0; c < PMU_MAX_CTRS; c++)
		if (ctr_is_hw(c) && ctr_csr(c) >= CSR_HPM_FIRST &&
		    ctr_csr(c) <= CSR_HPM_LAST &&
		    (bits >> (ctr_csr(c) - 0xc00)) & 1)
			*ctrs |= 1ULL << c;
	return true;
}
