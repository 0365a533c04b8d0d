// SPDX-License-Identifier: BSD-2-Clause
/*
 * Standard hart events on the QEMU model (M-mode, -icount shift=0):
 * exact counts on known sequences, several counters on one event, raw and
 * legacy selectors, mode filtering, instruction-precise overflow, and the
 * riscv,pmu device-tree node.
 */
#include "lib.h"

extern void seq_mix(void *buf, unsigned long inh);
extern void seq_loads(void *buf, unsigned long inh);
extern void seq_jumps(void *buf, unsigned long inh);
extern unsigned long seq_mix_insns, seq_load_pc;

static uint64_t buf[64] __attribute__((aligned(64)));

#define ALL_INH 0xfffffffdUL	/* every counter but time */

static void setup(const unsigned long *ev, int n)
{
	int i;

	csr_write(mcountinhibit, ALL_INH);
	for (i = 0; i < n; i++) {
		hpm_event(3 + i, ev[i]);
		hpm_write(3 + i, 0);
	}
}

static void test_counts(void)
{
	static const unsigned long ev[] = {
		HPM_EV_INST_RET_LOAD, HPM_EV_INST_RET_STORE,
		HPM_EV_INST_BRJMP_SPEC, HPM_EV_INST_BRJMP_TK_RET,
		HPM_EV_INST_MISPRED_SPEC, HPM_EV_TLB_L1_LDST_ACCESS,
		HPM_EV_INST_RET_LOAD, HPM_EV_INST_RET, HPM_EV_INST_RET_STORE,
		HPM_EV_INST_RET_LOAD | EV_MINH, HPM_EV_TLB_L1I_CODE_ACCESS,
		HPM_EV_INST_RET_LOAD | EV_SINH | EV_UINH,
	};

	setup(ev, 12);
	seq_mix(buf, ALL_INH);
	check_eq(hpm_read(3), 7, "INST.RET.LOAD counts 7 loads");
	check_eq(hpm_read(4), 5, "INST.RET.STORE counts 5 stores");
	check_eq(hpm_read(5), 8, "INST.BRJMP.SPEC counts 8 branches/jumps");
	check_eq(hpm_read(6), 6, "INST.BRJMP.TK.RET counts 6 taken");
	check_eq(hpm_read(7), 2, "INST.MISPRED.SPEC (BTFN) counts 2");
	check_eq(hpm_read(8), 12, "TLB.L1.LDST.ACCESS counts 12");
	check_eq(hpm_read(9), 7, "second counter on loads also counts 7");
	check_eq(hpm_read(10), seq_mix_insns, "INST.RET on hpmcounter exact");
	check_eq(hpm_read(11), 5, "third event (stores) on another counter");
	check_eq(hpm_read(12), 0, "MINH: loads in M-mode not counted");
	check_eq(hpm_read(13), seq_mix_insns, "TLB.L1I.CODE.ACCESS = fetched insns");
	check_eq(hpm_read(14), 7, "SINH|UINH: M-mode loads still counted");

	/* Counting resumes from a written value, twice in a row. */
	hpm_write(3, 1000);
	seq_mix(buf, ALL_INH);
	seq_mix(buf, ALL_INH);
	check_eq(hpm_read(3), 1014, "counter resumes from written value");
	check_eq(hpm_read(9), 21, "second counter accumulates");

	/* Inhibited: no counting. */
	csr_write(mcountinhibit, ALL_INH);
	hpm_write(4, 0);
	seq_mix(buf, ALL_INH);	/* its own csrw uninhibits: inhibit 4 only */
	check(hpm_read(4) == 5, "mcountinhibit toggling follows the CSR");
}

/* Cycle-type events under -icount shift=0: one cycle per instruction */
static void test_cycles(void)
{
	static const unsigned long ev[] = {
		HPM_EV_INST_RET, HPM_EV_INST_RET, HPM_EV_CYCLES_HART,
		HPM_EV_CYCLES_REF, HPM_EV_CYCLES_HART | EV_MINH,
	};

	setup(ev, 5);
	seq_mix(buf, ALL_INH);
	check_eq(hpm_read(3), seq_mix_insns, "INST.RET on counter 3 exact");
	check_eq(hpm_read(4), seq_mix_insns, "INST.RET on counter 4 too");
	check_eq(hpm_read(5), seq_mix_insns,
		 "CYCLES.HART = instructions (icount shift=0)");
	check_eq(hpm_read(6), seq_mix_insns, "CYCLES.REF = CYCLES.HART");
	check_eq(hpm_read(7), 0, "CYCLES.HART with MINH: 0 in M-mode");
}

static void test_inhibit_bit(void)
{
	static const unsigned long ev[] = { HPM_EV_INST_RET_LOAD };

	setup(ev, 1);
	/* seq_mix uninhibits all; re-inhibit counter 3 only via the mask */
	seq_loads(buf, ALL_INH);
	check_eq(hpm_read(3), 10, "ten loads");
	hpm_event(3, HPM_EV_INST_RET_LOAD | EV_MINH);
	seq_loads(buf, ALL_INH);
	check_eq(hpm_read(3), 10, "MINH set after counting keeps the value");
	hpm_event(3, HPM_EV_INST_RET_LOAD);
	seq_loads(buf, ALL_INH);
	check_eq(hpm_read(3), 20, "MINH cleared: counting resumes");
}

