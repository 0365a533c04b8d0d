// SPDX-License-Identifier: BSD-2-Clause
// tally-fw WHAT N: make the kernel (or the hart) go through the SBI
// firmware a known number of times, for the SBI firmware events.
//
//   ipi N         threads spin on harts 1..H-1 while hart 0 calls
//                 membarrier(PRIVATE_EXPEDITED) N times: each call IPIs
//                 every other hart running this mm, (H-1)*N IPIs in all
//   rfence N      a thread spins on hart 1 while hart 0 maps, touches and
//                 unmaps a page N times: each unmap flushes the TLBs of
//                 harts 0 and 1 (one SBI remote SFENCE.VMA.ASID for two
//                 harts); run it as `taskset -c 0 tally-fw rfence N` so
//                 the process never ran on another hart
//   timer N       N sleeps of 100 us: each arms a timer that expires
//                 before the next tick (a SET_TIMER when the kernel has no
//                 Sstc)
//   misaligned N  N misaligned 8-byte loads and N misaligned 8-byte stores
//                 (trapped and emulated by the firmware when the hart does
//                 not handle them itself)
#define _GNU_SOURCE
#include <linux/membarrier.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define MAX_HARTS 64

static atomic_int running, stop;

static void pin(long cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		perror("tally-fw: sched_setaffinity");
		exit(1);
	}
}

static void *spin(void *arg)
{
	pin((long)arg);
	atomic_fetch_add(&running, 1);
	while (!atomic_load(&stop))
		;
	return NULL;
}

/* Start spinners on harts 1..n and wait until every one runs there. */
static void spinners(pthread_t *th, long n)
{
	for (long i = 0; i < n; i++)
		if (pthread_create(&th[i], NULL, spin, (void *)(i + 1))) {
			fprintf(stderr, "tally-fw: pthread_create failed\n");
			exit(1);
		}
	while (atomic_load(&running) < n)
		;
}

static void join(pthread_t *th, long n)
{
	atomic_store(&stop, 1);
	for (long i = 0; i < n; i++)
		pthread_join(th[i], NULL);
}

static long membarrier(int cmd)
{
	return syscall(__NR_membarrier, cmd, 0, 0);
}

static void ipi(unsigned long n)
{
	long harts = sysconf(_SC_NPROCESSORS_ONLN);
	pthread_t th[MAX_HARTS];

	if (harts < 2 || harts > MAX_HARTS) {
		fprintf(stderr, "tally-fw: ipi needs 2..%d harts\n", MAX_HARTS);
		exit(1);
	}
	pin(0);
	if (membarrier(MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED)) {
		perror("tally-fw: membarrier register");
		exit(1);
	}
	spinners(th, harts - 1);
	for (unsigned long i = 0; i < n; i++)
		membarrier(MEMBARRIER_CMD_PRIVATE_EXPEDITED);
	join(th, harts - 1);
	printf("tally-fw: %lu membarrier calls, %ld other harts\n", n,
	       harts - 1);
}

static void rfence(unsigned long n)
{
	pthread_t th[1];

	pin(0);
	spinners(th, 1);
	for (unsigned long i = 0; i < n; i++) {
		char *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED) {
			perror("tally-fw: mmap");
			exit(1);
		}
		*p = 1;
		munmap(p, 4096);
	}
	join(th, 1);
	printf("tally-fw: %lu unmaps\n", n);
}

static void timer(unsigned long n)
{
	struct timespec ts = { 0, 100000 };

	for (unsigned long i = 0; i < n; i++)
		nanosleep(&ts, NULL);
	printf("tally-fw: %lu sleeps\n", n);
}

static void misaligned(unsigned long n)
{
	static unsigned long buf[4];
	char *p = (char *)buf + 1;
	unsigned long v;

	for (unsigned long i = 0; i < n; i++) {
		__asm__ volatile("ld %0, 0(%1)" : "=r"(v) : "r"(p) : "memory");
		__asm__ volatile("sd %0, 0(%1)"
				 :
				 : "r"(v + 1), "r"(p)
				 : "memory");
	}
	printf("tally-fw: %lu misaligned loads and stores\n", n);
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		void (*run)(unsigned long n);
	} what[] = {
		{ "ipi", ipi },
		{ "rfence", rfence },
		{ "timer", timer },
		{ "misaligned", misaligned },
	};

	if (argc == 3)
		for (size_t i = 0; i < sizeof(what) / sizeof(what[0]); i++)
			if (!strcmp(argv[1], what[i].name)) {
				what[i].run(strtoul(argv[2], NULL, 0));
				return 0;
			}
	fprintf(stderr, "usage: tally-fw ipi|rfence|timer|misaligned N\n");
	return 2;
}
