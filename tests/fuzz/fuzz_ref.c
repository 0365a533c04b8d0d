/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The reference model: what each SBI PMU call must return and do, written
 * from the SBI v3.0 PMU chapter and the core's documented choices
 * (include/pmu/pmu.h), independently of lib/pmu. Where the spec leaves a
 * choice open, the core's choice is the expected answer: arguments are
 * checked in the order flags, set or alignment, snapshot memory, address,
 * state; RESET of a mapped, stopped counter is SUCCESS; an unmapped
 * firmware counter cannot be read. Only which candidate counter
 * config_matching picks is left open (any counter able to count it).
 *
 * fz_do_ecall() runs one call on a hart: it predicts the outcome, opens
 * exactly the supervisor memory the call may touch, makes the call, checks
 * the answer and advances the model. fz_check_all() then compares the
 * whole hart (core state, CSRs, memory) with the model.
 */
#include <string.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include "fuzz.h"

#define CFG_INH(f)	((((uint64_t)(f) >> PMU_CFG_INH_SHIFT) & 0x1f) << \
			 PMU_EVT_INH_SHIFT)
#define ERR_OK		FZ_ERR(SBI_SUCCESS)
#define ERR_PARAM	FZ_ERR(SBI_ERR_INVALID_PARAM)
#define ERR_ADDR	FZ_ERR(SBI_ERR_INVALID_ADDRESS)
#define ERR_NOTSUP	FZ_ERR(SBI_ERR_NOT_SUPPORTED)
#define ERR_FAILED	FZ_ERR(SBI_ERR_FAILED)

static unsigned int ctz64(uint64_t x)
{
	return (unsigned int)__builtin_ctzll(x);
}

/* ---- platform ---- */

void fz_ref_layout(const struct fz_cfg *cfg, struct fz_layout *l)
{
	uint32_t hw = 0, nostop = 0;
	unsigned int i;

	memset(l, 0, sizeof(*l));
	if (cfg->mcountinhibit)
		hw = (1U << PMU_IDX_CYCLE) | (1U << PMU_IDX_INSTRET) |
		     (cfg->hpm_mask & ~cfg->zero_mask & PMU_HPM_MASK);
	else	/* nothing can stop: cycle and instret run, served as such */
		nostop = (1U << PMU_IDX_CYCLE) | (1U << PMU_IDX_INSTRET);
	l->hw_mask = hw;
	l->nostop_mask = nostop;
	for (i = 0; i < 32; i++)
		if (((hw | nostop) >> i) & 1)
			l->hw_slots = i + 1;
	l->num_ctrs = l->hw_slots + PMU_FW_CTR_MAX;
	l->fw_mask = 0xffffffffULL << l->hw_slots;
	l->valid_mask = l->fw_mask | hw | nostop;
	for (i = 0; i < 32; i++)
		l->width[i] = i < PMU_IDX_HPM_FIRST ? 64 : cfg->width;
}

void fz_ref_map_init(struct fz_ref_map *m)
{
	unsigned int i;

	memset(m, 0, sizeof(*m));
	for (i = 0; i < PMU_HW_GENERAL_MAX; i++)
		m->sel[i] = i;
	for (i = 0; i < PMU_CACHE_CODE_MAX; i++)
		m->sel[PMU_HW_GENERAL_MAX + i] = 0x10000UL | i;
	m->ctrs[PMU_HW_CPU_CYCLES] = 1U << PMU_IDX_CYCLE;
	m->ctrs[PMU_HW_INSTRUCTIONS] = 1U << PMU_IDX_INSTRET;
}

/* slot of a general (1..10) or cache (op != 3) event, else -1 */
int fz_ref_slot(unsigned long event_idx)
{
	unsigned long code = event_idx & 0xffff;

	switch (event_idx >> 16) {
	case 0:
		return code >= 1 && code <= 10 ? (int)code : -1;
	case 1:
		if (code >= 7 * 8 || ((code >> 1) & 3) == 3)
			return -1;
		return PMU_HW_GENERAL_MAX + (int)code;
	default:
		return -1;
	}
}

static uint32_t be32(const uint8_t *p)
{
	return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
	       ((uint32_t)p[2] << 8) | p[3];
}

static uint64_t be64(const uint8_t *p)
{
	return ((uint64_t)be32(p) << 32) | be32(p + 4);
}

/*
 * One riscv,pmu property applied to the reference map, as pmu.h documents
 * it. Returns the error (0: loaded); *allowed gets every acceptable one.
 */
