/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * IPI extension and legacy send_ipi/clear_ipi. Delivery to another hart is
 * counted by that hart's own trap handler (a listener, see common.c).
 */
#include "sbi_tests.h"

static void test_self(void)
{
	unsigned long me = current_hartid(), old;

	local_irq_disable();
	csr_clear(CSR_SIP, SIP_SSIP);
	csr_set(CSR_SIE, SIP_SSIP);
	TEST_SBI_OK(sbi_send_ipi(BIT(me), 0), "send_ipi to self succeeds");
	TEST_ASSERT(csr_read(CSR_SIP) & SIP_SSIP,
		    "send_ipi to self sets sip.SSIP");
	csr_clear(CSR_SIP, SIP_SSIP);

	old = trap_irq_count(IRQ_S_SOFT);
	local_irq_enable();
	TEST_SBI_OK(sbi_send_ipi(1, me), "send_ipi to self via hart_mask_base");
	TEST_ASSERT(wait_irq(me, IRQ_S_SOFT, old, TIMEOUT_US),
		    "the self IPI is taken as a supervisor software interrupt");
	local_irq_disable();
}

static void test_one(unsigned long h)
{
	unsigned long old = trap_irq_count_hart(h, IRQ_S_SOFT);

	TEST_SBI_OK(sbi_send_ipi(BIT(h), 0), "send_ipi to hart %lu", h);
	TEST_ASSERT(wait_irq(h, IRQ_S_SOFT, old, TIMEOUT_US),
		    "hart %lu took the IPI", h);
	old = trap_irq_count_hart(h, IRQ_S_SOFT);
	TEST_SBI_OK(sbi_send_ipi(1, h), "send_ipi with hart_mask_base %lu", h);
	TEST_ASSERT(wait_irq(h, IRQ_S_SOFT, old, TIMEOUT_US),
		    "hart %lu took the IPI sent with hart_mask_base", h);
}

/* hart_mask_base = -1: every hart, the sender included. */
static void test_all(void)
{
	unsigned long old[PAYLOAD_MAX_HARTS];
	unsigned long h, targets = other_harts() | BIT(current_hartid());

	for_each_hart(h, targets)
		old[h] = trap_irq_count_hart(h, IRQ_S_SOFT);
	csr_set(CSR_SIE, SIP_SSIP);
	local_irq_enable();
	/* hart_mask is ignored then: all ones must not count as bad harts */
	TEST_SBI_OK(sbi_send_ipi(~0UL, -1UL),
		    "send_ipi with hart_mask_base -1 (hart_mask ~0 ignored)");
	for_each_hart(h, targets)
		TEST_ASSERT(wait_irq(h, IRQ_S_SOFT, old[h], TIMEOUT_US),
			    "hart %lu took the broadcast IPI", h);
	local_irq_disable();
}

/* Two harts named by one mask relative to a base: base = a, bits 0 and b-a. */
static void test_pair(unsigned long others)
{
	unsigned long a = bit_lowest(others);
	unsigned long b = bit_lowest(others & ~BIT(a));
	unsigned long old_a = trap_irq_count_hart(a, IRQ_S_SOFT);
	unsigned long old_b = trap_irq_count_hart(b, IRQ_S_SOFT);

	TEST_SBI_OK(sbi_send_ipi(1 | BIT(b - a), a),
		    "send_ipi to harts %lu and %lu as mask 0x%lx base %lu",
		    a, b, 1 | BIT(b - a), a);
	TEST_ASSERT(wait_irq(a, IRQ_S_SOFT, old_a, TIMEOUT_US) &&
		    wait_irq(b, IRQ_S_SOFT, old_b, TIMEOUT_US),
		    "harts %lu and %lu both took the IPI", a, b);
}

static void test_invalid(void)
{
	unsigned long bad = invalid_hartid();
	unsigned long me = current_hartid();

	if (bad < 64)
		TEST_SBI_ERR(sbi_send_ipi(BIT(bad), 0), SBI_ERR_INVALID_PARAM,
			     "send_ipi with mask bit %lu (no such hart)", bad);
	TEST_SBI_ERR(sbi_send_ipi(1, bad), SBI_ERR_INVALID_PARAM,
		     "send_ipi with hart_mask_base %lu (no such hart)", bad);
	TEST_SBI_ERR(sbi_send_ipi(1, 0x10000), SBI_ERR_INVALID_PARAM,
		     "send_ipi with hart_mask_base 0x10000");
	TEST_SBI_ERR(sbi_send_ipi(BIT(me) | BIT(XLEN - 1), 0),
		     SBI_ERR_INVALID_PARAM,
		     "send_ipi with a valid hart and bit XLEN-1 set");
	TEST_SBI_OK(sbi_send_ipi(0, 0x10000),
		    "send_ipi with an empty mask and unused base 0x10000");
	csr_clear(CSR_SIP, SIP_SSIP);
}

static void test_legacy(void)
{
	unsigned long me = current_hartid();
	unsigned long mask = BIT(me);
	unsigned long h, old;
	long ret;

	local_irq_disable();
	csr_clear(CSR_SIP, SIP_SSIP);
	TEST_EQ(sbi_legacy_ecall(SBI_EXT_0_1_SEND_IPI, (unsigned long)&mask,
				 0, 0, 0), 0, "legacy send_ipi to self returns 0");
	TEST_ASSERT(csr_read(CSR_SIP) & SIP_SSIP,
		    "legacy send_ipi to self sets sip.SSIP");
	ret = sbi_legacy_ecall(SBI_EXT_0_1_CLEAR_IPI, 0, 0, 0, 0);
	TEST_ASSERT(!(csr_read(CSR_SIP) & SIP_SSIP),
		    "legacy clear_ipi clears sip.SSIP");
	TEST_ASSERT(ret > 0,
		    "legacy clear_ipi returns a positive value when an IPI was pending (%ld)",
		    ret);
	TEST_EQ(sbi_legacy_ecall(SBI_EXT_0_1_CLEAR_IPI, 0, 0, 0, 0), 0,
		"legacy clear_ipi returns 0 when no IPI is pending");
	for_each_hart(h, other_harts()) {
		mask = BIT(h);
		old = trap_irq_count_hart(h, IRQ_S_SOFT);
		TEST_EQ(sbi_legacy_ecall(SBI_EXT_0_1_SEND_IPI,
					 (unsigned long)&mask, 0, 0, 0), 0,
			"legacy send_ipi to hart %lu returns 0", h);
		TEST_ASSERT(wait_irq(h, IRQ_S_SOFT, old, TIMEOUT_US),
			    "hart %lu took the legacy IPI", h);
		break;
	}
}

void test_ipi(void)
{
	unsigned long h, others = other_harts();
	unsigned int n;

	test_self();
	test_invalid();
	if (!others) {
		test_skip("single hart", "IPIs to other harts");
		test_legacy();
		return;
	}
	n = listeners_start(others);
	TEST_EQ(n, bit_count(others),
		"every other hart runs as an IPI listener");
	for_each_hart(h, others)
		test_one(h);
	if (bit_count(others) >= 2)
		test_pair(others);
	test_all();
	test_legacy();
	listeners_stop();
}
