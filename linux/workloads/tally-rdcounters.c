// SPDX-License-Identifier: BSD-2-Clause
// tally-rdcounters [N [R]]: read the user-level cycle, instret and time CSRs
// (rdcycle, rdinstret, rdtime) around exactly N iterations of a
// two-instruction loop, R times (default 1), and print how much each
// advanced in the run whose instret advanced least:
//   tally-rdcounters: N cycle DC instret DI time DT
// instret also counts the kernel's work on the hart (a timer tick is some
// 20k instructions), so the least of several short runs is the one that no
// interrupt hit: its instret is the loop and the reads alone. Of the runs
// with that instret, the one whose cycle advanced least is printed: under
// icount, cycle follows the virtual clock, which the other harts also
// move (one run saw 4.3 x the loop in a run with exact instret).
// Linux lets user space read cycle and instret directly only with
// kernel.perf_user_access = 2 (legacy mode); otherwise the read traps and
// the program reports which CSR it was and exits 2. Default N = 1000000.
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *volatile reading = "none";

static void on_sigill(int sig)
{
	static const char msg[] =
		"tally-rdcounters: illegal instruction reading ";

	(void)sig;
	write(1, msg, sizeof(msg) - 1);
	write(1, reading, strlen(reading));
	write(1, "\n", 1);
	_exit(2);
}

#define RDCSR(name)                                           \
	({                                                    \
		unsigned long v;                              \
		reading = #name;                              \
		__asm__ volatile("rd" #name " %0" : "=r"(v)); \
		v;                                            \
	})

struct deltas {
	unsigned long cycle, instret, time;
};

static struct deltas run_once(unsigned long n)
{
	unsigned long i = n, c0, c1, r0, r1, t0, t1;

	t0 = RDCSR(time);
	c0 = RDCSR(cycle);
	r0 = RDCSR(instret);
	if (i)
		__asm__ volatile("1:\taddi %0, %0, -1\n\tbnez %0, 1b"
				 : "+r"(i));
	r1 = RDCSR(instret);
	c1 = RDCSR(cycle);
	t1 = RDCSR(time);
	return (struct deltas){ c1 - c0, r1 - r0, t1 - t0 };
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000000UL;
	unsigned long r = argc > 2 ? strtoul(argv[2], NULL, 0) : 1;
	struct sigaction sa = { .sa_handler = on_sigill };
	struct deltas best, d;

	sigaction(SIGILL, &sa, NULL);
	best = run_once(n);
	while (r-- > 1) {
		d = run_once(n);
		if (d.instret < best.instret ||
		    (d.instret == best.instret && d.cycle < best.cycle))
			best = d;
	}
	printf("tally-rdcounters: %lu cycle %lu instret %lu time %lu\n", n,
	       best.cycle, best.instret, best.time);
	return 0;
}
