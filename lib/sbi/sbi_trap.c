// SPDX-License-Identifier: BSD-2-Clause
/* Every M-mode trap except the S-mode ecall fast path lands here. */
#include <sbi/riscv_asm.h>
#include <sbi/sbi_console.h>
#include <sbi/sbi_hsm.h>
#include <sbi/sbi_ipi.h>
#include <sbi/sbi_pmu_fw.h>
#include <sbi/sbi_scratch.h>
#include <sbi/sbi_sse.h>
#include <sbi/sbi_timer.h>
#include <sbi/sbi_trap.h>

/* Causes whose tval is a virtual address (GVA when taken with V=1). */
static bool tval_is_va(unsigned long cause)
{
	return cause <= CAUSE_STORE_ACCESS || cause == CAUSE_FETCH_PAGE_FAULT ||
	       cause == CAUSE_LOAD_PAGE_FAULT || cause == CAUSE_STORE_PAGE_FAULT;
}

/* xstatus after trap entry from privilege @prev: SPP, SPIE, SIE. */
static unsigned long enter_s(unsigned long st, unsigned long prev)
{
	unsigned long new = st & ~(MSTATUS_SPP | MSTATUS_SPIE | MSTATUS_SIE);

	if (prev == PRV_S)
		new |= MSTATUS_SPP;
	if (st & MSTATUS_SIE)
		new |= MSTATUS_SPIE;
	return new;
}

