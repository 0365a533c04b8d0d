/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * libFuzzer entry point of the PMU fuzz harness.
 *
 * Input layout (exhausted input reads as zeros):
 *   byte 0   bit 0 no mcountinhibit, 1 Sscofpmf, 2 Smcntrpmf, 3 H,
 *            bits 4-5 event map (0 default, 1 none, 2-3 DT properties),
 *            bits 6-7 hpmcounters (0 3..18, 1 3..31, 2 u32 mask, 3 none)
 *   byte 1   hpm counter width: bit 6 set or low 6 bits 0: 64, else 1..63;
 *            bit 7: no compatibility rules (pmu.compat = 0)
 *   byte 2   bit 0: a u32 mask of hardwired-zero counters follows;
 *            bits 1-7 seed the junk the CSRs hold at reset; all ones:
 *            pmu_host_smem_ptr() fails
 *   [u32 hpm mask] [u32 zero mask]
 *   DT:      count byte (0..7), then per property a selector byte
 *            (% 3: which property) and its cells (fz_gen_dt_cells)
 *   then operations until the input ends: an op byte (bits 0-1 hart,
 *   bits 2-7 kind, see run_op()) and its arguments.
 *
 * Set FZ_TRACE=1 to print the decoded operations and the core's answers.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include "fuzz.h"

#define FZ_MAX_OPS	1024
#define FZ_DT_MAX	1024

struct fz_state fz;

void fz_trace(const char *fmt, ...)
{
	va_list ap;

	if (!fz.trace)
		return;
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void fz_fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "\nfuzz: invariant broken at op %u: ", fz.op);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	unsigned int h;

	(void)argc;
	(void)argv;
	fz.trace = getenv("FZ_TRACE") != NULL;
	fz.plat = malloc(sizeof(*fz.plat));
	for (h = 0; h < FZ_HARTS; h++)
		fz.hart[h] = malloc(sizeof(*fz.hart[h]));
	return 0;
}

/* ---- platform set-up ---- */

static void load_dt(struct fz_rd *r)
{
	static int (*const load[3])(struct pmu_platform *, const void *,
				    unsigned long) = {
		pmu_dt_event_to_mhpmevent,
		pmu_dt_event_to_mhpmcounters,
		pmu_dt_raw_event_to_mhpmcounters,
	};
	static const char *const name[3] = {
		"riscv,event-to-mhpmevent", "riscv,event-to-mhpmcounters",
		"riscv,raw-event-to-mhpmcounters",
	};
	static uint8_t buf[FZ_DT_MAX];
	unsigned int n = fz_u8(r) % 8, k;

	for (k = 0; k < n; k++) {
		unsigned int prop = fz_u8(r) % 3;
		unsigned long len;
		uint32_t allowed;
		uint8_t *cells;
		long want;
		int ret;

		fz_gen_dt_cells(r, prop, buf, &len, sizeof(buf));
		/* an exact-size copy: ASan sees any read past the property */
		cells = malloc(len ? len : 1);
		memcpy(cells, buf, len);
		/* no property value at all */
		ret = load[prop](fz.plat, len || (k & 1) ? cells : NULL, len);
		want = fz_ref_dt(&fz.ref, prop, cells, len, &allowed);
		fz_trace("dt %s len %lu -> %d (model %ld)", name[prop], len,
			 ret, want);
		free(cells);
		if (ret > 0 || ret < SBI_ERR_DENIED_LOCKED ||
		    !(allowed & FZ_ERR(ret)))
			fz_fail("%s (%lu bytes) returned %d, model %ld",
				name[prop], len, ret, want);
		fz_check_map();
	}
}

