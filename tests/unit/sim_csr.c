/* SPDX-License-Identifier: BSD-2-Clause */
#include <stdlib.h>
#include <string.h>
#include <pmu/pmu_csr.h>
#include <pmu/pmu_host.h>
#include <sbi/riscv_draft_encoding.h>
#include "sim_csr.h"
#include "sim_plat.h"

#define OF_BIT		(1ULL << 63)
#define CTRL_BITS	(0x3fULL << 58)
#define INH_BITS	(0x1fULL << 58)
#define VINH_BITS	(0x3ULL << 58)
/* QEMU 10.0.2's MHPMEVENT_IDX_MASK: MAKE_64BIT_MASK(63, 56) is bit 63 only */
#define QEMU_IDX_MASK	(~OF_BIT)

struct sim_hart sim;
static uint8_t *ram;

void sim_reset(const struct sim_cfg *cfg)
{
	unsigned int i;

	memset(&sim, 0, sizeof(sim));
	sim.cfg = *cfg;
	sim_plat_reset(cfg->fw_platform);
	sim.cfg.hpm_mask &= 0xfffffff8U;
	if (!sim.cfg.width)
		sim.cfg.width = 64;
	/* reset values are not zero on real harts: make that visible */
	for (i = 0; i < 32; i++)
		sim.ctr[i] = 0x1000 + i;
	sim.ctr[1] = 0;
	for (i = 3; i < 32; i++)
		if (sim.cfg.zero_mask & (1U << i))
			sim.ctr[i] = 0;
}

bool sim_ctr_exists(unsigned int idx)
{
	if (idx == 0 || idx == 2)
		return true;
	return idx < 32 && idx >= 3 && (sim.cfg.hpm_mask >> idx) & 1;
}

static uint64_t width_mask(unsigned int idx)
{
	if (idx < 3 || sim.cfg.width >= 64)
		return ~0ULL;
	return (1ULL << sim.cfg.width) - 1;
}

static uint64_t mode_inh_bit(enum sim_mode mode)
{
	switch (mode) {
	case SIM_M:
		return 1ULL << 62;
	case SIM_S:
		return 1ULL << 61;
	case SIM_U:
		return 1ULL << 60;
	case SIM_VS:
		return 1ULL << 59;
	default:
		return 1ULL << 58;
	}
}

static void sim_add(unsigned int i, uint64_t n)
{
	uint64_t m = width_mask(i), v = sim.ctr[i] & m;
	bool wrap = (m - v) < n;

	sim.ctr[i] = (v + n) & m;
	if (wrap && i >= 3 && sim.cfg.sscofpmf) {
		if (!(sim.evt[i] & OF_BIT))
			sim.lcofi++;
		sim.evt[i] |= OF_BIT;
	}
}

static bool sim_fixed_counts(unsigned int i, uint64_t cfg,
			     enum sim_mode mode)
{
	if ((sim.inhibit >> i) & 1)
		return false;
	return !sim.cfg.smcntrpmf || !(cfg & mode_inh_bit(mode));
}

void sim_count(enum sim_mode mode, uint64_t selector, uint64_t n)
{
	unsigned int i;

	if (selector == SIM_SEL_CYCLES && sim_fixed_counts(0, sim.cyclecfg, mode))
		sim_add(0, n);
	if (selector == SIM_SEL_INSTRET &&
	    sim_fixed_counts(2, sim.instretcfg, mode))
		sim_add(2, n);
	for (i = 3; i < 32; i++) {
		uint64_t evt = sim.evt[i];

		if (!sim_ctr_exists(i) || (sim.cfg.zero_mask >> i) & 1 ||
		    (sim.inhibit >> i) & 1)
			continue;
		if (sim.cfg.sscofpmf) {
			if (evt & mode_inh_bit(mode))
				continue;
			evt &= ~CTRL_BITS;
		}
		if (evt && evt == selector)
			sim_add(i, n);
	}
}

void sim_scramble(void)
{
	unsigned int i;

	for (i = 0; i < 32; i++) {
		sim.ctr[i] = 0xdead0000ULL + i;
		sim.evt[i] = 0x5a5aULL + i;
	}
	sim.cyclecfg = 0;
	sim.instretcfg = 0;
	sim.inhibit = 0;
	sim.counteren = 0;
}

static const uint32_t qemu_events[SIM_QEMU_EVENTS] = {
	0x1, 0x2, 0x10019, 0x1001b, 0x10021,
};

static int qemu_slot(uint32_t event_idx)
{
	int i;

	for (i = 0; i < SIM_QEMU_EVENTS; i++)
		if (qemu_events[i] == event_idx)
			return i;
	return -1;
}

