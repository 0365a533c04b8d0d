// SPDX-License-Identifier: BSD-2-Clause
// tally-load [iterations]: a program with one hot load, for precise
// sampling. A loop of four instructions runs iterations times (default
// 2000000); its only load is the `ld` at the symbol tally_hot_load, the
// instruction after it is tally_hot_next. Both are function symbols, so
// perf report --sort sym names them. Prints both addresses: a sample of a
// load event is exact when its IP is tally_hot_load; an interrupt taken
// after the load (LCOFI sampling, skid of one instruction) reports
// tally_hot_next.
#include <stdio.h>
#include <stdlib.h>

extern const char tally_hot_load[], tally_hot_next[];

static unsigned long word = 1;

__attribute__((noinline)) static unsigned long run(const unsigned long *p,
						   unsigned long n)
{
	unsigned long sum = 0, v;

	asm volatile(".globl tally_hot_load\n"
		     ".type tally_hot_load, @function\n"
		     ".globl tally_hot_next\n"
		     ".type tally_hot_next, @function\n"
		     "tally_hot_load:\n"
		     "	ld	%[v], 0(%[p])\n"
		     "tally_hot_next:\n"
		     "	add	%[sum], %[sum], %[v]\n"
		     "	addi	%[n], %[n], -1\n"
		     "	bnez	%[n], tally_hot_load\n"
		     : [sum] "+r"(sum), [n] "+r"(n), [v] "=&r"(v)
		     : [p] "r"(p)
		     : "memory");
	return sum;
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 2000000;

	if (!n)
		n = 1;
	printf("tally-load: %lu loads at %p, next %p, sum %lu\n", n,
	       (const void *)tally_hot_load, (const void *)tally_hot_next,
	       run(&word, n));
	return 0;
}
