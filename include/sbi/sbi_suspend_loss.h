/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Test configuration: make a non-retentive suspend lose the hart state the
 * hardware would lose, so that the restore code runs for real in QEMU
 * (whose harts never lose anything). Only in the test images (FW_TEST=1);
 * there on when /chosen has tally,suspend-clobber = <1>, or when it is
 * absent and the test channel is on ("tally.test" in bootargs). With
 * tally,suspend-forget-sse = <1> the hart also forgets its SSE
 * registrations; docs/firmware.md. A production image has the empty
 * stubs below.
 */
#ifndef SBI_SUSPEND_LOSS_H
#define SBI_SUSPEND_LOSS_H

#include <stdbool.h>

struct sbi_scratch;

#if FW_TEST

/* After sbi_test_channel_init(). */
void sbi_suspend_loss_init(const void *fdt);
bool sbi_suspend_loss_enabled(void);
/* What a non-retentive suspend loses, for the banner. */
const char *sbi_suspend_loss_what(void);
/* Scramble the S-mode, delegation and PMU CSRs of this hart (clobber),
 * forget its SSE registrations (forget-sse). */
void sbi_suspend_lose_state(struct sbi_scratch *s);

#else /* production image */

static inline void sbi_suspend_loss_init(const void *fdt)
{
}

static inline bool sbi_suspend_loss_enabled(void)
{
	return false;
}

static inline const char *sbi_suspend_loss_what(void)
{
	return "";
}

static inline void sbi_suspend_lose_state(struct sbi_scratch *s)
{
}

#endif /* FW_TEST */
#endif /* SBI_SUSPEND_LOSS_H */