long fz_ref_dt(struct fz_ref_map *m, unsigned int prop, const uint8_t *c,
	       unsigned long len, uint32_t *allowed)
{
	unsigned long row = prop == 2 ? 20 : 12, n, i;
	bool bad = false, full = false;

	*allowed = ERR_PARAM;
	if (!len || len % row)
		return SBI_ERR_INVALID_PARAM;
	n = len / row;
	for (i = 0; i < n; i++) {
		const uint8_t *p = c + i * row;
		uint32_t s = be32(p), e = be32(p + 4);

		if (prop == 0 && fz_ref_slot(s) < 0)
			bad = true;
		if (prop == 1) {
			uint32_t type = s >> 16, last;

			last = type == 0 ? 10 : 55;
			if (s > e || type != e >> 16 || type > 1 ||
			    (e & 0xffff) > last)
				bad = true;
		}
		if (prop == 2 && (be64(p) & ~be64(p + 8)))
			bad = true;
	}
	if (prop == 2 && m->num_raw + n > PMU_RAW_MAP_MAX)
		full = true;
	if (bad || full) {
		/* every row is checked before the room for them */
		*allowed = bad ? ERR_PARAM : ERR_FAILED;
		return bad ? SBI_ERR_INVALID_PARAM : SBI_ERR_FAILED;
	}
	for (i = 0; i < n; i++) {
		const uint8_t *p = c + i * row;
		uint32_t ev;

		if (prop == 0) {
			m->sel[fz_ref_slot(be32(p))] = be64(p + 4);
		} else if (prop == 1) {
			for (ev = be32(p); ev <= be32(p + 4); ev++) {
				uint32_t keep = PMU_HPM_MASK;
				int slot = fz_ref_slot(ev);

				if (slot < 0)
					continue;
				if (ev == PMU_HW_CPU_CYCLES)
					keep |= 1U << PMU_IDX_CYCLE;
				if (ev == PMU_HW_INSTRUCTIONS)
					keep |= 1U << PMU_IDX_INSTRET;
				m->ctrs[slot] |= be32(p + 8) & keep;
			}
		} else {
			struct pmu_raw_map *r = &m->raw[m->num_raw++];

			r->base = be64(p);
			r->mask = be64(p + 8);
			r->counters = be32(p + 16) & PMU_HPM_MASK;
		}
	}
	*allowed = ERR_OK;
	return 0;
}

/* ---- events and counter sets ---- */

bool fz_ref_set(unsigned long base, unsigned long mask, uint64_t *set)
{
	unsigned int k;

	*set = 0;
	if (!mask)
		return false;
	for (k = 0; k < 64; k++) {
		unsigned long idx;

		if (!((mask >> k) & 1))
			continue;
		if (base >= 64 || k >= 64 - base)
			return false;
		idx = base + k;
		if (idx >= fz.lay.num_ctrs || !((fz.lay.valid_mask >> idx) & 1))
			return false;
		*set |= 1ULL << idx;
	}
	return true;
}

bool fz_ref_fw_valid(unsigned long event_idx, uint64_t data)
{
	unsigned long code = event_idx & 0xffff;

	/* the simulated host has no platform events (fuzz_sim.c) */
	if ((event_idx >> 16) != PMU_EV_TYPE_FW)
		return false;
	return !data && code < PMU_FW_STD_MAX;
}

uint32_t fz_ref_hw_ctrs(unsigned long event_idx, uint64_t data, uint64_t *sel)
{
	uint64_t width;
	uint32_t ctrs = 0;
	unsigned int i;
	int slot;

	switch (event_idx >> 16) {
	case PMU_EV_TYPE_HW:
	case PMU_EV_TYPE_CACHE:
		slot = fz_ref_slot(event_idx);
		if (slot < 0 || data)
			return 0;
		*sel = fz.ref.sel[slot];
		/* cycles and instructions also on cycle/instret that never stop */
		return fz.ref.ctrs[slot] & (fz.lay.hw_mask | fz.lay.nostop_mask);
	case PMU_EV_TYPE_RAW:
		width = (1ULL << 48) - 1;
		break;
	case PMU_EV_TYPE_RAW_V2:
		width = (1ULL << 56) - 1;
		break;
	default:
		return 0;
	}
	if ((event_idx & 0xffff) || (data & ~width))
		return 0;
	for (i = 0; i < fz.ref.num_raw; i++)
		if ((data & fz.ref.raw[i].mask) == fz.ref.raw[i].base)
			ctrs |= fz.ref.raw[i].counters;
	*sel = data;
	return ctrs & fz.lay.hw_mask;
}

bool fz_ref_supported(unsigned long event_idx, uint64_t data)
{
	uint64_t sel;

	return fz_ref_fw_valid(event_idx, data) ||
	       fz_ref_hw_ctrs(event_idx, data, &sel);
}

/* The event CSR of hardware counter idx configured for sel and flags. */
uint64_t fz_ref_evt(unsigned int idx, uint64_t sel, unsigned long flags)
{
	uint64_t inh = PMU_EVT_MINH | CFG_INH(flags);

	if (idx >= PMU_IDX_HPM_FIRST) {
		if (!fz.cfg.sscofpmf)
			return sel & fz_evt_wmask();
		return ((sel & ~PMU_EVT_CTRL_MASK) | inh) & fz_evt_wmask();
	}
	return fz.cfg.smcntrpmf ? inh & fz_cfg_wmask() : 0;
}

