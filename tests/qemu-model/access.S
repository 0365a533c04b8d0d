/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One memory access per function, for the misaligned-access tests:
 * acc_<insn>(a0 = address, a1 = value to store) returns what a load read
 * (a store returns a0 unchanged, an SC its result). The access is the
 * function's first instruction, so a trap's epc is the function address.
 */
	.text

	.macro	acc name, body:vararg
	.globl	acc_\name
	.align	2
acc_\name:
	\body
	ret
	.endm

	.option	push
	.option	norvc
	acc	lb, lb a0, 0(a0)
	acc	lh, lh a0, 0(a0)
	acc	lhu, lhu a0, 0(a0)
	acc	lw, lw a0, 0(a0)
	acc	lwu, lwu a0, 0(a0)
	acc	ld, ld a0, 0(a0)
	acc	sb, sb a1, 0(a0)
	acc	sh, sh a1, 0(a0)
	acc	sw, sw a1, 0(a0)
	acc	sd, sd a1, 0(a0)
	acc	lr_w, lr.w a0, (a0)
	acc	lr_d, lr.d a0, (a0)
	acc	sc_w, sc.w a0, a1, (a0)
	acc	amoadd_w, amoadd.w a0, a1, (a0)
	acc	amoswap_d, amoswap.d a0, a1, (a0)

	/* an SC.D holding the reservation of an LR.W: its access at +4 */
	.globl	acc_lrw_scd
acc_lrw_scd:
	lr.w	t0, (a0)
	sc.d	a0, a1, (a0)
	ret

	/* FP: the value moves through ft0; the stores' access is at +4 */
	.globl	acc_flw, acc_fld, acc_fsw, acc_fsd
acc_flw:
	flw	ft0, 0(a0)
	fmv.x.w	a0, ft0
	ret
acc_fld:
	fld	ft0, 0(a0)
	fmv.x.d	a0, ft0
	ret
acc_fsw:
	fmv.w.x	ft0, a1
	fsw	ft0, 0(a0)
	ret
acc_fsd:
	fmv.d.x	ft0, a1
	fsd	ft0, 0(a0)
	ret

/*
 * acc_counted(a0 = 8-aligned buffer, a1 = value, a2 = inhibit mask): with
 * the counters running, lw at +2, sd at +4 (both misaligned), lw at +4.
 */
	.globl	acc_counted
acc_counted:
	csrw	mcountinhibit, zero
	lw	t0, 2(a0)
	sd	a1, 4(a0)
	lw	t0, 4(a0)
	csrw	mcountinhibit, a2
	ret
	.option	pop

	/* the first instruction of these must be the compressed access */
	.option	push
	.option	rvc
	acc	c_lw, c.lw a0, 0(a0)
	acc	c_ld, c.ld a0, 0(a0)
	acc	c_sw, c.sw a1, 0(a0)
	acc	c_sd, c.sd a1, 0(a0)
	.option	pop
