/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hostile-supervisor payload: an S-mode program that tries to crash,
 * corrupt or spy through the firmware. Five parts, chosen by words in the
 * bootargs (all of them when none is given):
 *
 *	hostile.storm		random and adversarial SBI calls on every hart
 *	hostile.isolation	memory, counter and per-hart isolation
 *	hostile.smp		HSM hot-plug and PMU stress on all harts
 *	hostile.pdisbuf		the PDIS memory buffer aimed at the firmware
 *	hostile.sse		SSE races, a handler that never completes,
 *				nesting with the PMU event, hotplug
 *
 * Knobs: hostile.calls=N (storm calls per hart), hostile.seed=N,
 * hostile.lives=N (HSM starts in the SMP part). See README.md.
 */
#ifndef HOSTILE_H
#define HOSTILE_H

#include <stdbool.h>
#include <payload.h>
#include <pmu/pmu_sbi.h>

#define PAGE_SIZE		4096UL
#define PMU_MAX_CTRS		64
#define TIMEOUT_US		5000000UL

#define EV_HW(code)		PMU_EVIDX(PMU_EV_TYPE_HW, code)
#define EV_CACHE(code)		PMU_EVIDX(PMU_EV_TYPE_CACHE, code)
#define EV_FW(code)		PMU_EVIDX(PMU_EV_TYPE_FW, code)

/* Bit of an SBI error code in an "allowed results" mask (0 .. -15). */
#define E(err)			(1U << -(err))
#define E_OK			E(SBI_SUCCESS)

#define for_each_hart(h, mask)						\
	for ((h) = 0; (h) < PAYLOAD_MAX_HARTS; (h)++)			\
		if ((mask) & BIT(h))

/* What the payload knows about the machine, the firmware and the PMU. */
struct hostile_env {
	/* memory: RAM from the DT, the firmware's reservation inside it */
	unsigned long ram_base, ram_end;
	unsigned long fw_base, fw_size;
	unsigned long fdt_base, fdt_end;
	unsigned long payload_start, payload_end;
	unsigned long uart, clint, plic;

	/* knobs */
	unsigned long seed;
	unsigned long calls;		/* storm calls per hart */
	unsigned long lives;		/* SMP part: HSM starts in total */

	/* ISA (DT of the boot hart) */
	bool sscofpmf, smcntrpmf, hyp, sstc;
	bool test_channel;

	/* PMU as the boot hart saw it before anything else ran */
	unsigned long num_ctrs;
	unsigned long dbtr_max;		/* DBTR trig_max; 0: no DBTR */
	long info_err[PMU_MAX_CTRS];
	unsigned long info[PMU_MAX_CTRS];
	uint64_t valid, hw, fw;		/* get_info OK / by type */
	int fw_first;			/* lowest firmware counter or -1 */
	int cycle, instret;		/* counter on CSR cycle / instret or -1 */
	uint64_t hpm;			/* hardware counters on hpmcounter3+ */
	bool evinfo, snapshot;		/* optional functions implemented */
};

extern struct hostile_env env;

/* ---- common.c ---- */
void env_init(void);

/* Deterministic PRNG (xorshift64*), one state per user. */
struct rng {
	uint64_t s;
};

void rng_seed(struct rng *r, uint64_t seed);
uint64_t rng_next(struct rng *r);

static inline unsigned long rng_below(struct rng *r, unsigned long n)
{
	return n ? rng_next(r) % n : 0;
}

/* true with probability pct / 100 */
static inline bool rng_pct(struct rng *r, unsigned int pct)
{
	return rng_below(r, 100) < pct;
}

/* Address classes: who owns [lo, lo + len) (with hi the upper word). */
enum mem_class {
	MEM_OWNED,		/* inside this hart's buffers: may be handed over */
	MEM_SRAM,		/* other supervisor RAM: the payload's own */
	MEM_FOREIGN,		/* not supervisor RAM at all: must be refused */
};

enum mem_class mem_classify(unsigned long lo, unsigned long hi,
			    unsigned long len, unsigned long hartid);
/* Is [lo, lo + len) (len > 0) entirely supervisor RAM? */
bool mem_is_sram(unsigned long lo, unsigned long len);

/*
 * Buffers a hart may hand to the firmware, with guard pages between them.
 * The firmware may write only: the first PMU_SNAPSHOT_USED bytes of the
 * snapshot page registered on this hart (COUNTER_STOP with TAKE_SNAPSHOT),
 * the output word of event_get_info entries, and the bytes console_read
 * reports. Everything else must keep what the payload wrote.
 */
#define PMU_SNAPSHOT_USED	(8 + 8 * PMU_SNAPSHOT_NUM_VALUES)
#define EVINFO_ENTRIES		(PAGE_SIZE / 16)

struct hart_bufs {
	uint8_t guard0[PAGE_SIZE];
	uint8_t snap[2][PAGE_SIZE];
	uint8_t guard1[PAGE_SIZE];
	struct pmu_event_info_entry evinfo[EVINFO_ENTRIES];
	uint8_t guard2[PAGE_SIZE];
	uint8_t dbcn[PAGE_SIZE];	/* first half zero: console_write source */
	uint8_t guard3[PAGE_SIZE];
	unsigned long hmask[8];		/* legacy hart masks */
	unsigned long dbtr[128];	/* DBTR shared memory (trig_max <= 32) */
	unsigned long sse[16];		/* SSE read_attrs/write_attrs buffer */
	uint8_t guard4[PAGE_SIZE - 64 - 1024 - 128];
} __attribute__((aligned(4096)));

