/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Simulated harts and memory for the PMU fuzzer (see fuzz_sim.h). The CSR
 * semantics follow the privileged spec with Sscofpmf and Smcntrpmf: absent
 * CSRs trap, counters are width bits wide, xINH bits of modes that do not
 * exist are read-only zero, M-mode reads of scountovf see every OF bit.
 */
#include <stdlib.h>
#include <string.h>
#include <pmu/pmu_host.h>
#include <pmu/pmu_csr.h>
#include <sbi/sbi_error.h>
#include "fuzz_sim.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FZ_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define FZ_ASAN 1
#endif

#ifdef FZ_ASAN
#include <sanitizer/asan_interface.h>
#define FZ_POISON(p, n)		ASAN_POISON_MEMORY_REGION(p, n)
#define FZ_UNPOISON(p, n)	ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define FZ_POISON(p, n)		((void)(p), (void)(n))
#define FZ_UNPOISON(p, n)	((void)(p), (void)(n))
#endif

#define VINH_BITS	(PMU_EVT_VSINH | PMU_EVT_VUINH)
#define INH_BITS	(0x1fULL << PMU_EVT_INH_SHIFT)

struct fz_sim fz_sim;

/* guard | firmware | supervisor RAM | guard, one host allocation */
#define FZ_BUF_SIZE	(2 * FZ_GUARD_SIZE + FZ_FW_SIZE + FZ_SRAM_SIZE)
static uint8_t *fz_buf;

static struct fz_csr *cur(void)
{
	return &fz_sim.hart[fz_sim.cur];
}

static uint64_t mix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

bool fz_ctr_exists(unsigned int idx)
{
	if (idx == PMU_IDX_CYCLE || idx == PMU_IDX_INSTRET)
		return true;
	return idx >= PMU_IDX_HPM_FIRST && idx <= PMU_IDX_HPM_LAST &&
	       ((fz_sim.cfg.hpm_mask >> idx) & 1);
}

uint64_t fz_width_mask(unsigned int idx)
{
	if (idx < PMU_IDX_HPM_FIRST || fz_sim.cfg.width >= 64)
		return ~0ULL;
	return (1ULL << fz_sim.cfg.width) - 1;
}

uint64_t fz_evt_wmask(void)
{
	if (!fz_sim.cfg.sscofpmf)
		return ~0ULL;
	return fz_sim.cfg.hyp ? ~0ULL : ~VINH_BITS;
}

uint64_t fz_cfg_wmask(void)
{
	return INH_BITS & (fz_sim.cfg.hyp ? ~0ULL : ~VINH_BITS);
}

/* Hardware reset leaves junk in the counter CSRs. */
static void fz_csr_junk(struct fz_csr *c, uint64_t *s)
{
	unsigned int i;

	for (i = 0; i < 32; i++) {
		c->ctr[i] = fz_ctr_exists(i) ? mix(s) & fz_width_mask(i) : 0;
		if (i >= PMU_IDX_HPM_FIRST && ((fz_sim.cfg.zero_mask >> i) & 1))
			c->ctr[i] = 0;
		c->evt[i] = fz_ctr_exists(i) ? mix(s) & fz_evt_wmask() : 0;
	}
	c->cyclecfg = fz_sim.cfg.smcntrpmf ? mix(s) & fz_cfg_wmask() : 0;
	c->instretcfg = fz_sim.cfg.smcntrpmf ? mix(s) & fz_cfg_wmask() : 0;
	c->inhibit = 0;
	c->counteren = 0;
}

void fz_sim_reset(const struct fz_cfg *cfg, uint64_t seed)
{
	unsigned int h;

	memset(&fz_sim, 0, sizeof(fz_sim));
	fz_sim.cfg = *cfg;
	fz_sim.cfg.hpm_mask &= PMU_HPM_MASK;
	fz_sim.cfg.zero_mask &= fz_sim.cfg.hpm_mask;
	if (!fz_sim.cfg.width || fz_sim.cfg.width > 64)
		fz_sim.cfg.width = 64;
	for (h = 0; h < FZ_HARTS; h++)
		fz_csr_junk(&fz_sim.hart[h], &seed);
}

void fz_sim_select(unsigned int hart)
{
	fz_sim.cur = hart % FZ_HARTS;
}

void fz_sim_scramble(uint64_t seed)
{
	fz_csr_junk(cur(), &seed);
}

