/* SPDX-License-Identifier: BSD-2-Clause */
/* Starting and stopping secondary harts through SBI HSM. */
#include <payload.h>

struct hart_slot {
	hart_fn_t fn;
	void *arg;
	unsigned long runs;
};

static struct hart_slot hart_slots[PAYLOAD_MAX_HARTS];

void hart_set_entry(unsigned long hartid, hart_fn_t fn, void *arg)
{
	if (hartid < PAYLOAD_MAX_HARTS) {
		hart_slots[hartid].fn = fn;
		hart_slots[hartid].arg = arg;
		/* publish fn/arg before the hart can be started */
		smp_mb();
	}
}

struct sbiret hart_start(unsigned long hartid, hart_fn_t fn, void *arg,
			 unsigned long opaque)
{
	hart_set_entry(hartid, fn, arg);
	return sbi_hart_start(hartid, (unsigned long)payload_secondary_entry,
			      opaque);
}

unsigned long hart_run_count(unsigned long hartid)
{
	if (hartid >= PAYLOAD_MAX_HARTS)
		return 0;
	return atomic_load(&hart_slots[hartid].runs);
}

struct sbiret hart_stop_self(void)
{
	local_irq_disable();
	csr_write(CSR_SIE, 0);
	csr_write(CSR_STVEC, (unsigned long)payload_park);
	return sbi_hart_stop();
}

/* Called from crt0 on a hart started by hart_start(). */
void payload_secondary_main(unsigned long hartid, unsigned long opaque)
{
	struct hart_slot *slot = &hart_slots[hartid];
	hart_fn_t fn = READ_ONCE(slot->fn);
	struct sbiret ret;

	/* pairs with hart_set_entry(): fn and arg were published together */
	smp_mb();
	atomic_add_return(&slot->runs, 1);
	if (fn)
		fn(hartid, opaque, READ_ONCE(slot->arg));
	ret = hart_stop_self();
	csr_write(CSR_STVEC, (unsigned long)payload_trap_vector);
	test_report(0, sbi_err_name(ret.error),
		    "hart %lu: HSM hart_stop does not return", hartid);
}

long hart_wait_status(unsigned long hartid, long state,
		      unsigned long timeout_us)
{
	unsigned long end = time_now() + usec_to_ticks(timeout_us);
	struct sbiret ret;

	do {
		ret = sbi_hart_get_status(hartid);
		if (ret.error)
			return ret.error;
		if (ret.value == state)
			break;
	} while (time_now() < end);
	return ret.value;
}

int barrier_wait(struct barrier *b, int n, unsigned long timeout_us,
		 void (*idle)(void))
{
	int gen = atomic_load(&b->gen);
	unsigned long end;

	/* the last to arrive opens the next generation */
	if (atomic_add_return(&b->arrived, 1) == n) {
		atomic_store(&b->arrived, 0);
		atomic_store(&b->gen, gen + 1);
		return 1;
	}
	end = time_now() + usec_to_ticks(timeout_us);
	while (atomic_load(&b->gen) == gen) {
		if (time_now() > end)
			return 0;
		if (idle)
			idle();
	}
	return 1;
}
