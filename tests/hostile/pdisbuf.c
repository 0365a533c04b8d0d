// SPDX-License-Identifier: BSD-2-Clause
/*
 * Part 4: the PDIS memory buffer (hostile.pdisbuf). With PDIS delegated
 * and the buffer present, S-mode owns spdisambaddr; it aims the buffer at
 * the firmware image (first page, middle, last slot), physically and
 * through its own page tables, and samples. Each must fault (TF) without
 * writing: the firmware set menvcfg.PDISS=1, so the buffer writes with
 * S-mode privilege under the firmware's PMP. A buffer in S-mode's own
 * memory gets the records (control). The image checksum stays the boot
 * one throughout.
 */
#include <sbi/riscv_draft_encoding.h>
#include "hostile.h"

#define CSR_SIP_		0x144
#define SIP_LAMBIP		(1UL << IRQ_LAMBI)
#define PERIOD			4
#define VA_WINDOW		0x40000000UL	/* S-mode VA of the target */
#define SATP_SV39		(8UL << 60)
#define PTE_VRWXAD		0xcfUL

static uint64_t own[PAGE_SIZE / 8] __attribute__((aligned(PAGE_SIZE)));
static uint64_t root[512] __attribute__((aligned(PAGE_SIZE)));
static uint64_t l1[512] __attribute__((aligned(PAGE_SIZE)));
static uint64_t l0[512] __attribute__((aligned(PAGE_SIZE)));
static volatile uint64_t ldword;

static bool reach(void)
{
	unsigned long v;

	return csr_read_catch(CSR_SPDISAMBCS, &v) == ~0UL;
}

/* Sample S-mode loads into a buffer at addr; returns spdisambaddr after */
static unsigned long sample(unsigned long addr, unsigned long n)
{
	unsigned long init = (1UL << 32) - PERIOD, i, w;

	csr_write(CSR_SPDISCTL, 0);
	csr_write(CSR_SPDISAMBCS, 0);
	csr_write(CSR_SPDISAMBADDR, addr);
	csr_write(CSR_SPDISAMBCS, PDISAMBCS_EN);	/* 4 KiB */
	csr_clear(CSR_SIP_, SIP_LAMBIP);
	csr_write(CSR_SPDISCOUNTER, init << SPDISCOUNTER_INITVAL_SHIFT | init);
	csr_write(CSR_SPDISCTL, PDISCTL_S | PDISCTL_MEM | PDISCTL_OF |
				PDISCTL_SEL_LOAD);
	for (i = 0; i < n; i++)
		(void)ldword;
	csr_write(CSR_SPDISCTL, 0);
	w = csr_read(CSR_SPDISAMBADDR);
	return w;
}

static unsigned long checksum(void)
{
	struct sbiret r = sbi_call0(SBI_EXT_TALLY_TEST,
				    SBI_TALLY_TEST_FW_CHECKSUM);

	return r.error ? 0 : r.value;
}

static void aim(unsigned long target, unsigned long va, const char *what)
{
	unsigned long cs, w, sum = checksum();

	w = sample(va, 16 * PERIOD);
	cs = csr_read(CSR_SPDISAMBCS);
	TEST_EQ(cs & PDISAMBCS_TF, PDISAMBCS_TF,
		"pdisbuf: buffer at %s (0x%lx): TF, the write faulted", what,
		target);
	TEST_EQ(w, va, "pdisbuf: %s: spdisambaddr not advanced", what);
	TEST_EQ(checksum(), sum, "pdisbuf: %s: firmware checksum unchanged",
		what);
	csr_write(CSR_SPDISAMBCS, 0);
	csr_clear(CSR_SIP_, SIP_LAMBIP);
}

static void aim_translated(unsigned long target, const char *what)
{
	unsigned long ram = env.ram_base & ~((1UL << 30) - 1);

	root[ram >> 30] = ((ram >> 12) << 10) | PTE_VRWXAD;
	root[VA_WINDOW >> 30] = (((unsigned long)l1 >> 12) << 10) | 1;
	l1[0] = (((unsigned long)l0 >> 12) << 10) | 1;
	l0[0] = (((target & ~(PAGE_SIZE - 1)) >> 12) << 10) | PTE_VRWXAD;
	csr_write(CSR_SATP, SATP_SV39 | ((unsigned long)root >> 12));
	__asm__ volatile("sfence.vma" ::: "memory");
	aim(target, VA_WINDOW + (target & (PAGE_SIZE - 1)), what);
	csr_write(CSR_SATP, 0);
	__asm__ volatile("sfence.vma" ::: "memory");
}

void pdisbuf_run(void)
{
	unsigned long w, fw = env.fw_base, end = env.fw_base + env.fw_size;
	unsigned long mid = (fw + env.fw_size / 2) & ~PDISAMBADDR_ALIGN_MASK;

	if (!reach()) {
		test_skip("spdisambcs traps (no buffer or PDIS not delegated)",
			  "pdisbuf: the PDIS memory buffer");
		return;
	}
	w = sample((unsigned long)own, 16 * PERIOD);
	TEST_ASSERT(w > (unsigned long)own &&
		    !(csr_read(CSR_SPDISAMBCS) & PDISAMBCS_TF),
		    "pdisbuf: control: records in S-mode's own page (%lu)",
		    (w - (unsigned long)own) / PDIS_AMB_SLOT_BYTES);
	csr_write(CSR_SPDISAMBCS, 0);
	aim(fw, fw, "the firmware's first byte");
	aim(mid, mid, "the firmware's middle");
	aim(end - PDIS_AMB_SLOT_BYTES, end - PDIS_AMB_SLOT_BYTES,
	    "the firmware's last slot");
	aim_translated(fw, "the firmware through S-mode's satp");
	aim_translated(end - PAGE_SIZE, "the firmware's last page via satp");
	if (env.clint)
		aim(env.clint, env.clint, "the ACLINT");
}
