/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fwft_lpad_probe(): an indirect jump (rs1 = a1, so ELP is expected with
 * Zicfilp on) to an instruction that is not an lpad. Returns 0 if it ran,
 * else the scause it raised. No C may run while landing pads are on, so
 * this uses its own trap vector, interrupts off.
 */
	.text
	.globl fwft_lpad_probe
	.align 2
fwft_lpad_probe:
	csrrci	t3, sstatus, 2
	csrr	t2, stvec
	la	t0, 1f
	csrw	stvec, t0
	li	a0, 0
	la	a1, 2f
	jr	a1
2:	nop
	nop
	j	3f
	.align 2
1:	csrr	a0, scause
	li	t0, 1 << 23		/* sstatus.SPELP: return with ELP 0 */
	csrc	sstatus, t0
	la	t0, 3f
	csrw	sepc, t0
	sret
3:	csrw	stvec, t2
	andi	t3, t3, 2
	csrs	sstatus, t3
	ret
