// SPDX-License-Identifier: BSD-2-Clause
/*
 * SBI SSE: event state machine, attributes, priorities and delivery.
 *
 * Local events live in each hart's scratch and only their hart changes
 * their state (other harts set `pending` and send an IPI); the one global
 * event is shared and guarded by a lock. An event is entered like a trap
 * into S-mode (SPP, SPIE, SPELP, SDT, sepc; hstatus.SPV/SPVP with H) after
 * the interrupted values went into its INTERRUPTED_* attributes, and
 * `complete` returns like sret and then puts those values back.
 */
#include <pmu/pmu.h>
#include <sbi/riscv_asm.h>
#include <sbi/sbi_ecall.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_hsm.h>
#include <sbi/sbi_ipi.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_scratch.h>
#include <sbi/sbi_sse.h>
#include <sbi/sbi_string.h>
#include <sbi/sbi_trap.h>

#define STATE(e)	((e)->attr[SBI_SSE_ATTR_STATUS])
#define MPP_S		((unsigned long)PRV_S << MSTATUS_MPP_SHIFT)
/* HOT: inlined into the ecall paths of inject and complete; COLD: kept out */
#define HOT		static inline __attribute__((always_inline))
#define COLD		static __attribute__((noinline))

static struct sbi_sse_event global_sw = { .id = SBI_SSE_EVENT_GLOBAL_SOFTWARE };
static spinlock_t global_lock = SPIN_LOCK_INIT;

/* The interrupted context: where it runs, and its a6/a7. */
struct sse_ctx {
	unsigned long pc, mstatus, a6, a7;
};

/* Standard events this firmware does not have: NOT_SUPPORTED. */
static bool standard_event(uint32_t id)
{
	switch (id) {
	case SBI_SSE_EVENT_LOCAL_RAS:
	case SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP:	/* without Ssdbltrp */
	case SBI_SSE_EVENT_GLOBAL_RAS:
	case SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW:
	case SBI_SSE_EVENT_LOCAL_LOW_RAS:
	case SBI_SSE_EVENT_GLOBAL_LOW_RAS:
		return true;
	}
	return false;
}

/* Local event @id of hart @s, or NULL with *@err the SBI error. */
static struct sbi_sse_event *local_event(struct sbi_scratch *s, uint32_t id,
					 long *err)
{
	if (id == SBI_SSE_EVENT_LOCAL_SOFTWARE)
		return &s->sse.local[SBI_SSE_LOCAL_SOFTWARE];
	if (id == SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW &&
	    sbi_isa_has(&s->isa, SBI_ISA_EXT_SSCOFPMF))
		return &s->sse.local[SBI_SSE_LOCAL_PMU];
	if (id == SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP &&
	    sbi_isa_has(&s->isa, SBI_ISA_EXT_SSDBLTRP))
		return &s->sse.local[SBI_SSE_LOCAL_DBLTRP];
	*err = standard_event(id) ? SBI_ERR_NOT_SUPPORTED :
				    SBI_ERR_INVALID_PARAM;
	return NULL;
}

/* Event @id as the calling hart sees it; a global one comes locked. */
static struct sbi_sse_event *event_get(uint32_t id, long *err)
{
	if (id == SBI_SSE_EVENT_GLOBAL_SOFTWARE) {
		spin_lock(&global_lock);
		return &global_sw;
	}
	return local_event(sbi_scratch_this(), id, err);
}

static void event_put(struct sbi_sse_event *e)
{
	if (e == &global_sw)
		spin_unlock(&global_lock);
}

/* Every state change; the PMU event routes the LCOFI while >= ENABLED. */
static void set_state(struct sbi_scratch *s, struct sbi_sse_event *e,
		      unsigned long state)
{
	STATE(e) = state;
	if (e == &s->sse.local[SBI_SSE_LOCAL_PMU])
		pmu_hart_sse_route(&s->pmu, state >= SBI_SSE_STATE_ENABLED);
}

/* Priority order: PRIO, then the event ID. */
static bool before(const struct sbi_sse_event *a,
		   const struct sbi_sse_event *b)
{
	if (a->attr[SBI_SSE_ATTR_PRIO] != b->attr[SBI_SSE_ATTR_PRIO])
		return a->attr[SBI_SSE_ATTR_PRIO] < b->attr[SBI_SSE_ATTR_PRIO];
	return a->id < b->id;
}

