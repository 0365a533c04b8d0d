/* SPDX-License-Identifier: BSD-2-Clause */
/* SBI call wrappers: one line each over sbi_ecall(). */
#include <payload.h>

long sbi_legacy_ecall(unsigned long eid, unsigned long arg0,
		      unsigned long arg1, unsigned long arg2,
		      unsigned long arg3)
{
	return sbi_ecall(eid, 0x5a5a5a5a, arg0, arg1, arg2, arg3, 0, 0).error;
}

struct sbiret sbi_get_spec_version(void)
{
	return sbi_call0(SBI_EXT_BASE, SBI_EXT_BASE_GET_SPEC_VERSION);
}

struct sbiret sbi_get_impl_id(void)
{
	return sbi_call0(SBI_EXT_BASE, SBI_EXT_BASE_GET_IMP_ID);
}

int sbi_impl_is_tally(void)
{
	struct sbiret ret = sbi_get_impl_id();

	return !ret.error && ret.value == SBI_IMPL_ID_TALLY;
}

struct sbiret sbi_get_impl_version(void)
{
	return sbi_call0(SBI_EXT_BASE, SBI_EXT_BASE_GET_IMP_VERSION);
}

struct sbiret sbi_probe_extension(long eid)
{
	return sbi_call1(SBI_EXT_BASE, SBI_EXT_BASE_PROBE_EXT, eid);
}

struct sbiret sbi_get_mvendorid(void)
{
	return sbi_call0(SBI_EXT_BASE, SBI_EXT_BASE_GET_MVENDORID);
}

struct sbiret sbi_get_marchid(void)
{
	return sbi_call0(SBI_EXT_BASE, SBI_EXT_BASE_GET_MARCHID);
}

struct sbiret sbi_get_mimpid(void)
{
	return sbi_call0(SBI_EXT_BASE, SBI_EXT_BASE_GET_MIMPID);
}

struct sbiret sbi_set_timer(uint64_t stime_value)
{
	return sbi_call2(SBI_EXT_TIME, SBI_EXT_TIME_SET_TIMER,
			 SBI_U64_LO(stime_value), SBI_U64_HI(stime_value));
}

struct sbiret sbi_send_ipi(unsigned long hart_mask, unsigned long hart_mask_base)
{
	return sbi_call2(SBI_EXT_IPI, SBI_EXT_IPI_SEND_IPI, hart_mask,
			 hart_mask_base);
}

struct sbiret sbi_remote_fence_i(unsigned long hart_mask,
				 unsigned long hart_mask_base)
{
	return sbi_call2(SBI_EXT_RFENCE, SBI_EXT_RFENCE_REMOTE_FENCE_I,
			 hart_mask, hart_mask_base);
}

struct sbiret sbi_remote_sfence_vma(unsigned long hart_mask,
				    unsigned long hart_mask_base,
				    unsigned long start, unsigned long size)
{
	return sbi_ecall(SBI_EXT_RFENCE, SBI_EXT_RFENCE_REMOTE_SFENCE_VMA,
			 hart_mask, hart_mask_base, start, size, 0, 0);
}

struct sbiret sbi_remote_sfence_vma_asid(unsigned long hart_mask,
					 unsigned long hart_mask_base,
					 unsigned long start,
					 unsigned long size,
					 unsigned long asid)
{
	return sbi_ecall(SBI_EXT_RFENCE, SBI_EXT_RFENCE_REMOTE_SFENCE_VMA_ASID,
			 hart_mask, hart_mask_base, start, size, asid, 0);
}

struct sbiret sbi_hart_start(unsigned long hartid, unsigned long start_addr,
			     unsigned long opaque)
{
	return sbi_call3(SBI_EXT_HSM, SBI_EXT_HSM_HART_START, hartid,
			 start_addr, opaque);
}

struct sbiret sbi_hart_stop(void)
{
	return sbi_call0(SBI_EXT_HSM, SBI_EXT_HSM_HART_STOP);
}

struct sbiret sbi_hart_get_status(unsigned long hartid)
{
	return sbi_call1(SBI_EXT_HSM, SBI_EXT_HSM_HART_GET_STATUS, hartid);
}

struct sbiret sbi_hart_suspend(unsigned long type, unsigned long resume_addr,
			       unsigned long opaque)
{
	return sbi_call3(SBI_EXT_HSM, SBI_EXT_HSM_HART_SUSPEND, type,
			 resume_addr, opaque);
}

struct sbiret sbi_system_suspend(unsigned long sleep_type,
				 unsigned long resume_addr,
				 unsigned long opaque)
{
	return sbi_call3(SBI_EXT_SUSP, SBI_EXT_SUSP_SYSTEM_SUSPEND, sleep_type,
			 resume_addr, opaque);
}

struct sbiret sbi_fwft_set(unsigned long feature, unsigned long value,
			   unsigned long flags)
{
	return sbi_call3(SBI_EXT_FWFT, SBI_EXT_FWFT_SET, feature, value,
			 flags);
}

