/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * HSM: start (with the register state the spec promises), status, stop,
 * restart, retentive and non-retentive suspend, and the error codes for
 * bad hartids, bad addresses and bad suspend types. suspend_type is a
 * uint32_t: every suspend is also made with bits 63..32 set, which the
 * firmware must ignore (SBI v3.0, binary encoding: 32-bit data).
 *
 * A started hart runs hsm_hart(): it checks its entry state, then obeys
 * commands from the boot hart until told to stop.
 */
#include "sbi_tests.h"

enum hsm_cmd {
	CMD_NONE,
	CMD_STOP,
	CMD_SUSPEND_RET,
	CMD_SUSPEND_NONRET,
	CMD_BAD_SUSPEND,
};

/* Bits 63..32 a 32-bit suspend_type may carry: none, bit 32, bit 63. */
static const unsigned long high_bits[] = { 0, BIT(32), BIT(63) };

struct hsm_ctl {
	unsigned long opaque[PAYLOAD_MAX_HARTS];
	unsigned long type[PAYLOAD_MAX_HARTS];	/* for CMD_SUSPEND_* */
	int cmd[PAYLOAD_MAX_HARTS];
	int acks[PAYLOAD_MAX_HARTS];
	int running[PAYLOAD_MAX_HARTS];
	int ipi_sent[PAYLOAD_MAX_HARTS];
};

static struct hsm_ctl ctl;

static unsigned long make_opaque(unsigned long hartid, unsigned long round)
{
	return (unsigned long)(0xa5c3000000000000ULL | ((uint64_t)round << 32) |
			       (hartid << 8) | 0x5a);
}

/* Runs on the started hart: what the spec says it finds at start_addr. */
static void check_entry(unsigned long h, const char *how)
{
	struct hart_entry_regs *r = &payload_entry_regs[h];
	unsigned long v, s_cause, m_cause;

	TEST_EQ(r->a0, h, "hart %lu %s: a0 = hartid", h, how);
	TEST_EQ(r->a1, READ_ONCE(ctl.opaque[h]), "hart %lu %s: a1 = opaque",
		h, how);
	TEST_EQ(r->satp, 0, "hart %lu %s: satp = 0", h, how);
	TEST_EQ(r->sstatus & SSTATUS_SIE, 0, "hart %lu %s: sstatus.SIE = 0",
		h, how);
	s_cause = csr_read_catch(CSR_SSTATUS, &v);
	m_cause = csr_read_catch(CSR_MSTATUS, &v);
	TEST_ASSERT(s_cause == ~0UL && m_cause == EXC_ILLEGAL_INST,
		    "hart %lu %s: runs in S-mode (sstatus readable, mstatus illegal)",
		    h, how);
}

static void ack(unsigned long h)
{
	atomic_add_return(&ctl.acks[h], 1);
}

/* Arm the timer as a backstop wake-up for a suspend that should fail. */
static void backstop_timer(int on)
{
	if (on) {
		csr_set(CSR_SIE, SIP_STIP);
		sbi_set_timer(time_now() + usec_to_ticks(50000));
	} else {
		sbi_set_timer(~0UL);
		csr_clear(CSR_SIE, SIP_STIP);
	}
}

static void suspend_retentive(unsigned long h)
{
	unsigned long type = READ_ONCE(ctl.type[h]);
	struct sbiret ret;
	unsigned long changed;
	int after_ipi;

	csr_clear(CSR_SIP, SIP_SSIP);
	csr_set(CSR_SIE, SIP_SSIP);
	changed = sbi_ecall_clobber_check(SBI_EXT_HSM,
					  SBI_EXT_HSM_HART_SUSPEND, type, 0, 0,
					  &ret);
	after_ipi = atomic_load(&ctl.ipi_sent[h]);
	csr_clear(CSR_SIE, SIP_SSIP);
	csr_clear(CSR_SIP, SIP_SSIP);
	TEST_SBI_OK(ret, "hart %lu: retentive suspend (type 0x%lx) returns SUCCESS",
		    h, type);
	TEST_EQ(changed & ~SBI_CLOBBER_A1, 0,
		"hart %lu: retentive suspend (type 0x%lx) preserves registers",
		h, type);
	TEST_ASSERT(after_ipi,
		    "hart %lu: retentive suspend (type 0x%lx) lasts until the wake-up IPI",
		    h, type);
}

