// SPDX-License-Identifier: BSD-2-Clause
/*
 * RV32: the 64-bit shifts GCC leaves to libgcc. Debian's riscv64 cross
 * toolchain has no RV32 libgcc, and the firmware links none; the PMU core
 * shifts its 64-bit counter sets by a variable amount. No 64-bit division
 * exists in the firmware, so none is provided (a use fails to link).
 */
#if __riscv_xlen == 32
#include <stdint.h>

union dw {
	uint64_t all;
	struct {
		uint32_t lo, hi;	/* little endian */
	} s;
};

uint64_t __ashldi3(uint64_t a, int n);
uint64_t __lshrdi3(uint64_t a, int n);

uint64_t __ashldi3(uint64_t a, int n)
{
	union dw u = { .all = a }, r;

	if (n & 32) {
		r.s.lo = 0;
		r.s.hi = u.s.lo << (n & 31);
	} else if (n == 0) {
		return a;
	} else {
		r.s.lo = u.s.lo << n;
		r.s.hi = (u.s.hi << n) | (u.s.lo >> (32 - n));
	}
	return r.all;
}

uint64_t __lshrdi3(uint64_t a, int n)
{
	union dw u = { .all = a }, r;

	if (n & 32) {
		r.s.hi = 0;
		r.s.lo = u.s.hi >> (n & 31);
	} else if (n == 0) {
		return a;
	} else {
		r.s.hi = u.s.hi >> n;
		r.s.lo = (u.s.lo >> n) | (u.s.hi << (32 - n));
	}
	return r.all;
}
#endif
