/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Part 5, SSE: the paths the Linux SSE client (linux/patches/0030-0034)
 * uses, driven the way a buggy or hostile supervisor could.
 *
 *  1. races: every hart at once registers, unregisters, enables and
 *     disables the global software event and writes its PREFERRED_HART;
 *     every answer must fit some serialisation of the calls of a round,
 *     and STATUS the sum of the successful transitions;
 *  2. a handler that never completes: the firmware keeps answering, the
 *     RUNNING event is not entered again, higher-priority events still
 *     nest, and HSM stop/start recovers the hart;
 *  3. the PMU overflow event nesting in the software event's handler, and
 *     the software event injected in the PMU handler waiting for it, with
 *     every interrupted context intact;
 *  4. hotplug during delivery: a hart that stops inside a handler, or with
 *     an event pending while masked, comes back clean, and an inject to a
 *     stopped hart's local event is refused.
 */
#include "hostile.h"

#define EV_SW		SBI_SSE_EVENT_LOCAL_SOFTWARE
#define EV_GLOBAL	SBI_SSE_EVENT_GLOBAL_SOFTWARE
#define EV_PMU		SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW
#define NATTR		SBI_SSE_NR_ATTRS
#define INJ		SBI_SSE_STATUS_INJECT
#define PEND		SBI_SSE_STATUS_PENDING
#define STACK_SIZE	4096
#define SPIN_US		1000000UL	/* a loop waits for an event this long */
#define PMU_PERIOD	2000		/* S-mode instructions to the overflow */
#define PRIO_GLOBAL	1
#define PRIO_PMU	5
#define PRIO_SW		10

/* ---- handlers in C (payload_sse_entry) ---- */

/* What a handler saw; f first: the frame is the ENTRY_ARG. */
struct ev_rec {
	struct sse_frame f;
	uint32_t id;
	volatile unsigned long count;
	unsigned long order, hartid;
	unsigned long attr[NATTR];	/* its own, read at entry */
	long attr_err;
	uint32_t watch;			/* this event's STATUS at entry ... */
	unsigned long watch_status;	/* ... goes here */
	uint32_t inject;		/* inject this to the hart, then: */
	long inject_err;
	unsigned long inject_count;	/* its count right after */
	unsigned long inject_status;	/* its STATUS right after */
	struct sse_spin *spin;		/* run this loop (PMU start first) */
	unsigned long pmu_before, pmu_after, sepc_after;
	long stop_err;			/* hart_stop from the handler failed */
};

enum { R_SW, R_PMU, R_GLOBAL, NR_RECS };

static struct ev_rec recs[PAYLOAD_MAX_HARTS][NR_RECS];
static uint8_t stacks[PAYLOAD_MAX_HARTS][NR_RECS][STACK_SIZE]
	__attribute__((aligned(16)));
static unsigned long seq;
static long pmu_ctr[PAYLOAD_MAX_HARTS];
static bool icount;
static const char *no_pmu;	/* why the PMU overflow event is not used */

/* Let the other harts run: under -icount QEMU runs them in turn. */
static void sse_idle(void)
{
	if (icount)
		nap(20);
	else
		cpu_relax();
}

/* Wait until @cond holds or TIMEOUT_US passed; its last value. */
#define WAIT_UNTIL(cond)						\
	({								\
		unsigned long __end = time_now() + usec_to_ticks(TIMEOUT_US); \
		bool __ok;						\
									\
		while (!(__ok = (cond)) && time_now() < __end)		\
			sse_idle();					\
		__ok;							\
	})

static struct ev_rec *rec_of(unsigned long h, uint32_t id)
{
	return &recs[h][id == EV_SW ? R_SW : id == EV_PMU ? R_PMU : R_GLOBAL];
}

static void rec_record(struct ev_rec *r, unsigned long hartid)
{
	r->order = atomic_add_return(&seq, 1);
	r->hartid = hartid;
	r->attr_err = sbi_sse_read_attrs(r->id, 0, NATTR, r->attr).error;
	if (r->watch)
		r->watch_status = sbi_sse_attr(r->watch, SBI_SSE_ATTR_STATUS);
}

/* Record, then inject / stop the PMU counter / spin as the record says. */
static void h_record(struct sse_frame *f, unsigned long hartid)
{
	struct ev_rec *r = (struct ev_rec *)f;

	rec_record(r, hartid);
	if (r->id == EV_PMU && pmu_ctr[hartid] >= 0)
		sbi_pmu_counter_stop(pmu_ctr[hartid], 1, 0);
	if (r->inject) {
		r->inject_err = sbi_sse_inject(r->inject, hartid).error;
		r->inject_count = rec_of(hartid, r->inject)->count;
		r->inject_status = sbi_sse_attr(r->inject, SBI_SSE_ATTR_STATUS);
	}
	if (r->spin) {
		r->pmu_before = recs[hartid][R_PMU].count;
		hostile_sse_spin(r->spin);
		r->pmu_after = recs[hartid][R_PMU].count;
		r->sepc_after = csr_read(CSR_SEPC);
	}
	/* counted last: a loop waiting on it sees the handler done */
	atomic_add_return(&r->count, 1);
}

/* Record, inject, then stop the hart from inside the handler. */
static void h_stop(struct sse_frame *f, unsigned long hartid)
{
	struct ev_rec *r = (struct ev_rec *)f;

	h_record(f, hartid);
	r->stop_err = hart_stop_self().error;
}

static struct ev_rec *rec_init(unsigned long h, uint32_t id,
			       void (*fn)(struct sse_frame *, unsigned long))
{
	struct ev_rec *r = rec_of(h, id);

	memset(r, 0, sizeof(*r));
	r->id = id;
	r->f.fn = fn;
	r->f.stack_top = (unsigned long)stacks[h][r - recs[h]] + STACK_SIZE;
	return r;
}

/* Register @r's event with its handler at @prio and enable it. */
static struct sbiret ev_setup(struct ev_rec *r, unsigned long prio)
{
	struct sbiret ret;

	ret = sbi_sse_register(r->id, (unsigned long)payload_sse_entry,
			       (unsigned long)&r->f);
	if (!ret.error)
		ret = sbi_sse_write_attrs(r->id, SBI_SSE_ATTR_PRIO, 1, &prio);
	if (!ret.error)
		ret = sbi_sse_enable(r->id);
	return ret;
}

/* Back to UNUSED with the reset PRIO; true if it got there. */
static bool ev_release(uint32_t id)
{
	unsigned long zero = 0;

	if (sbi_sse_state(id) == SBI_SSE_STATE_ENABLED)
		sbi_sse_disable(id);
	sbi_sse_unregister(id);
	sbi_sse_write_attrs(id, SBI_SSE_ATTR_PRIO, 1, &zero);
	return sbi_sse_attr(id, SBI_SSE_ATTR_STATUS) == INJ;
}