static void hsm_hart(unsigned long h, unsigned long opaque, void *arg);

static void resumed(unsigned long h, unsigned long opaque, void *arg)
{
	check_entry(h, "after non-retentive resume");
	hsm_hart(h, opaque, (void *)1);
}

static void suspend_non_retentive(unsigned long h)
{
	unsigned long type = READ_ONCE(ctl.type[h]);
	struct sbiret ret;

	WRITE_ONCE(ctl.opaque[h], make_opaque(h, 0xee));
	hart_set_entry(h, resumed, NULL);
	csr_clear(CSR_SIP, SIP_SSIP);
	csr_set(CSR_SIE, SIP_SSIP);
	ret = sbi_hart_suspend(type, (unsigned long)payload_secondary_entry,
			       READ_ONCE(ctl.opaque[h]));
	csr_clear(CSR_SIE, SIP_SSIP);
	if (ret.error == SBI_ERR_NOT_SUPPORTED)
		test_skip("NOT_SUPPORTED",
			  "hart %lu: default non-retentive suspend (type 0x%lx)",
			  h, type);
	else
		test_report(0, sbi_err_name(ret.error),
			    "hart %lu: non-retentive suspend (type 0x%lx) does not return",
			    h, type);
	ack(h);
}

static void bad_suspend(unsigned long h)
{
	static const unsigned long reserved[] = {
		0x1, 0x0fffffff, 0x80000001, 0x8fffffff,
	};
	static const unsigned long platform_types[] = {
		0x10000000, 0x7fffffff, 0x90000000, 0xffffffff,
	};
	unsigned long fw = platform.mem_base;
	unsigned long park = (unsigned long)payload_park;
	unsigned long type;
	struct sbiret ret;
	unsigned int i, j;

	/*
	 * resume_addr is valid (a wfi loop), so only the type is wrong; a
	 * firmware that wrongly suspends non-retentively loses the hart there.
	 */
	csr_write(CSR_STVEC, park);
	for (i = 0; i < ARRAY_SIZE(reserved); i++) {
		for (j = 0; j < ARRAY_SIZE(high_bits); j++) {
			type = reserved[i] | high_bits[j];
			backstop_timer(1);
			ret = sbi_hart_suspend(type, park, 0);
			backstop_timer(0);
			TEST_SBI_ERR(ret, SBI_ERR_INVALID_PARAM,
				     "hart_suspend with reserved type 0x%lx",
				     type);
		}
	}
	for (i = 0; i < ARRAY_SIZE(platform_types); i++) {
		backstop_timer(1);
		ret = sbi_hart_suspend(platform_types[i], park, 0);
		backstop_timer(0);
		/* Tally: INVALID_PARAM, as for reserved types */
		if (sbi_impl_is_tally())
			TEST_SBI_ERR(ret, SBI_ERR_INVALID_PARAM,
				     "hart_suspend with unimplemented platform type 0x%lx",
				     platform_types[i]);
		else
			test_report(ret.error == SBI_ERR_INVALID_PARAM ||
				    ret.error == SBI_ERR_NOT_SUPPORTED,
				    sbi_err_name(ret.error),
				    "hart_suspend with unimplemented platform type 0x%lx: INVALID_PARAM or NOT_SUPPORTED (not Tally)",
				    platform_types[i]);
	}
	/* the type is non-retentive by its low 32 bits: resume_addr counts */
	for (j = 0; j < ARRAY_SIZE(high_bits); j++) {
		type = SBI_HSM_SUSPEND_NON_RET_DEFAULT | high_bits[j];
		backstop_timer(1);
		ret = sbi_hart_suspend(type, fw, 0);
		backstop_timer(0);
		TEST_SBI_ERR(ret, SBI_ERR_INVALID_ADDRESS,
			     "non-retentive suspend (type 0x%lx) with resume_addr in firmware memory",
			     type);
	}
	csr_write(CSR_STVEC, (unsigned long)payload_trap_vector);
}

