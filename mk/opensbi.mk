# SPDX-License-Identifier: BSD-2-Clause
# OpenSBI with Tally's PMU core: platform/opensbi/ is an OpenSBI external
# platform (the generic platform plus this project's PMU), docs/opensbi.md.
#
#   make opensbi OPENSBI_SRC=<OpenSBI tree> [OPENSBI_NAME=<name>]
#       build/opensbi/<name>/fw_dynamic.{bin,elf}, fw_jump.{bin,elf}
#       (<name>: <version> unless given, e.g. OPENSBI_NAME=master)
#   make check-opensbi OPENSBI_SRC=<tree>   suite `opensbi`: the PMU
#       conformance payload on its four CPU models, the SBI payload's SSE
#       group and the Linux perf tests, booted on that build; without
#       OPENSBI_SRC every run is skipped. Its runs (link, pmu, pmu-testdev,
#       sbi-sse, linux) are on the run table (mk/runner.mk,
#       tests/opensbi/run.sh): make check-opensbi/linux runs one.
#
# OPENSBI_SRC may also come from the environment (so `make check` runs the
# suite too). <version> is MAJOR.MINOR of the tree's sbi_version.h (v1.5.1
# calls itself 1.5). FW_PMU_DELEGATE / FW_PDIS_DELEGATE / FW_PMU_COMPAT set
# the policy as for Tally's firmware (the same knobs inside OpenSBI's make). Objects go to build/opensbi/obj-<hash of
# the tree's path and those knobs>, so no two configurations share them.

OPENSBI_SRC	?=
OPENSBI_TREE	:= $(if $(OPENSBI_SRC),$(abspath $(OPENSBI_SRC)))
OPENSBI_VERH	:= $(OPENSBI_TREE)/include/sbi/sbi_version.h
opensbi_ver_part = $(shell sed -n 's/^\#define OPENSBI_VERSION_$(1)[[:space:]]*\([0-9]*\).*/\1/p' \
		   $(OPENSBI_VERH) 2>/dev/null)
OPENSBI_VER	:= $(if $(OPENSBI_TREE),$(call opensbi_ver_part,MAJOR).$(call opensbi_ver_part,MINOR))
# MAJOR * 100 + MINOR, for the payload (bootarg pmu.testdev)
OPENSBI_VERNUM	:= $(if $(OPENSBI_TREE),$(shell echo $$(($(call opensbi_ver_part,MAJOR) * 100 + $(call opensbi_ver_part,MINOR)))))
# the name of its output and log directories: the version by default;
# OPENSBI_NAME=<name> for a tree that calls itself by a release's version
# but is not that release (master between releases: 1.9 after v1.9)
OPENSBI_NAME	?= $(OPENSBI_VER)
OPENSBI_OUT	:= $(BUILD)/opensbi/$(OPENSBI_NAME)
# the firmware's delegation knobs (docs/delegation.md) apply here too
OPENSBI_KNOBS	:= FW_PMU_DELEGATE=$(FW_PMU_DELEGATE) \
		   FW_PDIS_DELEGATE=$(FW_PDIS_DELEGATE) \
		   FW_PMU_COMPAT=$(FW_PMU_COMPAT)
opensbi_obj	= $(BUILD)/opensbi/obj-$(shell printf '%s' '$(OPENSBI_TREE) $(1)' | \
		   sha256sum | cut -c1-12)
OPENSBI_OBJ	:= $(call opensbi_obj,$(OPENSBI_KNOBS))
# the check's second build: the test platform's PMU device registered
# (platform/opensbi/pmu/testdev.c), whose hooks the payload observes
OPENSBI_TD_KNOBS := $(OPENSBI_KNOBS) FW_PMU_TESTDEV=y
OPENSBI_TD_OBJ	:= $(call opensbi_obj,$(OPENSBI_TD_KNOBS))
OPENSBI_TD_OUT	:= $(OPENSBI_OUT)/testdev
OPENSBI_FW_DYNAMIC := $(OPENSBI_OUT)/fw_dynamic.bin
OPENSBI_LOGS	:= $(BUILD)/test-logs/opensbi-$(OPENSBI_NAME)
# bootargs: no Tally test channel; firmware events at OpenSBI's call sites
OPENSBI_PMU_APPEND := pmu.opensbi
OPENSBI_TD_APPEND := pmu.opensbi pmu.testdev=$(OPENSBI_VERNUM)
# the test device's run: its interrupt is visible only without Sscofpmf
OPENSBI_TD_RUNS	:= plain
# the SBI payload's SSE group under -icount: the PMU overflow event that
# the core routes and raises through OpenSBI's SSE (platform/opensbi/pmu/
# irq.c). no-hazards: OpenSBI faults on SSE buffers past the end of RAM.
# Only where OpenSBI has SBI v3.0's SSE (hart_unmask), not 1.5's draft.
OPENSBI_SSE_APPEND := sbi.only=sse no-hazards
OPENSBI_HAS_SSE	= grep -q SBI_EXT_SSE_HART_UNMASK \
		  $(OPENSBI_TREE)/include/sbi/sbi_ecall_interface.h

