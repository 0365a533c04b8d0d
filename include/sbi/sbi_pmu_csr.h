/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU core's CSR accessors, inline (PMU_HOST_INLINE_H, see
 * <pmu/pmu_host.h>): a constant CSR number becomes one csr instruction,
 * counters and events go through sbi_csr_table.S, anything else through
 * csr_read_num()/csr_write_num().
 */
#ifndef SBI_PMU_CSR_H
#define SBI_PMU_CSR_H

#include <sbi/riscv_asm.h>

/*
 * The tables of sbi_csr_table.S: entered with "jal t0", index in a0 (and
 * the value in a1 for a write), they clobber t0, t1 and a0 only.
 */
#define SBI_CSR_TABLE_READ(table, i) ({					\
	register unsigned long a0_ __asm__("a0") = (i);			\
	__asm__ __volatile__("jal t0, " #table				\
			     : "+r"(a0_) : : "t0", "t1");			\
	a0_;								\
})
#define SBI_CSR_TABLE_WRITE(table, i, v) do {				\
	register unsigned long a0_ __asm__("a0") = (i);			\
	register unsigned long a1_ __asm__("a1") = (v);			\
	__asm__ __volatile__("jal t0, " #table				\
			     : "+r"(a0_) : "r"(a1_) : "t0", "t1");		\
} while (0)

#if __riscv_xlen == 32
#define SBI_PMU_HI_READ(csr)						\
	if (csr - 0xb80U < 32)						\
		return SBI_CSR_TABLE_READ(sbi_csr_read_b80, csr - 0xb80U);	\
	if (csr - 0x720U < 32)						\
		return SBI_CSR_TABLE_READ(sbi_csr_read_720, csr - 0x720U);
#define SBI_PMU_HI_WRITE(csr, val)					\
	else if (csr - 0xb80U < 32)					\
		SBI_CSR_TABLE_WRITE(sbi_csr_write_b80, csr - 0xb80U, val);	\
	else if (csr - 0x720U < 32)					\
		SBI_CSR_TABLE_WRITE(sbi_csr_write_720, csr - 0x720U, val);
#else
#define SBI_PMU_HI_READ(csr)
#define SBI_PMU_HI_WRITE(csr, val)
#endif

/* The constant CSR numbers the core uses (pmu_csr.h, draft header) */
#define SBI_PMU_CONST_CSRS(X)						\
	X(0x303) X(0x304) X(0x306) X(0x30a) X(0x30c) X(0x31a) X(0x31c)	\
	X(0x320) X(0x321) X(0x322) X(0x344) X(0x7f0) X(0x7f1) X(0xda0)

/*
 * Always inline: the constant CSRs become one instruction, and a counter
 * index a jump into a CSR table, only where the call is expanded (GCC
 * leaves a static inline out of line in cold code once it has several
 * callers, and that copy sees no constant).
 */
#define SBI_PMU_CSR_INLINE	static inline __attribute__((always_inline))

SBI_PMU_CSR_INLINE unsigned long pmu_host_csr_read(unsigned int csr)
{
#define SBI_PMU_RD(n)	case n: return csr_read(n);
	if (__builtin_constant_p(csr)) {
		switch (csr) {
		SBI_PMU_CONST_CSRS(SBI_PMU_RD)
		}
	}
#undef SBI_PMU_RD
	if (csr - 0xb00U < 32)
		return SBI_CSR_TABLE_READ(sbi_csr_read_b00, csr - 0xb00U);
	if (csr - 0x320U < 32)
		return SBI_CSR_TABLE_READ(sbi_csr_read_320, csr - 0x320U);
	SBI_PMU_HI_READ(csr)
	return csr_read_num(csr);
}

SBI_PMU_CSR_INLINE void pmu_host_csr_write(unsigned int csr, unsigned long val)
{
#define SBI_PMU_WR(n)	case n: csr_write(n, val); return;
	if (__builtin_constant_p(csr)) {
		switch (csr) {
		SBI_PMU_CONST_CSRS(SBI_PMU_WR)
		}
	}
#undef SBI_PMU_WR
	if (csr - 0xb00U < 32)
		SBI_CSR_TABLE_WRITE(sbi_csr_write_b00, csr - 0xb00U, val);
	else if (csr - 0x320U < 32)
		SBI_CSR_TABLE_WRITE(sbi_csr_write_320, csr - 0x320U, val);
	SBI_PMU_HI_WRITE(csr, val)
	else
		csr_write_num(csr, val);
}

SBI_PMU_CSR_INLINE void pmu_host_csr_set(unsigned int csr, unsigned long bits)
{
#define SBI_PMU_SET(n)	case n: csr_set(n, bits); return;
	if (__builtin_constant_p(csr)) {
		switch (csr) {
		SBI_PMU_CONST_CSRS(SBI_PMU_SET)
		}
	}
#undef SBI_PMU_SET
	pmu_host_csr_write(csr, pmu_host_csr_read(csr) | bits);
}

SBI_PMU_CSR_INLINE void pmu_host_csr_clear(unsigned int csr, unsigned long bits)
{
#define SBI_PMU_CLR(n)	case n: csr_clear(n, bits); return;
	if (__builtin_constant_p(csr)) {
		switch (csr) {
		SBI_PMU_CONST_CSRS(SBI_PMU_CLR)
		}
	}
#undef SBI_PMU_CLR
	pmu_host_csr_write(csr, pmu_host_csr_read(csr) & ~bits);
}

/*
 * Tally has no platform PMU device: the core's hardware counter hooks are
 * empty, so its start, stop and config_matching paths keep no call.
 */
static inline void pmu_host_hw_bind(struct pmu_hart *h, unsigned int idx,
				    unsigned long flags)
{
}

static inline void pmu_host_hw_start(struct pmu_hart *h, uint32_t bits)
{
}

static inline void pmu_host_hw_stop(struct pmu_hart *h, uint32_t bits)
{
}

#endif /* SBI_PMU_CSR_H */
