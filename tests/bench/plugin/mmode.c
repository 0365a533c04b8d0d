// SPDX-License-Identifier: BSD-2-Clause
/*
 * QEMU TCG plugin for `make bench`: instructions executed per privilege
 * mode, and per M-mode episode (from the first instruction at the trap
 * vector to the mret that leaves M-mode, both included).
 *
 * QEMU keys translation blocks by privilege mode, so a block's mode is read
 * once when it is translated. Each M-mode instruction calls back before it
 * runs and adds one (inline adds per instruction crash Debian's QEMU
 * 10.0.2 once Linux runs); an M-mode block also calls back at its start,
 * to open an episode when the hart came from a lower mode, and at each
 * mret, to close the episode when mstatus.MPP is below M. Blocks of the
 * other modes add their length inline when they start: exact but for a
 * block left early by an exception (a page fault, an ecall counts in the
 * mode it was issued from) or rewound for I/O under icount.
 *
 * Arguments (-plugin mmode.so,ARG=VALUE,...):
 *   out=FILE        report file (default: QEMU's log)
 *   site=ADDR       also list, in order, each episode entered by an ecall
 *                   at ADDR ("site" lines)
 *   window=EID:FID  also give totals from the start of the first ecall
 *                   EID/FID to the end of the last ecall of EID
 *
 * Report lines: "mode M|S|U|VS|VU N", "cause CAUSE EID FID calls N insns N
 * min N max N" (ecalls; other causes print - - for EID FID, the boot code
 * of each hart is cause "boot"), "site EID FID INSNS", "window ...".
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib.h>
#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define MODES	    8 /* priv | V << 2 */
#define PRV_M	    3
#define MRET	    0x30200073u
#define MSTATUS_MPP (3ull << 11)
#define CAUSE_BOOT  (~0ull)
#define KEYS_MAX    256
#define SITES_MAX   65536

struct vcpu {
	uint64_t n[MODES]; /* instructions per mode */
	uint64_t start; /* n[PRV_M] when the open episode began */
	uint64_t cause, epc, eid, fid; /* of the open episode */
	bool in_m, booted;
};

struct key_stat {
	uint64_t cause, eid, fid;
	uint64_t calls, insns, min, max;
};

struct site_ep {
	uint64_t eid, fid, insns;
};

static struct qemu_plugin_scoreboard *score;
static struct qemu_plugin_register *r_priv, *r_mstatus, *r_mepc, *r_mcause,
	*r_a6, *r_a7;
static GMutex lock;
static const char *out_path;
static uint64_t site = ~0ull, win_eid = ~0ull, win_fid = ~0ull;

static struct key_stat keys[KEYS_MAX];
static unsigned int nkeys;
static struct site_ep *sites;
static unsigned int nsites;

/* window: totals per mode at its start and at the end of its last call */
static bool win_open;
static uint64_t win_start[MODES], win_end[MODES], win_calls;

static struct vcpu *vc(unsigned int idx)
{
	return qemu_plugin_scoreboard_find(score, idx);
}

static uint64_t reg(struct qemu_plugin_register *r)
{
	g_autoptr(GByteArray) buf = g_byte_array_new();
	uint64_t v = 0;
	int len = qemu_plugin_read_register(r, buf);

	if (len > 0)
		memcpy(&v, buf->data, len < 8 ? len : 8); /* LE host */
	return v;
}

static void totals(uint64_t *t)
{
	for (int m = 0; m < MODES; m++) {
		qemu_plugin_u64 e = qemu_plugin_scoreboard_u64_in_struct(
			score, struct vcpu, n[m]);

		t[m] = qemu_plugin_u64_sum(e);
	}
}

static bool is_ecall(uint64_t cause)
{
	return cause >= 8 && cause <= 11;
}

static struct key_stat *key_find(uint64_t cause, uint64_t eid, uint64_t fid)
{
	for (unsigned int i = 0; i < nkeys; i++)
		if (keys[i].cause == cause && keys[i].eid == eid &&
		    keys[i].fid == fid)
			return &keys[i];
	if (nkeys == KEYS_MAX)
		return NULL;
	keys[nkeys] = (struct key_stat){ cause, eid, fid, 0, 0, ~0ull, 0 };
	return &keys[nkeys++];
}