static void setup(struct fz_rd *r)
{
	uint8_t b0 = fz_u8(r), b1 = fz_u8(r), b2 = fz_u8(r);
	struct fz_cfg cfg = {
		.mcountinhibit = !(b0 & 1),
		.sscofpmf = (b0 & 2) != 0,
		.smcntrpmf = (b0 & 4) != 0,
		.hyp = (b0 & 8) != 0,
	};
	static const uint32_t hpm[4] = { 0x7fff8, 0xfffffff8, 0, 0 };
	unsigned int h, map = (b0 >> 4) & 3;

	cfg.hpm_mask = hpm[b0 >> 6];
	if ((b0 >> 6) == 2)
		cfg.hpm_mask = fz_u32(r);
	cfg.width = (b1 & 0x40) ? 64 : (b1 & 63);
	if (b2 & 1)
		cfg.zero_mask = fz_u32(r);
	fz_sim_reset(&cfg, 0x7a11e5ULL + (b2 >> 1));
	fz_sim.ptr_fails = (b2 >> 1) == 0x7f;
	fz.cfg = fz_sim.cfg;
	fz.features = (fz.cfg.mcountinhibit ? PMU_FEAT_MCOUNTINHIBIT : 0) |
		      (fz.cfg.sscofpmf ? PMU_FEAT_SSCOFPMF : 0) |
		      (fz.cfg.smcntrpmf ? PMU_FEAT_SMCNTRPMF : 0) |
		      (fz.cfg.hyp ? PMU_FEAT_HYP : 0);
	fz_ref_layout(&fz.cfg, &fz.lay);
	fz_sim.minh_mask = fz.lay.hw_mask;
	fz_mem_init();
	memset(fz.sram, FZ_SRAM_FILL, sizeof(fz.sram));
	memset(fz.m, 0, sizeof(fz.m));
	fz_trace("config: features 0x%x hpm 0x%x zero 0x%x width %u map %u",
		 fz.features, fz.cfg.hpm_mask, fz.cfg.zero_mask, fz.cfg.width,
		 map);

	/* boot hart: describe the platform */
	memset(fz.plat, 0xa5, sizeof(*fz.plat));
	fz_sim_select(0);
	pmu_platform_init(fz.plat, fz.features);
	if (b1 & 0x80)
		fz.plat->compat = 0;	/* strict answers */
	pmu_platform_probe(fz.plat);
	fz_check_setup();
	fz_ref_map_init(&fz.ref);
	fz_check_map();
	if (map == 0) {
		if (pmu_platform_default_map(fz.plat))
			fz_fail("pmu_platform_default_map failed");
		for (h = 0; h < PMU_HW_EVENT_SLOTS; h++) {
			fz.ref.sel[h] = fz.plat->events[h].selector;
			fz.ref.ctrs[h] = fz.plat->events[h].counters;
		}
	} else if (map >= 2) {
		load_dt(r);
	}
	fz_check_setup();

	/* every hart: HSM start on storage that is not zeroed */
	for (h = 0; h < FZ_HARTS; h++) {
		memset(fz.hart[h], 0xa5, sizeof(*fz.hart[h]));
		fz_sim_select(h);
		pmu_hart_init(fz.hart[h], fz.plat);
		fz_model_reset(h);
	}
	memcpy(&fz.plat_copy, fz.plat, sizeof(fz.plat_copy));
	for (h = 0; h < FZ_HARTS; h++) {
		memcpy(&fz.hart_copy[h], fz.hart[h], sizeof(fz.hart_copy[h]));
		memcpy(&fz.csr_copy[h], &fz_sim.hart[h],
		       sizeof(fz.csr_copy[h]));
	}
	for (h = 0; h < FZ_HARTS; h++) {
		unsigned int i;

		fz_check_all(h);
		for (i = 0; i < 32; i++)
			if (((fz.lay.hw_mask >> i) & 1) &&
			    fz_sim.hart[h].ctr[i])
				fz_fail("hart %u: counter %u not zero after init",
					h, i);
	}
}

/* ---- operations ---- */

