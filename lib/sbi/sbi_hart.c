// SPDX-License-Identifier: BSD-2-Clause
/* Per-hart machine configuration and the way down to S-mode. */
#include <sbi/riscv_asm.h>
#include <sbi/sbi_console.h>
#include <sbi/sbi_dbtr.h>
#include <sbi/sbi_fwft.h>
#include <sbi/sbi_hart.h>
#include <sbi/sbi_init.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_pmu_fw.h>
#include <sbi/sbi_sse.h>
#include <sbi/sbi_timer.h>

static unsigned long deleg_exceptions(const struct sbi_scratch *s)
{
	unsigned long d = BIT(CAUSE_MISALIGNED_FETCH) | BIT(CAUSE_BREAKPOINT) |
			  BIT(CAUSE_USER_ECALL) | BIT(CAUSE_FETCH_ACCESS) |
			  BIT(CAUSE_FETCH_PAGE_FAULT) |
			  BIT(CAUSE_LOAD_PAGE_FAULT) |
			  BIT(CAUSE_STORE_PAGE_FAULT);

	/*
	 * Illegal instructions come to M-mode where rdtime must be emulated
	 * (no time CSR) or reads of SBI counters (CDE=1 clears their
	 * mcounteren bits).
	 */
	if (sbi_isa_has(&s->isa, SBI_ISA_EXT_ZICNTR_TIME) &&
	    !pmu_hart_cde(&s->pmu))
		d |= BIT(CAUSE_ILLEGAL_INSTRUCTION);
	if (sbi_isa_has(&s->isa, SBI_ISA_EXT_H))
		d |= BIT(CAUSE_VIRTUAL_SUPERVISOR_ECALL) |
		     BIT(CAUSE_FETCH_GUEST_PAGE_FAULT) |
		     BIT(CAUSE_LOAD_GUEST_PAGE_FAULT) |
		     BIT(CAUSE_VIRTUAL_INST_FAULT) |
		     BIT(CAUSE_STORE_GUEST_PAGE_FAULT);
	if (sbi_isa_has(&s->isa, SBI_ISA_EXT_ZICFILP) ||
	    sbi_isa_has(&s->isa, SBI_ISA_EXT_ZICFISS))
		d |= BIT(CAUSE_SOFTWARE_CHECK);
	return d | sbi_fwft_medeleg(s);
}

static void setup_delegation(const struct sbi_scratch *s)
{
	unsigned long irqs = MIP_SSIP | MIP_STIP | MIP_SEIP;

	/* counter overflow and PDIS share the LCOFI, always S-mode's */
	if (sbi_isa_has(&s->isa, SBI_ISA_EXT_SSCOFPMF))
		irqs |= MIP_LCOFIP;
	/* the PDIS buffer's LAMBI is the PMU policy's (pmu_hart_delegate) */
	irqs |= csr_read(CSR_MIDELEG) & MIP_LAMBIP;
	csr_write(CSR_MIDELEG, irqs);
	csr_write(CSR_MEDELEG, deleg_exceptions(s));
}

/* menvcfg, mseccfg, mstateen0; the FWFT features as the hart set them */
static void setup_envcfg(const struct sbi_scratch *s)
{
	const struct sbi_isa *isa = &s->isa;
	uint64_t env = MENVCFG_CBIE & (1UL << 4);	/* CBIE = flush */

	if (!isa->has_menvcfg)
		return;
	env |= MENVCFG_CBCFE | MENVCFG_CBZE | MENVCFG_PBMTE |
	       sbi_fwft_menvcfg(s);
	if (sbi_isa_has(isa, SBI_ISA_EXT_SSTC))
		env |= MENVCFG_STCE;
	csr_write64(CSR_MENVCFG, env);	/* WARL: unsupported bits stay 0 */
	/* Linux reads seed when the DT lists zkr */
	if (sbi_isa_has(isa, SBI_ISA_EXT_ZKR))
		csr_set(CSR_MSECCFG, MSECCFG_SSEED);
	/* CSRIND and PDIS are the PMU policy's (pmu_hart_delegate) */
	if (sbi_isa_has(isa, SBI_ISA_EXT_SMSTATEEN))
		csr_write64(CSR_MSTATEEN0, SMSTATEEN0_SE0 | SMSTATEEN0_ENVCFG |
			  SMSTATEEN0_CSRIND | SMSTATEEN0_AIA |
			  SMSTATEEN0_IMSIC | SMSTATEEN0_CONTEXT |
			  SMSTATEEN0_CTR);
}

