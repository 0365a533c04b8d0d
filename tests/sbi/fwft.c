/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * FWFT (SBI v3.0 chapter "Firmware Features"): get/set of every feature
 * the hart's DT lists, its effect on the hardware, NOT_SUPPORTED where
 * the DT lacks it, DENIED for reserved and platform-specific IDs,
 * INVALID_PARAM for bad values and flags, the LOCK flag until hart reset,
 * and values kept over a non-retentive suspend. Feature IDs are 32 bits:
 * bits 63..32 of a0 must not matter.
 */
#include <pmu/pmu_sbi.h>
#include "sbi_tests.h"

#define F_MISALIGNED	SBI_FWFT_MISALIGNED_EXC_DELEG
#define F_LPAD		SBI_FWFT_LANDING_PAD
#define F_SSTACK	SBI_FWFT_SHADOW_STACK
#define F_DBLTRAP	SBI_FWFT_DOUBLE_TRAP
#define F_ADUE		SBI_FWFT_PTE_AD_HW_UPDATING
#define F_PMLEN		SBI_FWFT_POINTER_MASKING_PMLEN

#define CSR_SSP		0x011
#define SSTATUS_SDT	(1UL << 24)

static const char *const names[SBI_FWFT_NR_FEATURES] = {
	"MISALIGNED_EXC_DELEG", "LANDING_PAD", "SHADOW_STACK", "DOUBLE_TRAP",
	"PTE_AD_HW_UPDATING", "POINTER_MASKING_PMLEN",
};

/* A value that enables the feature, and invalid ones. */
static unsigned long on_value(unsigned long f)
{
	return f == F_PMLEN ? 7 : 1;
}

static const unsigned long bad_values[] = { 2, 3, 0x100, -1UL };
static const unsigned long bad_pmlen[] = { 1, 6, 8, 15, 17, 64, -1UL };

/* What the DT promises (the firmware hides what the hart lacks). */
static int feature_present(unsigned long f)
{
	switch (f) {
	case F_MISALIGNED:
		return 1;
	case F_LPAD:
		return payload_isa_ext("zicfilp");
	case F_SSTACK:
		return payload_isa_ext("zicfiss");
	case F_DBLTRAP:
		return payload_isa_ext("ssdbltrp");
	case F_ADUE:
		return payload_isa_ext("svadu") && payload_isa_ext("svade");
	case F_PMLEN:
		return payload_isa_ext("smnpm");
	}
	return 0;
}

/* lpad.S: 0 if an indirect jump to a non-lpad ran, else its scause */
unsigned long fwft_lpad_probe(void);

/* Firmware counter of MISALIGNED_LOAD on this hart: -1 if none free. */
static long misaligned_ctr(void)
{
	struct sbiret n = sbi_pmu_num_counters(), ret;
	unsigned long i, fw = 0;

	for (i = 0; !n.error && i < (unsigned long)n.value && i < 64; i++) {
		ret = sbi_pmu_counter_get_info(i);
		if (!ret.error && (long)ret.value < 0)	/* bit 63: firmware */
			fw |= BIT(i);
	}
	if (!fw)
		return -1;
	ret = sbi_pmu_counter_cfg_match(0, fw, PMU_CFG_CLEAR_VALUE |
					PMU_CFG_AUTO_START,
					PMU_EVIDX(PMU_EV_TYPE_FW,
						  PMU_FW_MISALIGNED_LOAD), 0);
	return ret.error ? -1 : ret.value;
}

/* A misaligned LR traps on QEMU: count it when the firmware sees it. */
static unsigned long misaligned_lr(void)
{
	static unsigned long buf[2];
	struct trap_record rec;
	unsigned long v, p = (unsigned long)buf + 2;

	trap_catch_begin();
	asm volatile("lr.w %0, (%1)" : "=r"(v) : "r"(p) : "memory");
	trap_catch_end(&rec);
	return rec.cause;
}

