// SPDX-License-Identifier: BSD-2-Clause
/*
 * Reads of the SBI's hardware counters while counters are delegated.
 *
 * With menvcfg.CDE = 1 the counters the SBI keeps leave mcounteren, so an
 * S-mode (or U-mode) read of them traps, and OpenSBI's CSR emulation
 * refuses a read that mcounteren does not allow. The link wraps
 * sbi_emulate_csr_read() (tally-pmu.mk: --wrap): reads of such a counter
 * are answered here, as Tally's firmware does, everything else is
 * OpenSBI's. Partial delegation then works as on Tally.
 */
#include <sbi/riscv_asm.h>
#include <sbi/riscv_encoding.h>
#include <sbi/sbi_trap.h>
#include "tally_pmu.h"

int __real_sbi_emulate_csr_read(int csr_num, struct sbi_trap_regs *regs,
				ulong *csr_val);
int __wrap_sbi_emulate_csr_read(int csr_num, struct sbi_trap_regs *regs,
				ulong *csr_val);

static bool trap_from_virt(const struct sbi_trap_regs *regs)
{
#if __riscv_xlen == 32
	return (regs->mstatusH & MSTATUSH_MPV) != 0;
#else
	return (regs->mstatus & MSTATUS_MPV) != 0;
#endif
}

/* scounteren gates U-mode, hcounteren VS/VU-mode, as in hardware */
static bool lower_enables(const struct sbi_trap_regs *regs, unsigned int idx)
{
	ulong mode = (regs->mstatus & MSTATUS_MPP) >> MSTATUS_MPP_SHIFT;

	if (trap_from_virt(regs) && !((csr_read(CSR_HCOUNTEREN) >> idx) & 1))
		return false;
	if (mode == PRV_U && !((csr_read(CSR_SCOUNTEREN) >> idx) & 1))
		return false;
	return true;
}

int __wrap_sbi_emulate_csr_read(int csr_num, struct sbi_trap_regs *regs,
				ulong *csr_val)
{
	struct pmu_hart *h = tally_pmu_hart();
	unsigned int idx = csr_num - CSR_CYCLE;
	bool hi = false;
	uint64_t v;

#if __riscv_xlen == 32
	if (csr_num >= CSR_CYCLEH && csr_num < CSR_CYCLEH + 32) {
		idx = csr_num - CSR_CYCLEH;
		hi = true;
	}
#endif
	if (!h || idx >= 32 || !lower_enables(regs, idx) ||
	    !pmu_hart_emulate_read(h, idx, &v))
		return __real_sbi_emulate_csr_read(csr_num, regs, csr_val);
	*csr_val = hi ? (ulong)(v >> 32) : (ulong)v;
	return 0;
}
