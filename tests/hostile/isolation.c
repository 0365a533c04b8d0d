/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Part 2, isolation. What S-mode must never reach or learn:
 *
 *  - firmware memory and the ACLINT: loads, stores, AMOs and fetches
 *    fault into S-mode, and no SBI call reads or writes them for it;
 *  - M-mode activity through the counters: every counter S-mode can
 *    configure (cycle, instret, hpmcounters; every event QEMU's model
 *    counts exactly; with and without the inhibit flags) grows across an
 *    SBI call that runs thousands of M-mode instructions only by the S-mode
 *    instructions around it (-icount shift=0 makes this exact); counters
 *    nobody configured do not move at all;
 *  - another hart's PMU state: firmware counters and snapshot memory are
 *    per hart, a hart's TAKE_SNAPSHOT never writes another hart's page, and
 *    a hart restarted through HSM starts from a clean PMU.
 */
#include "hostile.h"

/* ---- a second hart that runs SBI calls on request ---- */

enum { OP_NONE, OP_CALL, OP_TIMERS, OP_EXIT };

struct remote {
	int op;
	int alive;
	unsigned long eid, fid, a[5];
	unsigned long n;
	struct sbiret ret;
};

static struct remote rm;
static unsigned long hart_b = ~0UL;

static void remote_worker(unsigned long hartid, unsigned long opaque,
			  void *arg)
{
	unsigned long i;
	int op;

	atomic_store(&rm.alive, 1);
	for (;;) {
		op = atomic_load(&rm.op);
		if (op == OP_NONE) {
			nap(20);
			continue;
		}
		if (op == OP_EXIT)
			break;
		if (op == OP_CALL)
			rm.ret = sbi_ecall(rm.eid, rm.fid, rm.a[0], rm.a[1],
					   rm.a[2], rm.a[3], rm.a[4], 0);
		if (op == OP_TIMERS)
			for (i = 0; i < rm.n; i++)
				sbi_set_timer(~0UL);
		atomic_store(&rm.op, OP_NONE);
	}
	atomic_store(&rm.alive, 0);
	atomic_store(&rm.op, OP_NONE);
}

static bool remote_do(int op)
{
	unsigned long end = time_now() + usec_to_ticks(TIMEOUT_US);

	/* the call's arguments are visible before the op that asks for it */
	smp_mb();
	atomic_store(&rm.op, op);
	while (atomic_load(&rm.op) != OP_NONE && time_now() < end)
		nap(20);
	return atomic_load(&rm.op) == OP_NONE;
}

/* An SBI call on hart B; error FAILED (with value -1) if B does not answer. */
static struct sbiret on_b(unsigned long eid, unsigned long fid,
			  unsigned long a0, unsigned long a1, unsigned long a2,
			  unsigned long a3, unsigned long a4)
{
	rm.eid = eid;
	rm.fid = fid;
	rm.a[0] = a0;
	rm.a[1] = a1;
	rm.a[2] = a2;
	rm.a[3] = a3;
	rm.a[4] = a4;
	if (!remote_do(OP_CALL))
		return (struct sbiret){ SBI_ERR_FAILED, -1 };
	return rm.ret;
}

static bool b_timers(unsigned long n)
{
	rm.n = n;
	return remote_do(OP_TIMERS);
}

static bool b_start(void)
{
	struct sbiret ret;
	unsigned long end;

	atomic_store(&rm.op, OP_NONE);
	ret = hart_start(hart_b, remote_worker, NULL, 0);
	if (ret.error)
		return false;
	end = time_now() + usec_to_ticks(TIMEOUT_US);
	while (!atomic_load(&rm.alive) && time_now() < end)
		nap(20);
	return atomic_load(&rm.alive);
}

static bool b_stop(void)
{
	remote_do(OP_EXIT);
	return hart_wait_status(hart_b, SBI_HSM_STATE_STOPPED, TIMEOUT_US) ==
	       SBI_HSM_STATE_STOPPED;
}

/* ---- memory ---- */

enum access { LOAD, STORE, AMO, FETCH };

static const char *const access_name[] = { "load", "store", "AMO", "fetch" };

/* One access at @addr with the trap catcher armed; ~0UL if it worked. */
static unsigned long try_access(enum access how, unsigned long addr,
				unsigned long *tval, unsigned long *loaded)
{
	struct trap_record rec;
	unsigned long v = 0x5a5a5a5a5a5a5a5aUL;

	trap_catch_begin();
	switch (how) {
	case LOAD:
		asm volatile("ld %0, 0(%1)" : "+r"(v) : "r"(addr) : "memory");
		break;
	case STORE:
		asm volatile("sd zero, 0(%0)" : : "r"(addr) : "memory");
		break;
	case AMO:
		asm volatile("amoor.d %0, zero, (%1)" : "+r"(v) : "r"(addr)
			     : "memory");
		break;
	case FETCH:
		((void (*)(void))addr)();
		break;
	}
	if (loaded)
		*loaded = v;
	if (!trap_catch_end(&rec))
		return ~0UL;
	*tval = rec.tval;
	return rec.cause;
}

static void expect_fault(enum access how, unsigned long addr,
			 const char *what)
{
	static const unsigned long want[] = {
		EXC_LOAD_ACCESS, EXC_STORE_ACCESS, EXC_STORE_ACCESS,
		EXC_INST_ACCESS,
	};
	unsigned long tval = 0, v = 0, cause;

	cause = try_access(how, addr, &tval, &v);
	test_report(cause == want[how] && tval == addr, NULL,
		    "%s at 0x%lx (%s) raises an access fault in S-mode (scause 0x%lx, stval 0x%lx)",
		    access_name[how], addr, what, cause == ~0UL ? 0 : cause,
		    tval);
	if (how == LOAD && cause == ~0UL)
		test_diag("  S-mode read 0x%lx from 0x%lx", v, addr);
}

