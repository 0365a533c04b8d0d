/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Part 1, the storm: every hart at once issues random and adversarial SBI
 * calls to every extension (PMU above all) with a per-hart deterministic
 * PRNG. Each call goes through hostile_ecall(), which loads every register
 * with a pattern and checks them all afterwards. Each result must be one
 * the spec allows for that function with those arguments; addresses that
 * are not supervisor RAM must be refused; the firmware may write only the
 * buffers the caller handed over (checked against shadow copies), never
 * free RAM (canaries), never itself (test channel checksum). Afterwards
 * the firmware must still work.
 *
 * Calls that would end the run are never issued with valid arguments:
 * hart_stop, hart_suspend (except a timer-woken retentive suspend),
 * SRST (only reserved types/reasons), legacy shutdown, SUSP (only bad
 * types and addresses). FWFT features are only ever set to their reset
 * value 0 (possibly locked there), so the harts' behaviour never changes.
 * DBTR triggers never have an S-mode enable bit, so none fires in the storm.
 */
#include "hostile.h"

enum group {
	G_BASE, G_TIME, G_IPI, G_RFENCE, G_HSM, G_SRST, G_DBCN, G_PMU,
	G_LEGACY, G_UNKNOWN, G_TEST, G_FWFT, G_SUSP, G_DBTR, G_SSE, NR_GROUPS
};

static const char *const group_name[NR_GROUPS] = {
	"BASE", "TIME", "IPI", "RFENCE", "HSM", "SRST", "DBCN", "PMU",
	"legacy", "unknown-EID", "test-channel", "FWFT", "SUSP", "DBTR",
	"SSE",
};

/* What to check beyond the allowed error codes. */
enum kind {
	K_PLAIN,
	K_VALUE,		/* SUCCESS: value == c->expect */
	K_VALUE_EITHER,		/* SUCCESS: value == expect or expect2 */
	K_HSM_STATUS,
	K_DBCN_WRITE,
	K_DBCN_READ,
	K_PMU_INFO,
	K_PMU_MATCH,
	K_PMU_START,
	K_PMU_STOP,
	K_PMU_FW_READ_HI,
	K_PMU_SNAPSHOT,
	K_PMU_EVINFO,
	K_LEGACY,		/* a0 <= 0, a1 kept */
	K_LEGACY_PTR,		/* hart mask pointer: bad ones fault */
	K_LEGACY_GETCHAR,
	K_LEGACY_CLEAR_IPI,
	K_LEGACY_RESERVED,
	K_SUSPEND_TIMER,
	K_DBTR,			/* per FID: shmem, trig_idx bookkeeping */
	K_SSE,			/* per FID: event states, deliveries */
};

struct call {
	unsigned long eid, fid, a[6];
	enum group group;
	enum kind kind;
	unsigned int allowed;		/* E() bits of acceptable errors */
	unsigned long expect, expect2;
	bool ptr_foreign;		/* K_LEGACY_PTR: pointer must fault */
	bool own;			/* K_PMU_EVINFO: entries are ours */
	unsigned long len;		/* bytes the call may touch */
};

struct call_out {
	long err, val;
	bool trapped;
	struct trap_record rec;
	unsigned long regs_changed;	/* bit n: xn came back changed */
	unsigned long csrs_changed;	/* bit i: s_csrs[i] came back changed */
};

/* S-mode CSRs no SBI call may change (sie: the storm keeps it fixed). */
static const char *const s_csr_names[] = {
	"stvec", "sepc", "scause", "stval", "satp", "sie", "sstatus",
	"sscratch",
};

static void s_csrs_read(unsigned long *v)
{
	v[0] = csr_read(CSR_STVEC);
	v[1] = csr_read(CSR_SEPC);
	v[2] = csr_read(CSR_SCAUSE);
	v[3] = csr_read(CSR_STVAL);
	v[4] = csr_read(CSR_SATP);
	v[5] = csr_read(CSR_SIE);
	v[6] = csr_read(CSR_SSTATUS);
	v[7] = csr_read(CSR_SSCRATCH);
}

/* Distinct rules broken, with the first call that broke each. */
#define MAX_RULES	12

struct rule_hit {
	const char *rule;
	unsigned long count;
	unsigned long seq;
	struct call call;
	struct call_out out;
};

struct storm_hart {
	struct rng rng;
	unsigned long seq;			/* calls issued */
	unsigned long calls[NR_GROUPS];
	unsigned long bad[NR_GROUPS];
	unsigned long ticks[NR_GROUPS];		/* time spent in the calls */
	unsigned long suspends;
	unsigned long mem_checks;
	unsigned int part;			/* share of the RAM canaries */
	unsigned long canary_bad, canary_first, canary_bytes;
	struct rule_hit hits[MAX_RULES];
	unsigned int nr_hits;
	unsigned long hits_lost;
	uint32_t fwft_locked;			/* features this hart locked */
	unsigned long dbtr_shmem;		/* 0: none */
	uint32_t dbtr_mapped;			/* trig_idx installed */
	/* SSE: local software [0] and PMU [1] events as this hart made them */
	uint8_t sse_state[2];
	bool sse_entry[2];			/* registered once: entry known */
	unsigned long sse_prio[2];
	bool sse_unmasked, sse_pending, sse_oneshot;	/* pending, oneshot: sw */
	unsigned long sse_delivered;		/* software event entries */
	unsigned long sse_ok;			/* successful SSE calls */
	/* snapshot page registered as far as the payload knows */
	unsigned long snap_reg;			/* 0: none */
	bool snap_unknown;
	/* watchdog */
	struct call cur;
	unsigned long progress;
	unsigned long t_end;
	int entered, done;
} __attribute__((aligned(64)));

static struct storm_hart sh[PAYLOAD_MAX_HARTS];
static struct hostile_regs regs[PAYLOAD_MAX_HARTS];
static int storm_go, storm_abort, storm_over, storm_trace, storm_filled;
static unsigned long canary_key;
static unsigned long boot_checksum, spec_version, impl_id, impl_version;
static unsigned long mvendorid, marchid, mimpid;

/* EIDs whose availability the boot hart probed */
static const unsigned long known_eids[] = {
	SBI_EXT_BASE, SBI_EXT_TIME, SBI_EXT_IPI, SBI_EXT_RFENCE, SBI_EXT_HSM,
	SBI_EXT_SRST, SBI_EXT_PMU, SBI_EXT_DBCN, SBI_EXT_TALLY_TEST,
	0x53555350 /* SUSP */, 0x43505043 /* CPPC */, 0x4e41434c /* NACL */,
	0x535441 /* STA */, 0x535345 /* SSE */, 0x46574654 /* FWFT */,
	0x44425452 /* DBTR */, 0x4d505859 /* MPXY */,
	0, 1, 2, 3, 4, 5, 6, 7, 8,
};

static long known_probe[ARRAY_SIZE(known_eids)];

static int known_index(unsigned long eid)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(known_eids); i++)
		if (known_eids[i] == eid)
			return i;
	return -1;
}

/* ---- recording ---- */

static void hit(struct storm_hart *s, const struct call *c,
		const struct call_out *o, const char *rule)
{
	unsigned int i;

	s->bad[c->group]++;
	for (i = 0; i < s->nr_hits; i++) {
		if (s->hits[i].rule == rule) {
			s->hits[i].count++;
			return;
		}
	}
	if (s->nr_hits == MAX_RULES) {
		s->hits_lost++;
		return;
	}
	s->hits[s->nr_hits++] = (struct rule_hit){ rule, 1, s->seq, *c, *o };
}

static void print_call(const char *prefix, const struct call *c)
{
	test_diag("%s eid 0x%lx fid 0x%lx a0 0x%lx a1 0x%lx a2 0x%lx a3 0x%lx a4 0x%lx a5 0x%lx",
		  prefix, c->eid, c->fid, c->a[0], c->a[1], c->a[2], c->a[3],
		  c->a[4], c->a[5]);
}

/* ---- argument generators ---- */

static unsigned long any_value(struct rng *r)
{
	static const unsigned long special[] = {
		0, 1, 2, 0x7f, 0x80, 0xff, 0xffff, 0x7fffffff, 0x80000000,
		0xffffffff, 0x100000000UL, 0x7fffffffffffffffUL,
		0x8000000000000000UL, ~0UL, ~1UL, 4096, 63, 64, 65,
	};

	switch (rng_below(r, 4)) {
	case 0:
		return special[rng_below(r, ARRAY_SIZE(special))];
	case 1:
		return rng_below(r, 256);
	default:
		return rng_next(r);
	}
}

/*
 * An address no supervisor owns: the firmware, the ACLINT, other MMIO,
 * past the end of RAM, wrapping, or up high. @len: the access length the
 * caller will name (ranges that start in RAM and run out of it are made
 * with it).
 */
static unsigned long foreign_addr(struct rng *r, unsigned long len,
				  bool mapped_mmio)
{
	unsigned long fw_end = env.fw_base + env.fw_size;

	for (;;) {
		unsigned long a;

		switch (rng_below(r, 12)) {
		case 0:
			a = env.fw_base;
			break;
		case 1:
			a = env.fw_base + (rng_below(r, env.fw_size) & ~15UL);
			break;
		case 2:		/* the last bytes of the firmware */
			a = fw_end - (len < 4096 ? len : 4096);
			break;
		case 3:		/* ends inside the firmware (PCIe window below) */
			if (!mapped_mmio)
				continue;
			a = env.fw_base - (rng_below(r, 64) & ~15UL);
			break;
		case 4:
			a = env.clint + (rng_below(r, 0x10000) & ~7UL);
			break;
		case 5:
			if (!mapped_mmio)
				continue;
			a = rng_pct(r, 50) ? env.uart : env.plic;
			break;
		case 6:
			if (!mapped_mmio)
				continue;
			a = 0x100000;	/* the test/poweroff device */
			break;
		case 7:		/* runs past the end of RAM */
			a = env.ram_end - (len > 16 ? (len / 2) & ~15UL : 0);
			break;
		case 8:
			a = env.ram_end + (rng_below(r, 1UL << 20) & ~15UL);
			break;
		case 9:
			a = -4096UL - (rng_below(r, 16) << 12);
			break;
		case 10:	/* above any physical address */
			a = 1UL << (56 + rng_below(r, 8));
			break;
		default:
			a = rng_next(r) & ~15UL;
			if (!mapped_mmio)
				a |= 1UL << 63;
			break;
		}
		if (!a || !mem_is_sram(a, len ? len : 1))
			return a;
	}
}

/* A hart set for IPI/RFENCE and whether every hart in it exists. */
static void hart_set(struct rng *r, unsigned long *mask, unsigned long *base,
		     bool *valid)
{
	unsigned long m, b, i, harts = platform.hart_mask;

	switch (rng_below(r, 10)) {
	case 0:
	case 1:
		b = -1UL;
		break;
	case 2:
	case 3:
	case 4:
		b = 0;
		break;
	case 5:
		b = rng_below(r, platform.nr_harts + 1);
		break;
	case 6:
		b = rng_below(r, 80);
		break;
	case 7:
		b = -1UL - rng_below(r, 70);
		break;
	default:
		b = any_value(r);
		break;
	}
	switch (rng_below(r, 8)) {
	case 0:
	case 1:
	case 2:
		m = b < 64 ? (harts & rng_next(r)) >> b : rng_next(r);
		break;
	case 3:
		m = 0;
		break;
	case 4:
		m = BIT(rng_below(r, 64));
		break;
	case 5:
		m = ~0UL;
		break;
	default:
		m = rng_next(r);
		break;
	}
	*mask = m;
	*base = b;
	if (b == -1UL) {
		*valid = true;
		return;
	}
	*valid = true;
	for (i = 0; i < 64; i++) {
		if (!((m >> i) & 1))
			continue;
		if (b > ~0UL - i || b + i >= 64 || !((harts >> (b + i)) & 1))
			*valid = false;
	}
}

/*
 * The ids valid harts are drawn from: 0..7 while every hart is below 8 (so
 * seeded runs on up to 8 harts draw as they always did), else all the
 * payload handles.
 */
static unsigned long valid_id_range(void)
{
	return platform.hart_mask >> 8 ? PAYLOAD_MAX_HARTS : 8;
}

/* A hartid: existing (running) or not. */
static unsigned long hartid_any(struct rng *r, bool *valid)
{
	unsigned long h;

	if (rng_pct(r, 50)) {
		do
			h = rng_below(r, valid_id_range());
		while (!(platform.hart_mask & BIT(h)));
		*valid = true;
		return h;
	}
	h = rng_pct(r, 50) ? rng_below(r, 128) : any_value(r);
	*valid = h < 64 && (platform.hart_mask & BIT(h));
	return h;
}

/* ---- per extension ---- */

static void gen_base(struct storm_hart *s, struct call *c)
{
	struct rng *r = &s->rng;
	unsigned long eid;
	int k;

	c->eid = SBI_EXT_BASE;
	c->fid = rng_below(r, 9);
	c->allowed = E_OK;
	c->kind = K_VALUE;
	switch (c->fid) {
	case SBI_EXT_BASE_GET_SPEC_VERSION:
		c->expect = spec_version;
		break;
	case SBI_EXT_BASE_GET_IMP_ID:
		c->expect = impl_id;
		break;
	case SBI_EXT_BASE_GET_IMP_VERSION:
		c->expect = impl_version;
		break;
	case SBI_EXT_BASE_PROBE_EXT:
		switch (rng_below(r, 4)) {
		case 0:
			eid = known_eids[rng_below(r, ARRAY_SIZE(known_eids))];
			break;
		case 1:		/* a known EID with upper bits set */
			eid = known_eids[rng_below(r, ARRAY_SIZE(known_eids))] |
			      (rng_next(r) << 32);
			break;
		default:
			eid = any_value(r);
			break;
		}
		c->a[0] = eid;
		k = known_index(eid);
		c->expect = k >= 0 ? (unsigned long)known_probe[k] : 0;
		/* EIDs are 32-bit: a firmware may look at the low half only */
		k = known_index((unsigned long)(long)(int)eid);
		if (k >= 0 && (eid >> 32)) {
			c->kind = K_VALUE_EITHER;
			c->expect2 = known_probe[k];
		}
		break;
	case SBI_EXT_BASE_GET_MVENDORID:
		c->expect = mvendorid;
		break;
	case SBI_EXT_BASE_GET_MARCHID:
		c->expect = marchid;
		break;
	case SBI_EXT_BASE_GET_MIMPID:
		c->expect = mimpid;
		break;
	default:
		c->fid = rng_pct(r, 50) ? 7 + rng_below(r, 100) :
			 (rng_next(r) | 0x80);
		/* low 32 bits naming no BASE function either way */
		if ((c->fid & 0xffffffffUL) < 7)
			c->fid |= 0x80;
		c->allowed = E(SBI_ERR_NOT_SUPPORTED);
		c->kind = K_PLAIN;
		break;
	}
}

