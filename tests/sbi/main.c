/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI conformance payload: BASE, legacy, DBCN, TIME, IPI, RFENCE, FWFT, DBTR,
 * SUSP, HSM and SRST against the SBI v3.0 specification. The checks most
 * likely to wedge a wrong implementation (they would lose a hart or fault
 * the firmware) run last; the closing SRST shutdown must make QEMU exit by itself.
 */
#include "sbi_tests.h"

int payload_main(void)
{
	TEST_ASSERT(platform.fdt_ok, "a1 at entry points to a valid FDT");
	TEST_ASSERT(platform.hart_mask & BIT(platform.boot_hartid),
		    "boot hart %lu is a cpu node in the FDT",
		    platform.boot_hartid);
	test_base();
	test_legacy_console();
	test_dbcn();
	test_time();
	test_ipi();
	test_rfence();
	test_fwft();
	test_dbtr();
	test_sse();
	test_susp();
	test_nonret_state();
	test_nonret_wake_ipi();
	test_hsm();
	test_hsm_bad_params();
	test_dbcn_outside_ram();
	test_srst();
	return 0;
}