/* Every CLINT / ACLINT MSWI or MTIMER of the DT: its first register */
struct aclints {
	unsigned long base[8];
	bool clint[8];		/* CLINT layout: mtimecmp[0] at 0x4000 */
	unsigned int n;
};

static int find_aclint(void *ctx, const char *path, int depth,
		       const char *name, const void *data, uint32_t len)
{
	struct aclints *a = ctx;
	const void *reg;
	uint32_t rlen;
	bool clint;

	(void)depth;
	if (strcmp(name, "compatible") || a->n == ARRAY_SIZE(a->base))
		return 0;
	clint = fdt_strlist_has(data, len, "riscv,clint0") ||
		fdt_strlist_has(data, len, "sifive,clint0");
	if (!clint && !fdt_strlist_has(data, len, "riscv,aclint-mswi") &&
	    !fdt_strlist_has(data, len, "riscv,aclint-mtimer"))
		return 0;
	reg = fdt_getprop(platform.fdt, path, "reg", &rlen);
	if (reg && rlen >= 16) {
		a->clint[a->n] = clint;
		a->base[a->n++] = fdt_cells(reg, 2);
	}
	return 0;
}

/*
 * Each ACLINT other than the first (one per socket on QEMU virt with
 * NUMA sockets): msip and mtimecmp of its first hart are M-mode's too.
 */
static unsigned int other_aclints(unsigned long *loads, unsigned long *stores)
{
	struct aclints a = { .n = 0 };
	unsigned int i, n = 0;

	if (platform.fdt_ok)
		fdt_walk(platform.fdt, find_aclint, &a);
	for (i = 0; i < a.n; i++) {
		if (a.base[i] >> 16 == env.clint >> 16)
			continue;
		expect_fault(LOAD, a.base[i], "another ACLINT's first register");
		expect_fault(STORE, a.base[i], "another ACLINT's first register");
		*loads += 1;
		*stores += 1;
		n++;
		if (!a.clint[i])
			continue;
		expect_fault(LOAD, a.base[i] + 0x4000,
			     "another CLINT's mtimecmp[0]");
		expect_fault(STORE, a.base[i] + 0x4000,
			     "another CLINT's mtimecmp[0]");
		*loads += 1;
		*stores += 1;
	}
	return n;
}

static unsigned long fw_counter(unsigned long code)
{
	struct sbiret ret = sbi_pmu_counter_cfg_match(0, env.fw,
						      PMU_CFG_CLEAR_VALUE |
						      PMU_CFG_AUTO_START,
						      EV_FW(code), 0);

	return ret.error ? ~0UL : (unsigned long)ret.value;
}

static unsigned long fw_value(unsigned long k)
{
	struct sbiret ret = sbi_pmu_counter_fw_read(k);

	return ret.error ? ~0UL : (unsigned long)ret.value;
}

