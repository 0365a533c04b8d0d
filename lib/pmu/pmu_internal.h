/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Private interfaces between the files of the PMU core. The SBI binding
 * (pmu_ecall.c) checks every argument and hands the core a validated,
 * absolute counter set: bit i = counter index i.
 */
#ifndef PMU_INTERNAL_H
#define PMU_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <pmu/pmu.h>
#include <pmu/pmu_csr.h>
#include <sbi/sbi_error.h>

/* Keep a cold path out of its caller's register allocation. */
#define PMU_COLD	__attribute__((noinline, cold))
/* A binding's hot path: inlined into its PMU_SBI_FN(), which
 * pmu_sbi_ecall() inlines in turn, so neither reaches it by a jump */
#define PMU_HOT		static inline __attribute__((always_inline))
/* The branch a caller takes almost always, laid out to fall through */
#define pmu_likely(x)	__builtin_expect(!!(x), 1)

/* Index of the lowest set bit; x != 0. No libgcc call on RV64 without Zbb. */
static inline unsigned int pmu_ctz(uint64_t x)
{
#if defined(__riscv_zbb) || !defined(__riscv)
	return (unsigned int)__builtin_ctzll(x);
#else
	static const uint8_t debruijn[64] = {
		0, 1, 2, 53, 3, 7, 54, 27, 4, 38, 41, 8, 34, 55, 48, 28,
		62, 5, 39, 46, 44, 42, 22, 9, 24, 35, 59, 56, 49, 18, 29, 11,
		63, 52, 6, 26, 37, 40, 33, 47, 61, 45, 43, 21, 23, 58, 17, 10,
		51, 25, 36, 32, 60, 20, 57, 16, 50, 31, 19, 15, 30, 14, 13, 12,
	};

	return debruijn[((x & -x) * 0x022fdd63cc95386dULL) >> 58];
#endif
}

/* pmu_map.c: is one entry acceptable? */
bool pmu_map_selector_ok(const struct pmu_map_selector *e);
bool pmu_map_counters_ok(const struct pmu_map_counters *e);
bool pmu_map_raw_ok(const struct pmu_map_raw *e);

static inline bool pmu_has(const struct pmu_platform *plat, unsigned int feat)
{
	return (plat->features & feat) != 0;
}

/* Firmware counter bits (bit j = firmware counter j) of a counter set */
static inline uint32_t pmu_fw_bits(const struct pmu_platform *plat,
				   uint64_t set)
{
	return (uint32_t)((set & plat->fw_mask) >> plat->hw_slots);
}

#include "pmu_events.h"
#include "pmu_hw.h"
#include "pmu_fw.h"

/* pmu_counters.c: allocation, start/stop, info, reads */
long pmu_ctr_get_info(const struct pmu_platform *plat, unsigned long idx,
		      unsigned long *info);
long pmu_ctr_config_match(struct pmu_hart *h, uint64_t set,
			  unsigned long flags, unsigned long event_idx,
			  uint64_t data, unsigned long *idx_out);
/* the hart last, as pmu_ctr_stop() */
long pmu_ctr_start(unsigned long base, uint64_t set, unsigned long flags,
		   uint64_t init_value, struct pmu_hart *h);
/*
 * The two leaves of a context switch take the counter, the flags and the
 * initial value where the ecall left them (a0, a2, a3; PMU_SBI_FN()), and
 * the hart in a1, the mask's register, as the mask is 1 there: the
 * binding moves one register.
 */
/* one hardware counter, idx < hw_slots: the same answers as pmu_ctr_start() */
long pmu_ctr_start_one(unsigned long idx, struct pmu_hart *h,
		       unsigned long flags, uint64_t init_value);
/* the hart last: the registers of the binding's other path */
long pmu_ctr_stop(unsigned long base, uint64_t set, unsigned long flags,
		  struct pmu_hart *h);
/* one mapped hardware counter: the same answers as pmu_ctr_stop() */
long pmu_ctr_stop_mapped(unsigned long idx, struct pmu_hart *h,
			 unsigned long flags);
long pmu_ctr_fw_read(const struct pmu_hart *h, unsigned long idx, bool hi,
		     unsigned long *value);

/* pmu_deleg.c: re-apply this hart's delegation enables (resume) */
void pmu_hart_redelegate(struct pmu_hart *h);
/* pmu_deleg.c: the counter bits of mcounteren, decided in one place */
void pmu_hart_counteren(const struct pmu_hart *h);

/* pmu_snapshot.c: snapshot shared memory */
long pmu_snapshot_set(struct pmu_hart *h, unsigned long lo, unsigned long hi);
void pmu_snapshot_disable(struct pmu_hart *h);
bool pmu_snapshot_rearm(struct pmu_hart *h);
void pmu_snapshot_save(struct pmu_hart *h, unsigned long base, uint64_t set);

#endif /* PMU_INTERNAL_H */
