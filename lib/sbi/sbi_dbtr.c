// SPDX-License-Identifier: BSD-2-Clause
/*
 * Debug triggers (Sdtrig) on behalf of S-mode: probe, install, update,
 * enable/disable, uninstall, and the state across non-retentive suspend.
 *
 * Policy (docs/firmware.md "Debug triggers"): S-mode gets the trigger types
 * that fire on instructions it executes itself (mcontrol, mcontrol6,
 * icount), with dmode = 0, m = 0 and action = 0 (a breakpoint exception,
 * delegated to S-mode). So no trigger ever matches in M-mode, whatever
 * address it names. Every configuration is read back from the hardware:
 * what the hardware does not keep is NOT_SUPPORTED, and never installed.
 */
#include <stddef.h>
#include <sbi/riscv_asm.h>
#include <sbi/sbi_dbtr.h>
#include <sbi/sbi_error.h>

#define CSR_TSELECT		0x7a0
#define CSR_TDATA1		0x7a1
#define CSR_TDATA2		0x7a2
#define CSR_TDATA3		0x7a3
#define CSR_TINFO		0x7a4

/* Where a served type keeps its fields in tdata1. */
struct trig_fields {
	unsigned long u, s, vu, vs, m;
	unsigned long action, chain;
	unsigned long hit, ro;		/* status and read-only: not compared */
#if FW_TEST
	unsigned long scramble;		/* what a lost state may hold */
#endif
};

/* The test images' emulated suspend loss only (sbi_suspend_loss.h) */
#if FW_TEST
#define SCRAMBLE(mask)	.scramble = (mask),
#else
#define SCRAMBLE(mask)
#endif

static const struct trig_fields mcontrol = {
	.u = BIT(3), .s = BIT(4), .m = BIT(6),
	.action = 0xfUL << 12, .chain = BIT(11),
	.hit = BIT(20), .ro = 0x3fUL << (DBTR_XLEN - 11),	/* maskmax */
	SCRAMBLE(0x1f)			/* load/store/execute, u, s */
};

static const struct trig_fields mcontrol6 = {
	.u = BIT(3), .s = BIT(4), .vu = BIT(23), .vs = BIT(24), .m = BIT(6),
	.action = 0xfUL << 12, .chain = BIT(11),
	.hit = BIT(22) | BIT(25),
	SCRAMBLE(0x1f)
};

static const struct trig_fields icount = {
	.u = BIT(6), .s = BIT(7), .vu = BIT(25), .vs = BIT(26), .m = BIT(9),
	.action = 0x3f, .hit = BIT(24),
	SCRAMBLE((0x3fffUL << 10) | BIT(6) | BIT(7))	/* count, u, s */
};

static unsigned int type_of(unsigned long tdata1)
{
	return tdata1 >> DBTR_TDATA1_TYPE_SHIFT;
}

static const struct trig_fields *fields(unsigned int type)
{
	switch (type) {
	case DBTR_TYPE_MCONTROL:
		return &mcontrol;
	case DBTR_TYPE_MCONTROL6:
		return &mcontrol6;
	case DBTR_TYPE_ICOUNT:
		return &icount;
	default:
		return NULL;
	}
}

static unsigned long mode_bits(const struct trig_fields *f)
{
	return f->u | f->s | f->vu | f->vs;
}

/* The saved copies of u, s, vu, vs in trig_state */
static unsigned long state_of(const struct trig_fields *f, unsigned long t1)
{
	return DBTR_STATE_MAPPED | ((t1 & f->u) ? DBTR_STATE_U : 0) |
	       ((t1 & f->s) ? DBTR_STATE_S : 0) |
	       ((t1 & f->vu) ? DBTR_STATE_VU : 0) |
	       ((t1 & f->vs) ? DBTR_STATE_VS : 0);
}

