/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * payload_sse_entry: an SSE handler that runs a C function
 * (include/payload/sse.h). a6 = hartid, a7 = ENTRY_ARG = struct sse_frame.
 */
#include <payload/config.h>
#include <payload/sse.h>
#include <sbi/sbi_ecall_interface.h>

	.text
	.globl	payload_sse_entry
	.type	payload_sse_entry, @function
	.align	2
payload_sse_entry:
	.irp	n, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,18,19,20,21,22,23,24,25,26,27,28,29,30,31
	REG_S	x\n, (\n * SZREG)(a7)
	.endr
	REG_S	a7, (17 * SZREG)(a7)
	csrr	t0, sepc
	REG_S	t0, SSE_FRAME_SEPC(a7)
	csrr	t0, sstatus
	REG_S	t0, SSE_FRAME_SSTATUS(a7)
	mv	s0, a7
	REG_L	sp, SSE_FRAME_STACK(s0)
	.option push
	.option norelax
	la	gp, __global_pointer$
	.option pop
	mv	tp, a6
	mv	a0, s0
	mv	a1, a6
	REG_L	t0, SSE_FRAME_FN(s0)
	jalr	t0
	mv	t6, s0
	REG_L	t0, SSE_FRAME_SEPC(t6)
	csrw	sepc, t0
	.irp	n, 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,18,19,20,21,22,23,24,25,26,27,28,29,30
	REG_L	x\n, (\n * SZREG)(t6)
	.endr
	REG_L	t6, (31 * SZREG)(t6)
	li	a6, SBI_EXT_SSE_COMPLETE
	li	a7, SBI_EXT_SSE
	ecall
	/* complete resumed the interrupted context: never here */
1:	j	1b
	.size	payload_sse_entry, . - payload_sse_entry