unsigned int sim_qemu_map_counter(uint32_t event_idx)
{
	int s = qemu_slot(event_idx);

	return s < 0 ? 0 : sim.qemu_map[s];
}

/*
 * riscv_pmu_update_event_map() on a write of mhpmevent ctr (RV64: the whole
 * value, after QEMU drops the inhibit bits of modes the hart lacks). Only
 * bits 62:0 all zero forget the counter's events; otherwise the low 32 bits
 * name the event, which is mapped to ctr unless it is mapped already.
 */
static void sim_qemu_map_update(unsigned int ctr, uint64_t value)
{
	int i, s;

	if (!sim.cfg.hyp)
		value &= ~VINH_BITS;
	if (!(value & QEMU_IDX_MASK)) {
		for (i = 0; i < SIM_QEMU_EVENTS; i++)
			if (sim.qemu_map[i] == ctr)
				sim.qemu_map[i] = 0;
		return;
	}
	s = qemu_slot((uint32_t)(value & QEMU_IDX_MASK));
	if (s >= 0 && !sim.qemu_map[s])
		sim.qemu_map[s] = ctr;
}

static void bad(unsigned int csr)
{
	sim.bad_access++;
	sim.bad_csr = csr;
}

/* Decode a CSR: 0 ok, -1 absent. */
static int sim_csr(unsigned int csr, uint64_t **reg, uint64_t *wmask,
		   unsigned int *ctr)
{
	static uint64_t scratch;
	uint64_t vmask = sim.cfg.hyp ? 0 : VINH_BITS;

	*ctr = 0xffff;
	*reg = &scratch;
	if (csr >= 0xb00 && csr < 0xb20 && csr != 0xb01) {
		*ctr = csr - 0xb00;
		if (!sim_ctr_exists(*ctr))
			return -1;
		*reg = &sim.ctr[*ctr];
		*wmask = (sim.cfg.zero_mask >> *ctr) & 1 ? 0 : width_mask(*ctr);
		return 0;
	}
	if (csr >= 0x323 && csr < 0x340) {
		if (!sim_ctr_exists(csr - 0x320))
			return -1;
		*reg = &sim.evt[csr - 0x320];
		*wmask = sim.cfg.sscofpmf ? ~vmask : ~0ULL;
		return 0;
	}
	if (csr == SIM_MENVCFG) {
		*reg = &sim.menvcfg;
		*wmask = (sim.cfg.smcdeleg ? PMU_MENVCFG_CDE : 0) |
			 (sim.cfg.pdismem ? 1ULL << MENVCFG_PDISS_SHIFT : 0);
		return 0;
	}
	if (csr == SIM_MIDELEG) {
		*reg = &sim.mideleg;
		*wmask = 0x2222 | (sim.cfg.pdismem ? 1ULL << IRQ_LAMBI : 0);
		return 0;
	}
	if ((csr == CSR_SPDISAMBCS || csr == CSR_SPDISAMBADDR) &&
	    sim.cfg.pdismem) {
		*reg = csr == CSR_SPDISAMBCS ? &sim.ambcs : &sim.ambaddr;
		/* spdisambaddr: bits 6:0 read 0, as on the hart */
		*wmask = csr == CSR_SPDISAMBCS ? ~0ULL : ~PDISAMBADDR_ALIGN_MASK;
		return 0;
	}
	if (csr == SIM_MSTATEEN0 && sim.cfg.smstateen) {
		*reg = &sim.mstateen0;
		*wmask = ~0ULL;
		return 0;
	}
	if (csr == SIM_MPDISCTL && sim.cfg.smpdis) {
		*reg = &sim.mpdisctl;
		*wmask = sim.cfg.pdismem ? ~0ULL : ~PDISCTL_MEM;
		return 0;
	}
	if ((csr == SIM_MCYCLECFG || csr == SIM_MINSTRETCFG) &&
	    sim.cfg.smcntrpmf) {
		*reg = csr == SIM_MCYCLECFG ? &sim.cyclecfg : &sim.instretcfg;
		*wmask = INH_BITS & ~vmask;
		return 0;
	}
	return -1;
}

/* mie, mip: plain 64-bit registers (mideleg has its writable bits above) */
static uint64_t *sim_irq_csr(unsigned int csr)
{
	switch (csr) {
	case SIM_MIE:
		return &sim.mie;
	case SIM_MIP:
		return &sim.mip;
	}
	return NULL;
}

