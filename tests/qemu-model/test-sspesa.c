// SPDX-License-Identifier: BSD-2-Clause
/*
 * Sspesa + Ssplcofi on the QEMU model: shpmspc/shpmsdata capture on the
 * 0->1 transition of OF and LCOFIP (exact causal PC for precise events,
 * lowest counter on simultaneous overflow, no overwrite while LCOFIP is
 * pending), the best PC for an event outside the precise set (draft
 * v0.4.0), WARL behaviour, and access rules by mode and menvcfg.CDE.
 */
#include "lib.h"

extern void seq_loads(void *buf, unsigned long inh);
extern void seq_jumps(void *buf, unsigned long inh);
extern unsigned long seq_load_pc;
extern void seq_refill(void *buf, unsigned long inh);
extern unsigned long seq_refill_pc;

static uint64_t buf[8];

#define ALL_INH		0xfffffffdUL
#define MENVCFG_CDE	(1UL << 60)

static void arm(int idx, unsigned long ev, unsigned long val)
{
	csr_write(mcountinhibit, ALL_INH);
	hpm_event(idx, ev);
	hpm_write(idx, val);
}

static void run_with_lcofi(void (*seq)(void *, unsigned long))
{
	csr_clear(mip, MIP_LCOFIP);
	trap_count = 0;
	csr_set(mie, MIP_LCOFIP);
	csr_set(mstatus, MSTATUS_MIE);
	seq(buf, ALL_INH);
	csr_clear(mstatus, MSTATUS_MIE);
}

static void test_capture(void)
{
	csr_write(CSR_SHPMSPC, 0);
	csr_write(CSR_SHPMSDATA, 0);
	arm(3, HPM_EV_INST_RET_LOAD, -4UL);
	run_with_lcofi(seq_loads);
	check_eq(trap_count, 1, "one LCOFI");
	check_eq(csr_read(CSR_SHPMSPC), seq_load_pc + 3 * 4,
		 "shpmspc = PC of the 4th load (the causal instruction)");
	check_eq(trap_epc, seq_load_pc + 4 * 4,
		 "Ssplcofi: epc = the instruction right after it");
	check_eq(csr_read(CSR_SHPMSDATA), 3, "shpmsdata.CNTRID = 3");

	/* simultaneous overflow of counters 9 and 5: CNTRID = 5 */
	arm(9, HPM_EV_INST_RET_LOAD, -2UL);
	arm(5, HPM_EV_INST_RET_LOAD, -2UL);
	hpm_event(3, 0);
	run_with_lcofi(seq_loads);
	check_eq(csr_read(CSR_SHPMSDATA), 5,
		 "simultaneous overflow: lowest counter id");
	check_eq(csr_read(CSR_SHPMSPC), seq_load_pc + 4,
		 "simultaneous overflow: PC of the 2nd load");
	hpm_event(9, 0);
	hpm_event(5, 0);

	/* LCOFIP already pending: no capture */
	csr_write(CSR_SHPMSPC, 0x1234);
	csr_write(CSR_SHPMSDATA, 7);
	arm(4, HPM_EV_INST_RET_LOAD, -2UL);
	csr_set(mip, MIP_LCOFIP);
	seq_loads(buf, ALL_INH);
	check((csr_read(0x324) & EV_OF) != 0, "OF set while LCOFIP pending");
	check_eq(csr_read(CSR_SHPMSPC), 0x1234,
		 "LCOFIP pending: shpmspc not overwritten");
	check_eq(csr_read(CSR_SHPMSDATA), 7,
		 "LCOFIP pending: shpmsdata not overwritten");
	csr_clear(mip, MIP_LCOFIP);
	hpm_event(4, 0);

	/* taken jump: shpmspc is the jump, epc its target */
	arm(6, HPM_EV_INST_BRJMP_TK_RET, -3UL);
	run_with_lcofi(seq_jumps);
	check_eq(csr_read(CSR_SHPMSPC), (unsigned long)seq_jumps + 4 + 2 * 2,
		 "shpmspc = the 3rd taken jump");
	check_eq(trap_epc, (unsigned long)seq_jumps + 4 + 3 * 2,
		 "epc = its target");
	check_eq(csr_read(CSR_SHPMSDATA), 6, "CNTRID = 6");
	hpm_event(6, 0);
	csr_clear(mip, MIP_LCOFIP);

	/* cycles-type events still capture (next instruction's PC) */
	arm(7, HPM_EV_INST_RET, -6UL);
	csr_write(CSR_SHPMSDATA, 0);
	run_with_lcofi(seq_loads);
	check_eq(trap_count, 1, "INST.RET overflow: one LCOFI");
	check_eq(csr_read(CSR_SHPMSDATA), 7, "INST.RET overflow: CNTRID = 7");
	check_eq(csr_read(CSR_SHPMSPC), trap_epc,
		 "INST.RET overflow: shpmspc = epc (next to retire)");
	hpm_event(7, 0);
	csr_clear(mip, MIP_LCOFIP);
}

/*
 * An event outside the precise set: QEMU's soft-TLB refill (the legacy
 * DTLB read miss 0x10019). Draft v0.4.0 asks for the best PC the model
 * can give, which is the load whose access refilled (not the last PC
 * QEMU had synced, the start of its TB).
 */