static void test_memory(void)
{
	unsigned long fw_end = env.fw_base + env.fw_size;
	unsigned long self = current_hartid();
	const unsigned long fw_addrs[] = {
		env.fw_base, env.fw_base + 0x1008, env.fw_base + env.fw_size / 2,
		fw_end - 8,
	};
	unsigned long tval = 0, cause, v, kl, ks, i, loads = 0, stores = 0;
	struct hostile_regs r;
	struct sbiret ret;

	pmu_release_all();
	kl = fw_counter(PMU_FW_ACCESS_LOAD);
	ks = fw_counter(PMU_FW_ACCESS_STORE);
	for (i = 0; i < ARRAY_SIZE(fw_addrs); i++) {
		expect_fault(LOAD, fw_addrs[i], "firmware");
		expect_fault(STORE, fw_addrs[i], "firmware");
		expect_fault(AMO, fw_addrs[i], "firmware");
		expect_fault(FETCH, fw_addrs[i], "firmware");
		loads++;
		stores += 2;
	}
	/* an 8-byte load whose first half is the firmware's last word */
	cause = try_access(LOAD, fw_end - 4, &tval, &v);
	/* QEMU checks PMP on the whole access: a load access fault */
	test_report(cause == EXC_LOAD_ACCESS && tval == fw_end - 4,
		    NULL, "load straddling the end of the firmware (0x%lx) is a load access fault (scause 0x%lx, stval 0x%lx)",
		    fw_end - 4, cause == ~0UL ? 0 : cause, tval);
	if (cause == ~0UL)
		test_diag("  S-mode read 0x%lx across the firmware's end", v);
	loads += cause == EXC_LOAD_ACCESS;
	cause = try_access(LOAD, fw_end, &tval, &v);
	test_report(cause == ~0UL, NULL,
		    "control: the first byte after the firmware (0x%lx) is readable",
		    fw_end);
	if (env.clint) {
		expect_fault(LOAD, env.clint + 4 * self, "ACLINT msip");
		expect_fault(STORE, env.clint + 4 * self, "ACLINT msip");
		expect_fault(LOAD, env.clint + 0x4000 + 8 * self,
			     "ACLINT mtimecmp");
		expect_fault(STORE, env.clint + 0x4000 + 8 * self,
			     "ACLINT mtimecmp");
		expect_fault(LOAD, env.clint + 0xbff8, "ACLINT mtime");
		loads += 3;
		stores += 2;
		i = other_aclints(&loads, &stores);
		TEST_EQ(i, payload_arg_ulong("hostile.other-aclints", 0),
			"%lu ACLINT blocks besides the first tried", i);
	} else {
		test_skip("no CLINT in the DT", "ACLINT not reachable from S-mode");
	}
	if (kl != ~0UL && ks != ~0UL) {
		TEST_EQ(fw_value(kl), loads,
			"ACCESS_LOAD counted each of the %lu faulting loads on this hart",
			loads);
		TEST_EQ(fw_value(ks), stores,
			"ACCESS_STORE counted each of the %lu faulting stores/AMOs on this hart",
			stores);
	} else {
		test_report(0, NULL, "config_matching ACCESS_LOAD/ACCESS_STORE firmware counters");
	}
	pmu_release_all();

	/* nothing that names firmware memory is done on S-mode's behalf */
	ret = sbi_debug_console_write(16, env.fw_base, 0);
	test_report(ret.error == SBI_ERR_INVALID_PARAM, sbi_err_name(ret.error),
		    "console_write of firmware memory refused (value %ld)",
		    ret.value);
	ret = sbi_debug_console_write(16, fw_end - 8, 0);
	test_report(ret.error == SBI_ERR_INVALID_PARAM, sbi_err_name(ret.error),
		    "console_write straddling the firmware's end refused (value %ld)",
		    ret.value);
	ret = sbi_debug_console_read(64, env.fw_base + 0x1000, 0);
	TEST_SBI_ERR(ret, SBI_ERR_INVALID_PARAM,
		     "console_read into firmware memory refused");
	ret = sbi_debug_console_write(16, env.clint, 0);
	TEST_SBI_ERR(ret, SBI_ERR_INVALID_PARAM,
		     "console_write of the ACLINT refused");
	ret = sbi_pmu_snapshot_set_shmem(env.fw_base, 0, 0);
	TEST_SBI_ERR(ret, SBI_ERR_INVALID_ADDRESS,
		     "snapshot shared memory on the firmware's first page refused");
	ret = sbi_pmu_snapshot_set_shmem(fw_end - PAGE_SIZE, 0, 0);
	TEST_SBI_ERR(ret, SBI_ERR_INVALID_ADDRESS,
		     "snapshot shared memory on the firmware's last page refused");
	ret = sbi_pmu_snapshot_set_shmem(env.clint, 0, 0);
	TEST_SBI_ERR(ret, SBI_ERR_INVALID_ADDRESS,
		     "snapshot shared memory on the ACLINT refused");
	ret = sbi_pmu_event_get_info(env.fw_base + 0x100, 0, 4, 0);
	TEST_SBI_ERR(ret, SBI_ERR_INVALID_ADDRESS,
		     "event_get_info on firmware memory refused");
	ret = sbi_pmu_event_get_info(fw_end - 16, 0, 2, 0);
	TEST_SBI_ERR(ret, SBI_ERR_INVALID_ADDRESS,
		     "event_get_info straddling the firmware's end refused");
	if (hart_b != ~0UL) {
		ret = sbi_hart_start(hart_b, env.fw_base, 0);
		TEST_SBI_ERR(ret, SBI_ERR_INVALID_ADDRESS,
			     "hart_start of a stopped hart at the firmware refused");
		hart_wait_status(hart_b, SBI_HSM_STATE_STOPPED, 100000);
	}
	ret = sbi_hart_suspend(SBI_HSM_SUSPEND_NON_RET_DEFAULT, env.fw_base, 0);
	TEST_SBI_ERR(ret, SBI_ERR_INVALID_ADDRESS,
		     "non-retentive suspend resuming in the firmware refused");

	/*
	 * A legacy hart mask S-mode cannot read: SBI v3.0 chapter 5 has the
	 * access fault redirected to S-mode with sepc at the ecall.
	 */
	csr_clear(CSR_SIP, SIP_SSIP);
	{
		struct trap_record rec;
		int trapped;

		memset(&r, 0, sizeof(r));
		r.in[1] = (unsigned long)hostile_ecall_pc + 4;
		r.in[10] = env.fw_base;
		r.in[17] = SBI_EXT_0_1_SEND_IPI;
		trap_catch_begin();
		hostile_ecall(&r);
		trapped = trap_catch_end(&rec);
		if (trapped && rec.cause == EXC_INST_ACCESS &&
		    rec.epc - env.fw_base < env.fw_size)
			test_diag("  the ecall came back to S-mode at 0x%lx, inside the firmware",
				  rec.epc);
		test_report(trapped && rec.cause == EXC_LOAD_ACCESS &&
			    rec.epc == (unsigned long)hostile_ecall_pc &&
			    rec.tval == env.fw_base, NULL,
			    "legacy send_ipi on a hart mask in firmware memory: load access fault redirected (trap %d, scause 0x%lx, sepc 0x%lx, stval 0x%lx; a0 %ld)",
			    trapped, trapped ? rec.cause : 0,
			    trapped ? rec.epc : 0, trapped ? rec.tval : 0,
			    (long)r.out[10]);
		TEST_EQ(csr_read(CSR_SIP) & SIP_SSIP, 0,
			"legacy send_ipi with a firmware hart mask sent no IPI to this hart");
	}
}

/* ---- counters never count M-mode ---- */

struct heavy {
	const char *name;
	unsigned long eid, fid, a[5];
	bool slow;		/* spins in M-mode for ~10^7 instructions */
};

static struct heavy heavy[8];
static unsigned int nr_heavy;

