/* SPDX-License-Identifier: BSD-2-Clause */
#include <string.h>
#include <pmu/pmu_host.h>
#include <sbi/sbi_error.h>
#include "sim_plat.h"

struct sim_plat sim_plat;

void sim_plat_reset(bool on)
{
	memset(&sim_plat, 0, sizeof(sim_plat));
	sim_plat.on = on;
}

void sim_plat_count(uint64_t data, uint64_t n)
{
	unsigned int j;

	for (j = 0; j < SIM_PLAT_CTRS; j++)
		if (sim_plat.started[j] && sim_plat.data[j] == data)
			sim_plat.value[j] += n;
}

static bool known(uint64_t data)
{
	return data >= SIM_PEV_ANY && data <= SIM_PEV_NONE;
}

/* A call the core must never make: to a counter out of range, or when off */
static bool bad_call(unsigned int j)
{
	if (sim_plat.on && j < SIM_PLAT_CTRS)
		return false;
	sim_plat.calls_off++;
	return true;
}

bool pmu_host_fw_platform_valid(uint64_t data)
{
	return sim_plat.on && known(data);
}

bool pmu_host_fw_platform_match(unsigned int j, uint64_t data)
{
	if (bad_call(j) || !known(data))
		return false;
	if (data == SIM_PEV_NONE)
		return false;
	return data != SIM_PEV_ODD || (j & 1);
}

long pmu_host_fw_platform_start(unsigned int j, uint64_t data)
{
	if (bad_call(j))
		return SBI_ERR_FAILED;
	sim_plat.starts++;
	if (data == SIM_PEV_DENY)
		return SBI_ERR_DENIED;
	sim_plat.started[j] = true;
	sim_plat.data[j] = data;
	return SBI_SUCCESS;
}

long pmu_host_fw_platform_stop(unsigned int j)
{
	if (bad_call(j))
		return SBI_ERR_FAILED;
	sim_plat.stops++;
	if (sim_plat.data[j] == SIM_PEV_STUCK)
		return SBI_ERR_DENIED;
	sim_plat.started[j] = false;
	return SBI_SUCCESS;
}

uint64_t pmu_host_fw_platform_read(unsigned int j)
{
	if (bad_call(j))
		return 0;
	sim_plat.reads++;
	return sim_plat.value[j];
}

void pmu_host_fw_platform_write(unsigned int j, uint64_t value)
{
	if (bad_call(j))
		return;
	sim_plat.writes++;
	sim_plat.value[j] = value;
}
