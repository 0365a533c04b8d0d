// SPDX-License-Identifier: BSD-2-Clause
// tally-hot [rounds]: a program with a known hot function, for perf record
// and perf report. Each round runs hot_loop() for 9 units of work and
// warm_loop() for 1, so about 90 % of the user-mode samples land in
// hot_loop and about 10 % in warm_loop. Default 200 rounds (about 2*10^7
// instructions).
#include <stdio.h>
#include <stdlib.h>

#define UNIT 10000UL

/* A data-dependent chain the compiler cannot fold (xorshift). */
static unsigned long mix(unsigned long x, unsigned long n)
{
	while (n--) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
	}
	return x;
}

__attribute__((noinline)) unsigned long hot_loop(unsigned long x)
{
	return mix(x, 9 * UNIT);
}

__attribute__((noinline)) unsigned long warm_loop(unsigned long x)
{
	return mix(x, UNIT);
}

int main(int argc, char **argv)
{
	unsigned long rounds = argc > 1 ? strtoul(argv[1], NULL, 0) : 200;
	unsigned long x = 88172645463325252UL;

	for (unsigned long r = 0; r < rounds; r++)
		x = warm_loop(hot_loop(x));
	printf("tally-hot: %lu rounds, %lx\n", rounds, x);
	return 0;
}