static void heavy_init(void)
{
	unsigned long self = current_hartid();
	struct hart_bufs *b = &hbufs[self];
	unsigned int i;

	memset(b->dbcn, 0, PAGE_SIZE);
	for (i = 0; i < EVINFO_ENTRIES; i++) {
		b->evinfo[i].event_idx = i & 1 ? EV_CACHE(i & 63) : EV_FW(i & 31);
		b->evinfo[i].event_data = 0;
	}
	nr_heavy = 0;
	heavy[nr_heavy++] = (struct heavy){ "console_write of 4 KiB",
		SBI_EXT_DBCN, SBI_EXT_DBCN_CONSOLE_WRITE,
		{ PAGE_SIZE, (unsigned long)b->dbcn, 0 }, false };
	heavy[nr_heavy++] = (struct heavy){ "event_get_info of 256 events",
		SBI_EXT_PMU, SBI_EXT_PMU_EVENT_GET_INFO,
		{ (unsigned long)b->evinfo, 0, EVINFO_ENTRIES, 0 }, false };
	heavy[nr_heavy++] = (struct heavy){ "remote_sfence_vma of 64 pages to self",
		SBI_EXT_RFENCE, SBI_EXT_RFENCE_REMOTE_SFENCE_VMA,
		{ 1, self, 0x10000000, 64 * PAGE_SIZE }, false };
	/* the other hart is parked: the caller spins in M-mode meanwhile */
	heavy[nr_heavy++] = (struct heavy){ "remote_fence_i to all harts",
		SBI_EXT_RFENCE, SBI_EXT_RFENCE_REMOTE_FENCE_I, { 0, -1UL },
		true };
	heavy[nr_heavy++] = (struct heavy){ "set_timer",
		SBI_EXT_TIME, SBI_EXT_TIME_SET_TIMER, { ~0UL }, false };
	heavy[nr_heavy++] = (struct heavy){ "send_ipi to all harts",
		SBI_EXT_IPI, SBI_EXT_IPI_SEND_IPI, { 0, -1UL }, false };
	if (env.test_channel)
		heavy[nr_heavy++] = (struct heavy){ "firmware image checksum",
			SBI_EXT_TALLY_TEST, SBI_TALLY_TEST_FW_CHECKSUM, { 0 },
			false };
}

/* Roughly how many instructions a call runs: icount shift=0 ticks 1 ns. */
static unsigned long heavy_cost(const struct heavy *h)
{
	unsigned long t0 = time_now();

	sbi_ecall(h->eid, h->fid, h->a[0], h->a[1], h->a[2], h->a[3], h->a[4],
		  0);
	return (time_now() - t0) * (1000000000UL / platform.timebase_hz);
}

enum ev_class { EVC_INSN, EVC_LOAD, EVC_STORE, EVC_BRANCH, EVC_TAKEN,
		EVC_MISPRED, EVC_MISS };

struct ev {
	const char *name;
	unsigned long idx, data;
	enum ev_class cls;
};

static const struct ev fixed_events[] = {
	{ "CPU_CYCLES", EV_HW(1), 0, EVC_INSN },
	{ "INSTRUCTIONS", EV_HW(2), 0, EVC_INSN },
};

static const struct ev hpm_events[] = {
	{ "CPU_CYCLES", EV_HW(1), 0, EVC_INSN },
	{ "INSTRUCTIONS", EV_HW(2), 0, EVC_INSN },
	{ "BRANCH_INSTRUCTIONS", EV_HW(5), 0, EVC_BRANCH },
	{ "BRANCH_MISSES", EV_HW(6), 0, EVC_MISPRED },
	{ "REF_CPU_CYCLES", EV_HW(10), 0, EVC_INSN },
	{ "L1D read access (loads)", EV_CACHE(0x18), 0, EVC_LOAD },
	{ "L1D write access (stores)", EV_CACHE(0x1a), 0, EVC_STORE },
	{ "ITLB read access", EV_CACHE(0x20), 0, EVC_INSN },
	{ "DTLB read miss", EV_CACHE(0x19), 0, EVC_MISS },
	{ "DTLB write miss", EV_CACHE(0x1b), 0, EVC_MISS },
	{ "ITLB miss", EV_CACHE(0x21), 0, EVC_MISS },
	{ "raw v2 INST.RET", PMU_EVIDX(3, 0), 2, EVC_INSN },
	{ "raw INST.RET.LOAD", PMU_EVIDX(2, 0), 0x100, EVC_LOAD },
	{ "raw v2 INST.RET.STORE", PMU_EVIDX(3, 0), 0x101, EVC_STORE },
	{ "raw v2 INST.BRJMP.TK.RET", PMU_EVIDX(3, 0), 0x13, EVC_TAKEN },
};

/* What the ctr_loop of @iters iterations shows on an S-counting counter. */
static bool loop_ok(enum ev_class cls, unsigned long iters, unsigned long d)
{
	unsigned long want;

	switch (cls) {
	case EVC_INSN:
		want = 4 * iters + 1;
		break;
	case EVC_LOAD:
	case EVC_STORE:
	case EVC_BRANCH:
		want = iters;
		break;
	case EVC_TAKEN:
		want = iters - 1;
		break;
	case EVC_MISPRED:
		want = 1;
		break;
	default:
		return true;	/* refills: not exact */
	}
	return d + 3 >= want && d <= want + 3;
}

/* What one ecall between two reads may show: only S-mode's csrr and ecall. */
static unsigned long ecall_bound(enum ev_class cls, bool s_counted)
{
	if (!s_counted)
		return 0;
	switch (cls) {
	case EVC_INSN:
		return 3;
	case EVC_MISS:
		return 2;	/* refills are attributed loosely */
	default:
		return 0;
	}
}

