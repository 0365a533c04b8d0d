// SPDX-License-Identifier: BSD-2-Clause
/*
 * SBI hart sets: (hart_mask, hart_mask_base) pairs over any hart ids, base
 * -1 meaning every hart the firmware serves.
 */
#include <sbi/sbi_error.h>
#include <sbi/sbi_ipi.h>
#include <sbi/sbi_platform.h>

#define BITS_PER_LONG	(8 * sizeof(unsigned long))

int sbi_hartmask_check(unsigned long mask, unsigned long base)
{
	unsigned long b;

	if (base == -1UL)
		return 0;
	for (b = 0; b < BITS_PER_LONG && (mask >> b); b++) {
		if (!((mask >> b) & 1))
			continue;
		/* an id past the top of the id space names no hart either */
		if (base + b < base || !sbi_hart_valid(base + b))
			return SBI_ERR_INVALID_PARAM;
	}
	return 0;
}

struct sbi_scratch *sbi_hartmask_next(unsigned long mask, unsigned long base,
				      unsigned long *pos)
{
	struct sbi_scratch *s;

	if (base == -1UL)
		return *pos < sbi_plat.hart_count ? sbi_scratch_at((*pos)++) :
						    NULL;
	while (*pos < BITS_PER_LONG && (mask >> *pos)) {
		unsigned long b = (*pos)++;

		if (!((mask >> b) & 1) || base + b < base)
			continue;
		s = sbi_scratch_of(base + b);
		if (s)
			return s;
	}
	return NULL;
}
