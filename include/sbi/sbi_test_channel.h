/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Test-only channel: lets a test payload see what a supervisor never may
 * (unexpected M-mode traps, integrity of the firmware image, the hgatp a
 * hart's last HFENCE.VVMA* ran under). Only in the test images (FW_TEST=1,
 * mk/config.mk), and there off unless the word "tally.test" is in
 * /chosen/bootargs. In a production image the functions below are empty
 * and the per-hart record has no fields: none of it is compiled in.
 */
#ifndef SBI_TEST_CHANNEL_H
#define SBI_TEST_CHANNEL_H

#include <stdbool.h>
#include <sbi/riscv_asm.h>

#if FW_TEST

/* What the channel reports of one hart (in its scratch). */
struct sbi_test_hart {
	unsigned long unexpected_traps;	/* M-mode traps not expected */
	unsigned long suspend_losses;	/* suspends whose loss was emulated */
	unsigned long vvma_hgatp;	/* live at the last HFENCE.VVMA* */
};

void sbi_test_channel_init(const void *fdt);
bool sbi_test_channel_enabled(void);

static inline void sbi_test_unexpected_trap(struct sbi_test_hart *t)
{
	t->unexpected_traps++;
}

static inline void sbi_test_vvma_fence(struct sbi_test_hart *t)
{
	t->vvma_hgatp = csr_read(CSR_HGATP);
}

#else /* production image */

struct sbi_test_hart {
};

static inline void sbi_test_channel_init(const void *fdt)
{
}

static inline bool sbi_test_channel_enabled(void)
{
	return false;
}

static inline void sbi_test_unexpected_trap(struct sbi_test_hart *t)
{
}

static inline void sbi_test_vvma_fence(struct sbi_test_hart *t)
{
}

#endif /* FW_TEST */
#endif /* SBI_TEST_CHANNEL_H */