/* The event of a counter bound to nothing: 0 on an mhpmcounter (QEMU
 * 10.0 forgets a counter's event only then), MINH on cycle/instret. */
uint64_t fz_ref_idle_evt(unsigned int idx)
{
	return idx >= PMU_IDX_HPM_FIRST ? 0 : fz_ref_evt(idx, 0, 0);
}

uint64_t fz_csr_event(unsigned int h, unsigned int idx)
{
	const struct fz_csr *c = &fz_sim.hart[h];

	if (idx == PMU_IDX_CYCLE)
		return fz.cfg.smcntrpmf ? c->cyclecfg : 0;
	if (idx == PMU_IDX_INSTRET)
		return fz.cfg.smcntrpmf ? c->instretcfg : 0;
	return c->evt[idx];
}

uint64_t fz_ref_ctr_value(unsigned int h, unsigned int idx)
{
	if (idx >= fz.lay.hw_slots)
		return fz.m[h].fwval[idx - fz.lay.hw_slots];
	return fz_sim.hart[h].ctr[idx];
}

/* ---- shadow memory helpers ---- */

static uint8_t *shadow(unsigned long addr)
{
	return &fz.sram[addr - FZ_SRAM_BASE];
}

static uint64_t shadow_u64(unsigned long addr)
{
	uint64_t v;

	memcpy(&v, shadow(addr), 8);
	return v;
}

static void shadow_put_u64(unsigned long addr, uint64_t v)
{
	memcpy(shadow(addr), &v, 8);
}

/* ---- the calls ---- */

static uint64_t ctr_expect[32];	/* hardware counter values after a call */

static const char *const fid_name[] = {
	"num_counters", "counter_get_info", "counter_config_matching",
	"counter_start", "counter_stop", "counter_fw_read",
	"counter_fw_read_hi", "snapshot_set_shmem", "event_get_info",
};

static const char *name_of(unsigned long fid)
{
	return fid < 9 ? fid_name[fid] : "unknown";
}

static long call(unsigned int h, unsigned long fid, const unsigned long *a,
		 unsigned long *value, uint32_t allowed)
{
	unsigned long args[6];
	long ret;

	memcpy(args, a, sizeof(args));
	fz_sim_select(h);
	fz_smem_begin_call();
	*value = 0xbadc0ffeeUL;
	ret = pmu_sbi_ecall(fz.hart[h], fid, args, value);
	fz_mem_close_all();
	fz_trace("  -> error %ld value 0x%lx", ret, *value);
	if (ret > 0 || ret < SBI_ERR_DENIED_LOCKED)
		fz_fail("hart %u %s: %ld is not an SBI error code", h,
			name_of(fid), ret);
	if (memcmp(args, a, sizeof(args)))
		fz_fail("hart %u %s: the argument array was modified", h,
			name_of(fid));
	if (ret && *value)
		fz_fail("hart %u %s: error %ld with value 0x%lx (not 0)", h,
			name_of(fid), ret, *value);
	if (!(allowed & FZ_ERR(ret)))
		fz_fail("hart %u %s(0x%lx, 0x%lx, 0x%lx, 0x%lx, 0x%lx, 0x%lx) returned %ld; allowed set 0x%x (bit n = error -n)",
			h, name_of(fid), a[0], a[1], a[2], a[3], a[4], a[5],
			ret, allowed);
	return ret;
}

/* Config flags that ask for privilege filtering (VS/VU only with H). */
static unsigned long filter_flags(void)
{
	return PMU_CFG_SET_SINH | PMU_CFG_SET_UINH |
	       (fz.cfg.hyp ? PMU_CFG_SET_VSINH | PMU_CFG_SET_VUINH : 0);
}

