/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI Firmware Features (FWFT): the per-hart values and locks, and what
 * they put into menvcfg and medeleg (lib/sbi/sbi_ecall_fwft.c).
 */
#ifndef SBI_FWFT_H
#define SBI_FWFT_H

#include <stdint.h>
#include <sbi/sbi_ecall_interface.h>

/* Local features only: there are no global ones yet. */
struct sbi_fwft_hart {
	unsigned long value[SBI_FWFT_NR_FEATURES];
	uint32_t locked;		/* bit per feature */
};

struct sbi_scratch;

/* Hart reset (boot, HSM start): every value to its reset value, unlocked. */
void sbi_fwft_hart_reset(struct sbi_scratch *s);
/* The menvcfg bits the feature values ask for (and ADUE's fixed value). */
uint64_t sbi_fwft_menvcfg(const struct sbi_scratch *s);
/* The medeleg bits the feature values ask for. */
unsigned long sbi_fwft_medeleg(const struct sbi_scratch *s);

#endif /* SBI_FWFT_H */
