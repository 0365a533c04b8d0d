/* SPDX-License-Identifier: BSD-2-Clause */
/* Atomics and a ticket-free spinlock built on the A extension. */
#ifndef RISCV_ATOMIC_H
#define RISCV_ATOMIC_H

typedef struct {
	volatile long counter;
} atomic_t;

static inline long atomic_read(atomic_t *a)
{
	return __atomic_load_n(&a->counter, __ATOMIC_ACQUIRE);
}

static inline void atomic_write(atomic_t *a, long v)
{
	__atomic_store_n(&a->counter, v, __ATOMIC_RELEASE);
}

static inline long atomic_xchg(atomic_t *a, long v)
{
	return __atomic_exchange_n(&a->counter, v, __ATOMIC_ACQ_REL);
}

static inline long atomic_or(atomic_t *a, long v)
{
	return __atomic_fetch_or(&a->counter, v, __ATOMIC_ACQ_REL);
}

static inline long atomic_add_return(atomic_t *a, long v)
{
	return __atomic_add_fetch(&a->counter, v, __ATOMIC_ACQ_REL);
}

/* Returns the old value; the swap happened iff it equals @old. */
static inline long atomic_cmpxchg(atomic_t *a, long old, long new)
{
	__atomic_compare_exchange_n(&a->counter, &old, new, 0,
				    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
	return old;
}

typedef struct {
	volatile int lock;
} spinlock_t;

#define SPIN_LOCK_INIT	{ 0 }

static inline int spin_trylock(spinlock_t *l)
{
	return __atomic_exchange_n(&l->lock, 1, __ATOMIC_ACQUIRE) == 0;
}

static inline void spin_lock(spinlock_t *l)
{
	while (!spin_trylock(l))
		while (__atomic_load_n(&l->lock, __ATOMIC_RELAXED))
			;
}

static inline void spin_unlock(spinlock_t *l)
{
	__atomic_store_n(&l->lock, 0, __ATOMIC_RELEASE);
}

#endif /* RISCV_ATOMIC_H */
