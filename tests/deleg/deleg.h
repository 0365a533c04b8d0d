/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What an S-mode program needs to use delegated counters (Smcdeleg/Ssccfg),
 * Sspesa and Sspdis, and to run code in U-mode or VS-mode: CSR numbers,
 * counter programming through siselect/sireg, the PDIS sample record, and
 * lower_call(). Shared by the policy tests (tests/deleg/) and the sampling
 * demo (tests/sampling/).
 */
#ifndef DELEG_H
#define DELEG_H

#include "sbi/riscv_draft_encoding.h"	/* plain numbers: fine in assembly */

#define CSR_SCOUNTINHIBIT	0x120
#define CSR_SISELECT		0x150
#define CSR_SIREG		0x151
#define CSR_SIREG2		0x152
#define CSR_SIREG3		0x153
#define CSR_SIREG4		0x155
#define CSR_SIREG5		0x156
#define CSR_SIREG6		0x157
#define CSR_VSSTATUS		0x200
#define CSR_VSSCRATCH		0x240
#define CSR_VSEPC		0x241
#define CSR_VSCAUSE		0x242
#define CSR_VSISELECT		0x250
#define CSR_HSTATUS		0x600
#define CSR_HCOUNTEREN		0x606
#define CSR_HSTATEEN0		0x60c
#define CSR_HGATP		0x680
#define CSR_VSATP		0x280
#define CSR_SCOUNTOVF		0xda0
#define CSR_HPMCOUNTER3		0xc03

#define HSTATUS_SPV		0x80
#define EXC_ECALL_VS		10
#define EXC_VIRTUAL_INST	22

#ifndef __ASSEMBLY__

#define HSTATEEN0_PDIS		(1UL << SMSTATEEN0_PDIS_SHIFT)
#define HSTATEEN0_CSRIND	(1UL << 60)
#define HSTATEEN0_SE0		(1UL << 63)

/* siselect 0x40 + i: counter i (Smcdeleg) */
#define ISELECT_CTR(i)		(0x40 + (i))

/* mhpmevent / cyclecfg / instretcfg inhibit bits and OF */
#define HPMEV_OF		(1UL << 63)
#define HPMEV_MINH		(1UL << 62)
#define HPMEV_SINH		(1UL << 61)
#define HPMEV_UINH		(1UL << 60)
#define HPMEV_VSINH		(1UL << 59)
#define HPMEV_VUINH		(1UL << 58)
/* every mode but U (a counter that counts U-mode only) */
#define HPMEV_ONLY_U		(HPMEV_SINH | HPMEV_VSINH | HPMEV_VUINH)

/* "no trap" in the access checks */
#define NO_TRAP			(~0UL)
/*
 * lower_call_catch(): the trap came back in VS-mode instead of HS-mode (a
 * firmware redirect that ignored V=1)
 */
#define TRAP_LOST_IN_VS		(~1UL)

#include <stdbool.h>
#include <payload.h>

/* pdishdrev fields (sample record format 0, Smpdis) */
#define PDIS_TYPE_MASK		0x7UL
#define PDIS_TYPE_OTHER		0
#define PDIS_TYPE_LOAD		1
#define PDIS_TYPE_STORE		2
#define PDIS_TYPE_AMO		3
#define PDIS_TYPE_CTRL		4
#define PDIS_HDR_NTBR		(1UL << 40)
#define PDIS_HDR_TKBR		(1UL << 41)

/* One PDIS sample record: siselect 0x60, sireg..sireg6. */
struct pdis_rec {
	unsigned long hdr, pc, time, lat, adr1, adr2;
};

/* Read counter i's CSR (cycle, instret, hpmcounter3..31) by index. */
unsigned long hpm_csr_read(unsigned long i);
/* Same, catching a trap: returns the scause, or NO_TRAP (*val filled). */
unsigned long hpm_csr_read_catch(unsigned int i, unsigned long *val);

/*
 * Counters S-mode can program: the i with an sireg read at 0x40 + i that
 * does not trap (cycle, instret, hpmcounter3..31).
 */
unsigned long deleg_probe_mask(void);
/* Is PDIS usable from S-mode (spdisctl readable)? */
bool pdis_usable(void);
/* Does S-mode reach the PDIS memory buffer (spdisambcs readable)? */
bool pdis_mem_usable(void);
/*
 * Point the PDIS memory buffer at @addr with control @ambcs (EN last, as
 * Ssamb asks); pdis_amb_off() disables it and clears the LAMBI.
 */
void pdis_amb_set(unsigned long addr, unsigned long ambcs);
void pdis_amb_off(void);
#define SIP_LAMBIP		(1UL << IRQ_LAMBI)

/* Program delegated counter i: event (sireg2) and value (sireg). */
void dctr_setup(unsigned int i, unsigned long event, unsigned long value);
unsigned long dctr_read_event(unsigned int i);
unsigned long dctr_read(unsigned int i);
void dctr_write(unsigned int i, unsigned long value);
/* Start / stop delegated counters (scountinhibit bits). */
void dctr_start(unsigned long mask);
void dctr_stop(unsigned long mask);

/* Read the PDIS sample record. */
void pdis_read_rec(struct pdis_rec *r);
/*
 * Arm PDIS: @ctl = spdisctl (SEL, modes, TS/PA/EPT; OF cleared), a period
 * of @period selected instructions (COUNT = INITVAL = 2^32 - period).
 */
void pdis_arm(unsigned long ctl, unsigned long period);
void pdis_disarm(void);

/*
 * Run fn(arg) in a lower mode and return its result. The mode runs on
 * @stack_top (0: just below the current sp). Interrupts go to the payload's
 * trap vector as usual; an exception other than the final ecall is
 * recorded in lower_trap (the first one only) and the faulting 4-byte
 * instruction is skipped when lower_trap.armed, else it is fatal.
 * VS-mode needs the H extension; vsatp/hgatp are set to lower_vsatp and
 * lower_hgatp (0: Bare).
 */
enum lower_mode { LOWER_U = 0, LOWER_VS = 1 };

struct lower_trap {
	unsigned long armed;		/* catch the next exception */
	unsigned long cause;		/* NO_TRAP when nothing trapped */
	unsigned long epc;
};

extern struct lower_trap lower_trap;
extern unsigned long lower_vsatp, lower_hgatp;
/* armed before each VS-mode run; disarmed if lower_vector ran in VS-mode */
extern struct lower_trap vs_landing_trap;

unsigned long lower_call(unsigned long (*fn)(unsigned long),
			 unsigned long arg, enum lower_mode mode,
			 unsigned long stack_top);

/* fn(arg) in @mode with the trap catch armed: returns the scause or NO_TRAP */
unsigned long lower_call_catch(unsigned long (*fn)(unsigned long),
			       unsigned long arg, enum lower_mode mode,
			       unsigned long *result);

/* Exception names for messages ("illegal", "virtual", "none", ...). */
const char *cause_name(unsigned long cause);

#endif /* __ASSEMBLY__ */
#endif /* DELEG_H */
