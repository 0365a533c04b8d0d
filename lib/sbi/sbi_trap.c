// SPDX-License-Identifier: BSD-2-Clause
/* Every M-mode trap except the S-mode ecall fast path lands here. */
#include <sbi/riscv_asm.h>
#include <sbi/sbi_console.h>
#include <sbi/sbi_ipi.h>
#include <sbi/sbi_pmu_fw.h>
#include <sbi/sbi_scratch.h>
#include <sbi/sbi_timer.h>
#include <sbi/sbi_trap.h>

/*
 * S-mode trap entry state for @cause taken at @epc with mstatus @st, as
 * the hardware would set it: scause/stval/sepc written, and the mstatus
 * to return with (SPP, SPIE, SIE, MPP = S) returned.
 */
static unsigned long redirect_state(unsigned long st, unsigned long epc,
				    unsigned long cause, unsigned long tval)
{
	unsigned long prev = (st & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT;
	unsigned long new = st & ~(MSTATUS_SPP | MSTATUS_SPIE | MSTATUS_SIE |
				   MSTATUS_MPP);

	csr_write(CSR_SCAUSE, cause);
	csr_write(CSR_STVAL, tval);
	csr_write(CSR_SEPC, epc);
	if (prev == PRV_S)
		new |= MSTATUS_SPP;
	if (st & MSTATUS_SIE)
		new |= MSTATUS_SPIE;
	return new | (unsigned long)PRV_S << MSTATUS_MPP_SHIFT;
}

void sbi_trap_redirect(struct sbi_trap_regs *regs, unsigned long cause,
		       unsigned long tval)
{
	regs->mstatus = redirect_state(regs->mstatus, regs->mepc, cause, tval);
	regs->mepc = csr_read(CSR_STVEC) & ~3UL;
}

void sbi_ecall_redirect(unsigned long cause, unsigned long tval)
{
	csr_write(CSR_MSTATUS, redirect_state(csr_read(CSR_MSTATUS),
					      csr_read(CSR_MEPC), cause, tval));
	/* the fast path steps mepc over the ecall: land exactly on stvec */
	csr_write(CSR_MEPC, (csr_read(CSR_STVEC) & ~3UL) - 4);
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
		sbi_ipi_process();
		break;
	case IRQ_M_TIMER:
		sbi_timer_process();
		break;
	default:
		sbi_scratch_this()->unexpected_traps++;
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
	default:
		sbi_trap_redirect(regs, cause, tval);
		break;
	}
}

struct sbi_trap_regs *sbi_trap_handler(struct sbi_trap_regs *regs)
{
	unsigned long cause = csr_read(CSR_MCAUSE);
	unsigned long tval = csr_read(CSR_MTVAL);

	if (cause & MCAUSE_IRQ) {
		handle_irq(regs, cause & ~MCAUSE_IRQ);
		return regs;
	}
	if ((regs->mstatus & MSTATUS_MPP) == MSTATUS_MPP) {
		sbi_scratch_this()->unexpected_traps++;
		fatal(regs, cause, tval);
	}
	handle_exception(regs, cause, tval);
	return regs;
}
