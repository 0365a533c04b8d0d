/* SPDX-License-Identifier: BSD-2-Clause */
/* The fw_dynamic boot protocol: information passed in a2. */
#ifndef FW_DYNAMIC_H
#define FW_DYNAMIC_H

#include <sbi/riscv_encoding.h>

#define FW_DYNAMIC_INFO_MAGIC		0x4942534f	/* "OSBI" */
/* Offsets in XLEN words (SZREG bytes each) */
#define FW_DYNAMIC_INFO_MAGIC_OFFSET	(0 * SZREG)
#define FW_DYNAMIC_INFO_VERSION_OFFSET	(1 * SZREG)
#define FW_DYNAMIC_INFO_NEXT_ADDR_OFFSET (2 * SZREG)
#define FW_DYNAMIC_INFO_NEXT_MODE_OFFSET (3 * SZREG)
#define FW_DYNAMIC_INFO_OPTIONS_OFFSET	(4 * SZREG)
#define FW_DYNAMIC_INFO_BOOT_HART_OFFSET (5 * SZREG)
#define FW_DYNAMIC_INFO_VERSION_MAX	2

#ifndef __ASSEMBLER__
struct fw_dynamic_info {
	unsigned long magic;
	unsigned long version;
	unsigned long next_addr;
	unsigned long next_mode;
	unsigned long options;
	unsigned long boot_hart;	/* version >= 2; -1: any hart */
};
#endif

#endif /* FW_DYNAMIC_H */
