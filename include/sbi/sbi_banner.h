/* SPDX-License-Identifier: BSD-2-Clause */
#ifndef SBI_BANNER_H
#define SBI_BANNER_H

#include <sbi/sbi_init.h>

/* Print what the firmware found: harts, extensions, counters. */
void sbi_banner_print(const struct sbi_next_stage *next);

#endif /* SBI_BANNER_H */
