// SPDX-License-Identifier: BSD-2-Clause
// tally-pdis [iterations]: a memory access pattern known in advance, for
// PDIS data-address and latency profiles (tests/linux/pdis-test.sh).
// walk() loads one 8-byte word per 256 bytes of src[] (64 KiB, the
// stride running round it) and stores one word per 64 bytes of dst[]
// (16 KiB). So every load it makes is at src + k * 256 and every store at
// dst + k * 64. It prints the two ranges, then the loads and stores it
// made. Default: 200000 iterations.
#include <stdio.h>
#include <stdlib.h>

#define SRC_WORDS	(64 * 1024 / 8)
#define DST_WORDS	(16 * 1024 / 8)
#define SRC_STRIDE	32	/* words: 256 bytes */
#define DST_STRIDE	8	/* words: 64 bytes */

/* initialised, so in .data: file-backed, perf resolves addresses to them */
static unsigned long src[SRC_WORDS] __attribute__((aligned(4096))) = { 1 };
static unsigned long dst[DST_WORDS] __attribute__((aligned(4096))) = { 1 };

/* noinline: the samples of the pattern all land in this symbol */
static __attribute__((noinline)) unsigned long walk(unsigned long n)
{
	volatile unsigned long *s = src, *d = dst;
	unsigned long sum = 0;

	for (unsigned long i = 0; i < n; i++) {
		sum += s[(i * SRC_STRIDE) % SRC_WORDS];
		d[(i * DST_STRIDE) % DST_WORDS] = sum;
	}
	return sum;
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 200000;
	unsigned long sum;

	printf("tally-pdis: src %p-%p stride %lu dst %p-%p stride %lu\n",
	       (void *)src, (void *)(src + SRC_WORDS), SRC_STRIDE * 8UL,
	       (void *)dst, (void *)(dst + DST_WORDS), DST_STRIDE * 8UL);
	sum = walk(n);
	printf("tally-pdis: %lu loads, %lu stores, sum %lu\n", n, n, sum);
	return 0;
}
