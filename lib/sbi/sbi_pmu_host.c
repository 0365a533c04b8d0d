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
	static const struct {
		uint16_t ext;	/* enum sbi_isa_ext */
		uint16_t pmu;	/* PMU_ISA_* */
	} map[] = {
		{ SBI_ISA_EXT_SSCOFPMF, PMU_ISA_SSCOFPMF },
		{ SBI_ISA_EXT_SMCNTRPMF, PMU_ISA_SMCNTRPMF },
		{ SBI_ISA_EXT_H, PMU_ISA_H },
		{ SBI_ISA_EXT_SMCDELEG, PMU_ISA_SMCDELEG },
		{ SBI_ISA_EXT_SSCCFG, PMU_ISA_SSCCFG },
		{ SBI_ISA_EXT_SSCSRIND, PMU_ISA_SSCSRIND },
		{ SBI_ISA_EXT_SMSTATEEN, PMU_ISA_SMSTATEEN },
		{ SBI_ISA_EXT_SMPDIS, PMU_ISA_SMPDIS },
		{ SBI_ISA_EXT_SSPDIS, PMU_ISA_SSPDIS },
	};
	unsigned int i, bits = 0;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (sbi_isa_has(isa, map[i].ext))
			bits |= map[i].pmu;
	if (isa->has_mcountinhibit)
		bits |= PMU_ISA_MCOUNTINHIBIT;
	if (isa->has_pdis_mem)
		bits |= PMU_ISA_PDISMEM;
	return pmu_isa_features(bits);
}

/* The DT the firmware booted with (the handle is the blob itself). */
const void *pmu_host_dt_prop(const void *dt, enum pmu_dt_node which,
			     const char *name, unsigned long *len)
{
	int node, n = 0;
	const void *p;

	if (which == PMU_DT_CHOSEN)
		node = fdt_path_offset(dt, "/chosen");
	else
		node = fdt_node_offset_by_compatible(dt, -1, "riscv,pmu");
	p = node < 0 ? NULL : fdt_getprop(dt, node, name, &n);
	*len = p ? (unsigned long)n : 0;
	return p;
}

/* The riscv,pmu node (pmu_host_event_maps()' default), /chosen, the knobs */
void sbi_pmu_platform_init(void *fdt)
{
	int err = pmu_platform_setup(&sbi_plat.pmu,
				     sbi_pmu_features(&sbi_plat.isa), fdt);

	if (err)
		sbi_printf("tally: pmu: ignoring malformed riscv,pmu map (%d)\n",
			   err);
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