static void account(struct vcpu *v, uint64_t insns)
{
	struct key_stat *k = key_find(v->cause, v->eid, v->fid);

	if (k) {
		k->calls++;
		k->insns += insns;
		k->min = insns < k->min ? insns : k->min;
		k->max = insns > k->max ? insns : k->max;
	}
	if (v->epc == site && is_ecall(v->cause) && nsites < SITES_MAX)
		sites[nsites++] = (struct site_ep){ v->eid, v->fid, insns };
	if (win_open && is_ecall(v->cause) && v->eid == win_eid) {
		totals(win_end);
		win_calls++;
	}
}

/* Start of an M-mode block: a new episode if the hart was below M. */
static void m_block(unsigned int idx, void *udata)
{
	struct vcpu *v = vc(idx);

	if (v->in_m)
		return;
	v->in_m = true;
	v->start = v->n[PRV_M];
	v->cause = v->booted ? reg(r_mcause) : CAUSE_BOOT;
	v->booted = true;
	v->epc = v->cause == CAUSE_BOOT ? ~0ull : reg(r_mepc);
	v->eid = is_ecall(v->cause) ? reg(r_a7) : ~0ull;
	v->fid = is_ecall(v->cause) ? reg(r_a6) : ~0ull;
	if (!win_open && is_ecall(v->cause) && v->eid == win_eid &&
	    v->fid == win_fid) {
		g_mutex_lock(&lock);
		totals(win_start);
		memcpy(win_end, win_start, sizeof(win_end));
		win_open = true;
		g_mutex_unlock(&lock);
	}
}

/* Before an mret (its own count already added): leaving M-mode? */
static void m_ret(unsigned int idx, void *udata)
{
	struct vcpu *v = vc(idx);

	if ((reg(r_mstatus) & MSTATUS_MPP) == MSTATUS_MPP || !v->in_m)
		return;
	v->in_m = false;
	g_mutex_lock(&lock);
	account(v, v->n[PRV_M] - v->start);
	g_mutex_unlock(&lock);
}

static uint32_t insn_word(struct qemu_plugin_insn *insn)
{
	uint32_t w = 0;

	if (qemu_plugin_insn_size(insn) == 4)
		qemu_plugin_insn_data(insn, &w, sizeof(w));
	return w;
}

/* One M-mode instruction about to run. */
static void m_insn(unsigned int idx, void *udata)
{
	vc(idx)->n[PRV_M]++;
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	unsigned int mode = reg(r_priv) & (MODES - 1);
	size_t n = qemu_plugin_tb_n_insns(tb);

	if (mode != PRV_M) {
		qemu_plugin_register_vcpu_tb_exec_inline_per_vcpu(
			tb, QEMU_PLUGIN_INLINE_ADD_U64,
			qemu_plugin_scoreboard_u64_in_struct(score, struct vcpu,
							     n[mode]),
			n);
		return;
	}
	qemu_plugin_register_vcpu_tb_exec_cb(tb, m_block, QEMU_PLUGIN_CB_R_REGS,
					     NULL);
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);

		qemu_plugin_register_vcpu_insn_exec_cb(
			insn, m_insn, QEMU_PLUGIN_CB_NO_REGS, NULL);
		if (insn_word(insn) == MRET)
			qemu_plugin_register_vcpu_insn_exec_cb(
				insn, m_ret, QEMU_PLUGIN_CB_R_REGS, NULL);
	}
}

static struct qemu_plugin_register *find_reg(GArray *regs, const char *name)
{
	for (unsigned int i = 0; i < regs->len; i++) {
		qemu_plugin_reg_descriptor *d =
			&g_array_index(regs, qemu_plugin_reg_descriptor, i);

		if (!strcmp(d->name, name))
			return d->handle;
	}
	fprintf(stderr, "mmode: no register %s\n", name);
	exit(1);
}