static void gen_time(struct storm_hart *s, struct call *c)
{
	struct rng *r = &s->rng;

	c->eid = SBI_EXT_TIME;
	c->kind = K_PLAIN;
	if (rng_pct(r, 85)) {
		c->fid = SBI_EXT_TIME_SET_TIMER;
		c->a[0] = rng_pct(r, 30) ? ~0UL : any_value(r);
		c->allowed = E_OK;
	} else {
		c->fid = 1 + rng_below(r, 1000);
		c->allowed = E(SBI_ERR_NOT_SUPPORTED);
	}
}

static void gen_ipi(struct storm_hart *s, struct call *c)
{
	struct rng *r = &s->rng;
	bool valid;

	c->eid = SBI_EXT_IPI;
	c->kind = K_PLAIN;
	if (rng_pct(r, 90)) {
		c->fid = SBI_EXT_IPI_SEND_IPI;
		hart_set(r, &c->a[0], &c->a[1], &valid);
		c->allowed = valid ? E_OK : E(SBI_ERR_INVALID_PARAM);
	} else {
		c->fid = 1 + rng_below(r, 1000);
		c->allowed = E(SBI_ERR_NOT_SUPPORTED);
	}
}

static void gen_rfence(struct storm_hart *s, struct call *c)
{
	struct rng *r = &s->rng;
	unsigned long start, size;
	bool valid, range_bad;

	c->eid = SBI_EXT_RFENCE;
	c->kind = K_PLAIN;
	c->fid = rng_below(r, 8);
	if (c->fid == 7) {
		c->fid = 7 + rng_below(r, 1000);
		c->allowed = E(SBI_ERR_NOT_SUPPORTED);
		return;
	}
	hart_set(r, &c->a[0], &c->a[1], &valid);
	switch (rng_below(r, 6)) {
	case 0:
		start = size = 0;
		break;
	case 1:
		start = rng_next(r) & ~0xfffUL;
		size = ~0UL;
		break;
	case 2:
		start = rng_next(r) & ~0xfffUL;
		size = 4096 * (1 + rng_below(r, 80));
		break;
	case 3:		/* wraps */
		start = -4096UL * (1 + rng_below(r, 4));
		size = 4096 * (8 + rng_below(r, 8));
		break;
	default:
		start = any_value(r);
		size = any_value(r);
		break;
	}
	c->a[2] = start;
	c->a[3] = size;
	c->a[4] = any_value(r);		/* ASID / VMID */
	range_bad = c->fid != SBI_EXT_RFENCE_REMOTE_FENCE_I &&
		    size != ~0UL && start + size < start;
	c->allowed = valid ? E_OK : E(SBI_ERR_INVALID_PARAM);
	if (range_bad)
		c->allowed = E(SBI_ERR_INVALID_ADDRESS) |
			     (valid ? 0 : E(SBI_ERR_INVALID_PARAM));
	/* an ASID or VMID the hart lacks may be called invalid */
	if (c->fid == SBI_EXT_RFENCE_REMOTE_SFENCE_VMA_ASID ||
	    c->fid == SBI_EXT_RFENCE_REMOTE_HFENCE_GVMA_VMID ||
	    c->fid == SBI_EXT_RFENCE_REMOTE_HFENCE_VVMA_ASID)
		c->allowed |= E(SBI_ERR_INVALID_PARAM);
	if (c->fid >= SBI_EXT_RFENCE_REMOTE_HFENCE_GVMA_VMID && !env.hyp)
		c->allowed |= E(SBI_ERR_NOT_SUPPORTED);
}

static void gen_suspend_timer(struct storm_hart *s, struct call *c)
{
	c->eid = SBI_EXT_HSM;
	c->fid = SBI_EXT_HSM_HART_SUSPEND;
	c->a[0] = SBI_HSM_SUSPEND_RET_DEFAULT;
	c->a[1] = rng_next(&s->rng);	/* ignored for a retentive suspend */
	c->a[2] = rng_next(&s->rng);
	c->kind = K_SUSPEND_TIMER;
	c->allowed = E_OK;
}

static void gen_hsm(struct storm_hart *s, struct call *c)
{
	struct rng *r = &s->rng;
	unsigned long addr, type;
	bool valid, addr_ok;

	c->eid = SBI_EXT_HSM;
	c->kind = K_PLAIN;
	switch (rng_below(r, 20)) {
	case 0 ... 6:
		c->fid = SBI_EXT_HSM_HART_START;
		c->a[0] = hartid_any(r, &valid);
		switch (rng_below(r, 5)) {
		case 0:
		case 1:
			addr = (unsigned long)hostile_landing;
			addr_ok = true;
			break;
		case 2:
			addr = (unsigned long)hostile_landing + 1;
			addr_ok = false;
			break;
		default:
			addr = foreign_addr(r, 4, true);
			addr_ok = false;
			break;
		}
		c->a[1] = addr;
		c->a[2] = rng_next(r);
		/* every hart runs: a start may never succeed */
		if (!valid)
			c->allowed = E(SBI_ERR_INVALID_PARAM) |
				     (addr_ok ? 0 : E(SBI_ERR_INVALID_ADDRESS));
		else
			c->allowed = E(SBI_ERR_ALREADY_AVAILABLE) |
				     (addr_ok ? 0 : E(SBI_ERR_INVALID_ADDRESS));
		break;
	case 7 ... 11:
		c->fid = SBI_EXT_HSM_HART_GET_STATUS;
		c->a[0] = hartid_any(r, &valid);
		c->kind = K_HSM_STATUS;
		c->allowed = valid ? E_OK : E(SBI_ERR_INVALID_PARAM);
		break;
	case 12 ... 15:
		c->fid = SBI_EXT_HSM_HART_SUSPEND;
		if (rng_pct(r, 30)) {
			/* non-retentive default with nowhere to resume */
			type = SBI_HSM_SUSPEND_NON_RET_DEFAULT;
			c->a[1] = rng_pct(r, 20) ?
				  (unsigned long)hostile_landing + 1 :
				  foreign_addr(r, 4, true);
			c->allowed = E(SBI_ERR_INVALID_ADDRESS);
		} else {
			/* reserved or platform types, never the defaults */
			do
				type = rng_pct(r, 50) ? rng_next(r) :
				       (rng_next(r) & 0xffffffffUL);
			while ((type & 0x7fffffffUL) == 0);
			c->a[1] = rng_pct(r, 50) ?
				  (unsigned long)hostile_landing :
				  foreign_addr(r, 4, true);
			c->allowed = E(SBI_ERR_INVALID_PARAM) |
				     E(SBI_ERR_NOT_SUPPORTED);
			if (type & SBI_HSM_SUSPEND_NON_RET_DEFAULT)
				c->allowed |= E(SBI_ERR_INVALID_ADDRESS);
		}
		c->a[0] = type;
		c->a[2] = rng_next(r);
		break;
	case 16:
		gen_suspend_timer(s, c);
		break;
	default:
		/* no HSM function in the low 32 bits (never hart_stop) */
		do
			c->fid = rng_pct(r, 50) ? 4 + rng_below(r, 100) :
				 rng_next(r);
		while ((c->fid & 0xffffffffUL) < 4);
		c->allowed = E(SBI_ERR_NOT_SUPPORTED);
		break;
	}
}

static void gen_srst(struct storm_hart *s, struct call *c)
{
	struct rng *r = &s->rng;
	unsigned long t, rs;

	c->eid = SBI_EXT_SRST;
	c->kind = K_PLAIN;
	if (rng_pct(r, 15)) {
		do
			c->fid = rng_pct(r, 50) ? rng_below(r, 100) :
				 rng_next(r);
		while ((c->fid & 0xffffffffUL) == 0);
		c->allowed = E(SBI_ERR_NOT_SUPPORTED);
		return;
	}
	c->fid = SBI_EXT_SRST_RESET;
	if (rng_pct(r, 50)) {
		/* reserved type (3 .. 0xefffffff), any reason */
		t = 3 + rng_below(r, 0xefffffffUL - 3);
		if (rng_pct(r, 30))
			t |= rng_next(r) << 32;
		rs = any_value(r);
	} else {
		/* a real type with a reserved reason (2 .. 0xdfffffff) */
		t = rng_below(r, 3);
		rs = 2 + rng_below(r, 0xdfffffffUL - 2);
		if (rng_pct(r, 30))
			rs |= rng_next(r) << 32;
	}
	c->a[0] = t;
	c->a[1] = rs;
	c->allowed = E(SBI_ERR_INVALID_PARAM) | E(SBI_ERR_NOT_SUPPORTED);
}

static void gen_dbcn(struct storm_hart *s, struct call *c, unsigned long h)
{
	struct rng *r = &s->rng;
	struct hart_bufs *b = &hbufs[h];
	unsigned long n, lo;
	bool own = false;

	c->eid = SBI_EXT_DBCN;
	c->fid = rng_below(r, 8);
	c->kind = K_PLAIN;
	if (c->fid == SBI_EXT_DBCN_CONSOLE_WRITE_BYTE) {
		c->a[0] = (rng_next(r) << 8);	/* a NUL byte, junk above */
		c->allowed = E_OK;
		return;
	}
	if (c->fid > SBI_EXT_DBCN_CONSOLE_WRITE_BYTE) {
		c->fid = 3 + rng_below(r, 1000);
		c->allowed = E(SBI_ERR_NOT_SUPPORTED);
		return;
	}
	switch (rng_below(r, 6)) {
	case 0:
		n = 0;
		break;
	case 1:
	case 2:
		n = 1 + rng_below(r, 64);
		break;
	case 3:
		n = 1 + rng_below(r, PAGE_SIZE / 2);
		break;
	default:
		n = any_value(r) | 1;
		break;
	}
	if (rng_pct(r, 40) && n && n <= PAGE_SIZE / 2) {
		own = true;
		lo = (unsigned long)b->dbcn +
		     (c->fid == SBI_EXT_DBCN_CONSOLE_READ ? PAGE_SIZE / 2 : 0) +
		     rng_below(r, PAGE_SIZE / 2 - n + 1);
	} else {
		lo = foreign_addr(r, n, true);
	}
	c->a[0] = n;
	c->a[1] = lo;
	c->a[2] = 0;
	if (own && rng_pct(r, 15)) {
		c->a[2] = rng_next(r) | 1;	/* above 64 bits: not RAM */
		own = false;
	}
	c->len = n;
	c->kind = c->fid == SBI_EXT_DBCN_CONSOLE_READ ? K_DBCN_READ :
						      K_DBCN_WRITE;
	/* Tally: 0 bytes succeed, any buffer; the rest as the DBCN table */
	if (!n || own)
		c->allowed = E_OK;
	else
		c->allowed = E(SBI_ERR_INVALID_PARAM);
}

/* ---- PMU ---- */

static bool pmu_set_valid(unsigned long base, unsigned long mask)
{
	uint64_t set;

	if (!mask || base >= env.num_ctrs || base >= 64)
		return false;
	set = (uint64_t)mask << base;
	return (set >> base) == mask && !(set & ~env.valid);
}

static void pmu_set(struct rng *r, unsigned long *base, unsigned long *mask)
{
	unsigned long b, m;

	switch (rng_below(r, 12)) {
	case 0 ... 3:
		b = 0;
		break;
	case 4:
		b = env.fw_first >= 0 ? env.fw_first : 0;
		break;
	case 5:
	case 6:
		b = rng_below(r, env.num_ctrs + 1);
		break;
	case 7:
		b = env.num_ctrs - 1 + rng_below(r, 3);
		break;
	default:
		b = any_value(r);
		break;
	}
	switch (rng_below(r, 12)) {
	case 0 ... 2:
		m = 1;
		break;
	case 3:
		m = BIT(rng_below(r, 64));
		break;
	case 4:
	case 5:
		m = b < 64 ? env.valid >> b : rng_next(r);
		break;
	case 6:
		m = b < 64 ? env.fw >> b : rng_next(r);
		break;
	case 7:
		m = b < 64 ? env.hw >> b : rng_next(r);
		break;
	case 8:
		m = 0;
		break;
	case 9:
		m = ~0UL;
		break;
	default:
		m = rng_next(r) & (b < 64 ? env.valid >> b : ~0UL);
		if (rng_pct(r, 20))
			m = rng_next(r);
		break;
	}
	*base = b;
	*mask = m;
}

