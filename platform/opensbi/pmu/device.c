// SPDX-License-Identifier: BSD-2-Clause
/*
 * The platform's PMU device (struct sbi_pmu_device, sbi_pmu_set_device()):
 * every hook is called where, with what and to what effect OpenSBI's own
 * PMU calls it (lib/sbi/sbi_pmu.c of 1.5.1 and 1.9):
 *
 * - platform firmware events (SBI_PMU_FW_PLATFORM): the core's
 *   pmu_host_fw_platform_*() functions, below;
 * - fw_counter_width: the width counter_get_info reports for firmware
 *   counters;
 * - hw_counter_disable_irq and hw_counter_filter_mode when config_matching
 *   programs a programmable counter's event (filter_mode alone for cycle
 *   and instret), and from 1.9 again when a start reprograms it with the
 *   flags of its config_matching;
 * - hw_counter_enable_irq before a counter starts, hw_counter_disable_irq
 *   after it stopped;
 * - hw_counter_irq_bit: irq.c, without Sscofpmf.
 *
 * The hardware hooks follow the CSR writes the core makes during an SBI
 * PMU call (host.c reports them); resets outside a call (boot, HSM,
 * suspend) call none, as in OpenSBI.
 */
#include <sbi/riscv_asm.h>
#include <sbi/sbi_console.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include <sbi/sbi_pmu.h>
#include "tally_pmu.h"

/* Named in the boot banner when the platform registers no device. */
static const struct sbi_pmu_device tally_pmu_dev = {
	.name = "tally-pmu",
};
static const struct sbi_pmu_device *dev;

const struct sbi_pmu_device *sbi_pmu_get_device(void)
{
	return dev ? dev : &tally_pmu_dev;
}

void sbi_pmu_set_device(const struct sbi_pmu_device *d)
{
	if (!d || dev)
		return;
	dev = d;
}

/*
 * The device, once the platform registered it. The test platform's
 * (TALLY_PMU_TESTDEV=y) is registered at the first look, which is
 * OpenSBI's trap delegation (sbi_pmu_irq_bit()) or the PMU's set-up: as
 * early as a platform's extensions_init() registers one.
 */
const struct sbi_pmu_device *tally_pmu_device(void)
{
#ifdef TALLY_PMU_TESTDEV
	if (!dev)
		tally_pmu_testdev_register();
#endif
	return dev;
}

/* A device that filters by mode makes every counter honour the hints. */
void tally_pmu_device_setup(struct pmu_platform *plat)
{
	if (tally_pmu_device() && dev->hw_counter_filter_mode)
		plat->filter_mask = plat->hw_mask;
	if (dev)
		sbi_printf("tally-pmu: platform PMU device %s\n", dev->name);
}

/* Platform firmware events: the device's own, on its counters 0..15. */

_Bool pmu_host_fw_platform_valid(uint64_t data)
{
	/* OpenSBI takes the return value as the event's type */
	return dev && dev->fw_event_validate_encoding &&
	       dev->fw_event_validate_encoding(current_hartid(), data) ==
		       SBI_PMU_EVENT_TYPE_FW;
}

_Bool pmu_host_fw_platform_match(unsigned int j, uint64_t data)
{
	if (j >= SBI_PMU_FW_CTR_MAX)
		return false;	/* the device numbers no more */
	if (!dev->fw_counter_match_encoding)
		return true;
	return dev->fw_counter_match_encoding(current_hartid(), j, data);
}

long pmu_host_fw_platform_start(unsigned int j, uint64_t data)
{
	if (!dev->fw_counter_write_value || !dev->fw_counter_start)
		return SBI_ERR_INVALID_PARAM;
	return dev->fw_counter_start(current_hartid(), j, data);
}

long pmu_host_fw_platform_stop(unsigned int j)
{
	if (!dev->fw_counter_stop)
		return SBI_SUCCESS;
	return dev->fw_counter_stop(current_hartid(), j);
}

uint64_t pmu_host_fw_platform_read(unsigned int j)
{
	if (!dev->fw_counter_read_value)
		return 0;
	return dev->fw_counter_read_value(current_hartid(), j);
}

void pmu_host_fw_platform_write(unsigned int j, uint64_t value)
{
	if (dev->fw_counter_write_value)
		dev->fw_counter_write_value(current_hartid(), j, value);
}

/* The SBI call around the core's CSR writes. */

void tally_pmu_call_begin(unsigned long fid, const unsigned long *a)
{
	struct tally_pmu_hart *t = tally_pmu_this();

	t->call.fid = fid + 1;
	t->call.flags = fid == SBI_EXT_PMU_COUNTER_CFG_MATCH ? a[2] : 0;
	t->call.prepared = 0;
}

