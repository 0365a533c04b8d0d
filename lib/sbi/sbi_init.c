// SPDX-License-Identifier: BSD-2-Clause
/* Cold and warm boot. */
#include <sbi/riscv_asm.h>
#include <sbi/sbi_console.h>
#include <sbi/sbi_drivers.h>
#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_fdt.h>
#include <sbi/sbi_hart.h>
#include <sbi/sbi_hsm.h>
#include <sbi/sbi_init.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_pmu_fw.h>
#include <sbi/sbi_banner.h>
#include <sbi/sbi_suspend_loss.h>
#include <sbi/sbi_test_channel.h>

extern char _fw_start[], _fw_end[];

static void __attribute__((noreturn)) die(const char *why)
{
	sbi_printf("tally: cannot boot: %s\n", why);
	for (;;)
		wfi();
}

/* Smallest naturally aligned power-of-two region covering the image. */
static void fw_region(void)
{
	unsigned long start = (unsigned long)_fw_start;
	unsigned long end = (unsigned long)_fw_end;
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
	unsigned long h;

	for (h = 0; h < FW_MAX_HARTS; h++) {
		struct sbi_scratch *s = sbi_scratch_of(h);

		if (!s)
			continue;
		s->hartid = h;
		atomic_write(&s->hsm_state, h == boot_hartid ?
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

void sbi_cold_boot(unsigned long hartid, unsigned long fdt, unsigned long a2)
{
	struct sbi_next_stage next;
	const char *why = "unknown";
	int err;

	sbi_scratch_this()->hartid = hartid;
	fw_region();
	err = sbi_platform_from_fdt((void *)fdt, hartid);
	uart8250_init();
	if (err)
		die("no usable device tree in a1");
	if (fw_next_stage(fdt, a2, &next, &why))
		die(why);
	sbi_hart_probe();	/* the boot hart's view is the platform's */
	sbi_plat.isa = sbi_scratch_this()->isa;
	sbi_plat.pmp_count = count_pmp();
	sbi_pmu_platform_init((void *)fdt);
	init_harts(hartid);
	fixup_fdt((void *)fdt);
	sbi_test_channel_init((void *)fdt);
	sbi_suspend_loss_init((void *)fdt);
	sbi_hart_init();
	sbi_banner_print(&next);
	mb();
	_boot_done = 1;
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