static unsigned long pmu_event(struct rng *r, unsigned long *data)
{
	static const unsigned long events[] = {
		EV_HW(1), EV_HW(2), EV_HW(3), EV_HW(5), EV_HW(10), EV_HW(0),
		EV_HW(11), EV_CACHE(0), EV_CACHE(1), EV_CACHE(0x18),
		EV_CACHE(0x19), EV_CACHE(0x1a), EV_CACHE(0x20), EV_CACHE(6),
		EV_CACHE(0x38), PMU_EVIDX(2, 0), PMU_EVIDX(3, 0),
		PMU_EVIDX(2, 1), PMU_EVIDX(4, 1), PMU_EVIDX(14, 0),
		EV_FW(PMU_FW_SET_TIMER), EV_FW(PMU_FW_IPI_SENT),
		EV_FW(PMU_FW_IPI_RECEIVED), EV_FW(PMU_FW_FENCE_I_SENT),
		EV_FW(PMU_FW_ACCESS_LOAD), EV_FW(22), EV_FW(255), EV_FW(256),
		EV_FW(65534), EV_FW(PMU_FW_PLATFORM), 0x100000 | EV_HW(1),
	};
	static const unsigned long raw[] = { 1, 2, 5, 6, 0x100, 0x101, 0x13 };
	unsigned long ev;

	switch (rng_below(r, 6)) {
	case 0 ... 2:
		ev = events[rng_below(r, ARRAY_SIZE(events))];
		break;
	case 3:
		ev = EV_FW(rng_below(r, 22));
		break;
	case 4:
		ev = rng_next(r) & PMU_EVIDX_MASK;
		break;
	default:
		ev = any_value(r);
		break;
	}
	*data = 0;
	if ((ev >> 16) == PMU_EV_TYPE_RAW || (ev >> 16) == PMU_EV_TYPE_RAW_V2)
		*data = raw[rng_below(r, ARRAY_SIZE(raw))];
	if (ev == EV_FW(PMU_FW_PLATFORM) || rng_pct(r, 15))
		*data = any_value(r);
	return ev;
}

/* Page-aligned addresses inside the hart's buffers. */
static unsigned long owned_page(struct rng *r, unsigned long h)
{
	unsigned long pages = sizeof(struct hart_bufs) / PAGE_SIZE;

	if (rng_pct(r, 70))
		return (unsigned long)hbufs[h].snap[rng_below(r, 2)];
	return (unsigned long)&hbufs[h] + PAGE_SIZE * rng_below(r, pages);
}

static void gen_pmu(struct storm_hart *s, struct call *c, unsigned long h)
{
	struct rng *r = &s->rng;
	unsigned long base, mask, flags, data, lo, n, k, i;
	bool set_ok, own, misaligned;

	c->eid = SBI_EXT_PMU;
	c->kind = K_PLAIN;
	switch (rng_below(r, 100)) {
	case 0 ... 2:
		c->fid = SBI_EXT_PMU_NUM_COUNTERS;
		c->kind = K_VALUE;
		c->expect = env.num_ctrs;
		c->allowed = E_OK;
		break;
	case 3 ... 11:
		c->fid = SBI_EXT_PMU_COUNTER_GET_INFO;
		c->a[0] = rng_pct(r, 70) ? rng_below(r, env.num_ctrs + 2) :
					   any_value(r);
		c->kind = K_PMU_INFO;
		c->allowed = E_OK | E(SBI_ERR_INVALID_PARAM);
		break;
	case 12 ... 37:
		c->fid = SBI_EXT_PMU_COUNTER_CFG_MATCH;
		pmu_set(r, &base, &mask);
		flags = rng_below(r, 256);
		if (rng_pct(r, 12))
			flags |= BIT(8 + rng_below(r, 56));
		c->a[0] = base;
		c->a[1] = mask;
		c->a[2] = flags;
		c->a[3] = pmu_event(r, &data);
		c->a[4] = data;
		c->kind = K_PMU_MATCH;
		if ((flags & ~PMU_CFG_VALID_MASK) || !pmu_set_valid(base, mask))
			c->allowed = E(SBI_ERR_INVALID_PARAM);
		else if (event_reserved(c->a[3], data))
			c->allowed = E(SBI_ERR_NOT_SUPPORTED);	/* the event's */
		else
			c->allowed = E_OK | E(SBI_ERR_NOT_SUPPORTED);
		break;
	case 38 ... 52:
		c->fid = SBI_EXT_PMU_COUNTER_START;
		pmu_set(r, &base, &mask);
		flags = rng_below(r, 4);
		if (rng_pct(r, 10))
			flags |= BIT(2 + rng_below(r, 62));
		c->a[0] = base;
		c->a[1] = mask;
		c->a[2] = flags;
		c->a[3] = rng_pct(r, 20) ? -1UL - rng_below(r, 100000) :
					   any_value(r);
		c->kind = K_PMU_START;
		set_ok = pmu_set_valid(base, mask);
		/* Linux 6.12's restart base, served as 0 (docs/pmu.md) */
		if (!set_ok && payload_pmu_compat() &&
		    base == 8 * sizeof(long) * 8 * sizeof(long) &&
		    (flags & PMU_START_INIT_SNAPSHOT))
			set_ok = pmu_set_valid(0, mask);
		if ((flags & ~PMU_START_VALID_MASK) || !set_ok ||
		    (flags & 3) == 3)
			c->allowed = E(SBI_ERR_INVALID_PARAM);
		else
			c->allowed = E_OK | E(SBI_ERR_INVALID_PARAM) |
				     E(SBI_ERR_ALREADY_STARTED) |
				     ((flags & PMU_START_INIT_SNAPSHOT) ?
				      E(SBI_ERR_NO_SHMEM) : 0);
		break;
	case 53 ... 72:
		c->fid = SBI_EXT_PMU_COUNTER_STOP;
		pmu_set(r, &base, &mask);
		flags = rng_below(r, 4);
		if (rng_pct(r, 10))
			flags |= BIT(2 + rng_below(r, 62));
		c->a[0] = base;
		c->a[1] = mask;
		c->a[2] = flags;
		c->kind = K_PMU_STOP;
		if ((flags & ~PMU_STOP_VALID_MASK) || !pmu_set_valid(base, mask))
			c->allowed = E(SBI_ERR_INVALID_PARAM);
		else
			c->allowed = E_OK | E(SBI_ERR_INVALID_PARAM) |
				     E(SBI_ERR_ALREADY_STOPPED) |
				     ((flags & PMU_STOP_TAKE_SNAPSHOT) ?
				      E(SBI_ERR_NO_SHMEM) : 0);
		break;
	case 73 ... 79:
		c->fid = rng_pct(r, 75) ? SBI_EXT_PMU_COUNTER_FW_READ :
					  SBI_EXT_PMU_COUNTER_FW_READ_HI;
		k = rng_pct(r, 75) ? rng_below(r, env.num_ctrs + 2) :
				     any_value(r);
		c->a[0] = k;
		c->kind = c->fid == SBI_EXT_PMU_COUNTER_FW_READ_HI ?
			  K_PMU_FW_READ_HI : K_PLAIN;
		if (k < 64 && (env.fw & BIT(k)))
			c->allowed = E_OK | E(SBI_ERR_INVALID_PARAM);
		else
			c->allowed = E(SBI_ERR_INVALID_PARAM);
		break;
	case 80 ... 87:
		c->fid = SBI_EXT_PMU_SNAPSHOT_SET_SHMEM;
		c->kind = K_PMU_SNAPSHOT;
		flags = rng_pct(r, 12) ? any_value(r) | 1 : 0;
		if (rng_pct(r, 10)) {
			c->a[0] = c->a[1] = ~0UL;
			c->a[2] = flags;
			c->allowed = flags ? E(SBI_ERR_INVALID_PARAM) : E_OK;
			break;
		}
		own = rng_pct(r, 50);
		lo = own ? owned_page(r, h) : foreign_addr(r, PAGE_SIZE, true);
		misaligned = rng_pct(r, 15);
		if (misaligned)
			lo += 8 * (1 + rng_below(r, 511));
		c->a[0] = lo;
		c->a[1] = own && rng_pct(r, 15) ? rng_next(r) | 1 : 0;
		if (c->a[1])
			own = false;
		c->a[2] = flags;
		if (lo & (PAGE_SIZE - 1))
			misaligned = true;
		/* flags, then alignment, then the address */
		if (flags || misaligned)
			c->allowed = E(SBI_ERR_INVALID_PARAM);
		else if (!own)
			c->allowed = E(SBI_ERR_INVALID_ADDRESS);
		else
			c->allowed = E_OK;
		if (!env.snapshot)
			c->allowed |= E(SBI_ERR_NOT_SUPPORTED);
		break;
	case 88 ... 96: {
		struct pmu_event_info_entry *e = hbufs[h].evinfo;

		c->fid = SBI_EXT_PMU_EVENT_GET_INFO;
		c->kind = K_PMU_EVINFO;
		flags = rng_pct(r, 10) ? any_value(r) | 1 : 0;
		k = rng_below(r, EVINFO_ENTRIES);
		switch (rng_below(r, 8)) {
		case 0:
			n = 0;
			break;
		case 1:		/* 16 * n wraps */
			n = (1UL << 60) + rng_below(r, 64);
			break;
		case 2:		/* runs past the end of RAM */
			n = (env.ram_end - (unsigned long)&e[k]) / 16 + 1 +
			    rng_below(r, 4096);
			break;
		default:
			n = 1 + rng_below(r, EVINFO_ENTRIES - k);
			break;
		}
		own = rng_pct(r, 65);
		lo = own ? (unsigned long)&e[k] : foreign_addr(r, 16, true);
		misaligned = rng_pct(r, 10);
		if (misaligned)
			lo += 1 + rng_below(r, 15);
		c->a[0] = lo;
		c->a[1] = own && rng_pct(r, 10) ? rng_next(r) | 1 : 0;
		c->a[2] = n;
		c->a[3] = flags;
		c->len = n <= EVINFO_ENTRIES ? 16 * n : 0;
		own = n <= EVINFO_ENTRIES && !(lo & 15) &&
		      mem_classify(lo, c->a[1], 16 * n, h) == MEM_OWNED;
		c->own = own;
		/* the entries the firmware reads: random, some reserved */
		if (own && !misaligned) {
			for (i = 0; i < n && k + i < EVINFO_ENTRIES; i++) {
				e[k + i].event_idx = rng_pct(r, 70) ?
					pmu_event(r, &data) & PMU_EVIDX_MASK :
					(uint32_t)rng_next(r);
				if (rng_pct(r, 95))
					e[k + i].event_idx &= ~PMU_EVENT_INFO_IDX_RSVD;
				e[k + i].output = (uint32_t)rng_next(r);
				e[k + i].event_data = rng_pct(r, 70) ?
					data : rng_next(r);
			}
			bufs_accept(h, &e[k], 16 * i);
		}
		/* flags and alignment, then n = 0 (nothing to do), address */
		c->allowed = 0;
		if (flags || (lo & 15)) {
			c->allowed = E(SBI_ERR_INVALID_PARAM);
		} else if (!n) {
			c->allowed = E_OK;
		} else if (!own) {
			c->allowed = E(SBI_ERR_INVALID_ADDRESS);
		} else {
			bool rsvd = false;

			for (i = 0; i < n; i++)
				rsvd |= !!(e[k + i].event_idx &
					   PMU_EVENT_INFO_IDX_RSVD);
			c->allowed = rsvd ? E(SBI_ERR_INVALID_PARAM) : E_OK;
		}
		if (!env.evinfo)
			c->allowed |= E(SBI_ERR_NOT_SUPPORTED);
		break;
	}
	default:
		c->fid = 9 + rng_below(r, 1000);
		if (rng_pct(r, 30))
			c->fid = rng_next(r) | 0x100;
		c->allowed = E(SBI_ERR_NOT_SUPPORTED);
		/* a firmware may look at the low 32 bits of the FID only */
		if ((c->fid & 0xffffffffUL) <= SBI_EXT_PMU_EVENT_GET_INFO)
			c->fid |= 0x100;
		break;
	}
}

/* ---- legacy (v0.1): never 0x08, shutdown ---- */

static void gen_legacy(struct storm_hart *s, struct call *c, unsigned long h)
{
	struct rng *r = &s->rng;
	struct hart_bufs *b = &hbufs[h];
	unsigned long p;

	/* remote fences wait for other harts: fewer of those */
	c->eid = rng_below(r, 12);
	if (c->eid >= 9)
		c->eid = c->eid == 11 ? SBI_EXT_0_1_CONSOLE_GETCHAR :
					SBI_EXT_0_1_SEND_IPI;
	else if (c->eid >= SBI_EXT_0_1_REMOTE_FENCE_I &&
		 c->eid <= SBI_EXT_0_1_REMOTE_SFENCE_VMA_ASID && rng_pct(r, 40))
		c->eid = SBI_EXT_0_1_SEND_IPI;
	c->fid = rng_next(r);		/* ignored by legacy calls */
	c->a[0] = any_value(r);
	c->a[1] = rng_next(r);		/* must come back unchanged */
	c->a[2] = any_value(r);
	c->a[3] = any_value(r);
	c->kind = K_LEGACY;
	switch (c->eid) {
	case SBI_EXT_0_1_SET_TIMER:
		if (rng_pct(r, 30))
			c->a[0] = ~0UL;
		break;
	case SBI_EXT_0_1_CONSOLE_PUTCHAR:
		c->a[0] = rng_next(r) << 8;	/* NUL */
		break;
	case SBI_EXT_0_1_CONSOLE_GETCHAR:
		c->kind = K_LEGACY_GETCHAR;
		break;
	case SBI_EXT_0_1_CLEAR_IPI:
		c->kind = K_LEGACY_CLEAR_IPI;
		break;
	case SBI_EXT_0_1_SEND_IPI ... SBI_EXT_0_1_REMOTE_SFENCE_VMA_ASID:
		c->kind = K_LEGACY_PTR;
		switch (rng_below(r, 6)) {
		case 0:
			p = 0;		/* "all harts" in common use */
			break;
		case 1:
		case 2:
			p = (unsigned long)&b->hmask[rng_below(r, 8)];
			*(unsigned long *)p = rng_pct(r, 60) ?
				rng_next(r) & platform.hart_mask : rng_next(r);
			/* v0.1 leaves masks naming absent harts open */
			c->expect = !(*(unsigned long *)p & ~platform.hart_mask);
			bufs_accept(h, (void *)p, 8);
			break;
		case 3:		/* misaligned, still inside the buffer */
			p = (unsigned long)&b->hmask[rng_below(r, 7)] +
			    1 + rng_below(r, 7);
			break;
		default:	/* firmware, ACLINT, past RAM: must fault */
			p = foreign_addr(r, 8, false) & ~7UL;
			c->ptr_foreign = true;
			break;
		}
		c->a[0] = p;
		if (c->eid != SBI_EXT_0_1_SEND_IPI &&
		    (rng_pct(r, 40) || c->a[0] == 0)) {
			c->a[1] = 0;	/* whole address space */
			c->a[2] = rng_pct(r, 50) ? 0 : ~0UL;
		}
		break;
	default:
		break;
	}
	if (c->eid == 8) {	/* the reserved range 0x09..0x0f instead */
		c->eid = 9 + rng_below(r, 7);
		c->kind = K_LEGACY_RESERVED;
	}
}

