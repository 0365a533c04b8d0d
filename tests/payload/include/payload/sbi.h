/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI calls from S-mode. Every wrapper returns the raw {error, value} pair;
 * the numbers come from the project's shared headers.
 */
#ifndef PAYLOAD_SBI_H
#define PAYLOAD_SBI_H

#include <sbi/sbi_ecall_interface.h>
#include <sbi/sbi_error.h>

struct sbiret {
	long error;
	long value;
};

/* The generic call: a7 = eid, a6 = fid, a0..a5 = arguments. */
static inline struct sbiret sbi_ecall(unsigned long eid, unsigned long fid,
				      unsigned long arg0, unsigned long arg1,
				      unsigned long arg2, unsigned long arg3,
				      unsigned long arg4, unsigned long arg5)
{
	register unsigned long a0 asm("a0") = arg0;
	register unsigned long a1 asm("a1") = arg1;
	register unsigned long a2 asm("a2") = arg2;
	register unsigned long a3 asm("a3") = arg3;
	register unsigned long a4 asm("a4") = arg4;
	register unsigned long a5 asm("a5") = arg5;
	register unsigned long a6 asm("a6") = fid;
	register unsigned long a7 asm("a7") = eid;
	struct sbiret ret;

	asm volatile("ecall"
		     : "+r"(a0), "+r"(a1)
		     : "r"(a2), "r"(a3), "r"(a4), "r"(a5), "r"(a6), "r"(a7)
		     : "memory");
	ret.error = a0;
	ret.value = a1;
	return ret;
}

#define sbi_call0(e, f)		sbi_ecall(e, f, 0, 0, 0, 0, 0, 0)
#define sbi_call1(e, f, a)	sbi_ecall(e, f, a, 0, 0, 0, 0, 0)
#define sbi_call2(e, f, a, b)	sbi_ecall(e, f, a, b, 0, 0, 0, 0)
#define sbi_call3(e, f, a, b, c) sbi_ecall(e, f, a, b, c, 0, 0, 0)

/*
 * A 64-bit SBI argument: one register on RV64, two (low, then high) on
 * RV32. SBI_U64_LO(v) is the first register, SBI_U64_HI(v) the second (0
 * on RV64, where nothing follows).
 */
#define SBI_U64_LO(v)		((unsigned long)(uint64_t)(v))
#if __riscv_xlen == 32
#define SBI_U64_HI(v)		((unsigned long)((uint64_t)(v) >> 32))
#else
#define SBI_U64_HI(v)		0UL
#endif

/*
 * Legacy (v0.1) call: only a0 comes back. a6 is set to a value no legacy
 * implementation may look at, so a firmware that reads it shows up.
 */
long sbi_legacy_ecall(unsigned long eid, unsigned long arg0,
		      unsigned long arg1, unsigned long arg2,
		      unsigned long arg3);

/*
 * Run one ecall with every register but a0..a2, a6 and a7 loaded with a
 * pattern; returns a mask of the x-registers (a0 excluded) that came back
 * changed (bit n = xn). sp, gp and tp are checked too. A v0.2+ call may
 * change a1 (mask it out with ~SBI_CLOBBER_A1); a legacy call may not.
 * @ret receives a0/a1. Uses sscratch; interrupts are off during the call.
 */
#define SBI_CLOBBER_A1		(1UL << 11)
unsigned long sbi_ecall_clobber_check(unsigned long eid, unsigned long fid,
				      unsigned long arg0, unsigned long arg1,
				      unsigned long arg2, struct sbiret *ret);

/* BASE */
struct sbiret sbi_get_spec_version(void);
struct sbiret sbi_get_impl_id(void);
struct sbiret sbi_get_impl_version(void);
/* Is the firmware this project's (BASE get_impl_id)? Its choices, where the
 * spec allows several answers, are then the expected ones. */
int sbi_impl_is_tally(void);
struct sbiret sbi_probe_extension(long eid);
struct sbiret sbi_get_mvendorid(void);
struct sbiret sbi_get_marchid(void);
struct sbiret sbi_get_mimpid(void);

/* TIME */
struct sbiret sbi_set_timer(uint64_t stime_value);

/* IPI */
struct sbiret sbi_send_ipi(unsigned long hart_mask, unsigned long hart_mask_base);

/* RFENCE */
struct sbiret sbi_remote_fence_i(unsigned long hart_mask,
				 unsigned long hart_mask_base);
struct sbiret sbi_remote_sfence_vma(unsigned long hart_mask,
				    unsigned long hart_mask_base,
				    unsigned long start, unsigned long size);
struct sbiret sbi_remote_sfence_vma_asid(unsigned long hart_mask,
					 unsigned long hart_mask_base,
					 unsigned long start,
					 unsigned long size,
					 unsigned long asid);

