// SPDX-License-Identifier: BSD-2-Clause
/* SBI set_timer over Sstc or the ACLINT machine timer. */
#include <sbi/riscv_asm.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_pmu_fw.h>
#include <sbi/sbi_timer.h>

#if __riscv_xlen == 32
/* timeh, time, timeh again: a carry between the reads is seen */
static uint64_t csr_read_time(void)
{
	unsigned long hi, lo;

	do {
		hi = csr_read(CSR_TIMEH);
		lo = csr_read(CSR_TIME);
	} while (hi != csr_read(CSR_TIMEH));
	return ((uint64_t)hi << 32) | lo;
}

/* No spurious interrupt from a half-written compare value. */
static void csr_write_stimecmp(uint64_t when)
{
	csr_write(CSR_STIMECMPH, -1UL);
	csr_write(CSR_STIMECMP, (unsigned long)when);
	csr_write(CSR_STIMECMPH, (unsigned long)(when >> 32));
}
#else
#define csr_read_time()		csr_read(CSR_TIME)
#define csr_write_stimecmp(v)	csr_write(CSR_STIMECMP, v)
#endif

static const struct sbi_timer_device *timer_dev;

void sbi_timer_set_device(const struct sbi_timer_device *dev)
{
	timer_dev = dev;
}

uint64_t sbi_timer_value(void)
{
	if (sbi_isa_has(&sbi_plat.isa, SBI_ISA_EXT_ZICNTR_TIME))
		return csr_read_time();
	return timer_dev ? timer_dev->value() : 0;
}

void sbi_timer_set(uint64_t when)
{
	struct sbi_scratch *s = sbi_scratch_this();

	sbi_pmu_fw_count(PMU_FW_SET_TIMER);
	if (sbi_isa_has(&sbi_plat.isa, SBI_ISA_EXT_SSTC)) {
		csr_write_stimecmp(when);
		return;
	}
	if (!s->mtimecmp || !timer_dev)
		return;
	csr_clear(CSR_MIP, MIP_STIP);
	timer_dev->set(s, when);
	csr_set(CSR_MIE, MIP_MTIP);
}

void sbi_timer_process(void)
{
	csr_clear(CSR_MIE, MIP_MTIP);
	csr_set(CSR_MIP, MIP_STIP);
}

/*
 * Sstc's compare value is unspecified at reset; QEMU's is 0, which makes
 * an S-mode timer interrupt due as soon as menvcfg.STCE is set (QEMU 10.1
 * on re-evaluates the compare when STCE changes). Until S-mode asks for
 * a timer there must be none: the latest time possible.
 */
void sbi_timer_hart_init(void)
{
	if (sbi_isa_has(&sbi_plat.isa, SBI_ISA_EXT_SSTC))
		csr_write_stimecmp(~0ULL);
}

/*
 * The S-mode timer across a non-retentive suspend. The device tree does
 * not say riscv,timer-cannot-wake-cpu, so the supervisor counts on its
 * timer to survive every idle state and wake the hart (Linux then never
 * reprograms it): the firmware keeps Sstc's compare value, which a
 * powered-down hart loses. The ACLINT's mtimecmp is outside the hart, but
 * without Sstc the timer interrupt that woke the hart is the firmware's
 * own mip.STIP (sbi_timer_process), hart state lost the same way: it is
 * kept too. (QEMU 10.1 on clears STIP when menvcfg.STCE goes from 1 to
 * 0, and spike's CPU has a writable STCE without a usable Sstc.)
 */
uint64_t sbi_timer_hart_save(void)
{
	if (sbi_isa_has(&sbi_plat.isa, SBI_ISA_EXT_SSTC))
		return csr_read64(CSR_STIMECMP);
	return csr_read(CSR_MIP) & MIP_STIP;
}

void sbi_timer_hart_restore(uint64_t saved)
{
	if (sbi_isa_has(&sbi_plat.isa, SBI_ISA_EXT_SSTC))
		csr_write_stimecmp(saved);
	else if (saved & MIP_STIP)
		csr_set(CSR_MIP, MIP_STIP);
}