static void gen_unknown(struct storm_hart *s, struct call *c)
{
	struct rng *r = &s->rng;
	unsigned long eid;
	int k;

	for (;;) {
		switch (rng_below(r, 8)) {
		case 0:
			eid = 0x08000000 + rng_below(r, 0x01000000);
			break;
		case 1:
			eid = 0x09000000 + rng_below(r, 0x01000000);
			break;
		case 2:
			eid = 0x0a000000 + rng_below(r, 0x01000000);
			break;
		case 3:
			eid = known_eids[rng_below(r, 17)] +
			      (rng_pct(r, 50) ? 1 : -1);
			break;
		case 4:
			eid = known_eids[rng_below(r, 17)];
			break;
		case 5:
			eid = rng_next(r) & 0xffffffffUL;
			break;
		default:
			eid = rng_next(r);
			break;
		}
		/* not a legacy EID, not one that probes available */
		if ((eid & 0xffffffffUL) < 0x10 || eid == -1UL)
			continue;
		k = known_index(eid);
		if (k >= 0 && known_probe[k])
			continue;
		k = known_index((unsigned long)(long)(int)eid);
		if (k >= 0 && known_probe[k])
			continue;
		break;
	}
	c->eid = eid;
	c->fid = any_value(r);
	c->kind = K_PLAIN;
	c->allowed = E(SBI_ERR_NOT_SUPPORTED);
}

/* FWFT features whose hardware the DT lists (as tests/sbi/fwft.c) */
static uint32_t fwft_present;

static void fwft_init(void)
{
	static const char *const ext[SBI_FWFT_NR_FEATURES] = {
		NULL, "zicfilp", "zicfiss", "ssdbltrp", "svadu", "smnpm",
	};
	unsigned int f;

	fwft_present = 1;	/* misaligned delegation: always */
	for (f = 1; f < SBI_FWFT_NR_FEATURES; f++)
		if (payload_isa_ext(ext[f]))
			fwft_present |= 1U << f;
	if (!payload_isa_ext("svade"))
		fwft_present &= ~(1U << SBI_FWFT_PTE_AD_HW_UPDATING);
}

/* A feature ID: defined, reserved, platform-specific or random. */
static unsigned long fwft_id(struct rng *r)
{
	static const unsigned long edges[] = {
		6, 0x3fffffff, 0x40000000, 0x7fffffff, 0x80000000,
		0xbfffffff, 0xc0000000, 0xffffffff,
	};
	unsigned long id;

	switch (rng_below(r, 4)) {
	case 0:
	case 1:
		id = rng_below(r, SBI_FWFT_NR_FEATURES);
		break;
	case 2:
		id = edges[rng_below(r, ARRAY_SIZE(edges))];
		break;
	default:
		id = rng_next(r) & 0xffffffffUL;
		break;
	}
	if (rng_pct(r, 30))
		id |= rng_next(r) << 32;	/* not part of a uint32_t */
	return id;
}

/* A value feature @f never takes: PMLEN 0/7/16, the others 0/1. */
static unsigned long fwft_bad_value(struct rng *r, unsigned long f)
{
	unsigned long v;

	do
		v = rng_pct(r, 50) ? rng_below(r, 70) : rng_next(r);
	while (f == SBI_FWFT_POINTER_MASKING_PMLEN ?
	       (v == 0 || v == 7 || v == 16) : v <= 1);
	return v;
}

static void gen_fwft_set(struct storm_hart *s, struct call *c,
			 unsigned long f)
{
	struct rng *r = &s->rng;
	bool value_ok = rng_pct(r, 50), locked = (s->fwft_locked >> f) & 1;

	c->a[1] = value_ok ? 0 : fwft_bad_value(r, f);
	switch (rng_below(r, 4)) {
	case 0:
		c->a[2] = 0;
		break;
	case 1:
		c->a[2] = SBI_FWFT_SET_FLAG_LOCK;
		break;
	default:
		c->a[2] = rng_next(r) | 2;	/* a reserved flag */
		break;
	}
	/* the order of the checks: flags, lock, value */
	if (c->a[2] & ~SBI_FWFT_SET_FLAG_LOCK)
		c->allowed = E(SBI_ERR_INVALID_PARAM);
	else if (locked)
		c->allowed = E(SBI_ERR_DENIED_LOCKED);
	else if (!value_ok)
		c->allowed = E(SBI_ERR_INVALID_PARAM);
	else
		c->allowed = E_OK;
	if (c->allowed == E_OK && c->a[2])
		s->fwft_locked |= 1U << f;
}

static void gen_fwft(struct storm_hart *s, struct call *c)
{
	struct rng *r = &s->rng;
	unsigned long f;

	c->eid = SBI_EXT_FWFT;
	c->kind = K_PLAIN;
	if (rng_pct(r, 10)) {
		do
			c->fid = rng_pct(r, 50) ? rng_below(r, 100) :
				 rng_next(r);
		while (c->fid <= SBI_EXT_FWFT_GET);
		c->allowed = E(SBI_ERR_NOT_SUPPORTED);
		return;
	}
	c->fid = rng_pct(r, 40) ? SBI_EXT_FWFT_GET : SBI_EXT_FWFT_SET;
	c->a[0] = fwft_id(r);
	f = c->a[0] & 0xffffffffUL;
	if (f >= SBI_FWFT_NR_FEATURES) {
		c->allowed = E(SBI_ERR_DENIED);
	} else if (!((fwft_present >> f) & 1)) {
		c->allowed = E(SBI_ERR_NOT_SUPPORTED);
	} else if (c->fid == SBI_EXT_FWFT_GET) {
		c->kind = K_VALUE;	/* never set to anything but 0 */
		c->expect = 0;
		c->allowed = E_OK;
	} else {
		gen_fwft_set(s, c, f);
	}
}

/* Never a valid suspend to RAM: a bad type or a bad resume address. */
static void gen_susp(struct storm_hart *s, struct call *c)
{
	struct rng *r = &s->rng;
	unsigned long type;

	c->eid = SBI_EXT_SUSP;
	c->kind = K_PLAIN;
	if (rng_pct(r, 15)) {
		do
			c->fid = rng_pct(r, 50) ? rng_below(r, 100) :
				 rng_next(r);
		while (c->fid == SBI_EXT_SUSP_SYSTEM_SUSPEND);
		c->allowed = E(SBI_ERR_NOT_SUPPORTED);
		return;
	}
	c->fid = SBI_EXT_SUSP_SYSTEM_SUSPEND;
	if (rng_pct(r, 50)) {
		do
			type = rng_pct(r, 50) ? rng_next(r) :
			       rng_below(r, 0x100000000UL);
		while (!(type & 0xffffffffUL));
		c->a[1] = rng_pct(r, 50) ? (unsigned long)hostile_landing :
			  foreign_addr(r, 4, true);
		c->allowed = E(SBI_ERR_INVALID_PARAM);
	} else {
		type = rng_pct(r, 50) ? rng_next(r) << 32 : 0;
		c->a[1] = rng_pct(r, 20) ? (unsigned long)hostile_landing + 1 :
			  foreign_addr(r, 4, true);
		c->allowed = E(SBI_ERR_INVALID_ADDRESS);
	}
	c->a[0] = type;
	c->a[2] = rng_next(r);
}

static void gen_test(struct storm_hart *s, struct call *c)
{
	struct rng *r = &s->rng;
	bool valid;

	c->eid = SBI_EXT_TALLY_TEST;
	c->kind = K_VALUE;
	c->allowed = E_OK;
	switch (rng_below(r, 20)) {
	case 0:
		c->fid = SBI_TALLY_TEST_FW_CHECKSUM;	/* slow: rarely */
		c->expect = boot_checksum;
		break;
	case 1 ... 9:
		c->fid = SBI_TALLY_TEST_UNEXPECTED_TRAPS;
		c->expect = 0;
		break;
	case 10 ... 14:
		c->fid = SBI_TALLY_TEST_FW_CHECKSUM_BOOT;
		c->expect = boot_checksum;
		break;
	case 15:
		c->fid = SBI_TALLY_TEST_VVMA_HGATP;
		c->a[0] = hartid_any(r, &valid);
		c->kind = K_PLAIN;
		c->allowed = valid ? E_OK : E(SBI_ERR_INVALID_PARAM);
		break;
	case 16:
		c->fid = SBI_TALLY_TEST_SUSPEND_LOSSES;	/* no suspend here */
		c->kind = K_PLAIN;
		c->allowed = E_OK | E(SBI_ERR_NOT_SUPPORTED);
		break;
	default:
		c->fid = 5 + rng_below(r, 1000);
		c->kind = K_PLAIN;
		c->allowed = E(SBI_ERR_NOT_SUPPORTED);
		break;
	}
}

/* ---- DBTR ---- */

#define TD1_TYPE(t)	((unsigned long)(t) << 60)
#define TD1_DMODE	BIT(59)

/* Only a trigger of type 2, 3 or 6 without dmode, m and action may go in. */
static bool tdata1_refused(unsigned long t)
{
	unsigned long type = t >> 60;

	if (t & TD1_DMODE)
		return true;
	if (type == 2 || type == 6)
		return t & (BIT(6) | (0xfUL << 12));
	if (type == 3)
		return t & (BIT(9) | 0x3fUL);
	return true;
}

/* U-only, M-mode, dmode or garbage; never an S, VS or VU enable bit. */
static unsigned long dbtr_tdata1(struct rng *r)
{
	unsigned long t = rng_next(r), type = rng_pct(r, 50) ? 2 : 6;

	switch (rng_below(r, 4)) {
	case 0:
		t = TD1_TYPE(type) | BIT(3) | rng_below(r, 8);
		break;
	case 1:
		t = TD1_TYPE(type) | BIT(3) | BIT(6) | rng_below(r, 8);
		break;
	case 2:
		t = TD1_TYPE(type) | TD1_DMODE | BIT(3) | rng_below(r, 8);
		break;
	}
	return t & ~(BIT(4) | BIT(7) | BIT(23) | BIT(24) | BIT(25) | BIT(26));
}

/*
 * Whether trig_idx base + the bits of mask are all below trig_max and (if
 * @need_mapped) installed: enable of a free trigger is a no-op SUCCESS
 * (docs/firmware.md, the DBTR compatibility rule).
 */
static bool dbtr_set_ok(const struct storm_hart *s, unsigned long base,
			unsigned long mask, bool need_mapped)
{
	unsigned long i;

	for (i = 0; i < 64; i++)
		if (((mask >> i) & 1) &&
		    (base + i < base || base + i >= env.dbtr_max ||
		     (need_mapped && !((s->dbtr_mapped >> (base + i)) & 1))))
			return false;
	return true;
}

static void gen_dbtr_entries(struct storm_hart *s, struct call *c,
			     unsigned long h)
{
	struct rng *r = &s->rng;
	unsigned long (*e)[4] = (void *)hbufs[h].dbtr, n = env.dbtr_max, i;
	bool refused = false;

	c->a[0] = rng_pct(r, 85) ? rng_below(r, n + 2) : rng_next(r);
	for (i = 0; i < n; i++) {
		e[i][0] = rng_pct(r, 80) ? rng_below(r, n + 2) : rng_next(r);
		e[i][1] = dbtr_tdata1(r);
		e[i][2] = rng_pct(r, 50) ? (unsigned long)&hbufs[h].guard1[64] :
			  rng_next(r);
		e[i][3] = rng_pct(r, 80) ? 0 : rng_next(r);
		if (i < c->a[0])
			refused |= tdata1_refused(e[i][1]);
	}
	bufs_accept(h, e, n * 32);
	c->allowed = E_OK | E(SBI_ERR_BAD_RANGE) | E(SBI_ERR_INVALID_PARAM) |
		     E(SBI_ERR_FAILED) | E(SBI_ERR_NOT_SUPPORTED);
	if (refused && c->a[0] <= n)
		c->allowed &= ~E_OK;
	if (!s->dbtr_shmem)
		c->allowed = E(SBI_ERR_NO_SHMEM);
}

static void gen_dbtr(struct storm_hart *s, struct call *c, unsigned long h)
{
	struct rng *r = &s->rng;
	unsigned long n = env.dbtr_max, own = (unsigned long)hbufs[h].dbtr;

	c->eid = SBI_EXT_DBTR;
	c->fid = rng_below(r, 9);
	c->kind = K_DBTR;
	if (!n || c->fid == 8) {
		c->kind = K_PLAIN;
		c->allowed = E(SBI_ERR_NOT_SUPPORTED);
		return;
	}
	switch (c->fid) {
	case SBI_EXT_DBTR_NUM_TRIGGERS:
		c->allowed = E_OK;
		break;
	case SBI_EXT_DBTR_SETUP_SHMEM:
		c->a[2] = 0;
		c->allowed = E(SBI_ERR_INVALID_ADDRESS) | E(SBI_ERR_INVALID_PARAM);
		switch (rng_below(r, 5)) {
		case 0:
			c->a[0] = own;
			c->a[1] = 0;
			c->allowed = E_OK;
			break;
		case 1:
			c->a[0] = c->a[1] = ~0UL;
			c->allowed = E_OK;
			break;
		case 2:		/* the firmware, MMIO, past RAM... */
			c->a[0] = foreign_addr(r, n * 32, true);
			c->a[1] = 0;
			break;
		case 3:
			c->a[0] = own;
			c->a[1] = rng_next(r) | 1;
			c->allowed = E(SBI_ERR_INVALID_ADDRESS);
			break;
		default:
			c->a[2] = rng_next(r) | 1;
			c->allowed = E(SBI_ERR_INVALID_PARAM);
			break;
		}
		break;
	case SBI_EXT_DBTR_TRIGGER_READ:
		c->a[0] = rng_pct(r, 80) ? rng_below(r, n + 2) : rng_next(r);
		c->a[1] = rng_pct(r, 80) ? rng_below(r, n + 2) : rng_next(r);
		c->allowed = s->dbtr_shmem ? E_OK | E(SBI_ERR_BAD_RANGE) :
					     E(SBI_ERR_NO_SHMEM);
		break;
	case SBI_EXT_DBTR_TRIGGER_INSTALL:
	case SBI_EXT_DBTR_TRIGGER_UPDATE:
		gen_dbtr_entries(s, c, h);
		break;
	default:	/* uninstall, enable, disable */
		if (rng_pct(r, 40)) {
			c->a[0] = 0;
			c->a[1] = s->dbtr_mapped;
		} else if (rng_pct(r, 70)) {
			c->a[0] = rng_below(r, n + 2);
			c->a[1] = rng_below(r, 1UL << (n + 1));
		}
		c->allowed = dbtr_set_ok(s, c->a[0], c->a[1],
					 c->fid != SBI_EXT_DBTR_TRIGGER_ENABLE) ?
			     E_OK : E(SBI_ERR_INVALID_PARAM);
		break;
	}
}

