// SPDX-License-Identifier: BSD-2-Clause
/*
 * The PMU features of the calling hart: what OpenSBI's hart probing found,
 * plus the draft Smpdis/Sspdis CSRs, which OpenSBI does not know and which
 * are probed here under its expected-trap handler.
 */
#include <sbi/riscv_asm.h>
#include <sbi/sbi_csr_detect.h>
#include <sbi/sbi_hart.h>
#include <sbi/sbi_trap.h>
#include <sbi/riscv_draft_encoding.h>
#include "tally_pmu.h"

static bool pdis_csr(unsigned int csr)
{
	struct sbi_trap_info trap = { 0 };

	switch (csr) {
	case CSR_SPDISCTL:
		csr_read_allowed(CSR_SPDISCTL, &trap);
		break;
	case CSR_SPDISAMBCS:
		csr_read_allowed(CSR_SPDISAMBCS, &trap);
		break;
	default:
		csr_read_allowed(CSR_MPDISCTL, &trap);
	}
	return !trap.cause;
}

unsigned int tally_pmu_hart_features(struct sbi_scratch *scratch)
{
	unsigned int f = 0;

#define HAS(ext) sbi_hart_has_extension(scratch, SBI_HART_EXT_##ext)
	if (sbi_hart_priv_version(scratch) >= SBI_HART_PRIV_VER_1_11)
		f |= PMU_FEAT_MCOUNTINHIBIT;
	if (HAS(SSCOFPMF))
		f |= PMU_FEAT_SSCOFPMF;
	if (HAS(SMCNTRPMF))
		f |= PMU_FEAT_SMCNTRPMF;
	if (misa_extension('H'))
		f |= PMU_FEAT_HYP;
	/* S-mode reaches delegated counters only through siselect/sireg* */
	if (HAS(SMCDELEG) && HAS(SSCCFG) && HAS(SSCSRIND))
		f |= PMU_FEAT_SMCDELEG;
	if (HAS(SMSTATEEN))
		f |= PMU_FEAT_SMSTATEEN;
#undef HAS
	if (pdis_csr(CSR_MPDISCTL)) {
		f |= PMU_FEAT_SMPDIS;
		if (pdis_csr(CSR_SPDISCTL))
			f |= PMU_FEAT_SSPDIS;
		/* only where mpdisctl.MEM is not hardwired to 0 */
		if (pdis_csr(CSR_SPDISAMBCS))
			f |= PMU_FEAT_PDISMEM;
	}
	return f;
}