static void ec_cfg_match(unsigned int h, const unsigned long *a)
{
	struct fz_model *m = &fz.m[h];
	unsigned long flags = a[2], ev = a[3], val;
	uint64_t data = a[4], set, cand = 0, sel = 0, bit;
	uint32_t allowed;
	bool fw = false;
	unsigned int c;

	if (!fz_ref_set(a[0], a[1], &set) || (flags & ~PMU_CFG_VALID_MASK)) {
		allowed = ERR_PARAM;
	} else {
		uint64_t hw;

		fw = fz_ref_fw_valid(ev, data);
		hw = fw ? fz.lay.fw_mask : fz_ref_hw_ctrs(ev, data, &sel);
		cand = set & hw;
		if (flags & PMU_CFG_SKIP_MATCH) {
			/* the first counter of the set, if it is free */
			bit = set & -set;
			cand &= (m->started & bit) ? 0 : bit;
		} else {
			cand &= ~m->mapped;
		}
		/*
		 * Filter hints (config_flags[3:7]) may be ignored, so they do
		 * not make an event unsupported, except that cycle and
		 * instret without Smcntrpmf serve only unfiltered requests
		 * (docs/delegation.md), and so do those that never stop.
		 */
		if (!fw && (!fz.cfg.smcntrpmf || fz.lay.nostop_mask) &&
		    (flags & filter_flags()))
			cand &= ~(uint64_t)PMU_FIXED_MASK;
		allowed = cand ? ERR_OK : ERR_NOTSUP;
	}
	if (call(h, SBI_EXT_PMU_COUNTER_CFG_MATCH, a, &val, allowed))
		return;
	if (val >= 64 || !((cand >> val) & 1))
		fz_fail("hart %u config_matching gave counter %lu, candidates 0x%llx (mapped 0x%llx started 0x%llx)",
			h, val, (unsigned long long)cand,
			(unsigned long long)m->mapped,
			(unsigned long long)m->started);
	c = (unsigned int)val;
	bit = 1ULL << c;
	m->mapped |= bit;
	m->ev_idx[c] = ev;
	m->ev_data[c] = data;
	m->last_idx = c;
	if (fw) {
		if (flags & PMU_CFG_CLEAR_VALUE)
			m->fwval[c - fz.lay.hw_slots] = 0;
	} else {
		m->evt_expect[c] = fz_ref_evt(c, sel, flags);
		if (flags & PMU_CFG_CLEAR_VALUE)
			ctr_expect[c] = 0;
	}
	if (flags & PMU_CFG_AUTO_START)
		m->started |= bit;
}

/*
 * A snapshot flag on a valid call: the memory, or the one kept over an
 * HSM stop (PMU_COMPAT_SNAPSHOT_KEEP), which then becomes the memory.
 */
static bool snap_usable(struct fz_model *m)
{
	if (!m->snap_set && m->rearm) {
		m->snap_set = true;
		m->snap_addr = m->last_addr;
		m->rearm = false;
	}
	return m->snap_set;
}

/* Linux 6.12's restart: base XLEN * XLEN with INIT_SNAPSHOT means 0. */
static unsigned long start_base(unsigned long base, unsigned long flags)
{
	if ((fz.plat->compat & PMU_COMPAT_RESTART_BASE) &&
	    base == 64UL * 64 && (flags & PMU_START_INIT_SNAPSHOT))
		return 0;
	return base;
}

static void ec_start(unsigned int h, const unsigned long *a)
{
	struct fz_model *m = &fz.m[h];
	unsigned long flags = a[2], base = a[0], val;
	uint64_t set, todo = 0, left;
	uint32_t allowed = 0;

	if (!fz_ref_set(base, a[1], &set))
		base = start_base(base, flags);
	if (!fz_ref_set(base, a[1], &set) ||
	    (flags & ~PMU_START_VALID_MASK) ||
	    (flags & PMU_START_VALID_MASK) == PMU_START_VALID_MASK) {
		allowed = ERR_PARAM;
	} else {
		/* the memory is checked before the counters' state */
		if ((flags & PMU_START_INIT_SNAPSHOT) && !snap_usable(m))
			allowed = FZ_ERR(SBI_ERR_NO_SHMEM);
		else if (set & ~m->mapped)
			allowed = ERR_PARAM;	/* no event to count */
		if (!allowed) {
			todo = set & ~m->started;
			allowed = todo == set ? ERR_OK :
				  FZ_ERR(SBI_ERR_ALREADY_STARTED);
			if (flags & PMU_START_INIT_SNAPSHOT)
				fz_mem_open(m->snap_addr, PMU_SNAPSHOT_SIZE);
		}
	}
	if (call(h, SBI_EXT_PMU_COUNTER_START, a, &val, allowed) &&
	    !todo)
		return;
	for (left = todo; left; left &= left - 1) {
		unsigned int i = ctz64(left);
		uint64_t v;

		if (flags & PMU_START_SET_INIT_VALUE)
			v = a[3];
		else if (flags & PMU_START_INIT_SNAPSHOT)
			v = shadow_u64(m->snap_addr + 8 + 8 * (i - base));
		else
			continue;
		if (i >= fz.lay.hw_slots)
			m->fwval[i - fz.lay.hw_slots] = v;
		else
			ctr_expect[i] = v & fz_width_mask(i);
	}
	m->started |= todo;
}

