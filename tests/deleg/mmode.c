/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * M-mode is never counted nor sampled for the supervisor. Under
 * -icount shift=0 a counter counting S-mode around a loop of SBI calls
 * must count exactly the loop's S-mode instructions (4 an iteration: the
 * trapping ecall does not retire), whoever manages the counter: delegated
 * hpmcounters (MINH from the firmware, read-only 0 through sireg2),
 * delegated cycle/instret (MINH in mcyclecfg/minstretcfg) and SBI's.
 * PDIS, even asked to sample M-mode through spdisctl, records only
 * payload PCs while the loop makes SBI calls.
 */
#include "deleg_tests.h"

#define SHORT	10
#define LONG	20

extern char __payload_start[], __payload_end[];

/* Counter @hw over fn(n) (read with csrr before and after). */
static unsigned long delta(unsigned int hw, void (*fn)(unsigned long),
			   unsigned long n)
{
	unsigned long a = hpm_csr_read(hw);

	fn(n);
	return hpm_csr_read(hw) - a;
}

/* A running counter @hw counting S-mode: exact around SBI calls. */
static void check_s_only(unsigned int hw, const char *who)
{
	unsigned long nop = delta(hw, nop_loop, LONG) -
			    delta(hw, nop_loop, SHORT);
	unsigned long ec = delta(hw, ecall_loop, LONG) -
			   delta(hw, ecall_loop, SHORT);

	TEST_EQ(nop, 5 * (LONG - SHORT),
		"%s counts the S-mode loop exactly (5 an iteration)", who);
	TEST_EQ(ec, 4 * (LONG - SHORT),
		"%s counts 4 S-mode instructions an SBI call, none of M-mode",
		who);
}

/*
 * Delegated counter @i on @event, S-mode only (MINH left to the firmware):
 * MINH reads 0 through sireg2 and M-mode is not counted.
 */
static void delegated_ctr(unsigned int i, unsigned long event,
			  const char *name)
{
	dctr_stop(BIT(i));
	dctr_setup(i, event | HPMEV_UINH | HPMEV_VSINH | HPMEV_VUINH, 0);
	TEST_EQ(dctr_read_event(i) & HPMEV_MINH, 0,
		"%s: MINH reads 0 through sireg2", name);
	dctr_start(BIT(i));
	check_s_only(i, name);
	dctr_stop(BIT(i));
}

static void sbi_counter(void)
{
	unsigned long flags = PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START |
			      PMU_CFG_SET_UINH | PMU_CFG_SET_VSINH |
			      PMU_CFG_SET_VUINH;
	struct sbiret ret;
	char who[64];
	int hw;

	ret = sbi_pmu_counter_cfg_match(0, cfg.sbi_valid, flags,
					PMU_EVIDX(PMU_EV_TYPE_HW,
						  PMU_HW_INSTRUCTIONS), 0);
	hw = ret.error ? -1 : sbi_ctr_hw_index(ret.value);
	if (hw < 0) {
		if (!ret.error)
			sbi_pmu_counter_stop(ret.value, 1, PMU_STOP_RESET);
		test_skip("no SBI hardware counter counts INSTRUCTIONS in S-mode only",
			  "SBI INSTRUCTIONS counter around SBI calls");
		return;
	}
	snprintf(who, sizeof(who),
		 "SBI counter %ld (hpm index %d) on INSTRUCTIONS", ret.value,
		 hw);
	check_s_only(hw, who);
	sbi_pmu_counter_stop(ret.value, 1, PMU_STOP_RESET);
}

void test_mmode_counted(void)
{
	unsigned int c = bit_lowest(cfg.deleg & ~7UL);
	char name[48];

	if (cfg.deleg & ~7UL) {
		snprintf(name, sizeof(name),
			 "delegated hpmcounter%u on INST.RET", c);
		delegated_ctr(c, HPM_EV_INST_RET, name);
	}
	if (cfg.deleg & BIT(0))
		delegated_ctr(0, 0, "delegated cycle (cyclecfg)");
	if (cfg.deleg & BIT(2))
		delegated_ctr(2, 0, "delegated instret (instretcfg)");
	sbi_counter();
}

/* ---- PDIS ---- */

static bool payload_pc(unsigned long pc)
{
	return pc >= (unsigned long)__payload_start &&
	       pc < (unsigned long)__payload_end;
}

/* SBI calls with PDIS sampling every few S-mode instructions. */
static void pdis_ecalls(unsigned long *records, unsigned long *bad,
			unsigned long *bad_pc)
{
	struct pdis_rec r;
	unsigned int k;

	*records = *bad = *bad_pc = 0;
	pdis_arm(PDISCTL_SEL_ALL | PDISCTL_S | PDISCTL_M, 3);
	for (k = 0; k < 200; k++) {
		sbi_probe_extension(SBI_EXT_PMU);
		if (!(csr_read(CSR_SPDISCTL) & PDISCTL_OF))
			continue;
		pdis_read_rec(&r);
		csr_clear(CSR_SPDISCTL, PDISCTL_OF);
		(*records)++;
		if (!payload_pc(r.pc)) {
			*bad_pc = r.pc;
			(*bad)++;
		}
	}
	pdis_disarm();
}

/* spdiscounter over ecall_loop(n), counting every S-mode instruction */
static unsigned long pdis_count(unsigned long n)
{
	unsigned long a, b;

	csr_write(CSR_SPDISCOUNTER, 0);
	csr_write(CSR_SPDISCTL, PDISCTL_SEL_ALL | PDISCTL_S | PDISCTL_M);
	a = csr_read(CSR_SPDISCOUNTER);
	ecall_loop(n);
	b = csr_read(CSR_SPDISCOUNTER);
	pdis_disarm();
	return (b - a) & SPDISCOUNTER_COUNT_MASK;
}

void test_mmode_sampled(void)
{
	unsigned long sie = csr_read(CSR_SIE), records, bad, bad_pc, d;

	if (!cfg.pdis)
		return;
	csr_clear(CSR_SIE, SIP_LCOFIP);
	pdis_ecalls(&records, &bad, &bad_pc);
	csr_clear(CSR_SIP, SIP_LCOFIP);
	csr_write(CSR_SIE, sie);
	test_report(records >= 100, NULL,
		    "PDIS sampled S-mode around 200 SBI calls (%lu records)",
		    records);
	test_report(!bad, NULL,
		    "no PDIS record names a firmware PC (%lu did, last 0x%lx)",
		    bad, bad_pc);
	d = pdis_count(LONG) - pdis_count(SHORT);
	TEST_EQ(d, 5 * (LONG - SHORT),
		"the PDIS counter counts the 5 S-mode instructions of an SBI call, no M-mode one");
}
