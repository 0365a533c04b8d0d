/* SPDX-License-Identifier: BSD-2-Clause */
/* The platform devices the firmware drives (addresses from sbi_plat). */
#ifndef SBI_DRIVERS_H
#define SBI_DRIVERS_H

#include <stdint.h>

/*
 * Consoles: each registers itself with sbi_console if the DT's UART
 * (sbi_plat.uart_type) is its kind.
 */
void uart8250_init(void);
void sifive_uart_init(void);

struct sbi_scratch;

/* ACLINT MSWI: raise / clear the machine software interrupt of a hart. */
void aclint_mswi_send(struct sbi_scratch *s);
void aclint_mswi_clear(struct sbi_scratch *s);

/* ACLINT MTIMER (mtime reads 0 without one in the DT) */
uint64_t aclint_mtime_read(void);
void aclint_mtimecmp_write(struct sbi_scratch *s, uint64_t value);

/* syscon / sifive,test reset: does not return on success. */
void syscon_poweroff(uint32_t fail_code);
void syscon_reboot(void);
/* gpio-restart (sifive,gpio0): returns only if the reset did not happen. */
void gpio_restart(void);

#endif /* SBI_DRIVERS_H */
