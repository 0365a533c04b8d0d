/* SPDX-License-Identifier: BSD-2-Clause */
/* Harts: identity, atomics, a spinlock, starting secondary harts. */
#ifndef PAYLOAD_SMP_H
#define PAYLOAD_SMP_H

#include <payload/config.h>
#include <payload/sbi.h>

static inline unsigned long current_hartid(void)
{
	unsigned long id;

	asm volatile("mv %0, tp" : "=r"(id));
	return id;
}

#define READ_ONCE(x)		(*(const volatile typeof(x) *)&(x))
#define WRITE_ONCE(x, v)	(*(volatile typeof(x) *)&(x) = (v))

#define atomic_load(p)		__atomic_load_n(p, __ATOMIC_ACQUIRE)
#define atomic_store(p, v)	__atomic_store_n(p, v, __ATOMIC_RELEASE)
#define atomic_add_return(p, v)	__atomic_add_fetch(p, v, __ATOMIC_SEQ_CST)
#define atomic_fetch_or(p, v)	__atomic_fetch_or(p, v, __ATOMIC_SEQ_CST)
#define atomic_xchg(p, v)	__atomic_exchange_n(p, v, __ATOMIC_SEQ_CST)
/* Full fence: orders plain accesses against another hart's. */
#define smp_mb()		__atomic_thread_fence(__ATOMIC_SEQ_CST)

typedef struct {
	int locked;
} spinlock_t;

#define SPINLOCK_INIT		{ 0 }

static inline void spin_lock(spinlock_t *lock)
{
	while (__atomic_exchange_n(&lock->locked, 1, __ATOMIC_ACQUIRE))
		while (READ_ONCE(lock->locked))
			;
}

static inline void spin_unlock(spinlock_t *lock)
{
	__atomic_store_n(&lock->locked, 0, __ATOMIC_RELEASE);
}

/*
 * A barrier for @n harts, reusable round after round. barrier_wait()
 * returns non-zero once all @n arrived, 0 if @timeout_us passed first
 * (the barrier is then unusable). A waiting hart calls @idle between
 * looks (NULL: it spins), e.g. to sleep so that a QEMU running the harts
 * in turn (-icount) moves on to the others.
 */
struct barrier {
	int arrived;
	int gen;
};

int barrier_wait(struct barrier *b, int n, unsigned long timeout_us,
		 void (*idle)(void));

/*
 * Secondary hart body: runs in S-mode on its own stack with stvec set and
 * interrupts off. When it returns the hart stops itself (HSM hart_stop).
 */
typedef void (*hart_fn_t)(unsigned long hartid, unsigned long opaque,
			  void *arg);

/* The entry point handed to HSM hart_start (crt0.S). */
void payload_secondary_entry(void);
/* A wfi loop; also the stvec of a hart that stops. */
void payload_park(void);

/* What a secondary hart found in a0/a1/satp/sstatus on entry. */
struct hart_entry_regs {
	unsigned long a0;
	unsigned long a1;
	unsigned long satp;
	unsigned long sstatus;
};
extern struct hart_entry_regs payload_entry_regs[PAYLOAD_MAX_HARTS];

/*
 * HSM-start @hartid at payload_secondary_entry with @opaque in a1; it
 * calls fn(hartid, opaque, arg). Returns the hart_start sbiret.
 */
struct sbiret hart_start(unsigned long hartid, hart_fn_t fn, void *arg,
			 unsigned long opaque);

/*
 * Set what the next entry of @hartid at payload_secondary_entry runs,
 * e.g. before a non-retentive HSM suspend that resumes there.
 */
void hart_set_entry(unsigned long hartid, hart_fn_t fn, void *arg);

/*
 * Stop the calling hart (interrupts off, stvec parked); returns only if
 * hart_stop failed, with its sbiret.
 */
struct sbiret hart_stop_self(void);

/* Times a hart has entered fn via hart_start() (the entry is counted). */
unsigned long hart_run_count(unsigned long hartid);

/*
 * Poll HSM get_status of @hartid until it equals @state or @timeout_us
 * passes. Returns the last status (or the error, if negative).
 */
long hart_wait_status(unsigned long hartid, long state,
		      unsigned long timeout_us);

#endif /* PAYLOAD_SMP_H */