static unsigned long status_of(uint32_t id)
{
	return sbi_sse_attr(id, SBI_SSE_ATTR_STATUS);
}

/* ---- the PMU counter whose overflow is the PMU event ---- */

/* An hpmcounter counting S-mode instructions on this hart, or -1. */
static long pmu_counter(void)
{
	struct sbiret ret;

	ret = sbi_pmu_counter_cfg_match(0, env.hpm, PMU_CFG_SET_MINH,
					EV_HW(PMU_HW_INSTRUCTIONS), 0);
	return ret.error ? -1 : ret.value;
}

/* The loop of @s starts the hart's counter PMU_PERIOD before its top. */
static void spin_arm(struct sse_spin *s, unsigned long h, struct rng *r,
		     const volatile unsigned long *flag)
{
	unsigned long n, w = (env.info[pmu_ctr[h]] >> 12) & 63;
	unsigned long top = w == 63 ? ~0UL : (1UL << (w + 1)) - 1;

	memset(s, 0, sizeof(*s));
	s->start[0] = pmu_ctr[h];
	s->start[1] = 1;
	s->start[2] = PMU_START_SET_INIT_VALUE;
	s->start[3] = top - PMU_PERIOD;
	s->start[6] = SBI_EXT_PMU_COUNTER_START;
	s->start[7] = SBI_EXT_PMU;
	for (n = 1; n < 32; n++)
		s->in[n] = rng_next(r);
	s->flag = flag;
	s->until = time_now() + usec_to_ticks(SPIN_US);
}

/* Registers the loop loads from in[] (not sp, gp, tp, s0, s1, t0). */
static bool spin_reg(unsigned int n)
{
	return n != 2 && n != 3 && n != 4 && n != 5 && n != 8 && n != 9;
}

/* Pattern registers of @s that differ between @a and in[]: a mask. */
static unsigned long spin_diff(const struct sse_spin *s,
			       const unsigned long *a, unsigned long skip)
{
	unsigned long n, bad = 0;

	for (n = 1; n < 32; n++)
		if (spin_reg(n) && !(skip & BIT(n)) && a[n] != s->in[n])
			bad |= BIT(n);
	return bad;
}

static bool in_spin_loop(unsigned long pc)
{
	return pc >= (unsigned long)hostile_sse_spin_loop &&
	       pc < (unsigned long)hostile_sse_spin_end;
}

/* ---- 1. registration races on the global event ---- */

enum { OP_REG, OP_UNREG, OP_ENABLE, OP_DISABLE, OP_PREF, OP_READ, NR_OPS };

static const char *const op_names[] = { "register", "unregister", "enable",
					"disable", "PREFERRED_HART", "read" };

#define RACE_OPS	2	/* calls per hart and round */

struct race_op {
	unsigned int op;
	unsigned long arg;	/* PREFERRED_HART written */
	long err;
	unsigned long status, pref;	/* what a read returned */
};

/* The global event as the serialisation check models it. */
struct race_state {
	unsigned int st;
	unsigned long pref;
};

static struct race_op race[PAYLOAD_MAX_HARTS][RACE_OPS];
static unsigned long race_harts;	/* who takes part */
static unsigned int race_nops;		/* calls per hart this round */
static unsigned int race_same;		/* this round: everyone the same op */
static struct barrier race_bar;
static volatile int race_stop;
static struct ev_rec race_rec;
static uint8_t race_stack[STACK_SIZE] __attribute__((aligned(16)));

/* One of the harts taking part, at random. */
static unsigned long random_hart(struct rng *r)
{
	unsigned long h, k = rng_below(r, bit_count(race_harts));

	for_each_hart(h, race_harts)
		if (!k--)
			return h;
	return 0;
}

static void race_call(unsigned long h, struct race_op *o)
{
	unsigned long v[4];
	struct sbiret ret;

	switch (o->op) {
	case OP_REG:
		ret = sbi_sse_register(EV_GLOBAL,
				       (unsigned long)payload_sse_entry,
				       (unsigned long)&race_rec.f);
		break;
	case OP_UNREG:
		ret = sbi_sse_unregister(EV_GLOBAL);
		break;
	case OP_ENABLE:
		ret = sbi_sse_enable(EV_GLOBAL);
		break;
	case OP_DISABLE:
		ret = sbi_sse_disable(EV_GLOBAL);
		break;
	case OP_PREF:
		ret = sbi_sse_write_attrs(EV_GLOBAL,
					  SBI_SSE_ATTR_PREFERRED_HART, 1,
					  &o->arg);
		break;
	default:
		/* STATUS .. PREFERRED_HART in one call: one consistent view */
		ret = sbi_sse_read_attrs(EV_GLOBAL, 0, 4, v);
		o->status = v[SBI_SSE_ATTR_STATUS];
		o->pref = v[SBI_SSE_ATTR_PREFERRED_HART];
		break;
	}
	o->err = ret.error;
}

static void race_round(unsigned long h, struct rng *r)
{
	unsigned int i;

	for (i = 0; i < race_nops; i++) {
		struct race_op *o = &race[h][i];

		o->op = race_same < NR_OPS ? race_same : rng_below(r, NR_OPS);
		o->arg = random_hart(r);
		o->status = o->pref = ~0UL;
		race_call(h, o);
	}
}

/* Apply @o to @s as the SBI v3.0 state machine says; false: @o says no. */
static bool race_apply(const struct race_op *o, struct race_state *s)
{
	unsigned int from = SBI_SSE_STATE_UNUSED, to = 0;
	long want = SBI_SUCCESS;

	switch (o->op) {
	case OP_REG:
		to = SBI_SSE_STATE_REGISTERED;
		break;
	case OP_UNREG:
		from = SBI_SSE_STATE_REGISTERED;
		to = SBI_SSE_STATE_UNUSED;
		break;
	case OP_ENABLE:
		from = SBI_SSE_STATE_REGISTERED;
		to = SBI_SSE_STATE_ENABLED;
		break;
	case OP_DISABLE:
		from = SBI_SSE_STATE_ENABLED;
		to = SBI_SSE_STATE_REGISTERED;
		break;
	case OP_PREF:
		/* writable while UNUSED or REGISTERED */
		if (s->st >= SBI_SSE_STATE_ENABLED)
			return o->err == SBI_ERR_INVALID_STATE;
		if (o->err)
			return false;
		s->pref = o->arg;
		return true;
	default:
		return !o->err && o->status == (s->st | INJ) &&
		       o->pref == s->pref;
	}
	if (s->st != from)
		want = SBI_ERR_INVALID_STATE;
	else
		s->st = to;
	return o->err == want;
}

/*
 * Every order of the round's calls that keeps each hart's own order: which
 * end states can one that explains every answer reach? A bit per
 * (state, hart) in @ends.
 */
struct race_search {
	unsigned int next[PAYLOAD_MAX_HARTS];
	uint64_t ends[3];
	unsigned long nodes;
};

