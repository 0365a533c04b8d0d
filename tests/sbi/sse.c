/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SSE (SBI v3.0 "Supervisor Software Events"): hart mask/unmask, event IDs
 * (reserved INVALID_PARAM, standard but absent NOT_SUPPORTED), attributes
 * through shared memory (reset values, read-only, ranges, bad buffers left
 * untouched, bits 63..32 of the 32-bit IDs ignored), the state machine with
 * its INVALID_STATE answers, delivery (a6/a7, sepc and flags saved, every
 * register and sepc/sstatus intact after complete), one-shot, priorities
 * and preemption, injection to another hart (local, and global through
 * PREFERRED_HART), the PMU overflow event taken with sstatus.SIE = 0, and
 * with Ssdbltrp the double trap event: a hardware double trap, one the
 * firmware would have redirected, one at an ecall, one inside another
 * event's handler, and a hart that stops when the event cannot run.
 */
#include <pmu/pmu_sbi.h>
#include "sbi_tests.h"

#define EV_LOCAL	SBI_SSE_EVENT_LOCAL_SOFTWARE
#define EV_GLOBAL	SBI_SSE_EVENT_GLOBAL_SOFTWARE
#define EV_PMU		SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW
#define EV_DBLTRP	SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP
#define SSTATUS_SDT	(1UL << 24)
#define NATTR		SBI_SSE_NR_ATTRS
#define STACK_SIZE	4096

/* An event's context: the library's frame (payload_sse_entry) first. */
struct sse_tctx {
	struct sse_frame f;		/* interrupted x1..x31, sepc, sstatus */
	void (*handler)(struct sse_tctx *c, unsigned long hartid);
	uint32_t id;
	volatile unsigned long count;
	unsigned long hartid, order;
	unsigned long attr[NATTR];	/* read in the handler */
	long attr_err;
	uint32_t inject;		/* inject this from the handler */
	unsigned long inject_count;	/* its count right after */
	long pending_after;		/* its STATUS.PENDING right after */
	unsigned long entry_sepc;	/* sepc at entry, before fn changed it */
};

void payload_ecall_regs(unsigned long regs[32]);
void sse_test_loop(unsigned long iters);
extern char sse_test_loop_end[];

static uint8_t stacks[4][STACK_SIZE] __attribute__((aligned(16)));
static struct sse_tctx ctx[4];
static volatile unsigned long seq;

static struct sbiret sse_call(unsigned long fid, unsigned long a0,
			      unsigned long a1, unsigned long a2,
			      unsigned long a3)
{
	return sbi_ecall(SBI_EXT_SSE, fid, a0, a1, a2, a3, 0, 0);
}

static struct sbiret sse_read(unsigned long id, unsigned long base,
			      unsigned long n, void *buf)
{
	return sse_call(SBI_EXT_SSE_READ_ATTRS, id, base, n, (unsigned long)buf);
}

static struct sbiret sse_write(unsigned long id, unsigned long base,
			       unsigned long n, void *buf)
{
	return sse_call(SBI_EXT_SSE_WRITE_ATTRS, id, base, n,
			(unsigned long)buf);
}

static struct sbiret sse_write1(unsigned long id, unsigned long attr,
				unsigned long v)
{
	return sse_write(id, attr, 1, &v);
}

static unsigned long sse_attr(unsigned long id, unsigned long attr)
{
	unsigned long v = ~0UL;

	sse_read(id, attr, 1, &v);
	return v;
}

static struct sbiret sse_fn1(unsigned long fid, unsigned long id)
{
	return sse_call(fid, id, 0, 0, 0);
}

/* The frame's function: the context's handler. */
static void tctx_run(struct sse_frame *f, unsigned long hartid)
{
	struct sse_tctx *c = (struct sse_tctx *)f;

	c->handler(c, hartid);
}

static struct sse_tctx *tctx(unsigned int i, uint32_t id,
			     void (*fn)(struct sse_tctx *, unsigned long))
{
	struct sse_tctx *c = &ctx[i];

	memset(c, 0, sizeof(*c));
	c->f.stack_top = (unsigned long)stacks[i] + STACK_SIZE;
	c->f.fn = tctx_run;
	c->handler = fn;
	c->id = id;
	return c;
}

static struct sbiret sse_register(struct sse_tctx *c)
{
	return sse_call(SBI_EXT_SSE_REGISTER, c->id,
			(unsigned long)payload_sse_entry, (unsigned long)c, 0);
}

/* The handler of most tests: record, read every attribute, inject. */
static void handler(struct sse_tctx *c, unsigned long hartid)
{
	c->hartid = hartid;
	c->order = ++seq;
	c->attr_err = sse_read(c->id, 0, NATTR, c->attr).error;
	if (c->inject) {
		sse_call(SBI_EXT_SSE_INJECT, c->inject, hartid, 0, 0);
		c->inject_count = ctx[c->inject == EV_LOCAL ? 0 : 1].count;
		c->pending_after = (sse_attr(c->inject, SBI_SSE_ATTR_STATUS) >>
				    2) & 1;
	}
	c->count++;
}

static void test_mask(void)
{
	TEST_SBI_ERR(sse_fn1(SBI_EXT_SSE_HART_MASK, 0), SBI_ERR_ALREADY_STOPPED,
		     "hart_mask at boot: events start masked");
	TEST_SBI_OK(sse_fn1(SBI_EXT_SSE_HART_UNMASK, 0), "hart_unmask");
	TEST_SBI_ERR(sse_fn1(SBI_EXT_SSE_HART_UNMASK, 0),
		     SBI_ERR_ALREADY_STARTED, "hart_unmask twice");
	TEST_SBI_OK(sse_fn1(SBI_EXT_SSE_HART_MASK, 0), "hart_mask");
	TEST_SBI_ERR(sse_fn1(SBI_EXT_SSE_HART_MASK, 0), SBI_ERR_ALREADY_STOPPED,
		     "hart_mask twice");
	TEST_SBI_OK(sse_fn1(SBI_EXT_SSE_HART_UNMASK, 0), "hart_unmask again");
	TEST_SBI_ERR(sse_fn1(10, 0), SBI_ERR_NOT_SUPPORTED, "unknown FID 10");
}

