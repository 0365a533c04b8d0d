// SPDX-License-Identifier: BSD-2-Clause
/*
 * HSM. Each hart's state lives in its scratch and only moves through
 * compare-and-swap, so concurrent start/stop requests resolve cleanly.
 * Stopped and suspended harts keep serving IPIs (remote fences) while they
 * wait, so a sender never blocks on them.
 */
#include <sbi/riscv_asm.h>
#include <sbi/sbi_dbtr.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_hart.h>
#include <sbi/sbi_hsm.h>
#include <sbi/sbi_init.h>
#include <sbi/sbi_ipi.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_pmu_fw.h>
#include <sbi/sbi_suspend_loss.h>
#include <sbi/sbi_timer.h>

/* Internal: a starter has claimed a stopped hart but not yet released it. */
#define HSM_STATE_CLAIMED	0x100

/* Sleep until an interrupt is pending; serve M-mode IPIs and timer. */
static void wait_once(void)
{
	unsigned long mip;

	wfi();
	mip = csr_read(CSR_MIP) & csr_read(CSR_MIE);
	if (mip & MIP_MSIP)
		sbi_ipi_process();
	if (mip & MIP_MTIP)
		sbi_timer_process();
}

void sbi_hsm_wait_for_start(void)
{
	struct sbi_scratch *s = sbi_scratch_this();

	csr_write(CSR_MIE, MIP_MSIP);
	while (atomic_read(&s->hsm_state) != SBI_HSM_STATE_START_PENDING)
		wait_once();
	sbi_hart_init();
	/* a started hart begins clean; a resumed one keeps its wake-up IPI */
	csr_clear(CSR_MIP, MIP_SSIP);
	atomic_write(&s->hsm_state, SBI_HSM_STATE_STARTED);
	sbi_hart_enter_lower(s->next_addr, PRV_S, s->next_arg1);
}

int sbi_hsm_hart_start(unsigned long hartid, unsigned long addr,
		       unsigned long opaque)
{
	struct sbi_scratch *s = sbi_scratch_of(hartid);
	long old;

	if (!s)
		return SBI_ERR_INVALID_PARAM;
	if (!sbi_supervisor_ram(addr, 4) || (addr & 1))
		return SBI_ERR_INVALID_ADDRESS;
	/* claim the hart so a concurrent starter sees it busy */
	old = atomic_cmpxchg(&s->hsm_state, SBI_HSM_STATE_STOPPED,
			     HSM_STATE_CLAIMED);
	if (old != SBI_HSM_STATE_STOPPED)
		return SBI_ERR_ALREADY_AVAILABLE;
	s->next_addr = addr;
	s->next_arg1 = opaque;
	mb();
	atomic_write(&s->hsm_state, SBI_HSM_STATE_START_PENDING);
	sbi_ipi_send(hartid, SBI_IPI_EVENT_WAKE);
	return SBI_SUCCESS;
}

int sbi_hsm_hart_stop(void)
{
	struct sbi_scratch *s = sbi_scratch_this();

	if (atomic_cmpxchg(&s->hsm_state, SBI_HSM_STATE_STARTED,
			   SBI_HSM_STATE_STOP_PENDING) !=
	    SBI_HSM_STATE_STARTED)
		return SBI_ERR_FAILED;
	pmu_hart_stop(&s->pmu);
	csr_write(CSR_MIE, 0);
	csr_clear(CSR_MIP, MIP_SSIP | MIP_STIP);
	atomic_write(&s->hsm_state, SBI_HSM_STATE_STOPPED);
	sbi_hart_restart_stack(sbi_hsm_wait_for_start);
}

long sbi_hsm_hart_status(unsigned long hartid)
{
	struct sbi_scratch *s = sbi_scratch_of(hartid);
	long st;

	if (!s)
		return SBI_ERR_INVALID_PARAM;
	st = atomic_read(&s->hsm_state);
	return st == HSM_STATE_CLAIMED ? SBI_HSM_STATE_START_PENDING : st;
}

/* Reserved and unimplemented platform-specific types are INVALID_PARAM. */
static bool suspend_type_valid(uint32_t type)
{
	return type == SBI_HSM_SUSPEND_RET_DEFAULT ||
	       type == SBI_HSM_SUSPEND_NON_RET_DEFAULT;
}

/* Wait for an interrupt S-mode has enabled; M-mode IPIs are served. */
static void suspend_wait(void)
{
	unsigned long wake = csr_read(CSR_MIE) & SBI_HART_S_IRQS;

	csr_set(CSR_MIE, MIP_MSIP);
	do
		wait_once();
	while (!(csr_read(CSR_MIP) & wake));
}

int sbi_hsm_hart_suspend(uint32_t type, unsigned long addr,
			 unsigned long opaque)
{
	struct sbi_scratch *s = sbi_scratch_this();
	bool retentive = !(type & SBI_HSM_SUSPEND_NON_RET_DEFAULT);

	if (!suspend_type_valid(type))
		return SBI_ERR_INVALID_PARAM;
	if (!retentive) {
		if (!sbi_supervisor_ram(addr, 4) || (addr & 1))
			return SBI_ERR_INVALID_ADDRESS;
		sbi_hsm_suspend_non_ret(addr, opaque);
	}
	atomic_write(&s->hsm_state, SBI_HSM_STATE_SUSPENDED);
	suspend_wait();
	atomic_write(&s->hsm_state, SBI_HSM_STATE_STARTED);
	return SBI_SUCCESS;
}

/*
 * Non-retentive suspend (HSM, and SUSP's suspend to RAM): the hart keeps
 * nothing but RAM, so the PMU saves its state first and the hart rebuilds
 * everything before it resumes at @addr. In the test configuration the
 * state really is lost in between (sbi_suspend_loss.h).
 */
void sbi_hsm_suspend_non_ret(unsigned long addr, unsigned long opaque)
{
	struct sbi_scratch *s = sbi_scratch_this();
	uint64_t stimer;

	atomic_write(&s->hsm_state, SBI_HSM_STATE_SUSPENDED);
	pmu_hart_suspend(&s->pmu);
	sbi_dbtr_hart_save(&s->dbtr);
	suspend_wait();
	/* after the wake-up, which may be the timer's STIP */
	stimer = sbi_timer_hart_save();
	if (sbi_suspend_loss_enabled())
		sbi_suspend_lose_state(s);
	sbi_hart_restore();
	sbi_timer_hart_restore(stimer);
	sbi_dbtr_hart_restore(&s->dbtr);
	atomic_write(&s->hsm_state, SBI_HSM_STATE_STARTED);
	s->next_addr = addr;
	s->next_arg1 = opaque;
	sbi_hart_restart_stack(sbi_hart_resume_lower);
}