static void race_dfs(struct race_search *q, struct race_state s)
{
	unsigned long h;
	bool last = true;

	if (++q->nodes > 4000000)
		return;
	for_each_hart(h, race_harts) {
		struct race_state t = s;

		if (q->next[h] == race_nops)
			continue;
		last = false;
		if (!race_apply(&race[h][q->next[h]], &t))
			continue;
		q->next[h]++;
		race_dfs(q, t);
		q->next[h]--;
	}
	if (last && s.st < 3 && s.pref < 64)
		q->ends[s.st] |= 1ULL << s.pref;
}

struct race_total {
	unsigned long rounds, bad_rounds, same_rounds, same_bad;
	unsigned long ok[NR_OPS];
	struct race_state model;
};

static struct race_total rt;

static void race_report_round(unsigned long round, const struct race_state *s,
			      unsigned long status, unsigned long pref)
{
	unsigned long h;
	unsigned int i;

	test_diag("sse race: round %lu from state %u pref %lu ends as STATUS 0x%lx pref %lu, no serialisation explains:",
		  round, s->st, s->pref, status, pref);
	for_each_hart(h, race_harts)
		for (i = 0; i < race_nops; i++)
			test_diag("  hart %lu: %s(%lu) -> %ld (read 0x%lx/%lu)",
				  h, op_names[race[h][i].op], race[h][i].arg,
				  race[h][i].err, race[h][i].status,
				  race[h][i].pref);
}

/* The boot hart, between rounds: check the round that just ended. */
static void race_check(unsigned long round)
{
	static struct race_search q;
	unsigned long v[4] = { ~0UL, ~0UL, ~0UL, ~0UL }, h, wins = 0;
	unsigned long st, pref;
	unsigned int i;
	bool ok;

	memset(&q, 0, sizeof(q));
	race_dfs(&q, rt.model);
	sbi_sse_read_attrs(EV_GLOBAL, 0, 4, v);
	st = v[SBI_SSE_ATTR_STATUS];
	pref = v[SBI_SSE_ATTR_PREFERRED_HART];
	ok = (st & ~3UL) == INJ && (st & 3) < 3 && pref < 64 &&
	     (q.ends[st & 3] >> pref) & 1;
	for_each_hart(h, race_harts)
		for (i = 0; i < race_nops; i++)
			if (!race[h][i].err) {
				rt.ok[race[h][i].op]++;
				wins++;
			}
	if (race_same < OP_PREF) {
		/* N at once from the one state they fit: exactly one wins */
		rt.same_rounds++;
		if (wins != 1 && !rt.same_bad++)
			test_diag("sse race: round %lu: %lu of %d concurrent %s calls succeeded",
				  round, wins, bit_count(race_harts),
				  op_names[race_same]);
	}
	rt.rounds++;
	if (!ok && !rt.bad_rounds++)
		race_report_round(round, &rt.model, st, pref);
	rt.model.st = st & 3;
	rt.model.pref = pref;
}

/* The next round's plan, published by the boot hart before the barrier. */
static void race_plan(unsigned long round, struct rng *r)
{
	static const unsigned int fits[] = { OP_REG, OP_ENABLE, OP_DISABLE };

	race_same = NR_OPS;
	race_nops = bit_count(race_harts) > 4 ? 1 : RACE_OPS;
	if (round % 3 == 0 && rt.model.st < ARRAY_SIZE(fits)) {
		race_same = fits[rt.model.st];
		if (rt.model.st == SBI_SSE_STATE_REGISTERED && rng_pct(r, 40))
			race_same = rng_pct(r, 50) ? OP_UNREG : OP_PREF;
		race_nops = 1;
	}
}

static void race_loop(unsigned long h, unsigned long rounds)
{
	unsigned long self = platform.boot_hartid, round;
	int n = bit_count(race_harts);
	struct rng r;

	rng_seed(&r, env.seed ^ 0x55e0 ^ (h << 40));
	for (round = 0; round < rounds && !race_stop; round++) {
		if (h == self)
			race_plan(round, &r);
		if (!barrier_wait(&race_bar, n, TIMEOUT_US, sse_idle))
			break;
		race_round(h, &r);
		if (!barrier_wait(&race_bar, n, TIMEOUT_US, sse_idle))
			break;
		if (h == self)
			race_check(round);
	}
	if (round < rounds && !race_stop) {
		race_stop = 1;
		test_report(0, NULL, "sse race: hart %lu: a barrier timed out in round %lu (a call hung?)",
			    h, round);
	}
}

static void race_worker(unsigned long h, unsigned long rounds, void *arg)
{
	race_loop(h, rounds);
}

static void test_race(void)
{
	unsigned long self = platform.boot_hartid, h, st, regs, en;
	unsigned long rounds = payload_arg_ulong("hostile.sse-rounds", 300);

	/* at most 8: the serialisation search grows with n! */
	race_harts = 0;
	for_each_hart(h, platform.hart_mask)
		if (bit_count(race_harts) < 8)
			race_harts |= BIT(h);
	race_harts |= BIT(self);
	if (bit_count(race_harts) > 8)
		race_harts &= ~BIT(bit_highest(race_harts));
	memset(&rt, 0, sizeof(rt));
	race_rec.id = EV_GLOBAL;
	race_rec.f.fn = h_record;
	race_rec.f.stack_top = (unsigned long)race_stack + STACK_SIZE;
	rt.model.pref = sbi_sse_attr(EV_GLOBAL, SBI_SSE_ATTR_PREFERRED_HART);
	if (!TEST_EQ(status_of(EV_GLOBAL), INJ,
		     "sse race: the global event starts UNUSED"))
		return;
	for_each_hart(h, race_harts) {
		if (h == self)
			continue;
		if (!TEST_SBI_OK(hart_start(h, race_worker, NULL, rounds),
				 "sse race: start hart %lu", h)) {
			race_stop = 1;	/* the started ones leave */
			return;
		}
	}
	race_loop(self, rounds);
	for_each_hart(h, race_harts)
		if (h != self)
			WAIT_UNTIL(sbi_hart_get_status(h).value ==
				   SBI_HSM_STATE_STOPPED);
	test_diag("sse race: %lu rounds on %d harts, successes: register %lu, unregister %lu, enable %lu, disable %lu, PREFERRED_HART %lu, read %lu",
		  rt.rounds, bit_count(race_harts), rt.ok[OP_REG],
		  rt.ok[OP_UNREG], rt.ok[OP_ENABLE], rt.ok[OP_DISABLE],
		  rt.ok[OP_PREF], rt.ok[OP_READ]);
	TEST_EQ(rt.rounds, rounds, "sse race: all %lu rounds ran, nothing hung",
		rounds);
	TEST_EQ(rt.bad_rounds, 0,
		"sse race: every answer of %lu rounds fits a serialisation of the round's calls (rounds that do not)",
		rt.rounds);
	TEST_EQ(rt.same_bad, 0,
		"sse race: %lu rounds of N concurrent register/enable/disable/unregister from the one state they fit: exactly one succeeds (rounds that differ)",
		rt.same_rounds);
	st = status_of(EV_GLOBAL);
	regs = rt.ok[OP_REG] - rt.ok[OP_UNREG];
	en = rt.ok[OP_ENABLE] - rt.ok[OP_DISABLE];
	test_report(regs == ((st & 3) >= SBI_SSE_STATE_REGISTERED) &&
			    en == ((st & 3) == SBI_SSE_STATE_ENABLED) &&
			    (st & ~3UL) == INJ,
		    NULL,
		    "sse race: STATUS 0x%lx agrees with the successful calls (%lu registers - unregisters, %lu enables - disables)",
		    st, regs, en);
	TEST_ASSERT(ev_release(EV_GLOBAL), "sse race: the global event released");
}