/* After a successful DBTR call: the shared memory and trig_idx in use. */
static void check_dbtr(unsigned long h, struct storm_hart *s,
		       const struct call *c, const struct call_out *o)
{
	unsigned long (*e)[4] = (void *)hbufs[h].dbtr, i, idx;

	switch (c->fid) {
	case SBI_EXT_DBTR_NUM_TRIGGERS:
		if ((unsigned long)o->val > env.dbtr_max)
			hit(s, c, o, "num_triggers above trig_max");
		break;
	case SBI_EXT_DBTR_SETUP_SHMEM:
		if (c->a[0] == (unsigned long)hbufs[h].dbtr)
			s->dbtr_shmem = c->a[0];
		else if (c->a[0] == ~0UL && c->a[1] == ~0UL)
			s->dbtr_shmem = 0;
		else
			hit(s, c, o, "DBTR shared memory outside supervisor RAM accepted");
		break;
	case SBI_EXT_DBTR_TRIGGER_INSTALL:
		for (i = 0; i < c->a[0]; i++) {
			idx = e[i][0];
			if (idx >= env.dbtr_max || ((s->dbtr_mapped >> idx) & 1))
				hit(s, c, o, "install wrote back a trig_idx not free");
			else
				s->dbtr_mapped |= 1U << idx;
		}
		break;
	case SBI_EXT_DBTR_TRIGGER_UNINSTALL:
		for (i = 0; i < 64; i++)
			if ((c->a[1] >> i) & 1)
				s->dbtr_mapped &= ~(1U << (c->a[0] + i));
		break;
	}
}

/* ---- SSE ---- */

/*
 * The local events this hart really drives: the software event and, with
 * Sscofpmf, the PMU overflow event, registered only with hostile_sse_entry
 * (which completes at once) and injected only to the calling hart. The
 * global event stays UNUSED: only calls that must fail or leave it so.
 */
#define SSE_SW		0
#define SSE_PMU		1
#define SSE_NONE	2	/* the global or double trap event, or an invalid ID */

static struct sse_rec sse_recs[PAYLOAD_MAX_HARTS][2];

static const uint32_t sse_absent[] = {
	SBI_SSE_EVENT_LOCAL_RAS, SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP,
	SBI_SSE_EVENT_GLOBAL_RAS, SBI_SSE_EVENT_LOCAL_LOW_RAS,
	SBI_SSE_EVENT_GLOBAL_LOW_RAS,
};

/* Error of event @id (bits 63..32 ignored), 0 if it exists; *@ev which. */
static long sse_id_err(unsigned long id, unsigned int *ev)
{
	uint32_t i32 = (uint32_t)id;
	unsigned int i;

	*ev = SSE_NONE;
	if (i32 == SBI_SSE_EVENT_LOCAL_SOFTWARE)
		*ev = SSE_SW;
	else if (i32 == SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW && env.sscofpmf)
		*ev = SSE_PMU;
	if (*ev != SSE_NONE || i32 == SBI_SSE_EVENT_GLOBAL_SOFTWARE)
		return 0;
	/* with Ssdbltrp it exists: left UNUSED, like the global event */
	if (i32 == SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP &&
	    (fwft_present & BIT(SBI_FWFT_DOUBLE_TRAP)))
		return 0;
	if (i32 == SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW)
		return SBI_ERR_NOT_SUPPORTED;
	for (i = 0; i < ARRAY_SIZE(sse_absent); i++)
		if (i32 == sse_absent[i])
			return SBI_ERR_NOT_SUPPORTED;
	return SBI_ERR_INVALID_PARAM;
}

static unsigned long sse_id(struct rng *r)
{
	static const uint32_t bad[] = { 2, 0x4000, 0x7fff, 0xffff0001,
					0xffffc000, 0x8001, 0x00010001 };
	unsigned long id;

	switch (rng_below(r, 10)) {
	case 0: case 1: case 2: case 3:
		id = SBI_SSE_EVENT_LOCAL_SOFTWARE;
		break;
	case 4: case 5:
		id = SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW;
		break;
	case 6:
		id = SBI_SSE_EVENT_GLOBAL_SOFTWARE;
		break;
	case 7:
		id = sse_absent[rng_below(r, ARRAY_SIZE(sse_absent))];
		break;
	case 8:
		id = bad[rng_below(r, ARRAY_SIZE(bad))];
		break;
	default:
		id = rng_next(r);
		break;
	}
	if (rng_pct(r, 20))	/* bits 63..32 are not part of the ID */
		id |= rng_next(r) << 32;
	return id;
}

static unsigned int sse_state(const struct storm_hart *s, unsigned int ev)
{
	return ev == SSE_NONE ? SBI_SSE_STATE_UNUSED : s->sse_state[ev];
}

/* E() bits of writing @v to attribute @a of event @ev in its state. */
static unsigned int sse_write_errs(const struct storm_hart *s,
				   unsigned int ev, bool local, unsigned long a,
				   unsigned long v, bool hart_ok)
{
	unsigned int st = sse_state(s, ev), e = 0;

	switch (a) {
	case SBI_SSE_ATTR_PRIO:
	case SBI_SSE_ATTR_CONFIG:
		if (st >= SBI_SSE_STATE_ENABLED)
			e |= E(SBI_ERR_INVALID_STATE);
		if (a == SBI_SSE_ATTR_PRIO ? v > 0xffffffffUL :
					     v & ~SBI_SSE_CONFIG_ONESHOT)
			e |= E(SBI_ERR_INVALID_PARAM);
		return e;
	case SBI_SSE_ATTR_PREFERRED_HART:
		if (ev != SSE_NONE || local)
			return E(SBI_ERR_DENIED);
		return hart_ok ? 0 : E(SBI_ERR_INVALID_PARAM);
	case SBI_SSE_ATTR_INTERRUPTED_FLAGS:
		if (v & ~SBI_SSE_FLAGS_ALL)
			e |= E(SBI_ERR_INVALID_PARAM);
		/* fall through */
	case SBI_SSE_ATTR_INTERRUPTED_SEPC:
	case SBI_SSE_ATTR_INTERRUPTED_A6:
	case SBI_SSE_ATTR_INTERRUPTED_A7:
		return e | E(SBI_ERR_INVALID_STATE);	/* never RUNNING here */
	default:
		return E(SBI_ERR_DENIED);
	}
}

/* Values for write_attrs; the PMU event is never made one-shot. */
static unsigned long sse_value(struct rng *r, unsigned long a,
			       unsigned int ev, bool *hart_ok)
{
	*hart_ok = false;
	switch (a) {
	case SBI_SSE_ATTR_PRIO:
		return rng_pct(r, 70) ? rng_below(r, 4) : any_value(r);
	case SBI_SSE_ATTR_CONFIG:
		if (rng_pct(r, 40))
			return 0;
		if (rng_pct(r, 50) && ev == SSE_SW)
			return SBI_SSE_CONFIG_ONESHOT;
		return rng_next(r) | 2;
	case SBI_SSE_ATTR_PREFERRED_HART:
		return hartid_any(r, hart_ok);
	case SBI_SSE_ATTR_INTERRUPTED_FLAGS:
		return rng_pct(r, 50) ? rng_below(r, 64) : rng_next(r);
	default:
		return any_value(r);
	}
}

/*
 * read_attrs/write_attrs: attribute range, count and buffer (the hart's
 * own, misaligned, hi != 0, or foreign); c->allowed gets every error these
 * arguments can produce, E_OK only if none.
 */
static void gen_sse_attrs(struct storm_hart *s, struct call *c,
			  unsigned long h, unsigned int ev, long id_err)
{
	struct rng *r = &s->rng;
	unsigned long base, cnt, i, len, own;
	unsigned int e = id_err ? E(id_err) : 0;
	/* the double trap event: local (PREFERRED_HART read-only) */
	bool local = (uint32_t)c->a[0] == SBI_SSE_EVENT_LOCAL_DOUBLE_TRAP;
	bool hart_ok;

	base = rng_pct(r, 85) ? rng_below(r, SBI_SSE_NR_ATTRS + 1) :
				any_value(r);
	cnt = rng_pct(r, 85) ? rng_below(r, SBI_SSE_NR_ATTRS + 2) : any_value(r);
	if (rng_pct(r, 60) && base < SBI_SSE_NR_ATTRS)	/* a valid range */
		cnt = 1 + rng_below(r, SBI_SSE_NR_ATTRS - base);
	c->a[1] = base | (rng_pct(r, 15) ? rng_next(r) << 32 : 0);
	c->a[2] = cnt | (rng_pct(r, 15) ? rng_next(r) << 32 : 0);
	base = (uint32_t)c->a[1];
	cnt = (uint32_t)c->a[2];
	len = cnt <= 16 ? cnt * 8 : 128;
	own = (unsigned long)&hbufs[h].sse[rng_below(r, 17 - len / 8)];
	c->a[4] = 0;
	switch (rng_below(r, 8)) {
	case 0:
		c->a[3] = own + 1 + rng_below(r, 7);
		e |= E(SBI_ERR_INVALID_ADDRESS);
		break;
	case 1:
		c->a[3] = own;
		c->a[4] = rng_next(r) | 1;
		e |= E(SBI_ERR_INVALID_ADDRESS);
		break;
	case 2:
	case 3:
		c->a[3] = foreign_addr(r, len ? len : 8, true) & ~7UL;
		if (!mem_is_sram(c->a[3], len ? len : 8))
			e |= E(SBI_ERR_INVALID_ADDRESS);
		else
			c->a[3] = own;	/* rounding made it RAM: ours then */
		break;
	default:
		c->a[3] = own;
		break;
	}
	if (!cnt)
		e |= E(SBI_ERR_INVALID_PARAM);
	else if (base + cnt > SBI_SSE_NR_ATTRS)
		e |= E(SBI_ERR_BAD_RANGE);
	c->len = c->a[3] == own && !c->a[4] ? len : 0;	/* words readable */
	if (c->fid == SBI_EXT_SSE_WRITE_ATTRS && c->len) {
		unsigned long *v = (unsigned long *)own;

		for (i = 0; i < cnt && i < 16; i++) {
			v[i] = sse_value(r, base + i, ev, &hart_ok);
			if (!id_err && base + cnt <= SBI_SSE_NR_ATTRS)
				e |= sse_write_errs(s, ev, local, base + i,
						    v[i], hart_ok);
		}
		bufs_accept(h, v, cnt * 8);
	}
	c->allowed = e ? e : E_OK;
}

/* The call that moves the software (or PMU) event on towards an entry. */
static void sse_drive(struct storm_hart *s, struct call *c)
{
	struct rng *r = &s->rng;
	unsigned int ev = env.sscofpmf && rng_pct(r, 25) ? SSE_PMU : SSE_SW;

	c->a[0] = ev == SSE_SW ? SBI_SSE_EVENT_LOCAL_SOFTWARE :
				 SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW;
	if (!s->sse_unmasked && rng_pct(r, 30))
		c->fid = SBI_EXT_SSE_HART_UNMASK;
	else if (s->sse_state[ev] == SBI_SSE_STATE_UNUSED)
		c->fid = SBI_EXT_SSE_REGISTER;
	else if (s->sse_state[ev] == SBI_SSE_STATE_REGISTERED)
		c->fid = rng_pct(r, 80) ? SBI_EXT_SSE_ENABLE :
					  SBI_EXT_SSE_WRITE_ATTRS;
	else
		c->fid = rng_pct(r, 85) ? SBI_EXT_SSE_INJECT :
					  SBI_EXT_SSE_DISABLE;
}

