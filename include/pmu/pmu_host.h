/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the portable PMU core needs from the firmware that embeds it. The
 * firmware (or a test harness, or an OpenSBI adapter) defines these
 * functions; they are bound at link time, so no function pointer is followed
 * on a hot path. All of them act on the calling hart.
 */
#ifndef PMU_HOST_H
#define PMU_HOST_H

#include <stdbool.h>
#include <stdint.h>

struct pmu_hart;
struct pmu_platform;

#ifdef PMU_HOST_INLINE_H
/*
 * The embedder defines the four CSR accessors below as static inline
 * functions in the header this names (the Tally firmware:
 * <sbi/sbi_pmu_csr.h>), so constant CSR numbers cost one instruction.
 */
#include PMU_HOST_INLINE_H
#else
/**
 * pmu_host_csr_read() - read a CSR of the calling hart by number
 * @csr: CSR number (0xb00.., 0xc00.., 0x320.., 0x306, 0xda0, ...)
 *
 * Only called for CSRs the core knows to exist (probed or declared present).
 */
unsigned long pmu_host_csr_read(unsigned int csr);

/**
 * pmu_host_csr_write() - write a CSR of the calling hart by number
 * @csr: CSR number
 * @val: value to write
 */
void pmu_host_csr_write(unsigned int csr, unsigned long val);

/**
 * pmu_host_csr_set() - set bits in a CSR (csrs)
 * @csr: CSR number
 * @bits: bits to set
 *
 * Optional: the core has a weak default doing pmu_host_csr_read() then
 * pmu_host_csr_write(); a firmware saves an access by overriding it.
 */
void pmu_host_csr_set(unsigned int csr, unsigned long bits);

/**
 * pmu_host_csr_clear() - clear bits in a CSR (csrc)
 * @csr: CSR number
 * @bits: bits to clear
 *
 * Optional, like pmu_host_csr_set().
 */
void pmu_host_csr_clear(unsigned int csr, unsigned long bits);

/*
 * Hardware counter hooks: the points where the core changes what a
 * platform PMU device (OpenSBI's struct sbi_pmu_device) must follow. Only
 * SBI calls reach them: resets, HSM and suspend do not. Optional: the
 * weak defaults do nothing, and an inline host (the Tally firmware, which
 * has no such device) defines them empty so that they cost nothing.
 */

/**
 * pmu_host_hw_bind() - config_matching bound hardware counter @idx
 * @h: the calling hart
 * @idx: counter index (0 cycle, 2 instret, 3.. mhpmcounter)
 * @flags: the config_matching flags (filter bits, AUTO_START)
 *
 * Called before the counter's event is written; with AUTO_START the
 * counter starts right after, without pmu_host_hw_start().
 */
void pmu_host_hw_bind(struct pmu_hart *h, unsigned int idx,
		      unsigned long flags);

/**
 * pmu_host_hw_start() - an SBI start is about to let @bits count
 * @h: the calling hart
 * @bits: hardware counters (by index) that were stopped and now start;
 *	  may be 0
 */
void pmu_host_hw_start(struct pmu_hart *h, uint32_t bits);

/**
 * pmu_host_hw_stop() - an SBI stop has just stopped @bits
 * @h: the calling hart
 * @bits: hardware counters (by index) that were started and now
 *	  stopped; may be 0
 */
void pmu_host_hw_stop(struct pmu_hart *h, uint32_t bits);

#endif /* PMU_HOST_INLINE_H */

/**
 * pmu_host_csr_probe() - write a CSR that may not exist and read it back
 * @csr: CSR number
 * @val: value to write
 * @readback: where the value read back after the write is stored
 *
 * Return: 0 on success, -1 if the access trapped (the CSR is absent).
 */
int pmu_host_csr_probe(unsigned int csr, unsigned long val,
		       unsigned long *readback);

/**
 * pmu_host_smem_allowed() - may the supervisor share this memory with us?
 * @addr_lo: low XLEN bits of the physical address
 * @addr_hi: high XLEN bits of the physical address
 * @size: size in bytes (never 0)
 *
 * True only if [addr, addr + size) is RAM owned by the calling hart's
 * supervisor domain: not firmware memory, not MMIO, not past the end of RAM,
 * not wrapping around.
 */
