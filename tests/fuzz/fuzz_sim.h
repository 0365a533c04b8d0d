/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The fuzzer's simulated machine: FZ_HARTS harts, each with its own counter
 * CSR file, and one block of physical memory (firmware, supervisor RAM)
 * between two guard regions. It implements <pmu/pmu_host.h> for the hart
 * selected with fz_sim_select() and reports every misuse through fz_fail().
 *
 * Supervisor RAM is kept poisoned (ASan manual poisoning) except while a
 * call runs that the SBI spec allows to touch a part of it; the harness
 * opens exactly that part with fz_mem_open().
 */
#ifndef FUZZ_SIM_H
#define FUZZ_SIM_H

#include <stdbool.h>
#include <stdint.h>

#define FZ_HARTS		4

/* Physical memory map */
#define FZ_MMIO_BASE		0x10000000UL	/* a device, never RAM */
#define FZ_RAM_BASE		0x80000000UL
#define FZ_FW_SIZE		0x2000UL	/* firmware: first 8 KiB */
#define FZ_SRAM_BASE		(FZ_RAM_BASE + FZ_FW_SIZE)
#define FZ_SRAM_PAGES		8
#define FZ_SRAM_SIZE		(FZ_SRAM_PAGES * 0x1000UL)
#define FZ_RAM_END		(FZ_SRAM_BASE + FZ_SRAM_SIZE)
#define FZ_GUARD_SIZE		0x1000UL	/* below and above RAM */

#define FZ_SRAM_FILL		0x5c		/* initial supervisor RAM */
#define FZ_CANARY		0xe7		/* firmware memory, guards */

enum fz_mode { FZ_M, FZ_S, FZ_U, FZ_VS, FZ_VU, FZ_MODES };

struct fz_cfg {
	uint32_t hpm_mask;	/* mhpmcounters that exist (bits 3..31) */
	uint32_t zero_mask;	/* of those, hardwired to zero */
	unsigned int width;	/* hpm counter width, 1..64 */
	bool mcountinhibit;
	bool sscofpmf;
	bool smcntrpmf;
	bool hyp;
};

struct fz_csr {
	uint64_t ctr[32];
	uint64_t evt[32];
	uint64_t cyclecfg;
	uint64_t instretcfg;
	uint32_t inhibit;
	uint32_t counteren;
	unsigned long writes;
};

struct fz_sim {
	struct fz_cfg cfg;
	struct fz_csr hart[FZ_HARTS];
	unsigned int cur;		/* hart the core runs on */
	uint32_t minh_mask;		/* counters whose MINH is enforced */
	/* smem_allowed() answers of the running call */
	unsigned int n_allowed;
	unsigned long allowed_lo[8];
	unsigned long allowed_size[8];
	bool ptr_fails;			/* smem_ptr() finds no mapping */
};

extern struct fz_sim fz_sim;

/* Report a broken invariant and abort (defined by the harness). */
void fz_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2),
						   noreturn));

void fz_sim_reset(const struct fz_cfg *cfg, uint64_t seed);
void fz_sim_select(unsigned int hart);
bool fz_ctr_exists(unsigned int idx);
uint64_t fz_width_mask(unsigned int idx);
/* writable bits of mhpmevent / mcyclecfg and minstretcfg */
uint64_t fz_evt_wmask(void);
uint64_t fz_cfg_wmask(void);
/* n events with this selector in mode; fixed: also cycle (bit 0) and
 * instret (bit 2) */
void fz_sim_count(enum fz_mode mode, uint64_t selector, uint32_t fixed,
		  uint64_t n);
/* a deep suspend: every counter CSR of the current hart loses its value */
void fz_sim_scramble(uint64_t seed);

/* Memory */
void fz_mem_init(void);
uint8_t *fz_mem(unsigned long addr);	/* host view of a RAM address */
bool fz_sram_range(unsigned long addr, unsigned long size);
void fz_mem_close_all(void);		/* poison all of RAM */
void fz_mem_open(unsigned long addr, unsigned long size);
void fz_mem_open_all(void);		/* for the harness's own checks */
bool fz_mem_canaries_ok(void);		/* firmware memory and guards */
void fz_smem_begin_call(void);

#endif /* FUZZ_SIM_H */