/* Pending and ENABLED: the event may run. */
static bool ready(const struct sbi_sse_event *e)
{
	return e->pending.counter && STATE(e) == SBI_SSE_STATE_ENABLED;
}

/* Is the global event pending for hart @s? No lock: a hint, or under it. */
HOT bool global_pending_here(struct sbi_scratch *s)
{
	return global_sw.pending.counter &&
	       global_sw.attr[SBI_SSE_ATTR_PREFERRED_HART] == s->hartid;
}

/*
 * Only the global event is shared: a hart takes the lock when that event
 * may run on it. Its own events only it changes, and another hart's
 * inject sets their `pending` and sends an IPI, so the common case,
 * nothing global for this hart, takes no lock.
 */
HOT bool global_lock_for(struct sbi_scratch *s)
{
	if (!global_pending_here(s))
		return false;
	spin_lock(&global_lock);
	return true;
}

HOT void global_unlock_if(bool locked)
{
	if (locked)
		spin_unlock(&global_lock);
}

/* Is an event pending on hart @s, the global one included? No lock. */
HOT bool any_pending(struct sbi_scratch *s)
{
	unsigned int i;

	for (i = 0; i < SBI_SSE_NR_LOCAL; i++)
		if (s->sse.local[i].pending.counter)
			return true;
	return global_pending_here(s);
}

/*
 * The event to enter on hart @s now: the highest-priority ready one, if
 * it is above the running one. The global event counts when @global (the
 * caller holds the lock).
 */
static struct sbi_sse_event *next_event(struct sbi_scratch *s, bool global)
{
	struct sbi_sse_event *best = NULL, *e = s->sse.local;
	unsigned int i;

	if (s->sse.masked)
		return NULL;
	for (i = 0; i < SBI_SSE_NR_LOCAL; i++, e++)
		if (ready(e) && (!best || before(e, best)))
			best = e;
	e = &global_sw;
	if (global && global_pending_here(s) && ready(e) &&
	    (!best || before(e, best)))
		best = e;
	if (best && s->sse.running && !before(best, s->sse.running))
		return NULL;
	return best;
}

/* The field at mask @from of @v, moved down to mask @to of the same shape. */
#define FIELD_DOWN(v, from, to)	(((v) & (from)) / ((from) / (to)))
/* ... and up to mask @to. */
#define FIELD_UP(v, from, to)	(((v) & (from)) * ((to) / (from)))

/* INTERRUPTED_FLAGS of the context of mstatus @st and hstatus @hs. */
static unsigned long interrupted_flags(unsigned long st, unsigned long hs)
{
	return FIELD_DOWN(st, MSTATUS_SPP, SBI_SSE_FLAG_SPP) |
	       FIELD_DOWN(st, MSTATUS_SPIE, SBI_SSE_FLAG_SPIE) |
	       FIELD_DOWN(st, MSTATUS_SPELP | MSTATUS_SDT,
			  SBI_SSE_FLAG_SPELP | SBI_SSE_FLAG_SDT) |
	       FIELD_DOWN(hs, HSTATUS_SPV | HSTATUS_SPVP,
			  SBI_SSE_FLAG_SPV | SBI_SSE_FLAG_SPVP);
}

/* Interrupted state into @e's attributes, then S-mode at ENTRY_PC. */
HOT void enter(struct sbi_scratch *s, struct sbi_sse_event *e,
		  struct sse_ctx *c)
{
	unsigned long old = c->mstatus, st, hs = 0;
	bool from_u = !(old & MSTATUS_MPP);
	bool h = sbi_isa_has(&s->isa, SBI_ISA_EXT_H);