static void check_no_m(long c, const struct ev *e, unsigned long flags,
		       bool slow)
{
	unsigned int csr = env.info[c] & PMU_CTR_INFO_CSR_MASK, i;
	bool s_counted = !(flags & PMU_CFG_SET_SINH);
	unsigned long buf[2] = { 0, 0 }, d, worst = 0, bound;
	const char *worst_call = "";
	struct hostile_regs r;
	struct sbiret ret;

	ret = sbi_pmu_counter_cfg_match(c, 1, flags | PMU_CFG_CLEAR_VALUE,
					e->idx, e->data);
	if (ret.error == SBI_ERR_NOT_SUPPORTED)
		return;		/* the DT does not put it on this counter */
	if (!test_report(!ret.error && ret.value == c, sbi_err_name(ret.error),
			 "config_matching %s on counter %ld, flags 0x%lx", e->name,
			 c, flags))
		return;
	if (!(flags & PMU_CFG_AUTO_START))
		sbi_pmu_counter_start(c, 1, 0, 0);
	/* control: the counter counts S-mode (or nothing with SINH) */
	d = ctr_loop_table[csr - 0xc00](1000, buf);
	if (s_counted)
		test_report(loop_ok(e->cls, 1000, d), NULL,
			    "control: %s on counter %ld, flags 0x%lx counts an S-mode loop (%lu)",
			    e->name, c, flags, d);
	else
		test_report(d == 0, NULL,
			    "control: %s on counter %ld with SINH counts nothing of an S-mode loop (%lu)",
			    e->name, c, d);
	bound = ecall_bound(e->cls, s_counted);
	for (i = 0; i < nr_heavy; i++) {
		if (heavy[i].slow && !slow)
			continue;
		memset(&r, 0, sizeof(r));
		r.in[10] = heavy[i].a[0];
		r.in[11] = heavy[i].a[1];
		r.in[12] = heavy[i].a[2];
		r.in[13] = heavy[i].a[3];
		r.in[14] = heavy[i].a[4];
		r.in[16] = heavy[i].fid;
		r.in[17] = heavy[i].eid;
		d = ctr_ecall_table[csr - 0xc00](&r);
		if (d > worst || !i) {
			worst = d;
			worst_call = heavy[i].name;
		}
	}
	test_report(worst <= bound, NULL,
		    "%s on counter %ld, flags 0x%lx: %u heavy SBI calls add at most %lu (S-mode allows %lu; worst: %s)",
		    e->name, c, flags, nr_heavy - !slow, worst, bound,
		    worst_call);
	sbi_pmu_counter_stop(c, 1, PMU_STOP_RESET);
}

static void test_counters(void)
{
	static const unsigned long flag_sets[] = {
		0, PMU_CFG_SET_MINH, PMU_CFG_SET_UINH | PMU_CFG_SET_VSINH |
		PMU_CFG_SET_VUINH, PMU_CFG_SET_SINH,
		PMU_CFG_SET_SINH | PMU_CFG_SET_UINH | PMU_CFG_SET_MINH |
		PMU_CFG_SET_VSINH | PMU_CFG_SET_VUINH,
		PMU_CFG_AUTO_START | PMU_CFG_SET_MINH,
	};
	unsigned long before[PMU_MAX_CTRS], after, moved = 0, i, f, hpm = 0;
	unsigned long total;
	unsigned int e;

	if (!env.sscofpmf || !env.smcntrpmf) {
		test_skip("the CPU lacks Sscofpmf or Smcntrpmf: counters cannot exclude M-mode",
			  "no counter counts M-mode");
		return;
	}
	heavy_init();
	for (i = 0; i < nr_heavy; i++)
		test_diag("heavy call: %s runs ~%lu instructions", heavy[i].name,
			  heavy_cost(&heavy[i]));
	pmu_release_all();
	/*
	 * hpmcounters nobody configured do not move, whatever M-mode does;
	 * cycle and instret run free from boot (docs/pmu.md), with MINH: they
	 * see the S-mode loop only, a small part of the calls' total cost.
	 */
	for (i = 0; i < PMU_MAX_CTRS; i++)
		if (env.hw & BIT(i))
			before[i] = ctr_read_table[(env.info[i] &
						    PMU_CTR_INFO_CSR_MASK) - 0xc00]();
	for (i = 0, total = 0; i < nr_heavy; i++)
		total += heavy_cost(&heavy[i]);
	for (i = 0; i < PMU_MAX_CTRS; i++) {
		bool free_running = (long)i == env.cycle ||
				    (long)i == env.instret;

		if (!(env.hw & BIT(i)))
			continue;
		after = ctr_read_table[(env.info[i] & PMU_CTR_INFO_CSR_MASK) -
				       0xc00]();
		if (free_running ? after - before[i] > total / 4 :
				   after != before[i]) {
			test_diag("  counter %lu moved from %lu to %lu (calls: ~%lu instructions)",
				  i, before[i], after, total);
			moved++;
		}
	}
	TEST_EQ(moved, 0, "no unconfigured hpmcounter moved, free-running cycle/instret saw no M-mode work, across %u heavy SBI calls",
		nr_heavy);
	for (f = 0; f < ARRAY_SIZE(flag_sets); f++) {
		if (env.cycle >= 0)
			check_no_m(env.cycle, &fixed_events[0], flag_sets[f],
				   f == 0);
		if (env.instret >= 0)
			check_no_m(env.instret, &fixed_events[1], flag_sets[f],
				   f == 0);
	}
	if (!env.hpm) {
		test_skip("no hpmcounters", "hpmcounters never count M-mode");
		return;
	}
	hpm = bit_lowest(env.hpm);
	for (e = 0; e < ARRAY_SIZE(hpm_events); e++) {
		check_no_m(hpm, &hpm_events[e], 0, e == 1);
		check_no_m(hpm, &hpm_events[e], PMU_CFG_SET_MINH, false);
	}
	/* the last hpmcounter, with the remaining flag combinations */
	hpm = bit_highest(env.hpm);
	for (f = 2; f < ARRAY_SIZE(flag_sets); f++)
		check_no_m(hpm, &hpm_events[1], flag_sets[f], false);
	pmu_release_all();
}

