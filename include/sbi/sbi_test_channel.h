/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Test-only channel: lets a test payload see what a supervisor never may
 * (unexpected M-mode traps, integrity of the firmware image, the hgatp a
 * hart's last HFENCE.VVMA* ran under). Off unless the boot loader put
 * "tally.test" in /chosen/bootargs.
 */
#ifndef SBI_TEST_CHANNEL_H
#define SBI_TEST_CHANNEL_H

#include <stdbool.h>

void sbi_test_channel_init(const void *fdt);
bool sbi_test_channel_enabled(void);

#endif /* SBI_TEST_CHANNEL_H */