/* OpenSBI: the event hooks of a fixed counter, with or without Smcntrpmf */
static void fixed_filter(struct tally_pmu_hart *t, unsigned int idx)
{
	if (idx >= PMU_HW_CTR_MAX || (t->call.prepared >> idx) & 1)
		return;
	t->call.prepared |= 1U << idx;
	t->hw_flags[idx] = t->call.flags & PMU_CFG_INH_MASK;
	if (dev->hw_counter_filter_mode)
		dev->hw_counter_filter_mode(t->call.flags, idx);
}

void tally_pmu_call_end(long rc, unsigned long *value)
{
	struct tally_pmu_hart *t = tally_pmu_this();
	unsigned long fid = t->call.fid - 1;
	int w;

	t->call.fid = 0;
	if (!dev || rc)
		return;
	if (fid == SBI_EXT_PMU_COUNTER_CFG_MATCH &&
	    (*value == PMU_IDX_CYCLE || *value == PMU_IDX_INSTRET) &&
	    *value < tally_pmu_plat.hw_slots)
		fixed_filter(t, *value);
	if (fid == SBI_EXT_PMU_COUNTER_GET_INFO && dev->fw_counter_width &&
	    (*value & PMU_CTR_INFO_TYPE_FW)) {
		w = dev->fw_counter_width();
		if (w)
			*value = (*value & ~PMU_CTR_INFO_WIDTH_MASK) |
				 ((unsigned long)((w - 1) & 0x3f)
				  << PMU_CTR_INFO_WIDTH_SHIFT);
	}
}

/*
 * config_matching writes the event of the counter it chose: OpenSBI's
 * pmu_update_hw_mhpmevent() hooks first (programmable counters), or those
 * of pmu_fixed_ctr_update_inhibit_bits() (cycle, instret).
 */
void tally_pmu_dev_event(unsigned int idx)
{
	struct tally_pmu_hart *t = tally_pmu_this();

	if (!dev || !t || t->call.fid != SBI_EXT_PMU_COUNTER_CFG_MATCH + 1)
		return;
	if (idx < PMU_IDX_HPM_FIRST) {
		fixed_filter(t, idx);
		return;
	}
	if ((t->call.prepared >> idx) & 1)
		return;
	t->call.prepared |= 1U << idx;
	t->hw_flags[idx] = t->call.flags & PMU_CFG_INH_MASK;
	if (dev->hw_counter_disable_irq)
		dev->hw_counter_disable_irq(idx);
	if (dev->hw_counter_filter_mode)
		dev->hw_counter_filter_mode(t->call.flags, idx);
}

/* A start or stop the supervisor asked for (not a release, not a bind) */
static bool call_is(const struct tally_pmu_hart *t, unsigned long fid)
{
	return t && t->call.fid == fid + 1;
}

/*
 * Before mcountinhibit lets bits count in a start (or config_matching
 * with AUTO_START): OpenSBI's pmu_ctr_start_hw(). Not when a released
 * cycle/instret runs free again.
 */
void tally_pmu_dev_starting(uint32_t bits)
{
	struct tally_pmu_hart *t = tally_pmu_this();
	unsigned int i;

	if (!dev || !(call_is(t, SBI_EXT_PMU_COUNTER_START) ||
		      (call_is(t, SBI_EXT_PMU_COUNTER_CFG_MATCH) &&
		       (t->call.flags & PMU_CFG_AUTO_START))))
		return;
	for (i = 0; i < PMU_HW_CTR_MAX; i++) {
		if (!((bits >> i) & 1))
			continue;
		if (t->call.fid == SBI_EXT_PMU_COUNTER_CFG_MATCH + 1 &&
		    i < PMU_IDX_HPM_FIRST)
			fixed_filter(t, i);	/* AUTO_START */
#if TALLY_OSBI_START_REPROGRAMS
		/* 1.9 reprograms the event of a counter it starts */
		if (t->call.fid == SBI_EXT_PMU_COUNTER_START + 1 &&
		    i >= PMU_IDX_HPM_FIRST) {
			if (dev->hw_counter_disable_irq)
				dev->hw_counter_disable_irq(i);
			if (dev->hw_counter_filter_mode)
				dev->hw_counter_filter_mode(t->hw_flags[i], i);
		}
#endif
		if (dev->hw_counter_enable_irq)
			dev->hw_counter_enable_irq(i);
	}
}

/*
 * After mcountinhibit stopped bits in a stop: OpenSBI's pmu_ctr_stop_hw().
 * Not when config_matching stops a free-running cycle/instret to bind it.
 */
void tally_pmu_dev_stopped(uint32_t bits)
{
	struct tally_pmu_hart *t = tally_pmu_this();
	unsigned int i;

	if (!dev || !call_is(t, SBI_EXT_PMU_COUNTER_STOP) ||
	    !dev->hw_counter_disable_irq)
		return;
	for (i = 0; i < PMU_HW_CTR_MAX; i++)
		if ((bits >> i) & 1)
			dev->hw_counter_disable_irq(i);
}
