// SPDX-License-Identifier: BSD-2-Clause
/*
 * The firmware's side of the PMU core: host services, DT set-up and the
 * delegation policy's inputs (docs/delegation.md).
 */
#include <libfdt.h>
#include <pmu/pmu_host.h>
#include <sbi/sbi_error.h>
#include <sbi/riscv_asm.h>
#include <sbi/sbi_console.h>
#include <utils/fdt/fdt_helper.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_pmu_fw.h>
#include <sbi/sbi_sse.h>

/* The CSR accessors are inline: <sbi/sbi_pmu_csr.h>. */

int pmu_host_csr_probe(unsigned int csr, unsigned long val,
		       unsigned long *readback)
{
	if (csr_write_safe(csr, val) || csr_read_safe(csr, readback))
		return -1;
	return 0;
}

bool pmu_host_smem_allowed(unsigned long addr_lo, unsigned long addr_hi,
			   unsigned long size)
{
	return !addr_hi && sbi_supervisor_ram(addr_lo, size);
}

void *pmu_host_smem_ptr(unsigned long addr)
{
	return (void *)addr;
}

/* A routed counter overflow: SSE's local PMU overflow event. */
void pmu_host_overflow_event(struct pmu_hart *h)
{
	(void)h;	/* always the calling hart's */
	sbi_sse_pmu_overflow();
}

/*
 * Tally has no platform firmware events: SBI_PMU_FW_PLATFORM is refused
 * (config_matching NOT_SUPPORTED, event_get_info "unsupported"), so the
 * core never binds a counter to one and never calls the other five.
 */
bool pmu_host_fw_platform_valid(uint64_t data)
{
	return false;
}

bool pmu_host_fw_platform_match(unsigned int j, uint64_t data)
{
	return false;
}

long pmu_host_fw_platform_start(unsigned int j, uint64_t data)
{
	return SBI_ERR_NOT_SUPPORTED;
}

long pmu_host_fw_platform_stop(unsigned int j)
{
	return SBI_ERR_NOT_SUPPORTED;
}

uint64_t pmu_host_fw_platform_read(unsigned int j)
{
	return 0;
}

void pmu_host_fw_platform_write(unsigned int j, uint64_t value)
{
}

unsigned int sbi_pmu_features(const struct sbi_isa *isa)
{
	unsigned int f = 0;

	if (isa->has_mcountinhibit)
		f |= PMU_FEAT_MCOUNTINHIBIT;
	if (sbi_isa_has(isa, SBI_ISA_EXT_SSCOFPMF))
		f |= PMU_FEAT_SSCOFPMF;
	if (sbi_isa_has(isa, SBI_ISA_EXT_SMCNTRPMF))
		f |= PMU_FEAT_SMCNTRPMF;
	if (sbi_isa_has(isa, SBI_ISA_EXT_H))
		f |= PMU_FEAT_HYP;
	/* S-mode reaches delegated counters only through siselect/sireg* */
	if (sbi_isa_has(isa, SBI_ISA_EXT_SMCDELEG) &&
	    sbi_isa_has(isa, SBI_ISA_EXT_SSCCFG) &&
	    sbi_isa_has(isa, SBI_ISA_EXT_SSCSRIND))
		f |= PMU_FEAT_SMCDELEG;
	if (sbi_isa_has(isa, SBI_ISA_EXT_SMSTATEEN))
		f |= PMU_FEAT_SMSTATEEN;
	if (sbi_isa_has(isa, SBI_ISA_EXT_SMPDIS))
		f |= PMU_FEAT_SMPDIS;
	if (sbi_isa_has(isa, SBI_ISA_EXT_SSPDIS))
		f |= PMU_FEAT_SSPDIS;
	if (isa->has_pdis_mem)
		f |= PMU_FEAT_PDISMEM;
	return f;
}

typedef int (*pmu_dt_loader)(struct pmu_platform *, const void *,
			     unsigned long);

static void load_prop(const void *fdt, int node, const char *name,
		      pmu_dt_loader load)
{
	int len, err;
	const void *p = fdt_getprop(fdt, node, name, &len);

	if (!p)
		return;
	err = load(&sbi_plat.pmu, p, len);
	if (err)
		sbi_printf("tally: pmu: ignoring malformed %s (%d)\n", name,
			   err);
}

void sbi_pmu_platform_init(void *fdt)
{
	int node;

	pmu_platform_init(&sbi_plat.pmu, sbi_pmu_features(&sbi_plat.isa));
	pmu_platform_probe(&sbi_plat.pmu);
	node = fdt_node_offset_by_compatible(fdt, -1, "riscv,pmu");
	if (node < 0) {
		pmu_platform_default_map(&sbi_plat.pmu);
	} else {
		load_prop(fdt, node, "riscv,event-to-mhpmevent",
			  pmu_dt_event_to_mhpmevent);
		load_prop(fdt, node, "riscv,event-to-mhpmcounters",
			  pmu_dt_event_to_mhpmcounters);
		load_prop(fdt, node, "riscv,raw-event-to-mhpmcounters",
			  pmu_dt_raw_event_to_mhpmcounters);
	}
	/* the DT's /chosen overrides the build-time policy */
	node = fdt_path_offset(fdt, "/chosen");
	if (!fdt_get_u32(fdt, node, "tally,pmu-compat", FW_PMU_COMPAT))
		sbi_plat.pmu.compat = 0;
	pmu_platform_delegate(&sbi_plat.pmu,
			      fdt_get_u32(fdt, node, "tally,pmu-delegate",
					  FW_PMU_DELEGATE),
			      fdt_get_u32(fdt, node, "tally,pdis-delegate",
					  FW_PDIS_DELEGATE) != 0);
}

unsigned long sbi_pmu_hidden_extensions(void)
{
	const struct pmu_platform *p = &sbi_plat.pmu;
	/* zicntr stays (rdtime is emulated), h is not the PMU's business */
	unsigned long hide = sbi_plat.isa_dt.ext & ~sbi_plat.isa.ext &
			     ~(BIT(SBI_ISA_EXT_ZICNTR_TIME) | BIT(SBI_ISA_EXT_H));

	if (!p->deleg_mask)
		hide |= BIT(SBI_ISA_EXT_SMCDELEG) | BIT(SBI_ISA_EXT_SSCCFG) |
			BIT(SBI_ISA_EXT_SSPESA) | BIT(SBI_ISA_EXT_SSPLCOFI);
	if (!p->pdis_deleg)
		hide |= BIT(SBI_ISA_EXT_SSPDIS);
	return hide;
}