# OpenSBI's make in a clean environment: none of this build's command-line
# variables (FW_DYNAMIC=...) may leak into it.
# $(call opensbi_make,obj dir,knobs)
opensbi_make	= env -i PATH="$$PATH" HOME="$$HOME" make -C $(OPENSBI_TREE) \
		  PLATFORM_DIR=$(TOP)/platform/opensbi O=$(1) \
		  CROSS_COMPILE=$(CROSS_COMPILE) PLATFORM_RISCV_XLEN=64 \
		  $(2) -j$(JOBS)

opensbi_need = echo "opensbi: OPENSBI_SRC is not set: give an OpenSBI source tree," \
	"e.g. make $(1) OPENSBI_SRC=<opensbi-1.5.1, -1.9 or master> (docs/opensbi.md)"

CHECK_SUITES	+= opensbi

# The suite's runs (tests/opensbi/run.sh PART NAME...): the NAMEs, the
# part's own runs or tests, are what is skipped without a tree.
RUN_CMD.opensbi	= MAKE="$(MAKE)" TOP=$(TOP) NM=$(CROSS_COMPILE)nm \
		  OPENSBI_TREE=$(OPENSBI_TREE) OPENSBI_VER=$(OPENSBI_VER) \
		  OPENSBI_OUT=$(OPENSBI_OUT) OPENSBI_TD_OUT=$(OPENSBI_TD_OUT) \
		  OPENSBI_LOGS=$(OPENSBI_LOGS) \
		  OPENSBI_PMU_APPEND="$(OPENSBI_PMU_APPEND)" \
		  OPENSBI_TD_APPEND="$(OPENSBI_TD_APPEND)" \
		  OPENSBI_TD_RUNS="$(OPENSBI_TD_RUNS)" \
		  OPENSBI_SSE_APPEND="$(OPENSBI_SSE_APPEND)" \
		  $(TOP)/tests/opensbi/run.sh
RUN.opensbi.link	= link
RUN.opensbi.pmu		= pmu $(filter-out strict,$(call run_names,pmu))
RUN.opensbi.pmu-testdev	= pmu-testdev
RUN.opensbi.sbi-sse	= sbi-sse
RUN.opensbi.linux	= linux $(notdir $(LINUX_TESTS))
# What the runs' sub-makes share is made first, so that two of them side
# by side never build the same file.
RUN_DEPS.opensbi = $(TOP)/tests/opensbi/run.sh \
		  $(if $(OPENSBI_TREE),opensbi-testdev $(PMU_PAYLOAD) $(SBI_PAYLOAD) $(QEMU))
RUN_DEPS.opensbi.linux = $(if $(OPENSBI_TREE),linux $(KERNEL_STOCK) $(ICICLE_DTB))

check-opensbi: ## PMU payload + Linux perf tests on OpenSBI with Tally's PMU (OPENSBI_SRC=<tree>)

ifeq ($(OPENSBI_TREE),)

# (the help line is on the target of the other branch)
opensbi:
	@$(call opensbi_need,opensbi); exit 1

else

opensbi: deps ## OpenSBI + Tally's PMU into build/opensbi/<version>/ (OPENSBI_SRC=<tree>)
	@test -f $(OPENSBI_VERH) || { \
		echo "opensbi: $(OPENSBI_TREE) is no OpenSBI tree (no include/sbi/sbi_version.h)"; \
		exit 1; }
	@echo "[opensbi] OpenSBI $(OPENSBI_VER) from $(OPENSBI_TREE) with Tally's PMU ($(OPENSBI_NAME))"
	@mkdir -p $(OPENSBI_OBJ)
	@$(call opensbi_make,$(OPENSBI_OBJ),$(OPENSBI_KNOBS))
	@mkdir -p $(OPENSBI_OUT)
	@for f in fw_dynamic fw_jump; do \
		for x in bin elf; do \
			cp $(OPENSBI_OBJ)/platform/opensbi/firmware/$$f.$$x \
				$(OPENSBI_OUT)/$$f.$$x || exit 1; \
		done; \
	done
	@echo "$(OPENSBI_TREE)" > $(OPENSBI_OUT)/source
	@echo "[opensbi] $(OPENSBI_OUT)/fw_dynamic.bin, fw_jump.bin"

# the check's build with the test platform's PMU device (not for users)
opensbi-testdev: opensbi
	@mkdir -p $(OPENSBI_TD_OBJ) $(OPENSBI_TD_OUT)
	@$(call opensbi_make,$(OPENSBI_TD_OBJ),$(OPENSBI_TD_KNOBS))
	@cp $(OPENSBI_TD_OBJ)/platform/opensbi/firmware/fw_dynamic.bin \
		$(OPENSBI_TD_OBJ)/platform/opensbi/firmware/fw_dynamic.elf \
		$(OPENSBI_TD_OUT)/

endif

.PHONY: opensbi opensbi-testdev