static void test_best_pc(void)
{
	csr_write(CSR_SHPMSPC, 0);
	csr_write(CSR_SHPMSDATA, 0);
	arm(3, 0x10019, -1UL);
	csr_clear(mip, MIP_LCOFIP);
	seq_refill(buf, ALL_INH);
	check((csr_read(mip) & MIP_LCOFIP) != 0,
	      "soft-TLB refill overflow: LCOFIP raised");
	check_eq(csr_read(CSR_SHPMSDATA), 3,
		 "soft-TLB refill overflow: CNTRID = 3");
	check_eq(csr_read(CSR_SHPMSPC), seq_refill_pc,
		 "soft-TLB refill overflow: shpmspc = the refilling load (v0.4.0)");
	csr_clear(mip, MIP_LCOFIP);
	hpm_event(3, 0);
}

static void test_warl(void)
{
	csr_write(CSR_SHPMSDATA, -1UL);
	check_eq(csr_read(CSR_SHPMSDATA), 0x1f,
		 "shpmsdata: CNTRID writable, other bits read 0");
	csr_write(CSR_SHPMSPC, 0xffffffc000001234UL);
	check_eq(csr_read(CSR_SHPMSPC), 0xffffffc000001234UL,
		 "shpmspc holds a valid virtual address");
	csr_write(CSR_SHPMSPC, 0x80000002UL);
	check_eq(csr_read(CSR_SHPMSPC), 0x80000002UL, "shpmspc: 2-byte aligned");
}

static unsigned long rd_spc(unsigned long a)
{
	(void)a;
	return csr_read(CSR_SHPMSPC);
}

static unsigned long wr_sdata(unsigned long a)
{
	csr_write(CSR_SHPMSDATA, a);
	return 0;
}

static void test_access(void)
{
	csr_clear(menvcfg, MENVCFG_CDE);
	check_eq(trap_in(rd_spc, 0, MODE_S), CAUSE_ILLEGAL,
		 "S-mode, CDE=0: shpmspc illegal");
	check_eq(trap_in(wr_sdata, 1, MODE_S), CAUSE_ILLEGAL,
		 "S-mode, CDE=0: shpmsdata illegal");
	check_eq(trap_in(rd_spc, 0, MODE_VS), CAUSE_ILLEGAL,
		 "VS-mode, CDE=0: illegal");
	check_eq(trap_in(rd_spc, 0, MODE_U), CAUSE_ILLEGAL, "U-mode: illegal");
	csr_set(menvcfg, MENVCFG_CDE);
	check((csr_read(menvcfg) & MENVCFG_CDE) != 0, "menvcfg.CDE writable");
	csr_write(CSR_SHPMSPC, 0x5555);
	check_eq(trap_in(rd_spc, 0, MODE_S), 0, "S-mode, CDE=1: shpmspc ok");
	check_eq(run_lower(rd_spc, 0, MODE_S), 0x5555, "S-mode reads shpmspc");
	check_eq(trap_in(wr_sdata, 3, MODE_S), 0, "S-mode, CDE=1: write ok");
	check_eq(csr_read(CSR_SHPMSDATA), 3, "S-mode write landed");
	check_eq(trap_in(rd_spc, 0, MODE_VS), CAUSE_VIRTUAL,
		 "VS-mode, CDE=1: virtual instruction");
	check_eq(trap_in(rd_spc, 0, MODE_VU), CAUSE_VIRTUAL,
		 "VU-mode, CDE=1: virtual instruction");
	check_eq(trap_in(rd_spc, 0, MODE_U), CAUSE_ILLEGAL,
		 "U-mode, CDE=1: illegal");

	/* CDE=1: only delegated counters (mcounteren) capture */
	csr_write(mcounteren, 0);
	csr_write(CSR_SHPMSPC, 0);
	csr_write(CSR_SHPMSDATA, 0);
	arm(3, HPM_EV_INST_RET_LOAD, -1UL);
	run_with_lcofi(seq_loads);
	check_eq(trap_count, 1, "CDE=1, not delegated: LCOFI still raised");
	check_eq(csr_read(CSR_SHPMSPC), 0, "CDE=1, not delegated: no capture");
	csr_clear(mip, MIP_LCOFIP);
	csr_write(mcounteren, -1UL);
	arm(3, HPM_EV_INST_RET_LOAD, -1UL);
	csr_write(0x323, HPM_EV_INST_RET_LOAD);	/* clear OF */
	run_with_lcofi(seq_loads);
	check_eq(csr_read(CSR_SHPMSPC), seq_load_pc,
		 "CDE=1, delegated: captured");
	csr_clear(mip, MIP_LCOFIP);
	csr_clear(menvcfg, MENVCFG_CDE);
	hpm_event(3, 0);
}

int main(void *fdt)
{
	(void)fdt;
	puts_("qemu-model: Sspesa + Ssplcofi\n");
	csr_write(mcounteren, -1UL);
	test_capture();
	test_best_pc();
	test_warl();
	test_access();
	return 0;
}
