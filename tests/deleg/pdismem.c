// SPDX-License-Identifier: BSD-2-Clause
/*
 * The PDIS memory buffer under the firmware's policy (docs/delegation.md):
 * S-mode reaches spdisambcs/spdisambaddr only when the hart has the buffer
 * and PDIS is delegated; then the buffer writes with S-mode privilege
 * (menvcfg.PDISS=1: the firmware's PMP applies, a buffer aimed at the
 * firmware faults with TF and writes nothing), its LAMBI is S-mode's
 * (mideleg), batch mode works from S-mode, and a guest owns it through
 * the hypervisor's henvcfg.PDISV with its two-stage translation.
 *
 * deleg.pdismem=1 in the bootargs: the CPU has the buffer (x-pdis-mem).
 */
#include "deleg_tests.h"

#define PAGE		4096UL
#define PERIOD		8		/* U-mode loads per record */
#define PTE_V		0x01UL
#define PTE_RWX		0x0eUL
#define PTE_RW		0x06UL
#define PTE_U		0x10UL
#define PTE_AD		0xc0UL
#define SATP_SV39	(8UL << 60)
#define GUEST_VA	0xc0000000UL	/* guest gigapage of GUEST_PA */
#define GUEST_PA	0x40000000UL	/* mapped by hgatp to amb[] */
#define CSR_HENVCFG	0x60a
#define HENVCFG_PDISV	(1UL << HENVCFG_PDISV_SHIFT)
#define AMB_SIZE(n)	((unsigned long)(n) << PDISAMBCS_SIZE_SHIFT)
#define AMB_BMITH(n)	((unsigned long)(n) << PDISAMBCS_BMITH_SHIFT)
#define SLOT		PDIS_AMB_SLOT_BYTES	/* record + zeros */
#define SLOT_WORDS	(SLOT / 8)
#define PATTERN		0xa5a5a5a5a5a5a5a5UL	/* the buffer before */

static uint64_t amb[PAGE / 8] __attribute__((aligned(PAGE)));
static uint64_t groot[2048] __attribute__((aligned(4 * PAGE)));
static uint64_t gl1[512] __attribute__((aligned(PAGE)));
static uint64_t gl0[512] __attribute__((aligned(PAGE)));
static uint64_t vroot[512] __attribute__((aligned(PAGE)));
static uint64_t ldbuf[8];
static volatile unsigned long lambi_wptr, lambi_cs;

/* U/VS-mode: n loads of ldbuf (pm_ld_insn), nothing else loads */
unsigned long pm_ld_loop(unsigned long n);
extern char pm_ld_insn[];
__asm__(".text\n.globl pm_ld_loop, pm_ld_insn\n.option push\n"
	".option norvc\n.balign 4\n"
	"pm_ld_loop:\n"
	"	lla t1, ldbuf\n"
	"pm_ld_insn:\n"
	"	ld t0, 0(t1)\n"
	"	addi a0, a0, -1\n"
	"	bnez a0, pm_ld_insn\n"
	"	ret\n"
	".option pop\n");

static unsigned long rd_ambcs(unsigned long a)
{
	(void)a;
	return csr_read(CSR_SPDISAMBCS);
}

static unsigned long pte(unsigned long pa, unsigned long flags)
{
	return ((pa >> 12) << 10) | flags;
}

/* slot i of buf: a pm_ld_insn load record, then zeros to the slot end */
static bool load_rec(const volatile uint64_t *buf, unsigned int i)
{
	const volatile uint64_t *r = buf + SLOT_WORDS * i;
	unsigned int w;

	for (w = PDIS_RECORD_BYTES / 8; w < SLOT_WORDS; w++)
		if (r[w])
			return false;
	return (r[PDIS_REC_HDREV] & PDISHDR_TYPE_MASK) == PDISHDR_TYPE_LOAD &&
	       r[PDIS_REC_PC] == (unsigned long)pm_ld_insn &&
	       r[PDIS_REC_ADR1] == (unsigned long)ldbuf;
}

static void amb_clear(void)
{
	unsigned int i;

	for (i = 0; i < PAGE / 8; i++)
		amb[i] = PATTERN;
}

