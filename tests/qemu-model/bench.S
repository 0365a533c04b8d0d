/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Guest-speed benchmark for docs/qemu-model.md: a loop of loads, stores,
 * ALU ops, a data-dependent forward branch and the loop branch, run
 * BENCH_ITERS times, then exit through the virt test device. Built with
 * -DEVENTS, it first makes four counters count loads, stores, branches and
 * mispredictions (so the model's instrumentation is on).
 * Guest instructions: 9 or 10 per iteration (9.5 on average).
 */
#include "sbi/riscv_draft_encoding.h"

#ifndef BENCH_PERIOD
#define BENCH_PERIOD 100000
#endif
#ifndef BENCH_ITERS
#define BENCH_ITERS 200000000
#endif

	.section .text.start, "ax"
	.globl	_start
_start:
	csrr	t0, mhartid
1:	bnez	t0, 1b
#ifdef EVENTS
	li	t0, HPM_EV_INST_RET_LOAD
	csrw	mhpmevent3, t0
	li	t0, HPM_EV_INST_RET_STORE
	csrw	mhpmevent4, t0
	li	t0, HPM_EV_INST_BRJMP_SPEC
	csrw	mhpmevent5, t0
	li	t0, HPM_EV_INST_MISPRED_SPEC
	csrw	mhpmevent6, t0
	csrw	mcountinhibit, zero
#endif
#ifdef PDIS
	/* sample every BENCH_PERIOD-th instruction, M-mode, all types */
	li	t0, (0x100000000 - BENCH_PERIOD) << 32 | (0x100000000 - BENCH_PERIOD)
	csrw	CSR_SPDISCOUNTER, t0
	li	t0, PDISCTL_M | PDISCTL_SEL_ALL
	csrw	CSR_MPDISCTL, t0
	csrw	mcountinhibit, zero
#endif
	la	a0, data
	li	a1, BENCH_ITERS
	li	t3, 0
loop:
	ld	t0, 0(a0)
	addi	t0, t0, 1
	sd	t0, 8(a0)
	xor	t1, t1, t0
	andi	t2, t0, 1
	beqz	t2, 2f
	addi	t3, t3, 1
2:	addi	a1, a1, -1
	bnez	a1, loop
	sd	t0, 0(a0)
	li	t0, 0x100000
	li	t1, 0x5555
	sw	t1, 0(t0)
3:	j	3b

	.data
	.align	3
data:	.dword	0, 0