static void ec_stop(unsigned int h, const unsigned long *a)
{
	struct fz_model *m = &fz.m[h];
	unsigned long flags = a[2], base = a[0], val;
	uint64_t set, run = 0, mapped = 0, left, of = 0;
	uint32_t allowed;
	bool valid = false;

	if (!fz_ref_set(base, a[1], &set) || (flags & ~PMU_STOP_VALID_MASK)) {
		allowed = ERR_PARAM;
	} else if ((flags & PMU_STOP_TAKE_SNAPSHOT) && !snap_usable(m)) {
		allowed = FZ_ERR(SBI_ERR_NO_SHMEM);
	} else {
		uint64_t stopped = set & ~m->started;

		valid = true;
		run = set & m->started;
		mapped = set & m->mapped;
		/* RESET of a configured, stopped counter releases it: SUCCESS */
		if (!stopped ||
		    ((flags & PMU_STOP_RESET) && !(stopped & ~mapped)))
			allowed = ERR_OK;
		else
			allowed = FZ_ERR(SBI_ERR_ALREADY_STOPPED);
		if (flags & PMU_STOP_TAKE_SNAPSHOT)
			fz_mem_open(m->snap_addr, PMU_SNAPSHOT_SIZE);
		/* overflow as it is now: RESET rewrites the events */
		for (left = set & fz.lay.hw_mask & PMU_HPM_MASK; left;
		     left &= left - 1) {
			unsigned int i = ctz64(left);

			if (fz.cfg.sscofpmf &&
			    (fz_sim.hart[h].evt[i] & PMU_EVT_OF))
				of |= 1ULL << (i - base);
		}
	}
	call(h, SBI_EXT_PMU_COUNTER_STOP, a, &val, allowed);
	if (!valid)
		return;
	m->started &= ~run;
	if (flags & PMU_STOP_TAKE_SNAPSHOT) {
		for (left = mapped; left; left &= left - 1) {
			unsigned int i = ctz64(left);

			shadow_put_u64(m->snap_addr + 8 + 8 * (i - base),
				       fz_ref_ctr_value(h, i));
		}
		shadow_put_u64(m->snap_addr, of);
	}
	if (flags & PMU_STOP_RESET) {
		for (left = mapped; left; left &= left - 1) {
			unsigned int i = ctz64(left);

			if (i < fz.lay.hw_slots)
				m->evt_expect[i] = fz_ref_idle_evt(i);
		}
		m->mapped &= ~mapped;
	}
}

static void ec_fw_read(unsigned int h, unsigned long fid,
		       const unsigned long *a)
{
	struct fz_model *m = &fz.m[h];
	unsigned long idx = a[0], val, want = 0;
	uint32_t allowed = ERR_PARAM;

	if (idx < fz.lay.num_ctrs && idx >= fz.lay.hw_slots) {
		want = fid == SBI_EXT_PMU_COUNTER_FW_READ ?
		       m->fwval[idx - fz.lay.hw_slots] : 0;
		/* an unconfigured firmware counter is refused */
		allowed = ((m->mapped >> idx) & 1) ? ERR_OK : ERR_PARAM;
	}
	if (call(h, fid, a, &val, allowed))
		return;
	if (val != want)
		fz_fail("hart %u %s(%lu) = 0x%lx, model says 0x%lx", h,
			name_of(fid), idx, val, want);
}

static void ec_get_info(unsigned int h, const unsigned long *a)
{
	unsigned long idx = a[0], val, want = 0;
	uint32_t allowed = ERR_PARAM;

	if (idx < fz.lay.num_ctrs && idx >= fz.lay.hw_slots) {
		allowed = ERR_OK;
		want = PMU_CTR_INFO_TYPE_FW;
	} else if (idx < 32 &&
		   (((fz.lay.hw_mask | fz.lay.nostop_mask) >> idx) & 1)) {
		allowed = ERR_OK;
		want = PMU_CSR_COUNTER(idx) |
		       ((unsigned long)(fz.lay.width[idx] - 1)
			<< PMU_CTR_INFO_WIDTH_SHIFT);
	}
	if (call(h, SBI_EXT_PMU_COUNTER_GET_INFO, a, &val, allowed))
		return;
	/* csr and width of a firmware counter are to be ignored */
	if (want & PMU_CTR_INFO_TYPE_FW)
		val &= ~(PMU_CTR_INFO_CSR_MASK | PMU_CTR_INFO_WIDTH_MASK);
	if (val != want)
		fz_fail("hart %u counter_get_info(%lu) = 0x%lx, want 0x%lx", h,
			idx, val, want);
}