	if (h)
		hs = csr_read(CSR_HSTATUS);
	atomic_write(&e->pending, 0);
	/* ENABLED to RUNNING: the PMU event's routing stays (set_state()) */
	STATE(e) = SBI_SSE_STATE_RUNNING;
	e->preempted = s->sse.running;
	s->sse.running = e;
	e->attr[SBI_SSE_ATTR_INTERRUPTED_SEPC] = csr_read(CSR_SEPC);
	e->attr[SBI_SSE_ATTR_INTERRUPTED_FLAGS] = interrupted_flags(old, hs);
	e->attr[SBI_SSE_ATTR_INTERRUPTED_A6] = c->a6;
	e->attr[SBI_SSE_ATTR_INTERRUPTED_A7] = c->a7;
	if (h) {
		/* a trap into HS-mode: SPV, and SPVP from a virtualised mode */
		hs &= ~HSTATUS_SPV;
		if (old & MSTATUS_MPV) {
			hs = (hs & ~HSTATUS_SPVP) | HSTATUS_SPV;
			if (!from_u)
				hs |= HSTATUS_SPVP;
		}
		csr_write(CSR_HSTATUS, hs);
	}
	csr_write(CSR_SEPC, c->pc);
	st = old & ~(MSTATUS_SPP | MSTATUS_SPIE | MSTATUS_SIE | MSTATUS_SPELP |
		     MSTATUS_MPELP | MSTATUS_SDT | MSTATUS_MPP | MSTATUS_MPV);
	st |= FIELD_UP(old, MSTATUS_SIE, MSTATUS_SPIE);
	if (!from_u)
		st |= MSTATUS_SPP;
	if (old & MSTATUS_MPELP)
		st |= MSTATUS_SPELP;
	if (s->fwft.value[SBI_FWFT_DOUBLE_TRAP])
		st |= MSTATUS_SDT;
	c->mstatus = st | MPP_S;
	c->pc = e->attr[SBI_SSE_ATTR_ENTRY_PC];
	c->a6 = s->hartid;
	c->a7 = e->attr[SBI_SSE_ATTR_ENTRY_ARG];
}

/* sret from the handler, then the interrupted state back from @e. */
HOT void resume(struct sbi_scratch *s, struct sbi_sse_event *e,
		struct sse_ctx *c)
{
	unsigned long old = c->mstatus, st, hs;
	unsigned long f = e->attr[SBI_SSE_ATTR_INTERRUPTED_FLAGS];

	c->pc = csr_read(CSR_SEPC);
	st = old & ~(MSTATUS_MPP | MSTATUS_MPV | MSTATUS_SIE | MSTATUS_SPIE |
		     MSTATUS_SPP | MSTATUS_MPELP | MSTATUS_SPELP | MSTATUS_SDT);
	/* the sret: to SPP's mode (S or U), SIE from SPIE, ELP from SPELP */
	st |= FIELD_UP(old, MSTATUS_SPP, MPP_S) |
	      FIELD_DOWN(old, MSTATUS_SPIE, MSTATUS_SIE);
	if (old & MSTATUS_SPELP)
		st |= MSTATUS_MPELP;
	/* then the interrupted S-mode state */
	st |= FIELD_UP(f, SBI_SSE_FLAG_SPP, MSTATUS_SPP) |
	      FIELD_UP(f, SBI_SSE_FLAG_SPIE, MSTATUS_SPIE) |
	      FIELD_UP(f, SBI_SSE_FLAG_SPELP | SBI_SSE_FLAG_SDT,
		       MSTATUS_SPELP | MSTATUS_SDT);
	if (sbi_isa_has(&s->isa, SBI_ISA_EXT_H)) {
		hs = csr_read(CSR_HSTATUS);
		if (hs & HSTATUS_SPV)
			st |= MSTATUS_MPV;
		hs = (hs & ~(HSTATUS_SPV | HSTATUS_SPVP)) |
		     FIELD_UP(f, SBI_SSE_FLAG_SPV | SBI_SSE_FLAG_SPVP,
			      HSTATUS_SPV | HSTATUS_SPVP);
		csr_write(CSR_HSTATUS, hs);
	}
	c->mstatus = st;
	c->a6 = e->attr[SBI_SSE_ATTR_INTERRUPTED_A6];
	c->a7 = e->attr[SBI_SSE_ATTR_INTERRUPTED_A7];
	csr_write(CSR_SEPC, e->attr[SBI_SSE_ATTR_INTERRUPTED_SEPC]);
}

/* enter() for the paths that are not an ecall's */
COLD void enter_cold(struct sbi_scratch *s, struct sbi_sse_event *e,
		     struct sse_ctx *c)
{
	enter(s, e, c);
}