static void test_overflow(void)
{
	static const unsigned long ev[] = { HPM_EV_INST_RET_LOAD };
	unsigned long of;

	setup(ev, 1);
	hpm_write(3, -3UL);
	trap_count = 0;
	csr_clear(mip, MIP_LCOFIP);
	csr_set(mie, MIP_LCOFIP);
	csr_set(mstatus, MSTATUS_MIE);
	seq_loads(buf, ALL_INH);
	csr_clear(mstatus, MSTATUS_MIE);
	of = csr_read(0x323) & EV_OF;
	check_eq(trap_count, 1, "load overflow raises one LCOFI");
	check_eq(trap_cause, (1UL << 63) | 13, "cause is LCOFI");
	check_eq(trap_epc, seq_load_pc + 3 * 4,
		 "LCOFI taken right after the 3rd load (precise)");
	check(of != 0, "OF set in mhpmevent3");
	check_eq(hpm_read(3), 7, "counter wrapped and kept counting");
	check_eq(trap_count, 1, "handler ran with counters inhibited");
	check((csr_read(mip) & MIP_LCOFIP) != 0, "LCOFIP stays pending");

	/* OF already set: a second wrap raises nothing */
	csr_clear(mip, MIP_LCOFIP);
	hpm_write(3, -2UL);
	trap_count = 0;
	csr_set(mie, MIP_LCOFIP);
	csr_set(mstatus, MSTATUS_MIE);
	seq_loads(buf, ALL_INH);
	csr_clear(mstatus, MSTATUS_MIE);
	check_eq(trap_count, 0, "no LCOFI while OF is set");

	/* jumps: overflow on the 5th taken jump */
	{
		static const unsigned long ev2[] = { HPM_EV_INST_BRJMP_TK_RET };

		setup(ev2, 1);
		hpm_write(3, -5UL);
		csr_clear(mip, MIP_LCOFIP);
		trap_count = 0;
		csr_set(mie, MIP_LCOFIP);
		csr_set(mstatus, MSTATUS_MIE);
		seq_jumps(buf, ALL_INH);
		csr_clear(mstatus, MSTATUS_MIE);
		check_eq(trap_count, 1, "taken-jump overflow raises one LCOFI");
		/* target of the 5th jump is the 6th (label 5:) */
		check_eq(trap_epc, (unsigned long)seq_jumps + 4 + 5 * 2,
			 "LCOFI taken at the target of the 5th jump");
		csr_clear(mip, MIP_LCOFIP);
	}
}

static void test_legacy(void)
{
	static const unsigned long ev[] = {
		0x10019, 0x2, 0x1, HPM_EV_TLB_L1_LDST_MISS, 0x12345,
		HPM_EV_INST_RET, HPM_EV_CYCLES_HART,
	};
	/* ten loads and the csrw that stops the counters (seq.S) */
	const unsigned long loads_insns = 11;

	setup(ev, 7);
	__asm__ volatile("sfence.vma");
	seq_loads(buf, ALL_INH);
	/* QEMU's soft TLB refills on host time: only "at least one" holds */
	check(hpm_read(3) >= 1, "legacy 0x10019 (DTLB read miss) counts");
	check_eq(hpm_read(4), loads_insns,
		 "legacy 0x2 (instructions) counts each retired instruction");
	check_eq(hpm_read(4), hpm_read(8),
		 "legacy 0x2 counts as INST.RET on the same window");
	check_eq(hpm_read(5), hpm_read(9),
		 "legacy 0x1 (cycles) counts as CYCLES.HART on the same window");
	check_eq(hpm_read(5), loads_insns,
		 "legacy 0x1: one cycle per instruction under icount");
	check_eq(hpm_read(6), 0,
		 "TLB.L1.LDST.MISS: M-mode accesses are not translated, no miss");
	check_eq(hpm_read(7), 0, "unsupported selector does not count");
}

static uint32_t be32(uint32_t v)
{
	return (v >> 24) | ((v >> 8) & 0xff00) | ((v << 8) & 0xff0000) | (v << 24);
}

static int fdt_has(const void *fdt, const char *name)
{
	const uint8_t *p = fdt;
	uint32_t off = be32(((const uint32_t *)fdt)[3]);
	uint32_t sz = be32(((const uint32_t *)fdt)[8]);
	uint32_t i, j;

	for (i = 0; i < sz; i++) {
		for (j = 0; name[j] && p[off + i + j] == (uint8_t)name[j]; j++)
			;
		if (!name[j] && !p[off + i + j])
			return 1;
	}
	return 0;
}

int main(void *fdt)
{
	puts_("qemu-model: standard hart events\n");
	csr_write(mcounteren, -1UL);
	check(fdt_has(fdt, "riscv,event-to-mhpmevent"),
	      "DT riscv,event-to-mhpmevent");
	check(fdt_has(fdt, "riscv,event-to-mhpmcounters"),
	      "DT riscv,event-to-mhpmcounters");
	check(fdt_has(fdt, "riscv,raw-event-to-mhpmcounters"),
	      "DT riscv,raw-event-to-mhpmcounters");
	test_counts();
	test_cycles();
	test_inhibit_bit();
	test_overflow();
	test_legacy();
	return 0;
}
