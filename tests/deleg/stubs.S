/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One-instruction CSR accesses (rd_X: a0 = X; wr_X: X = a0), run from
 * S-mode under trap_catch or from VS-mode through lower_call_catch(): a
 * trapping access is skipped and the stub returns. Every access is a
 * 4-byte instruction (what the catchers skip).
 *
 * And the exact loops of the M-mode tests:
 *   ecall_loop(n):  n x (li a7, li a6, ecall, addi, bnez): BASE
 *                   get_spec_version; the trapping ecall does not retire
 *   nop_loop(n):    the same with a nop in place of the ecall
 *   spin_loop(n):   n x (addi, bnez)
 */
#include <sbi/sbi_ecall_interface.h>
#include "deleg.h"

	.option	norvc

	.macro	RD name, csr
	.globl	rd_\name
	.balign	4
rd_\name:
	csrr	a0, \csr
	ret
	.endm

	.macro	WR name, csr
	.globl	wr_\name
	.balign	4
wr_\name:
	csrw	\csr, a0
	ret
	.endm

	.text
	RD	sireg, CSR_SIREG
	RD	sireg2, CSR_SIREG2
	RD	sireg3, CSR_SIREG3
	RD	sireg4, CSR_SIREG4
	RD	sireg5, CSR_SIREG5
	RD	sireg6, CSR_SIREG6
	RD	scountinhibit, CSR_SCOUNTINHIBIT
	RD	scountovf, CSR_SCOUNTOVF
	RD	shpmspc, CSR_SHPMSPC
	RD	shpmsdata, CSR_SHPMSDATA
	RD	spdisctl, CSR_SPDISCTL
	RD	spdiscounter, CSR_SPDISCOUNTER
	RD	spdisevmask, CSR_SPDISEVMASK
	RD	spdisevmatch, CSR_SPDISEVMATCH
	RD	spdisfilter, CSR_SPDISFILTER
	WR	sireg, CSR_SIREG
	WR	sireg2, CSR_SIREG2
	WR	scountinhibit, CSR_SCOUNTINHIBIT
	WR	shpmspc, CSR_SHPMSPC

	.globl	echo
	.balign	4
echo:
	ret

	.globl	ecall_loop
	.balign	4
ecall_loop:
	mv	t0, a0
1:	li	a7, SBI_EXT_BASE
	li	a6, SBI_EXT_BASE_GET_SPEC_VERSION
	ecall
	addi	t0, t0, -1
	bnez	t0, 1b
	ret

	.globl	nop_loop
	.balign	4
nop_loop:
	mv	t0, a0
1:	li	a7, SBI_EXT_BASE
	li	a6, SBI_EXT_BASE_GET_SPEC_VERSION
	nop
	addi	t0, t0, -1
	bnez	t0, 1b
	ret

	.globl	spin_loop
	.balign	4
spin_loop:
1:	addi	a0, a0, -1
	bnez	a0, 1b
	ret
