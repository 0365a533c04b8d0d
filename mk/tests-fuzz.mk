# SPDX-License-Identifier: BSD-2-Clause
# Suite `fuzz`: a libFuzzer harness (tests/fuzz/) drives the PMU core
# (lib/pmu/) through pmu_sbi_ecall() and the firmware hooks on simulated
# harts, under ASan and UBSan, checking invariants after every operation.
#
#   make fuzz [FUZZ_SECONDS=300]  fuzz, adding new inputs to the corpus
#   make fuzz-merge               minimise tests/fuzz/corpus (-merge=1)
#   make check-fuzz               run the committed corpus, then a fixed-seed
#                                 run; ends with "fuzz: N passed, N failed"
#   make fuzz-cov                 line coverage of lib/pmu by the corpus

CHECK_SUITES	+= fuzz

FUZZ_BUILD	:= $(BUILD)/fuzz
FUZZ_CC		?= clang
FUZZ_SECONDS	?= 300
FUZZ_MAX_LEN	?= 2048
FUZZ_RUNS	?= 20000
FUZZ_SEED	?= 1
FUZZ_CORPUS	:= $(TOP)/tests/fuzz/corpus
FUZZ_BASE_CFLAGS := -std=gnu11 -g -Wall -Wextra -Werror \
		   -fno-omit-frame-pointer \
		   -I$(TOP)/tests/fuzz/shim -I$(TOP)/include -I$(TOP)/tests/fuzz
# lib/pmu: libFuzzer's coverage without stack-depth, whose features vary
# from run to run (check-fuzz's fixed-seed run must be repeatable).
FUZZ_COVERAGE	:= inline-8bit-counters,pc-table,trace-cmp,indirect-calls
FUZZ_CFLAGS	:= $(FUZZ_BASE_CFLAGS) -O1 -fsanitize=address,undefined \
		   -fsanitize-coverage=$(FUZZ_COVERAGE) \
		   -fno-sanitize-recover=all
FUZZ_LDFLAGS	:= -fsanitize=fuzzer,address,undefined
# Coverage feedback comes from lib/pmu only: the harness (decoding, the
# simulation, the checks after every operation) is sanitized but not
# instrumented, which keeps it fast and the merged corpus small.
FUZZ_NOCOV_CFLAGS := $(FUZZ_BASE_CFLAGS) -O1 -fsanitize=address,undefined \
		   -fno-sanitize-recover=all