struct sbiret sbi_fwft_get(unsigned long feature)
{
	return sbi_call3(SBI_EXT_FWFT, SBI_EXT_FWFT_GET, feature, 0, 0);
}

struct sbiret sbi_debug_num_triggers(unsigned long tdata1)
{
	return sbi_call3(SBI_EXT_DBTR, SBI_EXT_DBTR_NUM_TRIGGERS, tdata1, 0, 0);
}

struct sbiret sbi_debug_set_shmem(unsigned long lo, unsigned long hi,
				  unsigned long flags)
{
	return sbi_call3(SBI_EXT_DBTR, SBI_EXT_DBTR_SETUP_SHMEM, lo, hi, flags);
}

struct sbiret sbi_debug_read_triggers(unsigned long base, unsigned long n)
{
	return sbi_call3(SBI_EXT_DBTR, SBI_EXT_DBTR_TRIGGER_READ, base, n, 0);
}

struct sbiret sbi_debug_install_triggers(unsigned long n)
{
	return sbi_call3(SBI_EXT_DBTR, SBI_EXT_DBTR_TRIGGER_INSTALL, n, 0, 0);
}

struct sbiret sbi_debug_update_triggers(unsigned long n)
{
	return sbi_call3(SBI_EXT_DBTR, SBI_EXT_DBTR_TRIGGER_UPDATE, n, 0, 0);
}

struct sbiret sbi_debug_uninstall_triggers(unsigned long base,
					   unsigned long mask)
{
	return sbi_call3(SBI_EXT_DBTR, SBI_EXT_DBTR_TRIGGER_UNINSTALL, base,
			 mask, 0);
}

struct sbiret sbi_debug_enable_triggers(unsigned long base,
					unsigned long mask)
{
	return sbi_call3(SBI_EXT_DBTR, SBI_EXT_DBTR_TRIGGER_ENABLE, base, mask,
			 0);
}

struct sbiret sbi_debug_disable_triggers(unsigned long base,
					 unsigned long mask)
{
	return sbi_call3(SBI_EXT_DBTR, SBI_EXT_DBTR_TRIGGER_DISABLE, base, mask,
			 0);
}

struct sbiret sbi_system_reset(unsigned long type, unsigned long reason)
{
	return sbi_call2(SBI_EXT_SRST, SBI_EXT_SRST_RESET, type, reason);
}

struct sbiret sbi_debug_console_write(unsigned long num_bytes,
				      unsigned long base_lo,
				      unsigned long base_hi)
{
	return sbi_call3(SBI_EXT_DBCN, SBI_EXT_DBCN_CONSOLE_WRITE, num_bytes,
			 base_lo, base_hi);
}

struct sbiret sbi_debug_console_read(unsigned long num_bytes,
				     unsigned long base_lo,
				     unsigned long base_hi)
{
	return sbi_call3(SBI_EXT_DBCN, SBI_EXT_DBCN_CONSOLE_READ, num_bytes,
			 base_lo, base_hi);
}

struct sbiret sbi_debug_console_write_byte(unsigned char byte)
{
	return sbi_call1(SBI_EXT_DBCN, SBI_EXT_DBCN_CONSOLE_WRITE_BYTE, byte);
}

struct sbiret sbi_pmu_num_counters(void)
{
	return sbi_call0(SBI_EXT_PMU, SBI_EXT_PMU_NUM_COUNTERS);
}

struct sbiret sbi_pmu_counter_get_info(unsigned long idx)
{
	return sbi_call1(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_GET_INFO, idx);
}

struct sbiret sbi_pmu_counter_cfg_match(unsigned long base, unsigned long mask,
					unsigned long flags,
					unsigned long event_idx,
					uint64_t event_data)
{
	return sbi_ecall(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_CFG_MATCH, base,
			 mask, flags, event_idx, SBI_U64_LO(event_data),
			 SBI_U64_HI(event_data));
}

struct sbiret sbi_pmu_counter_start(unsigned long base, unsigned long mask,
				    unsigned long flags, uint64_t value)
{
	return sbi_ecall(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_START, base, mask,
			 flags, SBI_U64_LO(value), SBI_U64_HI(value), 0);
}

struct sbiret sbi_pmu_counter_stop(unsigned long base, unsigned long mask,
				   unsigned long flags)
{
	return sbi_call3(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_STOP, base, mask,
			 flags);
}

struct sbiret sbi_pmu_counter_fw_read(unsigned long idx)
{
	return sbi_call1(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_FW_READ, idx);
}

struct sbiret sbi_pmu_counter_fw_read_hi(unsigned long idx)
{
	return sbi_call1(SBI_EXT_PMU, SBI_EXT_PMU_COUNTER_FW_READ_HI, idx);
}

struct sbiret sbi_pmu_snapshot_set_shmem(unsigned long lo, unsigned long hi,
					 unsigned long flags)
{
	return sbi_call3(SBI_EXT_PMU, SBI_EXT_PMU_SNAPSHOT_SET_SHMEM, lo, hi,
			 flags);
}

