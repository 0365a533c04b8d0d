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
}
