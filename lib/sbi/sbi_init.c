// SPDX-License-Identifier: BSD-2-Clause
/* Cold and warm boot. */
#include <libfdt.h>
#include <sbi/riscv_asm.h>
#include <sbi/sbi_console.h>
#include <sbi/sbi_ecall_interface.h>
#include <utils/fdt/fdt_helper.h>
#include <sbi/sbi_hart.h>
#include <sbi/sbi_hsm.h>
#include <sbi/sbi_init.h>
#include <sbi/sbi_ipi.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_sse.h>
#include <sbi/sbi_pmu_fw.h>
#include <sbi/sbi_banner.h>
#include <sbi/sbi_suspend_loss.h>
#include <sbi/sbi_test_channel.h>
#include <sbi/sbi_timer.h>

extern char _fw_start[], _fw_end[];

static void __attribute__((noreturn)) die(const char *why)
{
	sbi_printf("tally: cannot boot: %s\n", why);
	for (;;)
		wfi();
}

/* Smallest naturally aligned power-of-two region covering [start, end). */
unsigned long sbi_napot_region(unsigned long start, unsigned long end,
			       unsigned long *size)
{
	unsigned long base;

	for (*size = 4096;; *size <<= 1) {
		base = start & ~(*size - 1);
		if (base + *size >= end)
			return base;
	}
}

static void fw_region(unsigned long end)
{
	sbi_plat.fw_start = sbi_napot_region((unsigned long)_fw_start, end,
					     &sbi_plat.fw_region);
	sbi_plat.fw_end = end;
}

/* The RAM bank holding [lo, hi), or NULL (no /memory: any, as RAM 0). */
static const struct sbi_mem_region *ram_bank(unsigned long lo,
					     unsigned long hi)
{
	static const struct sbi_mem_region any = { 0, -1UL };
	unsigned int i;

	if (!sbi_plat.mem_count)
		return &any;	/* nothing to check against */
	for (i = 0; i < sbi_plat.mem_count; i++)
		if (lo >= sbi_plat.mem[i].base &&
		    hi - sbi_plat.mem[i].base <= sbi_plat.mem[i].size)
			return &sbi_plat.mem[i];
	return NULL;
}

static bool overlaps(unsigned long lo, unsigned long hi, unsigned long a,
		     unsigned long b)
{
	return lo < b && a < hi;
}

/* What [lo, hi) would overwrite that the boot loader put in RAM, or NULL. */
static const char *layout_clash(unsigned long lo, unsigned long hi,
				const struct sbi_next_stage *next)
{
	const void *fdt = (const void *)next->fdt;
	int chosen = fdt_path_offset(fdt, "/chosen");
	unsigned long rd_lo = 0, rd_hi = 0;

	if (next->addr >= lo && next->addr < hi)
		return "reach the next stage";
	if (overlaps(lo, hi, next->fdt, next->fdt + fdt_totalsize(fdt)))
		return "reach the device tree";
	if (chosen >= 0) {
		fdt_get_ulong(fdt, chosen, "linux,initrd-start", &rd_lo);
		fdt_get_ulong(fdt, chosen, "linux,initrd-end", &rd_hi);
	}
	if (overlaps(lo, hi, rd_lo, rd_hi))
		return "reach the initrd";
	return NULL;
}

/*
 * The areas after the image, inside its PMP region: the usual place, as
 * long as that region leaves the next stage, the DT and the initrd alone.
 */
static const char *place_after_image(unsigned long size,
				     const struct sbi_next_stage *next)
{
	fw_region(sbi_hart_table_after_image() + size);
	if (!ram_bank((unsigned long)_fw_start, sbi_plat.fw_end))
		return "reach the end of RAM";
	return layout_clash(sbi_plat.fw_start,
			    sbi_plat.fw_start + sbi_plat.fw_region, next);
}

/*
 * Too many harts for that (QEMU puts the next stage 2 MiB above the
 * firmware: some 150 harts' areas fit): a naturally aligned region of
 * their own, PMP entry 2, at the top of the firmware's RAM bank below the
 * DT when the DT is up there; it must lie above the next stage.
 */
static const char *place_high(unsigned long size,
			      const struct sbi_next_stage *next)
{
	const struct sbi_mem_region *bank;
	unsigned long region, top, base;

	fw_region((unsigned long)_fw_end);
	bank = ram_bank(sbi_plat.fw_start, sbi_plat.fw_end);
	if (!bank)
		return "reach the end of RAM";
	sbi_napot_region(0, size, &region);
	top = bank->base + bank->size;
	if (next->fdt > next->addr && next->fdt < top)
		top = next->fdt;
	base = (top - region) & ~(region - 1);
	if (top < region || base < bank->base || base <= next->addr)
		return "lie below the next stage";
	sbi_plat.harts_start = base;
	sbi_plat.harts_region = region;
	return layout_clash(base, base + region, next);
}

/*
 * Lay the hart table out (after the image, or high), fill it from the DT
 * and move this hart onto its own scratch (the stack stays the boot stack
 * until the hart leaves M-mode). Say how much room the harts needed when
 * there is none.
 */