/* U-mode loads sampled into the buffer at addr; returns the write pointer */
static unsigned long sample_u(unsigned long addr, unsigned long ambcs,
			      unsigned long loads)
{
	unsigned long w;

	pdis_amb_set(addr, ambcs);
	pdis_arm(PDISCTL_U | PDISCTL_MEM | PDISCTL_SEL_LOAD, PERIOD);
	csr_set(CSR_SPDISCTL, PDISCTL_OF);	/* batch: no LCOFI */
	lower_call(pm_ld_loop, loads, LOWER_U, 0);
	pdis_disarm();
	w = csr_read(CSR_SPDISAMBADDR);
	return w;
}

static void lambi_handler(unsigned long irq, struct trap_frame *f)
{
	(void)irq;
	(void)f;
	/* the Ssamb handler sequence: stop the source, clear, service */
	csr_clear(CSR_SPDISCTL, PDISCTL_U);
	csr_clear(CSR_SIP, SIP_LAMBIP);
	lambi_wptr = csr_read(CSR_SPDISAMBADDR);
	lambi_cs = csr_read(CSR_SPDISAMBCS);
	csr_clear(CSR_SPDISAMBCS, PDISAMBCS_BMI);
}

static void test_s_buffer(void)
{
	unsigned long base = (unsigned long)amb, w, i, ok = 1;

	amb_clear();
	w = sample_u(base, PDISAMBCS_EN | AMB_SIZE(0), 10 * PERIOD);
	TEST_EQ(w, base + 10 * SLOT,
		"S-mode buffer: 10 records of U-mode loads, 128 bytes each");
	for (i = 0; i < 10; i++)
		ok &= load_rec(amb, i);
	TEST_ASSERT(ok && amb[SLOT_WORDS * 10 + PDIS_REC_PC] == PATTERN,
		    "  each slot: load, its PC, data address, zero padding; "
		    "no 11th");

	/* batch mode: the LAMBI at half full reaches S-mode */
	amb_clear();
	lambi_wptr = lambi_cs = 0;
	trap_set_irq_handler(IRQ_LAMBI, lambi_handler);
	csr_set(CSR_SIE, SIP_LAMBIP);
	w = sample_u(base, PDISAMBCS_EN | PDISAMBCS_BMIEN | AMB_BMITH(2) |
		     AMB_SIZE(0), 100 * PERIOD);
	csr_clear(CSR_SIE, SIP_LAMBIP);
	trap_set_irq_handler(IRQ_LAMBI, NULL);
	TEST_EQ(trap_irq_count(IRQ_LAMBI), 1,
		"batch (OF=1, BMIEN, BMITH=2): S-mode took one LAMBI (irq 14)");
	TEST_EQ(lambi_wptr, base + PAGE / 2, "  at half full: 16 records");
	TEST_EQ(lambi_cs & (PDISAMBCS_BMI | PDISAMBCS_TF), PDISAMBCS_BMI,
		"  BMI=1, TF=0");
	TEST_EQ(w, base + PAGE / 2, "  the handler stopped the source");
	pdis_amb_off();
}

/* The firmware image: PMP hides it from S-mode, so the buffer faults. */
static void test_firmware_target(void)
{
	unsigned long fw = platform.mem_base, w;
	struct sbiret before, after;

	before = sbi_call0(SBI_EXT_TALLY_TEST, SBI_TALLY_TEST_FW_CHECKSUM);
	w = sample_u(fw, PDISAMBCS_EN | AMB_SIZE(0), 4 * PERIOD);
	TEST_EQ(csr_read(CSR_SPDISAMBCS) & PDISAMBCS_TF, PDISAMBCS_TF,
		"buffer at the firmware (0x%lx): TF=1 (S-mode privilege, PMP)",
		fw);
	TEST_EQ(w, fw, "  nothing written (spdisambaddr not advanced)");
	TEST_EQ(csr_read(CSR_SIP) & SIP_LAMBIP, SIP_LAMBIP,
		"  the LAMBI is S-mode's (sip.LAMBI, mideleg)");
	after = sbi_call0(SBI_EXT_TALLY_TEST, SBI_TALLY_TEST_FW_CHECKSUM);
	if (TEST_SBI_OK(before, "firmware checksum before") &&
	    TEST_SBI_OK(after, "firmware checksum after"))
		TEST_EQ(after.value, before.value,
			"  firmware image checksum unchanged");
	pdis_amb_off();
}