static int sim_read(unsigned int csr, uint64_t *val)
{
	uint64_t *reg, wmask;
	unsigned int ctr, i;

	if (sim_irq_csr(csr)) {
		*val = *sim_irq_csr(csr);
		return 0;
	}
	switch (csr) {
	case SIM_MCOUNTINHIBIT:
		if (!sim.cfg.mcountinhibit)
			return -1;
		*val = sim.inhibit;
		return 0;
	case SIM_MCOUNTEREN:
		*val = sim.counteren;
		return 0;
	case SIM_SCOUNTOVF:
		if (!sim.cfg.sscofpmf)
			return -1;
		/* bit i mirrors mhpmevent i OF where mcounteren allows */
		*val = 0;
		for (i = 3; i < 32; i++)
			if (sim_ctr_exists(i) && (sim.evt[i] & OF_BIT) &&
			    ((sim.counteren >> i) & 1))
				*val |= 1ULL << i;
		return 0;
	}
	if (sim_csr(csr, &reg, &wmask, &ctr))
		return -1;
	*val = *reg;
	return 0;
}

static int sim_write(unsigned int csr, uint64_t val)
{
	uint64_t *reg, wmask;
	uint32_t present = 0x5 | sim.cfg.hpm_mask;
	unsigned int ctr;

	sim.csr_writes++;
	if (sim_irq_csr(csr)) {
		*sim_irq_csr(csr) = val;
		return 0;
	}
	switch (csr) {
	case SIM_MCOUNTINHIBIT:
		if (!sim.cfg.mcountinhibit)
			return -1;
		/* bit 1 stands for an unrelated inhibit (PDIS) */
		sim.inhibit = (uint32_t)val & (present | 0x2);
		return 0;
	case SIM_MCOUNTEREN:
		sim.counteren = (uint32_t)val & (present | 0x2);
		return 0;
	}
	if (sim_csr(csr, &reg, &wmask, &ctr))
		return -1;
	*reg = val & wmask;
	if (csr >= 0x323 && csr < 0x340)
		sim_qemu_map_update(csr - 0x320, val);
	return 0;
}

unsigned long pmu_host_csr_read(unsigned int csr)
{
	uint64_t v = 0;

	if (sim_read(csr, &v))
		bad(csr);
	return v;
}

void pmu_host_csr_write(unsigned int csr, unsigned long val)
{
	if (sim_write(csr, val))
		bad(csr);
}

int pmu_host_csr_probe(unsigned int csr, unsigned long val,
		       unsigned long *readback)
{
	uint64_t v;

	if (sim_write(csr, val) || sim_read(csr, &v))
		return -1;
	*readback = v;
	return 0;
}

void pmu_host_overflow_event(struct pmu_hart *h)
{
	sim.overflow_events++;
	sim.overflow_hart = h;
}

void pmu_host_hw_bind(struct pmu_hart *h, unsigned int idx,
		      unsigned long flags)
{
	sim.binds++;
	sim.bound |= 1U << idx;
	sim.bind_flags = flags;
	sim.hook_hart = h;
}

void pmu_host_hw_start(struct pmu_hart *h, uint32_t bits)
{
	sim.starts++;
	sim.start_bits |= bits;
	sim.hook_hart = h;
}

void pmu_host_hw_stop(struct pmu_hart *h, uint32_t bits)
{
	sim.stops++;
	sim.stop_bits |= bits;
	sim.hook_hart = h;
}

static uint8_t *ram_buf(void)
{
	if (!ram)
		ram = calloc(1, SIM_RAM_SIZE);
	return ram;
}

bool pmu_host_smem_allowed(unsigned long lo, unsigned long hi,
			   unsigned long size)
{
	const unsigned long first = SIM_RAM_BASE + SIM_FW_SIZE;
	const unsigned long end = SIM_RAM_BASE + SIM_RAM_SIZE;

	return !hi && size && lo >= first && lo < end && size <= end - lo;
}

void *pmu_host_smem_ptr(unsigned long addr)
{
	if (sim.smem_ptr_fails)
		return NULL;
	if (addr < SIM_RAM_BASE + SIM_FW_SIZE ||
	    addr >= SIM_RAM_BASE + SIM_RAM_SIZE) {
		bad(0xfff);
		return NULL;
	}
	return ram_buf() + (addr - SIM_RAM_BASE);
}

void *sim_ram(unsigned long addr)
{
	return ram_buf() + (addr - SIM_RAM_BASE);
}

void sim_ram_fill(uint8_t pattern)
{
	memset(ram_buf(), pattern, SIM_RAM_SIZE);
}

bool sim_ram_intact_outside(unsigned long addr, unsigned long size,
			    uint8_t pattern)
{
	unsigned long off = addr - SIM_RAM_BASE, i;
	uint8_t *r = ram_buf();

	for (i = 0; i < SIM_RAM_SIZE; i++)
		if ((i < off || i >= off + size) && r[i] != pattern)
			return false;
	return true;
}