struct sbiret sbi_pmu_event_get_info(unsigned long lo, unsigned long hi,
				     unsigned long num_entries,
				     unsigned long flags)
{
	return sbi_ecall(SBI_EXT_PMU, SBI_EXT_PMU_EVENT_GET_INFO, lo, hi,
			 num_entries, flags, 0, 0);
}

struct sbiret sbi_sse_read_attrs(uint32_t event_id, unsigned long base,
				 unsigned long count, unsigned long *out)
{
	return sbi_ecall(SBI_EXT_SSE, SBI_EXT_SSE_READ_ATTRS, event_id, base,
			 count, (unsigned long)out, 0, 0);
}

struct sbiret sbi_sse_write_attrs(uint32_t event_id, unsigned long base,
				  unsigned long count, const unsigned long *in)
{
	return sbi_ecall(SBI_EXT_SSE, SBI_EXT_SSE_WRITE_ATTRS, event_id, base,
			 count, (unsigned long)in, 0, 0);
}

struct sbiret sbi_sse_register(uint32_t event_id, unsigned long entry_pc,
			       unsigned long entry_arg)
{
	return sbi_call3(SBI_EXT_SSE, SBI_EXT_SSE_REGISTER, event_id, entry_pc,
			 entry_arg);
}

struct sbiret sbi_sse_unregister(uint32_t event_id)
{
	return sbi_call1(SBI_EXT_SSE, SBI_EXT_SSE_UNREGISTER, event_id);
}

struct sbiret sbi_sse_enable(uint32_t event_id)
{
	return sbi_call1(SBI_EXT_SSE, SBI_EXT_SSE_ENABLE, event_id);
}

struct sbiret sbi_sse_disable(uint32_t event_id)
{
	return sbi_call1(SBI_EXT_SSE, SBI_EXT_SSE_DISABLE, event_id);
}

struct sbiret sbi_sse_complete(void)
{
	return sbi_call0(SBI_EXT_SSE, SBI_EXT_SSE_COMPLETE);
}

struct sbiret sbi_sse_inject(uint32_t event_id, unsigned long hartid)
{
	return sbi_call2(SBI_EXT_SSE, SBI_EXT_SSE_INJECT, event_id, hartid);
}

struct sbiret sbi_sse_hart_unmask(void)
{
	return sbi_call0(SBI_EXT_SSE, SBI_EXT_SSE_HART_UNMASK);
}

struct sbiret sbi_sse_hart_mask(void)
{
	return sbi_call0(SBI_EXT_SSE, SBI_EXT_SSE_HART_MASK);
}

unsigned long sbi_sse_attr(uint32_t event_id, unsigned long attr)
{
	unsigned long v = ~0UL;

	sbi_sse_read_attrs(event_id, attr, 1, &v);
	return v;
}

unsigned long sbi_sse_state(uint32_t event_id)
{
	return sbi_sse_attr(event_id, SBI_SSE_ATTR_STATUS) &
	       SBI_SSE_STATUS_STATE_MASK;
}

static const char *const sbi_err_names[] = {
	"SBI_SUCCESS",
	"SBI_ERR_FAILED",
	"SBI_ERR_NOT_SUPPORTED",
	"SBI_ERR_INVALID_PARAM",
	"SBI_ERR_DENIED",
	"SBI_ERR_INVALID_ADDRESS",
	"SBI_ERR_ALREADY_AVAILABLE",
	"SBI_ERR_ALREADY_STARTED",
	"SBI_ERR_ALREADY_STOPPED",
	"SBI_ERR_NO_SHMEM",
	"SBI_ERR_INVALID_STATE",
	"SBI_ERR_BAD_RANGE",
	"SBI_ERR_TIMEOUT",
	"SBI_ERR_IO",
	"SBI_ERR_DENIED_LOCKED",
};

const char *sbi_err_name(long error)
{
	unsigned long idx = -error;

	if (error > 0 || idx >= ARRAY_SIZE(sbi_err_names))
		return "unknown error";
	return sbi_err_names[idx];
}

void payload_ecall_regs(unsigned long regs[32]);

unsigned long sbi_ecall_clobber_check(unsigned long eid, unsigned long fid,
				      unsigned long arg0, unsigned long arg1,
				      unsigned long arg2, struct sbiret *ret)
{
	unsigned long in[32], out[32], changed = 0;
	int i;

	for (i = 0; i < 32; i++)
		in[i] = 0x5ca1ab1e00000000UL | ((unsigned long)i << 8) | i;
	in[10] = arg0;
	in[11] = arg1;
	in[12] = arg2;
	in[16] = fid;
	in[17] = eid;
	memcpy(out, in, sizeof(out));
	payload_ecall_regs(out);
	for (i = 1; i < 32; i++) {
		if (i != 10 && out[i] != in[i])
			changed |= 1UL << i;
	}
	ret->error = out[10];
	ret->value = out[11];
	return changed;
}
