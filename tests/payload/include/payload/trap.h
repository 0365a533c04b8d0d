/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * S-mode traps. Interrupts are counted per hart and handed to a handler
 * registered per interrupt number (or a default that silences the source).
 * Exceptions are fatal (the payload reports a failure and shuts down)
 * unless the hart armed trap_catch_begin(): then the first exception is
 * recorded and execution resumes after the faulting instruction (for
 * instruction fetch faults: at the return address, so a call through a bad
 * pointer comes back).
 */
#ifndef PAYLOAD_TRAP_H
#define PAYLOAD_TRAP_H

#include <payload/config.h>
#include <payload/csr.h>

struct trap_frame {
	unsigned long regs[32];		/* x0..x31 at trap time */
	unsigned long sepc;
	unsigned long sstatus;
	unsigned long scause;
	unsigned long stval;
};

struct trap_record {
	unsigned long cause;		/* scause, ~0UL when nothing trapped */
	unsigned long epc;
	unsigned long tval;
};

/* The S-mode trap vector (crt0.S); stvec of every running hart. */
void payload_trap_vector(void);

/* Called in the trap with interrupts off; runs on the interrupted stack. */
typedef void (*irq_handler_t)(unsigned long irq, struct trap_frame *frame);

/* Install @fn for interrupt @irq (< 64) on all harts; NULL = default. */
void trap_set_irq_handler(unsigned long irq, irq_handler_t fn);

/* Interrupts of number @irq taken so far by this hart / by hart @hartid. */
unsigned long trap_irq_count(unsigned long irq);
unsigned long trap_irq_count_hart(unsigned long hartid, unsigned long irq);
/* `time` when this hart last took interrupt @irq. */
unsigned long trap_irq_last_time(unsigned long irq);

/* Arm / disarm exception capture on this hart. */
void trap_catch_begin(void);
/* Returns 1 and fills @rec if an exception was caught, else 0. */
int trap_catch_end(struct trap_record *rec);

/*
 * Read CSR @csr (a constant), catching a trap: evaluates to the scause of
 * the trap, or ~0UL when the read worked (then *@valp holds the value).
 */
#define csr_read_catch(csr, valp)					\
({									\
	struct trap_record __rec;					\
	unsigned long __v = 0;						\
	int __trapped;							\
									\
	trap_catch_begin();						\
	asm volatile("csrr %0, " csr_str(csr) : "+r"(__v) : : "memory"); \
	__trapped = trap_catch_end(&__rec);				\
	if (!__trapped)							\
		*(valp) = __v;						\
	__trapped ? __rec.cause : ~0UL;					\
})

#endif /* PAYLOAD_TRAP_H */
