/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Tally portable SBI PMU core (SBI v3.0, EID 0x504D55).
 *
 * No global state: a platform description (struct pmu_platform, filled on the
 * boot hart, read-only afterwards) and one struct pmu_hart per hart, both
 * allocated by the caller, carry everything. Hardware and memory access go
 * through <pmu/pmu_host.h>. Every function acts on the calling hart.
 *
 * Counter indices: hardware counter i is CSR 0xc00 + i (0 cycle, 2 instret,
 * 3..31 hpmcounters that exist; 1 is the time CSR and never a counter);
 * hw_slots = highest present hardware index + 1; firmware counters follow at
 * hw_slots .. hw_slots + PMU_FW_CTR_MAX - 1 (total <= 64).
 */
#ifndef PMU_PMU_H
#define PMU_PMU_H

#include <stdbool.h>
#include <stdint.h>
#include <pmu/pmu_sbi.h>

#define PMU_HW_CTR_MAX		32	/* hardware index slots 0..31 */
#define PMU_FW_CTR_MAX		32	/* all 22 SBI firmware events at once + 10 */
#define PMU_CTR_MAX		(PMU_HW_CTR_MAX + PMU_FW_CTR_MAX)
#define PMU_RAW_MAP_MAX		32	/* riscv,raw-event-to-mhpmcounters rows */

/* general events 0..10, then cache codes 0..55 (op 3 never valid) */
#define PMU_HW_EVENT_SLOTS	(PMU_HW_GENERAL_MAX + PMU_CACHE_CODE_MAX)

/* Platform features, passed to pmu_platform_init() */
#define PMU_FEAT_MCOUNTINHIBIT	(1U << 0)	/* without it: cycle/instret never stop */
#define PMU_FEAT_SSCOFPMF	(1U << 1)	/* mhpmevent OF/xINH, scountovf */
#define PMU_FEAT_SMCNTRPMF	(1U << 2)	/* mcyclecfg, minstretcfg */
#define PMU_FEAT_HYP		(1U << 3)	/* H: VS/VU modes exist */
#define PMU_FEAT_SMCDELEG	(1U << 4)	/* Smcdeleg + Ssccfg + Sscsrind */
#define PMU_FEAT_SMSTATEEN	(1U << 5)	/* mstateen0 */
#define PMU_FEAT_SMPDIS		(1U << 6)	/* mpdisctl */
#define PMU_FEAT_SSPDIS		(1U << 7)	/* spdis* for S-mode */
#define PMU_FEAT_PDISMEM	(1U << 8)	/* PDIS memory buffer (spdisambcs) */

/*
 * A hart's extensions as its firmware found them (DT ISA string, probing),
 * for pmu_isa_features(), which alone decides what they give.
 */
#define PMU_ISA_MCOUNTINHIBIT	(1U << 0)	/* priv. spec 1.11+ */
#define PMU_ISA_SSCOFPMF	(1U << 1)
#define PMU_ISA_SMCNTRPMF	(1U << 2)
#define PMU_ISA_H		(1U << 3)
#define PMU_ISA_SMCDELEG	(1U << 4)
#define PMU_ISA_SSCCFG		(1U << 5)
#define PMU_ISA_SSCSRIND	(1U << 6)
#define PMU_ISA_SMSTATEEN	(1U << 7)
#define PMU_ISA_SMPDIS		(1U << 8)
#define PMU_ISA_SSPDIS		(1U << 9)
#define PMU_ISA_PDISMEM		(1U << 10)	/* mpdisctl.MEM writable */

/*
 * Rules that serve deployed clients where they break the letter of the
 * spec (docs/pmu.md, "Compatibility with deployed kernels"); pmu.compat.
 */
#define PMU_COMPAT_RESTART_BASE	(1U << 0)	/* START base XLEN^2 + INIT_SNAPSHOT */
#define PMU_COMPAT_SNAPSHOT_KEEP (1U << 1)	/* snapshot memory across HSM stop */
#define PMU_COMPAT_ALL		(PMU_COMPAT_RESTART_BASE | PMU_COMPAT_SNAPSHOT_KEEP)
/*
 * PMU_COMPAT_RESTART_BASE restarts an overflowed counter with at least
 * this many events to its next overflow: 4x the 6.12 handler's own path.
 */