static void ec_snapshot(unsigned int h, const unsigned long *a)
{
	struct fz_model *m = &fz.m[h];
	unsigned long lo = a[0], hi = a[1], val;
	uint32_t allowed = 0;
	bool disable = lo == ~0UL && hi == ~0UL;

	if (a[2]) {
		allowed = ERR_PARAM;
	} else if (!disable) {
		/* alignment is checked before the address */
		if (lo & (PMU_SNAPSHOT_ALIGN - 1))
			allowed = ERR_PARAM;
		else if (hi || !fz_sram_range(lo, PMU_SNAPSHOT_SIZE))
			allowed = ERR_ADDR;
	}
	if (!allowed)
		allowed = disable || !fz_sim.ptr_fails ? ERR_OK : ERR_FAILED;
	/* no memory is opened: setting the area must not touch it */
	switch (call(h, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, a, &val, allowed)) {
	case SBI_SUCCESS:
		m->rearm = false;
		m->snap_set = !disable;
		m->snap_addr = disable ? 0 : lo;
		if (!disable) {
			m->last_set = true;
			m->last_addr = lo;
		}
		break;
	case SBI_ERR_FAILED:
		/* the old area may stay or go; nothing is kept */
		if (!fz.hart[h]->snap)
			m->snap_set = false;
		m->last_set = m->rearm = false;
		break;
	}
}

static void ec_event_info(unsigned int h, const unsigned long *a)
{
	unsigned long lo = a[0], n = a[2], val, i;
	uint32_t allowed;
	bool rsvd = false;

	/* flags and alignment first, then n = 0 (nothing to do), address */
	if (a[3] || (lo & (PMU_EVENT_INFO_ALIGN - 1))) {
		allowed = ERR_PARAM;
	} else if (!n) {
		allowed = ERR_OK;
	} else if (n > ~0UL / 16 || a[1] || !fz_sram_range(lo, n * 16)) {
		allowed = ERR_ADDR;
	} else {
		for (i = 0; i < n; i++)
			if (*(uint32_t *)shadow(lo + 16 * i) &
			    PMU_EVENT_INFO_IDX_RSVD)
				rsvd = true;
		allowed = rsvd ? ERR_PARAM : ERR_OK;
		if (fz_sim.ptr_fails)
			allowed = ERR_FAILED;
		else
			fz_mem_open(lo, n * 16);
	}
	if (call(h, SBI_EXT_PMU_EVENT_GET_INFO, a, &val, allowed) || !n)
		return;
	for (i = 0; i < n; i++) {
		uint8_t *e = shadow(lo + 16 * i);
		uint32_t idx, out;
		uint64_t data = 0;

		memcpy(&idx, e, 4);
		idx &= PMU_EVIDX_MASK;
		if (idx >> 16 == PMU_EV_TYPE_RAW ||
		    idx >> 16 == PMU_EV_TYPE_RAW_V2 ||
		    idx >> 16 == PMU_EV_TYPE_FW)
			memcpy(&data, e + 8, 8);
		out = fz_ref_supported(idx, data) ?
		      PMU_EVENT_INFO_SUPPORTED : 0;
		memcpy(e + 4, &out, 4);
	}
}

long fz_do_ecall(unsigned int h, unsigned long fid, const unsigned long *a,
		 unsigned long *value)
{
	const struct fz_csr *c = &fz_sim.hart[h];
	unsigned long val = 0;
	unsigned int i;

	fz_trace("op %u: hart %u %s fid=0x%lx a=(0x%lx, 0x%lx, 0x%lx, 0x%lx, 0x%lx, 0x%lx)",
		 fz.op, h, name_of(fid), fid, a[0], a[1], a[2], a[3], a[4],
		 a[5]);
	memcpy(ctr_expect, c->ctr, sizeof(ctr_expect));
	switch (fid) {
	case SBI_EXT_PMU_NUM_COUNTERS:
		call(h, fid, a, &val, ERR_OK);
		if (val != fz.lay.num_ctrs)
			fz_fail("num_counters = %lu, want %u", val,
				fz.lay.num_ctrs);
		break;
	case SBI_EXT_PMU_COUNTER_GET_INFO:
		ec_get_info(h, a);
		break;
	case SBI_EXT_PMU_COUNTER_CFG_MATCH:
		ec_cfg_match(h, a);
		break;
	case SBI_EXT_PMU_COUNTER_START:
		ec_start(h, a);
		break;
	case SBI_EXT_PMU_COUNTER_STOP:
		ec_stop(h, a);
		break;
	case SBI_EXT_PMU_COUNTER_FW_READ:
	case SBI_EXT_PMU_COUNTER_FW_READ_HI:
		ec_fw_read(h, fid, a);
		break;
	case SBI_EXT_PMU_SNAPSHOT_SET_SHMEM:
		ec_snapshot(h, a);
		break;
	case SBI_EXT_PMU_EVENT_GET_INFO:
		ec_event_info(h, a);
		break;
	default:
		call(h, fid, a, &val, ERR_NOTSUP);
		break;
	}
	/* a call changes a hardware counter only by initialising it */
	for (i = 0; i < 32; i++)
		if ((((fz.lay.hw_mask | fz.lay.nostop_mask) >> i) & 1) &&
		    c->ctr[i] != ctr_expect[i])
			fz_fail("hart %u %s: counter %u is 0x%llx, want 0x%llx",
				h, name_of(fid), i,
				(unsigned long long)c->ctr[i],
				(unsigned long long)ctr_expect[i]);
	if (value)
		*value = val;
	return 0;
}