/* ---- per-hart PMU state and snapshot memory ---- */

static bool page_same(const void *a, const void *b)
{
	return !memcmp(a, b, PAGE_SIZE);
}

static void test_per_hart(void)
{
	unsigned long self = current_hartid(), base, mask, k, i;
	struct pmu_snapshot_area *pa, *pb;
	static uint8_t copy_a[PAGE_SIZE], copy_b[PAGE_SIZE];
	struct sbiret ret;
	bool others_kept;

	if (hart_b == ~0UL) {
		test_skip("one hart", "per-hart PMU isolation");
		return;
	}
	if (env.fw_first < 0) {
		test_skip("no firmware counters", "per-hart PMU isolation");
		return;
	}
	pa = (void *)hbufs[self].snap[0];
	pb = (void *)hbufs[hart_b].snap[0];
	base = env.fw_first;
	mask = (unsigned long)(env.fw >> base);
	pmu_release_all();
	if (!test_report(b_start(), NULL, "hart %lu started to take orders",
			 hart_b))
		return;
	for (i = 0; i < env.num_ctrs; i++)
		if (env.valid & BIT(i))
			on_b(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_STOP, i, 1,
			     PMU_STOP_RESET, 0, 0);

	/* both harts register their own snapshot page, then fill it */
	TEST_SBI_OK(sbi_pmu_snapshot_set_shmem((unsigned long)pa, 0, 0),
		    "hart %lu: snapshot page set", self);
	TEST_SBI_OK(on_b(SBI_EXT_PMU, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM,
			 (unsigned long)pb, 0, 0, 0, 0),
		    "hart %lu: snapshot page set", hart_b);
	memset(pa, 0xa5, PAGE_SIZE);
	memset(pb, 0xb6, PAGE_SIZE);
	memcpy(copy_a, pa, PAGE_SIZE);
	memcpy(copy_b, pb, PAGE_SIZE);

	/* A counts its SET_TIMER calls on the lowest firmware counter */
	k = fw_counter(PMU_FW_SET_TIMER);
	if (!test_report(k == base, NULL,
			 "hart %lu: SET_TIMER on the lowest firmware counter (%ld)",
			 self, (long)k))
		goto out;
	for (i = 0; i < 80; i++)
		sbi_set_timer(~0UL);
	ret = on_b(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_FW_READ, k, 0, 0, 0, 0);
	test_report(ret.error == SBI_ERR_INVALID_PARAM, NULL,
		    "hart %lu: fw_read of counter %lu (configured on hart %lu only) is INVALID_PARAM, not hart %lu's value (error %ld, value %ld)",
		    hart_b, k, self, self, ret.error, ret.value);
	ret = on_b(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_START, k, 1, 0, 0, 0);
	TEST_SBI_ERR(ret, SBI_ERR_INVALID_PARAM,
		     "hart %lu: start of counter %lu (configured on hart %lu only)",
		     hart_b, k, self);
	/* B has nothing at that index to stop or release; A keeps its counter */
	TEST_SBI_ERR(on_b(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_STOP, k, 1,
			  PMU_STOP_RESET, 0, 0), SBI_ERR_ALREADY_STOPPED,
		     "hart %lu: stop(RESET) of counter %lu (configured on hart %lu only)",
		     hart_b, k, self);
	TEST_EQ(fw_value(k), 80,
		"hart %lu: its counter %lu still holds its 80 SET_TIMER calls after hart %lu's calls on that index",
		self, k, hart_b);

	/* B maps the very same index for the same event: its own count */
	ret = on_b(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_CFG_MATCH, k, 1,
		   PMU_CFG_SKIP_MATCH | PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
		   EV_FW(PMU_FW_SET_TIMER), 0);
	test_report(!ret.error && (unsigned long)ret.value == k,
		    sbi_err_name(ret.error),
		    "hart %lu: SET_TIMER on the same index %lu", hart_b, k);
	ret = on_b(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_FW_READ, k, 0, 0, 0, 0);
	test_report(!ret.error && ret.value == 0, NULL,
		    "hart %lu: its counter %lu starts at 0 (error %ld, value %ld)",
		    hart_b, k, ret.error, ret.value);
	b_timers(50);
	ret = on_b(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_FW_READ, k, 0, 0, 0, 0);
	test_report(!ret.error && ret.value == 50, NULL,
		    "hart %lu: counter %lu counted its own 50 set_timer calls (%ld)",
		    hart_b, k, ret.value);
	TEST_EQ(fw_value(k), 80,
		"hart %lu: counter %lu did not see hart %lu's 50 calls", self,
		k, hart_b);

	/* B's TAKE_SNAPSHOT writes B's page only, and only B's counters */
	ret = on_b(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_STOP, base, mask,
		   PMU_STOP_TAKE_SNAPSHOT, 0, 0);
	/* ALREADY_STOPPED: the set holds counters B never mapped */
	TEST_SBI_ERR(ret, SBI_ERR_ALREADY_STOPPED,
		     "hart %lu: stop of all firmware counters with TAKE_SNAPSHOT",
		     hart_b);
	TEST_EQ(pb->ctr_values[k - base], 50,
		"hart %lu: its snapshot holds its own value of counter %lu",
		hart_b, k);
	others_kept = true;
	for (i = 0; i < PMU_SNAPSHOT_NUM_VALUES; i++)
		if (i != k - base && pb->ctr_values[i] !=
		    ((struct pmu_snapshot_area *)copy_b)->ctr_values[i])
			others_kept = false;
	test_report(others_kept, NULL,
		    "hart %lu: its snapshot left every counter it had not mapped untouched",
		    hart_b);
	test_report(!memcmp((uint8_t *)pb + PMU_SNAPSHOT_USED,
			    copy_b + PMU_SNAPSHOT_USED,
			    PAGE_SIZE - PMU_SNAPSHOT_USED), NULL,
		    "hart %lu: the reserved part of its snapshot page untouched",
		    hart_b);
	test_report(page_same(pa, copy_a), NULL,
		    "hart %lu's snapshot page untouched by hart %lu's TAKE_SNAPSHOT",
		    self, hart_b);
	memcpy(copy_b, pb, PAGE_SIZE);

	/* A's TAKE_SNAPSHOT writes A's page only */
	ret = sbi_pmu_counter_stop(base, mask, PMU_STOP_TAKE_SNAPSHOT);
	TEST_SBI_ERR(ret, SBI_ERR_ALREADY_STOPPED,
		     "hart %lu: stop of all firmware counters with TAKE_SNAPSHOT",
		     self);
	TEST_EQ(pa->ctr_values[k - base], 80,
		"hart %lu: its snapshot holds its own value of counter %lu",
		self, k);
	test_report(page_same(pb, copy_b), NULL,
		    "hart %lu's snapshot page untouched by hart %lu's TAKE_SNAPSHOT",
		    hart_b, self);
	memcpy(copy_a, pa, PAGE_SIZE);

	/* B without shared memory: NO_SHMEM, and nobody's page changes */
	TEST_SBI_OK(on_b(SBI_EXT_PMU, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, ~0UL,
			 ~0UL, 0, 0, 0),
		    "hart %lu: snapshot disabled", hart_b);
	ret = on_b(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_STOP, base, mask,
		   PMU_STOP_TAKE_SNAPSHOT, 0, 0);
	TEST_SBI_ERR(ret, SBI_ERR_NO_SHMEM,
		     "hart %lu: TAKE_SNAPSHOT without shared memory of its own",
		     hart_b);
	test_report(page_same(pa, copy_a) && page_same(pb, copy_b), NULL,
		    "no snapshot page written by that refused TAKE_SNAPSHOT");

	/* IPIs: sent counts on the sender, received on the receiver */
	pmu_release_all();
	{
		unsigned long as = fw_counter(PMU_FW_IPI_SENT);
		unsigned long ar = fw_counter(PMU_FW_IPI_RECEIVED);
		struct sbiret bs, br;
		unsigned long end;

		on_b(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_STOP, base, mask,
		     PMU_STOP_RESET, 0, 0);
		bs = on_b(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_CFG_MATCH, 0,
			  env.fw, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
			  EV_FW(PMU_FW_IPI_SENT), 0);
		br = on_b(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_CFG_MATCH, 0,
			  env.fw, PMU_CFG_CLEAR_VALUE | PMU_CFG_AUTO_START,
			  EV_FW(PMU_FW_IPI_RECEIVED), 0);
		/* one at a time: pending IPIs merge into one SSIP */
		for (i = 0; i < 5; i++) {
			sbi_send_ipi(1, hart_b);
			end = time_now() + usec_to_ticks(TIMEOUT_US);
			do
				ret = on_b(SBI_EXT_PMU,
					   SBI_EXT_PMU_COUNTER_FW_READ,
					   br.value, 0, 0, 0, 0);
			while (ret.value < (long)i + 1 && time_now() < end);
		}
		test_report(!bs.error && !br.error && ret.value == 5, NULL,
			    "hart %lu: IPI_RECEIVED counted the 5 IPIs from hart %lu (%ld)",
			    hart_b, self, ret.value);
		ret = on_b(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_FW_READ, bs.value,
			   0, 0, 0, 0);
		test_report(!ret.error && ret.value == 0, NULL,
			    "hart %lu: its IPI_SENT stayed 0 (%ld)", hart_b,
			    ret.value);
		TEST_EQ(fw_value(as), 5, "hart %lu: IPI_SENT counted its 5 IPIs",
			self);
		TEST_EQ(fw_value(ar), 0,
			"hart %lu: its IPI_RECEIVED stayed 0", self);
	}

	/* B leaves counters mapped and shared memory set, then is restarted */
	pmu_release_all();
	k = fw_counter(PMU_FW_SET_TIMER);
	on_b(SBI_EXT_PMU, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, (unsigned long)pb, 0,
	     0, 0, 0);
	on_b(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_CFG_MATCH, k, 1,
	     PMU_CFG_SKIP_MATCH | PMU_CFG_AUTO_START, EV_FW(PMU_FW_SET_TIMER),
	     0);
	b_timers(3);
	test_report(b_stop(), NULL, "hart %lu stopped through HSM", hart_b);
	memcpy(copy_b, pb, PAGE_SIZE);
	if (!test_report(b_start(), NULL, "hart %lu restarted", hart_b))
		goto out;
	ret = on_b(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_FW_READ, k, 0, 0, 0, 0);
	TEST_SBI_ERR(ret, SBI_ERR_INVALID_PARAM,
		     "restarted hart %lu: counter %lu is no longer mapped", hart_b,
		     k);
	ret = on_b(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_STOP, base, mask,
		   PMU_STOP_TAKE_SNAPSHOT, 0, 0);
	if (payload_pmu_compat()) {
		/* PMU_COMPAT_SNAPSHOT_KEEP: its own page serves again */
		TEST_SBI_ERR(ret, SBI_ERR_ALREADY_STOPPED,
			     "restarted hart %lu: TAKE_SNAPSHOT uses the page it had (nothing started)",
			     hart_b);
		memset(copy_b, 0, sizeof(uint64_t));	/* overflow word */
		test_report(page_same(pb, copy_b), NULL,
			    "restarted hart %lu: only the overflow word of its page written",
			    hart_b);
	} else {
		TEST_SBI_ERR(ret, SBI_ERR_NO_SHMEM,
			     "restarted hart %lu: its snapshot memory was forgotten",
			     hart_b);
		test_report(page_same(pb, copy_b), NULL,
			    "restarted hart %lu: its old snapshot page untouched",
			    hart_b);
	}
	sbi_set_timer(~0UL);
	TEST_EQ(fw_value(k), 1,
		"hart %lu: its counter %lu unaffected by hart %lu's restart",
		self, k, hart_b);
out:
	sbi_pmu_snapshot_set_shmem(~0UL, ~0UL, 0);
	pmu_release_all();
	if (atomic_load(&rm.alive))
		b_stop();
}