static void bad_event(unsigned long id, long err)
{
	unsigned long v = 0;

	TEST_SBI_ERR(sse_read(id, 0, 1, &v), err, "read_attrs(0x%lx)", id);
	TEST_SBI_ERR(sse_write1(id, SBI_SSE_ATTR_PRIO, 0), err,
		     "write_attrs(0x%lx)", id);
	TEST_SBI_ERR(sse_call(SBI_EXT_SSE_REGISTER, id,
			      (unsigned long)payload_sse_entry, 0, 0), err,
		     "register(0x%lx)", id);
	TEST_SBI_ERR(sse_fn1(SBI_EXT_SSE_UNREGISTER, id), err,
		     "unregister(0x%lx)", id);
	TEST_SBI_ERR(sse_fn1(SBI_EXT_SSE_ENABLE, id), err, "enable(0x%lx)", id);
	TEST_SBI_ERR(sse_fn1(SBI_EXT_SSE_DISABLE, id), err,
		     "disable(0x%lx)", id);
	TEST_SBI_ERR(sse_call(SBI_EXT_SSE_INJECT, id, platform.boot_hartid, 0,
			      0), err, "inject(0x%lx)", id);
}

static void test_event_ids(int pmu, int dbltrp)
{
	bad_event(0x00000002, SBI_ERR_INVALID_PARAM);
	bad_event(0x00004000, SBI_ERR_INVALID_PARAM);
	bad_event(0xffff0001, SBI_ERR_INVALID_PARAM);
	bad_event(0xffffc000, SBI_ERR_INVALID_PARAM);
	bad_event(SBI_SSE_EVENT_LOCAL_RAS, SBI_ERR_NOT_SUPPORTED);
	if (!dbltrp)
		bad_event(EV_DBLTRP, SBI_ERR_NOT_SUPPORTED);
	bad_event(SBI_SSE_EVENT_GLOBAL_RAS, SBI_ERR_NOT_SUPPORTED);
	bad_event(SBI_SSE_EVENT_GLOBAL_LOW_RAS, SBI_ERR_NOT_SUPPORTED);
	if (!pmu)
		bad_event(EV_PMU, SBI_ERR_NOT_SUPPORTED);
}

/* Reset values, read-only attributes, ranges and buffers of event @id. */
static void test_attrs(unsigned long id)
{
	unsigned long a[NATTR + 2], b[NATTR], v, i, hart = platform.boot_hartid;
	int global = (id & SBI_SSE_EVENT_GLOBAL_BIT) != 0;

	memset(a, 0x5a, sizeof(a));
	TEST_SBI_OK(sse_read(id, 0, NATTR, a), "0x%lx: read all attributes",
		    id);
	TEST_EQ(a[SBI_SSE_ATTR_STATUS], SBI_SSE_STATUS_INJECT,
		"0x%lx: STATUS: UNUSED, not pending, injectable", id);
	for (i = SBI_SSE_ATTR_PRIO; i < NATTR; i++)
		if (i != SBI_SSE_ATTR_PREFERRED_HART)
			TEST_EQ(a[i], 0, "0x%lx: attribute %lu resets to 0", id,
				i);
	if (!global)
		TEST_EQ(a[SBI_SSE_ATTR_PREFERRED_HART], hart,
			"0x%lx: PREFERRED_HART of a local event is the hart",
			id);
	TEST_EQ(a[NATTR], 0x5a5a5a5a5a5a5a5aUL,
		"0x%lx: nothing written past the range", id);
	for (i = 0; i < NATTR; i++) {
		v = ~0UL;
		sse_read(id, i, 1, &v);
		TEST_ASSERT(v == a[i], "0x%lx: attribute %lu alone reads the same",
			    id, i);
	}
	/* bits 63..32 of event_id, base_attr_id, attr_count are ignored */
	TEST_SBI_OK(sse_read(id | BIT(32), SBI_SSE_ATTR_PREFERRED_HART |
			     BIT(32), 1 | BIT(32), &v),
		    "0x%lx: read_attrs with bits 63..32 of the IDs set", id);
	TEST_EQ(v, a[SBI_SSE_ATTR_PREFERRED_HART], "0x%lx: same value", id);

	TEST_SBI_ERR(sse_write1(id, SBI_SSE_ATTR_STATUS, 0), SBI_ERR_DENIED,
		     "0x%lx: STATUS is read-only", id);
	TEST_SBI_ERR(sse_write1(id, SBI_SSE_ATTR_ENTRY_PC, 0), SBI_ERR_DENIED,
		     "0x%lx: ENTRY_PC is read-only", id);
	TEST_SBI_ERR(sse_write1(id, SBI_SSE_ATTR_ENTRY_ARG, 0), SBI_ERR_DENIED,
		     "0x%lx: ENTRY_ARG is read-only", id);
	if (global) {
		TEST_SBI_ERR(sse_write1(id, SBI_SSE_ATTR_PREFERRED_HART,
					invalid_hartid()),
			     SBI_ERR_INVALID_PARAM,
			     "0x%lx: PREFERRED_HART of no hart", id);
		TEST_SBI_OK(sse_write1(id, SBI_SSE_ATTR_PREFERRED_HART, hart),
			    "0x%lx: PREFERRED_HART = this hart", id);
		TEST_EQ(sse_attr(id, SBI_SSE_ATTR_PREFERRED_HART), hart,
			"0x%lx: PREFERRED_HART reads back", id);
	} else {
		TEST_SBI_ERR(sse_write1(id, SBI_SSE_ATTR_PREFERRED_HART, hart),
			     SBI_ERR_DENIED,
			     "0x%lx: PREFERRED_HART is read-only (local)", id);
	}
	if (XLEN > 32)
		TEST_SBI_ERR(sse_write1(id, SBI_SSE_ATTR_PRIO, BIT(32)),
			     SBI_ERR_INVALID_PARAM, "0x%lx: PRIO above 32 bits",
			     id);
	else
		test_skip("RV32: no PRIO above 32 bits", "0x%lx: PRIO above 32 bits", id);
	TEST_SBI_ERR(sse_write1(id, SBI_SSE_ATTR_CONFIG, 2),
		     SBI_ERR_INVALID_PARAM, "0x%lx: CONFIG reserved bit", id);
	for (i = SBI_SSE_ATTR_INTERRUPTED_SEPC; i < NATTR; i++)
		TEST_SBI_ERR(sse_write1(id, i, 0), SBI_ERR_INVALID_STATE,
			     "0x%lx: attribute %lu outside RUNNING", id, i);
	/* a failing write changes nothing, not even its valid part */
	b[0] = 7;
	b[1] = 2;
	TEST_SBI_ERR(sse_write(id, SBI_SSE_ATTR_PRIO, 2, b),
		     SBI_ERR_INVALID_PARAM, "0x%lx: PRIO 7 with a bad CONFIG", id);
	TEST_EQ(sse_attr(id, SBI_SSE_ATTR_PRIO), 0, "0x%lx: PRIO unchanged", id);
	TEST_SBI_OK(sse_write1(id | BIT(32), SBI_SSE_ATTR_PRIO, 0xffffffff),
		    "0x%lx: PRIO 0xffffffff", id);
	TEST_EQ(sse_attr(id, SBI_SSE_ATTR_PRIO), 0xffffffff,
		"0x%lx: PRIO reads back", id);
	sse_write1(id, SBI_SSE_ATTR_PRIO, 0);

	TEST_SBI_ERR(sse_read(id, 0, 0, a), SBI_ERR_INVALID_PARAM,
		     "0x%lx: attr_count 0", id);
	TEST_SBI_ERR(sse_write(id, 0, 0, a), SBI_ERR_INVALID_PARAM,
		     "0x%lx: write attr_count 0", id);
	memset(b, 0x77, sizeof(b));
	TEST_SBI_ERR(sse_read(id, NATTR, 1, b), SBI_ERR_BAD_RANGE,
		     "0x%lx: attribute 10", id);
	TEST_SBI_ERR(sse_read(id, 8, 3, b), SBI_ERR_BAD_RANGE,
		     "0x%lx: attributes 8..10", id);
	TEST_SBI_ERR(sse_read(id, 0xffffffff, 2, b), SBI_ERR_BAD_RANGE,
		     "0x%lx: attributes 0xffffffff..0x100000000", id);
	TEST_SBI_ERR(sse_write(id, NATTR, 1, b), SBI_ERR_BAD_RANGE,
		     "0x%lx: write attribute 10", id);
	TEST_SBI_ERR(sse_read(id, 0, 1, (char *)b + 1), SBI_ERR_INVALID_ADDRESS,
		     "0x%lx: misaligned buffer", id);
	TEST_SBI_ERR(sbi_ecall(SBI_EXT_SSE, SBI_EXT_SSE_READ_ATTRS, id, 0, 1,
			       (unsigned long)b, 1, 0),
		     SBI_ERR_INVALID_ADDRESS, "0x%lx: output_phys_hi 1", id);
	TEST_SBI_ERR(sse_read(id, 0, 1, (void *)0x80000000UL),
		     SBI_ERR_INVALID_ADDRESS, "0x%lx: buffer in firmware memory",
		     id);
	TEST_SBI_ERR(sse_write(id, SBI_SSE_ATTR_PRIO, 1, (void *)0x80000000UL),
		     SBI_ERR_INVALID_ADDRESS,
		     "0x%lx: write from firmware memory", id);
	/* a firmware that writes there blindly takes an M-mode fault */
	if (payload_has_arg("no-hazards")) {
		test_skip("no-hazards", "0x%lx: buffers past the end of RAM", id);
	} else {
		TEST_SBI_ERR(sse_read(id, 0, 1, (void *)(platform.mem_base +
							  platform.mem_size)),
			     SBI_ERR_INVALID_ADDRESS, "0x%lx: buffer past RAM",
			     id);
		TEST_SBI_ERR(sse_read(id, 0, 2, (void *)(platform.mem_base +
							  platform.mem_size -
							  sizeof(long))),
			     SBI_ERR_INVALID_ADDRESS,
			     "0x%lx: buffer across the end of RAM", id);
	}
	for (i = 1; i < NATTR; i++)
		if (b[i] != (unsigned long)0x7777777777777777ULL)
			break;
	TEST_EQ(i, NATTR, "0x%lx: failed reads wrote nothing", id);
}