#define PMU_COMPAT_MIN_PERIOD	4096

/* One general or cache event: its mhpmevent selector and its counters */
struct pmu_event_map {
	uint64_t selector;
	uint32_t counters;	/* bit i = hardware counter i */
};

/* One riscv,raw-event-to-mhpmcounters row: (data & mask) == base */
struct pmu_raw_map {
	uint64_t base;
	uint64_t mask;
	uint32_t counters;
};

struct pmu_platform {
	unsigned int features;		/* PMU_FEAT_* */
	unsigned int hw_slots;		/* first firmware counter index */
	unsigned int num_ctrs;		/* hw_slots + PMU_FW_CTR_MAX */
	uint32_t hw_mask;		/* usable hardware counters */
	uint32_t filter_mask;		/* hw counters honouring xINH hints */
	uint32_t of_mask;		/* hw counters with an OF bit */
	uint64_t fw_mask;		/* firmware counter indices */
	uint64_t valid_mask;		/* hw_mask | nostop_mask | fw_mask */
	/*
	 * Without mcountinhibit: cycle/instret are counters that never stop
	 * (nostop_mask, not in hw_mask), served on the cold paths only.
	 */
	uint32_t nostop_mask;		/* cycle/instret, no mcountinhibit */
	uint32_t hw_value_mask;		/* hw_mask | nostop_mask: values */
	unsigned int hot_slots;		/* one-counter paths: hw_slots, or 0 */
	uint64_t stop_slow_mask;	/* fw_mask | nostop_mask */
	uint64_t sel_mask;		/* selector bits not owned by Sscofpmf */
	uint8_t hw_width[PMU_HW_CTR_MAX];	/* bits - 1 */
	struct pmu_event_map events[PMU_HW_EVENT_SLOTS];
	struct pmu_raw_map raw[PMU_RAW_MAP_MAX];
	unsigned int num_raw;
	unsigned int map_rows;		/* event map entries loaded */
	uint32_t deleg_mask;		/* hw counters delegated to S-mode */
	bool pdis_deleg;		/* PDIS given to S-mode */
	unsigned int compat;		/* PMU_COMPAT_*, all by default */
};

struct pmu_hart {
	const struct pmu_platform *plat;
	uint64_t mapped;		/* counters configured for an event */
	uint64_t started;		/* counters counting */
	struct pmu_snapshot_area *snap;	/* NULL: no snapshot memory */
	struct pmu_snapshot_area *snap_last;	/* last set, even if disabled */
	bool snap_rearm;		/* HSM stop since: snap_last may serve */
	uint32_t saved_of;		/* OF bits kept across suspend */
	uint64_t hw_evt[PMU_HW_CTR_MAX];	/* mhpmevent / x..cfg value */
	uint64_t hw_saved[PMU_HW_CTR_MAX];	/* values across suspend */
	uint64_t fw_value[PMU_FW_CTR_MAX];
	uint64_t fw_data[PMU_FW_CTR_MAX];
	unsigned long fw_code[PMU_FW_CTR_MAX];	/* the stride of fw_value */
	uint32_t fw_ev_started[PMU_FW_STD_MAX];	/* per SBI fw event */
	unsigned int hart_features;	/* PMU_FEAT_* probed on this hart */
	bool cde;			/* menvcfg.CDE set on this hart */
	bool sse_routed;		/* LCOFI taken in M-mode for SSE */
	bool sse_s_lcofie;		/* S-mode's sie.LCOFIE meanwhile */
};

/**
 * pmu_isa_features() - the PMU features a hart's extensions give
 * @isa: PMU_ISA_* the hart has
 *
 * Counter delegation needs Smcdeleg, Ssccfg and Sscsrind together (S-mode
 * reaches the counters only through siselect/sireg*); Sspdis and the PDIS
 * memory buffer count only with Smpdis. Return: PMU_FEAT_*.
 */
