# SPDX-License-Identifier: BSD-2-Clause
# dts/: device-tree sources of the machines the tests boot (QEMU virt
# configurations) and PMU descriptions of real cores, built with Debian's
# dtc after cpp (scripts/dts-build.sh).
#
#   make dtbs         every dts/*.dts -> build/dts/*.dtb
#   make check-dts    they compile, the firmware's riscv,pmu parser takes
#                     them, the QEMU ones match what QEMU generates

DTS_SRCS	:= $(sort $(wildcard $(TOP)/dts/*.dts))
DTS_INCS	:= $(wildcard $(TOP)/dts/include/*)
DTBS		:= $(patsubst $(TOP)/dts/%.dts,$(BUILD)/dts/%.dtb,$(DTS_SRCS))
DTS_CHECKER	:= $(BUILD)/dts/check/pmu-dt-check
DTS_CHECK_OUT	:= $(BUILD)/dts/check

CHECK_SUITES	+= dts

dtbs: $(DTBS) ## build every dts/*.dts into build/dts/*.dtb

$(BUILD)/dts/%.dtb: $(TOP)/dts/%.dts $(DTS_INCS) $(TOP)/scripts/dts-build.sh \
		$(DEPS_STAMP)
	@echo "  DTC     $(notdir $@)"
	@$(TOP)/scripts/dts-build.sh $< $@

# The firmware's PMU DT parser, built for the host with host libfdt.
$(DTS_CHECKER): $(TOP)/tests/dts/pmu_dt_check.c $(TOP)/lib/pmu/pmu_dt.c \
		$(TOP)/lib/pmu/pmu_map.c \
		$(wildcard $(TOP)/include/pmu/*.h $(TOP)/lib/pmu/*.h) $(DEPS_STAMP)
	@mkdir -p $(@D)
	@echo "  HOSTCC  $(notdir $@)"
	@gcc -std=gnu11 -O1 -g -Wall -Wextra -Werror -I$(TOP)/tests/unit/shim \
		-I$(TOP)/include $(TOP)/tests/dts/pmu_dt_check.c \
		$(TOP)/lib/pmu/pmu_dt.c $(TOP)/lib/pmu/pmu_map.c -lfdt -o $@

check-dts: $(DTS_CHECKER) $(QEMU) ## dts/: compile, PMU parser, match QEMU's own DTs
	@QEMU=$(QEMU) $(TOP)/tests/dts/run.sh $(DTS_CHECKER) $(DTS_CHECK_OUT)

.PHONY: dtbs check-dts

# Board DTs from the kernel's tree, linux-source-7.2 (scripts/kernel-dtb.sh: the kernel's
# cpp include prefixes, then dtc): QEMU microchip-icicle-kit boots with
# that board's own DT, which QEMU does not generate.
ICICLE_DTB	:= $(BUILD)/boards/mpfs-icicle-kit.dtb

$(ICICLE_DTB): $(TOP)/scripts/kernel-dtb.sh $(DEPS_STAMP)
	@$(LINUX_ENV) $(TOP)/scripts/kernel-dtb.sh microchip/mpfs-icicle-kit $@