/*
 * The ecall fast path keeps a6/a7 in its frame below the scratch
 * (sbi_ecall_frame()) and steps mepc over the ecall after the handler
 * returns.
 */
static void ctx_from_ecall(struct sse_ctx *c)
{
	unsigned long *f = sbi_ecall_frame();

	c->pc = csr_read(CSR_MEPC) + 4;
	c->mstatus = csr_read(CSR_MSTATUS);
	c->a6 = f[SBI_ECALL_FRAME_A6];
	c->a7 = f[SBI_ECALL_FRAME_A7];
}

static void ctx_to_ecall(const struct sse_ctx *c)
{
	unsigned long *f = sbi_ecall_frame();

	csr_write(CSR_MSTATUS, c->mstatus);
	csr_write(CSR_MEPC, c->pc - 4);
	f[SBI_ECALL_FRAME_A6] = c->a6;
	f[SBI_ECALL_FRAME_A7] = c->a7;
}

static void ctx_from_regs(struct sse_ctx *c, const struct sbi_trap_regs *r)
{
	*c = (struct sse_ctx){ r->mepc, r->mstatus, r->a6, r->a7 };
}

static void ctx_to_regs(const struct sse_ctx *c, struct sbi_trap_regs *r)
{
	r->mepc = c->pc;
	r->mstatus = c->mstatus;
	r->a6 = c->a6;
	r->a7 = c->a7;
}

/* At the end of an SSE call on hart @s: enter what may run now. */
HOT void deliver_ecall(struct sbi_scratch *s)
{
	bool locked = global_lock_for(s);
	struct sbi_sse_event *e = next_event(s, locked);
	struct sse_ctx c;

	if (e) {
		ctx_from_ecall(&c);
		enter(s, e, &c);
		ctx_to_ecall(&c);
	}
	global_unlock_if(locked);
}

/* out of line: complete calls it only when an event is pending */
__attribute__((noinline)) void sbi_sse_deliver_ecall(void)
{
	deliver_ecall(sbi_scratch_this());
}

void sbi_sse_deliver_trap(struct sbi_trap_regs *regs)
{
	struct sbi_scratch *s = sbi_scratch_this();
	struct sbi_sse_event *e;
	struct sse_ctx c;
	bool locked;

	if ((regs->mstatus & MSTATUS_MPP) == MSTATUS_MPP)
		return;
	locked = global_lock_for(s);
	e = next_event(s, locked);
	if (e) {
		ctx_from_regs(&c, regs);
		enter_cold(s, e, &c);
		ctx_to_regs(&c, regs);
	}
	global_unlock_if(locked);
}

struct sbiret sbi_sse_complete(void)
{
	struct sbi_scratch *s = sbi_scratch_this();
	struct sbi_sse_event *e = s->sse.running;
	const unsigned long *a = sbi_ecall_args();
	struct sse_ctx c;
	bool locked;

	if (!e)
		return (struct sbiret){ SBI_SUCCESS, 0 };
	/* the lock only to change the global event; delivery takes its own */
	locked = e == &global_sw;
	if (locked)
		spin_lock(&global_lock);
	ctx_from_ecall(&c);
	resume(s, e, &c);
	ctx_to_ecall(&c);
	s->sse.running = e->preempted;
	/* RUNNING to ENABLED keeps the PMU event's routing: no set_state() */
	if (e->attr[SBI_SSE_ATTR_CONFIG] & SBI_SSE_CONFIG_ONESHOT)
		set_state(s, e, SBI_SSE_STATE_REGISTERED);
	else
		STATE(e) = SBI_SSE_STATE_ENABLED;
	global_unlock_if(locked);
	/* a pending event waiting for this one runs now, from that context */
	if (any_pending(s))
		sbi_sse_deliver_ecall();
	/* the interrupted context resumes with its own a0/a1 */
	return (struct sbiret){ a[0], a[1] };
}

void sbi_sse_pmu_overflow(void)
{
	atomic_write(&sbi_scratch_this()->sse.local[SBI_SSE_LOCAL_PMU].pending,
		     1);
}

