// SPDX-License-Identifier: BSD-2-Clause
/*
 * menvcfg.CDE (Smcdeleg) on the QEMU model: writable with Smcdeleg, and
 * then it gates Sspesa's S-mode access, scountinhibit[1] and Sspesa's
 * delegated-only capture; read-only 0 without it (upstream QEMU 10.0.2
 * leaves it writable), so S-mode never reaches shpmspc and every counter
 * captures.
 *
 * test-cde-off.c builds this with SMCDELEG 0 and runs it with
 * smcdeleg=false,ssccfg=false.
 */
#include "lib.h"

#ifndef SMCDELEG
#define SMCDELEG 1
#endif

extern void seq_loads(void *buf, unsigned long inh);
extern unsigned long seq_load_pc;

#define MENVCFG_FIOM	1UL
#define MENVCFG_CDE	(1UL << 60)
#define CSR_MSTATEEN0	0x30c
#define CSR_SCOUNTINHIBIT 0x120
#define SVSLCT		(1UL << 60)
#define SE0		(1UL << 63)
#define PDIS_STATEEN	(1UL << SMSTATEEN0_PDIS_SHIFT)

static uint64_t buf[8];

static void test_bit(void)
{
	unsigned long old = csr_read(menvcfg);

	csr_set(menvcfg, MENVCFG_CDE);
	check_eq(csr_read(menvcfg) & MENVCFG_CDE, SMCDELEG ? MENVCFG_CDE : 0,
		 SMCDELEG ? "csrs sets menvcfg.CDE" :
			    "no Smcdeleg: csrs leaves menvcfg.CDE 0");
	csr_write(menvcfg, old | MENVCFG_FIOM | MENVCFG_CDE);
	check_eq(csr_read(menvcfg) & (MENVCFG_FIOM | MENVCFG_CDE),
		 MENVCFG_FIOM | (SMCDELEG ? MENVCFG_CDE : 0),
		 SMCDELEG ? "csrw: FIOM and CDE written" :
			    "no Smcdeleg: csrw writes FIOM, CDE stays 0");
	csr_clear(menvcfg, MENVCFG_CDE);
	check_eq(csr_read(menvcfg) & MENVCFG_CDE, 0, "csrc: CDE 0");
	csr_write(menvcfg, old);
}

static unsigned long rd_spc(unsigned long a)
{
	(void)a;
	return csr_read(CSR_SHPMSPC);
}

static unsigned long wr_scountinhibit(unsigned long a)
{
	csr_write(CSR_SCOUNTINHIBIT, a);
	return csr_read(CSR_SCOUNTINHIBIT);
}

/* What setting CDE turns on (or cannot, without Smcdeleg) */
static void test_effects(void)
{
	unsigned long st = csr_read(CSR_MSTATEEN0);

	csr_set(menvcfg, MENVCFG_CDE);
	check_eq(trap_in(rd_spc, 0, MODE_S), SMCDELEG ? 0 : CAUSE_ILLEGAL,
		 SMCDELEG ? "CDE=1: S-mode reads shpmspc" :
			    "CDE stuck at 0: shpmspc illegal from S-mode");

	csr_write(CSR_MSTATEEN0, st | SE0 | SVSLCT | PDIS_STATEEN);
	csr_write(mcountinhibit, 0);
	/* (scountinhibit is Ssccfg's: it does not exist without it) */
	if (SMCDELEG)
		check_eq(run_lower(wr_scountinhibit, 2, MODE_S) & 2, 2,
			 "CDE=1: scountinhibit[1] writable");
	else
		check_eq(trap_in(wr_scountinhibit, 2, MODE_S), CAUSE_ILLEGAL,
			 "no Ssccfg: scountinhibit illegal");
	check_eq(csr_read(mcountinhibit) & 2, SMCDELEG ? 2 : 0,
		 "  mcountinhibit[1] follows");
	csr_write(mcountinhibit, -1UL);
	csr_write(CSR_MSTATEEN0, st);

	/* Sspesa: with CDE=1 only counters delegated in mcounteren capture */
	csr_write(mcounteren, 0);
	csr_write(CSR_SHPMSPC, 0);
	hpm_event(3, HPM_EV_INST_RET_LOAD);
	hpm_write(3, -1UL);
	seq_loads(buf, -1UL);
	check_eq(csr_read(CSR_SHPMSPC), SMCDELEG ? 0 : seq_load_pc,
		 SMCDELEG ? "CDE=1: a counter not delegated does not capture" :
			    "CDE stuck at 0: every counter captures");
	csr_clear(mip, MIP_LCOFIP);
	hpm_event(3, 0);
	csr_write(mcounteren, -1UL);
	csr_clear(menvcfg, MENVCFG_CDE);
}

int main(void *fdt)
{
	(void)fdt;
	puts_(SMCDELEG ? "qemu-model: menvcfg.CDE with Smcdeleg\n" :
			 "qemu-model: menvcfg.CDE without Smcdeleg\n");
	csr_write(mcounteren, -1UL);
	test_bit();
	test_effects();
	return 0;
}