extern struct hart_bufs hbufs[PAYLOAD_MAX_HARTS];
extern struct hart_bufs hshadow[PAYLOAD_MAX_HARTS];

/* Fill @b and its shadow with the hart's canary pattern. */
void bufs_init(unsigned long hartid);
/* Accept what the firmware may have written in [p, p + len) of @hartid. */
void bufs_accept(unsigned long hartid, const void *p, unsigned long len);
/*
 * Compare the buffers with their shadow: returns the number of differing
 * bytes; *@first gets the offset of the first one.
 */
unsigned long bufs_diff(unsigned long hartid, unsigned long *first);

/*
 * Free RAM (not the firmware, payload or DT): fill with canaries or check
 * them, part @part of @nparts (1 MiB chunks dealt out round robin). A check
 * returns the bad 8-byte words; *@first_bad gets the first address.
 */
unsigned long ram_canary(unsigned long key, bool fill, unsigned int part,
			 unsigned int nparts, unsigned long *first_bad,
			 unsigned long *scanned);

/* The event is reserved/unknown for every SBI implementation (spec). */
bool event_reserved(unsigned long event_idx, uint64_t data);

/* The error code is one SBI defines (0 .. -14). */
static inline bool sbi_err_known(long err)
{
	return err <= 0 && err >= SBI_ERR_DENIED_LOCKED;
}

/* Sleep about @us (WFI until a direct stimecmp deadline where Sstc exists). */
void nap(unsigned long us);

/* Release every counter of the calling hart (stop + reset each one). */
void pmu_release_all(void);

/* ---- regs.S ---- */

/*
 * One ecall with every register checked. in[n] is loaded into xn for all
 * n but zero, sp, gp and tp (which keep their values); out[n] receives xn
 * after the ecall (out[2..4] the values of sp, gp, tp). hostile_ecall_pc is
 * the address of the ecall instruction.
 */
struct hostile_regs {
	unsigned long in[32];
	unsigned long out[32];
	unsigned long save;
};

void hostile_ecall(struct hostile_regs *r);
extern char hostile_ecall_pc[];

/*
 * SSE handler of the storm: a7 = ENTRY_ARG = a struct sse_rec, a6 = hartid.
 * Counts the entry, records sepc and a6, then completes at once; it changes
 * only a6/a7, which complete gives back.
 */
struct sse_rec {
	unsigned long count, sepc, hartid;
};

void hostile_sse_entry(void);
/* The isolation part's: a7 = unsigned long[34], see regs.S. */
void hostile_sse_save_entry(void);

/* Landing pad for a hart_start that must not succeed: counts, stops. */
void hostile_landing(void);
extern unsigned long hostile_landings;

/*
 * The SSE part's handler that never completes (regs.S): sse_escape_arm()
 * returns 0 after saving the S-mode context (like setjmp); an event
 * registered with hostile_sse_escape and ENTRY_ARG = the struct then
 * counts its entry, records a6, sepc and sstatus as entered and returns 1
 * from sse_escape_arm() with sstatus and sepc as they were there. The event
 * stays RUNNING.
 */
struct sse_escape {
	unsigned long ctx[16];		/* ra, sp, gp, tp, s0-s11 */
	unsigned long sstatus, sepc;
	unsigned long entered, hartid, entry_sepc, entry_sstatus;
};

long sse_escape_arm(struct sse_escape *e) __attribute__((returns_twice));
void hostile_sse_escape(void);

/*
 * A loop an SSE event can interrupt with known registers (regs.S): the
 * ecall start[] first (a0..a7: a PMU counter start, so that the overflow
 * falls in the loop), then x1..x31 from in[] but sp, gp, tp, s0, s1 and
 * t0, then a loop until *@flag != 0 or the time CSR reaches @until; out[]
 * gets x1..x31 at the end, ret[] the ecall's a0/a1.
 */
struct sse_spin {
	unsigned long start[8];
	unsigned long in[32];
	unsigned long out[32];
	const volatile unsigned long *flag;
	unsigned long until;
	unsigned long ret[2];
};

void hostile_sse_spin(struct sse_spin *s);
extern char hostile_sse_spin_loop[], hostile_sse_spin_end[];

/*
 * Counter CSR 0xc00 + n read around one ecall: r->in as above (a0..a7
 * only); returns the difference; r->out[10], r->out[11] get a0/a1.
 */
typedef unsigned long (*ctr_ecall_fn)(struct hostile_regs *r);
extern const ctr_ecall_fn ctr_ecall_table[32];
/*
 * Counter CSR 0xc00 + n read around an S-mode loop of @iters iterations,
 * each one load, one store and one taken backward branch (plus an addi):
 * 4 * iters + 1 instructions, iters loads, iters stores, iters branches
 * (iters - 1 taken).
 */
typedef unsigned long (*ctr_loop_fn)(unsigned long iters, unsigned long *buf);
extern const ctr_loop_fn ctr_loop_table[32];
/* csrr a0, 0xc00 + n */
typedef unsigned long (*ctr_read_fn)(void);
extern const ctr_read_fn ctr_read_table[32];

/* ---- parts ---- */
void storm_run(void);
void isolation_run(void);
void smp_run(void);
void pdisbuf_run(void);
void sse_run(void);

#endif /* HOSTILE_H */
