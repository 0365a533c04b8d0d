/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * CSR access by index for the PMU's ranges: mcycle/minstret/mhpmcounterN
 * (0xb00 + i) and mcountinhibit/mcyclecfg/minstretcfg/mhpmeventN
 * (0x320 + i), i < 32, and on RV32 their high halves. One jump into a
 * table of 8-byte "csrr/csrw; jr t0" entries: seven instructions where a
 * switch over every CSR takes twenty.
 *
 * Not C functions: <sbi/sbi_pmu_csr.h> calls them with "jal t0" from
 * inline assembly that names what they clobber (t0, t1, a0), so that the
 * caller keeps ra and its other registers and may stay a leaf.
 */

/* TABLE name, base, op: op is "r" (a0 = csr) or "w" (csr = a1) */
	.macro	TABLE name, base, op
	.globl	\name
	.align	3
\name:
	lla	t1, 1f
	slli	a0, a0, 3
	add	t1, t1, a0
	jr	t1
	.align	3
1:
	.set	i, 0
	.rept	32
	.ifc	\op, r
	csrr	a0, \base + i
	.else
	csrw	\base + i, a1
	.endif
	jr	t0
	.align	3
	.set	i, i + 1
	.endr
	.endm

	.section .text.sbi_csr_table, "ax", %progbits
	TABLE	sbi_csr_read_b00, 0xb00, r
	TABLE	sbi_csr_write_b00, 0xb00, w
	TABLE	sbi_csr_read_320, 0x320, r
	TABLE	sbi_csr_write_320, 0x320, w
#if __riscv_xlen == 32
	/* RV32: mhpmcounterNh (0xb80 + i) and mhpmeventNh (0x720 + i) */
	TABLE	sbi_csr_read_b80, 0xb80, r
	TABLE	sbi_csr_write_b80, 0xb80, w
	TABLE	sbi_csr_read_720, 0x720, r
	TABLE	sbi_csr_write_720, 0x720, w
#endif
