/* SPDX-License-Identifier: BSD-2-Clause */
/* CSR access and small instruction wrappers. */
#ifndef RISCV_ASM_H
#define RISCV_ASM_H

#include <sbi/riscv_encoding.h>

#define __str(x)	#x
#define __xstr(x)	__str(x)

#define csr_read(csr)							\
	({								\
		unsigned long __v;					\
		__asm__ __volatile__("csrr %0, " __xstr(csr)		\
				     : "=r"(__v) : : "memory");		\
		__v;							\
	})

#define csr_write(csr, val)						\
	({								\
		unsigned long __v = (unsigned long)(val);		\
		__asm__ __volatile__("csrw " __xstr(csr) ", %0"		\
				     : : "rK"(__v) : "memory");		\
	})

#define csr_swap(csr, val)						\
	({								\
		unsigned long __v = (unsigned long)(val);		\
		__asm__ __volatile__("csrrw %0, " __xstr(csr) ", %1"	\
				     : "=r"(__v) : "rK"(__v) : "memory");	\
		__v;							\
	})

#define csr_set(csr, val)						\
	({								\
		unsigned long __v = (unsigned long)(val);		\
		__asm__ __volatile__("csrs " __xstr(csr) ", %0"		\
				     : : "rK"(__v) : "memory");		\
	})

#define csr_clear(csr, val)						\
	({								\
		unsigned long __v = (unsigned long)(val);		\
		__asm__ __volatile__("csrc " __xstr(csr) ", %0"		\
				     : : "rK"(__v) : "memory");		\
	})

#define csr_read_clear(csr, val)					\
	({								\
		unsigned long __v = (unsigned long)(val);		\
		__asm__ __volatile__("csrrc %0, " __xstr(csr) ", %1"	\
				     : "=r"(__v) : "rK"(__v) : "memory");	\
		__v;							\
	})

static inline void wfi(void)
{
	__asm__ __volatile__("wfi" ::: "memory");
}

static inline void mb(void)
{
	__asm__ __volatile__("fence rw, rw" ::: "memory");
}

/* Read/write a CSR whose number is only known at run time. */
unsigned long csr_read_num(unsigned int csr);
void csr_write_num(unsigned int csr, unsigned long val);

/*
 * Access a CSR that may not exist. Returns 0 on success, or the trap cause
 * (non-zero) if the access trapped; M-mode state is left untouched.
 */
unsigned long csr_read_safe(unsigned int csr, unsigned long *val);
unsigned long csr_write_safe(unsigned int csr, unsigned long val);

#endif /* RISCV_ASM_H */
