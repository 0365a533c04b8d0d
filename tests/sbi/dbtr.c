/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * DBTR (SBI v3.0 chapter "Debug Triggers"): every function's success path
 * and error codes, triggers that really fire in S-mode (store, load,
 * execute; breakpoint exception with stval = the address), disabled and
 * uninstalled ones that do not, no trigger ever firing in M-mode (the
 * firmware reads and writes S-mode's watched buffers during SBI calls),
 * and the trigger state kept over a non-retentive suspend that loses it.
 *
 * QEMU 10.0.2's Sdtrig (debug=true): 2 triggers, each mcontrol or
 * mcontrol6 (tinfo 0x44), address match only (no select, chain, timing).
 * The run whose CPU has debug=false passes "no-triggers".
 */
#include "sbi_tests.h"

#define TYPE(t)		((unsigned long)(t) << (__riscv_xlen - 4))
#define DMODE		(1UL << (__riscv_xlen - 5))
#define MC_LOAD		BIT(0)
#define MC_STORE	BIT(1)
#define MC_EXEC		BIT(2)
#define MC_U		BIT(3)
#define MC_S		BIT(4)
#define MC_M		BIT(6)
#define MC_CHAIN	BIT(11)
#define MC_ACTION_DEBUG	(1UL << 12)
#define MC_SELECT	BIT(19)
#define MC_TIMING_AFTER	BIT(18)
#define ST_MAPPED	BIT(0)
#define ST_S		BIT(2)
#define MAXTRIG		32
#define NONE		(~0UL)

static unsigned long shm[MAXTRIG][4] __attribute__((aligned(64)));
static volatile unsigned long watched[4];
static unsigned long ntrig;

/* nop; ret without compression: an execute trigger's target */
void dbtr_exec_target(void);
asm(".pushsection .text\n"
    ".balign 4\n"
    ".globl dbtr_exec_target\n"
    "dbtr_exec_target:\n"
    ".option push\n"
    ".option norvc\n"
    "nop\n"
    "ret\n"
    ".option pop\n"
    ".popsection\n");

struct hit {
	int trapped;
	unsigned long cause, epc, tval, pc;
};

static struct hit finish(unsigned long pc)
{
	struct trap_record rec;
	struct hit h;

	h.trapped = trap_catch_end(&rec);
	h.cause = rec.cause;
	h.epc = rec.epc;
	h.tval = rec.tval;
	h.pc = pc;
	return h;
}

static struct hit do_store(volatile unsigned long *p)
{
	unsigned long pc;

	trap_catch_begin();
	asm volatile("1: " PAYLOAD_STR(REG_S) " zero, 0(%1)\n\tla %0, 1b"
		     : "=&r"(pc) : "r"(p) : "memory");
	return finish(pc);
}

static struct hit do_load(volatile unsigned long *p)
{
	unsigned long pc, v;

	trap_catch_begin();
	asm volatile("1: " PAYLOAD_STR(REG_L) " %1, 0(%2)\n\tla %0, 1b"
		     : "=&r"(pc), "=&r"(v) : "r"(p) : "memory");
	return finish(pc);
}

static struct hit do_exec(void)
{
	trap_catch_begin();
	dbtr_exec_target();
	return finish((unsigned long)dbtr_exec_target);
}

/* A breakpoint at the access's own instruction, stval = the address. */
static int fired(struct hit h, unsigned long addr)
{
	return h.trapped && h.cause == EXC_BREAKPOINT && h.epc == h.pc &&
	       h.tval == addr;
}

static void describe(const char *what, struct hit h)
{
	if (h.trapped)
		test_diag("%s: scause %lu sepc 0x%lx (insn 0x%lx) stval 0x%lx",
			  what, h.cause, h.epc, h.pc, h.tval);
}

static void entry(unsigned long i, unsigned long w0, unsigned long t1,
		  unsigned long t2, unsigned long t3)
{
	shm[i][0] = w0;
	shm[i][1] = t1;
	shm[i][2] = t2;
	shm[i][3] = t3;
}

/* Install one trigger at entry 0; its trig_idx, or -1. */
static long install1(unsigned long t1, unsigned long t2, const char *what)
{
	struct sbiret ret;

	entry(0, 0xdead, t1, t2, 0);
	ret = sbi_debug_install_triggers(1);
	if (!TEST_SBI_OK(ret, "install %s", what))
		return -1;
	TEST_ASSERT(shm[0][0] < ntrig, "install %s: trig_idx %lu written back",
		    what, shm[0][0]);
	return shm[0][0] < ntrig ? (long)shm[0][0] : -1;
}

static void uninstall(long idx, const char *what)
{
	TEST_SBI_OK(sbi_debug_uninstall_triggers(idx, 1), "uninstall %s", what);
}

static void test_num_triggers(void)
{
	static const unsigned int never[] = { 1, 4, 5, 7, 8, 12, 15 };
	struct sbiret ret;
	unsigned int i;

	ret = sbi_debug_num_triggers(0);
	TEST_SBI_OK(ret, "num_triggers(0)");
	ntrig = ret.value;
	TEST_ASSERT(ntrig > 0 && ntrig <= MAXTRIG,
		    "num_triggers(0) = trig_max = %lu", ntrig);
	TEST_EQ(sbi_debug_num_triggers(TYPE(2)).value, ntrig,
		"every trigger serves mcontrol (type 2)");
	TEST_EQ(sbi_debug_num_triggers(TYPE(6) | MC_S | MC_LOAD).value, ntrig,
		"every trigger serves an S-mode load mcontrol6 (type 6)");
	TEST_EQ(sbi_debug_num_triggers(TYPE(3)).value, 0,
		"no icount trigger (QEMU's tinfo lacks type 3)");
	for (i = 0; i < sizeof(never) / sizeof(never[0]); i++)
		TEST_EQ(sbi_debug_num_triggers(TYPE(never[i])).value, 0,
			"num_triggers(type %u) = 0 (never handed out)",
			never[i]);
	TEST_EQ(sbi_debug_num_triggers(TYPE(2) | MC_M | MC_LOAD).value, 0,
		"num_triggers of an M-mode configuration = 0");
	TEST_EQ(sbi_debug_num_triggers(TYPE(2) | DMODE).value, 0,
		"num_triggers of a dmode configuration = 0");
}

static void test_no_shmem(const char *when)
{
	struct sbiret ret;

	ret = sbi_debug_read_triggers(0, 1);
	TEST_SBI_ERR(ret, SBI_ERR_NO_SHMEM, "%s: read_triggers", when);
	ret = sbi_debug_install_triggers(1);
	TEST_SBI_ERR(ret, SBI_ERR_NO_SHMEM, "%s: install_triggers", when);
	TEST_EQ(ret.value, 0, "%s: install_triggers value 0", when);
	ret = sbi_debug_update_triggers(1);
	TEST_SBI_ERR(ret, SBI_ERR_NO_SHMEM, "%s: update_triggers", when);
	TEST_EQ(ret.value, 0, "%s: update_triggers value 0", when);
}

static void test_set_shmem(void)
{
	unsigned long p = (unsigned long)shm, ram_end;
	unsigned long size = ntrig * 4 * sizeof(unsigned long);

	ram_end = platform.mem_base + platform.mem_size;
	test_no_shmem("before set_shmem");
	TEST_SBI_ERR(sbi_debug_set_shmem(p, 0, 1), SBI_ERR_INVALID_PARAM,
		     "set_shmem with flags 1");
	TEST_SBI_ERR(sbi_debug_set_shmem(NONE, NONE, 1), SBI_ERR_INVALID_PARAM,
		     "set_shmem(disable) with flags 1");
	TEST_SBI_ERR(sbi_debug_set_shmem(p + sizeof(long) / 2, 0, 0),
		     SBI_ERR_INVALID_PARAM, "set_shmem not XLEN/8-byte aligned");
	TEST_SBI_ERR(sbi_debug_set_shmem(p, 1, 0), SBI_ERR_INVALID_ADDRESS,
		     "set_shmem with shmem_phys_hi 1");
	TEST_SBI_ERR(sbi_debug_set_shmem(NONE, 0, 0), SBI_ERR_INVALID_PARAM,
		     "set_shmem(lo all-ones, hi 0): unaligned");
	TEST_SBI_ERR(sbi_debug_set_shmem(platform.mem_base, 0, 0),
		     SBI_ERR_INVALID_ADDRESS, "set_shmem on firmware memory");
	TEST_SBI_ERR(sbi_debug_set_shmem(ram_end - size + 8, 0, 0),
		     SBI_ERR_INVALID_ADDRESS, "set_shmem running past RAM");
	TEST_SBI_ERR(sbi_debug_set_shmem(0x2000000, 0, 0),
		     SBI_ERR_INVALID_ADDRESS, "set_shmem on the CLINT");
	test_no_shmem("after refused set_shmem");
	TEST_SBI_OK(sbi_debug_set_shmem(ram_end - size, 0, 0),
		    "set_shmem on the last bytes of RAM");
	TEST_SBI_OK(sbi_debug_set_shmem(NONE, NONE, 0), "set_shmem(disable)");
	test_no_shmem("after set_shmem(disable)");
	TEST_SBI_OK(sbi_debug_set_shmem(p, 0, 0), "set_shmem on payload RAM");
}

static void test_fire(unsigned long type, const char *name)
{
	unsigned long a = (unsigned long)&watched[1];
	char what[48];
	struct hit h;
	long idx;

	snprintf(what, sizeof(what), "%s S store", name);
	idx = install1(TYPE(type) | MC_S | MC_STORE, a, what);
	if (idx < 0)
		return;
	h = do_store(&watched[1]);
	describe("store", h);
	TEST_ASSERT(fired(h, a), "%s trigger fires on the store", what);
	h = do_load(&watched[1]);
	TEST_ASSERT(!h.trapped, "%s trigger ignores a load", what);
	/* 8 bytes on: QEMU 10.0.2 watches 8 bytes for mcontrol6 size 0, RV32 too */
	h = do_store(&watched[1 + 8 / sizeof(long)]);
	TEST_ASSERT(!h.trapped, "%s trigger ignores another address", what);
	uninstall(idx, what);
	h = do_store(&watched[1]);
	TEST_ASSERT(!h.trapped, "%s trigger gone after uninstall", what);

	snprintf(what, sizeof(what), "%s S load", name);
	idx = install1(TYPE(type) | MC_S | MC_LOAD, a, what);
	if (idx < 0)
		return;
	h = do_load(&watched[1]);
	describe("load", h);
	TEST_ASSERT(fired(h, a), "%s trigger fires on the load", what);
	TEST_ASSERT(!do_store(&watched[1]).trapped,
		    "%s trigger ignores a store", what);
	uninstall(idx, what);

	snprintf(what, sizeof(what), "%s S execute", name);
	idx = install1(TYPE(type) | MC_S | MC_EXEC,
		       (unsigned long)dbtr_exec_target, what);
	if (idx < 0)
		return;
	h = do_exec();
	describe("execute", h);
	TEST_ASSERT(fired(h, (unsigned long)dbtr_exec_target),
		    "%s trigger fires at the instruction", what);
	TEST_ASSERT(!do_load((volatile unsigned long *)dbtr_exec_target).trapped,
		    "%s trigger ignores a load of that address", what);
	uninstall(idx, what);

	snprintf(what, sizeof(what), "%s U-only store", name);
	idx = install1(TYPE(type) | MC_U | MC_STORE, a, what);
	if (idx < 0)
		return;
	TEST_ASSERT(!do_store(&watched[1]).trapped,
		    "%s trigger does not fire in S-mode", what);
	uninstall(idx, what);
}

static void test_read_enable_disable(void)
{
	unsigned long a = (unsigned long)&watched[0];
	unsigned long t1 = TYPE(2) | MC_S | MC_STORE;
	long idx = install1(t1, a, "store trigger to read back");
	struct sbiret ret;
	unsigned long i;

	if (idx < 0)
		return;
	memset(shm, 0x5a, sizeof(shm));
	ret = sbi_debug_read_triggers(0, ntrig);
	TEST_SBI_OK(ret, "read_triggers(0, trig_max)");
	TEST_EQ(shm[idx][0], ST_MAPPED | ST_S, "read: trig_state = mapped | s");
	TEST_EQ(shm[idx][1], t1, "read: tdata1 as installed");
	TEST_EQ(shm[idx][2], a, "read: tdata2 = the address");
	TEST_EQ(shm[idx][3], 0, "read: tdata3 = 0");
	for (i = 0; i < ntrig; i++)
		if ((long)i != idx)
			TEST_ASSERT(!shm[i][0] && !shm[i][1],
				    "read: free trigger %lu has state 0", i);
	TEST_EQ(shm[ntrig][0], 0x5a5a5a5a5a5a5a5aUL,
		"read wrote nothing past trig_max entries");

	TEST_SBI_OK(sbi_debug_disable_triggers(idx, 1), "disable_triggers");
	TEST_ASSERT(!do_store(&watched[0]).trapped,
		    "a disabled trigger does not fire");
	TEST_SBI_OK(sbi_debug_read_triggers(idx, 1), "read after disable");
	TEST_EQ(shm[0][1], t1 & ~MC_S, "disabled: tdata1 without s");
	TEST_EQ(shm[0][0], ST_MAPPED | ST_S, "disabled: trig_state keeps s");
	TEST_SBI_OK(sbi_debug_disable_triggers(idx, 1), "disable again");
	TEST_SBI_OK(sbi_debug_enable_triggers(idx, 1), "enable_triggers");
	TEST_ASSERT(fired(do_store(&watched[0]), a),
		    "an enabled trigger fires again");

	/* update: the same trigger now watches loads of watched[2] */
	entry(0, idx, TYPE(2) | MC_S | MC_LOAD, (unsigned long)&watched[2], 0);
	ret = sbi_debug_update_triggers(1);
	TEST_SBI_OK(ret, "update_triggers");
	TEST_ASSERT(!do_store(&watched[0]).trapped,
		    "updated: the old store trigger is gone");
	TEST_ASSERT(fired(do_load(&watched[2]), (unsigned long)&watched[2]),
		    "updated: the load trigger fires");
	uninstall(idx, "updated trigger");
}

static void expect_install(unsigned long n, long err, unsigned long value,
			   const char *what)
{
	struct sbiret ret = sbi_debug_install_triggers(n);

	TEST_SBI_ERR(ret, err, "install %s", what);
	TEST_EQ(ret.value, value, "install %s: value = failing entry", what);
}

static unsigned long mapped_count(void)
{
	unsigned long i, n = 0;

	if (sbi_debug_read_triggers(0, ntrig).error)
		return ~0UL;
	for (i = 0; i < ntrig; i++)
		n += shm[i][0] & ST_MAPPED;
	return n;
}

static void test_install_errors(void)
{
	unsigned long a = (unsigned long)&watched[3], ok = TYPE(2) | MC_S;
	unsigned long i;

	entry(0, 0, ok | MC_STORE, a, 0);
	entry(1, 0, ok | MC_LOAD | MC_M, a, 0);
	expect_install(2, SBI_ERR_INVALID_PARAM, 1, "with m = 1 at entry 1");
	TEST_EQ(mapped_count(), 0, "a refused install installs nothing");
	entry(0, 0, ok | MC_LOAD | DMODE, a, 0);
	expect_install(1, SBI_ERR_INVALID_PARAM, 0, "with dmode = 1");
	entry(0, 0, ok | MC_LOAD | MC_ACTION_DEBUG, a, 0);
	expect_install(1, SBI_ERR_INVALID_PARAM, 0, "with action 1 (debug mode)");
	entry(0, 0, TYPE(0), 0, 0);
	expect_install(1, SBI_ERR_INVALID_PARAM, 0, "of type 0");
	entry(0, 0, TYPE(15), 0, 0);
	expect_install(1, SBI_ERR_INVALID_PARAM, 0, "of type 15");
	entry(0, 0, TYPE(4) | BIT(7), 0x20, 0);
	expect_install(1, SBI_ERR_FAILED, 0, "of an itrigger (never served)");
	entry(0, 0, TYPE(5) | BIT(7), 0x8, 0);
	expect_install(1, SBI_ERR_FAILED, 0, "of an etrigger (never served)");
	entry(0, 0, TYPE(3) | BIT(7) | (1UL << 10), 0, 0);
	expect_install(1, SBI_ERR_FAILED, 0, "of an icount (no trigger has it)");
	entry(0, 0, ok | MC_STORE | MC_CHAIN, a, 0);
	expect_install(1, SBI_ERR_INVALID_PARAM, 0,
		       "with chain = 1 on the last entry");
	entry(0, 0, ok | MC_LOAD | MC_SELECT, 0x1234, 0);
	expect_install(1, SBI_ERR_NOT_SUPPORTED, 0,
		       "of a data-value match (QEMU: no select)");
	entry(0, 0, ok | MC_LOAD | MC_TIMING_AFTER, a, 0);
	expect_install(1, SBI_ERR_NOT_SUPPORTED, 0,
		       "with timing = after (QEMU: before only)");
	TEST_EQ(mapped_count(), 0, "refused installs installed nothing");
	expect_install(ntrig + 1, SBI_ERR_BAD_RANGE, 0, "of trig_max + 1");
	expect_install(0, SBI_SUCCESS, 0, "of 0 entries");

	/* fill every trigger, then one more */
	for (i = 0; i < ntrig; i++)
		entry(i, NONE, ok | MC_STORE, (unsigned long)&watched[i & 3],
		      0);
	expect_install(ntrig, SBI_SUCCESS, 0, "of trig_max triggers");
	for (i = 0; i < ntrig; i++)
		TEST_EQ(shm[i][0], i, "install of trig_max: entry %lu got "
			"trig_idx %lu", i, i);
	entry(0, NONE, ok | MC_LOAD, a, 0);
	expect_install(1, SBI_ERR_FAILED, 0, "with every trigger taken");
	TEST_SBI_OK(sbi_debug_uninstall_triggers(ntrig - 1, 1),
		    "uninstall the last trigger");
	entry(0, NONE, ok | MC_LOAD, a, 0);
	expect_install(1, SBI_SUCCESS, 0, "after uninstall");
	TEST_EQ(shm[0][0], ntrig - 1, "uninstall freed the slot for reuse");
	TEST_SBI_OK(sbi_debug_uninstall_triggers(0, (1UL << ntrig) - 1),
		    "uninstall every trigger with one mask");
	TEST_EQ(mapped_count(), 0, "no trigger left installed");
}

static void test_index_errors(void)
{
	unsigned long a = (unsigned long)&watched[3];
	struct sbiret ret;
	long idx;

	TEST_SBI_ERR(sbi_debug_read_triggers(ntrig, 0), SBI_ERR_BAD_RANGE,
		     "read_triggers(trig_max, 0)");
	TEST_SBI_ERR(sbi_debug_read_triggers(1, ntrig), SBI_ERR_BAD_RANGE,
		     "read_triggers(1, trig_max)");
	TEST_SBI_ERR(sbi_debug_read_triggers(1, NONE), SBI_ERR_BAD_RANGE,
		     "read_triggers(1, ~0) (wraps)");
	TEST_SBI_OK(sbi_debug_read_triggers(ntrig - 1, 1),
		    "read_triggers(trig_max - 1, 1)");

	TEST_SBI_ERR(sbi_debug_uninstall_triggers(0, 1), SBI_ERR_INVALID_PARAM,
		     "uninstall of a free trigger");
	/* the compatibility rule: a no-op SUCCESS (docs/firmware.md) */
	TEST_SBI_OK(sbi_debug_enable_triggers(0, 1),
		    "enable of a free trigger is a no-op SUCCESS");
	TEST_EQ(mapped_count(), 0,
		"... and every trigger stays free (trig_state.mapped 0)");
	TEST_SBI_ERR(sbi_debug_enable_triggers(ntrig, 1), SBI_ERR_INVALID_PARAM,
		     "enable of trig_idx trig_max (free, out of range)");
	TEST_SBI_ERR(sbi_debug_disable_triggers(0, 1), SBI_ERR_INVALID_PARAM,
		     "disable of a free trigger");
	TEST_SBI_OK(sbi_debug_uninstall_triggers(0, 0), "uninstall, empty mask");

	idx = install1(TYPE(2) | MC_S | MC_STORE, a, "trigger for bad sets");
	if (idx < 0)
		return;
	TEST_SBI_ERR(sbi_debug_enable_triggers(idx, 1UL << ntrig),
		     SBI_ERR_INVALID_PARAM, "enable of trig_idx trig_max");
	TEST_SBI_ERR(sbi_debug_disable_triggers(idx, 3), SBI_ERR_INVALID_PARAM,
		     "disable of an installed and a free trigger");
	TEST_ASSERT(fired(do_store(&watched[3]), a),
		    "a refused disable disabled nothing");
	TEST_SBI_ERR(sbi_debug_uninstall_triggers(NONE, 1UL << 1 | 1),
		     SBI_ERR_INVALID_PARAM, "uninstall with base ~0 (wraps)");

	entry(0, ntrig, TYPE(2) | MC_S | MC_LOAD, a, 0);
	ret = sbi_debug_update_triggers(1);
	TEST_SBI_ERR(ret, SBI_ERR_INVALID_PARAM, "update of trig_idx trig_max");
	entry(0, (idx + 1) % ntrig, TYPE(2) | MC_S | MC_LOAD, a, 0);
	ret = sbi_debug_update_triggers(1);
	TEST_SBI_ERR(ret, SBI_ERR_FAILED, "update of a free trigger");
	entry(0, idx, TYPE(2) | MC_S | MC_LOAD, a, 0);
	entry(1, idx, TYPE(6) | MC_S | MC_LOAD, a, 0);
	ret = sbi_debug_update_triggers(2);
	TEST_SBI_ERR(ret, SBI_ERR_INVALID_PARAM, "update to another type");
	TEST_EQ(ret.value, 1, "update to another type: value = entry 1");
	entry(1, idx, TYPE(2) | MC_S | MC_LOAD | MC_M, a, 0);
	ret = sbi_debug_update_triggers(2);
	TEST_SBI_ERR(ret, SBI_ERR_INVALID_PARAM, "update with m = 1");
	entry(0, idx, TYPE(2) | MC_S | MC_LOAD | MC_SELECT, a, 0);
	ret = sbi_debug_update_triggers(1);
	TEST_SBI_ERR(ret, SBI_ERR_NOT_SUPPORTED, "update to a data match");
	TEST_ASSERT(fired(do_store(&watched[3]), a),
		    "refused updates left the trigger as it was");
	TEST_SBI_ERR(sbi_debug_update_triggers(ntrig + 1), SBI_ERR_BAD_RANGE,
		     "update of trig_max + 1");
	TEST_SBI_ERR(sbi_ecall(SBI_EXT_DBTR, 8, 0, 0, 0, 0, 0, 0),
		     SBI_ERR_NOT_SUPPORTED, "DBTR function 8");
	uninstall(idx, "trigger for bad sets");
}

/*
 * The firmware touches S-mode's watched memory in M-mode: DBCN reads the
 * buffer, read_triggers writes the shared memory. Neither may trap.
 */
static void test_not_in_m_mode(void)
{
	static char msg[] = "# dbtr: M-mode read this watched buffer\n";
	unsigned long t1 = TYPE(2) | MC_S | MC_U | MC_LOAD | MC_STORE;
	struct trap_record rec;
	struct sbiret ret;
	long idx;

	idx = install1(t1, (unsigned long)msg, "load/store trigger on a buffer");
	if (idx < 0)
		return;
	trap_catch_begin();
	ret = sbi_debug_console_write(sizeof(msg) - 1, (unsigned long)msg, 0);
	TEST_ASSERT(!trap_catch_end(&rec),
		    "console_write of the watched buffer: no trap (scause %lx)",
		    rec.cause);
	TEST_EQ(ret.value, sizeof(msg) - 1,
		"console_write of the watched buffer wrote it all");
	uninstall(idx, "trigger on a buffer");

	idx = install1(t1, (unsigned long)&shm[1][0], "trigger on shmem");
	if (idx < 0)
		return;
	trap_catch_begin();
	ret = sbi_debug_read_triggers(0, 2);
	TEST_ASSERT(!trap_catch_end(&rec) && !ret.error,
		    "read_triggers writing the watched shmem: no trap");
	uninstall(idx, "trigger on shmem");

	/* harmless on firmware memory: it can never match in M-mode */
	idx = install1(TYPE(2) | MC_S | MC_LOAD | MC_STORE | MC_EXEC,
		       platform.mem_base, "trigger on the firmware's address");
	if (idx < 0)
		return;
	trap_catch_begin();
	ret = sbi_get_spec_version();
	TEST_ASSERT(!trap_catch_end(&rec) && !ret.error,
		    "SBI calls with a trigger on the firmware: no trap");
	uninstall(idx, "trigger on the firmware's address");
}

/* Both triggers set (one enabled, one disabled), then a lossy suspend. */
static void test_suspend(void)
{
	unsigned long a = (unsigned long)&watched[1];
	unsigned long b = (unsigned long)&watched[2];
	unsigned long before[2][4], stvec = csr_read(CSR_STVEC);
	long losses = test_suspend_losses();
	struct payload_resume r;
	struct sbiret ret;

	if (ntrig < 2) {
		test_skip("one trigger", "triggers over non-retentive suspend");
		return;
	}
	entry(0, 0, TYPE(2) | MC_S | MC_STORE, a, 0);
	entry(1, 0, TYPE(6) | MC_S | MC_LOAD, b, 0);
	if (!TEST_SBI_OK(sbi_debug_install_triggers(2), "install 2 for suspend"))
		return;
	TEST_SBI_OK(sbi_debug_disable_triggers(1, 1), "disable the second");
	sbi_debug_read_triggers(0, 2);
	memcpy(before, shm, sizeof(before));

	local_irq_disable();
	ret = payload_hsm_suspend_timed(2000, 0, &r);
	csr_write(CSR_STVEC, stvec);
	if (!TEST_ASSERT(r.resumed, "triggers: non-retentive suspend resumed (%s)",
			 sbi_err_name(ret.error)))
		return;
	if (losses < 0)
		test_skip("no emulated state loss (test channel off)",
			  "triggers: the suspend lost the hart's state");
	else
		TEST_EQ(test_suspend_losses(), losses + 1,
			"triggers: the suspend lost the hart's state");
	TEST_SBI_OK(sbi_debug_read_triggers(0, 2), "read after resume");
	TEST_ASSERT(!memcmp(before, shm, sizeof(before)),
		    "after resume: trig_state, tdata1-3 of both as before");
	TEST_ASSERT(fired(do_store(&watched[1]), a),
		    "after resume: the store trigger fires");
	TEST_ASSERT(!do_load(&watched[2]).trapped,
		    "after resume: the disabled trigger stays disabled");
	TEST_SBI_OK(sbi_debug_enable_triggers(1, 1), "enable it after resume");
	TEST_ASSERT(fired(do_load(&watched[2]), b),
		    "after resume: the re-enabled trigger fires");
	TEST_SBI_OK(sbi_debug_uninstall_triggers(0, 3), "uninstall both");
}

void test_dbtr(void)
{
	long avail = sbi_probe_extension(SBI_EXT_DBTR).value;

	if (payload_has_arg("no-triggers")) {
		TEST_EQ(avail, 0, "probe DBTR = 0 on a CPU without Sdtrig");
		TEST_SBI_ERR(sbi_debug_num_triggers(0), SBI_ERR_NOT_SUPPORTED,
			     "DBTR num_triggers without Sdtrig");
		return;
	}
	if (!TEST_ASSERT(avail, "probe DBTR: QEMU's harts have Sdtrig"))
		return;
	test_num_triggers();
	if (!ntrig || ntrig > MAXTRIG)
		return;
	test_set_shmem();
	test_fire(2, "mcontrol");
	test_fire(6, "mcontrol6");
	test_read_enable_disable();
	test_install_errors();
	test_index_errors();
	test_not_in_m_mode();
	test_suspend();
	TEST_SBI_OK(sbi_debug_set_shmem(NONE, NONE, 0), "set_shmem(disable)");
}
