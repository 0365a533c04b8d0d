// SPDX-License-Identifier: BSD-2-Clause
/* System reset over the devices the reset drivers registered. */
#include <sbi/sbi_system.h>

#define SBI_RESET_MAX_DEVICES	4

static const struct sbi_reset_device *reset_devs[SBI_RESET_MAX_DEVICES];
static unsigned int reset_count;

void sbi_reset_add_device(const struct sbi_reset_device *dev)
{
	if (reset_count < SBI_RESET_MAX_DEVICES)
		reset_devs[reset_count++] = dev;
}

bool sbi_reset_supported(uint32_t type)
{
	unsigned int i;

	for (i = 0; i < reset_count; i++)
		if (reset_devs[i]->supports(type))
			return true;
	return false;
}

void sbi_reset(uint32_t type, uint32_t reason)
{
	unsigned int i;

	for (i = 0; i < reset_count; i++)
		if (reset_devs[i]->supports(type))
			reset_devs[i]->reset(type, reason);
}