/* ---- 3. nesting with the PMU overflow event ---- */

/* INTERRUPTED_FLAGS of a context with sstatus @sst (no H, Zicfilp, SDT) */
static unsigned long self_flags(unsigned long sst)
{
	return (sst & SSTATUS_SPP ? SBI_SSE_FLAG_SPP : 0) |
	       (sst & SSTATUS_SPIE ? SBI_SSE_FLAG_SPIE : 0);
}

/* An outer S-mode state: sepc and sstatus SPP/SPIE/SIE. */
struct outer {
	unsigned long sepc, sstatus;
};

static const struct outer outers[] = {
	{ 0x80a5a5a0UL, SSTATUS_SPP },
	{ 0x80c3c3c4UL, SSTATUS_SIE | SSTATUS_SPIE },
};

static void outer_set(const struct outer *o)
{
	csr_clear(CSR_SSTATUS, SSTATUS_SPP | SSTATUS_SPIE | SSTATUS_SIE);
	csr_set(CSR_SSTATUS, o->sstatus & (SSTATUS_SPP | SSTATUS_SPIE));
	csr_write(CSR_SEPC, o->sepc);
	/* SIE last: sie is 0, so nothing can be taken */
	csr_set(CSR_SSTATUS, o->sstatus & SSTATUS_SIE);
}

/* sepc and sstatus SPP/SPIE/SIE now, then S-mode interrupts off. */
static struct outer outer_get(void)
{
	struct outer o;

	o.sstatus = csr_read(CSR_SSTATUS) &
		    (SSTATUS_SPP | SSTATUS_SPIE | SSTATUS_SIE);
	o.sepc = csr_read(CSR_SEPC);
	local_irq_disable();
	return o;
}

static bool outer_same(const struct outer *a, const struct outer *b)
{
	return a->sepc == b->sepc && a->sstatus == b->sstatus;
}

static struct sse_spin spin;
static struct hostile_regs hr;

/*
 * The software event's handler spins with the PMU counter about to wrap:
 * the overflow enters the PMU handler inside it, which completes back.
 */
static void nest_forward(unsigned long v, struct rng *rng)
{
	unsigned long h = current_hartid(), n, bad, ret_pc, flags;
	const struct outer *o = &outers[v];
	struct ev_rec *sw = rec_init(h, EV_SW, h_record);
	struct ev_rec *pmu = rec_init(h, EV_PMU, h_record);
	unsigned long lcof = trap_irq_count(IRQ_LCOF);
	unsigned long *pa = pmu->attr, *sa = sw->attr;
	struct outer after;

	sw->watch = EV_PMU;
	pmu->watch = EV_SW;
	sw->spin = &spin;
	spin_arm(&spin, h, rng, &pmu->count);
	if (!TEST_SBI_OK(ev_setup(sw, PRIO_SW),
			 "sse nest %lu: software event PRIO %d", v, PRIO_SW) ||
	    !TEST_SBI_OK(ev_setup(pmu, PRIO_PMU),
			 "sse nest %lu: PMU event PRIO %d", v, PRIO_PMU))
		goto out;
	for (n = 1; n < 32; n++)
		hr.in[n] = rng_next(rng);
	hr.in[1] = (unsigned long)hostile_ecall_pc + 4;
	hr.in[10] = EV_SW;
	hr.in[11] = h;
	hr.in[16] = SBI_EXT_SSE_INJECT;
	hr.in[17] = SBI_EXT_SSE;
	ret_pc = (unsigned long)hostile_ecall_pc + 4;
	outer_set(o);
	hostile_ecall(&hr);
	after = outer_get();

	TEST_EQ(sw->count, 1, "sse nest %lu: the software event ran once", v);
	TEST_EQ(pmu->count, 1, "sse nest %lu: the PMU event ran once", v);
	TEST_ASSERT(sw->order < pmu->order && sw->pmu_before == 0 &&
			    sw->pmu_after == 1,
		    "sse nest %lu: the overflow entered the PMU handler inside the software handler, which went on after it",
		    v);
	TEST_EQ(pmu->watch_status, SBI_SSE_STATE_RUNNING | INJ,
		"sse nest %lu: the software event was RUNNING under the PMU handler",
		v);
	TEST_EQ(sw->watch_status, SBI_SSE_STATE_ENABLED | INJ,
		"sse nest %lu: the PMU event was ENABLED, not pending, when the software handler began",
		v);
	TEST_ASSERT(in_spin_loop(pmu->f.sepc),
		    "sse nest %lu: the PMU handler's sepc 0x%lx is in the software handler's loop",
		    v, pmu->f.sepc);
	/* in the software handler SPP = S and SPIE = the outer SIE */
	flags = SBI_SSE_FLAG_SPP |
		(o->sstatus & SSTATUS_SIE ? SBI_SSE_FLAG_SPIE : 0);
	test_report(!pmu->attr_err &&
			    pa[SBI_SSE_ATTR_INTERRUPTED_SEPC] == ret_pc &&
			    pa[SBI_SSE_ATTR_INTERRUPTED_FLAGS] == flags &&
			    pa[SBI_SSE_ATTR_INTERRUPTED_A6] == spin.in[16] &&
			    pa[SBI_SSE_ATTR_INTERRUPTED_A7] == spin.in[17],
		    NULL,
		    "sse nest %lu: the PMU handler's INTERRUPTED_* are the software handler's (sepc 0x%lx, flags 0x%lx, a6/a7 as in its loop)",
		    v, pa[SBI_SSE_ATTR_INTERRUPTED_SEPC],
		    pa[SBI_SSE_ATTR_INTERRUPTED_FLAGS]);
	bad = spin_diff(&spin, pmu->f.regs, BIT(16) | BIT(17));
	TEST_EQ(bad, 0,
		"sse nest %lu: the PMU handler entered with the software handler's registers (mask of differing x-registers)",
		v);
	TEST_EQ(pmu->f.regs[16], h, "sse nest %lu: PMU handler a6 = hartid", v);
	TEST_EQ(pmu->f.sstatus & (SSTATUS_SPP | SSTATUS_SPIE | SSTATUS_SIE),
		SSTATUS_SPP,
		"sse nest %lu: PMU handler entered with SPP = S, SPIE = SIE = 0",
		v);
	bad = spin_diff(&spin, spin.out, 0);
	TEST_EQ(bad, 0,
		"sse nest %lu: the software handler's registers came back after the PMU handler (mask of changed x-registers)",
		v);
	TEST_EQ(sw->sepc_after, ret_pc,
		"sse nest %lu: the software handler's sepc came back", v);
	test_report(!sw->attr_err &&
			    sa[SBI_SSE_ATTR_INTERRUPTED_SEPC] == o->sepc &&
			    sa[SBI_SSE_ATTR_INTERRUPTED_FLAGS] ==
				    self_flags(o->sstatus) &&
			    sa[SBI_SSE_ATTR_INTERRUPTED_A6] ==
				    SBI_EXT_SSE_INJECT &&
			    sa[SBI_SSE_ATTR_INTERRUPTED_A7] == SBI_EXT_SSE &&
			    sa[SBI_SSE_ATTR_STATUS] ==
				    (SBI_SSE_STATE_RUNNING | INJ),
		    NULL,
		    "sse nest %lu: the software handler's INTERRUPTED_* are the outer context's (sepc 0x%lx, flags 0x%lx), its STATUS RUNNING",
		    v, sa[SBI_SSE_ATTR_INTERRUPTED_SEPC],
		    sa[SBI_SSE_ATTR_INTERRUPTED_FLAGS]);
	for (n = 1, bad = 0; n < 32; n++)
		if (n != 16 && n != 17 &&
		    sw->f.regs[n] != (n == 10 || n == 11 ? 0 : hr.in[n]))
			bad |= BIT(n);
	TEST_EQ(bad, 0,
		"sse nest %lu: the software handler entered with the outer registers, a0/a1 = the inject's 0/0 (mask of differing x-registers)",
		v);
	TEST_EQ(sw->f.sstatus & (SSTATUS_SPP | SSTATUS_SPIE | SSTATUS_SIE),
		SSTATUS_SPP | (o->sstatus & SSTATUS_SIE ? SSTATUS_SPIE : 0),
		"sse nest %lu: software handler entered with SPP = S, SPIE = the outer SIE, SIE = 0",
		v);
	for (n = 1, bad = 0; n < 32; n++)
		if (n != 10 && n != 11 && hr.out[n] != hr.in[n])
			bad |= BIT(n);
	TEST_EQ(bad, 0,
		"sse nest %lu: the outer context's registers are back (mask of changed x-registers)",
		v);
	TEST_ASSERT(hr.out[10] == 0 && hr.out[11] == 0,
		    "sse nest %lu: the outer inject returned 0/0 (got %ld/%ld)", v,
		    (long)hr.out[10], (long)hr.out[11]);
	test_report(outer_same(&after, o), NULL,
		    "sse nest %lu: the outer sepc 0x%lx and sstatus SPP/SPIE/SIE 0x%lx are back (got 0x%lx, 0x%lx)",
		    v, o->sepc, o->sstatus, after.sepc, after.sstatus);
	TEST_EQ(status_of(EV_SW), SBI_SSE_STATE_ENABLED | INJ,
		"sse nest %lu: software event ENABLED after complete", v);
	TEST_EQ(status_of(EV_PMU), SBI_SSE_STATE_ENABLED | INJ,
		"sse nest %lu: PMU event ENABLED after complete", v);
	TEST_EQ(trap_irq_count(IRQ_LCOF), lcof,
		"sse nest %lu: no LCOFI reached S-mode", v);
out:
	ev_release(EV_SW);
	ev_release(EV_PMU);
}