/* The guest: VS-mode code programs the buffer at GUEST_VA and samples. */
static unsigned long guest_sample(unsigned long loads)
{
	csr_write(CSR_SPDISAMBCS, 0);
	csr_write(CSR_SPDISAMBADDR, GUEST_VA);
	csr_write(CSR_SPDISAMBCS, PDISAMBCS_EN | AMB_SIZE(0));
	pdis_arm(PDISCTL_S | PDISCTL_MEM | PDISCTL_SEL_LOAD | PDISCTL_OF,
		 PERIOD);
	csr_set(CSR_SPDISCTL, PDISCTL_OF);
	pm_ld_loop(loads);
	csr_write(CSR_SPDISCTL, 0);
	return csr_read(CSR_SPDISAMBADDR);
}

/* G-stage: RAM identity, GUEST_PA -> @leaf; guest: RAM, GUEST_VA */
static void guest_tables(unsigned long leaf)
{
	unsigned long ram = platform.mem_base & ~((1UL << 30) - 1);

	groot[ram >> 30] = pte(ram, PTE_V | PTE_RWX | PTE_U | PTE_AD);
	groot[GUEST_PA >> 30] = pte((unsigned long)gl1, PTE_V);
	gl1[0] = pte((unsigned long)gl0, PTE_V);
	gl0[0] = leaf;
	vroot[ram >> 30] = pte(ram, PTE_V | PTE_RWX | PTE_AD);
	vroot[GUEST_VA >> 30] = pte(GUEST_PA, PTE_V | PTE_RW | PTE_AD);
	lower_hgatp = SATP_SV39 | ((unsigned long)groot >> 12);
	lower_vsatp = SATP_SV39 | ((unsigned long)vroot >> 12);
	__asm__ volatile(".insn r 0x73, 0, 0x31, x0, x0, x0" ::: "memory");
}

static void test_guest_buffer(void)
{
	unsigned long st = csr_read(CSR_HSTATEEN0), w, r, i, ok = 1;

	csr_write(CSR_HSTATEEN0, st | HSTATEEN0_SE0 | HSTATEEN0_PDIS);
	TEST_EQ(lower_call_catch(rd_ambcs, 0, LOWER_VS, NULL), NO_TRAP,
		"hstateen0.PDIS=1: VS-mode reads spdisambcs");
	csr_write(CSR_HENVCFG, csr_read(CSR_HENVCFG) | HENVCFG_PDISV);
	TEST_EQ(csr_read(CSR_HENVCFG) & HENVCFG_PDISV, HENVCFG_PDISV,
		"henvcfg.PDISV is the hypervisor's to set");
	guest_tables(pte((unsigned long)amb, PTE_V | PTE_RW | PTE_U | PTE_AD));
	amb_clear();
	r = lower_call_catch(guest_sample, 6 * PERIOD, LOWER_VS, &w);
	TEST_EQ(r, NO_TRAP, "guest programs the buffer and samples itself");
	TEST_EQ(w, GUEST_VA + 6 * SLOT,
		"  guest spdisambaddr advanced by 6 records (guest VA)");
	for (i = 0; i < 6; i++)
		ok &= load_rec(amb, i);
	TEST_ASSERT(ok, "  the records in the host page hgatp maps GUEST_PA "
			"to (vsatp, then hgatp)");
	TEST_EQ(csr_read(CSR_SPDISAMBCS) & PDISAMBCS_TF, 0, "  TF=0");

	guest_tables(0);	/* the guest page gone from the G-stage */
	r = lower_call_catch(guest_sample, 2 * PERIOD, LOWER_VS, &w);
	TEST_EQ(csr_read(CSR_SPDISAMBCS) & PDISAMBCS_TF, PDISAMBCS_TF,
		"G-stage mapping removed: the guest buffer faults (TF)");
	TEST_EQ(w, GUEST_VA, "  nothing written");

	csr_write(CSR_HENVCFG, csr_read(CSR_HENVCFG) & ~HENVCFG_PDISV);
	lower_hgatp = lower_vsatp = 0;
	pdis_amb_off();
	csr_write(CSR_HSTATEEN0, st);
}

void test_pdismem(void)
{
	bool has = payload_arg_ulong("deleg.pdismem", 0);
	bool reach = pdis_mem_usable();

	TEST_EQ(reach, has && cfg.pdis,
		"S-mode reaches spdisambcs exactly when the hart has the buffer "
		"and PDIS is delegated");
	if (!reach)
		return;
	test_s_buffer();
	test_firmware_target();
	if (cfg.hyp)
		test_guest_buffer();
	else
		test_skip("no H extension", "guest buffer through PDISV");
}
