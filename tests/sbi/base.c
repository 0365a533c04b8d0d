/* SPDX-License-Identifier: BSD-2-Clause */
/* BASE extension, probing, unknown EIDs/FIDs and the calling convention. */
#include "sbi_tests.h"

struct ext {
	long eid;
	const char *name;
};

/* Extensions the project's firmware implements. */
static const struct ext implemented[] = {
	{ SBI_EXT_BASE, "BASE" },
	{ SBI_EXT_TIME, "TIME" },
	{ SBI_EXT_IPI, "IPI" },
	{ SBI_EXT_RFENCE, "RFENCE" },
	{ SBI_EXT_HSM, "HSM" },
	{ SBI_EXT_SRST, "SRST" },
	{ SBI_EXT_DBCN, "DBCN" },
	{ SBI_EXT_PMU, "PMU" },
	{ SBI_EXT_0_1_SET_TIMER, "legacy set_timer" },
	{ SBI_EXT_0_1_CONSOLE_PUTCHAR, "legacy console_putchar" },
	{ SBI_EXT_0_1_CONSOLE_GETCHAR, "legacy console_getchar" },
	{ SBI_EXT_0_1_CLEAR_IPI, "legacy clear_ipi" },
	{ SBI_EXT_0_1_SEND_IPI, "legacy send_ipi" },
	{ SBI_EXT_0_1_REMOTE_FENCE_I, "legacy remote_fence_i" },
	{ SBI_EXT_0_1_REMOTE_SFENCE_VMA, "legacy remote_sfence_vma" },
	{ SBI_EXT_0_1_REMOTE_SFENCE_VMA_ASID, "legacy remote_sfence_vma_asid" },
	{ SBI_EXT_0_1_SHUTDOWN, "legacy shutdown" },
};

/* Other standard extensions: optional, but probe and call must agree. */
static const struct ext optional[] = {
	{ 0x53555350, "SUSP" },
	{ 0x43505043, "CPPC" },
	{ 0x4e41434c, "NACL" },
	{ 0x535441, "STA" },
	{ 0x535345, "SSE" },
	{ 0x46574654, "FWFT" },
	{ 0x44425452, "DBTR" },
	{ 0x4d505859, "MPXY" },
};

/* A FID one past the last one SBI v3.0 defines, per extension. */
static const struct {
	long eid;
	long fid;
	const char *name;
} unknown_fids[] = {
	{ SBI_EXT_BASE, 7, "BASE" },
	{ SBI_EXT_BASE, 0x7fffffff, "BASE" },
	{ SBI_EXT_TIME, 1, "TIME" },
	{ SBI_EXT_IPI, 1, "IPI" },
	{ SBI_EXT_RFENCE, 7, "RFENCE" },
	{ SBI_EXT_HSM, 4, "HSM" },
	{ SBI_EXT_DBCN, 3, "DBCN" },
	{ SBI_EXT_PMU, 9, "PMU" },
};

static void test_spec_version(void)
{
	struct sbiret ret = sbi_get_spec_version();
	unsigned long major = ((unsigned long)ret.value >> 24) & 0x7f;
	unsigned long minor = ret.value & 0xffffff;
	char details[64];

	TEST_SBI_OK(ret, "BASE get_spec_version succeeds");
	TEST_EQ((unsigned long)ret.value >> 31, 0,
		"spec version: bit 31 and bits 63:32 are zero");
	snprintf(details, sizeof(details), "reported %lu.%lu", major, minor);
	test_report(major == SBI_SPEC_VERSION_MAJOR &&
		    minor == SBI_SPEC_VERSION_MINOR, details,
		    "spec version is %d.%d", SBI_SPEC_VERSION_MAJOR,
		    SBI_SPEC_VERSION_MINOR);
}

static void test_ids(void)
{
	struct sbiret id = sbi_get_impl_id();
	struct sbiret ver = sbi_get_impl_version();

	TEST_SBI_OK(id, "BASE get_impl_id succeeds");
	TEST_SBI_OK(ver, "BASE get_impl_version succeeds");
	test_diag("impl id %ld, impl version 0x%lx", id.value, ver.value);
	TEST_SBI_OK(sbi_get_mvendorid(), "BASE get_mvendorid succeeds");
	TEST_SBI_OK(sbi_get_marchid(), "BASE get_marchid succeeds");
	TEST_SBI_OK(sbi_get_mimpid(), "BASE get_mimpid succeeds");
}

static void test_probe(void)
{
	struct sbiret ret;
	char details[64];
	unsigned int i;
	long eid;

	for (i = 0; i < ARRAY_SIZE(implemented); i++) {
		ret = sbi_probe_extension(implemented[i].eid);
		snprintf(details, sizeof(details), "error %ld value %ld",
			 ret.error, ret.value);
		test_report(!ret.error && ret.value, details,
			    "probe %s (0x%lx) reports it available",
			    implemented[i].name, implemented[i].eid);
	}
	for (eid = 0x9; eid <= 0xf; eid += 6) {
		ret = sbi_probe_extension(eid);
		snprintf(details, sizeof(details), "error %ld value %ld",
			 ret.error, ret.value);
		test_report(!ret.error && !ret.value, details,
			    "probe of reserved legacy EID 0x%lx returns 0", eid);
	}
	ret = sbi_probe_extension(0x12345678);
	snprintf(details, sizeof(details), "error %ld value %ld",
		 ret.error, ret.value);
	test_report(!ret.error && !ret.value, details,
		    "probe of unimplemented EID 0x12345678 returns 0");
}

