/* SPDX-License-Identifier: BSD-2-Clause */
/* RFENCE extension and the legacy remote fences. */
#include "sbi_tests.h"

static void test_valid(const char *who, unsigned long mask, unsigned long base)
{
	TEST_SBI_OK(sbi_remote_fence_i(mask, base),
		    "remote_fence_i to %s", who);
	TEST_SBI_OK(sbi_remote_sfence_vma(mask, base, 0, 0),
		    "remote_sfence_vma (whole space) to %s", who);
	TEST_SBI_OK(sbi_remote_sfence_vma(mask, base, PAYLOAD_LOAD_ADDR,
					  0x3000),
		    "remote_sfence_vma (3 pages) to %s", who);
	TEST_SBI_OK(sbi_remote_sfence_vma(mask, base, 0, -1UL),
		    "remote_sfence_vma (size 2^XLEN-1) to %s", who);
	TEST_SBI_OK(sbi_remote_sfence_vma_asid(mask, base, 0, 0, 1),
		    "remote_sfence_vma_asid (ASID 1) to %s", who);
}

static void test_invalid(void)
{
	unsigned long bad = invalid_hartid();
	unsigned long mask = bad < 64 ? BIT(bad) : 0;

	TEST_SBI_ERR(sbi_remote_fence_i(mask, 0), SBI_ERR_INVALID_PARAM,
		     "remote_fence_i to hart %lu (no such hart)", bad);
	TEST_SBI_ERR(sbi_remote_fence_i(1, 0x10000), SBI_ERR_INVALID_PARAM,
		     "remote_fence_i with hart_mask_base 0x10000");
	TEST_SBI_ERR(sbi_remote_sfence_vma(mask, 0, 0, 0),
		     SBI_ERR_INVALID_PARAM,
		     "remote_sfence_vma to hart %lu (no such hart)", bad);
	TEST_SBI_ERR(sbi_remote_sfence_vma(1, bad, 0, 0),
		     SBI_ERR_INVALID_PARAM,
		     "remote_sfence_vma with hart_mask_base %lu", bad);
	TEST_SBI_ERR(sbi_remote_sfence_vma_asid(mask, 0, 0, 0, 0),
		     SBI_ERR_INVALID_PARAM,
		     "remote_sfence_vma_asid to hart %lu (no such hart)", bad);
}

/* HFENCE: only for harts with the H extension, NOT_SUPPORTED otherwise. */
static void test_hfence(unsigned long mask)
{
	long exp = payload_isa_has('h') ? SBI_SUCCESS : SBI_ERR_NOT_SUPPORTED;
	static const char *const names[] = {
		"remote_hfence_gvma_vmid", "remote_hfence_gvma",
		"remote_hfence_vvma_asid", "remote_hfence_vvma",
	};
	unsigned long fid;

	for (fid = SBI_EXT_RFENCE_REMOTE_HFENCE_GVMA_VMID;
	     fid <= SBI_EXT_RFENCE_REMOTE_HFENCE_VVMA; fid++)
		TEST_SBI_ERR(sbi_ecall(SBI_EXT_RFENCE, fid, mask, 0, 0, 0, 0,
				       0), exp, "%s (%s extension H)",
			     names[fid - SBI_EXT_RFENCE_REMOTE_HFENCE_GVMA_VMID],
			     exp ? "without" : "with");
}

/*
 * HFENCE.VVMA and HFENCE.VVMA_ASID are for the caller's VM: every target
 * must run them under the VMID of the caller's hgatp, not its own. Every
 * hart holds an hgatp of its own VMID; the caller takes a fresh VMID for
 * each call, and the firmware's test channel reports the hgatp that was
 * in place when each target executed the fence. Nothing runs in V=1, so
 * the G-stage root (an empty table) is never walked for real.
 */
#define VMID_TARGET(h)		(0x10UL + (h))	/* each hart's own */
#define VMID_CALLER_FIRST	0x100UL		/* then one per call */
/* MODE and VMID, the fields the fence depends on */
#define HGATP_VM(x)		((unsigned long)(x) >> HGATP_VMID_SHIFT)