static void gen_sse(struct storm_hart *s, struct call *c, unsigned long h)
{
	struct rng *r = &s->rng;
	unsigned int ev, st;
	long err;
	bool ok;

	c->eid = SBI_EXT_SSE;
	c->fid = rng_pct(r, 97) ? rng_below(r, 10) :
		 (rng_pct(r, 50) ? 10 + rng_below(r, 100) : rng_next(r));
	c->kind = K_SSE;
	c->a[0] = sse_id(r);
	if (rng_pct(r, 40))	/* drive a local event towards delivery */
		sse_drive(s, c);
	err = sse_id_err(c->a[0], &ev);
	c->expect = ev;
	st = sse_state(s, ev);
	switch (c->fid) {
	case SBI_EXT_SSE_READ_ATTRS:
	case SBI_EXT_SSE_WRITE_ATTRS:
		gen_sse_attrs(s, c, h, ev, err);
		return;
	case SBI_EXT_SSE_REGISTER:
		/* a valid even entry only where it is ours or must be refused */
		if (ev == SSE_NONE && !err) {
			c->a[1] |= 1;
		} else if (!err && st == SBI_SSE_STATE_UNUSED) {
			c->a[1] = (unsigned long)hostile_sse_entry;
			c->a[2] = (unsigned long)&sse_recs[h][ev];
			if (rng_pct(r, 20))
				c->a[1] |= 1;
		} else if (rng_pct(r, 50)) {
			c->a[1] = (unsigned long)hostile_sse_entry;
		}
		c->allowed = (c->a[1] & 1) ? E(SBI_ERR_INVALID_PARAM) : 0;
		if (err)
			c->allowed |= E(err);
		else if (st != SBI_SSE_STATE_UNUSED)
			c->allowed |= E(SBI_ERR_INVALID_STATE);
		break;
	case SBI_EXT_SSE_UNREGISTER:
	case SBI_EXT_SSE_ENABLE:
		c->allowed = err ? E(err) : st == SBI_SSE_STATE_REGISTERED ?
			     E_OK : E(SBI_ERR_INVALID_STATE);
		break;
	case SBI_EXT_SSE_DISABLE:
		c->allowed = err ? E(err) : st == SBI_SSE_STATE_ENABLED ?
			     E_OK : E(SBI_ERR_INVALID_STATE);
		break;
	case SBI_EXT_SSE_COMPLETE:	/* no handler runs: nothing to do */
		c->allowed = E_OK;
		break;
	case SBI_EXT_SSE_INJECT:
		if (ev == SSE_NONE || rng_pct(r, 70)) {
			c->a[1] = h;
			ok = true;
		} else {	/* never another hart's local event */
			do
				c->a[1] = hartid_any(r, &ok);
			while (ok && c->a[1] != h);
		}
		if (err)
			c->allowed = E(err);
		else if (ev != SSE_NONE && !ok)
			c->allowed = E(SBI_ERR_INVALID_PARAM);
		else
			c->allowed = st >= SBI_SSE_STATE_ENABLED ?
				     E_OK : E(SBI_ERR_INVALID_STATE);
		break;
	case SBI_EXT_SSE_HART_UNMASK:
		c->allowed = s->sse_unmasked ? E(SBI_ERR_ALREADY_STARTED) :
					       E_OK;
		break;
	case SBI_EXT_SSE_HART_MASK:
		c->allowed = s->sse_unmasked ? E_OK :
					       E(SBI_ERR_ALREADY_STOPPED);
		break;
	default:
		c->kind = K_PLAIN;
		c->allowed = E(SBI_ERR_NOT_SUPPORTED);
		break;
	}
	if (!c->allowed)
		c->allowed = E_OK;
}

/* The software event is delivered now if it can be: its bookkeeping. */
static void sse_sw_deliverable(struct storm_hart *s)
{
	if (!s->sse_unmasked || !s->sse_pending ||
	    s->sse_state[SSE_SW] != SBI_SSE_STATE_ENABLED)
		return;
	s->sse_pending = false;
	s->sse_delivered++;
	if (s->sse_oneshot)
		s->sse_state[SSE_SW] = SBI_SSE_STATE_REGISTERED;
}

/* A successful read_attrs: the attributes the storm knows. */
static void check_sse_read(unsigned long h, struct storm_hart *s,
			   const struct call *c, const struct call_out *o)
{
	const unsigned long *v = (const unsigned long *)c->a[3];
	unsigned long base = (uint32_t)c->a[1], cnt = (uint32_t)c->a[2], i, a;
	unsigned long want[SBI_SSE_ATTR_ENTRY_ARG + 1];
	unsigned int ev = c->expect;

	bufs_accept(h, v, cnt * 8);
	if (ev == SSE_NONE) {	/* the global event: only its STATUS */
		if (base == SBI_SSE_ATTR_STATUS &&
		    v[0] != SBI_SSE_STATUS_INJECT)
			hit(s, c, o, "SSE global event STATUS is not UNUSED, injectable, not pending");
		return;
	}
	want[SBI_SSE_ATTR_STATUS] = s->sse_state[ev] | SBI_SSE_STATUS_INJECT |
				    (ev == SSE_SW && s->sse_pending ?
				     SBI_SSE_STATUS_PENDING : 0);
	want[SBI_SSE_ATTR_PRIO] = s->sse_prio[ev];
	want[SBI_SSE_ATTR_CONFIG] = ev == SSE_SW && s->sse_oneshot;
	want[SBI_SSE_ATTR_PREFERRED_HART] = h;
	want[SBI_SSE_ATTR_ENTRY_PC] = s->sse_entry[ev] ?
				      (unsigned long)hostile_sse_entry : 0;
	want[SBI_SSE_ATTR_ENTRY_ARG] = s->sse_entry[ev] ?
				       (unsigned long)&sse_recs[h][ev] : 0;
	for (i = 0; i < cnt; i++) {
		a = base + i;
		if (a > SBI_SSE_ATTR_ENTRY_ARG)
			break;
		/* the PMU event's PENDING comes and goes with overflows */
		if (v[i] != want[a] &&
		    !(ev == SSE_PMU && a == SBI_SSE_ATTR_STATUS &&
		      (v[i] & ~SBI_SSE_STATUS_PENDING) == want[a])) {
			test_diag("hart %lu call #%lu: SSE event %u attribute %lu = 0x%lx, expected 0x%lx",
				  h, s->seq, ev, a, v[i], want[a]);
			hit(s, c, o, "SSE read_attrs value differs from the storm's bookkeeping (see the '# hart N call #M: SSE' line)");
			return;
		}
	}
}

/* After a successful SSE call: the state it left and what it delivered. */
static void check_sse(unsigned long h, struct storm_hart *s,
		      const struct call *c, const struct call_out *o)
{
	unsigned int ev = c->expect;
	const unsigned long *v = (const unsigned long *)c->a[3];
	unsigned long i, base = (uint32_t)c->a[1];

	switch (c->fid) {
	case SBI_EXT_SSE_READ_ATTRS:
		if (!c->len)
			hit(s, c, o, "SSE read_attrs into memory that is not the caller's succeeded");
		else
			check_sse_read(h, s, c, o);
		break;
	case SBI_EXT_SSE_WRITE_ATTRS:
		if (!c->len)
			hit(s, c, o, "SSE write_attrs from memory that is not the caller's succeeded");
		for (i = 0; ev != SSE_NONE && i < (uint32_t)c->a[2]; i++) {
			if (base + i == SBI_SSE_ATTR_PRIO)
				s->sse_prio[ev] = v[i];
			if (base + i == SBI_SSE_ATTR_CONFIG && ev == SSE_SW)
				s->sse_oneshot = v[i];
		}
		break;
	case SBI_EXT_SSE_REGISTER:
		s->sse_state[ev] = SBI_SSE_STATE_REGISTERED;
		s->sse_entry[ev] = true;
		break;
	case SBI_EXT_SSE_UNREGISTER:
		s->sse_state[ev] = SBI_SSE_STATE_UNUSED;
		if (ev == SSE_SW)
			s->sse_pending = false;
		break;
	case SBI_EXT_SSE_ENABLE:
		s->sse_state[ev] = SBI_SSE_STATE_ENABLED;
		break;
	case SBI_EXT_SSE_DISABLE:
		s->sse_state[ev] = SBI_SSE_STATE_REGISTERED;
		break;
	case SBI_EXT_SSE_INJECT:
		if (ev == SSE_SW)
			s->sse_pending = true;
		break;
	case SBI_EXT_SSE_HART_UNMASK:
		s->sse_unmasked = true;
		break;
	case SBI_EXT_SSE_HART_MASK:
		s->sse_unmasked = false;
		break;
	}
	sse_sw_deliverable(s);
}

/* Every SSE call (any result): software event deliveries as modelled. */
static void check_sse_delivery(unsigned long h, struct storm_hart *s,
			       const struct call *c, const struct call_out *o)
{
	struct sse_rec *sw = &sse_recs[h][SSE_SW], *pmu = &sse_recs[h][SSE_PMU];

	if (READ_ONCE(sw->count) != s->sse_delivered) {
		test_diag("hart %lu call #%lu: %lu software event deliveries, expected %lu",
			  h, s->seq, sw->count, s->sse_delivered);
		hit(s, c, o, "SSE software event delivered other than the storm's bookkeeping says (see the '# hart N call #M: ... deliveries' line)");
		s->sse_delivered = sw->count;
	}
	if (sw->count && (sw->hartid != h ||
			  sw->sepc != (unsigned long)hostile_ecall_pc + 4)) {
		hit(s, c, o, "SSE handler entered with a6 not the hartid or sepc not just past the ecall");
		sw->hartid = h;
		sw->sepc = (unsigned long)hostile_ecall_pc + 4;
	}
	if (pmu->count && pmu->hartid != h) {
		hit(s, c, o, "SSE PMU overflow handler entered with a6 not the hartid");
		pmu->hartid = h;
	}
}

/* End of the storm: mask, then every local event back to UNUSED. */
static void sse_cleanup(unsigned long h, struct storm_hart *s)
{
	struct call c = { .eid = SBI_EXT_SSE, .group = G_SSE };
	static const uint32_t ids[2] = { SBI_SSE_EVENT_LOCAL_SOFTWARE,
					 SBI_SSE_EVENT_LOCAL_PMU_OVERFLOW };
	struct call_out o = { 0 };
	unsigned int ev;

	if (s->sse_unmasked &&
	    sbi_ecall(SBI_EXT_SSE, SBI_EXT_SSE_HART_MASK, 0, 0, 0, 0, 0, 0).error)
		hit(s, &c, &o, "SSE hart_mask after the storm failed");
	for (ev = 0; ev < 2; ev++) {
		if (s->sse_state[ev] == SBI_SSE_STATE_ENABLED &&
		    sbi_ecall(SBI_EXT_SSE, SBI_EXT_SSE_DISABLE, ids[ev], 0, 0,
			      0, 0, 0).error)
			hit(s, &c, &o, "SSE disable after the storm failed");
		if (s->sse_state[ev] != SBI_SSE_STATE_UNUSED &&
		    sbi_ecall(SBI_EXT_SSE, SBI_EXT_SSE_UNREGISTER, ids[ev], 0,
			      0, 0, 0, 0).error)
			hit(s, &c, &o, "SSE unregister after the storm failed");
	}
}

static void gen_call(struct storm_hart *s, struct call *c, unsigned long h)
{
	struct rng *r = &s->rng;
	unsigned int i, pick = rng_below(r, 100);

	memset(c, 0, sizeof(*c));
	/* registers an extension does not name hold junk */
	for (i = 0; i < 6; i++)
		c->a[i] = rng_next(r);
	if (pick < 43) {
		c->group = G_PMU;
		gen_pmu(s, c, h);
	} else if (pick < 49) {
		c->group = G_BASE;
		gen_base(s, c);
	} else if (pick < 53) {
		c->group = G_TIME;
		gen_time(s, c);
	} else if (pick < 59) {
		c->group = G_IPI;
		gen_ipi(s, c);
	} else if (pick < 62) {
		c->group = G_RFENCE;
		gen_rfence(s, c);
	} else if (pick < 68) {
		c->group = G_HSM;
		gen_hsm(s, c);
	} else if (pick < 70) {
		c->group = G_SRST;
		gen_srst(s, c);
	} else if (pick < 77) {
		c->group = G_DBCN;
		gen_dbcn(s, c, h);
	} else if (pick < 85) {
		c->group = G_LEGACY;
		gen_legacy(s, c, h);
	} else if (pick < 90) {
		c->group = G_UNKNOWN;
		gen_unknown(s, c);
	} else if (pick < 92) {
		c->group = G_SSE;
		gen_sse(s, c, h);
	} else if (pick < 94) {
		c->group = G_FWFT;
		gen_fwft(s, c);
	} else if (pick < 95) {
		c->group = G_SUSP;
		gen_susp(s, c);
	} else if (pick < 96) {
		c->group = G_DBTR;
		gen_dbtr(s, c, h);
	} else if (env.test_channel) {
		c->group = G_TEST;
		gen_test(s, c);
	} else {
		c->group = G_BASE;
		gen_base(s, c);
	}
}

/* ---- issuing and checking ---- */

static bool legacy_kind(enum kind k)
{
	return k == K_LEGACY || k == K_LEGACY_PTR || k == K_LEGACY_GETCHAR ||
	       k == K_LEGACY_CLEAR_IPI;
}

static void issue(unsigned long h, const struct call *c, struct call_out *o)
{
	struct hostile_regs *rg = &regs[h];
	struct rng *r = &sh[h].rng;
	unsigned long keep, n, before[8], after[8];

	for (n = 1; n < 32; n++)
		rg->in[n] = rng_next(r);
	/*
	 * ra: where the trap catcher resumes after an instruction fetch
	 * fault, i.e. if the firmware returned somewhere S-mode cannot run
	 */
	rg->in[1] = (unsigned long)hostile_ecall_pc + 4;
	for (n = 0; n < 6; n++)
		rg->in[10 + n] = c->a[n];
	rg->in[16] = c->fid;
	rg->in[17] = c->eid;
	s_csrs_read(before);
	trap_catch_begin();
	hostile_ecall(rg);
	o->trapped = trap_catch_end(&o->rec);
	s_csrs_read(after);
	o->csrs_changed = 0;
	for (n = 0; n < ARRAY_SIZE(s_csr_names); n++)
		if (before[n] != after[n])
			o->csrs_changed |= BIT(n);
	o->err = rg->out[10];
	o->val = rg->out[11];
	/* a0 is the result; a1 too, but for the v0.1 calls */
	keep = BIT(0) | BIT(10) | (legacy_kind(c->kind) ? 0 : BIT(11));
	/* sp, gp and tp kept their values: the asm stored them as in[2..4] */
	o->regs_changed = 0;
	for (n = 1; n < 32; n++)
		if (!(keep & BIT(n)) && rg->out[n] != rg->in[n])
			o->regs_changed |= BIT(n);
}

static bool hsm_state_running(long st)
{
	return st == SBI_HSM_STATE_STARTED || st == SBI_HSM_STATE_SUSPENDED ||
	       st == SBI_HSM_STATE_SUSPEND_PENDING ||
	       st == SBI_HSM_STATE_RESUME_PENDING;
}

