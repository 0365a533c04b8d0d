/* SPDX-License-Identifier: BSD-2-Clause */
/* <limits.h> for libfdt built freestanding inside the firmware. */
#ifndef TALLY_LIMITS_H
#define TALLY_LIMITS_H

#define CHAR_BIT	8
#define INT_MAX		0x7fffffff
#define INT_MIN		(-INT_MAX - 1)
#define UINT_MAX	0xffffffffU
#define LONG_MAX	__LONG_MAX__		/* XLEN: RV32 or RV64 */
#define LONG_MIN	(-LONG_MAX - 1)
#define ULONG_MAX	(LONG_MAX * 2UL + 1UL)

#endif