static uint64_t mode_inh(enum fz_mode mode)
{
	switch (mode) {
	case FZ_M:
		return PMU_EVT_MINH;
	case FZ_S:
		return PMU_EVT_SINH;
	case FZ_U:
		return PMU_EVT_UINH;
	case FZ_VS:
		return PMU_EVT_VSINH;
	default:
		return PMU_EVT_VUINH;
	}
}

static void fz_add(unsigned int i, uint64_t n)
{
	struct fz_csr *c = cur();
	uint64_t m = fz_width_mask(i), v = c->ctr[i] & m;

	if (i >= PMU_IDX_HPM_FIRST && ((fz_sim.cfg.zero_mask >> i) & 1))
		return;
	c->ctr[i] = (v + n) & m;
	if ((m - v) < n && i >= PMU_IDX_HPM_FIRST && fz_sim.cfg.sscofpmf)
		c->evt[i] |= PMU_EVT_OF;
}

static bool fz_counting(unsigned int i, enum fz_mode mode)
{
	struct fz_csr *c = cur();

	if (fz_sim.cfg.mcountinhibit && ((c->inhibit >> i) & 1))
		return false;
	if ((mode == FZ_VS || mode == FZ_VU) && !fz_sim.cfg.hyp)
		return false;	/* the mode does not exist */
	if (i == PMU_IDX_CYCLE && fz_sim.cfg.smcntrpmf)
		return !(c->cyclecfg & mode_inh(mode));
	if (i == PMU_IDX_INSTRET && fz_sim.cfg.smcntrpmf)
		return !(c->instretcfg & mode_inh(mode));
	if (i >= PMU_IDX_HPM_FIRST && fz_sim.cfg.sscofpmf)
		return !(c->evt[i] & mode_inh(mode));
	return true;
}

void fz_sim_count(enum fz_mode mode, uint64_t selector, uint32_t fixed,
		  uint64_t n)
{
	struct fz_csr *c = cur();
	unsigned int i;

	if ((fixed & 1) && fz_counting(PMU_IDX_CYCLE, mode))
		fz_add(PMU_IDX_CYCLE, n);
	if ((fixed & 4) && fz_counting(PMU_IDX_INSTRET, mode))
		fz_add(PMU_IDX_INSTRET, n);
	for (i = PMU_IDX_HPM_FIRST; i <= PMU_IDX_HPM_LAST; i++) {
		uint64_t evt = c->evt[i];

		if (!fz_ctr_exists(i) || !fz_counting(i, mode))
			continue;
		if (fz_sim.cfg.sscofpmf)
			evt &= ~PMU_EVT_CTRL_MASK;
		if (evt && evt == selector)
			fz_add(i, n);
	}
}

/* CSR decoding: 0 and the register, or -1 if the CSR is absent. */
static int fz_decode(unsigned int csr, bool write, uint64_t **reg,
		     uint64_t *wmask)
{
	struct fz_csr *c = cur();
	unsigned int i;

	if (csr >= PMU_CSR_MCOUNTER(0) && csr <= PMU_CSR_MCOUNTER(31)) {
		i = csr - PMU_CSR_MCOUNTER(0);
		if (!fz_ctr_exists(i))
			return -1;
		*reg = &c->ctr[i];
		*wmask = (i >= PMU_IDX_HPM_FIRST &&
			  ((fz_sim.cfg.zero_mask >> i) & 1)) ?
			 0 : fz_width_mask(i);
		return 0;
	}
	if (csr >= PMU_CSR_COUNTER(0) && csr <= PMU_CSR_COUNTER(31) && !write) {
		i = csr - PMU_CSR_COUNTER(0);
		if (!fz_ctr_exists(i))
			return -1;
		*reg = &c->ctr[i];
		*wmask = 0;
		return 0;
	}
	if (csr >= PMU_CSR_MHPMEVENT(3) && csr <= PMU_CSR_MHPMEVENT(31)) {
		i = csr - PMU_CSR_MHPMEVENT(0);
		if (!fz_ctr_exists(i))
			return -1;
		*reg = &c->evt[i];
		*wmask = fz_evt_wmask();
		return 0;
	}
	if ((csr == PMU_CSR_MCYCLECFG || csr == PMU_CSR_MINSTRETCFG) &&
	    fz_sim.cfg.smcntrpmf) {
		*reg = csr == PMU_CSR_MCYCLECFG ? &c->cyclecfg : &c->instretcfg;
		*wmask = fz_cfg_wmask();
		return 0;
	}
	return -1;
}

static uint32_t fz_present(void)
{
	return (1U << PMU_IDX_CYCLE) | (1U << PMU_IDX_INSTRET) |
	       fz_sim.cfg.hpm_mask;
}