/*
 * The PMU handler injects the software event, which has a lower priority:
 * it waits for the PMU handler's complete and is then entered from the
 * context the PMU event interrupted.
 */
static void nest_reverse(unsigned long v, struct rng *rng)
{
	unsigned long h = current_hartid(), bad;
	const struct outer *o = &outers[v];
	struct ev_rec *sw = rec_init(h, EV_SW, h_record);
	struct ev_rec *pmu = rec_init(h, EV_PMU, h_record);
	struct outer after;
	unsigned long *pa = pmu->attr, *sa = sw->attr;

	sw->watch = EV_PMU;
	pmu->inject = EV_SW;
	spin_arm(&spin, h, rng, &sw->count);
	if (!TEST_SBI_OK(ev_setup(sw, PRIO_SW),
			 "sse reverse %lu: software event PRIO %d", v,
			 PRIO_SW) ||
	    !TEST_SBI_OK(ev_setup(pmu, PRIO_PMU),
			 "sse reverse %lu: PMU event PRIO %d", v, PRIO_PMU))
		goto out;
	outer_set(o);
	hostile_sse_spin(&spin);
	after = outer_get();

	TEST_EQ(spin.ret[0], SBI_SUCCESS,
		    "sse reverse %lu: counter %ld started near its top", v,
		    pmu_ctr[h]);
	TEST_EQ(pmu->count, 1, "sse reverse %lu: the PMU event ran once", v);
	TEST_EQ(sw->count, 1, "sse reverse %lu: the software event ran once",
		v);
	TEST_EQ(pmu->inject_err, SBI_SUCCESS,
		    "sse reverse %lu: inject from the PMU handler", v);
	TEST_ASSERT(pmu->inject_count == 0 &&
			    pmu->inject_status ==
				    (SBI_SSE_STATE_ENABLED | PEND | INJ),
		    "sse reverse %lu: the lower-priority software event stayed pending, not entered, in the PMU handler (count %lu, STATUS 0x%lx)",
		    v, pmu->inject_count, pmu->inject_status);
	TEST_ASSERT(pmu->order < sw->order &&
			    sw->watch_status == (SBI_SSE_STATE_ENABLED | INJ),
		    "sse reverse %lu: the software handler began after the PMU handler completed (PMU STATUS 0x%lx then)",
		    v, sw->watch_status);
	TEST_ASSERT(in_spin_loop(pmu->f.sepc) && sw->f.sepc == pmu->f.sepc,
		    "sse reverse %lu: both entered at the same pc of the interrupted loop (0x%lx, 0x%lx)",
		    v, pmu->f.sepc, sw->f.sepc);
	test_report(!pmu->attr_err && !sw->attr_err &&
			    pa[SBI_SSE_ATTR_INTERRUPTED_SEPC] == o->sepc &&
			    pa[SBI_SSE_ATTR_INTERRUPTED_FLAGS] ==
				    self_flags(o->sstatus) &&
			    pa[SBI_SSE_ATTR_INTERRUPTED_A6] == spin.in[16] &&
			    pa[SBI_SSE_ATTR_INTERRUPTED_A7] == spin.in[17] &&
			    !memcmp(&pa[SBI_SSE_ATTR_INTERRUPTED_SEPC],
				    &sa[SBI_SSE_ATTR_INTERRUPTED_SEPC],
				    4 * sizeof(long)),
		    NULL,
		    "sse reverse %lu: both handlers' INTERRUPTED_* are the loop's (sepc 0x%lx/0x%lx, flags 0x%lx/0x%lx)",
		    v, pa[SBI_SSE_ATTR_INTERRUPTED_SEPC],
		    sa[SBI_SSE_ATTR_INTERRUPTED_SEPC],
		    pa[SBI_SSE_ATTR_INTERRUPTED_FLAGS],
		    sa[SBI_SSE_ATTR_INTERRUPTED_FLAGS]);
	bad = spin_diff(&spin, sw->f.regs, BIT(16) | BIT(17));
	TEST_EQ(bad, 0,
		"sse reverse %lu: the software handler entered with the loop's registers (mask of differing x-registers)",
		v);
	bad = spin_diff(&spin, spin.out, 0);
	TEST_EQ(bad, 0,
		"sse reverse %lu: the loop's registers are back after both (mask of changed x-registers)",
		v);
	test_report(outer_same(&after, o), NULL,
		    "sse reverse %lu: sepc 0x%lx and sstatus SPP/SPIE/SIE 0x%lx are back (got 0x%lx, 0x%lx)",
		    v, o->sepc, o->sstatus, after.sepc, after.sstatus);
out:
	ev_release(EV_SW);
	ev_release(EV_PMU);
}

