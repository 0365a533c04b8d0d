/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Known instruction sequences for the event-count tests. Each runs between
 * "csrw mcountinhibit, zero" and "csrw mcountinhibit, a1" (a1 = all ones),
 * so only its own instructions are counted.
 *
 * seq_mix(a0 = buffer, a1 = inhibit mask):
 *   loads  7  (5 ld/lw, amoadd, lr)
 *   stores 5  (3 sd/sw, amoadd, sc)
 *   branches/jumps 8: bne x4 (backward: 3 taken, 1 not), beq forward x2
 *     (1 taken, 1 not), jal, jalr
 *   taken 6, mispredicted (backward-taken/forward-not-taken) 2
 */
	.text
	.globl	seq_mix
	.globl	seq_mix_insns
seq_mix:
	li	t2, 4
	csrw	mcountinhibit, zero
	ld	t0, 0(a0)
	lw	t1, 8(a0)
	ld	t0, 16(a0)
	c.ld	a2, 0(a0)
	c.lw	a3, 8(a0)
	sd	t0, 24(a0)
	sw	t1, 32(a0)
	c.sd	a2, 40(a0)
	amoadd.d t0, t1, (a0)
	lr.d	t0, (a0)
	sc.d	t1, t0, (a0)
1:	addi	t2, t2, -1
	bne	t2, zero, 1b		/* backward: T T T N */
	beq	t2, a0, 2f		/* forward not taken */
2:	beq	t2, zero, 3f		/* forward taken */
	nop
3:	jal	t3, 4f
4:	la	t4, 5f
	jalr	t5, 0(t4)
5:	csrw	mcountinhibit, a1
	ret
/*
 * instructions retired from the first ld to the last jalr, plus one of
 * the two mcountinhibit writes (a CSR write takes effect after its own
 * instruction: the write that stops the counters is counted, the one
 * that starts them is not)
 */
seq_mix_insns:
	.dword	11 + 8 + 2 + 1 + 2 + 1 + 1

/*
 * seq_loads(a0 = buffer, a1 = inhibit mask): ten loads; each load is
 * labelled so a test can compare the overflow PC.
 */
	.globl	seq_loads
	.globl	seq_load_pc
seq_loads:
	csrw	mcountinhibit, zero
	.set	i, 0
	.rept	10
	ld	t0, 0(a0)
	.set	i, i + 1
	.endr
	csrw	mcountinhibit, a1
	ret
seq_load_pc:
	.dword	seq_loads + 4

/*
 * seq_branches(a1 = inhibit mask): eight taken backward-free jumps.
 */
	.globl	seq_jumps
seq_jumps:
	csrw	mcountinhibit, zero
	j	1f
1:	j	2f
2:	j	3f
3:	j	4f
4:	j	5f
5:	j	6f
6:	j	7f
7:	j	8f
8:	csrw	mcountinhibit, a1
	ret

/*
 * seq_acc(a0 = buffer, a1 = inhibit mask): two non-memory instructions,
 * then two loads (PDIS ACC test).
 */
	.globl	seq_acc
	.globl	seq_acc_ld
seq_acc:
	csrw	mcountinhibit, zero
	addi	t0, t0, 1
	addi	t0, t0, 1
seq_acc_ld:
	ld	t1, 0(a0)
	ld	t1, 8(a0)
	csrw	mcountinhibit, a1
	ret

/*
 * seq_ctl(a0 = buffer, a1 = inhibit mask): one control transfer of each
 * type, in this order (ctl_pcs[] holds their addresses, ctl_tgts[] their
 * targets):
 *  0 beq taken forward     1 bne not taken backward   2 jal ra (call)
 *  3 ret                   4 j (jump)                 5 jal t1 (other)
 *  6 jalr ra, t2 (call)    7 ret                      8 jr t2 (jump)
 *  9 jalr t1, t2 (other)  10 jalr ra, t0 (co-routine swap)  11 mret
 */
	.globl	seq_ctl
	.globl	ctl_pcs
	.globl	ctl_tgts
seq_ctl:
	addi	sp, sp, -16
	sd	s1, 0(sp)
	mv	s1, ra
	csrw	mcountinhibit, zero
c0:	beq	zero, zero, k0
b1:	nop
k0:
c1:	bne	zero, zero, b1		/* backward, not taken */
c2:	jal	ra, fn_ret
k3:
c4:	j	k4
	nop
k4:
c5:	jal	t1, k5
k5:	la	t2, fn_ret2
c6:	jalr	ra, 0(t2)
k7:	la	t2, k8
c8:	jr	t2
	nop
k8:	la	t2, k9
c9:	jalr	t1, 0(t2)
k9:	la	t0, k10
c10:	jalr	ra, 0(t0)
k10:	la	t0, k11
	csrw	mepc, t0
	li	t0, 3 << 11
	csrs	mstatus, t0
c11:	mret
k11:	csrw	mcountinhibit, a1
	mv	ra, s1
	ld	s1, 0(sp)
	addi	sp, sp, 16
	ret
fn_ret:
c3:	ret
fn_ret2:
c7:	ret

	.section .rodata
	.align	3
ctl_pcs:
	.dword	c0, c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11
ctl_tgts:
	.dword	k0, c2, fn_ret, k3, k4, k5, fn_ret2, k7, k8, k9, k10, k11
	.text

/* s_loads(a0 = buffer): five loads, for lower-mode counting */
	.globl	s_loads
s_loads:
	ld	t0, 0(a0)
	ld	t0, 0(a0)
	ld	t0, 0(a0)
	ld	t0, 0(a0)
	ld	t0, 0(a0)
	li	a0, 0
	ret

/*
 * Straight-line sleds of SLED_N 4-byte instructions (no compression, so
 * instruction k starts at sled + 4 * k) for the overflow tests.
 *
 * sled_u(): SLED_N addi, then ret; run in a lower mode with run_lower():
 *   SLED_N + 1 instructions retire there (the ret too).
 * sled_m(a0 = inhibit mask to start, a1 = to stop): csrw mcountinhibit,
 *   a0; SLED_N addi (from sled_m_body); csrw mcountinhibit, a1; ret.
 *   Counted: SLED_N + 1, the addi and the write that stops the counters
 *   (a CSR write takes effect once its own instruction has retired).
 */
	.equ	SLED_N, 2200
	.globl	sled_u
	.globl	sled_m
	.globl	sled_m_body
	.globl	sled_n
	.option	push
	.option	norvc
	.align	2
sled_u:
	.rept	SLED_N
	addi	t0, t0, 1
	.endr
	ret
sled_m:
	csrw	mcountinhibit, a0
sled_m_body:
	.rept	SLED_N
	addi	t0, t0, 1
	.endr
	csrw	mcountinhibit, a1
	ret
	.option	pop
	.section .rodata
	.align	3
sled_n:
	.dword	SLED_N
	.text

/*
 * seq_refill(a0 = buffer, a1 = inhibit mask): QEMU's soft TLB emptied,
 * the counters started, two nops, then the one load (at seq_refill_pc)
 * whose data access must refill the soft TLB.
 */
	.globl	seq_refill
	.globl	seq_refill_pc
seq_refill:
	sfence.vma
	csrw	mcountinhibit, zero
	nop
	nop
1:	ld	t0, 0(a0)
	nop
	csrw	mcountinhibit, a1
	ret
	.data
	.balign	8
seq_refill_pc:
	.dword	1b
	.text
