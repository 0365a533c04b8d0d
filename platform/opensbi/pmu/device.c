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
 * The hardware hooks are called from the core's own hooks
 * (pmu_host_hw_bind/start/stop(), <pmu/pmu_host.h>), which only SBI calls
 * reach; resets outside a call (boot, HSM, suspend) call none, as in
 * OpenSBI.
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
 * (FW_PMU_TESTDEV=y) is registered at the first look, which is
 * OpenSBI's trap delegation (sbi_pmu_irq_bit()) or the PMU's set-up: as
 * early as a platform's extensions_init() registers one.
 */
const struct sbi_pmu_device *tally_pmu_device(void)
{
#ifdef FW_PMU_TESTDEV
	if (!dev)
		tally_pmu_testdev_register();
#endif
	return dev;
}

/* A device that filters by mode makes every counter honour the hints. */
void tally_pmu_device_setup(struct pmu_platform *plat)
{
	if (tally_pmu_device() && dev->hw_counter_filter_mode)
		plat->filter_mask = plat->hw_value_mask;
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

/* counter_get_info of a firmware counter: the device's width */
void tally_pmu_ctr_info(unsigned long *info)
{
	int w;

	if (!dev || !dev->fw_counter_width || !(*info & PMU_CTR_INFO_TYPE_FW))
		return;
	w = dev->fw_counter_width();
	if (w)
		*info = (*info & ~PMU_CTR_INFO_WIDTH_MASK) |
			((unsigned long)((w - 1) & 0x3f)
			 << PMU_CTR_INFO_WIDTH_SHIFT);
}

/* The binding's part of the hart: the core's state comes first. */
static struct tally_pmu_hart *this_hart(struct pmu_hart *h)
{
	return (struct tally_pmu_hart *)h;
}

/*
 * config_matching binds a hardware counter: OpenSBI's
 * pmu_update_hw_mhpmevent() hooks (programmable counters) or those of
 * pmu_fixed_ctr_update_inhibit_bits() (cycle, instret), and with
 * AUTO_START those of pmu_ctr_start_hw().
 */
void pmu_host_hw_bind(struct pmu_hart *h, unsigned int idx,
		      unsigned long flags)
{
	this_hart(h)->hw_flags[idx] = flags & PMU_CFG_INH_MASK;
	if (!dev)
		return;
	if (idx >= PMU_IDX_HPM_FIRST && dev->hw_counter_disable_irq)
		dev->hw_counter_disable_irq(idx);
	if (dev->hw_counter_filter_mode)
		dev->hw_counter_filter_mode(flags, idx);
	if ((flags & PMU_CFG_AUTO_START) && dev->hw_counter_enable_irq)
		dev->hw_counter_enable_irq(idx);
}

/* Before an SBI start lets bits count: OpenSBI's pmu_ctr_start_hw(). */
void pmu_host_hw_start(struct pmu_hart *h, uint32_t bits)
{
	unsigned int i;

	if (!dev)
		return;
	for (i = 0; i < PMU_HW_CTR_MAX; i++) {
		if (!((bits >> i) & 1))
			continue;
#if TALLY_OSBI_START_REPROGRAMS
		/* 1.9 reprograms the event of a counter it starts */
		if (i >= PMU_IDX_HPM_FIRST) {
			if (dev->hw_counter_disable_irq)
				dev->hw_counter_disable_irq(i);
			if (dev->hw_counter_filter_mode)
				dev->hw_counter_filter_mode(
					this_hart(h)->hw_flags[i], i);
		}
#endif
		if (dev->hw_counter_enable_irq)
			dev->hw_counter_enable_irq(i);
	}
}

/* After an SBI stop stopped bits: OpenSBI's pmu_ctr_stop_hw(). */
void pmu_host_hw_stop(struct pmu_hart *h, uint32_t bits)
{
	unsigned int i;

	(void)h;
	if (!dev || !dev->hw_counter_disable_irq)
		return;
	for (i = 0; i < PMU_HW_CTR_MAX; i++)
		if ((bits >> i) & 1)
			dev->hw_counter_disable_irq(i);
}
