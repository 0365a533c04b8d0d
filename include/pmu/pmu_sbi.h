/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SBI PMU extension encodings (SBI v3.0, chapter "Performance Monitoring
 * Unit Extension"): event index fields, event codes, flag bits, counter_info
 * fields and the shared memory layouts. The function IDs live in
 * <sbi/sbi_ecall_interface.h>. Everything here carries a PMU_ prefix so the
 * header can sit next to another firmware's own SBI definitions.
 */
#ifndef PMU_SBI_H
#define PMU_SBI_H

#include <stdint.h>

/* event_idx[19:16] = type, event_idx[15:0] = code */
#define PMU_EVIDX_TYPE_SHIFT		16
#define PMU_EVIDX_TYPE_MASK		0xfUL
#define PMU_EVIDX_CODE_MASK		0xffffUL
#define PMU_EVIDX_MASK			0xfffffUL
#define PMU_EVIDX(type, code)		(((unsigned long)(type) << 16) | (code))

#define PMU_EV_TYPE_HW			0x0
#define PMU_EV_TYPE_CACHE		0x1
#define PMU_EV_TYPE_RAW			0x2	/* deprecated, 48-bit data */
#define PMU_EV_TYPE_RAW_V2		0x3	/* 56-bit data */
#define PMU_EV_TYPE_FW			0xf

/* Hardware general events (type 0) */
#define PMU_HW_NO_EVENT			0
#define PMU_HW_CPU_CYCLES		1
#define PMU_HW_INSTRUCTIONS		2
#define PMU_HW_CACHE_REFERENCES		3
#define PMU_HW_CACHE_MISSES		4
#define PMU_HW_BRANCH_INSTRUCTIONS	5
#define PMU_HW_BRANCH_MISSES		6
#define PMU_HW_BUS_CYCLES		7
#define PMU_HW_STALLED_CYCLES_FRONTEND	8
#define PMU_HW_STALLED_CYCLES_BACKEND	9
#define PMU_HW_REF_CPU_CYCLES		10
#define PMU_HW_GENERAL_MAX		11

/* Hardware cache events (type 1): code[15:3] cache, [2:1] op, [0] result */
#define PMU_CACHE_L1D			0
#define PMU_CACHE_L1I			1
#define PMU_CACHE_LL			2
#define PMU_CACHE_DTLB			3
#define PMU_CACHE_ITLB			4
#define PMU_CACHE_BPU			5
#define PMU_CACHE_NODE			6
#define PMU_CACHE_ID_MAX		7
#define PMU_CACHE_OP_READ		0
#define PMU_CACHE_OP_WRITE		1
#define PMU_CACHE_OP_PREFETCH		2
#define PMU_CACHE_OP_MAX		3
#define PMU_CACHE_RESULT_ACCESS		0
#define PMU_CACHE_RESULT_MISS		1
#define PMU_CACHE_CODE(id, op, res)	(((id) << 3) | ((op) << 1) | (res))
/* codes 0 .. PMU_CACHE_CODE_MAX - 1 may be valid (op 3 never is) */
#define PMU_CACHE_CODE_MAX		(PMU_CACHE_ID_MAX << 3)

/* Raw event data widths (types 2 and 3) */
#define PMU_RAW_DATA_MASK		0x0000ffffffffffffULL
#define PMU_RAW_V2_DATA_MASK		0x00ffffffffffffffULL

/* Firmware events (type 15) */
#define PMU_FW_MISALIGNED_LOAD		0
#define PMU_FW_MISALIGNED_STORE		1
#define PMU_FW_ACCESS_LOAD		2
#define PMU_FW_ACCESS_STORE		3
#define PMU_FW_ILLEGAL_INSN		4
#define PMU_FW_SET_TIMER		5
#define PMU_FW_IPI_SENT			6
#define PMU_FW_IPI_RECEIVED		7
#define PMU_FW_FENCE_I_SENT		8
#define PMU_FW_FENCE_I_RECEIVED		9
#define PMU_FW_SFENCE_VMA_SENT		10
#define PMU_FW_SFENCE_VMA_RECEIVED	11
#define PMU_FW_SFENCE_VMA_ASID_SENT	12
#define PMU_FW_SFENCE_VMA_ASID_RECEIVED	13
#define PMU_FW_HFENCE_GVMA_SENT		14
#define PMU_FW_HFENCE_GVMA_RECEIVED	15
#define PMU_FW_HFENCE_GVMA_VMID_SENT	16
#define PMU_FW_HFENCE_GVMA_VMID_RECEIVED 17
#define PMU_FW_HFENCE_VVMA_SENT		18
#define PMU_FW_HFENCE_VVMA_RECEIVED	19
#define PMU_FW_HFENCE_VVMA_ASID_SENT	20
#define PMU_FW_HFENCE_VVMA_ASID_RECEIVED 21
#define PMU_FW_STD_MAX			22	/* 22..255 reserved */
#define PMU_FW_IMPL_FIRST		256	/* implementation specific */
#define PMU_FW_IMPL_LAST		65534
#define PMU_FW_PLATFORM			65535	/* event_data = platform code */

/* counter_info returned by COUNTER_GET_INFO */
#define PMU_CTR_INFO_CSR_MASK		0xfffUL
#define PMU_CTR_INFO_WIDTH_SHIFT	12
#define PMU_CTR_INFO_WIDTH_MASK		(0x3fUL << PMU_CTR_INFO_WIDTH_SHIFT)
#define PMU_CTR_INFO_TYPE_FW		(1UL << (sizeof(unsigned long) * 8 - 1))

/* COUNTER_CONFIG_MATCHING config_flags */
#define PMU_CFG_SKIP_MATCH		(1UL << 0)
#define PMU_CFG_CLEAR_VALUE		(1UL << 1)
#define PMU_CFG_AUTO_START		(1UL << 2)
#define PMU_CFG_SET_VUINH		(1UL << 3)
#define PMU_CFG_SET_VSINH		(1UL << 4)
#define PMU_CFG_SET_UINH		(1UL << 5)
#define PMU_CFG_SET_SINH		(1UL << 6)
#define PMU_CFG_SET_MINH		(1UL << 7)
#define PMU_CFG_INH_SHIFT		3	/* VUINH..MINH = bits 3..7 */
#define PMU_CFG_INH_MASK		(0x1fUL << PMU_CFG_INH_SHIFT)
#define PMU_CFG_VALID_MASK		0xffUL

/* COUNTER_START start_flags */
#define PMU_START_SET_INIT_VALUE	(1UL << 0)
#define PMU_START_INIT_SNAPSHOT		(1UL << 1)
#define PMU_START_VALID_MASK		0x3UL

/* COUNTER_STOP stop_flags */
#define PMU_STOP_RESET			(1UL << 0)
#define PMU_STOP_TAKE_SNAPSHOT		(1UL << 1)
#define PMU_STOP_VALID_MASK		0x3UL

/* SNAPSHOT_SET_SHMEM: one 4 KiB page, little-endian 64-bit words */
#define PMU_SNAPSHOT_SIZE		4096UL
#define PMU_SNAPSHOT_ALIGN		4096UL
#define PMU_SNAPSHOT_NUM_VALUES		64
#define PMU_SNAPSHOT_DISABLE		(~0UL)	/* in both address words */

struct pmu_snapshot_area {
	uint64_t ctr_overflow_mask;			/* 0x0000 */
	uint64_t ctr_values[PMU_SNAPSHOT_NUM_VALUES];	/* 0x0008 */
	uint8_t reserved[3576];				/* 0x0208 */
};

/* EVENT_GET_INFO: entries of 16 bytes, 16-byte aligned */
#define PMU_EVENT_INFO_SIZE		16UL
#define PMU_EVENT_INFO_ALIGN		16UL
#define PMU_EVENT_INFO_IDX_RSVD		0xfff00000U	/* word 0 bits 31:20 */
#define PMU_EVENT_INFO_SUPPORTED	0x1U		/* word 1 bit 0 */

struct pmu_event_info_entry {
	uint32_t event_idx;	/* word 0, read only */
	uint32_t output;	/* word 1, written */
	uint64_t event_data;	/* words 2-3, read only */
};

#endif /* PMU_SBI_H */