/* UNUSED -> REGISTERED -> ENABLED and back, and every wrong step. */
static void test_state_machine(unsigned long id)
{
	struct sse_tctx *c = tctx(0, id, handler);
	unsigned long hart = platform.boot_hartid;

	TEST_SBI_ERR(sse_fn1(SBI_EXT_SSE_UNREGISTER, id), SBI_ERR_INVALID_STATE,
		     "0x%lx: unregister UNUSED", id);
	TEST_SBI_ERR(sse_fn1(SBI_EXT_SSE_ENABLE, id), SBI_ERR_INVALID_STATE,
		     "0x%lx: enable UNUSED", id);
	TEST_SBI_ERR(sse_fn1(SBI_EXT_SSE_DISABLE, id), SBI_ERR_INVALID_STATE,
		     "0x%lx: disable UNUSED", id);
	TEST_SBI_ERR(sse_call(SBI_EXT_SSE_INJECT, id, hart, 0, 0),
		     SBI_ERR_INVALID_STATE, "0x%lx: inject UNUSED", id);
	TEST_SBI_ERR(sse_call(SBI_EXT_SSE_REGISTER, id,
			      (unsigned long)payload_sse_entry + 1, 0, 0),
		     SBI_ERR_INVALID_PARAM, "0x%lx: register odd entry", id);
	TEST_SBI_OK(sse_register(c), "0x%lx: register", id);
	TEST_EQ(sbi_sse_state(id), SBI_SSE_STATE_REGISTERED, "0x%lx: REGISTERED",
		id);
	TEST_EQ(sse_attr(id, SBI_SSE_ATTR_ENTRY_PC),
		(unsigned long)payload_sse_entry, "0x%lx: ENTRY_PC", id);
	TEST_EQ(sse_attr(id, SBI_SSE_ATTR_ENTRY_ARG), (unsigned long)c,
		"0x%lx: ENTRY_ARG", id);
	TEST_SBI_ERR(sse_register(c), SBI_ERR_INVALID_STATE,
		     "0x%lx: register twice", id);
	TEST_SBI_ERR(sse_fn1(SBI_EXT_SSE_DISABLE, id), SBI_ERR_INVALID_STATE,
		     "0x%lx: disable REGISTERED", id);
	TEST_SBI_ERR(sse_call(SBI_EXT_SSE_INJECT, id, hart, 0, 0),
		     SBI_ERR_INVALID_STATE, "0x%lx: inject REGISTERED", id);
	TEST_SBI_OK(sse_fn1(SBI_EXT_SSE_ENABLE, id | BIT(32)),
		    "0x%lx: enable (bit 32 of the ID set)", id);
	TEST_EQ(sbi_sse_state(id), SBI_SSE_STATE_ENABLED, "0x%lx: ENABLED", id);
	TEST_SBI_ERR(sse_fn1(SBI_EXT_SSE_ENABLE, id), SBI_ERR_INVALID_STATE,
		     "0x%lx: enable twice", id);
	TEST_SBI_ERR(sse_fn1(SBI_EXT_SSE_UNREGISTER, id), SBI_ERR_INVALID_STATE,
		     "0x%lx: unregister ENABLED", id);
	TEST_SBI_ERR(sse_write1(id, SBI_SSE_ATTR_PRIO, 1), SBI_ERR_INVALID_STATE,
		     "0x%lx: PRIO while ENABLED", id);
	TEST_SBI_ERR(sse_write1(id, SBI_SSE_ATTR_CONFIG, 1),
		     SBI_ERR_INVALID_STATE, "0x%lx: CONFIG while ENABLED", id);
	TEST_SBI_OK(sse_fn1(SBI_EXT_SSE_DISABLE, id), "0x%lx: disable", id);
	TEST_EQ(sbi_sse_state(id), SBI_SSE_STATE_REGISTERED,
		"0x%lx: REGISTERED again", id);
	TEST_SBI_OK(sse_fn1(SBI_EXT_SSE_UNREGISTER, id), "0x%lx: unregister",
		    id);
	TEST_EQ(sbi_sse_state(id), SBI_SSE_STATE_UNUSED, "0x%lx: UNUSED again", id);
	TEST_EQ(c->count, 0, "0x%lx: the handler never ran", id);
	TEST_SBI_OK(sse_fn1(SBI_EXT_SSE_COMPLETE, 0),
		    "complete with nothing RUNNING");
}