static void op_ecall(struct fz_rd *r, unsigned int h, unsigned long fid)
{
	unsigned long a[6];
	unsigned int i;

	switch (fid) {
	case SBI_EXT_PMU_COUNTER_CFG_MATCH:
		a[0] = fz_gen_base(r, h);
		a[1] = fz_gen_mask(r, h, a[0]);
		a[2] = fz_gen_flags(r, PMU_CFG_VALID_MASK);
		a[3] = fz_gen_event_idx(r);
		a[4] = fz_gen_data(r);
		a[5] = fz_gen_any(r);
		break;
	case SBI_EXT_PMU_COUNTER_START:
	case SBI_EXT_PMU_COUNTER_STOP:
		a[0] = fz_gen_base(r, h);
		a[1] = fz_gen_mask(r, h, a[0]);
		a[2] = fz_gen_flags(r, PMU_START_VALID_MASK);
		a[3] = fid == SBI_EXT_PMU_COUNTER_START ? fz_gen_init(r) :
			     fz_gen_any(r);
		a[4] = fz_gen_any(r);
		a[5] = fz_gen_any(r);
		break;
	case SBI_EXT_PMU_COUNTER_GET_INFO:
	case SBI_EXT_PMU_COUNTER_FW_READ:
	case SBI_EXT_PMU_COUNTER_FW_READ_HI:
		a[0] = fz_gen_base(r, h);
		for (i = 1; i < 6; i++)
			a[i] = fz_gen_any(r);
		break;
	case SBI_EXT_PMU_SNAPSHOT_SET_SHMEM:
		if (fz_u8(r) >= 0xe0) {	/* disable */
			a[0] = ~0UL;
			a[1] = ~0UL;
		} else {
			a[0] = fz_gen_addr(r, h);
			a[1] = fz_gen_hi(r);
		}
		a[2] = fz_gen_flags(r, 0);
		a[3] = fz_gen_any(r);
		a[4] = fz_gen_any(r);
		a[5] = fz_gen_any(r);
		break;
	case SBI_EXT_PMU_EVENT_GET_INFO:
		a[0] = fz_gen_addr(r, h);
		a[1] = fz_gen_hi(r);
		a[2] = fz_gen_count(r);
		a[3] = fz_gen_flags(r, 0);
		a[4] = fz_gen_any(r);
		a[5] = fz_gen_any(r);
		break;
	default:
		for (i = 0; i < 6; i++)
			a[i] = fz_gen_any(r);
		break;
	}
	fz_do_ecall(h, fid, a, NULL);
}

static void op_fw_inc(struct fz_rd *r, unsigned int h, bool platform)
{
	struct fz_model *m = &fz.m[h];
	uint64_t data = 0, left;
	unsigned int code = PMU_FW_PLATFORM;

	if (platform)
		data = fz_gen_data(r);
	else
		code = fz_gen_fw_code(r);
	fz_trace("op %u: hart %u %s 0x%x data 0x%llx", fz.op, h,
		 platform ? "fw_event_inc(PLATFORM)" : "fw_event_inc", code,
		 (unsigned long long)data);
	fz_sim_select(h);
	/* platform events are the platform's to count: the core counts none */
	pmu_fw_event_inc(fz.hart[h], code);
	left = m->started & fz.lay.fw_mask;
	for (; left; left &= left - 1) {
		unsigned int i = (unsigned int)__builtin_ctzll(left);
		unsigned long ev = m->ev_idx[i] & 0xffff;

		if (ev == code && code < PMU_FW_STD_MAX)
			m->fwval[i - fz.lay.hw_slots]++;
	}
}

/*
 * Hardware counts events on hart h: the selector of one of its counters
 * (or any), in one privilege mode, n times; n may be chosen to make that
 * counter overflow.
 */