static unsigned long modes_of(const struct trig_fields *f, unsigned long st)
{
	return ((st & DBTR_STATE_U) ? f->u : 0) |
	       ((st & DBTR_STATE_S) ? f->s : 0) |
	       ((st & DBTR_STATE_VU) ? f->vu : 0) |
	       ((st & DBTR_STATE_VS) ? f->vs : 0);
}

static unsigned int served_types(const struct sbi_dbtr_hart *h)
{
	unsigned int i, t = 0;

	for (i = 0; i < h->count; i++)
		t |= h->types[i];
	return t;
}

static unsigned int lowest_type(unsigned int types)
{
	unsigned int t;

	for (t = 0; t < 16; t++)
		if ((types >> t) & 1)
			return t;
	return 0;
}

/*
 * tselect/tinfo walk: a trigger exists while tselect keeps the index
 * written and tinfo (or, without tinfo, tdata1's type) names a type.
 */
static void probe(struct sbi_dbtr_hart *h)
{
	unsigned long i, v, info;

	h->count = 0;
	for (i = 0; i < SBI_DBTR_MAX_TRIGGERS; i++) {
		if (csr_write_safe(CSR_TSELECT, i) ||
		    csr_read_safe(CSR_TSELECT, &v) || v != i)
			break;
		if (csr_read_safe(CSR_TINFO, &info)) {
			if (csr_read_safe(CSR_TDATA1, &v))
				break;
			info = 1UL << type_of(v);
		}
		info &= 0xffff;
		if (!info || info == 1)		/* 1: no trigger here */
			break;
		h->types[i] = info & DBTR_TYPES_SERVED;
		h->count++;
	}
	h->probed = true;
}

/* Disable trigger @i: 0 (the spec's way), then a bare served type. */
static void clear_hw(const struct sbi_dbtr_hart *h, unsigned int i,
		     unsigned int type)
{
	csr_write(CSR_TSELECT, i);
	csr_write(CSR_TDATA1, 0);
	if (!type)
		type = lowest_type(h->types[i]);
	if (type)	/* QEMU ignores 0: a type with no enable bit set */
		csr_write(CSR_TDATA1, DBTR_TDATA1_TYPE(type));
	csr_write_safe(CSR_TDATA2, 0);
	csr_write_safe(CSR_TDATA3, 0);
}

/*
 * Disabled first, so tdata2/3 may take any value; tdata2/3 exist per type
 * (a trap is fine for a 0 value). Returns whether every write took.
 */
static bool write_hw(unsigned int i, unsigned long t1, unsigned long t2,
		     unsigned long t3)
{
	bool ok = true;

	csr_write(CSR_TSELECT, i);
	csr_write(CSR_TDATA1, DBTR_TDATA1_TYPE(type_of(t1)));
	if (csr_write_safe(CSR_TDATA2, t2) && t2)
		ok = false;
	if (csr_write_safe(CSR_TDATA3, t3) && t3)
		ok = false;
	csr_write(CSR_TDATA1, t1);
	return ok;
}

static void read_hw(unsigned int i, struct sbi_dbtr_trigger *t)
{
	unsigned long v2 = 0, v3 = 0;

	csr_write(CSR_TSELECT, i);
	t->tdata1 = csr_read(CSR_TDATA1);
	if (csr_read_safe(CSR_TDATA2, &v2))
		v2 = 0;
	if (csr_read_safe(CSR_TDATA3, &v3))
		v3 = 0;
	t->tdata2 = v2;
	t->tdata3 = v3;
}

/* Program trigger @i and check that the hardware kept the configuration. */
static int program(struct sbi_dbtr_hart *h, unsigned int i,
		   const struct sbi_dbtr_config *c)
{
	const struct trig_fields *f = fields(type_of(c->tdata1));
	struct sbi_dbtr_trigger got;
	bool ok = write_hw(i, c->tdata1, c->tdata2, c->tdata3);

	read_hw(i, &got);
	if (!ok || got.tdata2 != c->tdata2 || got.tdata3 != c->tdata3 ||
	    ((got.tdata1 ^ c->tdata1) & ~(f->hit | f->ro)) ||
	    (got.tdata1 & (DBTR_TDATA1_DMODE | f->m | f->action))) {
		clear_hw(h, i, type_of(c->tdata1));
		return SBI_ERR_NOT_SUPPORTED;
	}
	h->trig[i].tdata1 = got.tdata1;
	h->trig[i].tdata2 = got.tdata2;
	h->trig[i].tdata3 = got.tdata3;
	h->trig[i].state = state_of(f, c->tdata1);
	return SBI_SUCCESS;
}