/*
 * The double trap event at the interrupted context @c, if it may run now:
 * a double trap is synchronous, so it is taken at once or never. A ready
 * event above it goes first; the double trap event then runs when that
 * one completes, from the same interrupted context.
 */
static bool double_trap(struct sbi_scratch *s, struct sse_ctx *c)
{
	struct sbi_sse_event *e = &s->sse.local[SBI_SSE_LOCAL_DBLTRP];
	struct sbi_sse_event *run = s->sse.running;
	bool ok, locked;

	if (!sbi_isa_has(&s->isa, SBI_ISA_EXT_SSDBLTRP))
		return false;
	ok = !s->sse.masked && STATE(e) == SBI_SSE_STATE_ENABLED &&
	     (!run || before(e, run));
	if (ok) {
		locked = global_lock_for(s);
		atomic_write(&e->pending, 1);
		enter_cold(s, next_event(s, locked), c);
		global_unlock_if(locked);
	}
	return ok;
}

bool sbi_sse_double_trap(struct sbi_trap_regs *regs)
{
	struct sbi_scratch *s = sbi_scratch_this();
	struct sse_ctx c;

	if (!regs) {
		/* the trap is at the ecall itself, not after it */
		ctx_from_ecall(&c);
		c.pc -= 4;
		if (!double_trap(s, &c))
			return false;
		ctx_to_ecall(&c);
		return true;
	}
	ctx_from_regs(&c, regs);
	if (!double_trap(s, &c))
		return false;
	ctx_to_regs(&c, regs);
	return true;
}

/* Attribute ranges and the shared memory of read_attrs/write_attrs. */
static long attr_check(uint32_t base, uint32_t count, unsigned long lo,
		       unsigned long hi)
{
	if (!count)
		return SBI_ERR_INVALID_PARAM;
	if ((uint64_t)base + count > SBI_SSE_NR_ATTRS)
		return SBI_ERR_BAD_RANGE;
	if (hi || (lo & (sizeof(long) - 1)) ||
	    !sbi_supervisor_ram(lo, count * sizeof(long)))
		return SBI_ERR_INVALID_ADDRESS;
	return SBI_SUCCESS;
}

static unsigned long attr_value(const struct sbi_sse_event *e, uint32_t id)
{
	if (id != SBI_SSE_ATTR_STATUS)
		return e->attr[id];
	return STATE(e) | SBI_SSE_STATUS_INJECT |
	       (atomic_read((atomic_t *)&e->pending) ? SBI_SSE_STATUS_PENDING :
						       0);
}

long sbi_sse_read_attrs(uint32_t id, uint32_t base, uint32_t count,
			unsigned long lo, unsigned long hi)
{
	long err = attr_check(base, count, lo, hi);
	unsigned long *out = (unsigned long *)lo;
	struct sbi_sse_event *e;
	uint32_t i;

	if (err)
		return err;
	e = event_get(id, &err);
	if (!e)
		return err;
	for (i = 0; i < count; i++)
		out[i] = attr_value(e, base + i);
	event_put(e);
	return SBI_SUCCESS;
}

static long write_check(const struct sbi_sse_event *e, uint32_t id,
			unsigned long v)
{
	unsigned long state = STATE(e);
	bool global = e == &global_sw;

	switch (id) {
	case SBI_SSE_ATTR_PRIO:
		if (state >= SBI_SSE_STATE_ENABLED)
			return SBI_ERR_INVALID_STATE;
		return v > 0xffffffffUL ? SBI_ERR_INVALID_PARAM : 0;
	case SBI_SSE_ATTR_CONFIG:
		if (state >= SBI_SSE_STATE_ENABLED)
			return SBI_ERR_INVALID_STATE;
		return v & ~SBI_SSE_CONFIG_ONESHOT ? SBI_ERR_INVALID_PARAM : 0;
	case SBI_SSE_ATTR_PREFERRED_HART:
		if (!global)
			return SBI_ERR_DENIED;
		if (state >= SBI_SSE_STATE_ENABLED)
			return SBI_ERR_INVALID_STATE;
		return sbi_scratch_of(v) ? 0 : SBI_ERR_INVALID_PARAM;
	case SBI_SSE_ATTR_INTERRUPTED_FLAGS:
		if (v & ~SBI_SSE_FLAGS_ALL)
			return SBI_ERR_INVALID_PARAM;
		/* fall through */
	case SBI_SSE_ATTR_INTERRUPTED_SEPC:
	case SBI_SSE_ATTR_INTERRUPTED_A6:
	case SBI_SSE_ATTR_INTERRUPTED_A7:
		if (state != SBI_SSE_STATE_RUNNING)
			return SBI_ERR_INVALID_STATE;
		/* a global event's only from the hart running its handler */
		if (global && e->attr[SBI_SSE_ATTR_PREFERRED_HART] !=
				      sbi_scratch_this()->hartid)
			return SBI_ERR_INVALID_PARAM;
		return 0;
	default:	/* STATUS, ENTRY_PC, ENTRY_ARG */
		return SBI_ERR_DENIED;
	}
}

