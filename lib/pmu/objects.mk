# SPDX-License-Identifier: BSD-2-Clause
# Objects of the portable PMU core (sources in lib/pmu/, headers in
# include/pmu/). Needs <sbi/sbi_error.h>, <sbi/sbi_ecall_interface.h>,
# <sbi/riscv_draft_encoding.h>, <sbi/sbi_string.h> (memset) and the
# pmu_host_* functions of <pmu/pmu_host.h>.
PMU_OBJS := pmu_platform.o pmu_map.o pmu_dt.o pmu_events.o pmu_hw.o pmu_fw.o \
	    pmu_counters.o pmu_snapshot.o pmu_hart.o pmu_deleg.o pmu_ecall.o pmu_sse.o \
	    pmu_setup.o pmu_host_default.o
