// SPDX-License-Identifier: BSD-2-Clause
// tally-loop [N]: run exactly N iterations of a two-instruction loop
// (addi + bnez), so a precise instret count of the process is 2*N plus a
// small, fixed start-up and exit cost. Default N = 10000000.
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 10000000UL;
	unsigned long i = n;

	if (i)
		__asm__ volatile("1:\taddi %0, %0, -1\n\tbnez %0, 1b"
				 : "+r"(i));
	printf("tally-loop: %lu iterations, %lu loop instructions\n", n, 2 * n);
	return i != 0;
}
