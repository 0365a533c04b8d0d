/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI Debug Triggers (DBTR): each hart's Sdtrig triggers as S-mode may use
 * them (lib/sbi/sbi_dbtr.c), and the ecall side (sbi_ecall_dbtr.c).
 * A trigger's logical index (trig_idx) is its hardware index.
 */
#ifndef SBI_DBTR_H
#define SBI_DBTR_H

#include <stdbool.h>
#include <stdint.h>

/* Triggers served per hart: hardware ones beyond stay unused. */
#define SBI_DBTR_MAX_TRIGGERS		16

/* tdata1: type in XLEN-1:XLEN-4 (RV64 63:60), dmode in XLEN-5 */
#define DBTR_XLEN			(8 * __SIZEOF_LONG__)
#define DBTR_TDATA1_TYPE_SHIFT		(DBTR_XLEN - 4)
#define DBTR_TDATA1_TYPE(t)		((unsigned long)(t) << DBTR_TDATA1_TYPE_SHIFT)
#define DBTR_TDATA1_DMODE		(1UL << (DBTR_XLEN - 5))
#define DBTR_TYPE_MCONTROL		2
#define DBTR_TYPE_ICOUNT		3
#define DBTR_TYPE_ITRIGGER		4
#define DBTR_TYPE_ETRIGGER		5
#define DBTR_TYPE_MCONTROL6		6
#define DBTR_TYPE_TMEXTTRIGGER		7
/* The types S-mode gets: they fire on its own instructions only. */
#define DBTR_TYPES_SERVED		((1U << DBTR_TYPE_MCONTROL) | \
					 (1U << DBTR_TYPE_ICOUNT) | \
					 (1U << DBTR_TYPE_MCONTROL6))

/* trig_state (SBI v3.0 "Debug Trigger State Fields") */
#define DBTR_STATE_MAPPED		(1UL << 0)
#define DBTR_STATE_U			(1UL << 1)
#define DBTR_STATE_S			(1UL << 2)
#define DBTR_STATE_VU			(1UL << 3)
#define DBTR_STATE_VS			(1UL << 4)
#define DBTR_STATE_MODES		(0xfUL << 1)

/* set_shmem: both halves all-ones disable the shared memory */
#define DBTR_SHMEM_NONE			(~0UL)
/* One shared-memory entry: four XLEN words. */
#define DBTR_ENTRY_SIZE			(4 * sizeof(unsigned long))

struct sbi_dbtr_trigger {
	unsigned long state;		/* trig_state; 0 while unmapped */
	/* what the hardware holds (tdata1 with the enable bits as set now) */
	unsigned long tdata1, tdata2, tdata3;
};

struct sbi_dbtr_hart {
	unsigned long shmem;		/* physical address or DBTR_SHMEM_NONE */
	unsigned int count;		/* trig_max: hardware triggers probed */
	bool probed;
	uint16_t types[SBI_DBTR_MAX_TRIGGERS];	/* served types (tinfo) */
	struct sbi_dbtr_trigger trig[SBI_DBTR_MAX_TRIGGERS];
};

/* One installed or updated configuration, as read from shared memory. */
struct sbi_dbtr_config {
	unsigned long idx, tdata1, tdata2, tdata3;
};

/* Hart reset (boot, HSM start): probe once, then no trigger, no shmem. */
void sbi_dbtr_hart_init(struct sbi_dbtr_hart *h);
/* Non-retentive suspend: keep the live values, program them again. */
void sbi_dbtr_hart_save(struct sbi_dbtr_hart *h);
void sbi_dbtr_hart_restore(const struct sbi_dbtr_hart *h);
#if FW_TEST
/* Test images: what a powered-down hart loses (never M-mode). */
void sbi_dbtr_hart_scramble(const struct sbi_dbtr_hart *h,
			    unsigned long seed);
#endif

/* DBTR is there when some trigger serves a type S-mode may use. */
bool sbi_dbtr_available(const struct sbi_dbtr_hart *h);
unsigned long sbi_dbtr_num_triggers(const struct sbi_dbtr_hart *h,
				    unsigned long tdata1);
/* Each returns an SBI error; *fail = the failing entry of @cfg. */
int sbi_dbtr_install(struct sbi_dbtr_hart *h, struct sbi_dbtr_config *cfg,
		     unsigned long n, unsigned long *fail);
int sbi_dbtr_update(struct sbi_dbtr_hart *h,
		    const struct sbi_dbtr_config *cfg, unsigned long n,
		    unsigned long *fail);
/* The live state of trigger @idx (< count) into @out. */
void sbi_dbtr_read(const struct sbi_dbtr_hart *h, unsigned long idx,
		   struct sbi_dbtr_config *out);
/* SBI_FID uninstall/enable/disable on base + the set bits of mask. */
int sbi_dbtr_uninstall(struct sbi_dbtr_hart *h, unsigned long base,
		       unsigned long mask);
int sbi_dbtr_enable(struct sbi_dbtr_hart *h, unsigned long base,
		    unsigned long mask, bool on);

#endif /* SBI_DBTR_H */
