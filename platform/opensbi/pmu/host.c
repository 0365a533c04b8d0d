// SPDX-License-Identifier: BSD-2-Clause
/*
 * The core's host services (<pmu/pmu_host.h>) from OpenSBI's: CSR access
 * by number (bit set/clear of mcountinhibit/mideleg/mie/mip with
 * csrs/csrc; the platform PMU device's hooks are the core's explicit
 * pmu_host_hw_*() calls, device.c), counter presence from OpenSBI's own hart probing, and the supervisor's
 * memory from its domain and the RAM of the device tree.
 */
#include <sbi/riscv_asm.h>
#include <sbi/riscv_encoding.h>
#include <sbi/sbi_domain.h>
#include <sbi/sbi_hart.h>
#include <sbi/riscv_draft_encoding.h>
#include "tally_pmu.h"

/*
 * csr_read_num()/csr_write_num() know the counter, event and inhibit CSRs;
 * the others the core uses are named here.
 */
unsigned long pmu_host_csr_read(unsigned int csr)
{
	switch (csr) {
	case CSR_MCOUNTEREN:
		return csr_read(CSR_MCOUNTEREN);
	case CSR_SCOUNTOVF:
		return csr_read(CSR_SCOUNTOVF);
	case CSR_MENVCFG:
		return csr_read(CSR_MENVCFG);
	case CSR_MSTATEEN0:
		return csr_read(CSR_MSTATEEN0);
	case CSR_MPDISCTL:
		return csr_read(CSR_MPDISCTL);
	case CSR_MIDELEG:
		return csr_read(CSR_MIDELEG);
	case CSR_MIE:
		return csr_read(CSR_MIE);
	case CSR_SPDISAMBCS:
		return csr_read(CSR_SPDISAMBCS);
	case CSR_SPDISAMBADDR:
		return csr_read(CSR_SPDISAMBADDR);
	default:
		return csr_read_num(csr);
	}
}

void pmu_host_csr_write(unsigned int csr, unsigned long val)
{
	switch (csr) {
	case CSR_MCOUNTEREN:
		csr_write(CSR_MCOUNTEREN, val);
		break;
	case CSR_MENVCFG:
		csr_write(CSR_MENVCFG, val);
		break;
	case CSR_MSTATEEN0:
		csr_write(CSR_MSTATEEN0, val);
		break;
	case CSR_MPDISCTL:
		csr_write(CSR_MPDISCTL, val);
		break;
	case CSR_MIDELEG:
		csr_write(CSR_MIDELEG, val);
		break;
	case CSR_SPDISAMBCS:
		csr_write(CSR_SPDISAMBCS, val);
		break;
	case CSR_SPDISAMBADDR:
		csr_write(CSR_SPDISAMBADDR, val);
		break;
	default:
		csr_write_num(csr, val);
	}
}

/*
 * Bits of the interrupt CSRs (the overflow interrupt's routing for SSE,
 * pmu_hart_sse_route()) with one csrs/csrc: a read-modify-write of mip
 * could lose an interrupt the hardware raises in between; mcountinhibit
 * (start, stop) with one too. Other CSRs as the core's default does.
 */
void pmu_host_csr_set(unsigned int csr, unsigned long bits)
{
	switch (csr) {
	case CSR_MIDELEG:
		csr_set(CSR_MIDELEG, bits);
		break;
	case CSR_MIE:
		csr_set(CSR_MIE, bits);
		break;
	case CSR_MIP:
		csr_set(CSR_MIP, bits);
		break;
	case CSR_MCOUNTINHIBIT:
		csr_set(CSR_MCOUNTINHIBIT, bits);
		break;
	default:
		pmu_host_csr_write(csr, pmu_host_csr_read(csr) | bits);
	}
}

void pmu_host_csr_clear(unsigned int csr, unsigned long bits)
{
	switch (csr) {
	case CSR_MIDELEG:
		csr_clear(CSR_MIDELEG, bits);
		break;
	case CSR_MIE:
		csr_clear(CSR_MIE, bits);
		break;
	case CSR_MIP:
		csr_clear(CSR_MIP, bits);
		break;
	case CSR_MCOUNTINHIBIT:
		csr_clear(CSR_MCOUNTINHIBIT, bits);
		break;
	default:
		pmu_host_csr_write(csr, pmu_host_csr_read(csr) & ~bits);
	}
}

/*
 * The core probes mhpmevent3..31 and mhpmcounter3..31. OpenSBI has already
 * found which exist (writing them under its expected-trap handler); a
 * counter it did not find, or its event, is reported absent.
 */
int pmu_host_csr_probe(unsigned int csr, unsigned long val,
		       unsigned long *readback)
{
	unsigned int idx;

	if (csr >= CSR_MHPMCOUNTER3 && csr <= CSR_MHPMCOUNTER31)
		idx = csr - CSR_MCYCLE;
	else if (csr >= CSR_MHPMEVENT3 && csr <= CSR_MHPMEVENT31)
		idx = csr - CSR_MCOUNTINHIBIT;
	else
		return -1;
	if (!(sbi_hart_mhpm_mask(sbi_scratch_thishart_ptr()) & (1UL << idx)))
		return -1;
	csr_write_num(csr, val);
	*readback = csr_read_num(csr);
	return 0;
}

/*
 * RAM of the device tree that the domain lets S-mode read and write.
 * _Bool: the core's interface, whatever OpenSBI calls bool.
 */
_Bool pmu_host_smem_allowed(unsigned long addr_lo, unsigned long addr_hi,
			    unsigned long size)
{
	if (addr_hi || addr_lo + size < addr_lo)
		return false;
	return tally_pmu_ram_contains(addr_lo, size) &&
	       sbi_domain_check_addr_range(sbi_domain_thishart_ptr(), addr_lo,
					   size, PRV_S,
					   SBI_DOMAIN_READ | SBI_DOMAIN_WRITE);
}

void *pmu_host_smem_ptr(unsigned long addr)
{
	return (void *)addr;
}