unsigned int pmu_isa_features(unsigned int isa);

/* The boot-time policy: build-time knobs, overridden by the DT's /chosen */
struct pmu_policy {
	uint32_t delegate;	/* FW_PMU_DELEGATE, tally,pmu-delegate */
	bool pdis;		/* FW_PDIS_DELEGATE, tally,pdis-delegate */
	bool compat;		/* FW_PMU_COMPAT, tally,pmu-compat */
};

/**
 * pmu_policy_load() - the policy of this boot
 * @pol: filled in
 * @dt: the host's device tree handle, for pmu_host_dt_prop() (may be NULL)
 *
 * A /chosen property that is not one u32 cell is ignored.
 */
void pmu_policy_load(struct pmu_policy *pol, const void *dt);

/**
 * pmu_platform_setup() - describe the platform, once, on the boot hart
 * @plat: storage to fill
 * @features: PMU_FEAT_* of the boot hart (pmu_isa_features())
 * @dt: the host's device tree handle (may be NULL)
 *
 * pmu_platform_init(), pmu_platform_probe(), the platform's event maps
 * (pmu_host_event_maps()), pmu_platform_default_map() if they gave no
 * entry, then the policy of pmu_policy_load(): compatibility rules and
 * pmu_platform_delegate(). Return: pmu_host_event_maps()' error, or 0.
 */
int pmu_platform_setup(struct pmu_platform *plat, unsigned int features,
		       const void *dt);

/**
 * pmu_dt_load_maps() - load the riscv,pmu node's three properties
 * @plat: platform description
 * @dt: the host's device tree handle
 *
 * Each property through its pmu_dt_*() loader below; a malformed one is
 * skipped, the others still load. Return: 0, or the first loader's error.
 */
int pmu_dt_load_maps(struct pmu_platform *plat, const void *dt);

/**
 * pmu_dt_chosen_u32() - a one-cell property of /chosen
 * @dt: the host's device tree handle
 * @name: property name
 * @dflt: the value if the property is absent or not one cell
 */
uint32_t pmu_dt_chosen_u32(const void *dt, const char *name, uint32_t dflt);

/**
 * pmu_platform_init() - start a platform description
 * @plat: storage to fill
 * @features: PMU_FEAT_* present on every hart
 *
 * Every PMU_COMPAT_* rule is on; clear plat->compat for strict answers.
 * Only the fixed counters (cycle, instret) are known until
 * pmu_platform_probe(); no event is mapped to a programmable counter until
 * a DT map or pmu_platform_default_map() is loaded.
 */
void pmu_platform_init(struct pmu_platform *plat, unsigned int features);

/**
 * pmu_platform_probe() - discover the mhpmcounters of the boot hart
 * @plat: platform description
 *
 * Probes mhpmcounter3..31 with pmu_host_csr_probe(): a counter exists if the
 * access does not trap and does not read back as zero; its width is the
 * number of bits that stick. Leaves them zero and their events idle.
 */
void pmu_platform_probe(struct pmu_platform *plat);

/**
 * pmu_platform_default_map() - map events without a riscv,pmu DT node
 * @plat: platform description
 *
 * Uses the standard hart event selector codes (riscv_draft_encoding.h):
 * general events 1-6 and 10 and the L1D/L1I/LL/ITLB read access/miss cache
 * events on every programmable counter. pmu_platform_setup() loads it when
 * the platform's event maps gave no entry. Return: 0.
 */
int pmu_platform_default_map(struct pmu_platform *plat);

/*
 * Event map entries, structured: what a riscv,pmu DT node's rows say
 * (pmu_dt_*() decode them) or what a platform's code gives.
 */

/* A row of riscv,event-to-mhpmevent: the mhpmevent value of one event */
struct pmu_map_selector {
	uint32_t event_idx;	/* a general or cache event */
	uint64_t selector;
};