static int run_cmd(unsigned long h, int cmd)
{
	switch (cmd) {
	case CMD_STOP:
		return 1;
	case CMD_SUSPEND_RET:
		suspend_retentive(h);
		break;
	case CMD_SUSPEND_NONRET:
		suspend_non_retentive(h);
		return 0;
	case CMD_BAD_SUSPEND:
		bad_suspend(h);
		break;
	}
	ack(h);
	return 0;
}

static void hsm_hart(unsigned long h, unsigned long opaque, void *arg)
{
	int cmd;

	if (!arg)
		check_entry(h, "at start");
	else
		ack(h);
	atomic_store(&ctl.running[h], 1);
	for (;;) {
		while (!(cmd = atomic_load(&ctl.cmd[h])))
			cpu_relax();
		atomic_store(&ctl.cmd[h], CMD_NONE);
		if (run_cmd(h, cmd))
			break;
	}
	atomic_store(&ctl.running[h], 0);
}

/* Post @cmd to hart @h; returns its acknowledgement count before. */
static int post(unsigned long h, int cmd)
{
	int acks = atomic_load(&ctl.acks[h]);

	atomic_store(&ctl.cmd[h], cmd);
	return acks;
}

static int wait_ack(unsigned long h, int before)
{
	return wait_for_int(&ctl.acks[h], before + 1, TIMEOUT_US);
}

static int start_hart(unsigned long h, unsigned long round)
{
	unsigned long runs = hart_run_count(h);
	struct sbiret ret;
	long st;

	WRITE_ONCE(ctl.opaque[h], make_opaque(h, round));
	atomic_store(&ctl.running[h], 0);
	ret = hart_start(h, hsm_hart, NULL, ctl.opaque[h]);
	if (!TEST_SBI_OK(ret, "hart_start of STOPPED hart %lu", h))
		return 0;
	st = hart_wait_status(h, SBI_HSM_STATE_STARTED, TIMEOUT_US);
	TEST_EQ(st, SBI_HSM_STATE_STARTED, "hart %lu reaches STARTED", h);
	return TEST_ASSERT(wait_for_int(&ctl.running[h], 1, TIMEOUT_US) &&
			   hart_run_count(h) == runs + 1,
			   "hart %lu runs the payload after hart_start", h);
}

static void stop_hart(unsigned long h)
{
	long st;

	atomic_store(&ctl.cmd[h], CMD_STOP);
	st = hart_wait_status(h, SBI_HSM_STATE_STOPPED, TIMEOUT_US);
	TEST_EQ(st, SBI_HSM_STATE_STOPPED,
		"hart %lu is STOPPED after calling hart_stop", h);
}

static void test_status(void)
{
	unsigned long h, me = current_hartid(), bad = invalid_hartid();
	struct sbiret ret;
	long st;

	ret = sbi_hart_get_status(me);
	TEST_SBI_OK(ret, "hart_get_status of the boot hart");
	TEST_EQ(ret.value, SBI_HSM_STATE_STARTED, "the boot hart is STARTED");
	for_each_hart(h, other_harts()) {
		st = hart_wait_status(h, SBI_HSM_STATE_STOPPED, TIMEOUT_US);
		TEST_EQ(st, SBI_HSM_STATE_STOPPED,
			"hart %lu is STOPPED before the payload starts it", h);
	}
	TEST_SBI_ERR(sbi_hart_get_status(bad), SBI_ERR_INVALID_PARAM,
		     "hart_get_status of hart %lu (no such hart)", bad);
	TEST_SBI_ERR(sbi_hart_get_status(0x10000), SBI_ERR_INVALID_PARAM,
		     "hart_get_status of hart 0x10000");
	TEST_SBI_ERR(sbi_hart_get_status(-1UL), SBI_ERR_INVALID_PARAM,
		     "hart_get_status of hart -1");
}