/*
 * SSE: an event handler sees the interrupted registers, never M-mode's.
 * An inject delivered at the return of the ecall enters the handler with
 * every register as S-mode left it but a0/a1 (the inject's sbiret) and
 * a6/a7 (hartid, ENTRY_ARG), sepc just past the ecall and sstatus.SPP = S;
 * complete gives back every register but a0/a1.
 */
static void test_sse(void)
{
	static unsigned long save[34];
	static struct hostile_regs r;
	unsigned long self = current_hartid(), n, bad = 0, first = 0;
	struct rng rng;

	if (!sbi_probe_extension(SBI_EXT_SSE).value) {
		test_skip("SSE: not implemented", "isolation: SSE handler entry");
		return;
	}
	TEST_SBI_OK(sbi_ecall(SBI_EXT_SSE, SBI_EXT_SSE_REGISTER,
			      SBI_SSE_EVENT_LOCAL_SOFTWARE,
			      (unsigned long)hostile_sse_save_entry,
			      (unsigned long)save, 0, 0, 0),
		    "isolation: SSE register of the local software event");
	TEST_SBI_OK(sbi_call1(SBI_EXT_SSE, SBI_EXT_SSE_ENABLE,
			      SBI_SSE_EVENT_LOCAL_SOFTWARE),
		    "isolation: SSE enable");
	TEST_SBI_OK(sbi_call0(SBI_EXT_SSE, SBI_EXT_SSE_HART_UNMASK),
		    "isolation: SSE hart_unmask");
	rng_seed(&rng, env.seed ^ 0x55e);
	for (n = 1; n < 32; n++)
		r.in[n] = rng_next(&rng);
	r.in[1] = (unsigned long)hostile_ecall_pc + 4;
	r.in[10] = SBI_SSE_EVENT_LOCAL_SOFTWARE | (rng_next(&rng) << 32);
	r.in[11] = self;
	r.in[16] = SBI_EXT_SSE_INJECT;
	r.in[17] = SBI_EXT_SSE;
	hostile_ecall(&r);
	TEST_EQ(save[0], 1, "isolation: SSE inject to self entered the handler");
	for (n = 1; n < 32; n++) {
		unsigned long want = r.in[n];

		if (n == 10 || n == 11)
			want = 0;	/* the inject's sbiret */
		else if (n == 16)
			want = self;
		else if (n == 17)
			want = (unsigned long)save;
		if (save[n] != want && !bad++)
			first = n;
	}
	test_report(!bad, NULL,
		    "isolation: SSE handler entered with the interrupted registers, a0/a1 the sbiret, a6 = hartid, a7 = ENTRY_ARG (%lu differ, first x%lu)",
		    bad, first);
	TEST_EQ(save[32], (unsigned long)hostile_ecall_pc + 4,
		"isolation: SSE handler's sepc is just past the ecall");
	TEST_EQ(save[33] & (SSTATUS_SPP | SSTATUS_SIE), SSTATUS_SPP,
		"isolation: SSE handler runs with SPP = S and SIE = 0");
	for (n = 1, bad = 0; n < 32; n++)
		if (n != 10 && n != 11 && r.out[n] != r.in[n] && !bad++)
			first = n;
	test_report(!bad && r.out[10] == 0, NULL,
		    "isolation: after complete every register but a0/a1 is back, a0 = 0 (%lu differ, first x%lu)",
		    bad, first);
	TEST_SBI_OK(sbi_call0(SBI_EXT_SSE, SBI_EXT_SSE_HART_MASK),
		    "isolation: SSE hart_mask");
	TEST_SBI_OK(sbi_call1(SBI_EXT_SSE, SBI_EXT_SSE_DISABLE,
			      SBI_SSE_EVENT_LOCAL_SOFTWARE),
		    "isolation: SSE disable");
	TEST_SBI_OK(sbi_call1(SBI_EXT_SSE, SBI_EXT_SSE_UNREGISTER,
			      SBI_SSE_EVENT_LOCAL_SOFTWARE),
		    "isolation: SSE unregister");
}

void isolation_run(void)
{
	unsigned long self = current_hartid(), h;

	for_each_hart(h, platform.hart_mask) {
		if (h != self) {
			hart_b = h;
			break;
		}
	}
	csr_write(CSR_SIE, 0);
	test_memory();
	test_counters();
	test_per_hart();
	test_sse();
	if (env.test_channel) {
		struct sbiret a, b;

		a = sbi_call0(SBI_EXT_TALLY_TEST, SBI_TALLY_TEST_FW_CHECKSUM);
		b = sbi_call0(SBI_EXT_TALLY_TEST,
			      SBI_TALLY_TEST_FW_CHECKSUM_BOOT);
		test_report(!a.error && a.value == b.value, NULL,
			    "isolation: firmware image checksum equals the boot checksum");
	}
}
