# SPDX-License-Identifier: BSD-2-Clause
# Suite `qemu-model`: bare M-mode payloads (tests/qemu-model/test-*.c,
# dropping to S/VS/U/VU where a test needs it) that check the project's
# QEMU CPU model (qemu/patches/) directly, booted with `-bios payload.elf`
# and `-icount shift=0` through scripts/qemu-run.sh, plus props.sh (CPU
# properties, ISA strings, riscv,pmu node). One hart, except test-smp*.c:
# two (the second spins in start.S). A test whose source has a line
# "QM_CPU_EXTRA: <options>" runs with those -cpu options after $(QM_CPU).
#
#   make check-qemu-model            run them; ends with "N passed, N failed"
#   make check-qemu-model QEMU=...   try another QEMU binary

QM_SRC		:= $(TOP)/tests/qemu-model
QM_OUT		:= $(BUILD)/tests/qemu-model
QM_CC		:= $(CROSS_COMPILE)gcc
QM_CFLAGS	:= -march=rv64gc_zicsr_zifencei -mabi=lp64 -mcmodel=medany -O2 \
		   -ffreestanding -nostdlib -fno-pic -fno-stack-protector \
		   -Wall -Werror -I$(TOP)/include -I$(QM_SRC) -static \
		   -Wl,--no-warn-rwx-segments -T $(QM_SRC)/link.ld
QM_LIB		:= $(QM_SRC)/start.S $(QM_SRC)/lib.c $(QM_SRC)/seq.S \
		   $(QM_SRC)/access.S
QM_DEPS		:= $(QM_LIB) $(QM_SRC)/lib.h $(QM_SRC)/link.ld \
		   $(TOP)/include/sbi/riscv_draft_encoding.h
QM_TESTS	:= $(patsubst $(QM_SRC)/test-%.c,%,$(wildcard $(QM_SRC)/test-*.c))
QM_ELFS		:= $(patsubst %,$(QM_OUT)/%.elf,$(QM_TESTS))
QM_CPU		?= rv64,sscofpmf=true,smcntrpmf=true,smcdeleg=true,ssccfg=true,smcsrind=true,sscsrind=true,smstateen=true,x-sspesa=true,x-ssplcofi=true,x-smpdis=true,x-sspdis=true

CHECK_SUITES	+= qemu-model

$(QM_OUT)/%.elf: $(QM_SRC)/test-%.c $(QM_DEPS)
	@mkdir -p $(dir $@)
	$(QM_CC) $(QM_CFLAGS) -o $@ $(QM_LIB) $< \
		$(filter-out $(QM_LIB),$(filter %.S,$^))

# built from test-misaligned.c (property off), test-cde.c (no Smcdeleg)
$(QM_OUT)/misaligned-off.elf: $(QM_SRC)/test-misaligned.c
$(QM_OUT)/cde-off.elf: $(QM_SRC)/test-cde.c
# with its own access sequences
$(QM_OUT)/tlb.elf: $(QM_SRC)/tlb.S

qemu-model-tests: $(QM_ELFS) ## build the QEMU model test payloads

# Each test and props.sh is a run of the run table (mk/runner.mk), run by
# tests/qemu-model/run.sh: make check-qemu-model/pdis runs one, make -j2
# two at a time; logs in $(QM_LOGS)/qemu-model-<test>.log.
QM_LOGS		:= $(BUILD)/test-logs/qemu-model
QM_QEMU		:= $(if $(filter command line,$(origin QEMU)),,qemu)
RUN_CMD.qemu-model = QM_SRC=$(QM_SRC) QM_OUT=$(QM_OUT) QM_CPU=$(QM_CPU) \
		  $(QM_SRC)/run.sh
RUN_DEPS.qemu-model = $(QM_QEMU) $(QM_SRC)/run.sh
RUN_LOGS.qemu-model = $(QM_LOGS)
$(foreach t,$(QM_TESTS),$(eval RUN.qemu-model.$(t) = $(t))\
	$(eval RUN_DEPS.qemu-model.$(t) = $(QM_OUT)/$(t).elf))
RUN.qemu-model.props = props
RUN_DEPS.qemu-model.props = $(QM_SRC)/props.sh

check-qemu-model: ## QEMU CPU model tests

.PHONY: qemu-model-tests


# Guest speed (docs/qemu-model.md, docs/performance.md; `make bench` runs
# it too): this QEMU against Debian's (/usr/bin, unpatched 10.0.2, from
# `make bench-deps`), no counters programmed ("plain") and four
# instruction-class counters on ("events"); then with PDIS sampling every
# 100000th instruction ("pdis") against the same CPU with PDIS off.
# Medians of RUNS interleaved runs.
QM_BENCH_REF	?= /usr/bin/qemu-system-riscv64

bench-qemu-model: qemu ## guest speed of the model vs Debian's QEMU
	$(QM_SRC)/bench.sh $(QM_OUT)/bench model=$(QEMU) debian=$(QM_BENCH_REF)
	WORKLOADS="plain pdis" $(QM_SRC)/bench.sh $(QM_OUT)/bench \
		model-pdis=$(QEMU):$(QM_CPU)

.PHONY: bench-qemu-model