bool pmu_host_smem_allowed(unsigned long addr_lo, unsigned long addr_hi,
			   unsigned long size);

/**
 * pmu_host_smem_ptr() - M-mode pointer to a supervisor physical address
 * @addr: physical address accepted by pmu_host_smem_allowed()
 *
 * Identity in the firmware; test harnesses map it into a buffer.
 */
void *pmu_host_smem_ptr(unsigned long addr);

/*
 * Platform firmware events: SBI_PMU_FW_PLATFORM (firmware event code 65535)
 * whose event_data is the platform's own encoding. The platform counts
 * them, not the core: a firmware counter j (0 .. PMU_FW_CTR_MAX - 1; SBI
 * counter index hw_slots + j) bound to one is started, stopped, read and
 * written through these functions. A host without platform firmware
 * events answers false from pmu_host_fw_platform_valid() and the core then
 * refuses the event everywhere (config_matching NOT_SUPPORTED,
 * event_get_info "unsupported"); the other five are then never called.
 * The SBI implementation-specific codes 256..65534 have no host function:
 * the core has none of them and refuses them.
 */

/**
 * pmu_host_fw_platform_valid() - does the platform have this event?
 * @data: event_data of the request (any 64-bit value, possibly garbage)
 */
bool pmu_host_fw_platform_valid(uint64_t data);

/**
 * pmu_host_fw_platform_match() - may firmware counter @j count event @data?
 * @j: firmware counter number (not the SBI index)
 * @data: an encoding pmu_host_fw_platform_valid() accepted
 */
bool pmu_host_fw_platform_match(unsigned int j, uint64_t data);

/**
 * pmu_host_fw_platform_start() - start counting @data on counter @j
 * Return: 0, or an SBI_ERR_* the SBI call returns (the counter then stays
 * stopped).
 */
long pmu_host_fw_platform_start(unsigned int j, uint64_t data);

/**
 * pmu_host_fw_platform_stop() - stop counter @j
 * Return: 0, or an SBI_ERR_* the SBI call returns (the counter then stays
 * started).
 */
long pmu_host_fw_platform_stop(unsigned int j);

/** pmu_host_fw_platform_read() - value of counter @j (fw_read, snapshot) */
uint64_t pmu_host_fw_platform_read(unsigned int j);

/** pmu_host_fw_platform_write() - load counter @j (initial values, CLEAR_VALUE) */
void pmu_host_fw_platform_write(unsigned int j, uint64_t value);

/*
 * The device tree, for pmu_platform_setup(): the /chosen policy and, by
 * default, the event maps. @dt is the handle the host gave
 * pmu_platform_setup(); the core never looks inside it.
 */
enum pmu_dt_node {
	PMU_DT_CHOSEN,	/* /chosen */
	PMU_DT_PMU,	/* the node compatible with "riscv,pmu" */
};

/**
 * pmu_host_dt_prop() - the raw (big-endian) value of a DT property
 * @dt: the host's device tree handle
 * @node: which node
 * @name: property name
 * @len: where its length in bytes is stored
 *
 * Return: the value, or NULL if there is no DT, node or property.
 * Optional: the weak default knows no DT (NULL), so the build-time
 * policy and the default event map apply.
 */
const void *pmu_host_dt_prop(const void *dt, enum pmu_dt_node node,
			     const char *name, unsigned long *len);

/**
 * pmu_host_event_maps() - load the platform's event maps into @plat
 * @plat: platform description being set up (counters probed)
 * @dt: the host's device tree handle
 *
 * With pmu_map_*() entries or the pmu_dt_*() loaders. Optional: the weak
 * default is pmu_dt_load_maps() (the riscv,pmu node). A platform that
 * loads no entry gets pmu_platform_default_map().
 * Return: 0, or an error the host reports (what loaded stays loaded).
 */
int pmu_host_event_maps(struct pmu_platform *plat, const void *dt);

/**
 * pmu_host_overflow_event() - a counter of the calling hart (@h) overflowed
 *
 * Called by pmu_hart_overflow_irq() while the host routes the overflow
 * interrupt to itself (pmu_hart_sse_route()): the host raises its local
 * PMU overflow event (SBI SSE event 0x00010000). Optional: the weak
 * default, for hosts that never route, does nothing.
 */
void pmu_host_overflow_event(struct pmu_hart *h);

#endif /* PMU_HOST_H */