/* Does the firmware see misaligned loads (counts them)? -1 if unknown. */
static int firmware_sees_misaligned(void)
{
	long c = misaligned_ctr();
	struct sbiret before, after;
	unsigned long cause;

	if (c < 0)
		return -1;
	before = sbi_pmu_counter_fw_read(c);
	cause = misaligned_lr();
	after = sbi_pmu_counter_fw_read(c);
	sbi_pmu_counter_stop(c, 1, PMU_STOP_RESET);
	if (cause != EXC_LOAD_MISALIGNED || before.error || after.error) {
		test_diag("misaligned lr.w: scause 0x%lx, counter %ld (%ld, %ld)",
			  cause, c, before.error, after.error);
		return -1;
	}
	return after.value != before.value;
}

/* Pointer masking: does a load through a tagged pointer work? */
static int tagged_load_works(unsigned long pmlen)
{
	static volatile unsigned long word = 0x7a117a11;
	unsigned long tag = ~0UL << (64 - pmlen), v = 0;
	struct trap_record rec;
	int trapped;

	trap_catch_begin();
	v = *(volatile unsigned long *)((unsigned long)&word | tag);
	trapped = trap_catch_end(&rec);
	return !trapped && v == 0x7a117a11;
}

/*
 * The hardware effect of feature @f as the hart sees it now, compared
 * with @on. Every check is an S-mode observation of the M-mode field.
 */
static void check_effect(unsigned long f, int on, const char *when)
{
	unsigned long v, st;
	int seen;

	switch (f) {
	case F_MISALIGNED:
		seen = firmware_sees_misaligned();
		if (seen < 0)
			test_skip("no misaligned trap or no free firmware counter",
				  "%s %s: effect", names[f], when);
		else
			TEST_EQ(seen, !on,
				"%s %s: the firmware %s misaligned loads",
				names[f], when, on ? "no longer sees" : "sees");
		break;
	case F_LPAD:
		/* with 1 no C may run: check_lpad() probes that state */
		if (!on)
			TEST_EQ(fwft_lpad_probe(), 0,
				"%s %s: an indirect jump to a non-lpad runs",
				names[f], when);
		break;
	case F_SSTACK:
		TEST_EQ(csr_read_catch(CSR_SSP, &v) == ~0UL, on,
			"%s %s: the ssp CSR is %saccessible", names[f], when,
			on ? "" : "not ");
		break;
	case F_DBLTRAP:
		v = csr_read(CSR_SSTATUS) & SSTATUS_SIE;
		local_irq_disable();
		csr_set(CSR_SSTATUS, SSTATUS_SDT);
		st = csr_read(CSR_SSTATUS);
		csr_clear(CSR_SSTATUS, SSTATUS_SDT);
		csr_set(CSR_SSTATUS, v);
		TEST_EQ(!!(st & SSTATUS_SDT), on,
			"%s %s: sstatus.SDT is %swritable", names[f], when,
			on ? "" : "not ");
		break;
	case F_PMLEN:
		TEST_EQ(tagged_load_works(7), on,
			"%s %s: a load through a pointer tagged in bits 63..57 %s",
			names[f], when, on ? "works" : "faults");
		break;
	default:
		break;	/* PTE A/D: needs paging; get/set only */
	}
}

/* Landing pads: enable, probe with no C in between, disable. */
static void check_lpad(void)
{
	struct sbiret set, get, off;
	unsigned long cause;

	set = sbi_fwft_set(F_LPAD, 1, 0);
	get = sbi_fwft_get(F_LPAD);
	cause = set.error ? 0 : fwft_lpad_probe();
	off = sbi_fwft_set(F_LPAD, 0, 0);
	TEST_SBI_OK(set, "LANDING_PAD set to 1");
	TEST_EQ(get.value, 1, "LANDING_PAD reads 1 after set");
	TEST_EQ(cause, 18, "LANDING_PAD 1: an indirect jump to a non-lpad "
		"is a software-check exception");
	TEST_SBI_OK(off, "LANDING_PAD set back to 0");
	TEST_EQ(fwft_lpad_probe(), 0,
		"LANDING_PAD 0: the same jump runs");
}

