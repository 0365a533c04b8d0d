/* SPDX-License-Identifier: BSD-2-Clause */
/* Host build of the PMU core for the fuzzer: the C library's mem*. */
#ifndef SBI_STRING_H
#define SBI_STRING_H

#include <string.h>

#endif /* SBI_STRING_H */