static void test_nest(void)
{
	unsigned long h = current_hartid();
	struct rng rng;

	if (no_pmu) {
		test_skip(no_pmu, "sse nest: the PMU overflow event");
		return;
	}
	pmu_ctr[h] = pmu_counter();
	if (!TEST_ASSERT(pmu_ctr[h] >= 0,
			 "sse nest: an hpmcounter counts S-mode instructions"))
		return;
	rng_seed(&rng, env.seed ^ 0x5e57);
	TEST_SBI_OK(sbi_sse_hart_unmask(), "sse nest: hart_unmask");
	nest_forward(0, &rng);
	nest_forward(1, &rng);
	nest_reverse(0, &rng);
	nest_reverse(1, &rng);
	sbi_sse_hart_mask();
	pmu_release_all();
}

/* ---- 2. a handler that never completes, and 4. hotplug ---- */

static unsigned long hart_x = ~0UL;
static volatile int x_ready, x_go;
static struct sse_escape esc;
static volatile int esc_fell;

/* Wait for X's or the boot hart's handshake flag to reach @v. */
static bool x_wait(volatile int *flag, int v)
{
	return WAIT_UNTIL(*flag >= v);
}

/* Start hart X with @fn, its handshake flags cleared. */
static bool x_start(hart_fn_t fn, const char *what)
{
	x_ready = x_go = 0;
	if (!TEST_SBI_OK(hart_start(hart_x, fn, NULL, 0),
			 "sse: start hart %lu (%s)", hart_x, what))
		return false;
	return true;
}

static bool x_stopped(const char *what)
{
	return TEST_ASSERT(WAIT_UNTIL(sbi_hart_get_status(hart_x).value ==
				      SBI_HSM_STATE_STOPPED),
			   "sse: hart %lu stopped %s", hart_x, what);
}

/* A stopped hart's local events take no inject. */
static void inject_stopped(const char *when)
{
	TEST_SBI_ERR(sbi_sse_inject(EV_SW, hart_x), SBI_ERR_INVALID_PARAM,
		     "sse: inject of the software event of STOPPED hart %lu (%s) is INVALID_PARAM",
		     hart_x, when);
	if (env.sscofpmf)
		TEST_SBI_ERR(sbi_sse_inject(EV_PMU, hart_x),
			     SBI_ERR_INVALID_PARAM,
			     "sse: inject of the PMU event of STOPPED hart %lu (%s) is INVALID_PARAM",
			     hart_x, when);
}

/* On a restarted hart: its local events reset, events masked. */
static void check_fresh(unsigned long h, const char *after)
{
	unsigned long a[NATTR], i, bad = 0;

	memset(a, 0xa5, sizeof(a));
	TEST_SBI_OK(sbi_sse_read_attrs(EV_SW, 0, NATTR, a),
		    "sse: hart %lu after %s: read the software event", h,
		    after);
	for (i = 0; i < NATTR; i++)
		if (a[i] != (i == SBI_SSE_ATTR_STATUS ? INJ :
			     i == SBI_SSE_ATTR_PREFERRED_HART ? h : 0))
			bad |= BIT(i);
	TEST_EQ(bad, 0,
		"sse: hart %lu after %s: the software event is UNUSED, not pending, every attribute at its reset value (mask of others)",
		h, after);
	if (env.sscofpmf)
		TEST_EQ(status_of(EV_PMU), INJ,
			"sse: hart %lu after %s: the PMU event is UNUSED", h,
			after);
	TEST_SBI_ERR(sbi_sse_hart_mask(), SBI_ERR_ALREADY_STOPPED,
		     "sse: hart %lu after %s: events masked", h, after);
}