static void enable_event(struct sse_tctx *c, unsigned long prio)
{
	if (c->id == EV_GLOBAL)
		sse_write1(c->id, SBI_SSE_ATTR_PREFERRED_HART,
			   platform.boot_hartid);
	TEST_SBI_OK(sse_register(c), "register 0x%x", c->id);
	TEST_SBI_OK(sse_write1(c->id, SBI_SSE_ATTR_PRIO, prio),
		    "0x%x: PRIO %lu", c->id, prio);
	TEST_SBI_OK(sse_fn1(SBI_EXT_SSE_ENABLE, c->id), "enable 0x%x", c->id);
}

static void release_event(uint32_t id)
{
	if (sbi_sse_state(id) == SBI_SSE_STATE_ENABLED)
		sse_fn1(SBI_EXT_SSE_DISABLE, id);
	sse_fn1(SBI_EXT_SSE_UNREGISTER, id);
	sse_write1(id, SBI_SSE_ATTR_PRIO, 0);
	sse_write1(id, SBI_SSE_ATTR_CONFIG, 0);
}

/* Inside the handler: the attributes of a RUNNING event. */
static void running_handler(struct sse_tctx *c, unsigned long hartid)
{
	unsigned long v[4], w[4] = { 0x1234, SBI_SSE_FLAGS_ALL, 66, 77 }, i;

	handler(c, hartid);
	c->attr_err |= sse_read(c->id, SBI_SSE_ATTR_INTERRUPTED_SEPC, 4, v).error;
	c->attr_err |= sse_write(c->id, SBI_SSE_ATTR_INTERRUPTED_SEPC, 4, w).error;
	c->attr_err |= sse_read(c->id, SBI_SSE_ATTR_INTERRUPTED_SEPC, 4, w).error;
	for (i = 0; i < 4 && w[i] == (i == 1 ? SBI_SSE_FLAGS_ALL :
				      i == 0 ? 0x1234 : 44 + 11 * i); i++)
		;
	c->inject_count = i;	/* 4: the writes read back */
	c->pending_after =
		sse_write1(c->id, SBI_SSE_ATTR_INTERRUPTED_FLAGS, 1UL << 6).error;
	c->order = sse_write1(c->id, SBI_SSE_ATTR_PRIO, 0).error;
	c->attr_err |= sse_write(c->id, SBI_SSE_ATTR_INTERRUPTED_SEPC, 4, v).error;
}

static void test_deliver(void)
{
	struct sse_tctx *c = tctx(0, EV_LOCAL, running_handler);
	unsigned long hart = platform.boot_hartid, *a = c->attr;

	enable_event(c, 0);
	sse_fn1(SBI_EXT_SSE_HART_MASK, 0);
	TEST_SBI_OK(sse_call(SBI_EXT_SSE_INJECT, EV_LOCAL, hart, 0, 0),
		    "inject while masked");
	TEST_EQ(c->count, 0, "masked: not delivered");
	TEST_EQ(sse_attr(EV_LOCAL, SBI_SSE_ATTR_STATUS),
		SBI_SSE_STATE_ENABLED | SBI_SSE_STATUS_PENDING |
			SBI_SSE_STATUS_INJECT, "masked: STATUS ENABLED + PENDING");
	TEST_SBI_OK(sse_fn1(SBI_EXT_SSE_HART_UNMASK, 0),
		    "unmask: the pending event is delivered on its return");
	TEST_EQ(c->count, 1, "handler ran once");
	TEST_EQ(c->hartid, hart, "a6 at entry = hartid");
	TEST_EQ(c->attr_err, 0, "attributes read/written in the handler");
	TEST_EQ(a[SBI_SSE_ATTR_STATUS], SBI_SSE_STATE_RUNNING |
		SBI_SSE_STATUS_INJECT, "STATUS RUNNING, not pending, in the handler");
	TEST_EQ(a[SBI_SSE_ATTR_INTERRUPTED_A6], SBI_EXT_SSE_HART_UNMASK,
		"INTERRUPTED_A6: the ecall's FID");
	TEST_EQ(a[SBI_SSE_ATTR_INTERRUPTED_A7], SBI_EXT_SSE,
		"INTERRUPTED_A7: the ecall's EID");
	TEST_EQ(a[SBI_SSE_ATTR_INTERRUPTED_FLAGS] & SBI_SSE_FLAG_SPP,
		SBI_SSE_FLAG_SPP & a[SBI_SSE_ATTR_INTERRUPTED_FLAGS],
		"INTERRUPTED_FLAGS readable");
	TEST_EQ(c->f.sstatus & SSTATUS_SPP, SSTATUS_SPP,
		"sstatus.SPP = 1 at entry (S-mode was interrupted)");
	TEST_EQ(c->f.sstatus & SSTATUS_SIE, 0, "sstatus.SIE = 0 at entry");
	TEST_EQ(c->inject_count, 4, "INTERRUPTED_* written while RUNNING");
	TEST_EQ(c->pending_after, SBI_ERR_INVALID_PARAM,
		"INTERRUPTED_FLAGS bit 6 is INVALID_PARAM");
	TEST_EQ(c->order, SBI_ERR_INVALID_STATE, "PRIO while RUNNING");
	TEST_EQ(sbi_sse_state(EV_LOCAL), SBI_SSE_STATE_ENABLED,
		"ENABLED after complete");

	/* one-shot: complete leaves it REGISTERED */
	c->handler = handler;
	sse_fn1(SBI_EXT_SSE_DISABLE, EV_LOCAL);
	TEST_SBI_OK(sse_write1(EV_LOCAL, SBI_SSE_ATTR_CONFIG,
			       SBI_SSE_CONFIG_ONESHOT), "CONFIG ONESHOT");
	sse_fn1(SBI_EXT_SSE_ENABLE, EV_LOCAL);
	TEST_SBI_OK(sse_call(SBI_EXT_SSE_INJECT, EV_LOCAL, hart, 0, 0),
		    "inject (one-shot)");
	TEST_EQ(c->count, 2, "delivered at the inject's return");
	TEST_EQ(c->attr[SBI_SSE_ATTR_INTERRUPTED_A6], SBI_EXT_SSE_INJECT,
		"INTERRUPTED_A6: inject's FID");
	TEST_EQ(sbi_sse_state(EV_LOCAL), SBI_SSE_STATE_REGISTERED,
		"one-shot: REGISTERED after complete");
	release_event(EV_LOCAL);
}

