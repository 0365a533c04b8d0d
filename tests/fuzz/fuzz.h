/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PMU fuzz harness: one input is a platform configuration followed by
 * a sequence of operations (SBI PMU calls with hostile arguments, firmware
 * events, HSM stop/suspend/resume, counting, supervisor memory writes) on
 * FZ_HARTS simulated harts. A reference model written from the SBI spec
 * and the core's documented choices follows every hart; after each
 * operation the harness checks the core against it (see docs/robustness.md).
 */
#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <pmu/pmu.h>
#include <pmu/pmu_csr.h>
#include <pmu/pmu_sbi.h>
#include "fuzz_sim.h"

/* ---- input decoding (fuzz_gen.c) ---- */

struct fz_rd {
	const uint8_t *p;
	size_t n, i;
};

uint8_t fz_u8(struct fz_rd *r);
uint16_t fz_u16(struct fz_rd *r);
uint32_t fz_u32(struct fz_rd *r);
uint64_t fz_u64(struct fz_rd *r);
static inline size_t fz_left(const struct fz_rd *r)
{
	return r->n - r->i;
}

/* ---- state (fuzz_pmu.c) ---- */

/* What the platform should look like, derived from struct fz_cfg alone */
struct fz_layout {
	uint32_t hw_mask;
	uint32_t nostop_mask;		/* cycle/instret, no mcountinhibit */
	unsigned int hw_slots;
	unsigned int num_ctrs;
	uint64_t fw_mask;
	uint64_t valid_mask;
	unsigned int width[32];		/* bits */
};

/* The event map as the DT properties (or the default map) describe it */
struct fz_ref_map {
	uint64_t sel[PMU_HW_EVENT_SLOTS];
	uint32_t ctrs[PMU_HW_EVENT_SLOTS];
	struct pmu_raw_map raw[PMU_RAW_MAP_MAX];
	unsigned int num_raw;
};

/* The reference model of one hart */
struct fz_model {
	uint64_t mapped;
	uint64_t started;
	unsigned long ev_idx[PMU_CTR_MAX];
	uint64_t ev_data[PMU_CTR_MAX];
	uint64_t fwval[PMU_FW_CTR_MAX];
	uint64_t evt_expect[32];	/* event CSR value, OF aside */
	bool snap_set;
	unsigned long snap_addr;
	bool last_set;			/* the memory last set, even if disabled */
	unsigned long last_addr;
	bool rearm;			/* an HSM stop since: it may serve again */
	bool suspended;
	uint64_t susp_ctr[32];
	uint64_t susp_evt[32];
	unsigned long last_idx;		/* last counter config_matching gave */
};

struct fz_state {
	struct fz_cfg cfg;
	unsigned int features;
	struct fz_layout lay;
	struct fz_ref_map ref;
	struct pmu_platform *plat;
	struct pmu_hart *hart[FZ_HARTS];
	struct fz_model m[FZ_HARTS];
	/* copies to prove an operation touched nothing else */
	struct pmu_platform plat_copy;
	struct pmu_hart hart_copy[FZ_HARTS];
	struct fz_csr csr_copy[FZ_HARTS];
	uint8_t sram[FZ_SRAM_SIZE];	/* what supervisor RAM should hold */
	unsigned int op;
	bool trace;
};

extern struct fz_state fz;

void fz_trace(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- argument generators (fuzz_gen.c) ---- */

unsigned long fz_gen_any(struct fz_rd *r);
unsigned long fz_gen_base(struct fz_rd *r, unsigned int h);
unsigned long fz_gen_mask(struct fz_rd *r, unsigned int h,
			  unsigned long base);
unsigned long fz_gen_flags(struct fz_rd *r, unsigned long valid);
unsigned long fz_gen_event_idx(struct fz_rd *r);
uint64_t fz_gen_data(struct fz_rd *r);
unsigned long fz_gen_addr(struct fz_rd *r, unsigned int h);
unsigned long fz_gen_hi(struct fz_rd *r);
unsigned long fz_gen_count(struct fz_rd *r);
uint64_t fz_gen_init(struct fz_rd *r);
unsigned int fz_gen_fw_code(struct fz_rd *r);
void fz_gen_dt_cells(struct fz_rd *r, unsigned int prop, uint8_t *buf,
		     unsigned long *len, unsigned long max);

/* ---- reference model (fuzz_ref.c) ---- */

#define FZ_ERR(e)	(1U << -(e))	/* SBI error code as a set bit */

void fz_ref_layout(const struct fz_cfg *cfg, struct fz_layout *l);
void fz_ref_map_init(struct fz_ref_map *m);
int fz_ref_slot(unsigned long event_idx);
long fz_ref_dt(struct fz_ref_map *m, unsigned int prop, const uint8_t *cells,
	       unsigned long len, uint32_t *allowed);
bool fz_ref_set(unsigned long base, unsigned long mask, uint64_t *set);
bool fz_ref_fw_valid(unsigned long event_idx, uint64_t data);
uint32_t fz_ref_hw_ctrs(unsigned long event_idx, uint64_t data,
			uint64_t *sel);
bool fz_ref_supported(unsigned long event_idx, uint64_t data);
uint64_t fz_ref_evt(unsigned int idx, uint64_t sel, unsigned long flags);
uint64_t fz_ref_idle_evt(unsigned int idx);
uint64_t fz_ref_ctr_value(unsigned int h, unsigned int idx);
uint64_t fz_csr_event(unsigned int h, unsigned int idx);

long fz_do_ecall(unsigned int h, unsigned long fid, const unsigned long *a,
		 unsigned long *value);
void fz_check_setup(void);
void fz_check_map(void);
void fz_check_all(unsigned int h);
void fz_model_reset(unsigned int h);

#endif /* FUZZ_H */
