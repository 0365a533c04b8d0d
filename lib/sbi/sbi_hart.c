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

/* ACLINT: S-mode must not reach msip or mtimecmp of any hart. */
#define ACLINT_PMP_SIZE		0x10000UL

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
 * PMP: entry 0 hides the firmware, entry 1 the ACLINT, entry 2 the harts'
 * region if they have one apart (sbi_init.c), the last entry opens
 * everything else to S/U. M-mode is unaffected (no lock bits).
 */
#define PMP_PER_CFG	(__riscv_xlen / 8)

static void setup_pmp(void)
{
	unsigned int last = sbi_plat.pmp_count - 1;
	unsigned long cfg0 = PMP_A_NAPOT;

	if (sbi_plat.pmp_count < (sbi_plat.harts_region ? 4 : 3))
		return;
	csr_write_num(CSR_PMPADDR0, napot(sbi_plat.fw_start,
					  sbi_plat.fw_region));
	if (sbi_plat.mswi_base) {
		csr_write_num(CSR_PMPADDR0 + 1,
			      napot(sbi_plat.mswi_base & ~(ACLINT_PMP_SIZE - 1),
				    ACLINT_PMP_SIZE));
		cfg0 |= (unsigned long)PMP_A_NAPOT << 8;
	}
	if (sbi_plat.harts_region) {
		csr_write_num(CSR_PMPADDR0 + 2, napot(sbi_plat.harts_start,
						      sbi_plat.harts_region));
		cfg0 |= (unsigned long)PMP_A_NAPOT << 16;
	}
	csr_write_num(CSR_PMPADDR0 + last, -1UL);
	/*
	 * A pmpcfg register holds XLEN / 8 entries: RV64 pmpcfg0 entries
	 * 0-7, pmpcfg2 8-15; RV32 pmpcfg0 0-3, pmpcfg1 4-7, ...
	 */
	if (last < PMP_PER_CFG) {
		cfg0 |= (unsigned long)(PMP_A_NAPOT | PMP_R | PMP_W | PMP_X)
			<< (8 * last);
		csr_write_num(CSR_PMPCFG0, cfg0);
	} else {
		csr_write_num(CSR_PMPCFG0, cfg0);
		csr_write_num(CSR_PMPCFG0 + (__riscv_xlen / 32) *
					    (last / PMP_PER_CFG),
			      (unsigned long)(PMP_A_NAPOT | PMP_R | PMP_W |
					      PMP_X) << (8 * (last % PMP_PER_CFG)));
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
