/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A simulated hart for the PMU core's host tests: the counter CSRs with
 * their event selectors, filters and overflow, and a block of "RAM" that
 * the supervisor may share. It implements <pmu/pmu_host.h>.
 */
#ifndef SIM_CSR_H
#define SIM_CSR_H

#include <stdbool.h>
#include <stdint.h>

struct pmu_hart;

/*
 * The events QEMU 10.0.2 keeps in its event -> counter map, the only ones
 * it counts on an mhpmcounter (target/riscv/pmu.c): cycles, instructions,
 * DTLB read and write miss, ITLB read miss (QEMU's "ITLB prefetch miss").
 */
#define SIM_QEMU_EVENTS		5

enum sim_mode { SIM_M, SIM_S, SIM_U, SIM_VS, SIM_VU };

struct sim_cfg {
	uint32_t hpm_mask;	/* mhpmcounters that exist (bits 3..31) */
	uint32_t zero_mask;	/* of those, hardwired to zero */
	unsigned int width;	/* hpm counter width in bits */
	bool mcountinhibit;
	bool sscofpmf;
	bool smcntrpmf;
	bool hyp;
	bool smcdeleg;		/* menvcfg.CDE writable */
	bool smstateen;		/* mstateen0 exists */
	bool smpdis;		/* mpdisctl exists */
	bool pdismem;		/* and the PDIS memory buffer (spdisamb*) */
	bool fw_platform;	/* platform firmware events (sim_plat.h) */
};

struct sim_hart {
	struct sim_cfg cfg;
	uint64_t ctr[32];
	uint64_t evt[32];
	uint64_t cyclecfg;
	uint64_t instretcfg;
	uint32_t inhibit;
	uint32_t counteren;
	uint64_t menvcfg;
	uint64_t mstateen0;
	uint64_t mpdisctl;
	uint64_t mideleg, mie, mip;	/* interrupt CSRs (all 64 bits) */
	uint64_t ambcs, ambaddr;	/* spdisambcs, spdisambaddr */
	unsigned int overflow_events;	/* pmu_host_overflow_event() calls */
	struct pmu_hart *overflow_hart;	/* its argument, the last time */
	unsigned int lcofi;		/* overflow interrupts raised */
	unsigned int bad_access;	/* accesses to absent CSRs */
	unsigned int bad_csr;
	unsigned long csr_writes;
	bool smem_ptr_fails;	/* pmu_host_smem_ptr() returns NULL */
	/* the hardware counter hooks: calls, and their arguments */
	unsigned int binds, starts, stops;
	uint32_t bound;			/* counters pmu_host_hw_bind() named */
	unsigned long bind_flags;	/* its flags, the last time */
	uint32_t start_bits, stop_bits;	/* union of all calls' bits */
	struct pmu_hart *hook_hart;	/* the hart, the last time */
	/* QEMU's map: the counter of each sim_qemu_map_counter() event, or 0 */
	uint32_t qemu_map[SIM_QEMU_EVENTS];
};

extern struct sim_hart sim;

/* CSR numbers the simulation knows */
#define SIM_MCOUNTINHIBIT	0x320U
#define SIM_MCYCLECFG		0x321U
#define SIM_MINSTRETCFG		0x322U
#define SIM_MCOUNTEREN		0x306U
#define SIM_SCOUNTOVF		0xda0U
#define SIM_MENVCFG		0x30aU
#define SIM_MSTATEEN0		0x30cU
#define SIM_MPDISCTL		0x7f0U
#define SIM_MIDELEG		0x303U
#define SIM_MIE			0x304U
#define SIM_MIP			0x344U

/* Selectors that also tick the fixed counters */
#define SIM_SEL_CYCLES		1
#define SIM_SEL_INSTRET		2

void sim_reset(const struct sim_cfg *cfg);
/* n occurrences, in mode, of the event with this selector */
void sim_count(enum sim_mode mode, uint64_t selector, uint64_t n);
/* a deep suspend: every counter CSR loses its content */
void sim_scramble(void);
bool sim_ctr_exists(unsigned int idx);
/*
 * The counter QEMU 10.0.2's event map sends event_idx to, 0 if none: the
 * only counter counting that event (cycles and instructions on an
 * mhpmcounter, TLB refills in every mode whatever the inhibit bits).
 */
unsigned int sim_qemu_map_counter(uint32_t event_idx);

/* Supervisor RAM: firmware occupies its first SIM_FW_SIZE bytes */
#define SIM_RAM_BASE		0x80000000UL
#define SIM_RAM_SIZE		0x100000UL
#define SIM_FW_SIZE		0x20000UL
#define SIM_SMEM		(SIM_RAM_BASE + 0x40000UL)	/* a free page */

void *sim_ram(unsigned long addr);
void sim_ram_fill(uint8_t pattern);
/* all bytes of RAM outside [addr, addr + size) still hold pattern? */
bool sim_ram_intact_outside(unsigned long addr, unsigned long size,
			    uint8_t pattern);

#endif /* SIM_CSR_H */
