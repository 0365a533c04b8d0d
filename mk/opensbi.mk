# SPDX-License-Identifier: BSD-2-Clause
# OpenSBI with Tally's PMU core: platform/opensbi/ is an OpenSBI external
# platform (the generic platform plus this project's PMU), docs/opensbi.md.
#
#   make opensbi OPENSBI_SRC=<OpenSBI tree>
#       build/opensbi/<version>/fw_dynamic.{bin,elf}, fw_jump.{bin,elf}
#   make check-opensbi OPENSBI_SRC=<tree>   suite `opensbi`: the PMU
#       conformance payload on its three CPU models, the SBI payload's SSE
#       group and the Linux perf tests, booted on that build; without
#       OPENSBI_SRC every run is skipped
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
OPENSBI_OUT	:= $(BUILD)/opensbi/$(OPENSBI_VER)
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
OPENSBI_LOGS	:= $(BUILD)/test-logs/opensbi-$(OPENSBI_VER)
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
	"e.g. make $(1) OPENSBI_SRC=<opensbi-1.5.1 or -1.9> (docs/opensbi.md)"

CHECK_SUITES	+= opensbi

ifeq ($(OPENSBI_TREE),)

# (the help lines are on the targets of the other branch)
opensbi:
	@$(call opensbi_need,opensbi); exit 1

# What would run: the link check, one payload run per CPU model, each
# Linux test.
OPENSBI_RUNS	= link $(addprefix pmu-,$(filter-out strict,$(call run_names,pmu))) \
		  pmu-testdev sbi-sse $(addprefix linux-,$(notdir $(LINUX_TESTS:-test.sh=)))

check-opensbi:
	@$(call opensbi_need,check-opensbi)
	@for r in $(OPENSBI_RUNS); do \
		echo "SKIP - opensbi $$r (no OpenSBI tree)"; \
	done
	@echo "opensbi: 0 passed, 0 failed, $(words $(OPENSBI_RUNS)) skipped"

else

opensbi: deps ## OpenSBI + Tally's PMU into build/opensbi/<version>/ (OPENSBI_SRC=<tree>)
	@test -f $(OPENSBI_VERH) || { \
		echo "opensbi: $(OPENSBI_TREE) is no OpenSBI tree (no include/sbi/sbi_version.h)"; \
		exit 1; }
	@echo "[opensbi] OpenSBI $(OPENSBI_VER) from $(OPENSBI_TREE) with Tally's PMU"
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

# Tally's objects are in the image (a platform that only added them to
# platform-objs-y would link OpenSBI's own PMU); both sbi_pmu.o and
# sbi_ecall_pmu.o must be ours.
opensbi_link_check = elf=$(OPENSBI_OUT)/fw_dynamic.elf; \
	syms=$$($(CROSS_COMPILE)nm $$elf 2>/dev/null); \
	for s in pmu_sbi_ecall tally_pmu_call tally_ecall_pmu; do \
		if grep -qE " $$s$$" <<<"$$syms"; then \
			echo "ok - opensbi link: $$s in $$(basename $$elf)"; p=$$((p + 1)); \
		else \
			echo "FAIL - opensbi link: $$s missing from $$elf"; f=$$((f + 1)); \
		fi; \
	done

# "[NAME: ]N passed, N failed[, N skipped]" of the last such line of $(1)
opensbi_add = line=$$(grep -E '^([A-Za-z-]+: )?[0-9]+ passed, [0-9]+ failed' $(1) | tail -1); \
	if [ -z "$$line" ]; then \
		echo "FAIL - opensbi: no result line in $(1)"; f=$$((f + 1)); \
	else \
		line=$${line\#*: }; \
		p=$$((p + $${line%% passed*})); \
		x=$${line\#* passed, }; f=$$((f + $${x%% failed*})); \
		case $$line in *skipped) x=$${line\#* failed, }; s=$$((s + $${x%% skipped*}));; esac; \
	fi

check-opensbi: ## PMU payload + Linux perf tests on OpenSBI with Tally's PMU (OPENSBI_SRC=<tree>)
	@$(MAKE) --no-print-directory opensbi-testdev
	@mkdir -p $(OPENSBI_LOGS)
	@p=0 f=0 s=0; \
	$(opensbi_link_check); \
	$(MAKE) --no-print-directory check-pmu FW_DYNAMIC=$(OPENSBI_FW_DYNAMIC) \
		PMU_APPEND=$(OPENSBI_PMU_APPEND) PMU_LOGS=$(OPENSBI_LOGS) \
		| tee $(OPENSBI_LOGS)/pmu.out; \
	$(call opensbi_add,$(OPENSBI_LOGS)/pmu.out); \
	n=0; for l in $(OPENSBI_LOGS)/pmu-*.log; do \
		grep -qaE 'Platform PMU Device *: tally-pmu' $$l || n=$$((n + 1)); \
	done; \
	if [ $$n = 0 ]; then \
		echo "ok - opensbi boot banners name the tally-pmu device"; p=$$((p + 1)); \
	else \
		echo "FAIL - opensbi: $$n payload logs lack the tally-pmu banner line"; f=$$((f + 1)); \
	fi; \
	$(MAKE) --no-print-directory check-pmu \
		FW_DYNAMIC=$(OPENSBI_TD_OUT)/fw_dynamic.bin \
		RUNS="$(OPENSBI_TD_RUNS)" \
		PMU_APPEND="$(OPENSBI_TD_APPEND)" \
		PMU_LOGS=$(OPENSBI_LOGS)/testdev | tee $(OPENSBI_LOGS)/pmu-testdev.out; \
	$(call opensbi_add,$(OPENSBI_LOGS)/pmu-testdev.out); \
	if grep -qaE 'Platform PMU Device *: tally-testdev' $(OPENSBI_LOGS)/testdev/pmu-*.log; then \
		echo "ok - opensbi: the test platform's PMU device is registered"; p=$$((p + 1)); \
	else \
		echo "FAIL - opensbi: the testdev boot banner lacks tally-testdev"; f=$$((f + 1)); \
	fi; \
	if $(OPENSBI_HAS_SSE); then \
		$(MAKE) --no-print-directory check-sbi FW_DYNAMIC=$(OPENSBI_FW_DYNAMIC) \
			RUNS=fw-dynamic-icount \
			SBI_APPEND='$(OPENSBI_SSE_APPEND)' \
			SBI_LOGS=$(OPENSBI_LOGS)/sbi | tee $(OPENSBI_LOGS)/sbi-sse.out; \
		$(call opensbi_add,$(OPENSBI_LOGS)/sbi-sse.out); \
	else \
		echo "SKIP - opensbi: SBI payload's SSE group (OpenSBI $(OPENSBI_VER) has only the draft SSE, no hart_unmask)"; \
		s=$$((s + 1)); \
	fi; \
	$(MAKE) --no-print-directory check-linux FW_DYNAMIC=$(OPENSBI_FW_DYNAMIC) \
		LINUX_TEST_LOGS=$(OPENSBI_LOGS)/linux | tee $(OPENSBI_LOGS)/linux.out; \
	$(call opensbi_add,$(OPENSBI_LOGS)/linux.out); \
	if [ $$s -gt 0 ]; then \
		echo "opensbi: $$p passed, $$f failed, $$s skipped"; \
	else \
		echo "opensbi: $$p passed, $$f failed"; \
	fi; \
	[ $$f = 0 ]

endif

.PHONY: opensbi opensbi-testdev check-opensbi