long sbi_sse_write_attrs(uint32_t id, uint32_t base, uint32_t count,
			 unsigned long lo, unsigned long hi)
{
	long err = attr_check(base, count, lo, hi);
	unsigned long v[SBI_SSE_NR_ATTRS];
	struct sbi_sse_event *e;
	uint32_t i;

	if (err)
		return err;
	/* one read of the caller's memory: checked values are the written */
	for (i = 0; i < count; i++)
		v[i] = ((volatile unsigned long *)lo)[i];
	e = event_get(id, &err);
	if (!e)
		return err;
	for (i = 0; i < count && !err; i++)
		err = write_check(e, base + i, v[i]);
	for (i = 0; i < count && !err; i++)
		e->attr[base + i] = v[i];
	event_put(e);
	return err;
}

long sbi_sse_register(uint32_t id, unsigned long pc, unsigned long arg)
{
	struct sbi_sse_event *e;
	long err = SBI_SUCCESS;

	if (pc & 1)
		return SBI_ERR_INVALID_PARAM;
	e = event_get(id, &err);
	if (!e)
		return err;
	if (STATE(e) != SBI_SSE_STATE_UNUSED) {
		err = SBI_ERR_INVALID_STATE;
	} else {
		e->attr[SBI_SSE_ATTR_ENTRY_PC] = pc;
		e->attr[SBI_SSE_ATTR_ENTRY_ARG] = arg;
		set_state(sbi_scratch_this(), e, SBI_SSE_STATE_REGISTERED);
	}
	event_put(e);
	return err;
}

/* A change between two states: @from to @to, else INVALID_STATE. */
static long transition(uint32_t id, unsigned long from, unsigned long to)
{
	struct sbi_scratch *s = sbi_scratch_this();
	struct sbi_sse_event *e;
	unsigned long target;
	long err = SBI_SUCCESS;

	e = event_get(id, &err);
	if (!e)
		return err;
	if (STATE(e) != from) {
		event_put(e);
		return SBI_ERR_INVALID_STATE;
	}
	set_state(s, e, to);
	if (to == SBI_SSE_STATE_UNUSED)
		atomic_write(&e->pending, 0);
	target = e->attr[SBI_SSE_ATTR_PREFERRED_HART];
	/* enabling a pending global event: its hart takes it now */
	if (to == SBI_SSE_STATE_ENABLED && e == &global_sw &&
	    atomic_read(&e->pending) && target != s->hartid)
		sbi_ipi_send(target, SBI_IPI_EVENT_SSE);
	event_put(e);
	return SBI_SUCCESS;
}

long sbi_sse_unregister(uint32_t id)
{
	return transition(id, SBI_SSE_STATE_REGISTERED, SBI_SSE_STATE_UNUSED);
}

long sbi_sse_enable(uint32_t id)
{
	return transition(id, SBI_SSE_STATE_REGISTERED, SBI_SSE_STATE_ENABLED);
}

long sbi_sse_disable(uint32_t id)
{
	return transition(id, SBI_SSE_STATE_ENABLED, SBI_SSE_STATE_REGISTERED);
}

/* Mark @e pending if it may take events; caller holds it. */
static long make_pending(struct sbi_sse_event *e)
{
	if (STATE(e) < SBI_SSE_STATE_ENABLED)
		return SBI_ERR_INVALID_STATE;
	atomic_write(&e->pending, 1);
	return SBI_SUCCESS;
}