/* Accept the firmware's writes the call was allowed to make. */
static void accept_writes(unsigned long h, struct storm_hart *s,
			  const struct call *c, const struct call_out *o)
{
	unsigned long i, n, lo;

	switch (c->kind) {
	case K_DBTR:	/* read and install write the shared memory */
		if (s->dbtr_shmem && !o->err &&
		    (c->fid == SBI_EXT_DBTR_TRIGGER_READ ||
		     c->fid == SBI_EXT_DBTR_TRIGGER_INSTALL))
			bufs_accept(h, hbufs[h].dbtr, env.dbtr_max * 32);
		return;
	case K_PMU_STOP:
		if (!(c->a[2] & PMU_STOP_TAKE_SNAPSHOT))
			return;
		if (s->snap_unknown) {
			for (i = 0; i < sizeof(struct hart_bufs); i += PAGE_SIZE)
				bufs_accept(h, (uint8_t *)&hbufs[h] + i,
					    PMU_SNAPSHOT_USED);
		} else if (s->snap_reg) {
			bufs_accept(h, (void *)s->snap_reg, PMU_SNAPSHOT_USED);
		}
		return;
	case K_PMU_EVINFO:
		n = c->a[2];
		lo = c->a[0];
		if (!c->own)
			return;
		for (i = 0; i < n; i++)
			bufs_accept(h, &((struct pmu_event_info_entry *)lo)[i].output,
				    4);
		return;
	case K_DBCN_READ:
		if (o->err == SBI_SUCCESS && !c->a[2] &&
		    mem_classify(c->a[1], 0, c->len, h) == MEM_OWNED &&
		    (unsigned long)o->val <= c->len)
			bufs_accept(h, (void *)c->a[1], o->val);
		return;
	default:
		return;
	}
}

static void check_call(unsigned long h, struct storm_hart *s,
		       const struct call *c, const struct call_out *o)
{
	unsigned long v = o->val;
	long err = o->err;

	if (o->trapped && o->rec.cause == EXC_INST_ACCESS &&
	    o->rec.epc - env.fw_base < env.fw_size) {
		hit(s, c, o, "the call returned to S-mode at an address inside the firmware (instruction access fault there)");
		return;
	}
	if (c->kind == K_LEGACY_PTR && (c->a[0] & 7) && o->trapped) {
		/* a misaligned hart mask may fault (redirected) */
		if ((o->rec.cause != EXC_LOAD_MISALIGNED &&
		     o->rec.cause != EXC_LOAD_ACCESS) ||
		    o->rec.epc != (unsigned long)hostile_ecall_pc)
			hit(s, c, o, "redirected fault of a legacy hart mask load has the wrong scause/sepc");
		return;
	}
	if (c->kind == K_LEGACY_PTR && c->ptr_foreign) {
		/* v3.0 ch. 5: faults on the supervisor's behalf are redirected */
		if (!o->trapped)
			hit(s, c, o, "legacy call on a hart mask pointer S-mode cannot read returned instead of redirecting the access fault (sepc = the ecall)");
		else if (o->rec.cause != EXC_LOAD_ACCESS ||
			 o->rec.epc != (unsigned long)hostile_ecall_pc ||
			 o->rec.tval != c->a[0])
			hit(s, c, o, "redirected fault of a legacy hart mask load has the wrong scause/sepc/stval");
		return;
	}
	if (o->trapped) {
		hit(s, c, o, c->kind == K_LEGACY_PTR ?
		    "a legacy call on a readable hart mask trapped into S-mode" :
		    "an SBI call trapped into S-mode");
		return;
	}
	if (o->csrs_changed) {
		unsigned int i = bit_lowest(o->csrs_changed);

		test_diag("hart %lu call #%lu changed S-mode CSR %s (mask 0x%lx)",
			  h, s->seq, s_csr_names[i], o->csrs_changed);
		hit(s, c, o, "an SBI call changed an S-mode CSR (see the '# hart N call #M changed S-mode CSR' line)");
		return;
	}
	if (o->regs_changed == BIT(11) && legacy_kind(c->kind)) {
		hit(s, c, o, "legacy call clobbered a1 (v0.1: all registers but a0 are preserved)");
		return;
	}
	if (o->regs_changed) {
		hit(s, c, o, legacy_kind(c->kind) ?
		    "a legacy call changed a register other than a0" :
		    "an SBI call changed a register other than a0/a1");
		return;
	}
	switch (c->kind) {
	case K_LEGACY:
	case K_LEGACY_PTR:
		if (err > 0)
			hit(s, c, o, "legacy call returned a positive a0");
		else if (c->kind == K_LEGACY_PTR && c->a[0] &&
			 !(c->a[0] & 7) && c->expect && err)
			hit(s, c, o, "legacy call on a readable mask of existing harts failed");
		else if (v != c->a[1])
			hit(s, c, o, "legacy call clobbered a1 (v0.1: all registers but a0 are preserved)");
		return;
	case K_LEGACY_GETCHAR:
		if (err < -1 || err > 255)
			hit(s, c, o, "legacy getchar returned neither a byte nor -1");
		else if (v != c->a[1])
			hit(s, c, o, "legacy call clobbered a1 (v0.1: all registers but a0 are preserved)");
		return;
	case K_LEGACY_CLEAR_IPI:
		if (err < 0)
			hit(s, c, o, "legacy clear_ipi returned a negative a0");
		else if (v != c->a[1])
			hit(s, c, o, "legacy call clobbered a1 (v0.1: all registers but a0 are preserved)");
		return;
	case K_LEGACY_RESERVED:
		if (err != SBI_ERR_NOT_SUPPORTED)
			hit(s, c, o, "reserved legacy EID did not return NOT_SUPPORTED");
		return;
	default:
		break;
	}
	if (!sbi_err_known(err)) {
		hit(s, c, o, "error code is not an SBI error code");
		return;
	}
	if (!(c->allowed & E(err))) {
		hit(s, c, o, "error code not allowed for this function and these arguments");
		return;
	}
	if (err != SBI_SUCCESS) {
		if (c->kind == K_PMU_INFO && c->a[0] < env.num_ctrs &&
		    err != env.info_err[c->a[0]])
			hit(s, c, o, "counter_get_info answer differs from boot");
		return;
	}
	switch (c->kind) {
	case K_DBTR:
		check_dbtr(h, s, c, o);
		break;
	case K_SSE:
		s->sse_ok++;
		check_sse(h, s, c, o);
		break;
	case K_VALUE:
		if (v != c->expect)
			hit(s, c, o, "value differs from the value at boot");
		break;
	case K_VALUE_EITHER:
		if (v != c->expect && v != c->expect2)
			hit(s, c, o, "probe_extension of an EID with upper bits set answered neither 0 nor the low half's answer");
		break;
	case K_HSM_STATUS:
		if (!hsm_state_running(v))
			hit(s, c, o, "hart_get_status of a running hart is not a running state");
		break;
	case K_DBCN_WRITE:
	case K_DBCN_READ:
		if (v > c->len)
			hit(s, c, o, "console read/write reports more bytes than asked");
		break;
	case K_PMU_INFO:
		if (c->a[0] >= env.num_ctrs || v != env.info[c->a[0]])
			hit(s, c, o, "counter_get_info answer differs from boot");
		break;
	case K_PMU_MATCH: {
		unsigned long first = c->a[0] + bit_lowest(c->a[1]);
		bool fw_ev = (c->a[3] >> 16) == PMU_EV_TYPE_FW;

		if (v < c->a[0] || v - c->a[0] >= 64 ||
		    !((c->a[1] >> (v - c->a[0])) & 1))
			hit(s, c, o, "config_matching returned a counter outside the set");
		else if (fw_ev != !!(env.fw & BIT(v)))
			hit(s, c, o, "config_matching put the event on the wrong counter type");
		else if ((c->a[2] & PMU_CFG_SKIP_MATCH) && v != first)
			hit(s, c, o, "config_matching SKIP_MATCH did not take the first counter");
		break;
	}
	case K_PMU_FW_READ_HI:
		if (v)
			hit(s, c, o, "counter_fw_read_hi is not 0 on RV64");
		break;
	case K_PMU_SNAPSHOT:
		if (c->a[0] == ~0UL && c->a[1] == ~0UL) {
			s->snap_reg = 0;
			s->snap_unknown = false;
		} else if (mem_classify(c->a[0], c->a[1], PAGE_SIZE, h) ==
			   MEM_OWNED) {
			s->snap_reg = c->a[0];
			s->snap_unknown = false;
		} else {
			hit(s, c, o, "snapshot shared memory outside supervisor RAM accepted");
			s->snap_unknown = true;
		}
		break;
	case K_PMU_EVINFO: {
		const struct pmu_event_info_entry *e = (void *)c->a[0];
		unsigned long i;

		if (!c->own) {
			if (c->a[2])
				hit(s, c, o, "event_get_info on memory that is not the caller's succeeded");
			break;
		}
		for (i = 0; i < c->a[2]; i++) {
			if (e[i].output & ~PMU_EVENT_INFO_SUPPORTED) {
				hit(s, c, o, "event_get_info set reserved output bits");
				break;
			}
			unsigned long t = (e[i].event_idx >> 16) & 0xf;
			uint64_t d = t == PMU_EV_TYPE_RAW ||
				     t == PMU_EV_TYPE_RAW_V2 ||
				     t == PMU_EV_TYPE_FW ? e[i].event_data : 0;

			if (e[i].output && event_reserved(e[i].event_idx, d)) {
				hit(s, c, o, "event_get_info reports a reserved event supported");
				break;
			}
		}
		break;
	}
	default:
		break;
	}
}

/* A retentive suspend the timer ends: sie = STIE only, SIE stays 0. */
static void suspend_timer(unsigned long h, struct storm_hart *s,
			  const struct call *c, struct call_out *o)
{
	unsigned long deadline = time_now() + usec_to_ticks(300);

	sbi_set_timer(deadline);
	csr_write(CSR_SIE, SIP_STIP);
	issue(h, c, o);
	/* an overflow for the enabled SSE PMU event also ends it */
	if (!o->regs_changed && !o->trapped && o->err == SBI_SUCCESS &&
	    time_now() < deadline &&
	    s->sse_state[SSE_PMU] != SBI_SSE_STATE_ENABLED)
		hit(s, c, o, "retentive suspend returned before the only enabled interrupt was pending");
	sbi_set_timer(~0UL);
	csr_write(CSR_SIE, 0);
	s->suspends++;
}

static void mem_check(unsigned long h, struct storm_hart *s,
		      const struct call *c, const struct call_out *o)
{
	unsigned long first = 0, bad = bufs_diff(h, &first);

	s->mem_checks++;
	if (!bad)
		return;
	hit(s, c, o, "firmware wrote payload buffers it was not handed (see the '# hart N: ... bytes of its buffers changed' line)");
	test_diag("hart %lu: %lu bytes of its buffers changed, first at offset 0x%lx (0x%lx)",
		  h, bad, first, (unsigned long)&hbufs[h] + first);
	/* accept them so one corruption is reported once */
	bufs_accept(h, &hbufs[h], sizeof(struct hart_bufs));
}

static bool touches_own(unsigned long h, const struct call *c)
{
	unsigned long b = (unsigned long)&hbufs[h];
	unsigned int i;

	if (c->kind == K_PMU_STOP)
		return c->a[2] & PMU_STOP_TAKE_SNAPSHOT;
	if (c->kind == K_DBTR)
		return true;
	for (i = 0; i < 6; i++)
		if (c->a[i] - b < sizeof(struct hart_bufs))
			return true;
	return false;
}

static void storm_loop(unsigned long h)
{
	struct storm_hart *s = &sh[h];
	struct call c;
	struct call_out o;
	unsigned long t;

	csr_write(CSR_SIE, 0);
	for (s->seq = 0; s->seq < env.calls; s->seq++) {
		if (READ_ONCE(storm_abort))
			break;
		gen_call(s, &c, h);
		s->cur = c;
		/* the watchdog on the boot hart sees the call before it runs */
		smp_mb();
		if (storm_trace)
			print_call("call:", &c);
		t = time_now();
		if (c.kind == K_SUSPEND_TIMER)
			suspend_timer(h, s, &c, &o);
		else
			issue(h, &c, &o);
		s->ticks[c.group] += time_now() - t;
		s->calls[c.group]++;
		accept_writes(h, s, &c, &o);
		check_call(h, s, &c, &o);
		if (c.group == G_SSE)
			check_sse_delivery(h, s, &c, &o);
		if (touches_own(h, &c) || !(s->seq & 63))
			mem_check(h, s, &c, &o);
		WRITE_ONCE(s->progress, s->progress + 1);
	}
	memset(&c, 0, sizeof(c));
	c.group = G_SSE;
	sse_cleanup(h, s);
	check_sse_delivery(h, s, &c, &o);
	c.group = G_PMU;
	mem_check(h, s, &c, &o);
	/* what the storm left pending on this hart */
	sbi_set_timer(~0UL);
	csr_clear(CSR_SIP, SIP_SSIP);
	if (env.sscofpmf)
		csr_clear(CSR_SIP, SIP_LCOFIP);
	s->t_end = time_now();
}

/*
 * S-mode traps the firmware handles itself: a misaligned AMO (not
 * delegated) must come back as the store/AMO misaligned fault, whether on
 * S-mode RAM or on the firmware, and be counted as MISALIGNED_STORE. (QEMU
 * under -icount reports a load-misaligned cause for it, so this runs here.)
 */
static unsigned long amo_at(unsigned long addr, unsigned long *tval)
{
	struct trap_record rec;
	unsigned long v = 0;

	trap_catch_begin();
	asm volatile("amoor.d %0, zero, (%1)" : "+r"(v) : "r"(addr) : "memory");
	if (!trap_catch_end(&rec))
		return ~0UL;
	*tval = rec.tval;
	return rec.cause;
}

