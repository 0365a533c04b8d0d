// SPDX-License-Identifier: BSD-2-Clause
/*
 * Emulated state loss of a non-retentive suspend (test configuration).
 *
 * A hart that really powers down comes back with its CSRs in an unknown
 * state. QEMU's harts keep everything, so the firmware's restore code
 * would never be tested; here the hart scrambles, before it resumes, every
 * CSR that the supervisor or the firmware relies on and that a power-down
 * loses: the S-mode CSRs, delegation and environment (medeleg, mideleg,
 * menvcfg, mstateen0, mcounteren), the PMP, the PMU's counters, events
 * and inhibits, and the debug triggers (S/U-mode ones only). Pending
 * interrupts (mip) are the interrupt controller's, not the hart's, and
 * stay. Counters delegated to S-mode are S-mode's to save
 * (docs/delegation.md): their values, events and inhibits are scrambled
 * too, but their MINH stays set, so they never count M-mode.
 *
 * Separately, the hart may forget its SSE registrations, as a firmware
 * that starts a resumed hart afresh would: the supervisor must register
 * its events again (Linux's SSE client checks for it at CPU PM exit).
 */
#include <libfdt.h>
#include <pmu/pmu.h>
#include <pmu/pmu_csr.h>
#include <sbi/riscv_asm.h>
#include <sbi/sbi_dbtr.h>
#include <utils/fdt/fdt_helper.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_sse.h>
#include <sbi/sbi_suspend_loss.h>
#include <sbi/sbi_test_channel.h>

static bool clobber, forget_sse;

void sbi_suspend_loss_init(const void *fdt)
{
	int chosen = fdt_path_offset(fdt, "/chosen");

	clobber = fdt_get_u32(fdt, chosen, "tally,suspend-clobber",
			      sbi_test_channel_enabled()) != 0;
	forget_sse = fdt_get_u32(fdt, chosen, "tally,suspend-forget-sse",
				 0) != 0;
}

bool sbi_suspend_loss_enabled(void)
{
	return clobber || forget_sse;
}

const char *sbi_suspend_loss_what(void)
{
	if (!forget_sse)
		return "the hart state";
	return clobber ? "the hart state and SSE registrations" :
			 "the SSE registrations";
}

/* xorshift64*: a different pattern on every suspend. */
static unsigned long next(unsigned long *x)
{
	*x ^= *x >> 12;
	*x ^= *x << 25;
	*x ^= *x >> 27;
	return *x * 0x2545f4914f6cdd1dUL;
}

static void lose_s_mode(const struct sbi_scratch *s, unsigned long *x)
{
	csr_write(CSR_STVEC, next(x));
	csr_write(CSR_SSCRATCH, next(x));
	csr_write(CSR_SEPC, next(x));
	csr_write(CSR_SCAUSE, next(x));
	csr_write(CSR_STVAL, next(x));
	csr_write(CSR_SATP, next(x));
	csr_write(CSR_SCOUNTEREN, next(x));
	csr_write(CSR_SIE, next(x));
	if (s->isa.has_menvcfg)
		csr_write(CSR_SENVCFG, next(x));
	if (sbi_isa_has(&s->isa, SBI_ISA_EXT_SSTC))
		csr_write(CSR_STIMECMP, next(x));
	/* sstatus: the fields a reset leaves undefined (not FS/VS/XS) */
	csr_clear(CSR_MSTATUS, MSTATUS_SIE | MSTATUS_SPIE | MSTATUS_SPP |
			       MSTATUS_SUM | MSTATUS_MXR);
	csr_set(CSR_MSTATUS, next(x) & (MSTATUS_SIE | MSTATUS_SPIE |
					MSTATUS_SPP | MSTATUS_SUM |
					MSTATUS_MXR));
}

/* Never a lock bit: M-mode must stay unaffected. */
static void lose_machine(const struct sbi_scratch *s, unsigned long *x)
{
	csr_write(CSR_MEDELEG, next(x));
	csr_write(CSR_MIDELEG, next(x));
	csr_write(CSR_MCOUNTEREN, next(x));
	if (s->isa.has_menvcfg)
		csr_write(CSR_MENVCFG, next(x));
	if (sbi_isa_has(&s->isa, SBI_ISA_EXT_SMSTATEEN))
		csr_write(CSR_MSTATEEN0, next(x));
	if (sbi_plat.pmp_count >= 3) {
		csr_write_num(CSR_PMPADDR0, next(x));
		csr_write_num(CSR_PMPCFG0, 0);
	}
}

static unsigned int event_csr(const struct sbi_scratch *s, unsigned int i)
{
	if (i >= 3)
		return 0x320 + i;	/* mhpmevent */
	if (sbi_isa_has(&s->isa, SBI_ISA_EXT_SMCNTRPMF))
		return i == 0 ? CSR_MCYCLECFG : CSR_MINSTRETCFG;
	return 0;
}

/*
 * A delegated counter's event with MINH kept: it is in the upper half,
 * which RV32 does not touch here (mhpmeventh, mcyclecfgh, minstretcfgh).
 */
static unsigned long deleg_event(unsigned long v)
{
#if __riscv_xlen == 64
	v |= (unsigned long)PMU_EVT_MINH;
#endif
	return v;
}

static void lose_pmu(const struct sbi_scratch *s, unsigned long *x)
{
	/* counters that never stop (no mcountinhibit) lose their values too */
	uint32_t hw = sbi_plat.pmu.hw_value_mask;
	uint32_t deleg = sbi_plat.pmu.deleg_mask;
	unsigned int i, ev;

	for (i = 0; i < 32; i++) {
		bool d = (deleg >> i) & 1;

		if (!(((hw | deleg) >> i) & 1))
			continue;
		ev = event_csr(s, i);
		if (ev)
			csr_write_num(ev, d ? deleg_event(next(x)) : next(x));
		csr_write_num(CSR_MCYCLE + i, next(x));
	}
	/* every counter runs (or not) at random; delegated ones never in M */
	if (s->isa.has_mcountinhibit) {
		csr_clear(CSR_MCOUNTINHIBIT, hw | deleg);
		csr_set(CSR_MCOUNTINHIBIT, next(x) & (hw | deleg));
	}
}

/* As after a reset: every local event UNUSED, the LCOFI S-mode's again. */
static void forget_sse_events(struct sbi_scratch *s)
{
	sbi_sse_hart_reset(s);
	pmu_hart_sse_route(&s->pmu, false);
}

void sbi_suspend_lose_state(struct sbi_scratch *s)
{
	unsigned long x = csr_read(CSR_MCYCLE) ^
			  (s->hartid << (__riscv_xlen / 2)) ^
			  (s->test.suspend_losses *
			   (unsigned long)0x9e3779b97f4a7c15ULL) ^ 1;

	if (clobber) {
		lose_s_mode(s, &x);
		lose_machine(s, &x);
		lose_pmu(s, &x);
		sbi_dbtr_hart_scramble(&s->dbtr, next(&x));
	}
	if (forget_sse)
		forget_sse_events(s);
	__atomic_add_fetch(&s->test.suspend_losses, 1, __ATOMIC_RELAXED);
}
