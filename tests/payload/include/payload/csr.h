/* SPDX-License-Identifier: BSD-2-Clause */
/* S-mode CSR numbers, bits and access macros for test payloads. */
#ifndef PAYLOAD_CSR_H
#define PAYLOAD_CSR_H

#define CSR_SSTATUS		0x100
#define CSR_SIE			0x104
#define CSR_STVEC		0x105
#define CSR_SCOUNTEREN		0x106
#define CSR_SENVCFG		0x10a
#define CSR_SSCRATCH		0x140
#define CSR_SEPC		0x141
#define CSR_SCAUSE		0x142
#define CSR_STVAL		0x143
#define CSR_SIP			0x144
#define CSR_STIMECMP		0x14d
#define CSR_SATP		0x180
#define CSR_CYCLE		0xc00
#define CSR_TIME		0xc01
#define CSR_INSTRET		0xc02
#define CSR_MSTATUS		0x300
#define CSR_HGATP		0x680	/* H extension, HS-mode */

/* hgatp (RV32: Sv32x4 and a 7-bit VMID) */
#if __riscv_xlen == 32
#define HGATP_MODE_SHIFT	31
#define HGATP_MODE_SV39X4	1UL	/* Sv32x4 */
#define HGATP_VMID_SHIFT	22
#define HGATP_VMID_MASK		(0x7fUL << HGATP_VMID_SHIFT)
#else
#define HGATP_MODE_SHIFT	60
#define HGATP_MODE_SV39X4	8UL
#define HGATP_VMID_SHIFT	44
#define HGATP_VMID_MASK		(0x3fffUL << HGATP_VMID_SHIFT)
#endif

#define SSTATUS_SIE		(1UL << 1)
#define SSTATUS_SPIE		(1UL << 5)
#define SSTATUS_SPP		(1UL << 8)

/* Interrupt numbers (scause without the interrupt bit) */
#define IRQ_S_SOFT		1
#define IRQ_S_TIMER		5
#define IRQ_S_EXT		9
#define IRQ_LCOF		13

#define SIP_SSIP		(1UL << IRQ_S_SOFT)
#define SIP_STIP		(1UL << IRQ_S_TIMER)
#define SIP_SEIP		(1UL << IRQ_S_EXT)
#define SIP_LCOFIP		(1UL << IRQ_LCOF)

#define SCAUSE_IRQ_FLAG		(1UL << (__riscv_xlen - 1))

/* Exception codes */
#define EXC_INST_MISALIGNED	0
#define EXC_INST_ACCESS		1
#define EXC_ILLEGAL_INST	2
#define EXC_BREAKPOINT		3
#define EXC_LOAD_MISALIGNED	4
#define EXC_LOAD_ACCESS		5
#define EXC_STORE_MISALIGNED	6
#define EXC_STORE_ACCESS	7
#define EXC_ECALL_U		8
#define EXC_ECALL_S		9
#define EXC_INST_PAGE_FAULT	12
#define EXC_LOAD_PAGE_FAULT	13
#define EXC_STORE_PAGE_FAULT	15

#define __csr_str(x)		#x
#define csr_str(x)		__csr_str(x)

#define csr_read(csr)						\
({								\
	unsigned long __v;					\
	asm volatile("csrr %0, " csr_str(csr)			\
		     : "=r"(__v) : : "memory");			\
	__v;							\
})

#define csr_write(csr, val)					\
({								\
	unsigned long __v = (unsigned long)(val);		\
	asm volatile("csrw " csr_str(csr) ", %0"		\
		     : : "rK"(__v) : "memory");			\
})

#define csr_set(csr, val)					\
({								\
	unsigned long __v = (unsigned long)(val);		\
	asm volatile("csrs " csr_str(csr) ", %0"		\
		     : : "rK"(__v) : "memory");			\
})

#define csr_clear(csr, val)					\
({								\
	unsigned long __v = (unsigned long)(val);		\
	asm volatile("csrc " csr_str(csr) ", %0"		\
		     : : "rK"(__v) : "memory");			\
})

static inline void local_irq_enable(void)
{
	csr_set(CSR_SSTATUS, SSTATUS_SIE);
}

static inline void local_irq_disable(void)
{
	csr_clear(CSR_SSTATUS, SSTATUS_SIE);
}

static inline void wfi(void)
{
	asm volatile("wfi" : : : "memory");
}

static inline void cpu_relax(void)
{
	asm volatile("nop; nop; nop; nop" : : : "memory");
}

#endif /* PAYLOAD_CSR_H */
