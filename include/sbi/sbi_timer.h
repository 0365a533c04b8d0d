/* SPDX-License-Identifier: BSD-2-Clause */
/* The SBI timer: Sstc stimecmp when present, else ACLINT mtimecmp. */
#ifndef SBI_TIMER_H
#define SBI_TIMER_H

#include <stdint.h>

#include <stdbool.h>
#include <sbi/sbi_platform.h>

/* Can this hart's timer be set (Sstc, or an MTIMER in the DT)? */
static inline bool sbi_timer_available(void)
{
	return sbi_isa_has(&sbi_plat.isa, SBI_ISA_EXT_SSTC) ||
	       sbi_scratch_this()->mtimecmp;
}
/*
 * The machine timer a driver registers (lib/utils/timer/): mtime, and
 * the compare register of the hart of @s (s->mtimecmp, set by the
 * driver's per-hart set-up). Without one, mtime reads 0.
 */
struct sbi_timer_device {
	const char *name;
	uint64_t (*value)(void);
	void (*set)(struct sbi_scratch *s, uint64_t when);
};

void sbi_timer_set_device(const struct sbi_timer_device *dev);
void sbi_timer_set(uint64_t when);
/* Machine timer interrupt: hand the event to S-mode as STIP. */
void sbi_timer_process(void);
/* Current time (time CSR or mtime). */
uint64_t sbi_timer_value(void);
/* A hart's first start: no S-mode timer due until S-mode sets one. */
void sbi_timer_hart_init(void);
/*
 * The S-mode timer across a non-retentive suspend: Sstc's compare value,
 * or without Sstc the pending mip.STIP; saved after the wake-up.
 */
uint64_t sbi_timer_hart_save(void);
void sbi_timer_hart_restore(uint64_t saved);

#endif /* SBI_TIMER_H */