/* Hart X: the local software event's handler never completes. */
static void never_body(unsigned long h, unsigned long opaque, void *arg)
{
	static struct sbiret spec;
	struct ev_rec *g = rec_init(h, EV_GLOBAL, h_record);
	struct ev_rec *pmu = rec_init(h, EV_PMU, h_record);
	unsigned long prio = PRIO_SW;
	struct rng rng;

	memset(&esc, 0, sizeof(esc));
	esc_fell = 0;
	spec = sbi_get_spec_version();
	if (!TEST_SBI_OK(sbi_sse_register(EV_SW,
					  (unsigned long)hostile_sse_escape,
					  (unsigned long)&esc),
			 "sse never: hart %lu registers the escaping handler",
			 h))
		return;
	sbi_sse_write_attrs(EV_SW, SBI_SSE_ATTR_PRIO, 1, &prio);
	sbi_sse_enable(EV_SW);
	sbi_sse_hart_unmask();
	if (!sse_escape_arm(&esc)) {
		sbi_sse_inject(EV_SW, h);
		esc_fell = 1;
	}
	if (!TEST_ASSERT(!esc_fell && esc.entered == 1 && esc.hartid == h &&
				 (esc.entry_sstatus &
				  (SSTATUS_SPP | SSTATUS_SIE)) == SSTATUS_SPP,
			 "sse never: the handler was entered (a6 = hartid, SPP = S, SIE = 0) and left without complete"))
		return;
	TEST_EQ(status_of(EV_SW), SBI_SSE_STATE_RUNNING | INJ,
		"sse never: STATUS reads RUNNING");
	TEST_ASSERT(!sbi_get_spec_version().error &&
			    sbi_get_spec_version().value == spec.value &&
			    sbi_probe_extension(SBI_EXT_SSE).value &&
			    sbi_hart_get_status(h).value ==
				    SBI_HSM_STATE_STARTED &&
			    !sbi_pmu_num_counters().error,
		    "sse never: the firmware still answers BASE, HSM and PMU calls");
	TEST_EQ(sbi_sse_attr(EV_SW, SBI_SSE_ATTR_INTERRUPTED_A6),
		SBI_EXT_SSE_INJECT, "sse never: its INTERRUPTED_A6 reads back");
	TEST_SBI_ERR(sbi_sse_disable(EV_SW), SBI_ERR_INVALID_STATE,
		     "sse never: disable of the RUNNING event");
	TEST_SBI_ERR(sbi_sse_unregister(EV_SW), SBI_ERR_INVALID_STATE,
		     "sse never: unregister of the RUNNING event");
	TEST_SBI_OK(sbi_sse_inject(EV_SW, h), "sse never: inject it again");
	TEST_EQ(esc.entered, 1, "sse never: the RUNNING event is not entered again");
	TEST_EQ(status_of(EV_SW), SBI_SSE_STATE_RUNNING | PEND | INJ,
		"sse never: it is RUNNING and pending");

	/* a higher-priority event nests over it and completes back here */
	g->watch = EV_SW;
	sbi_sse_write_attrs(EV_GLOBAL, SBI_SSE_ATTR_PREFERRED_HART, 1, &h);
	TEST_SBI_OK(ev_setup(g, PRIO_GLOBAL),
		    "sse never: global event PRIO %d on hart %lu", PRIO_GLOBAL,
		    h);
	TEST_SBI_OK(sbi_sse_inject(EV_GLOBAL, h), "sse never: inject global");
	TEST_ASSERT(g->count == 1 && g->hartid == h &&
			    g->watch_status ==
				    (SBI_SSE_STATE_RUNNING | PEND | INJ),
		    "sse never: the global event (PRIO %d) ran over the RUNNING one (count %lu, its STATUS 0x%lx)",
		    PRIO_GLOBAL, g->count, g->watch_status);
	TEST_EQ(status_of(EV_GLOBAL), SBI_SSE_STATE_ENABLED | INJ,
		"sse never: the global event completed back to ENABLED");
	if (!no_pmu && (pmu_ctr[h] = pmu_counter()) >= 0) {
		rng_seed(&rng, env.seed ^ 0x4e7e5);
		spin_arm(&spin, h, &rng, &pmu->count);
		TEST_SBI_OK(ev_setup(pmu, PRIO_PMU),
			    "sse never: PMU event PRIO %d", PRIO_PMU);
		hostile_sse_spin(&spin);
		TEST_ASSERT(pmu->count == 1 && in_spin_loop(pmu->f.sepc) &&
				    !spin_diff(&spin, spin.out, 0),
			    "sse never: a counter overflow ran the PMU handler over it and came back intact (count %lu, counter %ld start error %ld)",
			    pmu->count, pmu_ctr[h], (long)spin.ret[0]);
		ev_release(EV_PMU);
		pmu_release_all();
	} else {
		test_skip(no_pmu ? no_pmu : "no counter",
			  "sse never: the PMU event over it");
	}
	TEST_EQ(esc.entered, 1,
		"sse never: completing the events above it did not enter it");
	TEST_SBI_OK(sbi_sse_hart_mask(), "sse never: hart_mask");
	TEST_SBI_ERR(sbi_sse_hart_mask(), SBI_ERR_ALREADY_STOPPED,
		     "sse never: hart_mask twice");
	TEST_SBI_OK(sbi_sse_hart_unmask(), "sse never: hart_unmask");
	TEST_SBI_ERR(sbi_sse_hart_unmask(), SBI_ERR_ALREADY_STARTED,
		     "sse never: hart_unmask twice");
	TEST_EQ(esc.entered, 1, "sse never: unmask did not enter it either");
	TEST_EQ(status_of(EV_SW), SBI_SSE_STATE_RUNNING | PEND | INJ,
		"sse never: still RUNNING and pending");
	TEST_ASSERT(ev_release(EV_GLOBAL), "sse never: global event released");
	/* returning stops the hart with the event RUNNING */
}

/* Hart X, restarted: nothing of its old events is left; they work. */
static void fresh_body(unsigned long h, unsigned long opaque, void *arg)
{
	struct ev_rec *sw = rec_init(h, EV_SW, h_record);

	check_fresh(h, "the stop in a handler that never completed");
	TEST_SBI_OK(ev_setup(sw, PRIO_SW),
		    "sse never: hart %lu registers and enables it again", h);
	TEST_SBI_OK(sbi_sse_hart_unmask(), "sse never: hart_unmask");
	TEST_EQ(sw->count, 0, "sse never: nothing old was delivered");
	TEST_SBI_OK(sbi_sse_inject(EV_SW, h), "sse never: inject");
	TEST_ASSERT(sw->count == 1 && sw->attr[SBI_SSE_ATTR_INTERRUPTED_A6] ==
					      SBI_EXT_SSE_INJECT,
		    "sse never: delivered and completed once (count %lu)",
		    sw->count);
	TEST_EQ(status_of(EV_SW), SBI_SSE_STATE_ENABLED | INJ,
		"sse never: ENABLED after complete");
	ev_release(EV_SW);
	sbi_sse_hart_mask();
}

static void test_never(void)
{
	if (!x_start(never_body, "handler that never completes") ||
	    !x_stopped("with its handler RUNNING"))
		return;
	inject_stopped("its event RUNNING and pending");
	if (x_start(fresh_body, "recovery"))
		x_stopped("after the recovery");
}

/* 4a. X: the global event's handler stops the hart. */
static void hot_a_body(unsigned long h, unsigned long opaque, void *arg)
{
	struct ev_rec *sw = rec_init(h, EV_SW, h_record);

	if (!ev_setup(sw, PRIO_SW).error && !sbi_sse_hart_unmask().error)
		x_ready = 1;
	/* the IPI of the global event's inject wakes it */
	for (;;)
		wfi();
}

/* 4a, restarted: unmasks when told, masks when told again. */
static void hot_a_back(unsigned long h, unsigned long opaque, void *arg)
{
	check_fresh(h, "the stop in the global handler");
	x_ready = 1;
	if (!x_wait(&x_go, 1))
		return;
	sbi_sse_hart_unmask();
	x_ready = 2;
	x_wait(&x_go, 2);
	sbi_sse_hart_mask();
}