bool sbi_hart_probe(void)
{
	struct sbi_scratch *s = sbi_scratch_this();

	if (s->isa_probed)
		return false;
	s->isa = sbi_plat.isa_dt;
	sbi_isa_probe(&s->isa);
	s->isa_probed = true;
	return true;
}

/* A hart's first start: say if it differs from the boot hart. */
static void check_features(const struct sbi_scratch *s)
{
	unsigned int mine = sbi_pmu_features(&s->isa);

	if (mine != sbi_plat.pmu.features)
		sbi_printf("tally: hart %lu: PMU features 0x%x differ from the "
			   "boot hart's 0x%x\n", s->hartid, mine,
			   sbi_plat.pmu.features);
}

static unsigned long napot(unsigned long base, unsigned long size)
{
	return (base | (size / 2 - 1)) >> PMP_SHIFT;
}

/*
 * PMP: entry 0 hides the firmware, the next ones every ACLINT / CLINT
 * (sbi_plat.mmode: msip and mtimecmp of all harts), then the harts'
 * region if they have one apart (sbi_init.c); the last entry opens
 * everything else to S/U. M-mode is unaffected (no lock bits).
 */
#define PMP_PER_CFG	(__riscv_xlen / 8)

/*
 * The NAPOT pieces of [lo, hi), lo and hi 4 KiB-aligned: how many; the
 * first @room of them go to @out.
 */
static unsigned int napot_pieces(unsigned long lo, unsigned long hi,
				 unsigned long *out, unsigned int room)
{
	unsigned int n = 0;
	unsigned long size;

	while (lo < hi) {
		size = lo ? lo & -lo : 1UL << (__riscv_xlen - 1);
		while (size > hi - lo)
			size >>= 1;
		if (n < room)
			out[n] = napot(lo, size);
		n++;
		lo += size;
	}
	return n;
}

/* The device blocks, exactly if the entries suffice, else one over all. */
static unsigned int plan_devices(unsigned long *out, unsigned int room)
{
	const struct sbi_mem_region *r = sbi_plat.mmode;
	unsigned int i, n = 0, count = sbi_plat.mmode_count;
	unsigned long base, size;

	if (!count)
		return 0;
	for (i = 0; i < count; i++)
		n += napot_pieces(r[i].base, r[i].base + r[i].size, NULL, 0);
	if (n <= room) {
		for (i = n = 0; i < count; i++)
			n += napot_pieces(r[i].base, r[i].base + r[i].size,
					  out + n, room - n);
		return n;
	}
	base = sbi_napot_region(r[0].base, r[count - 1].base +
				r[count - 1].size, &size);
	out[0] = napot(base, size);
	return 1;
}

void sbi_hart_pmp_plan(void)
{
	unsigned long *e = sbi_plat.pmp_napot;
	unsigned int harts = sbi_plat.harts_region ? 1 : 0, n = 0;

	sbi_plat.pmp_napot_count = 0;
	if (sbi_plat.pmp_count < 3 + harts)
		return;
	e[n++] = napot(sbi_plat.fw_start, sbi_plat.fw_region);
	n += plan_devices(e + n, sbi_plat.pmp_count - 2 - harts);
	if (harts)
		e[n++] = napot(sbi_plat.harts_start, sbi_plat.harts_region);
	sbi_plat.pmp_napot_count = n;
}

