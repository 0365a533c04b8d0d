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
static void fw_region(unsigned long end)
{
	unsigned long start = (unsigned long)_fw_start;
	unsigned long size = 4096, base;

	for (;;) {
		base = start & ~(size - 1);
		if (base + size >= end)
			break;
		size <<= 1;
	}
	sbi_plat.fw_start = base;
	sbi_plat.fw_end = end;
	sbi_plat.fw_region = size;
}

static bool inside_ram(unsigned long lo, unsigned long hi)
{
	unsigned int i;

	if (!sbi_plat.mem_count)
		return true;	/* nothing to check against */
	for (i = 0; i < sbi_plat.mem_count; i++)
		if (lo >= sbi_plat.mem[i].base &&
		    hi - sbi_plat.mem[i].base <= sbi_plat.mem[i].size)
			return true;
	return false;
}

/*
 * The harts' areas follow the image; the PMP region must leave the next
 * stage and the DT alone. Say how much room the harts needed otherwise.
 */
static void check_layout(const struct sbi_next_stage *next)
{
	unsigned long lo = sbi_plat.fw_start, hi = lo + sbi_plat.fw_region;
	unsigned long fdt_end = next->fdt + fdt_totalsize((void *)next->fdt);
	const char *what = NULL;

	if (!inside_ram((unsigned long)_fw_start, sbi_plat.fw_end))
		what = "the end of RAM";
	else if (next->addr >= lo && next->addr < hi)
		what = "the next stage";
	else if (next->fdt < hi && fdt_end > lo)
		what = "the device tree";
	if (!what)
		return;
	sbi_printf("tally: %u harts need 0x%lx-0x%lx (%lu KiB each; "
		   "PMP region 0x%lx-0x%lx), which reaches %s "
		   "(next stage 0x%lx, DT 0x%lx)\n", sbi_plat.hart_count,
		   (unsigned long)_fw_start, sbi_plat.fw_end - 1,
		   FW_HART_AREA_SIZE / 1024UL, lo, hi - 1, what, next->addr,
		   next->fdt);
	die("no room for the harts' state");
}

/*
 * Lay the hart table out after the image, fill it from the DT and move
 * this hart onto its own scratch (the stack stays the boot stack until
 * the hart leaves M-mode).
 */
static void setup_harts(unsigned long hartid, const struct sbi_next_stage *next)
{
	unsigned long *ids;

	fw_region(sbi_hart_table_end(sbi_plat.hart_count));
	check_layout(next);
	ids = sbi_hart_table_alloc(sbi_plat.hart_count);
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
	int err = fdt_reserve_firmware(fdt, sbi_plat.fw_start,
				       sbi_plat.fw_region);

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

void sbi_cold_boot(unsigned long hartid, unsigned long fdt, unsigned long a2)
{
	struct sbi_next_stage next;
	const char *why = "unknown";
	int err;

	sbi_scratch_this()->hartid = hartid;
	fdt = fw_fdt_address(fdt);
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
