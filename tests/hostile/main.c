/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The hostile-supervisor payload: a supervisor that tries to crash the
 * firmware, corrupt memory through it, or learn about M-mode and other
 * harts through it. The parts to run come from the bootargs.
 */
#include "hostile.h"

int payload_main(void)
{
	bool storm = payload_has_arg("hostile.storm");
	bool iso = payload_has_arg("hostile.isolation");
	bool smp = payload_has_arg("hostile.smp");
	bool pdisbuf = payload_has_arg("hostile.pdisbuf");
	bool sse = payload_has_arg("hostile.sse");

	if (!storm && !iso && !smp && !pdisbuf && !sse)
		storm = iso = smp = pdisbuf = sse = true;
	env_init();
	test_diag("hostile: seed 0x%lx, %lu storm calls per hart, %lu HSM lives",
		  env.seed, env.calls, env.lives);
	test_diag("hostile: RAM 0x%lx-0x%lx, firmware 0x%lx+0x%lx, payload 0x%lx-0x%lx, DT 0x%lx-0x%lx",
		  env.ram_base, env.ram_end, env.fw_base, env.fw_size,
		  env.payload_start, env.payload_end, env.fdt_base, env.fdt_end);
	test_diag("hostile: %lu PMU counters (hw 0x%lx, fw 0x%lx), sscofpmf %d smcntrpmf %d h %d sstc %d, test channel %d",
		  env.num_ctrs, (unsigned long)env.hw, (unsigned long)env.fw,
		  env.sscofpmf, env.smcntrpmf, env.hyp, env.sstc,
		  env.test_channel);
	TEST_ASSERT(env.test_channel,
		    "firmware test channel present (bootargs hold tally.test)");
	if (storm)
		storm_run();
	if (iso)
		isolation_run();
	if (smp)
		smp_run();
	if (pdisbuf)
		pdisbuf_run();
	if (sse)
		sse_run();
	return 0;
}
