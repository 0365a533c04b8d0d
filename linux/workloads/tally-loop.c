// SPDX-License-Identifier: BSD-2-Clause
// tally-loop [N [R USEC]]: run exactly N iterations of a two-instruction
// loop (addi + bnez), so a precise instret count of the process is 2*N
// plus a small, fixed start-up and exit cost. Default N = 10000000.
// With R and USEC: R such loops, each followed by a sleep of USEC
// microseconds, all in this one process: no child, no signal, so its
// user-mode instruction count stays exact while the hart idles between
// the loops (tests/linux/suspend-test.sh).
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static void loop(unsigned long n)
{
	unsigned long i = n;

	if (i)
		__asm__ volatile("1:\taddi %0, %0, -1\n\tbnez %0, 1b"
				 : "+r"(i));
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 10000000UL;
	unsigned long r = argc > 3 ? strtoul(argv[2], NULL, 0) : 1;
	unsigned long us = argc > 3 ? strtoul(argv[3], NULL, 0) : 0;
	unsigned long k;

	for (k = 0; k < r; k++) {
		loop(n);
		if (us)
			usleep(us);
	}
	printf("tally-loop: %lu iterations, %lu loop instructions\n", r * n,
	       2 * r * n);
	return 0;
}