static void setup_harts(unsigned long hartid, const struct sbi_next_stage *next)
{
	unsigned long size = sbi_hart_table_size(sbi_plat.hart_count);
	unsigned long base = sbi_hart_table_after_image();
	const char *low, *high = NULL;
	unsigned long *ids;

	low = place_after_image(size, next);
	if (low)
		high = place_high(size, next);
	if (low && high) {
		sbi_printf("tally: %u harts need %lu KiB (%lu KiB each): "
			   "after the image they %s, at the top of RAM they "
			   "%s (next stage 0x%lx, DT 0x%lx)\n",
			   sbi_plat.hart_count, size / 1024,
			   FW_HART_AREA_SIZE / 1024UL, low, high, next->addr,
			   next->fdt);
		die("no room for the harts' state");
	}
	if (low)
		base = sbi_plat.harts_start;
	ids = sbi_hart_table_alloc(base, sbi_plat.hart_count);
	sbi_platform_harts_from_fdt((void *)next->fdt, hartid, ids);
	__asm__ __volatile__("mv tp, %0"
			     : : "r"(sbi_scratch_of(hartid)) : "memory");
}

static unsigned int count_pmp(void)
{
	unsigned long v;
	unsigned int n;

	for (n = 0; n < 64; n++) {
		if (csr_write_safe(CSR_PMPADDR0 + n, -1UL) ||
		    csr_read_safe(CSR_PMPADDR0 + n, &v) || !v)
			break;
		csr_write_num(CSR_PMPADDR0 + n, 0);
	}
	return n;
}

static void init_harts(unsigned long boot_hartid)
{
	unsigned int i;

	for (i = 0; i < sbi_plat.hart_count; i++) {
		struct sbi_scratch *s = sbi_scratch_at(i);

		atomic_write(&s->hsm_state, s->hartid == boot_hartid ?
			     SBI_HSM_STATE_STARTED : SBI_HSM_STATE_STOPPED);
	}
}

static void fixup_fdt(void *fdt)
{
	int err = fdt_reserve_firmware(fdt, "tally-firmware", sbi_plat.fw_start,
				       sbi_plat.fw_region);

	if (!err && sbi_plat.harts_region)
		err = fdt_reserve_firmware(fdt, "tally-harts",
					   sbi_plat.harts_start,
					   sbi_plat.harts_region);

	if (!err)
		err = fdt_disable_unusable_harts(fdt);
	if (!err)
		err = fdt_hide_isa_extensions(fdt, sbi_pmu_hidden_extensions());
	if (err)
		sbi_printf("tally: warning: DT fix-up failed (%d)\n", err);
}

/* Where the DT is: a1 unless the variant moves it (fw_jump). */
unsigned long __attribute__((weak)) fw_fdt_address(unsigned long a1)
{
	return a1;
}

/* misa.S, or misa reads 0 (not implemented): assume S-mode */
static bool hart_has_smode(void)
{
	unsigned long misa = csr_read(CSR_MISA);

	return !misa || (misa & (1UL << ('S' - 'A')));
}

/*
 * The preferred boot hart has no S-mode: the first DT hart that has it
 * (and an MSWI) does cold boot instead, from the start (fw_base.S:
 * _boot_next). Nothing of this hart's survives: the BSS is cleared again.
 */
static void hand_over(const void *fdt)
{
	struct sbi_scratch *s = sbi_scratch_this();
	long next;

	next = sbi_platform_boot_successor(fdt, s);
	if (next < 0)
		return;
	_boot_next = next;
	mb();
	*s->msip = 1;
}

void sbi_cold_boot(unsigned long hartid, unsigned long fdt, unsigned long a2)
{
	struct sbi_next_stage next;
	const char *why = "unknown";
	int err;

	sbi_scratch_this()->hartid = hartid;
	fdt = fw_fdt_address(fdt);
	if (!hart_has_smode()) {
		hand_over((void *)fdt);
		return;
	}
	err = sbi_platform_from_fdt((void *)fdt, hartid);
	if (err == -FDT_ERR_NOTFOUND)
		die("the boot hart is not an enabled cpu of the device tree");
	if (err)
		die("no usable device tree in a1");
	if (fw_next_stage(fdt, a2, &next, &why))
		die(why);
	setup_harts(hartid, &next);
	sbi_hart_probe();	/* the boot hart's view is the platform's */
	sbi_plat.isa = sbi_scratch_this()->isa;
	sbi_plat.pmp_count = count_pmp();
	sbi_hart_pmp_plan();
	sbi_pmu_platform_init((void *)fdt);
	init_harts(hartid);
	fixup_fdt((void *)fdt);
	sbi_test_channel_init((void *)fdt);
	sbi_suspend_loss_init((void *)fdt);
	sbi_sse_init(hartid);
	sbi_hart_init();
	sbi_banner_print(&next);
	sbi_platform_report();	/* what the DT lacks */
	sbi_hart_table_publish();
	mb();
	_boot_done = 1;
	sbi_ipi_wake_harts();
	csr_clear(CSR_MIP, MIP_SSIP);	/* none left from before a warm reboot */
	sbi_hart_enter_lower(next.addr, next.mode, next.fdt);
}

void sbi_warm_boot(unsigned long hartid)
{
	if (!sbi_hart_valid(hartid))
		for (;;)
			wfi();
	sbi_hart_init();
	sbi_hsm_wait_for_start();
}
