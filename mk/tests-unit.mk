# SPDX-License-Identifier: BSD-2-Clause
# `make check-unit`: the portable PMU core (lib/pmu/) built for the host
# against a simulated CSR file, under ASan and UBSan; plus a freestanding
# RV64 build of the same sources (no globals, no library calls beyond the
# host interface and memset).

CHECK_SUITES	+= unit mutation

UNIT_BUILD	:= $(BUILD)/unit
UNIT_CC		?= $(if $(shell command -v clang 2>/dev/null),clang,gcc)
UNIT_CFLAGS	:= -std=gnu11 -O1 -g -Wall -Wextra -Werror \
		   -fsanitize=address,undefined -fno-sanitize-recover=all \
		   -fno-omit-frame-pointer \
		   -I$(TOP)/tests/unit/shim -I$(TOP)/include -I$(TOP)/tests/unit

include $(TOP)/lib/pmu/objects.mk

UNIT_PMU_SRCS	:= $(addprefix $(TOP)/lib/pmu/,$(PMU_OBJS:.o=.c))
UNIT_TEST_SRCS	:= $(wildcard $(TOP)/tests/unit/*.c)
UNIT_HDRS	:= $(wildcard $(TOP)/include/pmu/*.h $(TOP)/lib/pmu/*.h \
		   $(TOP)/tests/unit/*.h $(TOP)/include/sbi/sbi_error.h \
		   $(TOP)/include/sbi/sbi_ecall_interface.h \
		   $(TOP)/include/sbi/riscv_draft_encoding.h)
UNIT_OBJS	:= $(patsubst $(TOP)/%.c,$(UNIT_BUILD)/%.o,\
		   $(UNIT_PMU_SRCS) $(UNIT_TEST_SRCS))
UNIT_BIN	:= $(UNIT_BUILD)/pmu-unit

$(UNIT_BUILD)/%.o: $(TOP)/%.c $(UNIT_HDRS) $(TOP)/mk/tests-unit.mk
	@mkdir -p $(dir $@)
	$(UNIT_CC) $(UNIT_CFLAGS) -c $< -o $@

$(UNIT_BIN): $(UNIT_OBJS)
	$(UNIT_CC) $(UNIT_CFLAGS) $^ -o $@

unit-bin: $(UNIT_BIN) ## build the PMU unit test binary only

check-unit: $(UNIT_BIN) ## PMU core unit tests (host, ASan/UBSan) + RV64 and RV32 freestanding builds
	@CROSS_COMPILE=$(CROSS_COMPILE) $(TOP)/tests/unit/run.sh $(UNIT_BIN) \
		$(UNIT_BUILD)/rv64 $(TOP) $(PMU_OBJS)

.PHONY: unit-bin check-unit

# `make bench-pmu`: instructions per PMU call, M-mode on QEMU -icount
# (needs $(QEMU); not part of `make check`).
BENCH_ELF	:= $(UNIT_BUILD)/bench/pmu-bench.elf
BENCH_SRCS	:= $(TOP)/tests/unit/bench/start.S $(TOP)/tests/unit/bench/bench.c

$(BENCH_ELF): $(BENCH_SRCS) $(UNIT_PMU_SRCS) $(UNIT_HDRS) \
		$(TOP)/tests/unit/bench/bench.ld $(TOP)/tests/unit/bench/csr_switch.h
	@mkdir -p $(dir $@)
	$(CROSS_COMPILE)gcc -march=rv64imac_zicsr_zifencei -mabi=lp64 \
		-mcmodel=medany -O2 -ffreestanding -nostdlib -nostdinc \
		-isystem $(shell $(CROSS_COMPILE)gcc -print-file-name=include) \
		-fno-PIE -no-pie -mstrict-align -I$(TOP)/include -Wall -Wextra \
		-Werror -Wl,-T,$(TOP)/tests/unit/bench/bench.ld \
		-Wl,--build-id=none $(BENCH_SRCS) $(UNIT_PMU_SRCS) -lgcc -o $@

bench-pmu: $(BENCH_ELF) ## PMU core instruction counts per call (QEMU, -icount)
	@QEMU=$(QEMU) $(TOP)/scripts/qemu-run.sh --bios $(BENCH_ELF) --smp 1 \
		--icount --timeout 60

.PHONY: bench-pmu

# `make check-mutation`: plant known bugs, one at a time, in a copy of
# lib/pmu/ and check that the unit tests catch every one; only the objects
# a mutated file goes into are rebuilt (tests/unit/mutation.py).
MUTATION_JOBS	?= $(JOBS)

check-mutation: $(UNIT_OBJS) ## the unit tests must catch every planted bug in lib/pmu
	@CC="$(UNIT_CC)" CFLAGS="$(UNIT_CFLAGS)" python3 \
		$(TOP)/tests/unit/mutation.py $(TOP) $(UNIT_BUILD) \
		$(UNIT_BUILD)/mutation $(MUTATION_JOBS)

.PHONY: check-mutation