static int fz_read(unsigned int csr, uint64_t *val)
{
	struct fz_csr *c = cur();
	uint64_t *reg, wmask;
	unsigned int i;

	switch (csr) {
	case PMU_CSR_MCOUNTINHIBIT:
		if (!fz_sim.cfg.mcountinhibit)
			return -1;
		*val = c->inhibit;
		return 0;
	case PMU_CSR_MCOUNTEREN:
		*val = c->counteren;
		return 0;
	case PMU_CSR_SCOUNTOVF:
		if (!fz_sim.cfg.sscofpmf)
			return -1;
		*val = 0;
		for (i = PMU_IDX_HPM_FIRST; i <= PMU_IDX_HPM_LAST; i++)
			if (fz_ctr_exists(i) && (c->evt[i] & PMU_EVT_OF))
				*val |= 1ULL << i;
		return 0;
	}
	if (fz_decode(csr, false, &reg, &wmask))
		return -1;
	*val = *reg;
	return 0;
}

/* MINH of counter i in the current hart, where the feature exists */
static bool fz_minh_ok(unsigned int i, uint64_t evt)
{
	/* an mhpmcounter selecting no event counts nothing */
	if (i >= PMU_IDX_HPM_FIRST)
		return !fz_sim.cfg.sscofpmf || (evt & PMU_EVT_MINH) ||
		       !(evt & ~PMU_EVT_CTRL_MASK);
	return !fz_sim.cfg.smcntrpmf || (evt & PMU_EVT_MINH);
}

static uint64_t fz_event_of(unsigned int i)
{
	struct fz_csr *c = cur();

	if (i == PMU_IDX_CYCLE)
		return c->cyclecfg;
	if (i == PMU_IDX_INSTRET)
		return c->instretcfg;
	return c->evt[i];
}

/* No counter may run with M-mode counting enabled. */
static void fz_check_minh_write(unsigned int csr, uint64_t val)
{
	struct fz_csr *c = cur();
	unsigned int i;

	if (csr == PMU_CSR_MCOUNTINHIBIT) {
		uint32_t on = c->inhibit & ~(uint32_t)val & fz_sim.minh_mask;

		for (i = 0; i < 32; i++)
			if (((on >> i) & 1) && !fz_minh_ok(i, fz_event_of(i)))
				fz_fail("hart %u: mcountinhibit write 0x%llx starts counter %u whose event 0x%llx lacks MINH",
					fz_sim.cur, (unsigned long long)val, i,
					(unsigned long long)fz_event_of(i));
		return;
	}
	if (csr >= PMU_CSR_MHPMEVENT(3) && csr <= PMU_CSR_MHPMEVENT(31))
		i = csr - PMU_CSR_MHPMEVENT(0);
	else if (csr == PMU_CSR_MCYCLECFG)
		i = PMU_IDX_CYCLE;
	else if (csr == PMU_CSR_MINSTRETCFG)
		i = PMU_IDX_INSTRET;
	else
		return;
	if (((fz_sim.minh_mask >> i) & 1) && !((c->inhibit >> i) & 1) &&
	    fz_sim.cfg.mcountinhibit && !fz_minh_ok(i, val))
		fz_fail("hart %u: CSR 0x%x of running counter %u written without MINH: 0x%llx",
			fz_sim.cur, csr, i, (unsigned long long)val);
}

static int fz_write(unsigned int csr, uint64_t val)
{
	struct fz_csr *c = cur();
	uint64_t *reg, wmask;

	fz_check_minh_write(csr, val);
	c->writes++;
	switch (csr) {
	case PMU_CSR_MCOUNTINHIBIT:
		if (!fz_sim.cfg.mcountinhibit)
			return -1;
		c->inhibit = (uint32_t)val & fz_present();
		return 0;
	case PMU_CSR_MCOUNTEREN:
		c->counteren = (uint32_t)val;
		return 0;
	}
	if (fz_decode(csr, true, &reg, &wmask))
		return -1;
	*reg = val & wmask;
	return 0;
}

unsigned long pmu_host_csr_read(unsigned int csr)
{
	uint64_t v = 0;

	if (fz_read(csr, &v))
		fz_fail("hart %u: read of absent CSR 0x%x", fz_sim.cur, csr);
	return v;
}

void pmu_host_csr_write(unsigned int csr, unsigned long val)
{
	if (fz_write(csr, val))
		fz_fail("hart %u: write 0x%lx to absent or read-only CSR 0x%x",
			fz_sim.cur, val, csr);
}

