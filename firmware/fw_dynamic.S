/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fw_dynamic: the previous stage passes a2 = struct fw_dynamic_info.
 * fw_boot_hart runs before any stack exists: a0..a2 in, a0 out, t0 only.
 */
#include <sbi/fw_dynamic.h>

	.section .entry, "ax", %progbits
	.globl	fw_boot_hart
fw_boot_hart:
	li	t0, -1
	beqz	a2, 1f
	REG_L	t1, FW_DYNAMIC_INFO_MAGIC_OFFSET(a2)
	li	t2, FW_DYNAMIC_INFO_MAGIC
	bne	t1, t2, 1f
	REG_L	t1, FW_DYNAMIC_INFO_VERSION_OFFSET(a2)
	li	t2, 2
	blt	t1, t2, 1f
	REG_L	t0, FW_DYNAMIC_INFO_BOOT_HART_OFFSET(a2)
1:	mv	a0, t0
	ret
