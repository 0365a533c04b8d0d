/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Loads and stores with the privilege and translation of the trapped mode
 * (mstatus.MPRV). A fault does not trap into the firmware: it is returned
 * as the exception cause so the caller can redirect it to S-mode.
 */
#ifndef SBI_UNPRIV_H
#define SBI_UNPRIV_H

#include <stdint.h>

/* Each returns 0 or the trap cause; @tval gets the faulting address. */
unsigned long sbi_load_u8(unsigned long addr, uint8_t *val);
unsigned long sbi_store_u8(unsigned long addr, uint8_t val);
unsigned long sbi_load_ulong(unsigned long addr, unsigned long *val);
/* Fetch an instruction (16 or 32 bits) at @addr, execute permission. */
unsigned long sbi_fetch_insn(unsigned long addr, unsigned long *insn);

#endif /* SBI_UNPRIV_H */