/* Every register, sepc and sstatus.SPP/SPIE intact around a delivery. */
static void test_context(void)
{
	struct sse_tctx *c = tctx(0, EV_LOCAL, handler);
	unsigned long r[32], want[32], i, bad = 0, st, sepc = 0x80abcde0UL;
	unsigned long hart = platform.boot_hartid;

	enable_event(c, 0);
	for (i = 1; i < 32; i++)
		want[i] = r[i] = 0x1111111111111111UL * (i % 15 + 1) + i;
	want[2] = r[2] = (unsigned long)&r[0] - 256;	/* sp: below us */
	r[10] = EV_LOCAL;
	r[11] = hart;
	r[16] = SBI_EXT_SSE_INJECT;
	r[17] = SBI_EXT_SSE;
	want[16] = r[16];
	want[17] = r[17];
	want[10] = 0;
	want[11] = 0;
	csr_write(CSR_SEPC, sepc);
	csr_set(CSR_SSTATUS, SSTATUS_SPP);
	csr_clear(CSR_SSTATUS, SSTATUS_SPIE);
	payload_ecall_regs(r);
	st = csr_read(CSR_SSTATUS);
	TEST_EQ(csr_read(CSR_SEPC), sepc, "sepc intact after the event");
	TEST_EQ(st & (SSTATUS_SPP | SSTATUS_SPIE), SSTATUS_SPP,
		"sstatus.SPP/SPIE intact after the event");
	TEST_EQ(c->count, 1, "the event ran inside the ecall");
	for (i = 1; i < 32; i++)
		if (i != 4 && r[i] != want[i])
			bad |= BIT(i);
	TEST_EQ(bad, 0, "every register but tp intact after inject + complete"
		" (mask of changed x-registers)");
	for (bad = 0, i = 1; i < 32; i++)
		if (i != 10 && i != 11 && i != 16 && i != 17 &&
		    c->f.regs[i] != want[i])
			bad |= BIT(i);
	TEST_EQ(bad, 0, "the handler entered with the interrupted registers");
	TEST_EQ(c->attr[SBI_SSE_ATTR_INTERRUPTED_SEPC], sepc,
		"INTERRUPTED_SEPC: the old sepc");
	TEST_EQ(c->attr[SBI_SSE_ATTR_INTERRUPTED_FLAGS] &
			(SBI_SSE_FLAG_SPP | SBI_SSE_FLAG_SPIE),
		SBI_SSE_FLAG_SPP, "INTERRUPTED_FLAGS: old SPP = 1, SPIE = 0");
	release_event(EV_LOCAL);
}

/* Two events: @first injects @second from its handler. */
static void prio_case(uint32_t first, unsigned long pf, uint32_t second,
		      unsigned long ps, int preempts)
{
	struct sse_tctx *a = tctx(0, EV_LOCAL, handler);
	struct sse_tctx *b = tctx(1, EV_GLOBAL, handler);
	struct sse_tctx *f = first == EV_LOCAL ? a : b;
	struct sse_tctx *s = first == EV_LOCAL ? b : a;

	seq = 0;
	enable_event(f, pf);
	enable_event(s, ps);
	f->inject = second;
	TEST_SBI_OK(sse_call(SBI_EXT_SSE_INJECT, first, platform.boot_hartid,
			     0, 0), "inject 0x%x (PRIO %lu)", first, pf);
	TEST_EQ(f->count, 1, "0x%x ran", first);
	TEST_EQ(s->count, 1, "0x%x ran", second);
	if (preempts) {
		TEST_EQ(f->inject_count, 1,
			"0x%x (PRIO %lu) preempted 0x%x (PRIO %lu) at once",
			second, ps, first, pf);
		TEST_EQ(f->pending_after, 0, "not pending after it ran");
	} else {
		TEST_EQ(f->inject_count, 0,
			"0x%x (PRIO %lu) waited for 0x%x (PRIO %lu)", second,
			ps, first, pf);
		TEST_EQ(f->pending_after, 1, "pending meanwhile");
		TEST_EQ(s->order, 2, "ran right after complete");
	}
	release_event(EV_LOCAL);
	release_event(EV_GLOBAL);
}

static void test_priorities(void)
{
	prio_case(EV_LOCAL, 10, EV_GLOBAL, 5, 1);
	prio_case(EV_GLOBAL, 5, EV_LOCAL, 10, 0);
	prio_case(EV_GLOBAL, 7, EV_LOCAL, 7, 1);	/* tie: lower ID first */
	prio_case(EV_LOCAL, 7, EV_GLOBAL, 7, 0);
	prio_case(EV_GLOBAL, 0, EV_LOCAL, 0xffffffff, 0);
}

/* Another hart takes a local and a global event injected from here. */
static volatile int remote_ready, remote_done;

