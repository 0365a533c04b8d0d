# SPDX-License-Identifier: BSD-2-Clause
#
# lib/sbi/sbi_pmu.o and lib/sbi/sbi_ecall_pmu.o from Tally's PMU core
# (lib/pmu/ of the Tally checkout) and its OpenSBI binding (pmu/).
#
# OpenSBI reads the platform's objects.mk before lib/sbi's, and these
# explicit rules for exactly those two objects stand instead of its
# "$(build_dir)/%.o: $(src_dir)/%.c"; everything else in OpenSBI, which
# calls the <sbi/sbi_pmu.h> API, is untouched. Only make variables decide
# here: the first make pass runs before Kconfig's auto.conf exists.
#
#   TALLY_PMU=n             the same platform with OpenSBI's own PMU
#   TALLY_DIR=              the Tally checkout (default: two levels up)
#   FW_PMU_DELEGATE=mask    hardware counters for the supervisor (default 0)
#   FW_PDIS_DELEGATE=0|1    PDIS for the supervisor where Sspdis exists (1)
#   FW_PMU_COMPAT=0|1       the rules for deployed kernels (1, docs/pmu.md)
#   FW_PMU_TESTDEV=y        register the test platform's PMU device
#                           (pmu/testdev.c), for make check-opensbi only
# The FW_PMU_* knobs are those of Tally's own firmware, with the same
# defaults (lib/pmu/pmu_setup.c) and the same /chosen overrides.

TALLY_PMU ?= y

# OpenSBI resolves O= with readlink -f, which gives nothing when O's parent
# does not exist; every output path would then start at /.
ifeq ($(build_dir),)
$(error O=$(O): the build directory's parent must exist)
endif
TALLY_DIR ?= $(abspath $(platform_src_dir)/../..)

ifeq ($(TALLY_PMU),y)
ifeq ($(wildcard $(TALLY_DIR)/lib/pmu/objects.mk),)
$(error TALLY_DIR=$(TALLY_DIR) holds no Tally PMU core (lib/pmu/objects.mk))
endif
include $(TALLY_DIR)/lib/pmu/objects.mk

tally_pmu_out	:= $(build_dir)/tally-pmu
# the core exactly as in Tally's firmware: its own headers first; OpenSBI
# calls memset() sbi_memset()
tally_pmu_core	:= $(addprefix $(tally_pmu_out)/core/,$(PMU_OBJS))
tally_pmu_core_flags := -I$(TALLY_DIR)/include -Dmemset=sbi_memset \
		   $(if $(FW_PMU_DELEGATE),-DFW_PMU_DELEGATE=$(FW_PMU_DELEGATE)) \
		   $(if $(FW_PDIS_DELEGATE),-DFW_PDIS_DELEGATE=$(FW_PDIS_DELEGATE)) \
		   $(if $(FW_PMU_COMPAT),-DFW_PMU_COMPAT=$(FW_PMU_COMPAT))
# the binding: OpenSBI's headers, then the core's <pmu/...>
tally_pmu_glue	:= $(addprefix $(tally_pmu_out)/,\
		   sbi_pmu.o maps.o calls.o host.o fdt.o irq.o features.o \
		   emulate.o device.o $(if $(filter y,$(FW_PMU_TESTDEV)),testdev.o))
tally_pmu_glue_flags := -idirafter $(TALLY_DIR)/include \
		   $(if $(filter y,$(FW_PMU_TESTDEV)),-DFW_PMU_TESTDEV)
tally_pmu_ecall	:= $(build_dir)/lib/sbi/sbi_ecall_pmu.o
# reads of the SBI's counters under CDE = 1 (pmu/emulate.c); after the
# generic platform's objects.mk, which sets platform-ldflags-y
platform-ldflags-y += -Wl,--wrap=sbi_emulate_csr_read

# $(call tally_pmu_cc,object,source,flags placed before OpenSBI's CFLAGS)
tally_pmu_cc = $(CMD_PREFIX)mkdir -p $(dir $(1)); \
	echo " CC        $(subst $(build_dir)/,,$(1)) (Tally PMU)"; \
	$(CC) $(3) $(CFLAGS) -MMD -MP -c $(2) -o $(1)

$(tally_pmu_core): $(tally_pmu_out)/core/%.o: $(TALLY_DIR)/lib/pmu/%.c \
		   $(KCONFIG_AUTOHEADER)
	$(call tally_pmu_cc,$@,$(TALLY_DIR)/lib/pmu/$*.c,$(tally_pmu_core_flags))

$(tally_pmu_glue): $(tally_pmu_out)/%.o: $(platform_src_dir)/pmu/%.c \
		   $(KCONFIG_AUTOHEADER)
	$(call tally_pmu_cc,$@,$(platform_src_dir)/pmu/$*.c,$(tally_pmu_glue_flags))

$(tally_pmu_ecall): $(platform_src_dir)/pmu/sbi_ecall_pmu.c \
		    $(KCONFIG_AUTOHEADER)
	$(call tally_pmu_cc,$@,$(platform_src_dir)/pmu/sbi_ecall_pmu.c,$(tally_pmu_glue_flags))

$(build_dir)/lib/sbi/sbi_pmu.o: $(tally_pmu_core) $(tally_pmu_glue)
	$(CMD_PREFIX)echo " LD -r     $(subst $(build_dir)/,,$@) (Tally PMU)"
	$(CMD_PREFIX)$(LD) -r -o $@ $(tally_pmu_core) $(tally_pmu_glue)

-include $(tally_pmu_core:.o=.d) $(tally_pmu_glue:.o=.d) \
	 $(tally_pmu_ecall:.o=.d)
endif