/* ---- whole-state checks ---- */

void fz_model_reset(unsigned int h)
{
	struct fz_model *m = &fz.m[h];
	unsigned int i;

	memset(m, 0, sizeof(*m));
	for (i = 0; i < 32; i++)
		m->evt_expect[i] = fz_ref_idle_evt(i);
}

void fz_check_setup(void)
{
	const struct pmu_platform *p = fz.plat;
	const struct fz_layout *l = &fz.lay;
	unsigned int i;

	/* filter_mask and of_mask are the core's own business */
	if (p->hw_mask != l->hw_mask || p->nostop_mask != l->nostop_mask ||
	    p->hw_slots != l->hw_slots ||
	    p->num_ctrs != l->num_ctrs || p->fw_mask != l->fw_mask ||
	    p->valid_mask != l->valid_mask)
		fz_fail("platform layout: hw 0x%x/0x%x slots %u/%u ctrs %u/%u fw 0x%llx/0x%llx valid 0x%llx/0x%llx (core/model)",
			p->hw_mask, l->hw_mask, p->hw_slots, l->hw_slots,
			p->num_ctrs, l->num_ctrs,
			(unsigned long long)p->fw_mask,
			(unsigned long long)l->fw_mask,
			(unsigned long long)p->valid_mask,
			(unsigned long long)l->valid_mask);
	for (i = 0; i < 32; i++)
		if (((l->hw_mask >> i) & 1) &&
		    p->hw_width[i] + 1U != l->width[i])
			fz_fail("counter %u: width %u, want %u", i,
				p->hw_width[i] + 1U, l->width[i]);
}

void fz_check_map(void)
{
	const struct pmu_platform *p = fz.plat;
	unsigned int i;

	for (i = 0; i < PMU_HW_EVENT_SLOTS; i++)
		if (p->events[i].selector != fz.ref.sel[i] ||
		    p->events[i].counters != fz.ref.ctrs[i])
			fz_fail("event slot %u: selector 0x%llx counters 0x%x, DT says 0x%llx 0x%x",
				i, (unsigned long long)p->events[i].selector,
				p->events[i].counters,
				(unsigned long long)fz.ref.sel[i],
				fz.ref.ctrs[i]);
	if (p->num_raw != fz.ref.num_raw)
		fz_fail("raw map rows %u, want %u", p->num_raw, fz.ref.num_raw);
	for (i = 0; i < p->num_raw; i++)
		if (memcmp(&p->raw[i], &fz.ref.raw[i], sizeof(p->raw[i])))
			fz_fail("raw map row %u differs", i);
}

static void check_fw_maps(unsigned int h)
{
	const struct pmu_hart *H = fz.hart[h];
	const struct fz_model *m = &fz.m[h];
	uint32_t seen = 0, started;
	unsigned int k, j;

	started = (uint32_t)(m->started >> fz.lay.hw_slots);
	for (k = 0; k < PMU_FW_STD_MAX; k++) {
		uint32_t bits = H->fw_ev_started[k];

		if (bits & seen)
			fz_fail("hart %u: firmware counters 0x%x are in two started maps",
				h, bits & seen);
		seen |= bits;
		for (j = 0; j < 32; j++) {
			unsigned int code = (unsigned int)
				(m->ev_idx[fz.lay.hw_slots + j] & 0xffff);

			if (!((bits >> j) & 1))
				continue;
			if (code != k)
				fz_fail("hart %u: firmware counter %u (event 0x%x) counts in the map of %u",
					h, j, code, k);
		}
	}
	if (seen != started)
		fz_fail("hart %u: firmware started maps 0x%x, started counters 0x%x",
			h, seen, started);
}

static void check_memory(void)
{
	const uint8_t *ram = fz_mem(FZ_SRAM_BASE);
	unsigned long i;

	fz_mem_open_all();
	if (!fz_mem_canaries_ok())
		fz_fail("firmware memory or a guard region was written");
	if (memcmp(ram, fz.sram, FZ_SRAM_SIZE)) {
		for (i = 0; i < FZ_SRAM_SIZE && ram[i] == fz.sram[i]; i++)
			;
		fz_fail("supervisor RAM at 0x%lx is 0x%02x, want 0x%02x",
			FZ_SRAM_BASE + i, ram[i], fz.sram[i]);
	}
	fz_mem_close_all();
}

