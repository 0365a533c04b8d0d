/* SPDX-License-Identifier: BSD-2-Clause */
/* System reset: the reset devices drivers register (lib/utils/reset/). */
#ifndef SBI_SYSTEM_H
#define SBI_SYSTEM_H

#include <stdbool.h>
#include <stdint.h>

struct sbi_reset_device {
	const char *name;
	/* Can it do reset @type (SBI_SRST_RESET_TYPE_*)? */
	bool (*supports)(uint32_t type);
	/* Do it; returns only if the reset did not happen. */
	void (*reset)(uint32_t type, uint32_t reason);
};

/* Register @dev; the first ones registered are tried first. */
void sbi_reset_add_device(const struct sbi_reset_device *dev);
/* Does a registered device support reset @type? */
bool sbi_reset_supported(uint32_t type);
/* Reset through each device that supports @type; returns if none did. */
void sbi_reset(uint32_t type, uint32_t reason);

#endif /* SBI_SYSTEM_H */
