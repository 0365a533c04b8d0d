/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Firmware events counted exactly on the calling hart: SET_TIMER once per
 * set_timer call, IPI_SENT / IPI_RECEIVED for self-IPIs, the SENT and
 * RECEIVED events of every remote fence sent to the calling hart, and the
 * trap events for faults the firmware passes on to S-mode.
 */
#include "pmu_tests.h"

#define CSR_STIMECMP	0x14d

/* Counters for @n firmware events, started from 0; false if short. */
static bool fw_set(const unsigned long *codes, long *ctr, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		ctr[i] = ctr_match(0, mask_from(0, pmu.fw), 0, EV_FW(codes[i]),
				   0, NULL);
		if (ctr[i] == NO_CTR ||
		    sbi_pmu_counter_start(ctr[i], 1, PMU_START_SET_INIT_VALUE,
					  0).error) {
			test_report(0, "cfg_match or start failed",
				    "firmware counter for %s",
				    event_name(EV_FW(codes[i])));
			ctr_release_all();
			return false;
		}
	}
	return true;
}

static void test_set_timer(void)
{
	static const unsigned long codes[] = { PMU_FW_SET_TIMER,
					       PMU_FW_SET_TIMER };
	long c[2];
	struct sbiret ret;
	int i;

	if (!fw_set(codes, c, 2))
		return;
	for (i = 0; i < 7; i++)
		sbi_set_timer(time_now() + 100000000UL);
	sbi_set_timer(~0UL);
	TEST_EQ(ctr_value(c[0]), 8, "SET_TIMER: 8 set_timer calls counted 8");
	TEST_EQ(ctr_value(c[1]), 8,
		"SET_TIMER: a second counter on the same event counted 8 too");
	ret = sbi_probe_extension(SBI_EXT_0_1_SET_TIMER);
	if (!ret.error && ret.value) {
		sbi_legacy_ecall(SBI_EXT_0_1_SET_TIMER, ~0UL, 0, 0, 0);
		TEST_EQ(ctr_value(c[0]), 9,
			"SET_TIMER: the legacy set_timer counts once as well");
	} else {
		test_skip("no legacy extension", "legacy set_timer counted");
	}
	if (payload_isa_ext("sstc")) {
		unsigned long before = ctr_value(c[0]);

		csr_write(CSR_STIMECMP, ~0UL);
		TEST_EQ(ctr_value(c[0]), before,
			"SET_TIMER: writing stimecmp directly is no SBI event");
	}
	sbi_pmu_counter_stop(c[0], 1, 0);
	sbi_set_timer(~0UL);
	TEST_EQ(ctr_value(c[1]), ctr_value(c[0]) + 1,
		"SET_TIMER: only the running counter counted the last call");
	ctr_release_all();
}

static void test_self_ipi(void)
{
	static const unsigned long codes[] = { PMU_FW_IPI_SENT,
					       PMU_FW_IPI_RECEIVED };
	long c[2];
	int i;

	if (pmu.opensbi_sites) {
		test_skip("OpenSBI counts IPIs to other harts only",
			  "IPI_SENT / IPI_RECEIVED of self-IPIs");
		return;
	}
	if (!fw_set(codes, c, 2))
		return;
	local_irq_disable();
	for (i = 0; i < 5; i++) {
		sbi_send_ipi(1, pmu.self);
		csr_clear(CSR_SIP, SIP_SSIP);
	}
	TEST_EQ(ctr_value(c[0]), 5, "IPI_SENT: 5 self-IPIs sent");
	TEST_EQ(ctr_value(c[1]), 5, "IPI_RECEIVED: 5 self-IPIs received");
	ctr_release_all();
}

/* Every remote fence to the calling hart: its SENT and RECEIVED only. */
static void test_self_fences(void)
{
	static const char *const names[] = {
		"remote_fence_i", "remote_sfence_vma", "remote_sfence_vma_asid",
		"remote_hfence_gvma_vmid", "remote_hfence_gvma",
		"remote_hfence_vvma_asid", "remote_hfence_vvma",
	};
	/* SENT / RECEIVED event of each RFENCE function ID */
	static const unsigned long ev[7][2] = {
		{ PMU_FW_FENCE_I_SENT, PMU_FW_FENCE_I_RECEIVED },
		{ PMU_FW_SFENCE_VMA_SENT, PMU_FW_SFENCE_VMA_RECEIVED },
		{ PMU_FW_SFENCE_VMA_ASID_SENT, PMU_FW_SFENCE_VMA_ASID_RECEIVED },
		{ PMU_FW_HFENCE_GVMA_VMID_SENT,
		  PMU_FW_HFENCE_GVMA_VMID_RECEIVED },
		{ PMU_FW_HFENCE_GVMA_SENT, PMU_FW_HFENCE_GVMA_RECEIVED },
		{ PMU_FW_HFENCE_VVMA_ASID_SENT,
		  PMU_FW_HFENCE_VVMA_ASID_RECEIVED },
		{ PMU_FW_HFENCE_VVMA_SENT, PMU_FW_HFENCE_VVMA_RECEIVED },
	};
	unsigned long codes[14], want[14] = { 0 };
	unsigned int nfid = pmu.hyp ? 7 : 3, i, j, bad;
	long c[14];
	struct sbiret ret;

	for (i = 0; i < nfid; i++) {
		codes[2 * i] = ev[i][0];
		codes[2 * i + 1] = ev[i][1];
	}
	if (!fw_set(codes, c, 2 * nfid))
		return;
	for (i = 0; i < nfid; i++) {
		ret = sbi_ecall(SBI_EXT_RFENCE, i, 1, pmu.self, 0, 4096, 1, 0);
		TEST_SBI_OK(ret, "%s to the calling hart", names[i]);
		ret = sbi_ecall(SBI_EXT_RFENCE, i, 1, pmu.self, 0, 0, 0, 0);
		want[2 * i] += 2;
		want[2 * i + 1] += 2;
		bad = 0;
		for (j = 0; j < 2 * nfid; j++)
			if (ctr_value(c[j]) != want[j]) {
				test_diag("after %s: %s = %lu, expected %lu",
					  names[i], event_name(EV_FW(codes[j])),
					  ctr_value(c[j]), want[j]);
				bad++;
			}
		TEST_EQ(bad, 0,
			"2 x %s to self: its SENT and RECEIVED +2, the other %u counters unchanged",
			names[i], 2 * nfid - 2);
	}
	if (!pmu.hyp)
		test_skip("no H extension", "HFENCE events");
	ctr_release_all();
}

