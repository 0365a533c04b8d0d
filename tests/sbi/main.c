/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI conformance payload: BASE, legacy, DBCN, TIME, IPI, RFENCE, FWFT, DBTR,
 * SSE, SUSP, HSM and SRST against the SBI v3.0 specification. The checks
 * most likely to wedge a wrong implementation (they would lose a hart or
 * fault the firmware) run last; the closing SRST shutdown must make QEMU
 * exit by itself. Bootarg `sbi.only=<group>` runs one group of the table
 * below (e.g. `sse` on another firmware whose other answers differ).
 */
#include "sbi_tests.h"

static const struct {
	const char *name;
	void (*fn)(void);
} groups[] = {
	{ "base", test_base },
	{ "legacy", test_legacy_console },
	{ "dbcn", test_dbcn },
	{ "time", test_time },
	{ "ipi", test_ipi },
	{ "rfence", test_rfence },
	{ "fwft", test_fwft },
	{ "dbtr", test_dbtr },
	{ "sse", test_sse },
	{ "susp", test_susp },
	{ "nonret", test_nonret_state },
	{ "nonret-ipi", test_nonret_wake_ipi },
	{ "nonret-timer", test_nonret_wake_timer },
	{ "hsm", test_hsm },
	{ "hsm-params", test_hsm_bad_params },
	{ "dbcn-outside", test_dbcn_outside_ram },
	{ "srst", test_srst },
};

int payload_main(void)
{
	char only[32];
	unsigned int i, n = 0;
	/* a group name parses as no number: 0; no sbi.only= at all: 1 */
	int all = payload_arg_ulong("sbi.only", 1) != 0;

	TEST_ASSERT(platform.fdt_ok, "a1 at entry points to a valid FDT");
	TEST_ASSERT(platform.hart_mask & BIT(platform.boot_hartid),
		    "boot hart %lu is a cpu node in the FDT",
		    platform.boot_hartid);
	for (i = 0; i < ARRAY_SIZE(groups); i++) {
		snprintf(only, sizeof(only), "sbi.only=%s", groups[i].name);
		if (all || payload_has_arg(only)) {
			groups[i].fn();
			n++;
		}
	}
	TEST_ASSERT(n, "sbi.only= names a group");
	return 0;
}