static void hot_in_handler(struct ev_rec *g)
{
	unsigned long h = hart_x;

	if (!x_start(hot_a_body, "stop in a handler") ||
	    !TEST_ASSERT(x_wait(&x_ready, 1),
			 "sse hotplug: hart %lu enabled its software event", h))
		return;
	g->inject = EV_SW;
	sbi_sse_write_attrs(EV_GLOBAL, SBI_SSE_ATTR_PREFERRED_HART, 1, &h);
	TEST_SBI_OK(ev_setup(g, 0),
		    "sse hotplug: global event PRIO 0 on hart %lu", h);
	TEST_SBI_OK(sbi_sse_inject(EV_GLOBAL, 0), "sse hotplug: inject global");
	if (!x_stopped("from inside the global event's handler"))
		return;
	TEST_ASSERT(g->count == 1 && g->hartid == h && g->stop_err == 0,
		    "sse hotplug: the global handler ran on hart %lu and stopped it",
		    h);
	test_diag("sse hotplug: global STATUS while hart %lu is stopped: 0x%lx",
		  h, status_of(EV_GLOBAL));
	TEST_ASSERT(!g->inject_err && g->inject_count == 0 &&
			    g->inject_status ==
				    (SBI_SSE_STATE_ENABLED | PEND | INJ),
		    "sse hotplug: its lower-priority software event was left pending (err %ld, STATUS 0x%lx)",
		    g->inject_err, g->inject_status);
	inject_stopped("stopped in a handler, its event pending");
	g->inject = 0;
	g->f.fn = h_record;
	if (!x_start(hot_a_back, "after the stop in a handler") ||
	    !TEST_ASSERT(x_wait(&x_ready, 1), "sse hotplug: hart %lu back", h))
		return;
	TEST_EQ(status_of(EV_GLOBAL), SBI_SSE_STATE_ENABLED | INJ,
		"sse hotplug: the global event whose handler stopped its hart is ENABLED again, not pending");
	x_go = 1;
	if (!TEST_ASSERT(x_wait(&x_ready, 2),
			 "sse hotplug: hart %lu unmasked", h))
		return;
	TEST_SBI_OK(sbi_sse_inject(EV_GLOBAL, 0),
		    "sse hotplug: inject global again");
	TEST_ASSERT(WAIT_UNTIL(g->count >= 2) && g->hartid == h,
		    "sse hotplug: it runs on hart %lu again", h);
	TEST_ASSERT(WAIT_UNTIL(status_of(EV_GLOBAL) ==
			       (SBI_SSE_STATE_ENABLED | INJ)),
		    "sse hotplug: and completes (STATUS ENABLED)");
	x_go = 2;
	x_stopped("after its checks");
	TEST_ASSERT(ev_release(EV_GLOBAL),
		    "sse hotplug: the global event can be disabled and unregistered");
}

/* 4b. X: its software event pending while masked, then it stops. */
static void hot_b_body(unsigned long h, unsigned long opaque, void *arg)
{
	struct ev_rec *sw = rec_init(h, EV_SW, h_record);

	if (ev_setup(sw, PRIO_SW).error || sbi_sse_inject(EV_SW, h).error)
		return;
	TEST_ASSERT(sw->count == 0 &&
			    status_of(EV_SW) ==
				    (SBI_SSE_STATE_ENABLED | PEND | INJ),
		    "sse hotplug: hart %lu masked: its software event pending, not entered",
		    h);
	x_ready = 1;
	x_wait(&x_go, 1);
	/* returning stops the hart */
}

static void hot_b_back(unsigned long h, unsigned long opaque, void *arg)
{
	struct ev_rec *sw = rec_init(h, EV_SW, h_record);

	check_fresh(h, "a stop with events pending and masked");
	TEST_SBI_OK(ev_setup(sw, PRIO_SW),
		    "sse hotplug: hart %lu registers and enables again", h);
	TEST_SBI_OK(sbi_sse_hart_unmask(), "sse hotplug: hart_unmask");
	TEST_EQ(sw->count, 0,
		"sse hotplug: the software event pending before the stop is gone");
	ev_release(EV_SW);
	sbi_sse_hart_mask();
}

static void hot_masked(struct ev_rec *g)
{
	unsigned long h = hart_x;

	if (!x_start(hot_b_body, "pending while masked") ||
	    !TEST_ASSERT(x_wait(&x_ready, 1), "sse hotplug: hart %lu ready", h))
		return;
	sbi_sse_write_attrs(EV_GLOBAL, SBI_SSE_ATTR_PREFERRED_HART, 1, &h);
	TEST_SBI_OK(ev_setup(g, 0),
		    "sse hotplug: global event on hart %lu", h);
	TEST_SBI_OK(sbi_sse_inject(EV_GLOBAL, 0),
		    "sse hotplug: inject global to the masked hart");
	x_go = 1;
	if (!x_stopped("with events pending and masked"))
		return;
	inject_stopped("stopped masked, its event pending");
	TEST_ASSERT(g->count == 0 &&
			    status_of(EV_GLOBAL) ==
				    (SBI_SSE_STATE_ENABLED | PEND | INJ),
		    "sse hotplug: the global event stays pending, not run, while hart %lu is stopped",
		    h);
	if (!x_start(hot_b_back, "after the masked stop"))
		return;
	x_stopped("after its checks");
	TEST_ASSERT(g->count == 1 && g->hartid == h,
		    "sse hotplug: the pending global event ran once hart %lu unmasked (count %lu)",
		    h, g->count);
	TEST_EQ(status_of(EV_GLOBAL), SBI_SSE_STATE_ENABLED | INJ,
		"sse hotplug: global event ENABLED, not pending");
	TEST_ASSERT(ev_release(EV_GLOBAL), "sse hotplug: global event released");
}

static void test_hotplug(void)
{
	/* the global event's record is the boot hart's: X runs it */
	struct ev_rec *g = rec_init(platform.boot_hartid, EV_GLOBAL, h_stop);

	hot_in_handler(g);
	rec_init(platform.boot_hartid, EV_GLOBAL, h_record);
	hot_masked(g);
}

void sse_run(void)
{
	unsigned long self = current_hartid(), h;

	if (!sbi_probe_extension(SBI_EXT_SSE).value) {
		test_skip("SSE: not implemented", "sse: the SSE part");
		return;
	}
	csr_write(CSR_SIE, 0);
	for (h = 0; h < PAYLOAD_MAX_HARTS; h++)
		pmu_ctr[h] = -1;
	/* exact overflows under -icount; otherwise far from the loop's start */
	icount = payload_has_arg("icount");
	/* without icount QEMU raises an overflow from a timer, late or never */
	if (!env.sscofpmf || !env.hpm)
		no_pmu = "no Sscofpmf";
	else if (!icount)
		no_pmu = "not an -icount run (bootarg icount)";
	for_each_hart(h, platform.hart_mask) {
		if (h != self) {
			hart_x = h;
			break;
		}
	}
	if (hart_x == ~0UL) {
		test_skip("one hart", "sse: races, recovery and hotplug");
		test_nest();
		return;
	}
	test_race();
	test_nest();
	test_never();
	test_hotplug();
}