static void remote_body(unsigned long hartid, unsigned long opaque, void *arg)
{
	struct sse_tctx *c = &ctx[2];

	sse_fn1(SBI_EXT_SSE_HART_UNMASK, 0);
	if (!sse_register(c).error && !sse_fn1(SBI_EXT_SSE_ENABLE, EV_LOCAL).error)
		remote_ready = 1;
	local_irq_disable();
	wait_for_int((const int *)&remote_done, 1, 5 * TIMEOUT_US);
	sse_fn1(SBI_EXT_SSE_DISABLE, EV_LOCAL);
	sse_fn1(SBI_EXT_SSE_UNREGISTER, EV_LOCAL);
	sse_fn1(SBI_EXT_SSE_HART_MASK, 0);
}

static int wait_count(struct sse_tctx *c, unsigned long n)
{
	unsigned long t0 = time_now();

	while (READ_ONCE(c->count) < n && time_now() - t0 < usec_to_ticks(TIMEOUT_US))
		;
	return READ_ONCE(c->count) >= n;
}

static void test_remote(void)
{
	unsigned long others = other_harts(), h, hart = platform.boot_hartid;
	struct sse_tctx *g = tctx(1, EV_GLOBAL, handler);

	if (!others) {
		test_skip("one hart", "SSE injection to another hart");
		return;
	}
	h = bit_lowest(others);
	tctx(0, EV_LOCAL, handler);
	tctx(2, EV_LOCAL, handler);
	remote_ready = remote_done = 0;
	if (!TEST_SBI_OK(hart_start(h, remote_body, NULL, 0), "start hart %lu", h))
		return;
	if (!TEST_ASSERT(wait_for_int((const int *)&remote_ready, 1, TIMEOUT_US),
			 "hart %lu registered and enabled its local event", h))
		goto out;
	TEST_SBI_OK(sse_call(SBI_EXT_SSE_INJECT, EV_LOCAL, h, 0, 0),
		    "inject the local event of hart %lu", h);
	TEST_ASSERT(wait_count(&ctx[2], 1), "hart %lu ran its handler", h);
	TEST_EQ(ctx[2].hartid, h, "on hart %lu (a6)", h);
	TEST_EQ(ctx[0].count, 0, "not on this hart");
	TEST_SBI_ERR(sse_call(SBI_EXT_SSE_INJECT, EV_LOCAL, invalid_hartid(), 0, 0),
		     SBI_ERR_INVALID_PARAM, "inject to no hart");

	TEST_SBI_OK(sse_register(g), "register the global event");
	TEST_SBI_OK(sse_write1(EV_GLOBAL, SBI_SSE_ATTR_PREFERRED_HART, h),
		    "PREFERRED_HART = %lu", h);
	TEST_SBI_OK(sse_fn1(SBI_EXT_SSE_ENABLE, EV_GLOBAL), "enable global");
	TEST_SBI_ERR(sse_write1(EV_GLOBAL, SBI_SSE_ATTR_PREFERRED_HART, hart),
		     SBI_ERR_INVALID_STATE, "PREFERRED_HART while ENABLED");
	TEST_SBI_OK(sse_call(SBI_EXT_SSE_INJECT, EV_GLOBAL, hart, 0, 0),
		    "inject global (hart_id ignored)");
	TEST_ASSERT(wait_count(g, 1), "the global handler ran");
	TEST_EQ(g->hartid, h, "on the preferred hart %lu", h);
	release_event(EV_GLOBAL);
out:
	remote_done = 1;
	hart_wait_status(h, SBI_HSM_STATE_STOPPED, TIMEOUT_US);
}

/* PMU overflow as an SSE event, with S-mode interrupts off. */
#define PERIOD		2000
#define RUNS		3

static long pmu_ctr;
static unsigned long pmu_top, pmu_sepc_bad, pmu_spie;

static void pmu_handler(struct sse_tctx *c, unsigned long hartid)
{
	if (c->f.sepc < (unsigned long)sse_test_loop ||
	    c->f.sepc >= (unsigned long)sse_test_loop_end)
		pmu_sepc_bad++;
	pmu_spie |= c->f.sstatus & SSTATUS_SPIE;
	c->count++;
	sbi_pmu_counter_stop(pmu_ctr, 1, 0);
	if (c->count < RUNS)
		sbi_pmu_counter_start(pmu_ctr, 1, PMU_START_SET_INIT_VALUE,
				      pmu_top - PERIOD);
}

/* Leaves the counter running and its OF bit set. */
static void pmu_leave_handler(struct sse_tctx *c, unsigned long hartid)
{
	c->count++;
}

static unsigned long lcofi_count;

static void lcofi(unsigned long irq, struct trap_frame *f)
{
	lcofi_count++;
	csr_clear(CSR_SIP, SIP_LCOFIP);
	sbi_pmu_counter_stop(pmu_ctr, 1, 0);
}

