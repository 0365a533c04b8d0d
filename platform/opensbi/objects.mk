# SPDX-License-Identifier: BSD-2-Clause
#
# An OpenSBI external platform: OpenSBI's generic platform, unchanged, whose
# lib/sbi/sbi_pmu.o and lib/sbi/sbi_ecall_pmu.o are Tally's PMU core and its
# binding (tally-pmu.mk). Inside an OpenSBI tree (docs/opensbi.md):
#
#   make PLATFORM_DIR=<tally>/platform/opensbi O=<build dir> \
#        CROSS_COMPILE=riscv64-linux-gnu- PLATFORM_RISCV_XLEN=64
#
# The generic platform's objects.mk files are read here with their objects
# re-rooted at platform/generic/, which OpenSBI's
# "$(platform_build_dir)/%.o: $(src_dir)/%.c" rule then builds from the
# OpenSBI tree itself.

tally_generic_dir := $(src_dir)/platform/generic
tally_platform_objs := $(platform-objs-y)
platform-objs-y :=
include $(tally_generic_dir)/objects.mk
include $(sort $(wildcard $(tally_generic_dir)/*/objects.mk))
platform-objs-y := $(tally_platform_objs) \
		   $(addprefix platform/generic/,$(platform-objs-y))
platform-genflags-y += -I$(tally_generic_dir)/include

include $(platform_src_dir)/tally-pmu.mk