/*
 * Does hart @hartid take events? Not while it is STOPPED, starting or
 * stopping: no supervisor runs there, and the start resets its local
 * events, so an event injected now would be lost. For SBI v3.0 its
 * hart_id is then invalid (INVALID_PARAM, the only error inject has for
 * a hart). A suspended hart takes them at its next delivery point.
 */
static bool hart_takes_events(unsigned long hartid)
{
	long st = sbi_hsm_hart_status(hartid);

	return st == SBI_HSM_STATE_STARTED || st == SBI_HSM_STATE_SUSPENDED;
}

/* Inject @id, the global event or a local one of any hart. */
COLD long inject_any(struct sbi_scratch *self, uint32_t id,
		       unsigned long hartid)
{
	struct sbi_scratch *t = self;
	struct sbi_sse_event *e;
	long err = SBI_SUCCESS;

	if (id == SBI_SSE_EVENT_GLOBAL_SOFTWARE) {
		e = event_get(id, &err);
		err = make_pending(e);
		hartid = e->attr[SBI_SSE_ATTR_PREFERRED_HART];
		event_put(e);
	} else {
		/* the event first: an unknown one is unknown on every hart */
		e = local_event(self, id, &err);
		if (!e)
			return err;
		if (hartid != self->hartid) {
			t = sbi_scratch_of(hartid);
			if (!t || !hart_takes_events(hartid))
				return SBI_ERR_INVALID_PARAM;
			e = local_event(t, id, &err);
			if (!e)
				return err;
		}
		err = make_pending(e);
	}
	if (!err && hartid != self->hartid)
		sbi_ipi_send(hartid, SBI_IPI_EVENT_SSE);
	return err;
}

struct sbiret sbi_sse_inject(uint32_t id, unsigned long hartid)
{
	struct sbi_scratch *self = sbi_scratch_this();
	long err;

	/* the local software event of the calling hart: no lookup */
	if (id == SBI_SSE_EVENT_LOCAL_SOFTWARE && hartid == self->hartid)
		err = make_pending(&self->sse.local[SBI_SSE_LOCAL_SOFTWARE]);
	else
		err = inject_any(self, id, hartid);
	if (!err)
		deliver_ecall(self);
	return (struct sbiret){ err, 0 };
}

long sbi_sse_hart_unmask(void)
{
	struct sbi_scratch *s = sbi_scratch_this();

	if (!s->sse.masked)
		return SBI_ERR_ALREADY_STARTED;
	s->sse.masked = false;
	return SBI_SUCCESS;
}

long sbi_sse_hart_mask(void)
{
	struct sbi_scratch *s = sbi_scratch_this();

	if (s->sse.masked)
		return SBI_ERR_ALREADY_STOPPED;
	s->sse.masked = true;
	return SBI_SUCCESS;
}

void sbi_sse_init(unsigned long boot_hartid)
{
	global_sw.attr[SBI_SSE_ATTR_PREFERRED_HART] = boot_hartid;
}

void sbi_sse_hart_reset(struct sbi_scratch *s)
{
	static const uint32_t ids[SBI_SSE_NR_LOCAL] = {
		[SBI_SSE_LOCAL_SOFTWARE] = SBI_SSE_EVENT_LOCAL_SOFTWARE,
		[SBI_SSE_LOCAL_PMU] = SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW,
		[SBI_SSE_LOCAL_DBLTRP] = SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP,
	};
	unsigned int i;

	memset(&s->sse, 0, sizeof(s->sse));
	for (i = 0; i < SBI_SSE_NR_LOCAL; i++) {
		s->sse.local[i].id = ids[i];
		s->sse.local[i].attr[SBI_SSE_ATTR_PREFERRED_HART] = s->hartid;
	}
	s->sse.masked = true;
	/* a global event whose handler ran here: its run is over */
	spin_lock(&global_lock);
	if (STATE(&global_sw) == SBI_SSE_STATE_RUNNING &&
	    global_sw.attr[SBI_SSE_ATTR_PREFERRED_HART] == s->hartid)
		STATE(&global_sw) = SBI_SSE_STATE_ENABLED;
	spin_unlock(&global_lock);
}
