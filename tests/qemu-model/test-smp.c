// SPDX-License-Identifier: BSD-2-Clause
/*
 * Instret-class counters on a hart that shares QEMU with another busy
 * one (run with --smp 2, -icount shift=0: hart 1 spins in start.S while
 * hart 0 runs this). Under icount QEMU runs the harts in turn and keeps
 * one instruction count for all of them; a hart's INST.RET, minstret and
 * their overflow must still count only its own instructions, also when
 * arming a counter makes QEMU switch to the other hart in the middle of
 * the measured sequence.
 *
 * The sequence is sled_m: it starts the counters, retires SLED_N addi and
 * stops them (SLED_N + 1 instructions counted). With mstatus.MIE = 0 an
 * overflow only sets OF and LCOFIP; Sspesa records where it happened
 * (shpmspc = the next instruction to retire).
 */
#include "lib.h"

extern void sled_m(unsigned long start, unsigned long stop);
extern char sled_m_body[];
extern unsigned long sled_n;

#define ALL_INH		0xfffffffdUL	/* every counter but time */
#define MINSTRET	(1UL << 2)

static void round_n(unsigned long n)
{
	unsigned long run = (1UL << 3) | (1UL << 4) | MINSTRET;
	unsigned long i0, i1;

	csr_write(mcountinhibit, ALL_INH);
	hpm_event(3, HPM_EV_INST_RET);
	hpm_write(3, -n);
	hpm_event(4, HPM_EV_INST_RET);
	hpm_write(4, 0);
	csr_clear(mip, MIP_LCOFIP);
	csr_write(CSR_SHPMSPC, 0);
	i0 = csr_read(minstret);
	sled_m(ALL_INH & ~run, ALL_INH);
	i1 = csr_read(minstret);

	puts_("     period ");
	put_dec(n);
	puts_("\n");
	check_eq(hpm_read(4), sled_n + 1, "INST.RET: this hart's instructions only");
	check_eq(i1 - i0, sled_n + 1, "minstret: this hart's instructions only");
	check((hpm_event_read(3) & EV_OF) && (csr_read(mip) & MIP_LCOFIP),
	      "overflow: OF and LCOFIP set");
	/* counted: addi 1..SLED_N, then the csrw that stops the counters */
	check_eq(csr_read(CSR_SHPMSPC), (unsigned long)sled_m_body + 4 * n,
		 "overflow after exactly N instructions of this hart");
	check_eq(hpm_read(3), -n + sled_n + 1, "counter after the wrap");
	csr_clear(mip, MIP_LCOFIP);
}

int main(void *fdt)
{
	static const unsigned long per[] = { 1, 2, 50, 777, 2000, 2201 };
	unsigned int r;

	(void)fdt;
	puts_("qemu-model: INST.RET with another hart running\n");
	csr_write(mcounteren, -1UL);
	for (r = 0; r < sizeof(per) / sizeof(per[0]); r++)
		round_n(per[r]);
	hpm_event(3, 0);
	hpm_event(4, 0);
	return 0;
}
