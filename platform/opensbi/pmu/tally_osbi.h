/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The OpenSBI API generations the binding adapts to, from the version in
 * <sbi/sbi_version.h>. Needs no other header, so a file can choose its
 * OpenSBI includes with it before the core's headers come in.
 */
#ifndef TALLY_OSBI_H
#define TALLY_OSBI_H

#include <sbi/sbi_version.h>

/* The first OpenSBI release with each API this binding adapts to. */
#define TALLY_OSBI_SINCE(maj, min) (OPENSBI_VERSION >= (((maj) << 16) | (min)))
/* sbi_pmu_event_get_info(), ecall extensions carry a name */
#define TALLY_OSBI_EVENT_INFO TALLY_OSBI_SINCE(1, 6)
/* sbi_pmu_irq_mask(), sbi_pmu_irq_bit() is an IRQ number, sbi_sse_add_event() */
#define TALLY_OSBI_IRQ_MASK TALLY_OSBI_SINCE(1, 7)
/* a start reprograms the counter's event (PMU device hooks included) */
#define TALLY_OSBI_START_REPROGRAMS TALLY_OSBI_SINCE(1, 8)
/* sbi_hart_protection_map_range() replaces sbi_hart_map_saddr() */
#define TALLY_OSBI_HART_PROT TALLY_OSBI_SINCE(1, 8)
/* sbi_pmu_ctr_fw_read(cidx, cval, high_bits) */
#define TALLY_OSBI_FW_READ_HI TALLY_OSBI_SINCE(1, 9)

/* SBI v3.0 function ID, absent from OpenSBI's headers before 1.6 */
#ifndef SBI_EXT_PMU_EVENT_GET_INFO
#define SBI_EXT_PMU_EVENT_GET_INFO 0x8
#endif

#endif /* TALLY_OSBI_H */