int pmu_host_csr_probe(unsigned int csr, unsigned long val,
		       unsigned long *readback)
{
	uint64_t v;

	if (fz_write(csr, val) || fz_read(csr, &v))
		return -1;
	*readback = v;
	return 0;
}

/* ---- memory ---- */

static uint8_t *fz_host(unsigned long off)
{
	return fz_buf + off;
}

uint8_t *fz_mem(unsigned long addr)
{
	return fz_host(FZ_GUARD_SIZE + (addr - FZ_RAM_BASE));
}

bool fz_sram_range(unsigned long addr, unsigned long size)
{
	return size && addr >= FZ_SRAM_BASE && addr < FZ_RAM_END &&
	       size <= FZ_RAM_END - addr;
}

void fz_mem_init(void)
{
	if (!fz_buf) {
		fz_buf = aligned_alloc(4096, FZ_BUF_SIZE);
		if (!fz_buf)
			abort();
	}
	FZ_UNPOISON(fz_buf, FZ_BUF_SIZE);
	memset(fz_buf, FZ_CANARY, FZ_BUF_SIZE);
	memset(fz_mem(FZ_SRAM_BASE), FZ_SRAM_FILL, FZ_SRAM_SIZE);
	fz_mem_close_all();
}

void fz_mem_close_all(void)
{
	FZ_POISON(fz_buf, FZ_BUF_SIZE);
}

void fz_mem_open(unsigned long addr, unsigned long size)
{
	if (fz_sram_range(addr, size))
		FZ_UNPOISON(fz_mem(addr), size);
}

void fz_mem_open_all(void)
{
	FZ_UNPOISON(fz_buf, FZ_BUF_SIZE);
}

bool fz_mem_canaries_ok(void)
{
	static uint8_t canary[FZ_GUARD_SIZE + FZ_FW_SIZE];

	if (canary[0] != FZ_CANARY)
		memset(canary, FZ_CANARY, sizeof(canary));
	return !memcmp(fz_buf, canary, FZ_GUARD_SIZE + FZ_FW_SIZE) &&
	       !memcmp(fz_buf + FZ_BUF_SIZE - FZ_GUARD_SIZE, canary,
		       FZ_GUARD_SIZE);
}

void fz_smem_begin_call(void)
{
	fz_sim.n_allowed = 0;
}

bool pmu_host_smem_allowed(unsigned long lo, unsigned long hi,
			   unsigned long size)
{
	bool ok = !hi && fz_sram_range(lo, size);

	if (!size)
		fz_fail("smem_allowed(0x%lx, 0x%lx) with size 0", lo, hi);
	if (ok && fz_sim.n_allowed < 8) {
		fz_sim.allowed_lo[fz_sim.n_allowed] = lo;
		fz_sim.allowed_size[fz_sim.n_allowed] = size;
		fz_sim.n_allowed++;
	}
	return ok;
}

/*
 * No platform firmware events (as in Tally's firmware): the core must
 * refuse them and never call the other five.
 */
bool pmu_host_fw_platform_valid(uint64_t data)
{
	(void)data;
	return false;
}

bool pmu_host_fw_platform_match(unsigned int j, uint64_t data)
{
	fz_fail("fw_platform_match(%u, 0x%llx) without platform events", j,
		(unsigned long long)data);
	return false;
}

long pmu_host_fw_platform_start(unsigned int j, uint64_t data)
{
	fz_fail("fw_platform_start(%u, 0x%llx) without platform events", j,
		(unsigned long long)data);
	return SBI_ERR_FAILED;
}

long pmu_host_fw_platform_stop(unsigned int j)
{
	fz_fail("fw_platform_stop(%u) without platform events", j);
	return SBI_ERR_FAILED;
}

uint64_t pmu_host_fw_platform_read(unsigned int j)
{
	fz_fail("fw_platform_read(%u) without platform events", j);
	return 0;
}

void pmu_host_fw_platform_write(unsigned int j, uint64_t value)
{
	fz_fail("fw_platform_write(%u, 0x%llx) without platform events", j,
		(unsigned long long)value);
}

void *pmu_host_smem_ptr(unsigned long addr)
{
	unsigned int i;

	for (i = 0; i < fz_sim.n_allowed; i++)
		if (fz_sim.allowed_lo[i] == addr)
			return fz_sim.ptr_fails ? NULL : fz_mem(addr);
	fz_fail("smem_ptr(0x%lx) without a successful smem_allowed() for it in this call",
		addr);
}
