/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Per-hart scratch: one fixed-size block at the top of each hart's stack
 * area. In M-mode `tp` always points at the current hart's scratch, and
 * `mscratch` holds the same pointer while the hart runs below M-mode.
 * The areas are laid out at boot, one per hart the DT names (any ids, in
 * ascending id order), right after the image (sbi_hart_table.c).
 */
#ifndef SBI_SCRATCH_H
#define SBI_SCRATCH_H

#define SBI_SCRATCH_SIZE		4096
#define FW_HART_STACK_SIZE		(8 * 1024)
#define FW_HART_AREA_SIZE		(SBI_SCRATCH_SIZE + FW_HART_STACK_SIZE)
/* The cold-boot hart's stack until its area exists */
#define FW_BOOT_STACK_SIZE		(16 * 1024)
#define SBI_SCRATCH_TMP0_OFFSET		0

#ifndef __ASSEMBLER__

#include <stdint.h>
#include <sbi/riscv_atomic.h>
#include <sbi/sbi_dbtr.h>
#include <sbi/sbi_fwft.h>
#include <sbi/sbi_isa.h>
#include <sbi/sbi_sse.h>
#include <sbi/sbi_test_channel.h>
#include <sbi/sbi_tlb.h>
#include <pmu/pmu.h>

struct sbi_scratch {
	unsigned long tmp0;		/* trap entry spill slot: offset 0 */
	unsigned long hartid;
	unsigned int hartindex;		/* position in the hart table */
	/* this hart's ACLINT registers (NULL: the DT names none) */
	volatile uint32_t *msip;
	volatile uint64_t *mtimecmp;
	/* HSM */
	atomic_t hsm_state;
	unsigned long next_addr;	/* start/resume address in S-mode */
	unsigned long next_arg1;	/* opaque value for a1 */
	unsigned long suspend_type;
	/* IPI events pending for this hart (SBI_IPI_EVENT_* bits) */
	atomic_t ipi_events;
	struct sbi_tlb_slot tlb;
	/* this hart's extensions: the DT's, confirmed by its own probe */
	struct sbi_isa isa;
	bool isa_probed;
	struct sbi_test_hart test;	/* test images only: else empty */
	struct sbi_fwft_hart fwft;
	struct sbi_dbtr_hart dbtr;
	struct sbi_sse_hart sse;
	struct pmu_hart pmu;
};

_Static_assert(sizeof(struct sbi_scratch) <= SBI_SCRATCH_SIZE,
	       "scratch overflows its slot");

static inline struct sbi_scratch *sbi_scratch_this(void)
{
	struct sbi_scratch *s;

	__asm__("mv %0, tp" : "=r"(s));
	return s;
}

/* Scratch of another hart, or NULL if @hartid is not a usable hart. */
struct sbi_scratch *sbi_scratch_of(unsigned long hartid);
/* Scratch of the hart at @index of the hart table (index < hart count). */
struct sbi_scratch *sbi_scratch_at(unsigned int index);

#endif
#endif /* SBI_SCRATCH_H */