static void setup_pmp(void)
{
	unsigned int i, n = sbi_plat.pmp_napot_count;
	unsigned int last = sbi_plat.pmp_count - 1;
	unsigned long cfg = 0;

	if (!n)
		return;
	for (i = 0; i < n; i++)
		csr_write_num(CSR_PMPADDR0 + i, sbi_plat.pmp_napot[i]);
	csr_write_num(CSR_PMPADDR0 + last, -1UL);
	/*
	 * A pmpcfg register holds XLEN / 8 entries: RV64 pmpcfg0 entries
	 * 0-7, pmpcfg2 8-15; RV32 pmpcfg0 0-3, pmpcfg1 4-7, ... Entries
	 * between the kept ones and the last are off.
	 */
	for (i = 0; i <= last; i++) {
		unsigned long c = i == last ? PMP_A_NAPOT | PMP_R | PMP_W |
						      PMP_X :
			i < n ? PMP_A_NAPOT : 0;

		cfg |= c << (8 * (i % PMP_PER_CFG));
		if (i % PMP_PER_CFG == PMP_PER_CFG - 1 || i == last) {
			csr_write_num(CSR_PMPCFG0 + (__riscv_xlen / 32) *
						    (i / PMP_PER_CFG), cfg);
			cfg = 0;
		}
	}
	__asm__ __volatile__("sfence.vma" ::: "memory");
}

void sbi_hart_init(void)
{
	struct sbi_scratch *s = sbi_scratch_this();

	csr_write(CSR_MIE, 0);
	csr_clear(CSR_MSTATUS, MSTATUS_MPRV | MSTATUS_MIE);
	if (sbi_hart_probe())
		check_features(s);
	sbi_fwft_hart_reset(s);
	sbi_dbtr_hart_init(&s->dbtr);
	sbi_sse_hart_reset(s);
	sbi_timer_hart_init();	/* before STCE: no stale compare value */
	setup_envcfg(s);
	setup_pmp();
	pmu_hart_init(&s->pmu, &sbi_plat.pmu);
	/* time is read directly; counters as the PMU core set them */
	csr_set(CSR_MCOUNTEREN, BIT(1));
	pmu_hart_delegate(&s->pmu, sbi_pmu_features(&s->isa));
	setup_delegation(s);
	/* IPIs from other harts must reach us while S-mode runs */
	csr_write(CSR_MIE, MIP_MSIP);
}

void sbi_hart_restore(void)
{
	struct sbi_scratch *s = sbi_scratch_this();

	setup_envcfg(s);
	setup_pmp();
	csr_write(CSR_MCOUNTEREN, BIT(1));	/* time; the PMU adds its own */
	pmu_hart_resume(&s->pmu);
	setup_delegation(s);
	/* SSE registrations survive: the PMU event takes the LCOFI again */
	pmu_hart_sse_resume(&s->pmu);
}

void sbi_hart_enter_lower(unsigned long addr, unsigned long mode,
			  unsigned long arg1)
{
	register unsigned long a0 __asm__("a0") = sbi_scratch_this()->hartid;
	register unsigned long a1 __asm__("a1") = arg1;
	unsigned long st = csr_read(CSR_MSTATUS);

	st &= ~(MSTATUS_MPP | MSTATUS_MPIE | MSTATUS_MPRV | MSTATUS_SIE |
		MSTATUS_SPIE | MSTATUS_SPP | MSTATUS_SUM | MSTATUS_MXR |
		MSTATUS_SDT | MSTATUS_MPELP);
	st |= (mode & 3) << MSTATUS_MPP_SHIFT;
	csr_write(CSR_MSTATUS, st);
	csr_write(CSR_MEPC, addr);
	csr_write(CSR_STVEC, addr);
	csr_write(CSR_SSCRATCH, 0);
	csr_write(CSR_SIE, 0);
	csr_write(CSR_SATP, 0);
	__asm__ __volatile__("csrw mscratch, tp\n\tmret"
			     : : "r"(a0), "r"(a1) : "memory");
	__builtin_unreachable();
}

void sbi_hart_restart_stack(void (*fn)(void))
{
	__asm__ __volatile__("mv sp, tp\n\tjr %0" : : "r"(fn) : "memory");
	__builtin_unreachable();
}

void sbi_hart_resume_lower(void)
{
	struct sbi_scratch *s = sbi_scratch_this();

	sbi_hart_enter_lower(s->next_addr, PRV_S, s->next_arg1);
}