static void check_bad_args(unsigned long f)
{
	const unsigned long *bad = f == F_PMLEN ? bad_pmlen : bad_values;
	unsigned int n = f == F_PMLEN ? ARRAY_SIZE(bad_pmlen)
				      : ARRAY_SIZE(bad_values);
	static const unsigned long bad_flags[] = { 2, 3, BIT(XLEN - 1), -1UL };
	unsigned int i;

	for (i = 0; i < n; i++)
		TEST_SBI_ERR(sbi_fwft_set(f, bad[i], 0), SBI_ERR_INVALID_PARAM,
			     "%s set to invalid value 0x%lx", names[f], bad[i]);
	for (i = 0; i < ARRAY_SIZE(bad_flags); i++)
		TEST_SBI_ERR(sbi_fwft_set(f, 0, bad_flags[i]),
			     SBI_ERR_INVALID_PARAM,
			     "%s set with reserved flags 0x%lx", names[f],
			     bad_flags[i]);
	TEST_SBI_OK(sbi_fwft_set(f, 0, 0),
		    "%s: invalid calls neither changed nor locked it", names[f]);
}

static void check_present(unsigned long f)
{
	struct sbiret ret = sbi_fwft_get(f);
	unsigned long on = on_value(f);

	TEST_SBI_OK(ret, "%s get", names[f]);
	TEST_EQ(ret.value, 0, "%s reset value is 0", names[f]);
	TEST_SBI_OK(sbi_fwft_set(f, 0, 0), "%s set to its current value 0",
		    names[f]);
	check_effect(f, 0, "0");
	if (f == F_LPAD) {
		check_lpad();
	} else {
		TEST_SBI_OK(sbi_fwft_set(f | BIT(32), on, 0),
			    "%s set to %lu (bit 32 of the ID set)", names[f],
			    on);
		ret = sbi_fwft_get(f | BIT(63));
		TEST_EQ(ret.error == 0 ? (unsigned long)ret.value : -1UL, on,
			"%s reads %lu (bit 63 of the ID set)", names[f], on);
		check_effect(f, 1, "1");
		TEST_EQ(sbi_fwft_get(f).value, on,
			"%s: invalid values leave %lu", names[f], on);
		if (f == F_PMLEN) {
			TEST_SBI_OK(sbi_fwft_set(f, 16, 0), "PMLEN set to 16");
			TEST_EQ(sbi_fwft_get(f).value, 16, "PMLEN reads 16");
			TEST_EQ(tagged_load_works(16), 1,
				"PMLEN 16: a pointer tagged in bits 63..48 works");
		}
	}
	check_bad_args(f);
	TEST_EQ(sbi_fwft_get(f).value, 0, "%s back to 0", names[f]);
	check_effect(f, 0, "0 again");
}

static void check_absent(unsigned long f)
{
	TEST_SBI_ERR(sbi_fwft_get(f), SBI_ERR_NOT_SUPPORTED,
		     "%s get without the hardware", names[f]);
	TEST_SBI_ERR(sbi_fwft_set(f, 0, 0), SBI_ERR_NOT_SUPPORTED,
		     "%s set to 0 without the hardware", names[f]);
	TEST_SBI_ERR(sbi_fwft_set(f, on_value(f), SBI_FWFT_SET_FLAG_LOCK),
		     SBI_ERR_NOT_SUPPORTED,
		     "%s set and lock without the hardware", names[f]);
}

static void check_reserved(void)
{
	static const unsigned long ids[] = {
		6, 0x3fffffff,			/* local, reserved */
		0x40000000, 0x7fffffff,		/* local, platform */
		0x80000000, 0x80000001, 0xbfffffff, /* global, reserved */
		0xc0000000, 0xffffffff,		/* global, platform */
		BIT(32) | 6, BIT(63) | 0x80000000,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		TEST_SBI_ERR(sbi_fwft_get(ids[i]), SBI_ERR_DENIED,
			     "get of reserved/platform feature 0x%lx", ids[i]);
		TEST_SBI_ERR(sbi_fwft_set(ids[i], 0, 0), SBI_ERR_DENIED,
			     "set of reserved/platform feature 0x%lx", ids[i]);
	}
}