static void op_tick(struct fz_rd *r, unsigned int h)
{
	const struct fz_model *m = &fz.m[h];
	uint8_t b = fz_u8(r), w = fz_u8(r), c = fz_u8(r);
	enum fz_mode mode = (enum fz_mode)(b % FZ_MODES);
	unsigned int i, ctr = PMU_IDX_HPM_FIRST + w % 29;
	uint64_t sel, n, n2 = 0, before[32];

	if (w < 0xc0)
		sel = m->evt_expect[ctr] &
		      (fz.cfg.sscofpmf ? ~PMU_EVT_CTRL_MASK : ~0ULL);
	else
		sel = fz_u16(r);
	if (c < 0x80)
		n = c + 1UL;
	else if (c < 0xc0)
		n = fz_width_mask(ctr) - (c & 7);
	else {	/* to the top of that counter, then past it */
		n = fz_width_mask(ctr) - (fz_sim.hart[h].ctr[ctr] &
					  fz_width_mask(ctr));
		n2 = 1 + (c & 7);
	}
	fz_trace("op %u: hart %u count %llu+%llu events 0x%llx (fixed 0x%x) in mode %u",
		 fz.op, h, (unsigned long long)n, (unsigned long long)n2,
		 (unsigned long long)sel, (b >> 3) & 5, mode);
	memcpy(before, fz_sim.hart[h].ctr, sizeof(before));
	fz_sim_select(h);
	fz_sim_count(mode, sel, (b >> 3) & 5, n);
	if (n2)
		fz_sim_count(mode, sel, (b >> 3) & 5, n2);
	if (mode != FZ_M)
		return;
	/* firmware activity is invisible to the supervisor's counters */
	for (i = 0; i < 32; i++) {
		bool filt = i >= PMU_IDX_HPM_FIRST ? fz.cfg.sscofpmf :
			    fz.cfg.smcntrpmf;

		if (((fz.lay.hw_mask >> i) & 1) && filt &&
		    fz_sim.hart[h].ctr[i] != before[i])
			fz_fail("hart %u: counter %u counted M-mode events", h,
				i);
	}
}

static void op_hsm_stop(struct fz_rd *r, unsigned int h)
{
	uint8_t b = fz_u8(r);
	unsigned int i;
	struct fz_model *m = &fz.m[h];
	/* the snapshot memory outlives the stop (PMU_COMPAT_SNAPSHOT_KEEP) */
	bool keep = (fz.plat->compat & PMU_COMPAT_SNAPSHOT_KEEP) &&
		    m->last_set;
	unsigned long last = m->last_addr;

	fz_trace("op %u: hart %u HSM stop%s, start", fz.op, h,
		 (b & 1) ? " (state lost)" : "");
	fz_sim_select(h);
	pmu_hart_stop(fz.hart[h]);
	fz_model_reset(h);
	m->last_set = keep;	/* only re-armable memory matters now */
	m->last_addr = last;
	m->rearm = keep;
	fz_check_all(h);
	if (b & 1)
		fz_sim_scramble(b);
	pmu_hart_init(fz.hart[h], fz.plat);
	for (i = 0; i < 32; i++)
		if (((fz.lay.hw_mask >> i) & 1) && fz_sim.hart[h].ctr[i])
			fz_fail("hart %u: counter %u not zero after HSM start",
				h, i);
}

static void op_suspend(unsigned int h)
{
	struct fz_model *m = &fz.m[h];
	unsigned int i;

	fz_trace("op %u: hart %u suspend", fz.op, h);
	fz_sim_select(h);
	pmu_hart_suspend(fz.hart[h]);
	m->suspended = true;
	for (i = 0; i < 32; i++) {
		m->susp_ctr[i] = fz_sim.hart[h].ctr[i];
		m->susp_evt[i] = fz_csr_event(h, i);
	}
}

static void op_resume(unsigned int h, bool lost, uint8_t seed)
{
	struct fz_model *m = &fz.m[h];
	unsigned int i;

	fz_trace("op %u: hart %u resume%s", fz.op, h,
		 lost ? " (state lost)" : "");
	fz_sim_select(h);
	if (lost)
		fz_sim_scramble(seed);
	pmu_hart_resume(fz.hart[h]);
	m->suspended = false;
	for (i = 0; i < 32; i++) {
		/* cycle/instret that never stop get their values back too */
		if ((((fz.lay.hw_mask | fz.lay.nostop_mask) >> i) & 1) &&
		    fz_sim.hart[h].ctr[i] != m->susp_ctr[i])
			fz_fail("hart %u: counter %u is 0x%llx after resume, was 0x%llx",
				h, i, (unsigned long long)fz_sim.hart[h].ctr[i],
				(unsigned long long)m->susp_ctr[i]);
		if (!((fz.lay.hw_mask >> i) & 1))
			continue;
		if (fz_csr_event(h, i) != m->susp_evt[i])
			fz_fail("hart %u: counter %u event 0x%llx after resume, was 0x%llx",
				h, i, (unsigned long long)fz_csr_event(h, i),
				(unsigned long long)m->susp_evt[i]);
	}
}

