// SPDX-License-Identifier: BSD-2-Clause
/*
 * Emulation of misaligned integer loads/stores, of the time CSR where the
 * hardware lacks it, and of reads of SBI counters while CDE=1. What cannot be emulated goes to S-mode as the
 * original exception.
 */
#include <sbi/riscv_asm.h>
#include <sbi/sbi_platform.h>
#include <sbi/sbi_pmu_fw.h>
#include <sbi/sbi_timer.h>
#include <sbi/sbi_trap.h>
#include <sbi/sbi_unpriv.h>

struct mem_op {
	unsigned int len;	/* bytes accessed */
	unsigned int reg;	/* rd for loads, rs2 for stores */
	bool sign;		/* sign-extend a load */
	bool store;
};

static unsigned long *xreg(struct sbi_trap_regs *regs, unsigned int n)
{
	return &((unsigned long *)regs)[n];
}

/* Decode integer LH/LW/LD/LHU/LWU/SH/SW/SD and their compressed forms. */
static bool decode(unsigned long insn, struct mem_op *op)
{
	unsigned int f3 = (insn >> 13) & 7;

	if ((insn & 3) == 3) {
		f3 = (insn >> 12) & 7;
		op->store = (insn & 0x7f) == 0x23;
		if ((insn & 0x7f) != 0x03 && !op->store)
			return false;
		op->len = 1u << (f3 & 3);
		op->sign = !op->store && !(f3 & 4);
		op->reg = op->store ? (insn >> 20) & 31 : (insn >> 7) & 31;
		return f3 != 7 && !(op->store && f3 > 3) && op->len > 1;
	}
	op->sign = true;
	switch ((insn & 3) << 3 | f3) {
	case 0 << 3 | 2: case 0 << 3 | 3:	/* C.LW, C.LD */
		op->store = false;
		op->reg = 8 + ((insn >> 2) & 7);
		break;
	case 0 << 3 | 6: case 0 << 3 | 7:	/* C.SW, C.SD */
		op->store = true;
		op->reg = 8 + ((insn >> 2) & 7);
		break;
	case 2 << 3 | 2: case 2 << 3 | 3:	/* C.LWSP, C.LDSP */
		op->store = false;
		op->reg = (insn >> 7) & 31;
		break;
	case 2 << 3 | 6: case 2 << 3 | 7:	/* C.SWSP, C.SDSP */
		op->store = true;
		op->reg = (insn >> 2) & 31;
		break;
	default:
		return false;
	}
	op->len = (f3 & 1) ? 8 : 4;
	return true;
}

static unsigned long do_load(const struct mem_op *op, unsigned long addr,
			     unsigned long *val, unsigned long *bad)
{
	unsigned long v = 0, cause;
	unsigned int i;
	uint8_t b;

	for (i = 0; i < op->len; i++) {
		cause = sbi_load_u8(addr + i, &b);
		if (cause) {
			*bad = addr + i;
			return cause;
		}
		v |= (unsigned long)b << (8 * i);
	}
	if (op->sign && op->len < 8) {
		unsigned int sh = 64 - 8 * op->len;

		v = (unsigned long)((long)(v << sh) >> sh);
	}
	*val = v;
	return 0;
}

static unsigned long do_store(const struct mem_op *op, unsigned long addr,
			      unsigned long val, unsigned long *bad)
{
	unsigned long cause;
	unsigned int i;

	for (i = 0; i < op->len; i++) {
		cause = sbi_store_u8(addr + i, val >> (8 * i));
		if (cause) {
			*bad = addr + i;
			return cause;
		}
	}
	return 0;
}