static bool reserved_type(unsigned int type)
{
	return type == 0 || type == 1 || (type >= 8 && type <= 11) ||
	       type == 15;
}

/*
 * The policy: INVALID_PARAM for values S-mode may never use (dmode, m,
 * an action other than the breakpoint exception, reserved types), FAILED
 * for types no trigger here serves.
 */
static int check_tdata1(const struct sbi_dbtr_hart *h, unsigned long t1)
{
	unsigned int type = type_of(t1);
	const struct trig_fields *f = fields(type);

	if (reserved_type(type) || (t1 & DBTR_TDATA1_DMODE))
		return SBI_ERR_INVALID_PARAM;
	if (!f)
		return SBI_ERR_FAILED;
	if (t1 & (f->m | f->action))
		return SBI_ERR_INVALID_PARAM;
	if (!((served_types(h) >> type) & 1))
		return SBI_ERR_FAILED;
	return SBI_SUCCESS;
}

static bool chained(unsigned long t1)
{
	const struct trig_fields *f = fields(type_of(t1));

	return f && (t1 & f->chain);
}

void sbi_dbtr_hart_init(struct sbi_dbtr_hart *h)
{
	unsigned int i;

	if (!h->probed)
		probe(h);
	h->shmem = DBTR_SHMEM_NONE;
	for (i = 0; i < h->count; i++) {
		clear_hw(h, i, 0);
		h->trig[i] = (struct sbi_dbtr_trigger){ 0 };
	}
}

bool sbi_dbtr_available(const struct sbi_dbtr_hart *h)
{
	return served_types(h) != 0;
}

unsigned long sbi_dbtr_num_triggers(const struct sbi_dbtr_hart *h,
				    unsigned long tdata1)
{
	unsigned int i, type = type_of(tdata1);
	unsigned long n = 0;

	if (!tdata1)
		return h->count;
	if (check_tdata1(h, tdata1))
		return 0;
	for (i = 0; i < h->count; i++)
		n += (h->types[i] >> type) & 1;
	return n;
}

/* A chain starting at @c: up to and including its first unchained entry. */
static unsigned long chain_len(const struct sbi_dbtr_config *c,
			       unsigned long n)
{
	unsigned long len = 1;

	while (len < n && chained(c[len - 1].tdata1))
		len++;
	return len;
}

/* The first run of @len free triggers that serve the chain's types. */
static long find_run(const struct sbi_dbtr_hart *h, uint32_t used,
		     const struct sbi_dbtr_config *c, unsigned long len)
{
	unsigned long k, j;

	for (k = 0; k + len <= h->count; k++) {
		for (j = 0; j < len; j++)
			if (((used >> (k + j)) & 1) ||
			    !((h->types[k + j] >> type_of(c[j].tdata1)) & 1))
				break;
		if (j == len)
			return k;
	}
	return -1;
}

static uint32_t mapped_mask(const struct sbi_dbtr_hart *h)
{
	uint32_t m = 0;
	unsigned int i;

	for (i = 0; i < h->count; i++)
		if (h->trig[i].state & DBTR_STATE_MAPPED)
			m |= 1U << i;
	return m;
}

static void forget(struct sbi_dbtr_hart *h, unsigned int i)
{
	clear_hw(h, i, type_of(h->trig[i].tdata1));
	h->trig[i] = (struct sbi_dbtr_trigger){ 0 };
}