/* A row of riscv,event-to-mhpmcounters: the counters of an event range */
struct pmu_map_counters {
	uint32_t first, last;	/* event_idx range within one type */
	uint32_t counters;	/* bit i = hardware counter i */
};

/* A row of riscv,raw-event-to-mhpmcounters: raw data (d & mask) == base */
struct pmu_map_raw {
	uint64_t base, mask;
	uint32_t counters;	/* bit i = hardware counter i (3..31) */
};

/**
 * pmu_map_selectors() - set the mhpmevent values of events
 * @plat: platform description
 * @e: @n entries
 * @n: number of entries
 *
 * Counts in plat->map_rows. Return: 0, or SBI_ERR_INVALID_PARAM (nothing
 * loaded) if @n is 0 or an event_idx is not a general/cache event.
 */
int pmu_map_selectors(struct pmu_platform *plat,
		      const struct pmu_map_selector *e, unsigned long n);

/**
 * pmu_map_counters() - add counters to event ranges
 * @plat: platform description
 * @e: @n entries
 * @n: number of entries
 *
 * Bit i of counters is hardware counter i; bit 0 counts only cycles, bit 2
 * only instructions, bit 1 nothing. Codes inside a range that are not
 * events (NO_EVENT, cache op 3) are skipped. Counts in plat->map_rows.
 * Return: 0, or SBI_ERR_INVALID_PARAM (nothing loaded) if @n is 0, a range
 * has first > last or is not within one general/cache event type.
 */
int pmu_map_counters(struct pmu_platform *plat,
		     const struct pmu_map_counters *e, unsigned long n);

/**
 * pmu_map_raw() - add raw event rows
 * @plat: platform description
 * @e: @n entries
 * @n: number of entries
 *
 * A raw event with data d may use the counters of every row where
 * (d & mask) == base. Counts in plat->map_rows. Return: 0,
 * SBI_ERR_INVALID_PARAM (@n is 0, base bits outside mask) or
 * SBI_ERR_FAILED (more than PMU_RAW_MAP_MAX rows in all); nothing is
 * loaded on error.
 */
int pmu_map_raw(struct pmu_platform *plat, const struct pmu_map_raw *e,
		unsigned long n);

/**
 * pmu_dt_event_to_mhpmevent() - load riscv,event-to-mhpmevent
 * @plat: platform description
 * @cells: raw big-endian property value: <event_idx sel_hi sel_lo>...
 * @len: property length in bytes
 *
 * Return: 0, or SBI_ERR_INVALID_PARAM (nothing loaded) if the length is not
 * a non-zero multiple of 12 or an event_idx is not a general/cache event.
 */
int pmu_dt_event_to_mhpmevent(struct pmu_platform *plat, const void *cells,
			      unsigned long len);

/**
 * pmu_dt_event_to_mhpmcounters() - load riscv,event-to-mhpmcounters
 * @plat: platform description
 * @cells: raw big-endian value: <event_idx_start event_idx_end bitmap>...
 * @len: property length in bytes
 *
 * Bit i of bitmap is hardware counter i; bit 0 counts only cycles, bit 2
 * only instructions, bit 1 nothing. Codes inside a range that are not
 * events (NO_EVENT, cache op 3) are skipped.
 * Return: 0, or SBI_ERR_INVALID_PARAM (nothing loaded) for a bad length,
 * start > end, or a range not within one general/cache event type.
 */
int pmu_dt_event_to_mhpmcounters(struct pmu_platform *plat, const void *cells,
				 unsigned long len);

/**
 * pmu_dt_raw_event_to_mhpmcounters() - load riscv,raw-event-to-mhpmcounters
 * @plat: platform description
 * @cells: raw big-endian value: <base_hi base_lo mask_hi mask_lo bitmap>...
 * @len: property length in bytes
 *
 * A raw event with data d may use the counters of every row where
 * (d & mask) == base. Return: 0, SBI_ERR_INVALID_PARAM (bad length, base
 * bits outside mask) or SBI_ERR_FAILED (more than PMU_RAW_MAP_MAX rows);
 * nothing is loaded on error.
 */
