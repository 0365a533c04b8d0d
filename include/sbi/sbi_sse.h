/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI Supervisor Software Events (SSE): event state and delivery
 * (lib/sbi/sbi_sse.c), the ecall binding (lib/sbi/sbi_ecall_sse.c).
 *
 * Events are delivered where they become deliverable, never by a check on
 * every trap exit: at the return of the SSE call that made one pending or
 * ready (inject to self, enable, hart_unmask, complete), in the M-mode
 * software interrupt another hart's inject sent, and in the routed PMU
 * overflow interrupt.
 */
#ifndef SBI_SSE_H
#define SBI_SSE_H

#include <stdbool.h>
#include <stdint.h>
#include <sbi/riscv_atomic.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_trap.h>

/* Local events, per hart: index in struct sbi_sse_hart.local */
#define SBI_SSE_LOCAL_SOFTWARE	0
#define SBI_SSE_LOCAL_PMU	1
#define SBI_SSE_LOCAL_DBLTRP	2
#define SBI_SSE_NR_LOCAL	3

struct sbi_sse_event {
	/* the attributes by ID; attr[STATUS] holds the state only */
	unsigned long attr[SBI_SSE_NR_ATTRS];
	uint32_t id;
	atomic_t pending;	/* set by any hart, cleared on delivery */
	/* while RUNNING: the running event this one interrupted, or NULL */
	struct sbi_sse_event *preempted;
};

/*
 * A hart's events. Running events nest: one is entered only above every
 * running one, so the last entered is the highest-priority running event
 * and the one `complete` ends; `preempted` links the rest.
 */
struct sbi_sse_hart {
	bool masked;
	struct sbi_sse_event *running;
	struct sbi_sse_event local[SBI_SSE_NR_LOCAL];
};

struct sbi_scratch;
struct sbi_trap_regs;

/* Cold boot: the global events, before any hart resets its own. */
void sbi_sse_init(unsigned long boot_hartid);
/* Hart reset (boot, HSM start): every local event UNUSED, events masked. */
void sbi_sse_hart_reset(struct sbi_scratch *s);
/* In an M-mode trap from below M-mode: deliver what is now deliverable. */
void sbi_sse_deliver_trap(struct sbi_trap_regs *regs);
/* The PMU core saw a routed overflow on this hart: make the event pending. */
void sbi_sse_pmu_overflow(void);
/*
 * An S-mode double trap (Ssdbltrp) at the trap @regs, or with NULL at the
 * S-mode ecall being handled: true if it was delivered as the double trap
 * event (enabled, unmasked, above every running event), false otherwise.
 */
bool sbi_sse_double_trap(struct sbi_trap_regs *regs);

/* The functions of the ecall binding; a6/a7 and mepc per the fast path. */
long sbi_sse_read_attrs(uint32_t id, uint32_t base, uint32_t count,
			unsigned long lo, unsigned long hi);
long sbi_sse_write_attrs(uint32_t id, uint32_t base, uint32_t count,
			 unsigned long lo, unsigned long hi);
long sbi_sse_register(uint32_t id, unsigned long pc, unsigned long arg);
long sbi_sse_unregister(uint32_t id);
long sbi_sse_enable(uint32_t id);
long sbi_sse_disable(uint32_t id);
/*
 * The round trip of an event, each a whole call: inject, which delivers
 * the event on its return when it may run on this hart, and complete,
 * which resumes the interrupted context with its own a0/a1.
 */
struct sbiret sbi_sse_inject(uint32_t id, unsigned long hartid);
struct sbiret sbi_sse_complete(void);
long sbi_sse_hart_unmask(void);
long sbi_sse_hart_mask(void);
/* At the end of an SSE call: deliver what became deliverable. */
void sbi_sse_deliver_ecall(void);

#endif /* SBI_SSE_H */
