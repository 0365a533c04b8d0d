// SPDX-License-Identifier: BSD-2-Clause
/*
 * test-cde.c without Smcdeleg: menvcfg.CDE is read-only 0.
 *
 * QM_CPU_EXTRA: smcdeleg=false,ssccfg=false
 */
#define SMCDELEG 0
#include "test-cde.c"