/*
 * Faults the firmware sees and passes to S-mode: load/store access faults
 * on the firmware's own (PMP-protected) memory, and misaligned LR / AMO
 * (which no firmware can emulate). Each S-mode trap of a kind must be one
 * event of that kind.
 */
static void test_traps(void)
{
	static const unsigned long codes[] = {
		PMU_FW_MISALIGNED_LOAD, PMU_FW_MISALIGNED_STORE,
		PMU_FW_ACCESS_LOAD, PMU_FW_ACCESS_STORE, PMU_FW_ILLEGAL_INSN,
	};
	static const unsigned long cause_of[] = {
		EXC_LOAD_MISALIGNED, EXC_STORE_MISALIGNED, EXC_LOAD_ACCESS,
		EXC_STORE_ACCESS, EXC_ILLEGAL_INST,
	};
	static uint64_t words[4] __attribute__((aligned(16)));
	unsigned long seen[5] = { 0 }, tmp = 0;
	volatile unsigned long *fw = (volatile unsigned long *)pmu.fw_base;
	unsigned long mis = (unsigned long)words + 14;
	struct trap_record rec;
	unsigned int i, k;
	long c[5];
	bool taken;

	/* never store to firmware memory that a load could reach */
	trap_catch_begin();
	tmp = *fw;
	if (!trap_catch_end(&rec) || rec.cause != EXC_LOAD_ACCESS) {
		test_report(0, "no load access fault",
			    "S-mode cannot read firmware memory at 0x%lx",
			    pmu.fw_base);
		return;
	}
	if (!fw_set(codes, c, 5))
		return;
	for (i = 0; i < 3; i++) {
		for (k = 0; k < 5; k++) {
			trap_catch_begin();
			switch (k) {
			case 0:
				tmp = *fw;
				break;
			case 1:
				*fw = tmp;
				break;
			case 2:
				asm volatile("lr.w %0, (%1)" : "=r"(tmp)
					     : "r"(mis) : "memory");
				break;
			case 3:
				asm volatile("amoadd.w %0, %2, (%1)"
					     : "=r"(tmp) : "r"(mis), "r"(1UL)
					     : "memory");
				break;
			case 4:
				asm volatile(".2byte 0" ::: "memory");
				break;
			}
			if (trap_catch_end(&rec)) {
				unsigned int j;

				if (!i)
					test_diag("access %u: scause %lu", k,
						  rec.cause);

				for (j = 0; j < 5; j++)
					if (rec.cause == cause_of[j])
						seen[j]++;
			}
		}
	}
	test_diag("S-mode saw %lu misaligned load, %lu misaligned store, %lu load access, %lu store access, %lu illegal instruction traps",
		  seen[0], seen[1], seen[2], seen[3], seen[4]);
	TEST_ASSERT(seen[2] == 3 && seen[3] == 3,
		    "loads and stores to firmware memory fault");
	for (i = 0; i < 4; i++)
		TEST_EQ(ctr_value(c[i]), seen[i],
			"%s counts each such trap passed to S-mode",
			event_name(EV_FW(codes[i])));
	/*
	 * Tally delegates illegal instructions (the hart has the time CSR
	 * and no CDE): they never reach it. OpenSBI takes each one first, and
	 * so does Tally where rdtime is emulated (pmu.no-time-csr: QEMU
	 * sifive_u's CLINT gives its harts no time CSR).
	 */
	taken = pmu.opensbi_sites || payload_has_arg("pmu.no-time-csr");

	TEST_EQ(ctr_value(c[4]), taken ? seen[4] : 0,
		"ILLEGAL_INSN: %s", taken ?
		"one per trap (the firmware takes them first)" :
		"0 (delegated to S-mode)");
	ctr_release_all();
}

void test_fw_count(void)
{
	ctr_release_all();
	if (!pmu.fw) {
		test_skip("no firmware counters", "firmware event counts");
		return;
	}
	test_set_timer();
	test_self_ipi();
	test_self_fences();
	test_traps();
	ctr_release_all();
}
