/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * CSR numbers and bits the PMU core programs: the counter CSRs, the event
 * selectors with their Sscofpmf filter/overflow bits, the Smcntrpmf
 * configuration CSRs of cycle and instret, and the inhibit/enable masks.
 */
#ifndef PMU_CSR_H
#define PMU_CSR_H

/* Counter index i (0 cycle, 1 time, 2 instret, 3..31 hpmcounter) */
#define PMU_CSR_COUNTER(i)		(0xc00U + (i))	/* S-mode read-only view */
#define PMU_CSR_MCOUNTER(i)		(0xb00U + (i))	/* mcycle/minstret/mhpmcounterN */
#define PMU_CSR_MHPMEVENT(i)		(0x320U + (i))	/* valid for i = 3..31 */

#define PMU_CSR_MCOUNTEREN		0x306U
#define PMU_CSR_MCOUNTINHIBIT		0x320U
#define PMU_CSR_MCYCLECFG		0x321U		/* Smcntrpmf */
#define PMU_CSR_MINSTRETCFG		0x322U		/* Smcntrpmf */
/* RV32: bits 63:32 of the above (Sscofpmf mhpmeventh, Smcntrpmf *cfgh) */
#define PMU_CSR_MCOUNTERH(i)		(0xb80U + (i))	/* mcycleh/minstreth/mhpmcounterNh */
#define PMU_CSR_MHPMEVENTH(i)		(0x720U + (i))	/* valid for i = 3..31 */
#define PMU_CSR_MCYCLECFGH		0x721U
#define PMU_CSR_MINSTRETCFGH		0x722U
#define PMU_CSR_SCOUNTOVF		0xda0U		/* Sscofpmf */
#define PMU_CSR_MENVCFG			0x30aU
#define PMU_CSR_MSTATEEN0		0x30cU		/* Smstateen */
#define PMU_CSR_MIDELEG			0x303U
#define PMU_CSR_MIE			0x304U
#define PMU_CSR_MIP			0x344U
#define PMU_MIP_LCOFIP			(1UL << 13)	/* Sscofpmf LCOFI */
#define PMU_CSR_MENVCFGH		0x31aU		/* RV32: bits 63:32 */
#define PMU_CSR_MSTATEEN0H		0x31cU		/* RV32: bits 63:32 */
#define PMU_MENVCFG_CDE			(1ULL << 60)	/* Smcdeleg */
#define PMU_MSTATEEN0_CSRIND		(1ULL << 60)	/* siselect/sireg* */

#define PMU_IDX_CYCLE			0
#define PMU_IDX_TIME			1
#define PMU_IDX_INSTRET			2
#define PMU_IDX_HPM_FIRST		3
#define PMU_IDX_HPM_LAST		31

/*
 * mhpmevent (Sscofpmf) and mcyclecfg/minstretcfg (Smcntrpmf) share these
 * bit positions; OF exists only in mhpmevent.
 */
#define PMU_EVT_OF			(1ULL << 63)
#define PMU_EVT_MINH			(1ULL << 62)
#define PMU_EVT_SINH			(1ULL << 61)
#define PMU_EVT_UINH			(1ULL << 60)
#define PMU_EVT_VSINH			(1ULL << 59)
#define PMU_EVT_VUINH			(1ULL << 58)
#define PMU_EVT_INH_SHIFT		58
#define PMU_EVT_CTRL_MASK		(0x3fULL << 58)	/* OF and the xINH bits */

/* Masks over counter indices */
#define PMU_FIXED_MASK			((1U << PMU_IDX_CYCLE) | (1U << PMU_IDX_INSTRET))
#define PMU_HPM_MASK			0xfffffff8U

#endif /* PMU_CSR_H */