static void misaligned_amo(unsigned long h)
{
	/* across a 16-byte boundary: misaligned even with Zama16b (max) */
	unsigned long a = (unsigned long)&hbufs[h].guard1[16 + 12];
	unsigned long tval = 0, cause;
	unsigned long n = 0;
	struct sbiret ret;
	long k;

	pmu_release_all();
	ret = sbi_pmu_counter_cfg_match(0, env.fw, PMU_CFG_CLEAR_VALUE |
					PMU_CFG_AUTO_START,
					EV_FW(PMU_FW_MISALIGNED_STORE), 0);
	k = ret.error ? -1 : ret.value;
	cause = amo_at(a, &tval);
	n += cause == EXC_STORE_MISALIGNED;
	test_report(cause == EXC_STORE_MISALIGNED && tval == a, NULL,
		    "after the storm, hart %lu: misaligned AMO on S-mode RAM comes back as a store/AMO misaligned fault (scause 0x%lx, stval 0x%lx)",
		    h, cause == ~0UL ? 0 : cause, tval);
	cause = amo_at(env.fw_base + 1, &tval);
	n += cause == EXC_STORE_MISALIGNED;
	/* alignment is checked before PMP: misaligned, as on S-mode RAM */
	test_report(cause == EXC_STORE_MISALIGNED &&
		    tval == env.fw_base + 1, NULL,
		    "after the storm, hart %lu: misaligned AMO on the firmware is a store/AMO misaligned fault in S-mode (scause 0x%lx, stval 0x%lx)",
		    h, cause == ~0UL ? 0 : cause, tval);
	ret = sbi_pmu_counter_fw_read(k);
	test_report(k >= 0 && !ret.error && (unsigned long)ret.value == n, NULL,
		    "after the storm, hart %lu: MISALIGNED_STORE counted the %lu misaligned AMO traps (%ld)",
		    h, n, ret.value);
	pmu_release_all();
}

/* ---- after the storm: does the firmware still work on this hart? ---- */

static void recheck(unsigned long h)
{
	struct sbiret ret;
	unsigned long snap = (unsigned long)hbufs[h].snap[0];
	struct pmu_snapshot_area *sa = (void *)snap;
	long k, c;
	int i;

	ret = sbi_get_spec_version();
	test_report(!ret.error && ret.value == (long)spec_version, NULL,
		    "after the storm, hart %lu: BASE spec version 0x%lx", h,
		    ret.value);
	ret = sbi_hart_get_status(h);
	test_report(!ret.error && ret.value == SBI_HSM_STATE_STARTED, NULL,
		    "after the storm, hart %lu: HSM status of itself STARTED (%ld/%ld)",
		    h, ret.error, ret.value);
	pmu_release_all();
	ret = sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0);
	/* a firmware counter on SET_TIMER counts exactly */
	ret = sbi_pmu_counter_cfg_match(0, env.fw, PMU_CFG_CLEAR_VALUE |
					PMU_CFG_AUTO_START,
					EV_FW(PMU_FW_SET_TIMER), 0);
	k = ret.error ? -1 : ret.value;
	if (test_report(k >= 0, sbi_err_name(ret.error),
			"after the storm, hart %lu: config_matching SET_TIMER on a firmware counter",
			h)) {
		for (i = 0; i < 25; i++)
			sbi_set_timer(~0UL);
		ret = sbi_pmu_counter_fw_read(k);
		test_report(!ret.error && ret.value == 25, NULL,
			    "after the storm, hart %lu: 25 set_timer calls counted %ld (error %ld)",
			    h, ret.value, ret.error);
	}
	/* a hardware counter round trip, through the snapshot page */
	c = env.instret >= 0 ? env.instret : (env.hpm ? bit_lowest(env.hpm) : -1);
	if (c < 0) {
		test_skip("no instret counter", "after the storm, hart %lu: hardware counter round trip",
			  h);
	} else {
		unsigned long d = 0, csr = env.info[c] & PMU_CTR_INFO_CSR_MASK;
		unsigned long buf[2] = { 0, 0 };

		ret = sbi_pmu_counter_cfg_match(c, 1, PMU_CFG_CLEAR_VALUE,
						EV_HW(PMU_HW_INSTRUCTIONS), 0);
		if (!ret.error)
			ret = sbi_pmu_counter_start(c, 1, 0, 0);
		if (!ret.error)
			d = ctr_loop_table[csr - 0xc00](1000, buf);
		test_report(!ret.error && d >= 1000, sbi_err_name(ret.error),
			    "after the storm, hart %lu: counter %ld counts INSTRUCTIONS (%lu over a 4001-instruction loop)",
			    h, c, d);
		ret = sbi_pmu_snapshot_set_shmem(snap, 0, 0);
		if (!ret.error)
			ret = sbi_pmu_counter_stop(c, 1, PMU_STOP_TAKE_SNAPSHOT);
		test_report(!ret.error && sa->ctr_values[0] >= d &&
			    sa->ctr_values[0] == ctr_read_table[csr - 0xc00](),
			    sbi_err_name(ret.error),
			    "after the storm, hart %lu: stop with TAKE_SNAPSHOT saved counter %ld (%lu)",
			    h, c, (unsigned long)sa->ctr_values[0]);
		sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0);
	}
	pmu_release_all();
	misaligned_amo(h);
}

static void report_hart(unsigned long h)
{
	struct storm_hart *s = &sh[h];
	unsigned long total = 0;
	unsigned int g, i;
	char what[96];

	for (g = 0; g < NR_GROUPS; g++)
		total += s->calls[g];
	test_diag("storm hart %lu: %lu calls (seed 0x%lx), %lu timer-woken suspends, %lu buffer checks",
		  h, total, env.seed ^ h, s->suspends, s->mem_checks);
	test_diag("storm hart %lu: %lu SSE calls succeeded; handler entries: software event %lu, PMU overflow event %lu",
		  h, s->sse_ok, sse_recs[h][SSE_SW].count,
		  sse_recs[h][SSE_PMU].count);
	for (i = 0; i < s->nr_hits; i++) {
		struct rule_hit *x = &s->hits[i];

		snprintf(what, sizeof(what), "hart %lu call #%lu:", h, x->seq);
		print_call(what, &x->call);
		test_diag("  -> a0 %ld (%s) a1 0x%lx%s scause 0x%lx sepc 0x%lx stval 0x%lx, registers changed 0x%lx",
			  x->out.err, sbi_err_name(x->out.err), x->out.val,
			  x->out.trapped ? ", trapped:" : ", no trap;",
			  x->out.trapped ? x->out.rec.cause : 0,
			  x->out.trapped ? x->out.rec.epc : 0,
			  x->out.trapped ? x->out.rec.tval : 0,
			  x->out.regs_changed);
		test_report(0, x->rule, "storm hart %lu: %s call #%lu and %lu more",
			    h, group_name[x->call.group], x->seq,
			    x->count - 1);
	}
	if (s->hits_lost)
		test_report(0, "more distinct rules broken than recorded",
			    "storm hart %lu: %lu further failures", h,
			    s->hits_lost);
	for (g = 0; g < NR_GROUPS; g++)
		test_report(!s->bad[g], "see the FAIL lines above",
			    "storm hart %lu: %lu %s calls, every result valid (%lu bad, %lu us per call)",
			    h, s->calls[g], group_name[g], s->bad[g],
			    s->calls[g] ? s->ticks[g] * 1000000 /
					  platform.timebase_hz / s->calls[g] : 0);
}

static void storm_hart_main(unsigned long h)
{
	struct storm_hart *s = &sh[h];
	unsigned long dummy;

	rng_seed(&s->rng, env.seed ^ h);
	atomic_store(&s->entered, 1);
	while (!atomic_load(&storm_go))
		cpu_relax();
	/* every hart fills its share of free RAM with canaries */
	ram_canary(canary_key, true, s->part, platform.nr_harts, &dummy,
		   &s->canary_bytes);
	atomic_add_return(&storm_filled, 1);
	while (atomic_load(&storm_filled) < (int)platform.nr_harts)
		cpu_relax();
	storm_loop(h);
	atomic_store(&s->done, 1);
	while (!atomic_load(&storm_over))
		cpu_relax();
	s->canary_bad = ram_canary(canary_key, false, s->part,
				   platform.nr_harts, &s->canary_first,
				   &s->canary_bytes);
	recheck(h);
	atomic_store(&s->done, 2);
}

static void storm_secondary(unsigned long hartid, unsigned long opaque,
			    void *arg)
{
	storm_hart_main(hartid);
}

/* Wait until every hart reached @state; watch their progress meanwhile. */
static bool wait_all(int state, unsigned long stall_us)
{
	unsigned long h, last[PAYLOAD_MAX_HARTS], seen[PAYLOAD_MAX_HARTS];
	unsigned long now;
	bool all;

	for_each_hart(h, platform.hart_mask) {
		last[h] = READ_ONCE(sh[h].progress);
		seen[h] = time_now();
	}
	for (;;) {
		all = true;
		now = time_now();
		for_each_hart(h, platform.hart_mask) {
			unsigned long p = READ_ONCE(sh[h].progress);

			if (atomic_load(&sh[h].done) >= state)
				continue;
			all = false;
			if (p != last[h]) {
				last[h] = p;
				seen[h] = now;
			} else if (now - seen[h] > usec_to_ticks(stall_us)) {
				struct call c = sh[h].cur;

				print_call("stuck call:", &c);
				test_report(0, "watchdog", "storm hart %lu made no progress for %lu s after %lu calls (call above)",
					    h, stall_us / 1000000, p);
				WRITE_ONCE(storm_abort, 1);
				return false;
			}
		}
		if (all)
			return true;
		nap(1000);
	}
}

static void boot_values(void)
{
	unsigned int i;

	spec_version = sbi_get_spec_version().value;
	impl_id = sbi_get_impl_id().value;
	impl_version = sbi_get_impl_version().value;
	mvendorid = sbi_get_mvendorid().value;
	marchid = sbi_get_marchid().value;
	mimpid = sbi_get_mimpid().value;
	for (i = 0; i < ARRAY_SIZE(known_eids); i++)
		known_probe[i] = sbi_probe_extension(known_eids[i]).value;
	if (env.test_channel)
		boot_checksum = sbi_call0(SBI_EXT_TALLY_TEST,
					  SBI_TALLY_TEST_FW_CHECKSUM_BOOT).value;
}

void storm_run(void)
{
	unsigned long h, self = current_hartid();
	unsigned long t0, t1, total = 0, bad = 0, first = 0, scanned = 0;
	unsigned int g, part = 0;
	struct sbiret ret;

	boot_values();
	fwft_init();
	storm_trace = payload_has_arg("hostile.trace");
	canary_key = env.seed ^ 0xca7a5;
	pmu_release_all();
	for_each_hart(h, platform.hart_mask) {
		bufs_init(h);
		sh[h].part = part++;
	}
	for_each_hart(h, platform.hart_mask) {
		if (h == self)
			continue;
		ret = hart_start(h, storm_secondary, NULL, 0);
		if (!test_report(!ret.error, sbi_err_name(ret.error),
				 "storm: start hart %lu", h))
			return;
	}
	/* no hart may be STOPPED while others issue random hart_starts */
	for_each_hart(h, platform.hart_mask) {
		unsigned long end = time_now() + usec_to_ticks(TIMEOUT_US);

		if (h == self)
			continue;
		while (!atomic_load(&sh[h].entered) && time_now() < end)
			cpu_relax();
		if (!atomic_load(&sh[h].entered)) {
			test_report(0, "timeout", "storm: hart %lu entered the payload", h);
			return;
		}
	}
	t0 = time_now();
	atomic_store(&sh[self].entered, 1);
	atomic_store(&storm_go, 1);
	rng_seed(&sh[self].rng, env.seed ^ self);
	ram_canary(canary_key, true, sh[self].part, platform.nr_harts, &first,
		   &sh[self].canary_bytes);
	atomic_add_return(&storm_filled, 1);
	while (atomic_load(&storm_filled) < (int)platform.nr_harts)
		cpu_relax();
	t1 = time_now();
	test_diag("storm: free RAM filled with canaries in %lu ms",
		  (t1 - t0) / (platform.timebase_hz / 1000));
	t0 = t1;
	storm_loop(self);
	atomic_store(&sh[self].done, 1);
	if (!wait_all(1, 60000000UL))
		test_finish();
	t1 = time_now();
	atomic_store(&storm_over, 1);
	sh[self].canary_bad = ram_canary(canary_key, false, sh[self].part,
					 platform.nr_harts,
					 &sh[self].canary_first,
					 &sh[self].canary_bytes);
	recheck(self);
	atomic_store(&sh[self].done, 2);
	if (!wait_all(2, 60000000UL))
		test_finish();
	for_each_hart(h, platform.hart_mask) {
		report_hart(h);
		for (g = 0; g < NR_GROUPS; g++)
			total += sh[h].calls[g];
		scanned += sh[h].canary_bytes;
		if (sh[h].canary_bad && !bad)
			first = sh[h].canary_first;
		bad += sh[h].canary_bad;
	}
	test_diag("storm: %lu calls on %u harts in %lu ms (seed 0x%lx)", total,
		  platform.nr_harts, (t1 - t0) / (platform.timebase_hz / 1000),
		  env.seed);
	test_report(total >= env.calls * platform.nr_harts, NULL,
		    "storm: %lu calls issued (%lu per hart)", total, env.calls);
	TEST_EQ(atomic_load(&hostile_landings), 0,
		"storm: no hart_start ever started a running hart");
	test_report(!bad, NULL,
		    "storm: free RAM canaries intact (%lu MiB checked, %lu bad words, first 0x%lx)",
		    scanned >> 20, bad, bad ? first : 0);
	if (env.test_channel) {
		ret = sbi_call0(SBI_EXT_TALLY_TEST,
				SBI_TALLY_TEST_UNEXPECTED_TRAPS);
		test_report(!ret.error && !ret.value, NULL,
			    "storm: M-mode never trapped (test channel: %ld)",
			    ret.value);
		ret = sbi_call0(SBI_EXT_TALLY_TEST, SBI_TALLY_TEST_FW_CHECKSUM);
		test_report(!ret.error && (unsigned long)ret.value == boot_checksum,
			    NULL, "storm: firmware image checksum equals the boot checksum (0x%lx)",
			    ret.value);
	}
	/* the secondaries stopped themselves once done */
	for_each_hart(h, platform.hart_mask) {
		if (h == self)
			continue;
		TEST_EQ(hart_wait_status(h, SBI_HSM_STATE_STOPPED, TIMEOUT_US),
			SBI_HSM_STATE_STOPPED,
			"storm: hart %lu stopped after the storm", h);
	}
}
