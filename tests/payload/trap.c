/* SPDX-License-Identifier: BSD-2-Clause */
/* The C side of the S-mode trap vector (crt0.S). */
#include <payload.h>

#define NR_IRQS		64

struct hart_traps {
	unsigned long irq_count[NR_IRQS];
	unsigned long irq_time[NR_IRQS];
	int catching;
	int caught;
	struct trap_record rec;
};

static struct hart_traps hart_traps[PAYLOAD_MAX_HARTS];
static irq_handler_t irq_handlers[NR_IRQS];

static struct hart_traps *this_traps(void)
{
	return &hart_traps[current_hartid()];
}

void trap_set_irq_handler(unsigned long irq, irq_handler_t fn)
{
	if (irq < NR_IRQS)
		atomic_store(&irq_handlers[irq], fn);
}

unsigned long trap_irq_count_hart(unsigned long hartid, unsigned long irq)
{
	if (hartid >= PAYLOAD_MAX_HARTS || irq >= NR_IRQS)
		return 0;
	return atomic_load(&hart_traps[hartid].irq_count[irq]);
}

unsigned long trap_irq_count(unsigned long irq)
{
	return trap_irq_count_hart(current_hartid(), irq);
}

unsigned long trap_irq_last_time(unsigned long irq)
{
	return irq < NR_IRQS ? READ_ONCE(this_traps()->irq_time[irq]) : 0;
}

/* Default: silence the source so the interrupt does not fire again. */
static void default_irq(unsigned long irq)
{
	switch (irq) {
	case IRQ_S_SOFT:
		csr_clear(CSR_SIP, SIP_SSIP);
		break;
	case IRQ_S_TIMER:
		sbi_set_timer(~0UL);
		break;
	case IRQ_LCOF:
		csr_clear(CSR_SIP, SIP_LCOFIP);
		break;
	default:
		csr_clear(CSR_SIE, BIT(irq));
		break;
	}
}

static void handle_irq(struct trap_frame *frame)
{
	unsigned long irq = frame->scause & ~SCAUSE_IRQ_FLAG;
	struct hart_traps *t = this_traps();
	irq_handler_t fn;

	if (irq >= NR_IRQS)
		test_abort("interrupt with scause 0x%lx", frame->scause);
	t->irq_time[irq] = time_now();
	fn = atomic_load(&irq_handlers[irq]);
	if (fn)
		fn(irq, frame);
	else
		default_irq(irq);
	atomic_add_return(&t->irq_count[irq], 1);
}

static int is_fetch_fault(unsigned long cause)
{
	return cause == EXC_INST_MISALIGNED || cause == EXC_INST_ACCESS ||
	       cause == EXC_INST_PAGE_FAULT;
}

static void handle_exception(struct trap_frame *frame)
{
	struct hart_traps *t = this_traps();
	unsigned short insn;

	if (!t->catching || t->caught)
		test_abort("unexpected exception: scause 0x%lx sepc 0x%lx stval 0x%lx",
			   frame->scause, frame->sepc, frame->stval);
	t->caught = 1;
	t->rec.cause = frame->scause;
	t->rec.epc = frame->sepc;
	t->rec.tval = frame->stval;
	if (is_fetch_fault(frame->scause)) {
		frame->sepc = frame->regs[1];	/* back to the caller */
		return;
	}
	insn = *(const unsigned short *)frame->sepc;
	frame->sepc += (insn & 3) == 3 ? 4 : 2;
}

void payload_trap(struct trap_frame *frame)
{
	if (frame->scause & SCAUSE_IRQ_FLAG)
		handle_irq(frame);
	else
		handle_exception(frame);
}

void trap_catch_begin(void)
{
	struct hart_traps *t = this_traps();

	t->caught = 0;
	t->rec.cause = ~0UL;
	/* the record is reset before the handler can see catching = 1 ... */
	smp_mb();
	t->catching = 1;
	/* ... and armed before the instruction that may trap */
	smp_mb();
}

int trap_catch_end(struct trap_record *rec)
{
	struct hart_traps *t = this_traps();

	/* the trapping instruction is done before disarming */
	smp_mb();
	t->catching = 0;
	if (rec)
		*rec = t->rec;
	return t->caught;
}