/* A VS/VU-mode trap that hedeleg gives to the guest: the VS CSRs. */
static unsigned long to_vs(unsigned long st, unsigned long epc,
			   unsigned long cause, unsigned long tval,
			   unsigned long *vec)
{
	csr_write(CSR_VSCAUSE, cause);
	csr_write(CSR_VSTVAL, tval);
	csr_write(CSR_VSEPC, epc);
	csr_write(CSR_VSSTATUS, enter_s(csr_read(CSR_VSSTATUS),
					(st & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT));
	*vec = csr_read(CSR_VSTVEC) & ~3UL;
	/* mret stays in VS-mode (MPV = 1) */
	return (st & ~MSTATUS_MPP) | (unsigned long)PRV_S << MSTATUS_MPP_SHIFT;
}

/* hstatus on entry to HS-mode: where the trap came from (SPV, SPVP, GVA). */
static void hs_entry(bool virt, unsigned long prev, unsigned long cause)
{
	unsigned long hs = csr_read(CSR_HSTATUS) & ~(HSTATUS_SPV | HSTATUS_GVA);

	if (virt) {
		hs = (hs & ~HSTATUS_SPVP) | HSTATUS_SPV |
		     (prev == PRV_S ? HSTATUS_SPVP : 0);
		if (tval_is_va(cause))
			hs |= HSTATUS_GVA;
	}
	csr_write(CSR_HSTATUS, hs);
	csr_write(CSR_HTVAL, 0);
	csr_write(CSR_HTINST, 0);
}

/*
 * Ssdbltrp: S-mode took a trap while sstatus.SDT was set (the hardware's
 * double trap, cause 16, or one the firmware was about to redirect; @regs
 * NULL: at the S-mode ecall being handled). The supervisor cannot recover
 * by itself: it gets the SSE double trap event if that may run, else the
 * hart stops and S-mode on another hart sees it STOPPED.
 */
static void s_double_trap(struct sbi_trap_regs *regs, unsigned long cause)
{
	if (sbi_sse_double_trap(regs))
		return;
	sbi_printf("tally: hart %lu: double trap in S-mode (cause 0x%lx, "
		   "sepc 0x%lx), hart stopped\n", sbi_scratch_this()->hartid,
		   cause, csr_read(CSR_SEPC));
	csr_clear(CSR_MSTATUS, MSTATUS_SDT);
	sbi_hsm_hart_stop();
	for (;;)
		wfi();
}

/* A redirect of @cause from mstatus @st would be an S-mode double trap. */
static bool double_trapped(unsigned long st, unsigned long cause)
{
	if (!(st & MSTATUS_SDT) ||
	    !sbi_scratch_this()->fwft.value[SBI_FWFT_DOUBLE_TRAP])
		return false;
	/* a trap hedeleg hands to VS-mode never looks at HS-mode's SDT */
	return !((st & MSTATUS_MPV) && ((csr_read(CSR_HEDELEG) >> cause) & 1));
}

/* HS-mode trap entry of Zicfilp (ELP to SPELP) and Ssdbltrp (SDT). */
static unsigned long cfi_entry(unsigned long old, unsigned long st)
{
	st &= ~(MSTATUS_SPELP | MSTATUS_MPELP);
	if (old & MSTATUS_MPELP)
		st |= MSTATUS_SPELP;
	if (sbi_scratch_this()->fwft.value[SBI_FWFT_DOUBLE_TRAP])
		st |= MSTATUS_SDT;
	return st;
}

/*
 * The S-mode trap entry the hardware would have made for @cause taken at
 * @epc with mstatus @st: the trap CSRs written, the vector to return to in
 * *@vec, and the mstatus to return with. A trap from VS/VU-mode goes to the
 * guest if hedeleg says so, else to HS-mode like any other.
 */
static unsigned long redirect_state(unsigned long st, unsigned long epc,
				    unsigned long cause, unsigned long tval,
				    unsigned long *vec)
{
	unsigned long prev = (st & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT;
	bool virt = (st & MSTATUS_MPV) != 0;
	unsigned long new;

	if (virt && ((csr_read(CSR_HEDELEG) >> cause) & 1))
		return to_vs(st, epc, cause, tval, vec);
	if (sbi_isa_has(&sbi_scratch_this()->isa, SBI_ISA_EXT_H))
		hs_entry(virt, prev, cause);
	csr_write(CSR_SCAUSE, cause);
	csr_write(CSR_STVAL, tval);
	csr_write(CSR_SEPC, epc);
	*vec = csr_read(CSR_STVEC) & ~3UL;
	new = enter_s(st, prev) & ~(MSTATUS_MPP | MSTATUS_MPV | MSTATUS_GVA);
	new = cfi_entry(st, new);
	return new | (unsigned long)PRV_S << MSTATUS_MPP_SHIFT;
}

void sbi_trap_redirect(struct sbi_trap_regs *regs, unsigned long cause,
		       unsigned long tval)
{
	unsigned long vec;

	if (double_trapped(regs->mstatus, cause)) {
		s_double_trap(regs, cause);
		return;
	}
	regs->mstatus = redirect_state(regs->mstatus, regs->mepc, cause, tval,
				       &vec);
	regs->mepc = vec;
}

void sbi_ecall_redirect(unsigned long cause, unsigned long tval)
{
	unsigned long vec;

	if (double_trapped(csr_read(CSR_MSTATUS), cause)) {
		s_double_trap(NULL, cause);
		return;
	}
	csr_write(CSR_MSTATUS, redirect_state(csr_read(CSR_MSTATUS),
					      csr_read(CSR_MEPC), cause, tval,
					      &vec));
	/* the fast path steps mepc over the ecall: land exactly on vec */
	csr_write(CSR_MEPC, vec - 4);
}

static void __attribute__((noreturn))
fatal(struct sbi_trap_regs *regs, unsigned long cause, unsigned long tval)
{
	sbi_printf("\ntally: unexpected M-mode trap on hart %lu: "
		   "mcause 0x%lx mepc 0x%lx mtval 0x%lx ra 0x%lx sp 0x%lx\n",
		   sbi_scratch_this()->hartid, cause, regs->mepc, tval,
		   regs->ra, regs->sp);
	for (;;)
		wfi();
}

static void handle_irq(struct sbi_trap_regs *regs, unsigned long irq)
{
	switch (irq) {
	case IRQ_M_SOFT:
		if (sbi_ipi_process() & SBI_IPI_EVENT_SSE)
			sbi_sse_deliver_trap(regs);
		break;
	case IRQ_PMU_OVF:	/* routed here while the SSE event is enabled */
		pmu_hart_overflow_irq(&sbi_scratch_this()->pmu);
		sbi_sse_deliver_trap(regs);
		break;
	case IRQ_M_TIMER:
		sbi_timer_process();
		break;
	default:
		sbi_test_unexpected_trap(&sbi_scratch_this()->test);
		fatal(regs, irq | MCAUSE_IRQ, 0);
	}
}

static void handle_exception(struct sbi_trap_regs *regs, unsigned long cause,
			     unsigned long tval)
{
	switch (cause) {
	case CAUSE_MISALIGNED_LOAD:
	case CAUSE_MISALIGNED_STORE:
		sbi_emulate_misaligned(regs, cause, tval);
		break;
	case CAUSE_ILLEGAL_INSTRUCTION:
		sbi_emulate_illegal(regs, tval);
		break;
	case CAUSE_LOAD_ACCESS:
		sbi_pmu_fw_count(PMU_FW_ACCESS_LOAD);
		sbi_trap_redirect(regs, cause, tval);
		break;
	case CAUSE_STORE_ACCESS:
		sbi_pmu_fw_count(PMU_FW_ACCESS_STORE);
		sbi_trap_redirect(regs, cause, tval);
		break;
	case CAUSE_DOUBLE_TRAP:
		s_double_trap(regs, cause);
		break;
	default:
		sbi_trap_redirect(regs, cause, tval);
		break;
	}
}

struct sbi_trap_regs *sbi_trap_handler(struct sbi_trap_regs *regs)
{
	unsigned long cause = csr_read(CSR_MCAUSE);
	unsigned long tval;

	if (cause & MCAUSE_IRQ) {
		handle_irq(regs, cause & ~MCAUSE_IRQ);
		return regs;
	}
	tval = csr_read(CSR_MTVAL);
	if ((regs->mstatus & MSTATUS_MPP) == MSTATUS_MPP) {
		sbi_test_unexpected_trap(&sbi_scratch_this()->test);
		fatal(regs, cause, tval);
	}
	handle_exception(regs, cause, tval);
	return regs;
}

/*
 * An interrupt from below M-mode: @regs holds only what C may clobber
 * (ra, sp, tp, t0, t1, a0-a7) and mepc/mstatus, which is all the
 * interrupt handlers read or change (firmware/fw_base.S, _trap_irq).
 */
void sbi_trap_irq_handler(struct sbi_trap_regs *regs)
{
	handle_irq(regs, csr_read(CSR_MCAUSE) & ~MCAUSE_IRQ);
}