static void test_pmu(void)
{
	struct sse_tctx *c = tctx(3, EV_PMU, pmu_handler);
	struct sbiret ret;
	unsigned long width, before, delivered;

	ret = sbi_pmu_counter_cfg_match(3, 0x1fffffffUL, PMU_CFG_SET_MINH,
					PMU_EVIDX(PMU_EV_TYPE_HW,
						  PMU_HW_INSTRUCTIONS), 0);
	if (!TEST_SBI_OK(ret, "an hpmcounter counts INSTRUCTIONS"))
		return;
	pmu_ctr = ret.value;
	width = (sbi_pmu_counter_get_info(pmu_ctr).value >> 12) & 63;
	pmu_top = width == 63 ? ~0UL : (1UL << (width + 1)) - 1;
	csr_clear(CSR_SIP, SIP_LCOFIP);	/* no stale overflow of earlier tests */
	csr_set(CSR_SIE, SIP_LCOFIP);	/* S-mode's own enable, kept aside */
	enable_event(c, 0);
	TEST_EQ(c->count, 0, "enabling delivers nothing without an overflow");
	TEST_EQ(csr_read(CSR_SIE) & SIP_LCOFIP, 0,
		"while enabled the LCOFI is not S-mode's (sie.LCOFIE reads 0)");
	before = trap_irq_count(IRQ_LCOF);
	pmu_sepc_bad = pmu_spie = 0;
	local_irq_disable();
	/* nothing between the start and the loop: no printing */
	ret = sbi_pmu_counter_start(pmu_ctr, 1, PMU_START_SET_INIT_VALUE,
				    pmu_top - PERIOD);
	sse_test_loop(RUNS * PERIOD);
	sbi_pmu_counter_stop(pmu_ctr, 1, 0);
	TEST_SBI_OK(ret, "start counter %ld near its top", pmu_ctr);
	TEST_EQ(c->count, RUNS, "%d overflows, %d SSE deliveries with SIE = 0",
		RUNS, RUNS);
	TEST_EQ(pmu_sepc_bad, 0, "every one interrupted the loop");
	TEST_EQ(pmu_spie, 0, "the interrupted sstatus.SIE was 0");
	TEST_EQ(trap_irq_count(IRQ_LCOF), before, "no LCOFI reached S-mode");
	TEST_EQ(csr_read(CSR_SIP) & SIP_LCOFIP, 0, "sip.LCOFIP clear");

	/*
	 * One delivery per overflow: the event is not signalled again at
	 * completion while the OF bit stays set (Linux defers an overflow
	 * that interrupts its own counter operations this way).
	 */
	c->handler = pmu_leave_handler;
	c->count = 0;
	ret = sbi_pmu_counter_start(pmu_ctr, 1, PMU_START_SET_INIT_VALUE,
				    pmu_top - PERIOD);
	sse_test_loop(3 * PERIOD);
	sbi_pmu_counter_stop(pmu_ctr, 1, 0);
	TEST_SBI_OK(ret, "start counter %ld again", pmu_ctr);
	TEST_EQ(c->count, 1, "OF left set by the handler: delivered once");
	delivered = c->count;

	release_event(EV_PMU);
	TEST_EQ(csr_read(CSR_SIE) & SIP_LCOFIP, SIP_LCOFIP,
		"unregistered: sie.LCOFIE is S-mode's again, as it left it");
	trap_set_irq_handler(IRQ_LCOF, lcofi);
	lcofi_count = 0;
	sbi_pmu_counter_start(pmu_ctr, 1, PMU_START_SET_INIT_VALUE,
			      pmu_top - PERIOD);
	local_irq_enable();
	sse_test_loop(2 * PERIOD);
	local_irq_disable();
	sbi_pmu_counter_stop(pmu_ctr, 1, PMU_STOP_RESET);
	csr_clear(CSR_SIE, SIP_LCOFIP);
	TEST_EQ(lcofi_count, 1, "after unregister the overflow is an LCOFI again");
	TEST_EQ(c->count, delivered, "and no SSE event");
}

/*
 * Ssdbltrp: a trap S-mode takes with sstatus.SDT = 1 (FWFT DOUBLE_TRAP on)
 * is a double trap; with the event enabled it arrives as that event.
 */
#define DT_MARK		0x80fedcb0UL	/* sepc before the double trap */

enum dt_kind {
	DT_HW,		/* ebreak: the hardware's double trap (cause 16) */
	DT_FW,		/* load of firmware memory: the firmware's redirect */
	DT_ECALL,	/* legacy send_ipi faulting on its mask pointer */
};

static const char *const dt_names[] = { "hardware (ebreak)",
					"firmware redirect (access fault)",
					"ecall (legacy send_ipi)" };

struct dt_result {
	unsigned long pc;	/* the trapping instruction */
	unsigned long sstatus;	/* right after it */
	unsigned long sepc;	/* right after it */
	unsigned long a0;	/* the ecall's a0 after it */
};

/* SPP = 1, SPIE = 0, sepc = DT_MARK, SDT = 1, then trap as @kind. */
static void dt_trigger(enum dt_kind kind, struct dt_result *r)
{
	register unsigned long a0 asm("a0") = platform.mem_base;
	register unsigned long a7 asm("a7") = SBI_EXT_0_1_SEND_IPI;
	unsigned long sdt = SSTATUS_SDT, x;

	csr_set(CSR_SSTATUS, SSTATUS_SPP);
	csr_clear(CSR_SSTATUS, SSTATUS_SPIE);
	csr_write(CSR_SEPC, DT_MARK);
	switch (kind) {
	case DT_HW:
		asm volatile(".option push\n.option norvc\n"
			     "la %0, 1f\ncsrs sstatus, %3\n"
			     "1: ebreak\n"
			     "csrr %1, sstatus\ncsrc sstatus, %3\n.option pop"
			     : "=&r"(r->pc), "=&r"(r->sstatus), "=&r"(x)
			     : "r"(sdt) : "memory");
		break;
	case DT_FW:
		asm volatile(".option push\n.option norvc\n"
			     "la %0, 1f\ncsrs sstatus, %3\n"
			     "1: " PAYLOAD_STR(REG_L) " %2, 0(%4)\n"
			     "csrr %1, sstatus\ncsrc sstatus, %3\n.option pop"
			     : "=&r"(r->pc), "=&r"(r->sstatus), "=&r"(x)
			     : "r"(sdt), "r"(a0) : "memory");
		break;
	case DT_ECALL:
		asm volatile(".option push\n.option norvc\n"
			     "la %0, 1f\ncsrs sstatus, %3\n"
			     "1: ecall\n"
			     "csrr %1, sstatus\ncsrc sstatus, %3\n.option pop"
			     : "=&r"(r->pc), "=&r"(r->sstatus), "+r"(a0)
			     : "r"(sdt), "r"(a7) : "memory");
		break;
	}
	r->sepc = csr_read(CSR_SEPC);
	r->a0 = a0;
}

/* The double trap handler: record, then step over the trapping insn. */
static void dt_handler(struct sse_tctx *c, unsigned long hartid)
{
	handler(c, hartid);
	c->entry_sepc = c->f.sepc;
	c->f.sepc += 4;
}