/* HSM */
struct sbiret sbi_hart_start(unsigned long hartid, unsigned long start_addr,
			     unsigned long opaque);
struct sbiret sbi_hart_stop(void);
struct sbiret sbi_hart_get_status(unsigned long hartid);
struct sbiret sbi_hart_suspend(unsigned long type, unsigned long resume_addr,
			       unsigned long opaque);

/* SUSP */
struct sbiret sbi_system_suspend(unsigned long sleep_type,
				 unsigned long resume_addr,
				 unsigned long opaque);

/* FWFT (feature is 32 bits wide; a0 is passed whole) */
struct sbiret sbi_fwft_set(unsigned long feature, unsigned long value,
			   unsigned long flags);
struct sbiret sbi_fwft_get(unsigned long feature);

/* DBTR (shared memory: trig_max entries of 4 words) */
struct sbiret sbi_debug_num_triggers(unsigned long tdata1);
struct sbiret sbi_debug_set_shmem(unsigned long lo, unsigned long hi,
				  unsigned long flags);
struct sbiret sbi_debug_read_triggers(unsigned long base, unsigned long n);
struct sbiret sbi_debug_install_triggers(unsigned long n);
struct sbiret sbi_debug_update_triggers(unsigned long n);
struct sbiret sbi_debug_uninstall_triggers(unsigned long base,
					   unsigned long mask);
struct sbiret sbi_debug_enable_triggers(unsigned long base,
					unsigned long mask);
struct sbiret sbi_debug_disable_triggers(unsigned long base,
					 unsigned long mask);

/* SRST */
struct sbiret sbi_system_reset(unsigned long type, unsigned long reason);

/* DBCN */
struct sbiret sbi_debug_console_write(unsigned long num_bytes,
				      unsigned long base_lo,
				      unsigned long base_hi);
struct sbiret sbi_debug_console_read(unsigned long num_bytes,
				     unsigned long base_lo,
				     unsigned long base_hi);
struct sbiret sbi_debug_console_write_byte(unsigned char byte);

/* PMU (thin wrappers; the PMU suites own the semantics) */
struct sbiret sbi_pmu_num_counters(void);
struct sbiret sbi_pmu_counter_get_info(unsigned long idx);
struct sbiret sbi_pmu_counter_cfg_match(unsigned long base, unsigned long mask,
					unsigned long flags,
					unsigned long event_idx,
					uint64_t event_data);
struct sbiret sbi_pmu_counter_start(unsigned long base, unsigned long mask,
				    unsigned long flags, uint64_t value);
struct sbiret sbi_pmu_counter_stop(unsigned long base, unsigned long mask,
				   unsigned long flags);
struct sbiret sbi_pmu_counter_fw_read(unsigned long idx);
struct sbiret sbi_pmu_counter_fw_read_hi(unsigned long idx);
struct sbiret sbi_pmu_snapshot_set_shmem(unsigned long lo, unsigned long hi,
					 unsigned long flags);
struct sbiret sbi_pmu_event_get_info(unsigned long lo, unsigned long hi,
				     unsigned long num_entries,
				     unsigned long flags);

/*
 * SSE (event and attribute IDs are 32 bits; attribute buffers are physical
 * addresses, which payloads use as they run with satp = 0)
 */
struct sbiret sbi_sse_read_attrs(uint32_t event_id, unsigned long base,
				 unsigned long count, unsigned long *out);
struct sbiret sbi_sse_write_attrs(uint32_t event_id, unsigned long base,
				  unsigned long count, const unsigned long *in);
struct sbiret sbi_sse_register(uint32_t event_id, unsigned long entry_pc,
			       unsigned long entry_arg);
struct sbiret sbi_sse_unregister(uint32_t event_id);
struct sbiret sbi_sse_enable(uint32_t event_id);
struct sbiret sbi_sse_disable(uint32_t event_id);
struct sbiret sbi_sse_complete(void);
struct sbiret sbi_sse_inject(uint32_t event_id, unsigned long hartid);
struct sbiret sbi_sse_hart_unmask(void);
struct sbiret sbi_sse_hart_mask(void);
/* One attribute of the calling hart's view of @event_id, ~0UL on error. */
unsigned long sbi_sse_attr(uint32_t event_id, unsigned long attr);
/* @event_id's state (SBI_SSE_STATE_*), from its STATUS attribute. */
unsigned long sbi_sse_state(uint32_t event_id);

/* "SBI_ERR_INVALID_PARAM" for an error code, "SBI_SUCCESS" for 0. */
const char *sbi_err_name(long error);

#endif /* PAYLOAD_SBI_H */
