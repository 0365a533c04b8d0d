/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * M-mode benchmark of the PMU core on QEMU (-icount shift=0, so minstret is
 * exact): instructions per pmu_sbi_ecall() for the hot calls, measured from
 * the call to its return, minus the harness (the trap entry/exit and the
 * EID dispatch of a firmware are not counted).
 * Also a smoke test of the core against real CSRs: probe, count, overflow.
 */
#include <stddef.h>
#include <pmu/pmu.h>
#include <pmu/pmu_csr.h>
#include <pmu/pmu_host.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>
#include "csr_switch.h"

#define UART		((volatile unsigned char *)0x10000000UL)
#define FINISHER	((volatile unsigned int *)0x100000UL)

extern unsigned long bench_trapped;
static struct pmu_platform plat;
static struct pmu_hart hart;
static unsigned char smem[4096] __attribute__((aligned(4096)));
static unsigned int passed, failed;

void *memset(void *s, int c, size_t n)
{
	unsigned char *p = s;

	while (n--)
		*p++ = (unsigned char)c;
	return s;
}

static void putc_(char c)
{
	while (!(UART[5] & 0x20))
		;
	UART[0] = (unsigned char)c;
}

static void puts_(const char *s)
{
	while (*s)
		putc_(*s++);
}

static void putu(unsigned long v)
{
	char b[24];
	int i = 0;

	do {
		b[i++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (i)
		putc_(b[--i]);
}

static void check(int ok, const char *name)
{
	puts_(ok ? "ok - bench: " : "FAIL - bench: ");
	puts_(name);
	putc_('\n');
	if (ok)
		passed++;
	else
		failed++;
}

unsigned long pmu_host_csr_read(unsigned int csr)
{
	return bench_csr_read(csr);
}

void pmu_host_csr_write(unsigned int csr, unsigned long val)
{
	bench_csr_write(csr, val);
}

/* csrs/csrc for the two CSRs the core sets and clears bits in */
void pmu_host_csr_set(unsigned int csr, unsigned long bits)
{
	if (csr == PMU_CSR_MCOUNTINHIBIT)
		asm volatile("csrs 0x320, %0" :: "r"(bits));
	else if (csr == PMU_CSR_MCOUNTEREN)
		asm volatile("csrs 0x306, %0" :: "r"(bits));
	else
		bench_csr_write(csr, bench_csr_read(csr) | bits);
}

void pmu_host_csr_clear(unsigned int csr, unsigned long bits)
{
	if (csr == PMU_CSR_MCOUNTINHIBIT)
		asm volatile("csrc 0x320, %0" :: "r"(bits));
	else if (csr == PMU_CSR_MCOUNTEREN)
		asm volatile("csrc 0x306, %0" :: "r"(bits));
	else
		bench_csr_write(csr, bench_csr_read(csr) & ~bits);
}

int pmu_host_csr_probe(unsigned int csr, unsigned long val,
		       unsigned long *readback)
{
	bench_trapped = 0;
	bench_csr_write(csr, val);
	*readback = bench_csr_read(csr);
	return bench_trapped ? -1 : 0;
}

bool pmu_host_smem_allowed(unsigned long lo, unsigned long hi,
			   unsigned long size)
{
	unsigned long base = (unsigned long)smem;

	return !hi && lo >= base && lo < base + sizeof(smem) &&
	       size <= base + sizeof(smem) - lo;
}

void *pmu_host_smem_ptr(unsigned long addr)
{
	return (void *)addr;
}

/* no platform firmware events, as in Tally's firmware */
bool pmu_host_fw_platform_valid(uint64_t data)
{
	(void)data;
	return false;
}

bool pmu_host_fw_platform_match(unsigned int j, uint64_t data)
{
	(void)j;
	(void)data;
	return false;
}

long pmu_host_fw_platform_start(unsigned int j, uint64_t data)
{
	(void)j;
	(void)data;
	return SBI_ERR_NOT_SUPPORTED;
}

long pmu_host_fw_platform_stop(unsigned int j)
{
	(void)j;
	return SBI_ERR_NOT_SUPPORTED;
}

uint64_t pmu_host_fw_platform_read(unsigned int j)
{
	(void)j;
	return 0;
}

void pmu_host_fw_platform_write(unsigned int j, uint64_t value)
{
	(void)j;
	(void)value;
}

static inline unsigned long instret(void)
{
	unsigned long v;

	asm volatile("csrr %0, minstret" : "=r"(v) :: "memory");
	return v;
}

static unsigned long baseline, csr_pair;

/* Same signature as pmu_sbi_ecall(): the harness cost to subtract */
__attribute__((noinline)) long empty_ecall(struct pmu_hart *h,
					   unsigned long fid,
					   const unsigned long *a,
					   unsigned long *out)
{
	(void)h;
	(void)fid;
	(void)a;
	*out = 0;
	asm volatile("" ::: "memory");
	return 0;
}

static long (*volatile ecall_fn)(struct pmu_hart *, unsigned long,
				 const unsigned long *, unsigned long *);

/* Instructions of one pmu_sbi_ecall(), error code in *err */
static unsigned long run(unsigned long fid, unsigned long a0,
			 unsigned long a1, unsigned long a2, unsigned long a3,
			 unsigned long a4, long *err, unsigned long *val)
{
	unsigned long a[6] = { a0, a1, a2, a3, a4, 0 }, v, t0, t1;

	t0 = instret();
	*err = ecall_fn(&hart, fid, a, &v);
	t1 = instret();
	if (val)
		*val = v;
	return t1 - t0 - baseline;
}

static void report(const char *name, unsigned long n)
{
	puts_("bench: ");
	puts_(name);
	puts_(" ");
	putu(n);
	puts_(" instructions\n");
}

#define CALL(name, want, fid, a0, a1, a2, a3, a4) do {			\
		long e_;						\
		unsigned long n_ = run(fid, a0, a1, a2, a3, a4, &e_, &val); \
		report(name, n_);					\
		check(e_ == (want), name " returns " #want);		\
	} while (0)

int main(void)
{
	unsigned long val, t0, t1, fw, i;
	unsigned int hpm;

	/* the harness around one call, with an empty callee */
	t0 = instret();
	t1 = instret();
	csr_pair = baseline = t1 - t0;
	ecall_fn = empty_ecall;
	baseline += run(0, 0, 0, 0, 0, 0, (long *)&val, &val);
	ecall_fn = pmu_sbi_ecall;
	puts_("bench: harness overhead ");
	putu(baseline);
	puts_(" instructions (subtracted; the empty callee's ~3 too)\n");

	pmu_platform_init(&plat, PMU_FEAT_MCOUNTINHIBIT | PMU_FEAT_SSCOFPMF |
			  PMU_FEAT_SMCNTRPMF);
	pmu_platform_probe(&plat);
	check(bench_trapped != 0, "probing absent mhpmcounters trapped");
	bench_trapped = 0;
	pmu_platform_default_map(&plat);
	pmu_hart_init(&hart, &plat);
	/* keep minstret counting M-mode for the measurements */
	bench_csr_write(PMU_CSR_MINSTRETCFG, 0);
	bench_csr_write(PMU_CSR_MCOUNTINHIBIT,
			bench_csr_read(PMU_CSR_MCOUNTINHIBIT) & ~4UL);
	hpm = plat.hw_mask & PMU_HPM_MASK;
	check(hpm != 0, "probe found mhpmcounters");
	puts_("bench: hw counters mask ");
	putu(plat.hw_mask);
	puts_(", firmware counters from ");
	putu(plat.hw_slots);
	putc_('\n');
	fw = plat.hw_slots;

	CALL("num_counters", 0, SBI_EXT_PMU_NUM_COUNTERS, 0, 0, 0, 0, 0);
	CALL("counter_get_info", 0, SBI_EXT_PMU_COUNTER_GET_INFO, 3, 0, 0, 0, 0);
	CALL("config_matching hw", 0, SBI_EXT_PMU_COUNTER_CFG_MATCH, 0, hpm,
	     PMU_CFG_SET_SINH, PMU_EVIDX(0, 2), 0);
	check(val == 3, "config_matching picks mhpmcounter3");
	CALL("start 1 hw", 0, SBI_EXT_PMU_COUNTER_START, 3, 1, 0, 0, 0);
	/* the M-mode code here must not count: MINH */
	for (i = 0; i < 100; i++)
		asm volatile("nop");
	check(bench_csr_read(PMU_CSR_MCOUNTER(3)) == 0,
	      "M-mode inhibited on a started counter");
	CALL("stop 1 hw", 0, SBI_EXT_PMU_COUNTER_STOP, 3, 1, 0, 0, 0);
	CALL("start 1 hw init value", 0, SBI_EXT_PMU_COUNTER_START, 3, 1,
	     PMU_START_SET_INIT_VALUE, 100, 0);
	CALL("stop 1 hw reset", 0, SBI_EXT_PMU_COUNTER_STOP, 3, 1,
	     PMU_STOP_RESET, 0, 0);
	CALL("config_matching fw", 0, SBI_EXT_PMU_COUNTER_CFG_MATCH, fw,
	     0xffffffffUL, 0, PMU_EVIDX(15, 6), 0);
	check(val == fw, "config_matching picks the first fw counter");
	CALL("start 1 fw", 0, SBI_EXT_PMU_COUNTER_START, fw, 1, 0, 0, 0);
	t0 = instret();
	pmu_fw_event_inc(&hart, 6);
	t1 = instret();
	report("fw_event_inc counted", t1 - t0 - csr_pair);
	t0 = instret();
	pmu_fw_event_inc(&hart, 7);
	t1 = instret();
	report("fw_event_inc not counted", t1 - t0 - csr_pair);
	CALL("fw_read", 0, SBI_EXT_PMU_COUNTER_FW_READ, fw, 0, 0, 0, 0);
	check(val == 1, "fw counter counted one event");
	CALL("stop 1 fw", 0, SBI_EXT_PMU_COUNTER_STOP, fw, 1, 0, 0, 0);

	for (i = 0; i < 4; i++)
		CALL("config_matching hw (next)", 0,
		     SBI_EXT_PMU_COUNTER_CFG_MATCH, 0, hpm, 0,
		     PMU_EVIDX(0, 2), 0);
	CALL("start 4 hw", 0, SBI_EXT_PMU_COUNTER_START, 3, 0xf, 0, 0, 0);
	CALL("stop 4 hw", 0, SBI_EXT_PMU_COUNTER_STOP, 3, 0xf, 0, 0, 0);
	CALL("start 4 hw init value", 0, SBI_EXT_PMU_COUNTER_START, 3, 0xf,
	     PMU_START_SET_INIT_VALUE, 0, 0);
	CALL("snapshot_set_shmem", 0, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM,
	     (unsigned long)smem, 0, 0, 0, 0);
	CALL("stop 4 hw take snapshot", 0, SBI_EXT_PMU_COUNTER_STOP, 3, 0xf,
	     PMU_STOP_TAKE_SNAPSHOT, 0, 0);
	CALL("start 4 hw init snapshot", 0, SBI_EXT_PMU_COUNTER_START, 3, 0xf,
	     PMU_START_INIT_SNAPSHOT, 0, 0);
	CALL("stop 4 hw reset", 0, SBI_EXT_PMU_COUNTER_STOP, 3, 0xf,
	     PMU_STOP_RESET, 0, 0);

	/* overflow on real Sscofpmf: OF set, start clears it */
	CALL("config_matching cycles", 0, SBI_EXT_PMU_COUNTER_CFG_MATCH, 0,
	     hpm, 0, PMU_EVIDX(0, 1), 0);
	check(val == 3, "cycles on mhpmcounter3");
	bench_csr_write(PMU_CSR_MCOUNTINHIBIT, 0x4);
	bench_csr_write(PMU_CSR_MHPMEVENT(3), 1);	/* count M cycles */
	bench_csr_write(PMU_CSR_MCOUNTER(3), ~0UL - 10);
	for (i = 0; i < 100; i++)
		asm volatile("nop");
	bench_csr_write(PMU_CSR_MCOUNTINHIBIT, ~0x6UL);
	check((bench_csr_read(PMU_CSR_SCOUNTOVF) & 8) != 0, "overflow seen");
	CALL("start after overflow", 0, SBI_EXT_PMU_COUNTER_START, 3, 1, 0, 0,
	     0);
	check((bench_csr_read(PMU_CSR_MHPMEVENT(3)) & PMU_EVT_OF) == 0,
	      "start cleared OF");
	check(bench_trapped == 0, "no unexpected CSR trap");

	puts_("");
	putu(passed);
	puts_(" passed, ");
	putu(failed);
	puts_(" failed\n");
	*FINISHER = failed ? 0x13333 : 0x5555;
	for (;;)
		asm volatile("wfi");
	return 0;
}
