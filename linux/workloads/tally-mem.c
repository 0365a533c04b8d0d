// SPDX-License-Identifier: BSD-2-Clause
// tally-mem [MiB] [passes]: touch one word per 4 KiB page of a MiB-sized
// buffer, passes times, alternating reads and writes. Every access lands
// on a different page, so it exercises the data TLB (the model's L1 TLB
// miss events, docs/qemu-model.md) and the caches. Default: 16 MiB, 8 passes.
#include <stdio.h>
#include <stdlib.h>

#define PAGE 4096UL

int main(int argc, char **argv)
{
	unsigned long mib = argc > 1 ? strtoul(argv[1], NULL, 0) : 16;
	unsigned long passes = argc > 2 ? strtoul(argv[2], NULL, 0) : 8;
	unsigned long size = mib << 20, pages = size / PAGE, sum = 0;
	volatile unsigned char *buf = malloc(size);

	if (!buf || !pages) {
		fprintf(stderr, "tally-mem: cannot allocate %lu MiB\n", mib);
		return 1;
	}
	for (unsigned long p = 0; p < passes; p++) {
		for (unsigned long i = 0; i < pages; i++) {
			/* a stride co-prime with the page count defeats
			 * any locality between consecutive accesses */
			unsigned long pg = (i * 97) % pages;

			if (p & 1)
				sum += buf[pg * PAGE];
			else
				buf[pg * PAGE] = (unsigned char)(i + p);
		}
	}
	printf("tally-mem: %lu MiB, %lu passes, %lu page touches, sum %lu\n",
	       mib, passes, passes * pages, sum);
	return 0;
}
