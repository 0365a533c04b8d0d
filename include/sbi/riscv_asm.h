/* SPDX-License-Identifier: BSD-2-Clause */
/* CSR access and small instruction wrappers. */
#ifndef RISCV_ASM_H
#define RISCV_ASM_H

#include <stdint.h>
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

/*
 * A 64-bit CSR (menvcfg, mstateen0) by the name of its low half: on RV32
 * bits 63:32 are the CSR named with an H suffix (CSR_MENVCFGH).
 */
#if __riscv_xlen == 32
#define csr_read64(csr)							\
	(((uint64_t)csr_read(csr##H) << 32) | csr_read(csr))
#define csr_write64(csr, val)						\
	({								\
		uint64_t __w = (val);					\
		csr_write(csr, (unsigned long)__w);			\
		csr_write(csr##H, (unsigned long)(__w >> 32));		\
	})
#define csr_set64(csr, val)						\
	({								\
		uint64_t __w = (val);					\
		if ((uint32_t)__w)					\
			csr_set(csr, (unsigned long)__w);		\
		if (__w >> 32)						\
			csr_set(csr##H, (unsigned long)(__w >> 32));	\
	})
#define csr_clear64(csr, val)						\
	({								\
		uint64_t __w = (val);					\
		if ((uint32_t)__w)					\
			csr_clear(csr, (unsigned long)__w);		\
		if (__w >> 32)						\
			csr_clear(csr##H, (unsigned long)(__w >> 32));	\
	})
#define csr_read_clear64(csr, val)					\
	({								\
		uint64_t __c = (val);					\
		uint64_t __o = csr_read_clear(csr##H,			\
					      (unsigned long)(__c >> 32));	\
		(__o << 32) | csr_read_clear(csr, (unsigned long)__c);	\
	})
#else
#define csr_read64(csr)			csr_read(csr)
#define csr_read_clear64(csr, val)	csr_read_clear(csr, val)
#define csr_write64(csr, val)		csr_write(csr, val)
#define csr_set64(csr, val)		csr_set(csr, val)
#define csr_clear64(csr, val)		csr_clear(csr, val)
#endif

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
