/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fw_payload: the next stage is linked into the image (section .payload,
 * at the first 2 MiB boundary after the firmware); any hart may win the
 * cold-boot lottery. FW_PAYLOAD_RAW names the raw payload image.
 */
	.section .entry, "ax", %progbits
	.globl	fw_boot_hart
fw_boot_hart:
	li	a0, -1
	ret

	.section .payload, "ax", %progbits
	.globl	_fw_payload_start
_fw_payload_start:
	.incbin	FW_PAYLOAD_RAW
