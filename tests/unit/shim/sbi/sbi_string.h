/* SPDX-License-Identifier: BSD-2-Clause */
/* Host build of the PMU core: the C library provides the string functions. */
#ifndef SBI_STRING_H
#define SBI_STRING_H

#include <string.h>

#endif /* SBI_STRING_H */
