/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The S-mode PMU conformance payload: every function, flag and error code
 * of the SBI PMU extension (SBI v3.0, EID 0x504D55), plus exact counts
 * under QEMU -icount shift=0. One file per area, shared state and helpers
 * in common.c, the instruction-exact loops in loops.S.
 */
#ifndef PMU_TESTS_H
#define PMU_TESTS_H

#include <stdbool.h>
#include <payload.h>
#include <pmu/pmu_sbi.h>

#define PMU_MAX_CTRS		64
#define NO_CTR			(-1)
#define TIMEOUT_US		2000000UL

#define CSR_SCOUNTOVF		0xda0
#define CSR_HPM_FIRST		0xc03
#define CSR_HPM_LAST		0xc1f

/* event_idx shorthands */
#define EV_HW(code)		PMU_EVIDX(PMU_EV_TYPE_HW, code)
#define EV_CACHE(code)		PMU_EVIDX(PMU_EV_TYPE_CACHE, code)
#define EV_FW(code)		PMU_EVIDX(PMU_EV_TYPE_FW, code)
#define EV_CYCLES		EV_HW(PMU_HW_CPU_CYCLES)
#define EV_INSTRET		EV_HW(PMU_HW_INSTRUCTIONS)

/* What the payload learnt about the machine and the PMU before testing. */
struct pmu_env {
	unsigned long self;		/* boot hartid */
	unsigned long other;		/* a second hart, or ~0UL */
	unsigned long spec_major, spec_minor;

	/* from the DT in a1 (riscv,isa-extensions of the boot hart) */
	bool sscofpmf, smcntrpmf, hyp;
	bool dt_pmu;			/* a riscv,pmu node with its tables */
	bool dt_pmu_emptied;		/* the node, its tables taken out */
	/* bootarg pmu.opensbi: firmware events counted at OpenSBI's sites */
	bool opensbi_sites;
	/*
	 * bootarg pmu.testdev=<OpenSBI major * 100 + minor>: OpenSBI built
	 * with the test platform's PMU device (platform/opensbi/pmu/testdev.c);
	 * 0 without it
	 */
	unsigned long testdev;
	/* the firmware's rules for deployed kernels (/chosen tally,pmu-compat) */
	bool compat;
	/*
	 * bootarg pmu.nostop=MASK: hardware counters that cannot be stopped
	 * (cycle, instret on a hart without mcountinhibit): they run on
	 * after a STOP, which answers as for any counter
	 */
	uint64_t nostop;

	/* from NUM_COUNTERS and COUNTER_GET_INFO */
	unsigned long num;		/* num_counters */
	uint64_t valid;			/* get_info succeeded */
	uint64_t hw, fw;		/* by type */
	uint64_t hpm;			/* hardware on hpmcounter3..31 */
	unsigned long info[PMU_MAX_CTRS];
	int cycle, instret;		/* counters on CSR cycle / instret */
	int fw_first;			/* lowest firmware counter */

	/* RAM the payload may hand out, and the firmware's own region */
	unsigned long fw_base, fw_size;
};

extern struct pmu_env pmu;

/*
 * The test platform's PMU device (platform/opensbi/pmu/testdev.c): its
 * SBI_PMU_FW_PLATFORM encodings count calls of its hardware hooks.
 */
#define TESTDEV_EV_ENABLE_IRQ	0x7d0001ULL	/* hw_counter_enable_irq calls */
#define TESTDEV_EV_DISABLE_IRQ	0x7d0002ULL	/* hw_counter_disable_irq calls */
#define TESTDEV_EV_FILTER	0x7d0003ULL	/* hw_counter_filter_mode calls */
#define TESTDEV_EV_FILTER_LAST	0x7d0004ULL	/* (flags << 8) | counter */
#define TESTDEV_EV_ODD		0x7d0005ULL	/* odd firmware counters only */
#define TESTDEV_EV_DENY		0x7d0006ULL	/* its start fails: DENIED */
#define TESTDEV_WIDTH		48		/* its firmware counters' width */
#define TESTDEV_FW_CTRS		16		/* its counter numbers 0..15 */

/* Does the platform have this SBI_PMU_FW_PLATFORM encoding? */
static inline bool testdev_event(uint64_t data)
{
	return pmu.testdev && data >= TESTDEV_EV_ENABLE_IRQ &&
	       data <= TESTDEV_EV_DENY;
}

/* common.c: discovery */
void pmu_env_init(void);

/* common.c: the DT riscv,pmu tables (raw big-endian cells, NULL if none) */
const void *dt_pmu_prop(const char *name, uint32_t *len);

/* common.c: counters */
static inline bool ctr_valid(long i)
{
	return i >= 0 && i < PMU_MAX_CTRS && (pmu.valid >> i) & 1;
}

static inline bool ctr_is_fw(long i)
{
	return i >= 0 && i < PMU_MAX_CTRS && (pmu.fw >> i) & 1;
}

static inline bool ctr_is_hw(long i)
{
	return i >= 0 && i < PMU_MAX_CTRS && (pmu.hw >> i) & 1;
}

static inline unsigned int ctr_csr(long i)
{
	return pmu.info[i] & PMU_CTR_INFO_CSR_MASK;
}

static inline unsigned int ctr_width(long i)
{
	return (pmu.info[i] & PMU_CTR_INFO_WIDTH_MASK) >>
	       PMU_CTR_INFO_WIDTH_SHIFT;
}