static void dt_case(enum dt_kind kind)
{
	struct sse_tctx *c = &ctx[3];
	unsigned long *a = c->attr, flags;
	const char *n = dt_names[kind];
	struct dt_result r;

	c->count = 0;
	dt_trigger(kind, &r);
	flags = a[SBI_SSE_ATTR_INTERRUPTED_FLAGS] &
		(SBI_SSE_FLAG_SPP | SBI_SSE_FLAG_SPIE | SBI_SSE_FLAG_SDT);
	TEST_EQ(c->count, 1, "%s: the double trap event ran once", n);
	TEST_EQ(c->attr_err, 0, "%s: attributes read in the handler", n);
	TEST_EQ(c->entry_sepc, r.pc,
		"%s: sepc at entry = the trapping instruction", n);
	TEST_EQ(a[SBI_SSE_ATTR_STATUS],
		SBI_SSE_STATE_RUNNING | SBI_SSE_STATUS_INJECT,
		"%s: STATUS RUNNING, not pending, in the handler", n);
	TEST_EQ(a[SBI_SSE_ATTR_INTERRUPTED_SEPC], DT_MARK,
		"%s: INTERRUPTED_SEPC = sepc before the trap (not written)", n);
	TEST_EQ(flags, SBI_SSE_FLAG_SPP | SBI_SSE_FLAG_SDT,
		"%s: INTERRUPTED_FLAGS SPP = 1, SPIE = 0, SDT = 1", n);
	TEST_EQ(c->f.sstatus & (SSTATUS_SDT | SSTATUS_SPP | SSTATUS_SIE),
		SSTATUS_SDT | SSTATUS_SPP,
		"%s: at entry SDT = 1 (FWFT on), SPP = 1, SIE = 0", n);
	TEST_EQ(r.sstatus & (SSTATUS_SDT | SSTATUS_SPP | SSTATUS_SPIE),
		SSTATUS_SDT | SSTATUS_SPP,
		"%s: after complete SDT, SPP, SPIE as interrupted", n);
	TEST_EQ(r.sepc, DT_MARK, "%s: sepc back after complete", n);
	if (kind == DT_ECALL) {
		TEST_EQ(c->attr[SBI_SSE_ATTR_INTERRUPTED_A7],
			SBI_EXT_0_1_SEND_IPI, "%s: INTERRUPTED_A7 = the EID", n);
		TEST_EQ(r.a0, platform.mem_base, "%s: a0 left as it was", n);
	}
	TEST_EQ(sbi_sse_state(EV_DBLTRP), SBI_SSE_STATE_ENABLED,
		"%s: ENABLED after complete", n);
}

/* A local software event's handler double traps: the event preempts it. */
static void dt_nested_handler(struct sse_tctx *c, unsigned long hartid)
{
	struct dt_result r;

	handler(c, hartid);
	dt_trigger(DT_HW, &r);
	c->inject_count = ctx[3].count;
	c->entry_sepc = r.pc == ctx[3].entry_sepc;
}

/* On another hart: the event cannot run there, so the double trap stops it. */
static volatile int dt_reached, dt_after;

static void dt_remote_body(unsigned long hartid, unsigned long opaque,
			   void *arg)
{
	struct sse_tctx *c = &ctx[2];
	struct dt_result r;

	local_irq_disable();
	if (sbi_fwft_set(SBI_FWFT_DOUBLE_TRAP, 1, 0).error ||
	    sse_register(c).error)
		return;
	if (opaque) {	/* enabled but masked: not ready */
		if (sse_fn1(SBI_EXT_SSE_ENABLE, EV_DBLTRP).error)
			return;
	} else if (sse_fn1(SBI_EXT_SSE_HART_UNMASK, 0).error) {
		return;	/* unmasked but only REGISTERED */
	}
	dt_reached = 1;
	dt_trigger(DT_HW, &r);
	dt_after = 1;
}

static void dt_stop_case(unsigned long h, int enabled)
{
	const char *why = enabled ? "enabled, hart masked" : "only registered";

	tctx(2, EV_DBLTRP, dt_handler);
	dt_reached = dt_after = 0;
	if (!TEST_SBI_OK(hart_start(h, dt_remote_body, NULL, enabled),
			 "start hart %lu", h))
		return;
	TEST_EQ(hart_wait_status(h, SBI_HSM_STATE_STOPPED, TIMEOUT_US),
		SBI_HSM_STATE_STOPPED, "%s: the double trap stopped hart %lu",
		why, h);
	TEST_EQ(dt_reached, 1, "%s: hart %lu set it up", why, h);
	TEST_EQ(dt_after, 0, "%s: hart %lu never went on", why, h);
	TEST_EQ(ctx[2].count, 0, "%s: no event ran", why);
}

static void test_dbltrp(void)
{
	struct sse_tctx *c = tctx(3, EV_DBLTRP, dt_handler);
	struct sse_tctx *sw = tctx(0, EV_LOCAL, dt_nested_handler);
	unsigned long others = other_harts();
	enum dt_kind k;

	if (!TEST_SBI_OK(sbi_fwft_set(SBI_FWFT_DOUBLE_TRAP, 1, 0),
			 "FWFT DOUBLE_TRAP = 1"))
		return;
	local_irq_disable();
	enable_event(c, 0);
	for (k = DT_HW; k <= DT_ECALL; k++)
		dt_case(k);

	c->count = 0;
	enable_event(sw, 0);
	TEST_SBI_OK(sse_call(SBI_EXT_SSE_INJECT, EV_LOCAL, platform.boot_hartid,
			     0, 0), "inject the software event");
	TEST_EQ(sw->count, 1, "its handler ran and double trapped");
	TEST_EQ(sw->inject_count, 1,
		"the double trap event (PRIO 0, ID 1) preempted it at once");
	TEST_EQ(sw->entry_sepc, 1, "at the trapping instruction");
	release_event(EV_LOCAL);
	release_event(EV_DBLTRP);
	sbi_fwft_set(SBI_FWFT_DOUBLE_TRAP, 0, 0);

	if (!others) {
		test_skip("one hart", "a double trap stopping a hart");
		return;
	}
	dt_stop_case(bit_lowest(others), 1);
	dt_stop_case(bit_lowest(others), 0);
}

void test_sse(void)
{
	struct sbiret ret = sbi_probe_extension(SBI_EXT_SSE);
	int pmu = payload_isa_ext("sscofpmf");
	int dbltrp = payload_isa_ext("ssdbltrp");

	TEST_SBI_OK(ret, "probe SSE");
	if (!TEST_ASSERT(ret.value, "SSE is available"))
		return;
	test_mask();
	test_event_ids(pmu, dbltrp);
	test_attrs(EV_LOCAL);
	test_attrs(EV_GLOBAL);
	if (pmu)
		test_attrs(EV_PMU);
	test_state_machine(EV_LOCAL);
	test_state_machine(EV_GLOBAL);
	if (pmu)
		test_state_machine(EV_PMU);
	if (dbltrp) {
		test_attrs(EV_DBLTRP);
		test_state_machine(EV_DBLTRP);
	}
	test_deliver();
	test_context();
	test_priorities();
	test_remote();
	/* QEMU models overflows at the instruction only under -icount */
	if (pmu && payload_has_arg("icount"))
		test_pmu();
	else
		test_skip(pmu ? "not an -icount run (bootarg icount)" :
			  "no Sscofpmf", "PMU overflow via SSE");
	if (dbltrp)
		test_dbltrp();
	else
		test_skip("no Ssdbltrp", "the double trap event");
	sse_fn1(SBI_EXT_SSE_HART_MASK, 0);
}