static void vcpu_init(qemu_plugin_id_t id, unsigned int idx)
{
	g_autoptr(GArray) regs = NULL;

	if (r_priv)
		return;
	regs = qemu_plugin_get_registers();
	r_priv = find_reg(regs, "priv");
	r_mstatus = find_reg(regs, "mstatus");
	r_mepc = find_reg(regs, "mepc");
	r_mcause = find_reg(regs, "mcause");
	r_a6 = find_reg(regs, "a6");
	r_a7 = find_reg(regs, "a7");
}

static const char *const mode_names[MODES] = { "U",  "S",  "-", "M",
					       "VU", "VS", "-", "-" };

static void print_num(GString *s, uint64_t v)
{
	if (v == ~0ull)
		g_string_append(s, " -");
	else
		g_string_append_printf(s, " 0x%" PRIx64, v);
}

static void report_keys(GString *s)
{
	for (unsigned int i = 0; i < nkeys; i++) {
		struct key_stat *k = &keys[i];

		if (k->cause == CAUSE_BOOT)
			g_string_append(s, "cause boot");
		else
			g_string_append_printf(s, "cause 0x%" PRIx64, k->cause);
		print_num(s, k->eid);
		print_num(s, k->fid);
		g_string_append_printf(s,
				       " calls %" PRIu64 " insns %" PRIu64
				       " min %" PRIu64 " max %" PRIu64 "\n",
				       k->calls, k->insns, k->min, k->max);
	}
}

static void report(GString *s)
{
	uint64_t t[MODES];

	totals(t);
	for (int m = 0; m < MODES; m++)
		if (mode_names[m][0] != '-')
			g_string_append_printf(s, "mode %s %" PRIu64 "\n",
					       mode_names[m], t[m]);
	report_keys(s);
	for (unsigned int i = 0; i < nsites; i++)
		g_string_append_printf(
			s, "site 0x%" PRIx64 " 0x%" PRIx64 " %" PRIu64 "\n",
			sites[i].eid, sites[i].fid, sites[i].insns);
	if (win_open)
		g_string_append_printf(
			s,
			"window calls %" PRIu64 " M %" PRIu64 " S %" PRIu64
			" U %" PRIu64 "\n",
			win_calls, win_end[PRV_M] - win_start[PRV_M],
			win_end[1] - win_start[1], win_end[0] - win_start[0]);
}

static void at_exit(qemu_plugin_id_t id, void *p)
{
	g_autoptr(GString) s = g_string_new(NULL);
	FILE *f;

	/* episodes still open (a hart powering off in M-mode) */
	for (int i = 0; i < qemu_plugin_num_vcpus(); i++) {
		struct vcpu *v = vc(i);

		if (v->in_m)
			account(v, v->n[PRV_M] - v->start);
	}
	report(s);
	if (!out_path) {
		qemu_plugin_outs(s->str);
		return;
	}
	f = fopen(out_path, "w");
	if (!f) {
		perror(out_path);
		return;
	}
	fputs(s->str, f);
	fclose(f);
}

static int parse_arg(const char *arg)
{
	g_auto(GStrv) kv = g_strsplit(arg, "=", 2);

	if (!kv[0] || !kv[1])
		return -1;
	if (!strcmp(kv[0], "out")) {
		out_path = g_strdup(kv[1]);
	} else if (!strcmp(kv[0], "site")) {
		site = g_ascii_strtoull(kv[1], NULL, 0);
	} else if (!strcmp(kv[0], "window")) {
		char *end;

		win_eid = g_ascii_strtoull(kv[1], &end, 0);
		if (*end != ':')
			return -1;
		win_fid = g_ascii_strtoull(end + 1, NULL, 0);
	} else {
		return -1;
	}
	return 0;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info, int argc,
					   char **argv)
{
	if (!info->system_emulation || strcmp(info->target_name, "riscv64")) {
		fprintf(stderr, "mmode: riscv64 system emulation only\n");
		return -1;
	}
	for (int i = 0; i < argc; i++) {
		if (parse_arg(argv[i])) {
			fprintf(stderr, "mmode: bad argument %s\n", argv[i]);
			return -1;
		}
	}
	g_mutex_init(&lock);
	sites = g_new0(struct site_ep, SITES_MAX);
	score = qemu_plugin_scoreboard_new(sizeof(struct vcpu));
	qemu_plugin_register_vcpu_init_cb(id, vcpu_init);
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