static void test_start_errors(void)
{
	unsigned long entry = (unsigned long)payload_secondary_entry;
	unsigned long h, bad = invalid_hartid();

	TEST_SBI_ERR(sbi_hart_start(current_hartid(), entry, 0),
		     SBI_ERR_ALREADY_AVAILABLE,
		     "hart_start of the calling hart");
	for_each_hart(h, other_harts())
		TEST_SBI_ERR(sbi_hart_start(h, entry, 0),
			     SBI_ERR_ALREADY_AVAILABLE,
			     "hart_start of STARTED hart %lu", h);
	TEST_SBI_ERR(sbi_hart_start(bad, entry, 0), SBI_ERR_INVALID_PARAM,
		     "hart_start of hart %lu (no such hart)", bad);
	TEST_SBI_ERR(sbi_hart_start(-1UL, entry, 0), SBI_ERR_INVALID_PARAM,
		     "hart_start of hart -1");
}

static void test_suspend_ipi(unsigned long h, unsigned long type)
{
	int before;
	long st;

	atomic_store(&ctl.ipi_sent[h], 0);
	WRITE_ONCE(ctl.type[h], type);
	before = post(h, CMD_SUSPEND_RET);
	st = hart_wait_status(h, SBI_HSM_STATE_SUSPENDED, TIMEOUT_US);
	TEST_EQ(st, SBI_HSM_STATE_SUSPENDED,
		"hart %lu in retentive suspend (type 0x%lx) is SUSPENDED", h,
		type);
	udelay(2000);
	atomic_store(&ctl.ipi_sent[h], 1);
	TEST_SBI_OK(sbi_send_ipi(BIT(h), 0), "send_ipi to SUSPENDED hart %lu",
		    h);
	TEST_ASSERT(wait_ack(h, before),
		    "hart %lu resumes from retentive suspend (type 0x%lx)", h,
		    type);
	st = hart_wait_status(h, SBI_HSM_STATE_STARTED, TIMEOUT_US);
	TEST_EQ(st, SBI_HSM_STATE_STARTED, "hart %lu is STARTED after resume",
		h);
}

static void test_suspend_non_retentive(unsigned long h, unsigned long type)
{
	unsigned long runs = hart_run_count(h);
	int before;
	long st;

	WRITE_ONCE(ctl.type[h], type);
	before = post(h, CMD_SUSPEND_NONRET);
	st = hart_wait_status(h, SBI_HSM_STATE_SUSPENDED, TIMEOUT_US);
	if (st != SBI_HSM_STATE_SUSPENDED && wait_ack(h, before)) {
		test_diag("hart %lu did not suspend non-retentively (type 0x%lx)",
			  h, type);
		return;
	}
	TEST_EQ(st, SBI_HSM_STATE_SUSPENDED,
		"hart %lu in non-retentive suspend (type 0x%lx) is SUSPENDED",
		h, type);
	udelay(2000);
	sbi_send_ipi(BIT(h), 0);
	TEST_ASSERT(wait_ack(h, before) && hart_run_count(h) == runs + 1,
		    "hart %lu resumes at resume_addr after the IPI (type 0x%lx)",
		    h, type);
	st = hart_wait_status(h, SBI_HSM_STATE_STARTED, TIMEOUT_US);
	TEST_EQ(st, SBI_HSM_STATE_STARTED, "hart %lu is STARTED after resume",
		h);
}

