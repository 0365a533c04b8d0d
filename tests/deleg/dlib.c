/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Delegated counters and PDIS from S-mode, shared by the delegation tests
 * and the sampling demo: probing what was delegated, programming counters
 * through siselect/sireg*, reading PDIS records, catching lower-mode traps.
 */
#include "deleg.h"

unsigned long hpm_csr_read_catch(unsigned int i, unsigned long *val)
{
	struct trap_record rec;
	unsigned long v;

	trap_catch_begin();
	v = hpm_csr_read(i);
	if (trap_catch_end(&rec))
		return rec.cause;
	*val = v;
	return NO_TRAP;
}

static unsigned long sireg_read_catch(unsigned long isel, unsigned long *val)
{
	csr_write(CSR_SISELECT, isel);
	return csr_read_catch(CSR_SIREG, val);
}

unsigned long deleg_probe_mask(void)
{
	unsigned long mask = 0, v;
	unsigned int i;

	for (i = 0; i < 32; i++)
		if (i != 1 && sireg_read_catch(ISELECT_CTR(i), &v) == NO_TRAP)
			mask |= BIT(i);
	return mask;
}

bool pdis_usable(void)
{
	unsigned long v;

	return csr_read_catch(CSR_SPDISCTL, &v) == NO_TRAP;
}

bool pdis_mem_usable(void)
{
	unsigned long v;

	return csr_read_catch(CSR_SPDISAMBCS, &v) == NO_TRAP;
}

void pdis_amb_set(unsigned long addr, unsigned long ambcs)
{
	csr_write(CSR_SPDISAMBCS, 0);
	csr_write(CSR_SPDISAMBADDR, addr);
	csr_write(CSR_SPDISAMBCS, ambcs);
	csr_clear(CSR_SIP, SIP_LAMBIP);
}

void pdis_amb_off(void)
{
	csr_write(CSR_SPDISAMBCS, 0);
	csr_clear(CSR_SIP, SIP_LAMBIP);
}

unsigned long dctr_read_event(unsigned int i)
{
	csr_write(CSR_SISELECT, ISELECT_CTR(i));
	return csr_read(CSR_SIREG2);
}

unsigned long dctr_read(unsigned int i)
{
	csr_write(CSR_SISELECT, ISELECT_CTR(i));
	return csr_read(CSR_SIREG);
}

void dctr_write(unsigned int i, unsigned long value)
{
	csr_write(CSR_SISELECT, ISELECT_CTR(i));
	csr_write(CSR_SIREG, value);
}

void dctr_setup(unsigned int i, unsigned long event, unsigned long value)
{
	csr_write(CSR_SISELECT, ISELECT_CTR(i));
	csr_write(CSR_SIREG2, event);
	csr_write(CSR_SIREG, value);
}

void dctr_start(unsigned long mask)
{
	csr_clear(CSR_SCOUNTINHIBIT, mask);
}

void dctr_stop(unsigned long mask)
{
	csr_set(CSR_SCOUNTINHIBIT, mask);
}

void pdis_read_rec(struct pdis_rec *r)
{
	csr_write(CSR_SISELECT, ISELECT_PDIS_DATA0);
	r->hdr = csr_read(CSR_SIREG);
	r->pc = csr_read(CSR_SIREG2);
	r->time = csr_read(CSR_SIREG3);
	r->lat = csr_read(CSR_SIREG4);
	r->adr1 = csr_read(CSR_SIREG5);
	r->adr2 = csr_read(CSR_SIREG6);
}

void pdis_arm(unsigned long ctl, unsigned long period)
{
	unsigned long init = (1UL << 32) - period;

	csr_write(CSR_SPDISCTL, 0);
	csr_write(CSR_SPDISCOUNTER,
		  init << SPDISCOUNTER_INITVAL_SHIFT | init);
	csr_write(CSR_SPDISCTL, ctl & ~PDISCTL_OF);
}

void pdis_disarm(void)
{
	csr_write(CSR_SPDISCTL, 0);
}

unsigned long lower_call_catch(unsigned long (*fn)(unsigned long),
			       unsigned long arg, enum lower_mode mode,
			       unsigned long *result)
{
	unsigned long r;

	lower_trap.cause = NO_TRAP;
	lower_trap.armed = 1;
	r = lower_call(fn, arg, mode, 0);
	lower_trap.armed = 0;
	if (result)
		*result = r;
	if (mode == LOWER_VS && !vs_landing_trap.armed)
		return TRAP_LOST_IN_VS;
	return lower_trap.cause;
}

const char *cause_name(unsigned long cause)
{
	switch (cause) {
	case NO_TRAP:
		return "no trap";
	case EXC_ILLEGAL_INST:
		return "illegal instruction";
	case EXC_VIRTUAL_INST:
		return "virtual instruction";
	case TRAP_LOST_IN_VS:
		return "trap returned into VS-mode at stvec";
	default:
		return "other exception";
	}
}
