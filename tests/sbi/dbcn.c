/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * DBCN and the legacy console. Bad buffers must be refused with
 * SBI_ERR_INVALID_PARAM: that is the DBCN error table's code for memory
 * that breaks the shared-memory rules (the generic shared-memory section
 * names SBI_ERR_INVALID_ADDRESS; the function's own table wins here).
 */
#include "sbi_tests.h"

static char read_buf[64];

/* ch is an int: bits 63..32 of a0 are not part of it. */
static void test_putchar_high_bits(void)
{
	static const char msg[] =
		"# legacy console_putchar ignores bits 63..32\n";
	long ret, bad = 0;
	unsigned int i;

	for (i = 0; i < sizeof(msg) - 1; i++) {
		ret = sbi_legacy_ecall(SBI_EXT_0_1_CONSOLE_PUTCHAR,
				       msg[i] | (i & 1 ? BIT(63) : BIT(32)), 0,
				       0, 0);
		if (ret)
			bad = ret;
	}
	TEST_EQ(bad, 0,
		"legacy console_putchar with bits 63..32 set returns 0 for every byte");
}

void test_legacy_console(void)
{
	static const char msg[] = "# legacy console_putchar works\n";
	long ret, bad = 0;
	unsigned int i;

	for (i = 0; i < sizeof(msg) - 1; i++) {
		ret = sbi_legacy_ecall(SBI_EXT_0_1_CONSOLE_PUTCHAR, msg[i], 0,
				       0, 0);
		if (ret)
			bad = ret;
	}
	TEST_EQ(bad, 0, "legacy console_putchar returns 0 for every byte");
	test_putchar_high_bits();
	ret = sbi_legacy_ecall(SBI_EXT_0_1_CONSOLE_GETCHAR, 0, 0, 0, 0);
	/* the test runs give QEMU's console no input (stdin /dev/null) */
	TEST_EQ(ret, -1, "legacy console_getchar with no input returns -1");
}

static void test_write(void)
{
	static const char msg[] = "# DBCN console_write works\n";
	unsigned long len = sizeof(msg) - 1, done = 0;
	struct sbiret ret;
	int ok = 1;

	while (done < len && ok) {
		ret = sbi_debug_console_write(len - done,
					      (unsigned long)msg + done, 0);
		ok = !ret.error && ret.value > 0 &&
		     (unsigned long)ret.value <= len - done;
		if (ok)
			done += ret.value;
		else
			test_diag("console_write: error %ld value %ld",
				  ret.error, ret.value);
	}
	TEST_ASSERT(ok && done == len,
		    "console_write returns the bytes written (%lu of %lu)",
		    done, len);
	ret = sbi_debug_console_write(0, (unsigned long)msg, 0);
	TEST_ASSERT(!ret.error && !ret.value,
		    "console_write of 0 bytes succeeds and writes 0 (%ld/%ld)",
		    ret.error, ret.value);
}

/* byte is a uint8_t: bits 63..8 of a0 are not part of it. */
static void test_write_byte_high_bits(void)
{
	static const char msg[] =
		"# DBCN console_write_byte ignores bits 63..8\n";
	static const unsigned long junk[] = { BIT(8), BIT(31), BIT(32), BIT(63),
					      ~0xffUL };
	struct sbiret ret, bad = { 0, 0 };
	unsigned int i;

	for (i = 0; i < sizeof(msg) - 1; i++) {
		ret = sbi_ecall(SBI_EXT_DBCN, SBI_EXT_DBCN_CONSOLE_WRITE_BYTE,
				(unsigned char)msg[i] |
				junk[i % ARRAY_SIZE(junk)], 0, 0, 0, 0, 0);
		if (ret.error || ret.value)
			bad = ret;
	}
	TEST_ASSERT(!bad.error && !bad.value,
		    "console_write_byte with bits 63..8 set succeeds with value 0 (%ld/%ld)",
		    bad.error, bad.value);
}

static void test_write_byte(void)
{
	static const char msg[] = "# DBCN console_write_byte works\n";
	struct sbiret ret, bad = { 0, 0 };
	unsigned int i;

	for (i = 0; i < sizeof(msg) - 1; i++) {
		ret = sbi_debug_console_write_byte(msg[i]);
		if (ret.error || ret.value)
			bad = ret;
	}
	TEST_ASSERT(!bad.error && !bad.value,
		    "console_write_byte succeeds with value 0 (%ld/%ld)",
		    bad.error, bad.value);
	test_write_byte_high_bits();
}

static void test_read(void)
{
	struct sbiret ret = sbi_debug_console_read(sizeof(read_buf),
						   (unsigned long)read_buf, 0);

	TEST_SBI_OK(ret, "console_read into a valid buffer succeeds");
	TEST_ASSERT((unsigned long)ret.value <= sizeof(read_buf),
		    "console_read returns at most num_bytes (%ld)", ret.value);
}

/*
 * base_addr_hi != 0 is no physical address on RV64. INVALID_PARAM is the
 * DBCN code; the shared-memory rules also let an implementation answer
 * SBI_ERR_FAILED for a range outside its own stricter limits (OpenSBI
 * does so here). Tally answers INVALID_PARAM; another firmware may answer
 * either (make check-sbi FW_DYNAMIC=...).
 */
static void check_beyond_2_64(struct sbiret ret, const char *desc)
{
	if (sbi_impl_is_tally()) {
		TEST_SBI_ERR(ret, SBI_ERR_INVALID_PARAM, "%s", desc);
		return;
	}
	test_report(ret.error == SBI_ERR_INVALID_PARAM ||
		    ret.error == SBI_ERR_FAILED, sbi_err_name(ret.error),
		    "%s: INVALID_PARAM (or FAILED, not Tally)", desc);
}

static void test_bad_buffers(void)
{
	unsigned long fw = platform.mem_base;
	unsigned long buf = (unsigned long)read_buf;

	TEST_SBI_ERR(sbi_debug_console_write(16, fw, 0), SBI_ERR_INVALID_PARAM,
		     "console_write from firmware memory 0x%lx", fw);
	TEST_SBI_ERR(sbi_debug_console_read(16, fw, 0), SBI_ERR_INVALID_PARAM,
		     "console_read into firmware memory 0x%lx", fw);
	check_beyond_2_64(sbi_debug_console_write(16, buf, 1),
			  "console_write with base_addr_hi = 1 (beyond 2^64)");
	check_beyond_2_64(sbi_debug_console_read(16, buf, 1),
			  "console_read with base_addr_hi = 1 (beyond 2^64)");
}

void test_dbcn(void)
{
	test_write();
	test_write_byte();
	test_read();
	test_bad_buffers();
}

/*
 * Memory that does not exist, and MMIO that faults on byte reads: a
 * firmware that reads it blindly takes an access fault in M-mode
 * (OpenSBI 1.5 hangs on the wrapping range), hence last and skippable.
 */
void test_dbcn_outside_ram(void)
{
	unsigned long end = platform.mem_base + platform.mem_size;

	if (payload_has_arg("no-hazards") || !platform.mem_size) {
		test_skip("no-hazards or no memory node",
			  "DBCN buffers outside RAM");
		return;
	}
	test_diag("next: DBCN buffers outside RAM (0x%lx)", end);
	TEST_SBI_ERR(sbi_debug_console_write(32, -16UL, 0),
		     SBI_ERR_INVALID_PARAM,
		     "console_write of a range that wraps past 2^64");
	if (platform.clint_base)
		TEST_SBI_ERR(sbi_debug_console_write(8, platform.clint_base, 0),
			     SBI_ERR_INVALID_PARAM,
			     "console_write from M-mode-only CLINT 0x%lx",
			     platform.clint_base);
	TEST_SBI_ERR(sbi_debug_console_write(32, end - 16, 0),
		     SBI_ERR_INVALID_PARAM,
		     "console_write of a range crossing the end of RAM");
	TEST_SBI_ERR(sbi_debug_console_write(16, end + 0x1000, 0),
		     SBI_ERR_INVALID_PARAM,
		     "console_write from past the end of RAM");
	TEST_SBI_ERR(sbi_debug_console_read(16, end + 0x1000, 0),
		     SBI_ERR_INVALID_PARAM,
		     "console_read into past the end of RAM");
}