void sbi_emulate_misaligned(struct sbi_trap_regs *regs, unsigned long cause,
			    unsigned long tval)
{
	bool is_store = cause == CAUSE_MISALIGNED_STORE;
	unsigned long insn, val, bad = tval, fault;
	struct mem_op op;

	sbi_pmu_fw_count(is_store ? PMU_FW_MISALIGNED_STORE
				  : PMU_FW_MISALIGNED_LOAD);
	fault = sbi_fetch_insn(regs->mepc, &insn);
	if (fault) {
		sbi_trap_redirect(regs, fault, regs->mepc);
		return;
	}
	if (!decode(insn, &op) || op.store != is_store) {
		sbi_trap_redirect(regs, cause, tval);	/* AMO, FP, ... */
		return;
	}
	if (is_store) {
		fault = do_store(&op, tval, *xreg(regs, op.reg), &bad);
	} else {
		fault = do_load(&op, tval, &val, &bad);
		if (!fault && op.reg)
			*xreg(regs, op.reg) = val;
	}
	if (fault) {
		sbi_trap_redirect(regs, fault, bad);
		return;
	}
	regs->mepc += INSN_LEN(insn);
}

/*
 * csrr rd, <counter>: csrrs rd, 0xc00 + idx, x0; idx 1 is time. On RV32
 * 0xc80 + idx reads bits 63:32: *hi says so.
 */
static bool is_counter_read(unsigned long insn, unsigned int *idx, bool *hi)
{
	unsigned long csr = insn >> 20;

	if ((insn & 0x000ff07fUL) != ((2 << 12) | INSN_OPCODE_SYSTEM))
		return false;
	*hi = sizeof(long) < 8 && csr - (CSR_CYCLE + 0x80) < 32;
	if (*hi)
		csr -= 0x80;
	if (csr < CSR_CYCLE || csr >= CSR_CYCLE + 32)
		return false;
	*idx = csr - CSR_CYCLE;
	return true;
}

/*
 * The exception the read of counter @idx raises where mcounteren allows it
 * (0: none): hcounteren gates VS/VU-mode, scounteren gates U and VU-mode.
 */
static unsigned long counter_denied(unsigned long mstatus, unsigned int idx)
{
	bool virt = (mstatus & MSTATUS_MPV) != 0;
	bool user = !(mstatus & MSTATUS_MPP);

	if (virt && !((csr_read(CSR_HCOUNTEREN) >> idx) & 1))
		return CAUSE_VIRTUAL_INST_FAULT;
	if (user && !((csr_read(CSR_SCOUNTEREN) >> idx) & 1))
		return virt ? CAUSE_VIRTUAL_INST_FAULT : CAUSE_ILLEGAL_INSTRUCTION;
	return 0;
}

/*
 * The value S/U-mode meant to read, where the firmware stands in for the
 * hardware: time where the CSR is missing, or an SBI counter whose
 * mcounteren bit CDE=1 cleared.
 */
static bool counter_value(unsigned int idx, bool hi, unsigned long *val)
{
	uint64_t v;

	if (idx == 1)
		v = sbi_timer_value();
	else if (!pmu_hart_emulate_read(&sbi_scratch_this()->pmu, idx, &v))
		return false;
	*val = hi ? (unsigned long)(v >> 32) : (unsigned long)v;
	return true;
}

void sbi_emulate_illegal(struct sbi_trap_regs *regs, unsigned long tval)
{
	unsigned long insn = tval, val, denied;
	unsigned int idx, rd;
	bool hi;

	sbi_pmu_fw_count(PMU_FW_ILLEGAL_INSN);
	if (!insn && sbi_fetch_insn(regs->mepc, &insn))
		insn = 0;
	if (!is_counter_read(insn, &idx, &hi) ||
	    !counter_value(idx, hi, &val)) {
		sbi_trap_redirect(regs, CAUSE_ILLEGAL_INSTRUCTION, tval);
		return;
	}
	denied = counter_denied(regs->mstatus, idx);
	if (denied) {
		sbi_trap_redirect(regs, denied, insn);
		return;
	}
	rd = (insn >> 7) & 31;
	if (rd)
		*xreg(regs, rd) = val;
	regs->mepc += 4;
}