static char gstage_root[16384] __attribute__((aligned(16384)));
static unsigned long vvma_targets;	/* other harts holding their VMID */
static int holders_quit;
static int holder_ready[PAYLOAD_MAX_HARTS];
static unsigned long holder_after[PAYLOAD_MAX_HARTS];

static unsigned long make_hgatp(unsigned long vmid)
{
	return (HGATP_MODE_SV39X4 << HGATP_MODE_SHIFT) |
	       ((vmid << HGATP_VMID_SHIFT) & HGATP_VMID_MASK) |
	       ((unsigned long)gstage_root >> 12);
}

/* A target: its own VMID in hgatp until told to stop, then what is left. */
static void vmid_holder(unsigned long h, unsigned long opaque, void *arg)
{
	csr_write(CSR_HGATP, make_hgatp(VMID_TARGET(h)));
	atomic_store(&holder_ready[h], 1);
	while (!atomic_load(&holders_quit))
		cpu_relax();
	WRITE_ONCE(holder_after[h], csr_read(CSR_HGATP));
	csr_write(CSR_HGATP, 0);
	atomic_store(&holder_ready[h], 0);
}

static void check_vvma_targets(const char *what, unsigned long mask,
			       unsigned long caller)
{
	unsigned long h, own;
	struct sbiret ret;

	for_each_hart(h, mask) {
		ret = sbi_call1(SBI_EXT_TALLY_TEST, SBI_TALLY_TEST_VVMA_HGATP, h);
		if (!TEST_SBI_OK(ret, "test channel: hgatp of hart %lu's last HFENCE.VVMA",
				 h))
			continue;
		own = h == current_hartid() ? caller
					    : make_hgatp(VMID_TARGET(h));
		test_check_eq(HGATP_VM(ret.value), HGATP_VM(caller),
			      "%s: hart %lu (own hgatp 0x%lx) fenced under the caller's MODE/VMID (hgatp 0x%lx)",
			      what, h, own, caller);
	}
}

/* On the caller: each VVMA function to itself, to the others, to all. */
static void vvma_calls(void)
{
	static const char *const fn[] = { "remote_hfence_vvma_asid",
					  "remote_hfence_vvma" };
	unsigned long me = BIT(current_hartid());
	const unsigned long masks[] = { me, vvma_targets, vvma_targets | me };
	const char *const to[] = { "self", "other harts", "other harts and self" };
	unsigned long fid, caller, vmid = VMID_CALLER_FIRST;
	char what[96];
	unsigned int i;

	for (fid = SBI_EXT_RFENCE_REMOTE_HFENCE_VVMA_ASID;
	     fid <= SBI_EXT_RFENCE_REMOTE_HFENCE_VVMA; fid++) {
		for (i = 0; i < ARRAY_SIZE(masks); i++) {
			if (!masks[i])
				continue;
			caller = make_hgatp(vmid++);
			csr_write(CSR_HGATP, caller);
			snprintf(what, sizeof(what), "%s to %s",
				 fn[fid - SBI_EXT_RFENCE_REMOTE_HFENCE_VVMA_ASID],
				 to[i]);
			TEST_SBI_OK(sbi_ecall(SBI_EXT_RFENCE, fid, masks[i], 0,
					      0, 0, 1, 0), "%s", what);
			TEST_EQ(csr_read(CSR_HGATP), caller,
				"%s: the caller's hgatp is unchanged", what);
			check_vvma_targets(what, masks[i], caller);
		}
	}
	csr_write(CSR_HGATP, 0);
}

/*
 * Sv39x4 and VMIDLEN >= 9 (VMIDs up to 0x1ff): writing all-ones VMID reads
 * back the implemented bits, the low ones first.
 */
static int vmids_fit(void)
{
	unsigned long got;

	csr_write(CSR_HGATP, make_hgatp(0x3fff));
	got = csr_read(CSR_HGATP);
	csr_write(CSR_HGATP, 0);
	return (got >> HGATP_MODE_SHIFT) == HGATP_MODE_SV39X4 &&
	       ((got & HGATP_VMID_MASK) >> HGATP_VMID_SHIFT) >= 0x1ff;
}