FUZZ_NOCOV	:= $(wildcard $(TOP)/tests/fuzz/*.c)
FUZZ_COV_CFLAGS	:= $(FUZZ_BASE_CFLAGS) -O0 -fsanitize=fuzzer \
		   -fprofile-instr-generate -fcoverage-mapping

include $(TOP)/lib/pmu/objects.mk

FUZZ_PMU_SRCS	:= $(addprefix $(TOP)/lib/pmu/,$(PMU_OBJS:.o=.c))
FUZZ_SRCS	:= $(wildcard $(TOP)/tests/fuzz/*.c)
FUZZ_HDRS	:= $(wildcard $(TOP)/include/pmu/*.h $(TOP)/lib/pmu/*.h \
		   $(TOP)/tests/fuzz/*.h $(TOP)/tests/fuzz/shim/sbi/*.h) \
		   $(TOP)/include/sbi/sbi_error.h \
		   $(TOP)/include/sbi/sbi_ecall_interface.h \
		   $(TOP)/include/sbi/riscv_draft_encoding.h
FUZZ_OBJS	:= $(patsubst $(TOP)/%.c,$(FUZZ_BUILD)/asan/%.o,\
		   $(FUZZ_PMU_SRCS) $(FUZZ_SRCS))
FUZZ_COV_OBJS	:= $(patsubst $(TOP)/%.c,$(FUZZ_BUILD)/cov/%.o,\
		   $(FUZZ_PMU_SRCS) $(FUZZ_SRCS))
FUZZ_BIN	:= $(FUZZ_BUILD)/pmu-fuzz
FUZZ_COV_BIN	:= $(FUZZ_BUILD)/pmu-fuzz-cov

$(FUZZ_BUILD)/asan/%.o: $(TOP)/%.c $(FUZZ_HDRS) $(TOP)/mk/tests-fuzz.mk
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(if $(filter $<,$(FUZZ_NOCOV)),$(FUZZ_NOCOV_CFLAGS),\
		$(FUZZ_CFLAGS)) -c $< -o $@

$(FUZZ_BUILD)/cov/%.o: $(TOP)/%.c $(FUZZ_HDRS) $(TOP)/mk/tests-fuzz.mk
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_COV_CFLAGS) -c $< -o $@

$(FUZZ_BIN): $(FUZZ_OBJS)
	$(FUZZ_CC) $(FUZZ_LDFLAGS) $^ -o $@

$(FUZZ_COV_BIN): $(FUZZ_COV_OBJS)
	$(FUZZ_CC) $(FUZZ_COV_CFLAGS) $^ -o $@

fuzz-bin: $(FUZZ_BIN) ## build the PMU fuzz harness only

check-fuzz: $(FUZZ_BIN) ## PMU fuzz harness: committed corpus + fixed-seed run
	@$(TOP)/tests/fuzz/run-check.sh $(FUZZ_BIN) $(FUZZ_CORPUS) \
		$(FUZZ_BUILD)/check $(FUZZ_SEED) $(FUZZ_RUNS) $(FUZZ_MAX_LEN)

# Fork mode with -ignore_crashes: the corpus keeps the inputs of known,
# unfixed bugs, and a new crash must not end the session either; crashes
# land in $(FUZZ_BUILD)/artifacts/.
fuzz: $(FUZZ_BIN) ## fuzz the PMU core for FUZZ_SECONDS (default 300)
	@mkdir -p $(FUZZ_BUILD)/artifacts $(FUZZ_CORPUS)
	$(FUZZ_BIN) -fork=1 -ignore_crashes=1 -ignore_ooms=1 \
		-max_total_time=$(FUZZ_SECONDS) -max_len=$(FUZZ_MAX_LEN) \
		-timeout=10 -print_final_stats=1 \
		-artifact_prefix=$(FUZZ_BUILD)/artifacts/ $(FUZZ_CORPUS)

fuzz-merge: $(FUZZ_BIN) ## minimise tests/fuzz/corpus, keeping its coverage
	@$(TOP)/tests/fuzz/merge.sh $(FUZZ_BIN) $(FUZZ_CORPUS) \
		$(FUZZ_BUILD)/merge $(FUZZ_MAX_LEN)

# The reproducers of known bugs (bug-*) abort before a profile is written.
# Only the .c files are listed: the inline helpers of lib/pmu/*.h count
# once per unit that includes them, executed or not.
fuzz-cov: $(FUZZ_COV_BIN) ## line coverage of lib/pmu by the committed corpus
	@rm -rf $(FUZZ_BUILD)/cov-run; mkdir -p $(FUZZ_BUILD)/cov-run
	@cd $(FUZZ_BUILD)/cov-run && \
		find $(FUZZ_CORPUS) -type f ! -name 'bug-*' | \
		LLVM_PROFILE_FILE=$(FUZZ_BUILD)/cov-run/%p.profraw \
		xargs $(FUZZ_COV_BIN) >/dev/null 2>&1
	@llvm-profdata merge -sparse $(FUZZ_BUILD)/cov-run/*.profraw \
		-o $(FUZZ_BUILD)/cov-run/pmu.profdata
	@llvm-cov report $(FUZZ_COV_BIN) \
		-instr-profile=$(FUZZ_BUILD)/cov-run/pmu.profdata \
		$(FUZZ_PMU_SRCS)

.PHONY: fuzz-bin check-fuzz fuzz fuzz-merge fuzz-cov