/* The supervisor writes its own RAM: event_get_info entries. */
static void op_write_entries(struct fz_rd *r, unsigned int h)
{
	unsigned long addr = fz_gen_addr(r, h) & ~15UL, n, i;

	if (!fz_sram_range(addr, 16))
		addr = FZ_SRAM_BASE + (addr % FZ_SRAM_SIZE);
	n = fz_u8(r) % 16 + 1;
	if (n > (FZ_RAM_END - addr) / 16)
		n = (FZ_RAM_END - addr) / 16;
	fz_trace("op %u: hart %u writes %lu event entries at 0x%lx", fz.op, h,
		 n, addr);
	for (i = 0; i < n; i++) {
		uint8_t *e = &fz.sram[addr + 16 * i - FZ_SRAM_BASE];
		uint32_t idx = (uint32_t)fz_gen_event_idx(r);
		uint32_t out = fz_u8(r) * 0x01010101U;
		uint64_t data = fz_gen_data(r);

		fz_trace("  entry %lu: event_idx 0x%x data 0x%llx", i, idx,
			 (unsigned long long)data);
		memcpy(e, &idx, 4);
		memcpy(e + 4, &out, 4);
		memcpy(e + 8, &data, 8);
	}
	fz_mem_open_all();
	memcpy(fz_mem(addr), &fz.sram[addr - FZ_SRAM_BASE], n * 16);
	fz_mem_close_all();
}

/* The supervisor writes a word of a snapshot area (its own or a page). */
static void op_write_snapshot(struct fz_rd *r, unsigned int h)
{
	const struct fz_model *m = &fz.m[h];
	uint8_t b = fz_u8(r);
	unsigned int k = fz_u8(r) % 65;
	uint64_t v = fz_gen_init(r);
	unsigned long addr;

	addr = m->snap_set && !(b & 0x80) ? m->snap_addr :
	       FZ_SRAM_BASE + (b & 7) * 0x1000UL;
	addr += 8UL * k;
	fz_trace("op %u: hart %u writes 0x%llx at 0x%lx", fz.op, h,
		 (unsigned long long)v, addr);
	memcpy(&fz.sram[addr - FZ_SRAM_BASE], &v, 8);
	fz_mem_open_all();
	memcpy(fz_mem(addr), &v, 8);
	fz_mem_close_all();
}

/* op kind (bits 2-7 of the op byte) -> SBI function, or an operation */
static const int8_t ecall_of[64] = {
	2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4,
	4, 4, 4, 5, 5, 6, 1, 1, 0, 7, 7, 7, 8, 8, 8, -1,
	-2, -2, -2, -2, -2, -2, -3, -3, -4, -4, -4, -4, -5, -5, -6, -6,
	-6, -7, -7, -7, -8, -8, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4,
};

static void run_op(struct fz_rd *r)
{
	uint8_t op = fz_u8(r);
	unsigned int h = op & 3;
	int kind = ecall_of[op >> 2];

	fz.op++;
	if (fz.m[h].suspended && kind != -6) {
		/* whatever wakes the hart, HSM resumes it first */
		op_resume(h, false, 0);
		fz_check_all(h);
	}
	if (kind >= 0) {
		op_ecall(r, h, (unsigned long)kind);
	} else {
		switch (kind) {
		case -1:
			op_ecall(r, h, fz_gen_any(r) + 9);
			break;
		case -2:
			op_fw_inc(r, h, false);
			break;
		case -3:
			op_fw_inc(r, h, true);
			break;
		case -4:
			op_tick(r, h);
			break;
		case -5:
			op_hsm_stop(r, h);
			break;
		case -6:
			if (fz.m[h].suspended) {
				uint8_t b = fz_u8(r);

				op_resume(h, b & 1, b);
			} else {
				op_suspend(h);
			}
			break;
		case -7:
			op_write_entries(r, h);
			break;
		default:
			op_write_snapshot(r, h);
			break;
		}
	}
	fz_check_all(h);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fz_rd r = { .p = data, .n = size, .i = 0 };

	fz.op = 0;
	setup(&r);
	while (fz_left(&r) && fz.op < FZ_MAX_OPS)
		run_op(&r);
	return 0;
}
