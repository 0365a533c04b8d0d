// SPDX-License-Identifier: BSD-2-Clause
/* The boot banner: enough for a bring-up engineer to see what was found. */
#include <sbi/sbi_banner.h>
#include <sbi/sbi_console.h>
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_suspend_loss.h>
#include <sbi/sbi_test_channel.h>

static const enum sbi_isa_ext pmu_exts[] = {
	SBI_ISA_EXT_SSCOFPMF, SBI_ISA_EXT_SMCNTRPMF, SBI_ISA_EXT_SMCDELEG,
	SBI_ISA_EXT_SSCCFG, SBI_ISA_EXT_SMSTATEEN, SBI_ISA_EXT_SMCSRIND,
	SBI_ISA_EXT_SSCSRIND, SBI_ISA_EXT_SSTC, SBI_ISA_EXT_SMCTR,
	SBI_ISA_EXT_SSPESA, SBI_ISA_EXT_SSPLCOFI, SBI_ISA_EXT_SMPDIS,
	SBI_ISA_EXT_SSPDIS,
};

static const struct {
	unsigned long eid;
	const char *name;
} sbi_exts[] = {
	{ SBI_EXT_BASE, "BASE" }, { SBI_EXT_TIME, "TIME" },
	{ SBI_EXT_IPI, "IPI" }, { SBI_EXT_RFENCE, "RFENCE" },
	{ SBI_EXT_HSM, "HSM" }, { SBI_EXT_SRST, "SRST" },
	{ SBI_EXT_PMU, "PMU" }, { SBI_EXT_DBCN, "DBCN" },
	{ SBI_EXT_SUSP, "SUSP" }, { SBI_EXT_FWFT, "FWFT" },
	{ SBI_EXT_DBTR, "DBTR" },
	{ SBI_EXT_SSE, "SSE" },
	{ SBI_EXT_0_1_SET_TIMER, "legacy" },
};

/* What BASE probe_extension answers, by name. */
static void print_sbi_exts(void)
{
	unsigned int i;

	sbi_printf("SBI extensions  :");
	for (i = 0; i < sizeof(sbi_exts) / sizeof(sbi_exts[0]); i++)
		if (sbi_ecall_probe(sbi_exts[i].eid))
			sbi_printf(" %s", sbi_exts[i].name);
	sbi_printf("\n");
}

static void print_exts(void)
{
	unsigned int i;

	sbi_printf("Extensions      :");
	for (i = 0; i < sizeof(pmu_exts) / sizeof(pmu_exts[0]); i++)
		if (sbi_isa_has(&sbi_plat.isa, pmu_exts[i]))
			sbi_printf(" %s", sbi_isa_ext_name(pmu_exts[i]));
	sbi_printf("\nAbsent          :");
	for (i = 0; i < sizeof(pmu_exts) / sizeof(pmu_exts[0]); i++)
		if (!sbi_isa_has(&sbi_plat.isa, pmu_exts[i]))
			sbi_printf(" %s", sbi_isa_ext_name(pmu_exts[i]));
	sbi_printf("\n");
}

/* Dense ids as a range, sparse ones listed (the first few). */
static void print_harts(void)
{
	unsigned int i, n = sbi_plat.hart_count;

	sbi_printf("Harts           : %u (ids ", n);
	if (sbi_plat.hart_dense) {
		sbi_printf("0-%u", n - 1);
	} else {
		for (i = 0; i < n && i < 8; i++)
			sbi_printf("%s0x%lx", i ? "," : "", sbi_plat.hart_ids[i]);
		if (n > 8)
			sbi_printf(",...");
	}
	sbi_printf(", %lu KiB each)\n", FW_HART_AREA_SIZE / 1024UL);
}

static void print_counters(void)
{
	const struct pmu_platform *p = &sbi_plat.pmu;
	unsigned int i, n = 0, lo = 64, hi = 0;

	for (i = 0; i < PMU_HW_CTR_MAX; i++) {
		if (!((p->hw_value_mask >> i) & 1))
			continue;
		n++;
		if (p->hw_width[i] + 1U < lo)
			lo = p->hw_width[i] + 1;
		if (p->hw_width[i] + 1U > hi)
			hi = p->hw_width[i] + 1;
	}
	sbi_printf("PMU counters    : %u hardware (%u-%u bits, mask 0x%x%s), "
		   "%u firmware\n", n, n ? lo : 0, hi, p->hw_value_mask,
		   p->nostop_mask ? ", never stopped: no mcountinhibit" : "",
		   p->num_ctrs - p->hw_slots);
}

/* Who drives what: docs/delegation.md. */
static void print_delegation(void)
{
	const struct pmu_platform *p = &sbi_plat.pmu;

	if (p->deleg_mask)
		sbi_printf("PMU delegation  : counters 0x%x to S-mode "
			   "(menvcfg.CDE=1)%s\n", p->deleg_mask,
			   sbi_isa_has(&sbi_plat.isa, SBI_ISA_EXT_SSPESA) ?
			   ", sspesa usable" : "");
	else
		sbi_printf("PMU delegation  : none (SBI manages every counter)\n");
	if (sbi_isa_has(&sbi_plat.isa, SBI_ISA_EXT_SMPDIS))
		sbi_printf("PDIS            : %s, M-mode never sampled, %s\n",
			   p->pdis_deleg ? "S-mode (mstateen0.PDIS=1)"
					 : "kept from S-mode",
			   sbi_plat.isa.has_pdis_mem ?
			   "memory buffer (menvcfg.PDISS=1)" :
			   "no memory buffer (MEM hardwired 0)");
	/* docs/pmu.md, "Compatibility with deployed kernels" */
	sbi_printf("PMU compat      : %s\n", p->compat ?
		   "Linux 6.12 restart base, snapshot kept over HSM stop" :
		   "none (strict, tally,pmu-compat = 0)");
}

void sbi_banner_print(const struct sbi_next_stage *next)
{
	sbi_printf("\nTally firmware %s (%s)\n", FW_VERSION_STR,
		   fw_variant_name);
	sbi_printf("SBI version     : %d.%d\n", SBI_SPEC_VERSION_MAJOR,
		   SBI_SPEC_VERSION_MINOR);
	sbi_printf("Platform        : %s\n", sbi_plat.model);
	print_harts();
	sbi_printf("Firmware region : 0x%lx-0x%lx (PMP, %u entries)\n",
		   sbi_plat.fw_start, sbi_plat.fw_start + sbi_plat.fw_region - 1,
		   sbi_plat.pmp_count);
	if (sbi_plat.harts_region)
		sbi_printf("Harts region    : 0x%lx-0x%lx (PMP)\n",
			   sbi_plat.harts_start,
			   sbi_plat.harts_start + sbi_plat.harts_region - 1);
	sbi_printf("Timer           : %s, %lu Hz\n",
		   sbi_isa_has(&sbi_plat.isa, SBI_ISA_EXT_SSTC) ? "sstc"
								: "aclint",
		   sbi_plat.timebase_freq);
	if (sbi_test_channel_enabled())
		sbi_printf("Test channel    : enabled (tally.test in bootargs)\n");
	if (sbi_suspend_loss_enabled())
		sbi_printf("Suspend         : non-retentive suspends lose %s "
			   "(test configuration)\n", sbi_suspend_loss_what());
	print_sbi_exts();
	print_exts();
	print_counters();
	print_delegation();
	sbi_printf("Next stage      : 0x%lx in %s-mode, DT at 0x%lx\n\n",
		   next->addr, next->mode == 1 ? "S" : "U", next->fdt);
}
