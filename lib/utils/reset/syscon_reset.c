// SPDX-License-Identifier: BSD-2-Clause
/*
 * syscon-poweroff / syscon-reboot (QEMU virt's sifive,test device). With
 * sifive,test a failure code is encoded as (code << 16) | 0x3333, which
 * makes QEMU exit with a non-zero status.
 */
#include <sbi/riscv_asm.h>
#include <sbi/sbi_drivers.h>
#include <sbi/sbi_platform.h>

#define SIFIVE_TEST_FAIL	0x3333

static void __attribute__((noreturn)) hang(void)
{
	for (;;)
		wfi();
}

void syscon_poweroff(uint32_t fail_code)
{
	uint32_t v = sbi_plat.poweroff_value;

	if (!sbi_plat.poweroff_addr)
		return;
	if (fail_code && sbi_plat.reset_sifive_test)
		v = (fail_code << 16) | SIFIVE_TEST_FAIL;
	*(volatile uint32_t *)sbi_plat.poweroff_addr = v;
	hang();
}

void syscon_reboot(void)
{
	if (!sbi_plat.reboot_addr)
		return;
	*(volatile uint32_t *)sbi_plat.reboot_addr = sbi_plat.reboot_value;
	hang();
}