void fz_check_all(unsigned int h)
{
	const struct pmu_hart *H = fz.hart[h];
	const struct fz_model *m = &fz.m[h];
	const struct fz_csr *c = &fz_sim.hart[h];
	uint64_t of_mask = fz.cfg.sscofpmf ? PMU_EVT_OF : 0;
	unsigned int i, o;

	if (memcmp(fz.plat, &fz.plat_copy, sizeof(fz.plat_copy)))
		fz_fail("the platform description changed");
	for (o = 0; o < FZ_HARTS; o++) {
		if (o == h)
			continue;
		if (memcmp(fz.hart[o], &fz.hart_copy[o], sizeof(*fz.hart[o])))
			fz_fail("hart %u's PMU state changed during an operation of hart %u",
				o, h);
		if (memcmp(&fz_sim.hart[o], &fz.csr_copy[o],
			   sizeof(fz.csr_copy[o])))
			fz_fail("hart %u's CSRs changed during an operation of hart %u",
				o, h);
	}
	check_memory();

	if (H->plat != fz.plat)
		fz_fail("hart %u: plat pointer changed", h);
	if ((H->started & ~H->mapped) || (H->mapped & ~fz.lay.valid_mask))
		fz_fail("hart %u: started 0x%llx mapped 0x%llx valid 0x%llx",
			h, (unsigned long long)H->started,
			(unsigned long long)H->mapped,
			(unsigned long long)fz.lay.valid_mask);
	if (H->mapped != m->mapped || H->started != m->started)
		fz_fail("hart %u: mapped 0x%llx started 0x%llx, model 0x%llx 0x%llx",
			h, (unsigned long long)H->mapped,
			(unsigned long long)H->started,
			(unsigned long long)m->mapped,
			(unsigned long long)m->started);
	if (H->snap_rearm != m->rearm ||
	    (m->rearm && H->snap_last != (void *)fz_mem(m->last_addr)))
		fz_fail("hart %u: kept snapshot area %p (%s), model %s 0x%lx",
			h, (void *)H->snap_last,
			H->snap_rearm ? "re-armable" : "not re-armable",
			m->rearm ? "re-armable" : "none", m->last_addr);
	if (H->snap != (m->snap_set ? (void *)fz_mem(m->snap_addr) : NULL))
		fz_fail("hart %u: snapshot area %p, model %s 0x%lx", h,
			(void *)H->snap, m->snap_set ? "set at" : "none",
			m->snap_addr);
	check_fw_maps(h);
	for (i = 0; i < PMU_FW_CTR_MAX; i++)
		if (H->fw_value[i] != m->fwval[i])
			fz_fail("hart %u: firmware counter %u (index %u) is %llu, model %llu",
				h, i, fz.lay.hw_slots + i,
				(unsigned long long)H->fw_value[i],
				(unsigned long long)m->fwval[i]);

	for (i = 0; i < 32; i++) {
		bool inh = (c->inhibit >> i) & 1;
		/* cycle and instret run while no event is bound to them */
		bool run = ((m->started >> i) & 1) ||
			   (i < PMU_IDX_HPM_FIRST && !((m->mapped >> i) & 1));
		bool has_evt = i >= PMU_IDX_HPM_FIRST || fz.cfg.smcntrpmf;

		/* never stopped: S-mode reads them to count */
		if (((fz.lay.nostop_mask >> i) & 1) &&
		    !((c->counteren >> i) & 1))
			fz_fail("hart %u: mcounteren 0x%x hides counter %u",
				h, c->counteren, i);
		if (!((fz.lay.hw_mask >> i) & 1))
			continue;
		if (m->suspended ? !inh : inh == run)
			fz_fail("hart %u: counter %u %s but mcountinhibit 0x%x",
				h, i, m->suspended ? "suspended" :
				run ? "started" : "stopped", c->inhibit);
		if (!((c->counteren >> i) & 1))
			fz_fail("hart %u: mcounteren 0x%x hides counter %u",
				h, c->counteren, i);
		if (!has_evt || m->suspended)
			continue;
		/* an mhpmcounter selecting no event counts nothing */
		if ((fz.cfg.sscofpmf || i < PMU_IDX_HPM_FIRST) &&
		    !(i >= PMU_IDX_HPM_FIRST &&
		      !(fz_csr_event(h, i) & ~PMU_EVT_CTRL_MASK))) {
			if (!(fz_csr_event(h, i) & PMU_EVT_MINH))
				fz_fail("hart %u: counter %u event 0x%llx lacks MINH",
					h, i,
					(unsigned long long)fz_csr_event(h, i));
		}
		if ((fz_csr_event(h, i) & ~of_mask) != m->evt_expect[i])
			fz_fail("hart %u: counter %u (%s) event CSR 0x%llx, want 0x%llx",
				h, i, ((m->mapped >> i) & 1) ? "mapped" : "free",
				(unsigned long long)fz_csr_event(h, i),
				(unsigned long long)m->evt_expect[i]);
	}
	/* this hart's state is now the reference for later operations */
	memcpy(&fz.hart_copy[h], H, sizeof(*H));
	memcpy(&fz.csr_copy[h], c, sizeof(*c));
}