int pmu_dt_raw_event_to_mhpmcounters(struct pmu_platform *plat,
				     const void *cells, unsigned long len);

/**
 * pmu_hart_init() - reset the PMU of the calling hart
 * @h: per-hart storage
 * @plat: platform description
 *
 * For cold/warm boot and HSM start: releases every counter, zeroes them,
 * programs idle events (MINH), inhibits them but for cycle and instret,
 * which run from here on while no event is bound to them, forgets the
 * snapshot memory and lets S-mode read the hardware counters (mcounteren).
 * Only a snapshot memory kept by pmu_hart_stop() survives (compat rule).
 */
void pmu_hart_init(struct pmu_hart *h, const struct pmu_platform *plat);

/**
 * pmu_platform_delegate() - give counters and PDIS to the supervisor
 * @plat: platform description, after the probe and the event maps
 * @want: counters the configuration asks to delegate (bit i = counter i)
 * @pdis: give PDIS to S-mode where Sspdis exists
 *
 * Narrows @want to what the features make safe (docs/delegation.md):
 * delegation needs PMU_FEAT_SMCDELEG, an hpmcounter needs Sscofpmf and
 * cycle/instret need Smcntrpmf, so that M-mode stays inhibited. The
 * delegated counters leave SBI's set: config_matching never returns them.
 * Return: the delegated mask.
 */
uint32_t pmu_platform_delegate(struct pmu_platform *plat, uint32_t want,
			       bool pdis);

/**
 * pmu_hart_delegate() - program delegation and PDIS state on this hart
 * @h: per-hart state, after pmu_hart_init()
 * @hart_features: PMU_FEAT_* of the calling hart (it may lack some)
 *
 * Resets the delegated counters (inhibited, zero, idle event with MINH)
 * and mpdisctl (OF=1, nothing sampled), then applies the enables.
 */
void pmu_hart_delegate(struct pmu_hart *h, unsigned int hart_features);

/**
 * pmu_hart_cde() - does this hart run with menvcfg.CDE = 1?
 * @h: per-hart state
 *
 * Then S-mode reads of SBI counters trap (mcounteren bit 0) and the
 * firmware emulates them with pmu_hart_emulate_read().
 */
static inline bool pmu_hart_cde(const struct pmu_hart *h)
{
	return h->cde;
}

/**
 * pmu_hart_emulate_read() - value of an SBI counter S-mode tried to read
 * @h: per-hart state
 * @idx: counter index (CSR 0xc00 + idx; on RV32 also 0xc80 + idx)
 * @value: the 64-bit counter value (RV32: the caller picks the half)
 *
 * Return: true if @idx is an SBI-managed hardware counter on a hart with
 * CDE = 1 (its direct reads trap), false if the trap is not ours to undo.
 */
bool pmu_hart_emulate_read(const struct pmu_hart *h, unsigned int idx,
			   uint64_t *value);

/**
 * pmu_hart_stop() - HSM stop: release and reset every counter of this hart
 * @h: per-hart state
 *
 * With PMU_COMPAT_SNAPSHOT_KEEP, the snapshot memory the hart set last
 * (in use or disabled) serves the first snapshot flag after the hart
 * starts again: Linux 6.12 disables it on CPU offline and never sets it
 * again on online.
 */
void pmu_hart_stop(struct pmu_hart *h);

/**
 * pmu_hart_sse_route() - route this hart's counter overflows to the host
 * @h: per-hart state
 * @on: true while the supervisor has the PMU overflow SSE event enabled
 *
 * With Sscofpmf, on: the LCOFI is no longer delegated (mideleg bit 13
 * clear) and M-mode enables it in mie, so it traps to the host even while
 * S-mode runs with interrupts off; the host then calls
 * pmu_hart_overflow_irq(). S-mode's own sie.LCOFIE is kept and put back
 * when @on goes false again. Without Sscofpmf it does nothing.
 */
void pmu_hart_sse_route(struct pmu_hart *h, bool on);