/* All of @cfg, or nothing: a refusal undoes what this call installed. */
int sbi_dbtr_install(struct sbi_dbtr_hart *h, struct sbi_dbtr_config *cfg,
		     unsigned long n, unsigned long *fail)
{
	uint32_t used = mapped_mask(h);
	unsigned long i, j, len;
	long k;
	int err;

	for (i = 0; i < n; i++) {
		err = check_tdata1(h, cfg[i].tdata1);
		if (err)
			goto out;
	}
	if (n && chained(cfg[n - 1].tdata1)) {
		i = n - 1;
		err = SBI_ERR_INVALID_PARAM;	/* an incomplete chain */
		goto out;
	}
	for (i = 0; i < n; i += len) {
		len = chain_len(cfg + i, n - i);
		k = find_run(h, used, cfg + i, len);
		err = SBI_ERR_FAILED;
		if (k < 0)
			goto out;
		for (j = 0; j < len; j++) {
			cfg[i + j].idx = k + j;
			used |= 1U << (k + j);
		}
	}
	for (i = 0; i < n; i++) {
		err = program(h, cfg[i].idx, &cfg[i]);
		if (err) {
			for (j = 0; j < i; j++)
				forget(h, cfg[j].idx);
			goto out;
		}
	}
	return SBI_SUCCESS;
out:
	*fail = i;
	return err;
}

static int check_update(const struct sbi_dbtr_hart *h,
			const struct sbi_dbtr_config *c)
{
	const struct sbi_dbtr_trigger *t;

	if (c->idx >= h->count)
		return SBI_ERR_INVALID_PARAM;
	t = &h->trig[c->idx];
	if (!(t->state & DBTR_STATE_MAPPED))
		return SBI_ERR_FAILED;
	if (type_of(c->tdata1) != type_of(t->tdata1) ||
	    chained(c->tdata1) != chained(t->tdata1))
		return SBI_ERR_INVALID_PARAM;
	return check_tdata1(h, c->tdata1);
}

int sbi_dbtr_update(struct sbi_dbtr_hart *h,
		    const struct sbi_dbtr_config *cfg, unsigned long n,
		    unsigned long *fail)
{
	struct sbi_dbtr_trigger prev[SBI_DBTR_MAX_TRIGGERS];
	struct sbi_dbtr_trigger *t;
	unsigned long i;
	int err = SBI_SUCCESS;

	for (i = 0; i < n; i++) {
		err = check_update(h, &cfg[i]);
		if (err)
			goto out;
	}
	for (i = 0; i < n; i++) {
		prev[i] = h->trig[cfg[i].idx];
		err = program(h, cfg[i].idx, &cfg[i]);
		if (err)
			break;
	}
	if (!err)
		return SBI_SUCCESS;
	*fail = i;
	do {	/* back to what each trigger held, latest first */
		t = &h->trig[cfg[i].idx];
		*t = prev[i];
		write_hw(cfg[i].idx, t->tdata1, t->tdata2, t->tdata3);
	} while (i--);
	return err;
out:
	*fail = i;
	return err;
}

void sbi_dbtr_read(const struct sbi_dbtr_hart *h, unsigned long idx,
		   struct sbi_dbtr_config *out)
{
	struct sbi_dbtr_trigger live = { 0 };

	if (h->trig[idx].state & DBTR_STATE_MAPPED)
		read_hw(idx, &live);
	out->idx = h->trig[idx].state;	/* word 0 is trig_state here */
	out->tdata1 = live.tdata1;
	out->tdata2 = live.tdata2;
	out->tdata3 = live.tdata3;
}

static bool mapped(const struct sbi_dbtr_hart *h, unsigned long idx)
{
	return h->trig[idx].state & DBTR_STATE_MAPPED;
}

/*
 * INVALID_PARAM unless every selected trig_idx is below trig_max and (if
 * @need_mapped) installed.
 */