/* The boot hart suspends itself; the timer wakes it. */
static void test_suspend_self(unsigned long type)
{
	unsigned long target, changed;
	struct sbiret ret;

	local_irq_disable();
	csr_set(CSR_SIE, SIP_STIP);
	target = time_now() + usec_to_ticks(10000);
	sbi_set_timer(target);
	changed = sbi_ecall_clobber_check(SBI_EXT_HSM,
					  SBI_EXT_HSM_HART_SUSPEND, type, 0, 0,
					  &ret);
	TEST_SBI_OK(ret,
		    "boot hart: retentive suspend (type 0x%lx) returns SUCCESS",
		    type);
	TEST_EQ(changed & ~SBI_CLOBBER_A1, 0,
		"boot hart: retentive suspend (type 0x%lx) preserves registers",
		type);
	TEST_ASSERT(time_now() >= target,
		    "boot hart: suspend (type 0x%lx) lasts until the timer interrupt",
		    type);
	sbi_set_timer(~0UL);
	csr_clear(CSR_SIE, SIP_STIP);
}

void test_hsm(void)
{
	unsigned long h, first = 0, others = other_harts();
	unsigned int i;

	test_status();
	for (i = 0; i < ARRAY_SIZE(high_bits); i++)
		test_suspend_self(SBI_HSM_SUSPEND_RET_DEFAULT | high_bits[i]);
	if (!others) {
		test_skip("single hart", "HSM start/stop of other harts");
		return;
	}
	for_each_hart(h, others)
		start_hart(h, 1);
	test_start_errors();
	first = bit_lowest(others);
	for (i = 0; i < ARRAY_SIZE(high_bits); i++)
		test_suspend_ipi(first, SBI_HSM_SUSPEND_RET_DEFAULT |
					high_bits[i]);
	for (i = 0; i < ARRAY_SIZE(high_bits); i++)
		test_suspend_non_retentive(first,
					   SBI_HSM_SUSPEND_NON_RET_DEFAULT |
					   high_bits[i]);
	for_each_hart(h, others)
		stop_hart(h);
	test_diag("restarting hart %lu", first);
	if (start_hart(first, 2))
		stop_hart(first);
}

/* Start @h at @addr, which must be refused; a hart that starts is lost. */
static void bad_start(unsigned long h, unsigned long addr, const char *what)
{
	struct sbiret ret = sbi_hart_start(h, addr, 0);

	TEST_SBI_ERR(ret, SBI_ERR_INVALID_ADDRESS,
		     "hart_start at %s (0x%lx)", what, addr);
	if (ret.error == SBI_SUCCESS)
		hart_mark_lost(h);
}

static unsigned long last_hart(void)
{
	unsigned long others = other_harts();

	return others ? (unsigned long)bit_highest(others) : 64;
}

static void test_bad_suspend_types(void)
{
	unsigned long h = last_hart();
	int before;

	if (h == 64 || !start_hart(h, 3))
		return;
	before = post(h, CMD_BAD_SUSPEND);
	if (!TEST_ASSERT(wait_for_int(&ctl.acks[h], before + 1,
				      10 * TIMEOUT_US),
			 "hart %lu came back from the bad suspend calls", h)) {
		hart_mark_lost(h);
		return;
	}
	stop_hart(h);
}

void test_hsm_bad_params(void)
{
	const struct {
		unsigned long addr;
		const char *what;
	} bad[] = {
		{ platform.mem_base, "firmware memory" },
		{ platform.clint_base, "the CLINT (M-mode MMIO)" },
		{ platform.uart_base, "the UART (MMIO)" },
		{ platform.mem_base + platform.mem_size + 0x1000,
		  "a hole past the end of RAM" },
		{ BIT(56), "an address beyond 56 physical bits" },
	};
	unsigned long h;
	unsigned int i;

	test_bad_suspend_types();
	test_diag("next: hart_start at invalid addresses");
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		h = last_hart();
		if (h < 64 && bad[i].addr)
			bad_start(h, bad[i].addr, bad[i].what);
	}
}