/* Whatever the probe says about an optional extension, calls agree. */
static void test_optional(void)
{
	struct sbiret probe, ret;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(optional); i++) {
		probe = sbi_probe_extension(optional[i].eid);
		if (probe.error || probe.value) {
			test_diag("%s probes as %ld/%ld: not called",
				  optional[i].name, probe.error, probe.value);
			continue;
		}
		ret = sbi_call0(optional[i].eid, 0);
		TEST_SBI_ERR(ret, SBI_ERR_NOT_SUPPORTED,
			     "%s probes 0 and its FID 0 is NOT_SUPPORTED",
			     optional[i].name);
	}
}

static void test_unknown(void)
{
	unsigned int i;
	long error;

	for (i = 0; i < ARRAY_SIZE(unknown_fids); i++)
		TEST_SBI_ERR(sbi_call0(unknown_fids[i].eid, unknown_fids[i].fid),
			     SBI_ERR_NOT_SUPPORTED,
			     "unknown FID 0x%lx of %s is NOT_SUPPORTED",
			     unknown_fids[i].fid, unknown_fids[i].name);
	TEST_SBI_ERR(sbi_call0(0x12345678, 0), SBI_ERR_NOT_SUPPORTED,
		     "unknown EID 0x12345678 is NOT_SUPPORTED");
	TEST_SBI_ERR(sbi_call0(0x0a000000 + 0x5a5a, 0), SBI_ERR_NOT_SUPPORTED,
		     "unknown firmware-range EID 0x0a005a5a is NOT_SUPPORTED");
	error = sbi_legacy_ecall(0x09, 0, 0, 0, 0);
	TEST_EQ(error, SBI_ERR_NOT_SUPPORTED,
		"reserved legacy EID 0x09 returns NOT_SUPPORTED in a0");
}

/* Calls whose register use is checked: all but a0/a1 must survive. */
static const struct {
	unsigned long eid, fid, arg0;
	int legacy;
	const char *name;
} preserve_calls[] = {
	{ SBI_EXT_BASE, SBI_EXT_BASE_GET_SPEC_VERSION, 0, 0, "get_spec_version" },
	{ SBI_EXT_BASE, SBI_EXT_BASE_PROBE_EXT, SBI_EXT_PMU, 0, "probe_extension" },
	{ 0x12345678, 0, 0, 0, "an unknown EID" },
	{ SBI_EXT_BASE, 0x100, 0, 0, "an unknown BASE FID" },
	{ SBI_EXT_TIME, SBI_EXT_TIME_SET_TIMER, -1UL, 0, "set_timer(-1)" },
	{ SBI_EXT_IPI, SBI_EXT_IPI_SEND_IPI, 0, 0, "send_ipi (empty mask)" },
	{ SBI_EXT_HSM, SBI_EXT_HSM_HART_GET_STATUS, 0, 0, "hart_get_status" },
	{ SBI_EXT_DBCN, SBI_EXT_DBCN_CONSOLE_WRITE_BYTE, '\n', 0,
	  "console_write_byte" },
	{ SBI_EXT_PMU, SBI_EXT_PMU_NUM_COUNTERS, 0, 0, "pmu_num_counters" },
	{ SBI_EXT_0_1_CONSOLE_PUTCHAR, 0, '\n', 1, "legacy console_putchar" },
	{ SBI_EXT_0_1_SET_TIMER, 0, -1UL, 1, "legacy set_timer(-1)" },
};

/* All registers but a0/a1 survive an ecall (a1 too for legacy calls). */
static void test_preserved(void)
{
	unsigned long changed, arg0;
	struct sbiret ret;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(preserve_calls); i++) {
		arg0 = preserve_calls[i].arg0;
		if (preserve_calls[i].eid == SBI_EXT_HSM)
			arg0 = current_hartid();
		/* a non-zero a1, so a legacy call zeroing it shows */
		changed = sbi_ecall_clobber_check(preserve_calls[i].eid,
						  preserve_calls[i].fid, arg0,
						  (unsigned long)0x5ca1ab1e000000b1ULL, 0, &ret);
		if (!preserve_calls[i].legacy)
			changed &= ~SBI_CLOBBER_A1;
		TEST_EQ(changed, 0,
			"%s preserves all registers but %s (mask of changed x-regs)",
			preserve_calls[i].name,
			preserve_calls[i].legacy ? "a0" : "a0/a1");
	}
}

void test_base(void)
{
	test_spec_version();
	test_ids();
	test_probe();
	test_optional();
	test_unknown();
	test_preserved();
}