static int check_set(const struct sbi_dbtr_hart *h, unsigned long base,
		     unsigned long mask, bool need_mapped)
{
	unsigned long i, idx;

	for (i = 0; i < 8 * sizeof(mask); i++) {
		if (!((mask >> i) & 1))
			continue;
		idx = base + i;
		if (idx < base || idx >= h->count ||
		    (need_mapped && !mapped(h, idx)))
			return SBI_ERR_INVALID_PARAM;
	}
	return SBI_SUCCESS;
}

int sbi_dbtr_uninstall(struct sbi_dbtr_hart *h, unsigned long base,
		       unsigned long mask)
{
	int err = check_set(h, base, mask, true);
	unsigned long i;

	if (err)
		return err;
	for (i = 0; i < 8 * sizeof(mask); i++)
		if ((mask >> i) & 1)
			forget(h, base + i);
	return SBI_SUCCESS;
}

/* Enable: the saved u/s/vu/vs back into tdata1; disable: all cleared. */
static void set_enabled(struct sbi_dbtr_hart *h, unsigned int i, bool on)
{
	struct sbi_dbtr_trigger *t = &h->trig[i];
	const struct trig_fields *f = fields(type_of(t->tdata1));
	unsigned long t1;

	csr_write(CSR_TSELECT, i);
	t1 = csr_read(CSR_TDATA1) & ~mode_bits(f);
	if (on)
		t1 |= modes_of(f, t->state);
	csr_write(CSR_TDATA1, t1);
	t->tdata1 = t1;
}

/*
 * Compatibility rule (docs/firmware.md): enabling a free trigger below
 * trig_max is a no-op SUCCESS, not the spec's INVALID_PARAM, because the
 * public SBI conformance suite (kvm-unit-tests) and OpenSBI expect it.
 * Nothing is mapped, so nothing can fire; disable stays strict.
 */
int sbi_dbtr_enable(struct sbi_dbtr_hart *h, unsigned long base,
		    unsigned long mask, bool on)
{
	int err = check_set(h, base, mask, !on);
	unsigned long i;

	if (err)
		return err;
	for (i = 0; i < 8 * sizeof(mask); i++)
		if (((mask >> i) & 1) && mapped(h, base + i))
			set_enabled(h, base + i, on);
	return SBI_SUCCESS;
}

/* Before a non-retentive suspend: what the triggers hold now (hit, count). */
void sbi_dbtr_hart_save(struct sbi_dbtr_hart *h)
{
	unsigned int i;

	for (i = 0; i < h->count; i++)
		if (h->trig[i].state & DBTR_STATE_MAPPED)
			read_hw(i, &h->trig[i]);
}

void sbi_dbtr_hart_restore(const struct sbi_dbtr_hart *h)
{
	const struct sbi_dbtr_trigger *t;
	const struct trig_fields *f;
	unsigned int i;

	for (i = 0; i < h->count; i++) {
		t = &h->trig[i];
		f = fields(type_of(t->tdata1));
		if (!(t->state & DBTR_STATE_MAPPED) || !f) {
			clear_hw(h, i, 0);
			continue;
		}
		/* what install accepted: never M-mode, never debug mode */
		write_hw(i, t->tdata1 & ~(DBTR_TDATA1_DMODE | f->m | f->action),
			 t->tdata2, t->tdata3);
	}
}

#if FW_TEST
/* S/U-mode triggers on random addresses; restore must undo them. */
void sbi_dbtr_hart_scramble(const struct sbi_dbtr_hart *h,
			    unsigned long seed)
{
	const struct trig_fields *f;
	unsigned int i, type;
	unsigned long x;

	for (i = 0; i < h->count; i++) {
		type = lowest_type(h->types[i]);
		f = fields(type);
		if (!f)
			continue;
		x = (seed + i) * 0x9e3779b97f4a7c15UL;
		x ^= x >> 29;
		write_hw(i, DBTR_TDATA1_TYPE(type) | (x & f->scramble),
			 x * 0xbf58476d1ce4e5b9UL, 0);
	}
	if (h->count)
		csr_write(CSR_TSELECT, seed % h->count);
}
#endif /* FW_TEST */
