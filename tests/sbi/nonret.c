/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What S-mode sees after a non-retentive HSM suspend of the boot hart,
 * with the project firmware emulating the loss of the hart's state (test
 * channel): the spec's entry state (a0 = hartid, a1 = opaque, satp = 0,
 * sstatus.SIE = 0), the loss itself (sscratch and sepc are gone), and
 * everything the firmware set up for S-mode back exactly as before:
 * delegated interrupts (sie's writable bits), counter access (mcounteren),
 * the Sstc timer and senvcfg (menvcfg, mstateen0), the firmware's PMP.
 */
#include "sbi_tests.h"

#define CANARY		((unsigned long)0x5c5c0000a5a5ULL)

struct s_view {
	unsigned long sie_writable;
	unsigned long counter_traps;	/* bit i: reading 0xc00 + i traps */
	unsigned long stimecmp_cause, senvcfg_cause;
	unsigned long fw_read_cause;
};

#define RD(n)	case n: return csr_read_catch(0xc00 + n, &v);

static unsigned long counter_cause(unsigned int i)
{
	unsigned long v;

	switch (i) {
	RD(0) RD(1) RD(2) RD(3) RD(4) RD(5) RD(6) RD(7) RD(8) RD(9) RD(10)
	RD(11) RD(12) RD(13) RD(14) RD(15) RD(16) RD(17) RD(18) RD(19)
	RD(20) RD(21) RD(22) RD(23) RD(24) RD(25) RD(26) RD(27) RD(28)
	RD(29) RD(30) RD(31)
	}
	return 0;
}

static void take_view(struct s_view *v)
{
	unsigned long old = csr_read(CSR_SIE), x;
	struct trap_record rec;
	unsigned int i;

	csr_write(CSR_SIE, -1UL);
	v->sie_writable = csr_read(CSR_SIE);
	csr_write(CSR_SIE, old);
	v->counter_traps = 0;
	for (i = 0; i < 32; i++)
		if (counter_cause(i) != ~0UL)
			v->counter_traps |= BIT(i);
	v->stimecmp_cause = csr_read_catch(CSR_STIMECMP, &x);
	v->senvcfg_cause = csr_read_catch(CSR_SENVCFG, &x);
	trap_catch_begin();
	x = *(volatile unsigned long *)platform.mem_base;
	v->fw_read_cause = trap_catch_end(&rec) ? rec.cause : ~0UL;
}

void test_nonret_state(void)
{
	unsigned long me = current_hartid(), stvec = csr_read(CSR_STVEC);
	long losses = test_suspend_losses();
	struct s_view before, after;
	struct payload_resume r;
	struct sbiret ret;

	take_view(&before);
	local_irq_disable();
	csr_write(CSR_SSCRATCH, CANARY);
	csr_write(CSR_SEPC, CANARY & ~1UL);
	ret = payload_hsm_suspend_timed(2000, CANARY, &r);
	if (!TEST_ASSERT(r.resumed,
			 "boot hart: non-retentive suspend resumes at resume_addr (%s)",
			 sbi_err_name(ret.error)))
		return;
	TEST_EQ(r.a0, me, "boot hart resumed: a0 = hartid");
	TEST_EQ(r.a1, CANARY, "boot hart resumed: a1 = opaque");
	TEST_EQ(r.satp, 0, "boot hart resumed: satp = 0");
	TEST_EQ(r.sstatus & SSTATUS_SIE, 0, "boot hart resumed: sstatus.SIE = 0");
	if (losses < 0) {
		test_skip("no emulated state loss (test channel off)",
			  "the hart's state was really lost");
	} else {
		TEST_EQ(test_suspend_losses(), losses + 1,
			"the firmware emulated the state loss once");
		TEST_ASSERT(csr_read(CSR_SSCRATCH) != CANARY &&
			    csr_read(CSR_SEPC) != (CANARY & ~1UL),
			    "sscratch and sepc were lost (0x%lx, 0x%lx)",
			    csr_read(CSR_SSCRATCH), csr_read(CSR_SEPC));
	}
	csr_write(CSR_STVEC, stvec);
	take_view(&after);
	TEST_EQ(after.sie_writable, before.sie_writable,
		"after resume: the same interrupts are S-mode's (mideleg)");
	TEST_EQ(after.counter_traps, before.counter_traps,
		"after resume: the same counters are readable (mcounteren)");
	TEST_EQ(after.stimecmp_cause, before.stimecmp_cause,
		"after resume: stimecmp access as before (menvcfg.STCE)");
	TEST_EQ(after.senvcfg_cause, before.senvcfg_cause,
		"after resume: senvcfg access as before (mstateen0)");
	TEST_EQ(after.fw_read_cause, EXC_LOAD_ACCESS,
		"after resume: firmware memory still faults (PMP)");
}

/*
 * The default non-retentive HSM suspend with CANARY as opaque, ended by
 * whatever interrupt sie lets wake the hart; stvec as it was on return.
 */
static struct sbiret suspend_default(struct payload_resume *r)
{
	unsigned long stvec = csr_read(CSR_STVEC);
	struct sbiret ret;

	ret = payload_suspend_non_ret(SBI_EXT_HSM, SBI_EXT_HSM_HART_SUSPEND,
				      SBI_HSM_SUSPEND_NON_RET_DEFAULT, CANARY,
				      r);
	csr_write(CSR_STVEC, stvec);
	return ret;
}

/*
 * The interrupt that ends a non-retentive suspend is still pending when the
 * hart resumes, so the supervisor takes it once it enables interrupts (an
 * IPI dropped here would be a lost reschedule in Linux). A self-IPI made
 * before the suspend is that wake-up.
 */
void test_nonret_wake_ipi(void)
{
	unsigned long me = current_hartid();
	struct payload_resume r;
	struct sbiret ret;

	local_irq_disable();
	csr_write(CSR_SIE, SIP_SSIP);
	TEST_SBI_OK(sbi_send_ipi(1, me), "self-IPI before a non-retentive suspend");
	ret = suspend_default(&r);
	if (TEST_ASSERT(r.resumed,
			"IPI wake-up: the hart resumes at resume_addr (%s)",
			sbi_err_name(ret.error)))
		TEST_ASSERT(csr_read(CSR_SIP) & SIP_SSIP,
			    "IPI wake-up: sip.SSIP is still pending after the resume");
	csr_clear(CSR_SIP, SIP_SSIP);
	csr_write(CSR_SIE, 0);
}

/*
 * The S-mode timer across a non-retentive suspend. The DT does not say
 * riscv,timer-cannot-wake-cpu, so a supervisor may leave its timer armed
 * through any suspend and count on it (Linux's cpuidle does): the timer
 * interrupt that ends the suspend is still pending at the resume, and a
 * timer armed for later, when something else woke the hart, still fires
 * at its time. With Sstc the firmware must keep stimecmp, which the
 * emulated loss scrambles (docs/firmware.md).
 */
void test_nonret_wake_timer(void)
{
	unsigned long me = current_hartid();
	unsigned long when, end, fired = 0;
	struct payload_resume r;
	struct sbiret ret;

	local_irq_disable();
	csr_write(CSR_SIE, SIP_STIP);
	sbi_set_timer(time_now() + usec_to_ticks(2000));
	ret = suspend_default(&r);
	if (TEST_ASSERT(r.resumed,
			"timer wake-up: the hart resumes at resume_addr (%s)",
			sbi_err_name(ret.error)))
		TEST_ASSERT(csr_read(CSR_SIP) & SIP_STIP,
			    "timer wake-up: sip.STIP is still pending after the resume");

	csr_write(CSR_SIE, SIP_SSIP | SIP_STIP);
	when = time_now() + usec_to_ticks(20000);
	sbi_set_timer(when);
	TEST_SBI_OK(sbi_send_ipi(1, me), "self-IPI with the timer armed 20 ms ahead");
	ret = suspend_default(&r);
	csr_clear(CSR_SIP, SIP_SSIP);
	if (TEST_ASSERT(r.resumed,
			"IPI wake-up, timer armed: the hart resumes at resume_addr (%s)",
			sbi_err_name(ret.error))) {
		/*
		 * The timer must fire at or after its time; the bound only
		 * ends the wait on a timer that never fires. Without icount
		 * guest time is host time, and on a loaded host QEMU may
		 * deliver the interrupt long after it is due: 5 s, not 200 ms.
		 */
		end = when + usec_to_ticks(5000000);
		while (time_now() < end && !fired)
			if (csr_read(CSR_SIP) & SIP_STIP)
				fired = time_now();
		TEST_ASSERT(fired && fired >= when,
			    "IPI wake-up: the timer armed before the suspend fires at its time after it (%ld ticks after it)",
			    fired ? (long)(fired - when) : 0L);
	}
	sbi_set_timer(~0UL);
	csr_write(CSR_SIE, 0);
}
