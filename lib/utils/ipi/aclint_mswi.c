// SPDX-License-Identifier: BSD-2-Clause
/*
 * ACLINT MSWI (CLINT msip): one 32-bit register per hart context, its
 * address in the hart's scratch (none if the DT gives the hart none).
 */
#include <sbi/sbi_drivers.h>
#include <sbi/sbi_scratch.h>

void aclint_mswi_send(struct sbi_scratch *s)
{
	if (!s->msip)
		return;
	__asm__ __volatile__("fence w, o" ::: "memory");
	*s->msip = 1;
}

void aclint_mswi_clear(struct sbi_scratch *s)
{
	if (s->msip)
		*s->msip = 0;
}
