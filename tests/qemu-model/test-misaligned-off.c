// SPDX-License-Identifier: BSD-2-Clause
/*
 * test-misaligned.c without x-trap-misaligned (the default): misaligned
 * ordinary loads and stores complete; LR/SC/AMOs still trap.
 */
#define TRAP_MISALIGNED 0
#include "test-misaligned.c"
