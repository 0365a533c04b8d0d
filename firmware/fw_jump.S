/* SPDX-License-Identifier: BSD-2-Clause */
/* fw_jump: any hart may win the cold-boot lottery. */
	.section .entry, "ax", %progbits
	.globl	fw_boot_hart
fw_boot_hart:
	li	a0, -1
	ret