static void test_vvma_vmid(unsigned long w, unsigned long others)
{
	unsigned long boot = current_hartid(), h, own;

	if (!payload_isa_has('h')) {
		test_skip("no H extension", "HFENCE.VVMA under the caller's VMID");
		return;
	}
	if (!test_channel_present()) {
		test_skip("no firmware test channel",
			  "HFENCE.VVMA under the caller's VMID");
		return;
	}
	if (!vmids_fit()) {
		test_skip("no Sv39x4 or VMIDLEN < 9",
			  "HFENCE.VVMA under the caller's VMID");
		return;
	}
	atomic_store(&holders_quit, 0);
	vvma_targets = BIT(boot);
	for_each_hart(h, others) {
		if (TEST_SBI_OK(hart_start(h, vmid_holder, NULL, 0),
				"hart_start of hart %lu to hold VMID 0x%lx", h,
				VMID_TARGET(h)) &&
		    wait_for_int(&holder_ready[h], 1, TIMEOUT_US))
			vvma_targets |= BIT(h);
	}
	own = make_hgatp(VMID_TARGET(boot));
	csr_write(CSR_HGATP, own);
	run_on_hart(w, vvma_calls, "HFENCE.VVMA under the caller's VMID");
	TEST_EQ(csr_read(CSR_HGATP), own,
		"hart %lu's own hgatp is back after the remote HFENCE.VVMAs",
		boot);
	csr_write(CSR_HGATP, 0);
	atomic_store(&holders_quit, 1);
	for_each_hart(h, others & vvma_targets) {
		if (!wait_for_int(&holder_ready[h], 0, TIMEOUT_US))
			continue;
		TEST_EQ(READ_ONCE(holder_after[h]),
			make_hgatp(VMID_TARGET(h)),
			"hart %lu's own hgatp is back after the remote HFENCE.VVMAs",
			h);
		hart_wait_status(h, SBI_HSM_STATE_STOPPED, TIMEOUT_US);
	}
}

static void test_legacy(unsigned long mask)
{
	TEST_EQ(sbi_legacy_ecall(SBI_EXT_0_1_REMOTE_FENCE_I,
				 (unsigned long)&mask, 0, 0, 0), 0,
		"legacy remote_fence_i returns 0");
	TEST_EQ(sbi_legacy_ecall(SBI_EXT_0_1_REMOTE_SFENCE_VMA,
				 (unsigned long)&mask, 0, 0, 0), 0,
		"legacy remote_sfence_vma returns 0");
	TEST_EQ(sbi_legacy_ecall(SBI_EXT_0_1_REMOTE_SFENCE_VMA_ASID,
				 (unsigned long)&mask, 0, 0, 1), 0,
		"legacy remote_sfence_vma_asid returns 0");
}

static unsigned long fence_all;

static void fences_running(void)
{
	test_valid("all running harts", fence_all, 0);
	test_valid("hart_mask_base -1 (hart_mask ~0 ignored)", ~0UL, -1UL);
	test_hfence(fence_all);
	test_legacy(fence_all);
}

static void fences_stopped(void)
{
	test_valid("harts incl. stopped ones", fence_all, 0);
}

/*
 * Fences to other harts are issued from a worker hart (the highest one):
 * a firmware that never completes them then loses that hart, not the run.
 */
void test_rfence(void)
{
	unsigned long me = BIT(current_hartid());
	unsigned long others = other_harts(), w;

	test_valid("self", me, 0);
	test_invalid();
	if (!others) {
		test_skip("single hart", "remote fences to other harts");
		return;
	}
	w = bit_highest(others);
	fence_all = others | me;
	listeners_start(others & ~BIT(w));
	run_on_hart(w, fences_running, "fences to running harts");
	listeners_stop();
	if (!hart_is_lost(w))
		run_on_hart(w, fences_stopped, "fences to stopped harts");
	if (!hart_is_lost(w))
		test_vvma_vmid(w, others & ~BIT(w));
}