/*
 * On another hart: lock, suspend non-retentively (values and locks are
 * kept), then stop; the next start must find everything reset.
 */
static unsigned long lock_feature;

static void lock_and_suspend(void)
{
	unsigned long f = lock_feature, on = on_value(f), h = current_hartid();
	struct payload_resume r;
	struct sbiret ret;

	TEST_SBI_OK(sbi_fwft_set(f, on, SBI_FWFT_SET_FLAG_LOCK),
		    "hart %lu: %s set to %lu with LOCK", h, names[f], on);
	TEST_SBI_ERR(sbi_fwft_set(f, on, SBI_FWFT_SET_FLAG_LOCK),
		     SBI_ERR_DENIED_LOCKED,
		     "hart %lu: %s locked: the same value again", h, names[f]);
	TEST_SBI_ERR(sbi_fwft_set(f, 0, 0), SBI_ERR_DENIED_LOCKED,
		     "hart %lu: %s locked: 0", h, names[f]);
	TEST_SBI_ERR(sbi_fwft_set(f, 0, 2), SBI_ERR_INVALID_PARAM,
		     "hart %lu: %s locked: reserved flags are INVALID_PARAM first",
		     h, names[f]);
	ret = payload_hsm_suspend_timed(2000, 0, &r);
	if (!TEST_ASSERT(r.resumed, "hart %lu: non-retentive suspend resumed (%s)",
			 h, sbi_err_name(ret.error)))
		return;
	TEST_EQ(sbi_fwft_get(f).value, on,
		"hart %lu: %s is still %lu after the non-retentive suspend", h,
		names[f], on);
	TEST_SBI_ERR(sbi_fwft_set(f, 0, 0), SBI_ERR_DENIED_LOCKED,
		     "hart %lu: %s is still locked after it", h, names[f]);
	check_effect(f, 1, "after the non-retentive suspend");
}

static void after_restart(void)
{
	unsigned long f = lock_feature, h = current_hartid();

	TEST_EQ(sbi_fwft_get(f).value, 0,
		"hart %lu: %s is back to 0 after stop and start", h, names[f]);
	check_effect(f, 0, "after stop and start");
	TEST_SBI_OK(sbi_fwft_set(f, on_value(f), 0),
		    "hart %lu: %s is unlocked after stop and start", h,
		    names[f]);
	TEST_SBI_OK(sbi_fwft_set(f, 0, 0), "hart %lu: %s set back to 0", h,
		    names[f]);
}

static void check_lock(void)
{
	unsigned long h, others = other_harts();

	if (!others) {
		test_skip("single hart", "FWFT LOCK until hart reset");
		return;
	}
	h = bit_lowest(others);
	/* the most observable feature present */
	lock_feature = feature_present(F_DBLTRAP) ? F_DBLTRAP :
		       feature_present(F_SSTACK) ? F_SSTACK : F_MISALIGNED;
	if (run_on_hart(h, lock_and_suspend, "FWFT lock and suspend"))
		run_on_hart(h, after_restart, "FWFT after restart");
}

void test_fwft(void)
{
	struct sbiret ret = sbi_probe_extension(SBI_EXT_FWFT);
	unsigned long f;

	if (!ret.value) {
		test_skip("FWFT not available", "FWFT");
		return;
	}
	TEST_SBI_ERR(sbi_ecall(SBI_EXT_FWFT, 2, 0, 0, 0, 0, 0, 0),
		     SBI_ERR_NOT_SUPPORTED, "FWFT unknown FID 2");
	check_reserved();
	for (f = 0; f < SBI_FWFT_NR_FEATURES; f++) {
		if (feature_present(f))
			check_present(f);
		else
			check_absent(f);
	}
	check_lock();
}
