/* SPDX-License-Identifier: BSD-2-Clause */
/* <stdlib.h> for libfdt: the firmware uses nothing from it. */
#ifndef TALLY_STDLIB_H
#define TALLY_STDLIB_H
#include <stddef.h>
#endif
