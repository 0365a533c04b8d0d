// SPDX-License-Identifier: BSD-2-Clause
// tally-ipi [rounds]: generate inter-processor traffic that goes through
// the SBI firmware: two threads pinned to different harts ping-pong through
// a futex (wake-ups are IPIs), and the main thread maps, touches and unmaps
// memory while the other threads of the same mm run elsewhere (each unmap
// is a remote TLB shootdown: SBI RFENCE). Default 2000 rounds.
#define _GNU_SOURCE
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static atomic_int turn;
static atomic_int stop;
static unsigned long rounds;

static void futex_wait(atomic_int *addr, int val)
{
	syscall(SYS_futex, addr, FUTEX_WAIT_PRIVATE, val, NULL, NULL, 0);
}

static void futex_wake(atomic_int *addr)
{
	syscall(SYS_futex, addr, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

static void pin(long cpu)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(n > 0 ? cpu % n : 0, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

/* Player `me` waits for its turn, then hands it to the other one. */
static void *player(void *arg)
{
	int me = (int)(long)arg;

	pin(me + 1);
	for (unsigned long i = 0; i < rounds; i++) {
		int t;

		while ((t = atomic_load(&turn)) != me)
			futex_wait(&turn, t);
		atomic_store(&turn, !me);
		futex_wake(&turn);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t th[2];
	unsigned long unmaps = 0;

	rounds = argc > 1 ? strtoul(argv[1], NULL, 0) : 2000;
	pin(0);
	for (long i = 0; i < 2; i++)
		if (pthread_create(&th[i], NULL, player, (void *)i)) {
			fprintf(stderr, "tally-ipi: pthread_create failed\n");
			return 1;
		}
	while (!atomic_load(&stop)) {
		char *p = mmap(NULL, 8 * 4096, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			break;
		for (int k = 0; k < 8; k++)
			p[k * 4096] = (char)k;
		munmap(p, 8 * 4096);
		if (++unmaps >= rounds)
			atomic_store(&stop, 1);
	}
	for (int i = 0; i < 2; i++)
		pthread_join(th[i], NULL);
	printf("tally-ipi: %lu ping-pong rounds, %lu unmaps\n", rounds, unmaps);
	return 0;
}
