/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The project firmware's test channel (SBI_EXT_TALLY_TEST, present when the
 * bootargs hold "tally.test"): lets a payload see what S-mode never can,
 * namely M-mode traps the firmware did not expect and whether its image
 * was modified. test_finish() runs these checks when the channel exists.
 */
#include <payload.h>

int test_channel_present(void)
{
	struct sbiret ret = sbi_probe_extension(SBI_EXT_TALLY_TEST);

	return !ret.error && ret.value;
}

void test_firmware_health(void)
{
	struct sbiret traps, now, boot;

	if (!test_channel_present()) {
		test_diag("no firmware test channel: M-mode health not checked");
		return;
	}
	traps = sbi_call0(SBI_EXT_TALLY_TEST, SBI_TALLY_TEST_UNEXPECTED_TRAPS);
	if (TEST_SBI_OK(traps, "test channel: unexpected M-mode trap count"))
		TEST_EQ(traps.value, 0, "firmware took no unexpected M-mode trap");
	now = sbi_call0(SBI_EXT_TALLY_TEST, SBI_TALLY_TEST_FW_CHECKSUM);
	boot = sbi_call0(SBI_EXT_TALLY_TEST, SBI_TALLY_TEST_FW_CHECKSUM_BOOT);
	if (TEST_SBI_OK(now, "test channel: firmware image checksum") &&
	    TEST_SBI_OK(boot, "test channel: boot-time checksum"))
		TEST_EQ(now.value, boot.value,
			"firmware image unchanged since boot");
}

long test_suspend_losses(void)
{
	struct sbiret ret;

	if (!test_channel_present())
		return -1;
	ret = sbi_call0(SBI_EXT_TALLY_TEST, SBI_TALLY_TEST_SUSPEND_LOSSES);
	return ret.error ? -1 : ret.value;
}