/**
 * pmu_hart_sse_resume() - redo the routing after a non-retentive suspend
 * @h: per-hart state
 *
 * Call after the host rebuilt mideleg (which delegates the LCOFI). S-mode's
 * sie is reset on a non-retentive resume, so its LCOFIE is kept as 0.
 */
void pmu_hart_sse_resume(struct pmu_hart *h);

/**
 * pmu_hart_overflow_irq() - the host took a routed LCOFI in M-mode
 * @h: per-hart state
 *
 * Clears mip.LCOFIP (the hardware sets it again on the next overflow; the
 * OF bits stay, S-mode reads them through scountovf or the snapshot) and
 * raises the event with pmu_host_overflow_event().
 */
void pmu_hart_overflow_irq(struct pmu_hart *h);

/**
 * pmu_hart_suspend() - save hardware counter state before a suspend
 * @h: per-hart state
 *
 * Stops the hardware counters and saves their values and overflow bits.
 */
void pmu_hart_suspend(struct pmu_hart *h);

/**
 * pmu_hart_resume() - reprogram hardware counters after a suspend
 * @h: per-hart state
 */
void pmu_hart_resume(struct pmu_hart *h);

/**
 * pmu_fw_event_inc() - count one SBI firmware event on this hart
 * @h: per-hart state
 * @code: SBI firmware event code (0..21; other codes count nothing:
 *        platform events are counted by the platform, <pmu/pmu_host.h>)
 *
 * O(1): one bitmap load when nothing counts the event.
 */
void pmu_fw_event_inc(struct pmu_hart *h, unsigned int code);

/**
 * pmu_sbi_ecall() - handle one call of the SBI PMU extension
 * @h: state of the calling hart, never NULL (the host's per-hart state;
 *     before pmu_hart_init() its zero plat makes every call NOT_SUPPORTED)
 * @fid: function ID (SBI_EXT_PMU_*)
 * @a: a0..a5 of the call
 * @out_value: sbiret.value (0 on error)
 *
 * Every argument may be hostile. Return: sbiret.error (SBI_SUCCESS or
 * SBI_ERR_*); SBI_ERR_NOT_SUPPORTED for unknown function IDs.
 */
long pmu_sbi_ecall(struct pmu_hart *h, unsigned long fid,
		   const unsigned long *a, unsigned long *out_value);

/*
 * pmu_sbi_ecall()'s functions one by one, for a host that dispatches the
 * FID itself (Tally's trap entry, by a table): a0..a5 are the call's
 * registers as they came, so the host passes them untouched, with the
 * hart in a6 and the value's place in a7. The host sets *out_value to 0
 * and passes a hart past pmu_hart_init(); each function checks the rest
 * of its arguments as pmu_sbi_ecall() does.
 */
#define PMU_SBI_NR_FNS	9	/* SBI_EXT_PMU_NUM_COUNTERS..EVENT_GET_INFO */
#define PMU_SBI_UNUSED	__attribute__((unused))
#define PMU_SBI_FN(name)						\
	long pmu_sbi_##name(unsigned long a0 PMU_SBI_UNUSED,		\
			    unsigned long a1 PMU_SBI_UNUSED,		\
			    unsigned long a2 PMU_SBI_UNUSED,		\
			    unsigned long a3 PMU_SBI_UNUSED,		\
			    unsigned long a4 PMU_SBI_UNUSED,		\
			    unsigned long a5 PMU_SBI_UNUSED,		\
			    struct pmu_hart *h PMU_SBI_UNUSED,		\
			    unsigned long *out_value PMU_SBI_UNUSED)
PMU_SBI_FN(num_counters);
PMU_SBI_FN(get_info);
PMU_SBI_FN(cfg_match);
PMU_SBI_FN(start);
PMU_SBI_FN(stop);
PMU_SBI_FN(fw_read);
PMU_SBI_FN(fw_read_hi);
PMU_SBI_FN(snapshot);
PMU_SBI_FN(event_info);

#endif /* PMU_PMU_H */
