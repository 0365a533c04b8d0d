/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A simulated platform with firmware events of its own (SBI_PMU_FW_PLATFORM)
 * behind the <pmu/pmu_host.h> platform functions, as an OpenSBI
 * sbi_pmu_device may provide them. Off (every event refused, as in Tally's
 * firmware) unless sim_cfg.fw_platform is set.
 */
#ifndef SIM_PLAT_H
#define SIM_PLAT_H

#include <stdbool.h>
#include <stdint.h>

/* The platform's event encodings (event_data) */
#define SIM_PEV_ANY	0x5a0001ULL	/* any firmware counter */
#define SIM_PEV_ODD	0x5a0002ULL	/* odd firmware counters only */
#define SIM_PEV_DENY	0x5a0003ULL	/* start refused: DENIED */
#define SIM_PEV_STUCK	0x5a0004ULL	/* stop refused: DENIED */
#define SIM_PEV_NONE	0x5a0005ULL	/* valid, no counter may count it */

#define SIM_PLAT_CTRS	32

struct sim_plat {
	bool on;
	bool started[SIM_PLAT_CTRS];
	uint64_t data[SIM_PLAT_CTRS];	/* encoding given to start */
	uint64_t value[SIM_PLAT_CTRS];
	unsigned int starts, stops, reads, writes, calls_off;
};

extern struct sim_plat sim_plat;

void sim_plat_reset(bool on);
/* n occurrences of the platform event with this encoding */
void sim_plat_count(uint64_t data, uint64_t n);

#endif /* SIM_PLAT_H */