/* All-ones value of a hardware counter (its width), for initial values. */
static inline uint64_t ctr_top(long i)
{
	unsigned int w = ctr_width(i);
#if __riscv_xlen == 32
	/* in halves: a variable 64-bit shift needs libgcc on RV32 */
	uint32_t hi = w >= 63 ? ~0U : w >= 31 ? (1U << (w - 31)) - 1 : 0;
	uint32_t lo = w >= 31 ? ~0U : (1U << (w + 1)) - 1;

	return ((uint64_t)hi << 32) | lo;
#else
	return w >= 63 ? ~0UL : (1UL << (w + 1)) - 1;
#endif
}

/* All-ones value of what a counter CSR reads (its low XLEN bits on RV32). */
static inline unsigned long ctr_max(long i)
{
	return (unsigned long)ctr_top(i);
}

/* Does a STOP stop it? Not the counters of pmu.nostop. */
static inline bool ctr_stops(long i)
{
	return i < 0 || i >= PMU_MAX_CTRS || !((pmu.nostop >> i) & 1);
}

/* Can a hardware counter be told to skip S/U/M (Sscofpmf / Smcntrpmf)? */
bool ctr_filterable(long i);

/* Mask of all valid counters as seen from @base (bits below base lost). */
unsigned long mask_from(unsigned long base, uint64_t set);

/* Read the CSR of hardware counter @i directly; traps are caught. */
bool ctr_csr_read(long i, unsigned long *val);
/* Current value: the CSR for hardware, FW_READ for firmware counters. */
unsigned long ctr_value(long i);

/* CFG_MATCH on a set; returns the counter or NO_CTR (error in *err). */
long ctr_match(unsigned long base, unsigned long mask, unsigned long flags,
	       unsigned long event, uint64_t data, long *err);
/* Stop with RESET: releases the counter whatever state it is in. */
void ctr_release(long i);
/* Release every counter of this hart (stop + reset each one). */
void ctr_release_all(void);

/*
 * CFG_MATCH expected to succeed with a counter inside base + mask: one
 * check; returns the counter or NO_CTR.
 */
long match_check(unsigned long base, unsigned long mask, unsigned long flags,
		 unsigned long event, uint64_t data, const char *why);
/* CFG_MATCH expected to fail with @exp: one check (releases on success). */
void match_expect(unsigned long base, unsigned long mask, unsigned long flags,
		  unsigned long event, uint64_t data, long exp,
		  const char *why);
/* True if no firmware counter is mapped (FW_READ fails on each). */
bool fw_none_mapped(void);

/*
 * Hardware counters riscv,event-to-mhpmcounters assigns to a general or
 * cache event (as counter indices); false if the DT has no such table.
 */
bool dt_event_counters(unsigned long event, uint64_t *ctrs);
/* hpmcounters riscv,raw-event-to-mhpmcounters allows for raw @data. */
bool dt_raw_counters(uint64_t data, uint64_t *ctrs);

/* snapshot.c: set the payload's snapshot page again; NULL if impossible */
struct pmu_snapshot_area *snapshot_area(void);

/* Names for messages */
const char *event_name(unsigned long event_idx);

/* Pass if ret.error is one of @a or @b. */
int check_err2(struct sbiret ret, long a, long b, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* loops.S */
/*
 * Read counter CSR 0xc00 + n, run @iters (>= 1) iterations of a
 * two-instruction loop, read it again: returns the difference, *@first
 * gets the first reading. 2 * iters + 2 instructions retire in between.
 */
typedef unsigned long (*pmu_loop_fn)(unsigned long iters,
				     unsigned long *first);
extern const pmu_loop_fn pmu_loop_table[32];
extern const unsigned long pmu_loop_end_table[32];
/* csrr a0, 0xc00 + n */
extern unsigned long (*const pmu_csr_table[32])(void);

/*
 * The same loop run in U-mode: S-mode reads counter 0xc00 + n, srets to a
 * U-mode loop of @iters iterations that ends in ecall, takes that trap on
 * a private vector and reads the counter again. out[0] = first reading,
 * out[1] = scause of the trap that came back (8: ecall from U).
 * Between the readings: the read itself and sret in S, 2 * iters
 * instructions and the ecall in U. Interrupts must be off (sie = 0).
 */
typedef unsigned long (*pmu_user_fn)(unsigned long iters, unsigned long *out);
extern const pmu_user_fn pmu_user_table[32];

/*
 * One SBI call between two readings of counter 0xc00 + n: only the first
 * read and the ecall are S-mode instructions in between. @regs: a0..a7 in,
 * a0/a1 out (regs[0], regs[1]).
 */
typedef unsigned long (*pmu_ecall_fn)(unsigned long *regs);
extern const pmu_ecall_fn pmu_ecall_table[32];

/* Test groups, in the order payload_main() runs them. */
void test_info(void);
void test_match(void);
void test_fw_events(void);
void test_start_stop(void);
void test_fw_read(void);
void test_snapshot(void);
void test_abi(void);
void test_linux(void);
void test_linux_hotplug(void);
void test_boot_counters(void);
void test_event_info(void);
void test_hw_count(void);
void test_filters(void);
void test_fw_count(void);
void test_fw_count_smp(void);
void test_suspend(void);
void test_overflow(void);
void test_testdev(void);
void test_nostop(void);

#endif /* PMU_TESTS_H */
