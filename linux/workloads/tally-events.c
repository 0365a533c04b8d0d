// SPDX-License-Identifier: BSD-2-Clause
// tally-events [N]: N iterations of a loop whose every hart event is known.
// Per iteration: 5 retired instructions (ld, sd, bnez, addi, bnez; the nop
// is jumped over), 1 load, 1 store, 2 conditional branches. The forward
// bnez is always taken (mispredicted by a static backward-taken /
// forward-not-taken predictor), the backward one is taken except at the
// end (one more misprediction). So over the loop:
//   instructions 5N, loads N, stores N, branches 2N, taken 2N - 1,
//   mispredicted N + 1.
// Nothing else depends on N except parsing the argument, and the output is
// the same for every N, so counts(N) - counts(0) is the loop alone.
#include <stdio.h>
#include <stdlib.h>

static unsigned long buf[2];

static void loop(unsigned long n)
{
	unsigned long t, one = 1;

	if (!n)
		return;
	__asm__ volatile("1:\tld %[t], 0(%[p])\n"
			 "\tsd %[t], 8(%[p])\n"
			 "\tbnez %[one], 2f\n"
			 "\tnop\n"
			 "2:\taddi %[n], %[n], -1\n"
			 "\tbnez %[n], 1b"
			 : [n] "+r"(n), [t] "=&r"(t)
			 : [p] "r"(buf), [one] "r"(one)
			 : "memory");
}

int main(int argc, char **argv)
{
	loop(argc > 1 ? strtoul(argv[1], NULL, 0) : 1000000UL);
	puts("tally-events: done");
	return 0;
}
