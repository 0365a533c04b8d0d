// SPDX-License-Identifier: BSD-2-Clause
/*
 * The test platform's PMU device, built only for make check-opensbi
 * (FW_PMU_TESTDEV=y), registered as early as a platform registers its
 * own (T-Head from extensions_init, before OpenSBI delegates interrupts):
 * at the binding's first look for a device (device.c). Every hook leaves a
 * trace the S-mode payload can see (tests/pmu/testdev.c):
 *
 * - platform firmware events (SBI_PMU_FW_PLATFORM, event_data below) that
 *   count the calls of the hardware hooks on this hart, so a missing call
 *   is a wrong count;
 * - TESTDEV_EV_FILTER_LAST reads (flags << 8) | counter of the last
 *   hw_counter_filter_mode call;
 * - TESTDEV_EV_ODD may only go to odd firmware counters (match hook);
 *   TESTDEV_EV_DENY cannot start (start hook error);
 * - fw_counter_width: firmware counters are 48 bits wide;
 * - hw_counter_irq_bit: interrupt 13, which OpenSBI then delegates to
 *   S-mode even without Sscofpmf (sie.LCOFIE becomes writable).
 *
 * The payload keeps these numbers in tests/pmu/pmu_tests.h.
 */
#include <sbi/riscv_asm.h>
#include <sbi/riscv_encoding.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_pmu.h>
#include "tally_pmu.h"

/* event_data of its platform events; each counts calls of one hook */
#define TESTDEV_EV_ENABLE_IRQ	0x7d0001ULL	/* hw_counter_enable_irq */
#define TESTDEV_EV_DISABLE_IRQ	0x7d0002ULL	/* hw_counter_disable_irq */
#define TESTDEV_EV_FILTER	0x7d0003ULL	/* hw_counter_filter_mode */
#define TESTDEV_EV_FILTER_LAST	0x7d0004ULL	/* reads its last arguments */
#define TESTDEV_EV_ODD		0x7d0005ULL	/* enable_irq, odd j only */
#define TESTDEV_EV_DENY		0x7d0006ULL	/* never starts */
#define TESTDEV_WIDTH		48
#define TESTDEV_HARTS		8

struct testdev_ctr {
	bool started;
	uint64_t data;
	uint64_t value;
};

static struct testdev_ctr ctrs[TESTDEV_HARTS][SBI_PMU_FW_CTR_MAX];
static unsigned long last_filter[TESTDEV_HARTS];

static bool known(uint64_t data)
{
	return data >= TESTDEV_EV_ENABLE_IRQ && data <= TESTDEV_EV_DENY;
}

static struct testdev_ctr *ctr(uint32_t hartid, uint32_t j)
{
	if (hartid >= TESTDEV_HARTS || j >= SBI_PMU_FW_CTR_MAX)
		return NULL;
	return &ctrs[hartid][j];
}

/* one occurrence of event data on this hart */
static void count(uint64_t data)
{
	uint32_t hartid = current_hartid(), j;

	for (j = 0; hartid < TESTDEV_HARTS && j < SBI_PMU_FW_CTR_MAX; j++)
		if (ctrs[hartid][j].started && ctrs[hartid][j].data == data)
			ctrs[hartid][j].value++;
}

static int validate(uint32_t hartid, uint64_t data)
{
	return known(data) ? SBI_PMU_EVENT_TYPE_FW : SBI_EINVAL;
}

static bool match(uint32_t hartid, uint32_t j, uint64_t data)
{
	return data != TESTDEV_EV_ODD || (j & 1);
}

static int width(void)
{
	return TESTDEV_WIDTH;
}

static uint64_t read_value(uint32_t hartid, uint32_t j)
{
	struct testdev_ctr *c = ctr(hartid, j);

	if (!c)
		return 0;
	if (c->data == TESTDEV_EV_FILTER_LAST)
		return last_filter[hartid];
	return c->value;
}

static void write_value(uint32_t hartid, uint32_t j, uint64_t value)
{
	struct testdev_ctr *c = ctr(hartid, j);

	if (c)
		c->value = value;
}

static int start(uint32_t hartid, uint32_t j, uint64_t data)
{
	struct testdev_ctr *c = ctr(hartid, j);

	if (!c || !known(data))
		return SBI_EINVAL;
	if (data == TESTDEV_EV_DENY)
		return SBI_EDENIED;
	c->data = data;
	c->started = true;
	return 0;
}

static int stop(uint32_t hartid, uint32_t j)
{
	struct testdev_ctr *c = ctr(hartid, j);

	if (!c)
		return SBI_EINVAL;
	c->started = false;
	return 0;
}

static void enable_irq(uint32_t idx)
{
	count(TESTDEV_EV_ENABLE_IRQ);
	count(TESTDEV_EV_ODD);
}

static void disable_irq(uint32_t idx)
{
	count(TESTDEV_EV_DISABLE_IRQ);
}

static int irq_bit(void)
{
#if TALLY_OSBI_IRQ_MASK
	return IRQ_PMU_OVF;
#else
	return MIP_LCOFIP;	/* before 1.7: the mip mask */
#endif
}

static void filter_mode(unsigned long flags, int idx)
{
	uint32_t hartid = current_hartid();

	count(TESTDEV_EV_FILTER);
	if (hartid < TESTDEV_HARTS)
		last_filter[hartid] = (flags << 8) | (unsigned long)idx;
}

static const struct sbi_pmu_device testdev = {
	.name = "tally-testdev",
	.fw_event_validate_encoding = validate,
	.fw_counter_match_encoding = match,
	.fw_counter_width = width,
	.fw_counter_read_value = read_value,
	.fw_counter_write_value = write_value,
	.fw_counter_start = start,
	.fw_counter_stop = stop,
	.hw_counter_enable_irq = enable_irq,
	.hw_counter_disable_irq = disable_irq,
	.hw_counter_irq_bit = irq_bit,
	.hw_counter_filter_mode = filter_mode,
};

void tally_pmu_testdev_register(void)
{
	sbi_pmu_set_device(&testdev);
}
