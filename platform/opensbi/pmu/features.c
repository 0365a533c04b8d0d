// SPDX-License-Identifier: BSD-2-Clause
/*
 * The extensions of the calling hart the PMU cares about: what OpenSBI's
 * hart probing found, plus the draft Smpdis/Sspdis CSRs, which OpenSBI
 * does not know and which are probed here under its expected-trap handler.
 * The core's pmu_isa_features() turns them into PMU features.
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
	static const struct {
		uint16_t ext;	/* enum sbi_hart_extensions */
		uint16_t pmu;	/* PMU_ISA_* */
	} map[] = {
		{ SBI_HART_EXT_SSCOFPMF, PMU_ISA_SSCOFPMF },
		{ SBI_HART_EXT_SMCNTRPMF, PMU_ISA_SMCNTRPMF },
		{ SBI_HART_EXT_SMCDELEG, PMU_ISA_SMCDELEG },
		{ SBI_HART_EXT_SSCCFG, PMU_ISA_SSCCFG },
		{ SBI_HART_EXT_SSCSRIND, PMU_ISA_SSCSRIND },
		{ SBI_HART_EXT_SMSTATEEN, PMU_ISA_SMSTATEEN },
	};
	unsigned int i, isa = 0;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (sbi_hart_has_extension(scratch, map[i].ext))
			isa |= map[i].pmu;
	if (sbi_hart_priv_version(scratch) >= SBI_HART_PRIV_VER_1_11)
		isa |= PMU_ISA_MCOUNTINHIBIT;
	if (misa_extension('H'))
		isa |= PMU_ISA_H;
	if (pdis_csr(CSR_MPDISCTL))
		isa |= PMU_ISA_SMPDIS;
	if (pdis_csr(CSR_SPDISCTL))
		isa |= PMU_ISA_SSPDIS;
	/* only where mpdisctl.MEM is not hardwired to 0 */
	if (pdis_csr(CSR_SPDISAMBCS))
		isa |= PMU_ISA_PDISMEM;
	return pmu_isa_features(isa);
}
