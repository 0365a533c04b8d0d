# SPDX-License-Identifier: BSD-2-Clause
# The firmware images: fw_dynamic, fw_jump and fw_payload, RV64, position
# independent.
# libfdt is compiled for the target from Debian's linux-source-6.12 tarball
# (scripts/dtc/libfdt), extracted once into the cache.
# It needs only the cross compiler (gcc-riscv64-linux-gnu) and that tarball
# (linux-source-6.12), not `make deps`: no package manager runs when they
# are there; when one is missing the build says what to install.

FW_BUILD	:= $(BUILD)/firmware$(FW_DIR_SUFFIX)
# FW_XLEN=32: the RV32 images in build/firmware32 (mk/firmware32.mk)
FW_XLEN		?= 64
ifeq ($(FW_XLEN),32)
FW_BUILD	:= $(BUILD)/firmware32$(FW_DIR_SUFFIX)
endif
FW_CC		:= $(CROSS_COMPILE)gcc
FW_OBJCOPY	:= $(CROSS_COMPILE)objcopy
FW_JUMP_ADDR	?= 0x80200000
# The link address: where QEMU and boot loaders load the image on most
# boards (DRAM base), so that QEMU's -bios can load the .elf too. The image
# is position independent and relocates itself when loaded elsewhere.
FW_TEXT_START	?= 0x80000000
# fw_jump: where the DT from a1 is moved before the next stage gets it (and
# read from, when a1 holds none); empty: the DT stays where it is
FW_JUMP_FDT_ADDR ?=
# fw_payload: the image linked in as the next stage (an ELF is converted to
# a raw image first); by default the Linux kernel once `make linux` built it.
# Without one, no fw_payload is built.
FW_PAYLOAD_PATH	?= $(wildcard $(KERNEL))
# Counter delegation and PDIS policy (docs/delegation.md); the DT's
# /chosen tally,pmu-delegate and tally,pdis-delegate override them.
FW_PMU_DELEGATE	?= 0
FW_PDIS_DELEGATE ?= 1
# The PMU's rules for deployed kernels (docs/pmu.md, "Compatibility");
# 0 gives the spec's strict answers. /chosen tally,pmu-compat overrides.
FW_PMU_COMPAT	?= 1

LIBFDT_SRC	:= $(CACHE)/libfdt-6.12
LIBFDT_STAMP	:= $(LIBFDT_SRC)/.extracted
LIBFDT_FILES	:= fdt fdt_ro fdt_rw fdt_wip fdt_sw fdt_strerror fdt_addresses \
		   fdt_empty_tree

FW_ARCH		:= -march=rv64imac_zicsr_zifencei -mabi=lp64 -mcmodel=medany
ifeq ($(FW_XLEN),32)
FW_ARCH		:= -march=rv32imac_zicsr_zifencei -mabi=ilp32 -mcmodel=medany
endif
FW_GCC_INC	= $(shell $(FW_CC) -print-file-name=include)
FW_CPPFLAGS	= -nostdinc -I$(TOP)/include -I$(TOP)/include/libc \
		  -isystem $(FW_GCC_INC) -I$(LIBFDT_SRC) \
		  -include $(FW_CONFIG_H)
# -ffixed-t2..t6: no C code touches them, so the ecall fast path
# (firmware/fw_base.S) need not save and restore them
FW_FIXED_REGS	:= -ffixed-t2 -ffixed-t3 -ffixed-t4 -ffixed-t5 -ffixed-t6
FW_CFLAGS	:= $(FW_ARCH) -O2 -g -fPIE -ffreestanding -fno-builtin-printf \
		   $(FW_FIXED_REGS) \
		   -fno-stack-protector -fno-strict-aliasing -fno-common \
		   -fno-asynchronous-unwind-tables -mstrict-align \
		   -Wall -Wextra -Wno-unused-parameter -Wno-sign-compare \
		   -MMD -MP
# Files built without GCC's scheduling before register allocation: with
# t2-t6 out of bounds it stretches what is live in sbi_sse.c's enter() past
# the registers C may clobber, and the SSE paths save and restore more.
FW_NOSCHED_OBJS	:= lib/sbi/sbi_sse.o
FW_LDFLAGS	:= $(FW_ARCH) -nostdlib -static-pie -Wl,--no-dynamic-linker \
		   -Wl,-z,norelro -Wl,--build-id=none -Wl,--no-warn-rwx-segments \
		   -Wl,--defsym=FW_TEXT_START=$(FW_TEXT_START) -Wl,-T,$(TOP)/firmware/fw.ld

include $(TOP)/lib/pmu/objects.mk

FW_SBI_SRCS	:= $(wildcard $(TOP)/lib/sbi/*.c $(TOP)/lib/sbi/*.S)
# The test channel and emulated suspend loss: in the FW_TEST=1 images only
FW_TEST_SRCS	:= $(TOP)/lib/sbi/sbi_ecall_test.c $(TOP)/lib/sbi/sbi_suspend_loss.c
FW_TEST_BIT	:= $(if $(filter 1,$(FW_TEST)),1,0)
ifeq ($(FW_TEST_BIT),0)
FW_SBI_SRCS	:= $(filter-out $(FW_TEST_SRCS),$(FW_SBI_SRCS))
endif
FW_UTIL_SRCS	:= $(wildcard $(TOP)/lib/utils/*/*.c)
FW_PMU_SRCS	:= $(addprefix $(TOP)/lib/pmu/,$(PMU_OBJS:.o=.c))
FW_COMMON_OBJS	:= $(patsubst $(TOP)/%,$(FW_BUILD)/%.o,\
		   $(basename $(FW_SBI_SRCS) $(FW_UTIL_SRCS) $(FW_PMU_SRCS)) \
		   $(TOP)/firmware/fw_base)
FW_COMMON_OBJS	+= $(addprefix $(FW_BUILD)/libfdt/,$(addsuffix .o,$(LIBFDT_FILES)))

firmware: $(FW_DYNAMIC) $(FW_JUMP) $(if $(FW_PAYLOAD_PATH),$(FW_PAYLOAD)) ## build fw_dynamic, fw_jump and (with a payload) fw_payload

firmware-test: ## the FW_TEST=1 images in build/firmware-test/ (the test suites' firmware)
	@$(MAKE) --no-print-directory FW_TEST=1 firmware

# The build-time knobs as a header, rewritten only when a value changes, so
# `make FW_PMU_DELEGATE=0x78` rebuilds exactly what depends on it.
FW_CONFIG_H	:= $(FW_BUILD)/fw_config.h
# (apart: inside $(if ...) make would keep the backslashes of \#)
FW_CONFIG_JUMP_FDT := \#ifndef FW_JUMP_FDT_ADDR\n\#define FW_JUMP_FDT_ADDR $(FW_JUMP_FDT_ADDR)UL\n\#endif\n
FW_CONFIG	:= \#define FW_TEXT_START $(FW_TEXT_START)\n\#ifndef FW_JUMP_ADDR\n\#define FW_JUMP_ADDR $(FW_JUMP_ADDR)UL\n\#endif\n$(if $(FW_JUMP_FDT_ADDR),$(FW_CONFIG_JUMP_FDT))\#define FW_PMU_DELEGATE $(FW_PMU_DELEGATE)\n\#define FW_PDIS_DELEGATE $(FW_PDIS_DELEGATE)\n\#define FW_PMU_COMPAT $(FW_PMU_COMPAT)\n\#define FW_TEST $(FW_TEST_BIT)\n\#define PMU_HOST_INLINE_H <sbi/sbi_pmu_csr.h>\n
$(FW_CONFIG_H): FORCE
	@mkdir -p $(dir $@)
	@# a temporary file of this make's own: make check runs two at once
	@t=$@.tmp.$$$$; printf '$(FW_CONFIG)' > $$t; \
	if cmp -s $$t $@; then rm $$t; else mv $$t $@; \
		echo "  GEN     fw_config.h"; fi

# What the build needs from Debian (order-only: checked, never a reason to
# rebuild)
fw-tools:
	@command -v $(FW_CC) >/dev/null || { echo "firmware: no $(FW_CC):" \
		"install gcc-riscv64-linux-gnu (apt-get install, or make deps)" >&2; exit 1; }

$(LIBFDT_TARBALL):
	@echo "firmware: no $@ (libfdt's source): install linux-source-6.12" \
		"(apt-get install, or make deps)" >&2; exit 1

# Extract into a private directory and rename it into place, so parallel
# builds sharing the cache never see a half-extracted tree.
$(LIBFDT_STAMP): $(LIBFDT_TARBALL) | fw-tools
	@echo "[firmware] extracting libfdt from $(LIBFDT_TARBALL)"
	@set -e; tmp=$$(mktemp -d $(LIBFDT_SRC).tmp.XXXXXX); \
	tar -xJf $(LIBFDT_TARBALL) -C $$tmp --strip-components=4 \
		linux-source-6.12/scripts/dtc/libfdt; \
	touch $$tmp/.extracted; \
	mv -T $$tmp $(LIBFDT_SRC) 2>/dev/null || { rm -rf $$tmp; touch $@; }

# The flags every object is built with, rewritten (in one rename) only
# when they change: a changed flag (say FW_FIXED_REGS) rebuilds every object.
FW_FLAGS_FILE	:= $(FW_BUILD)/fw_flags
FW_FLAGS	= $(FW_CC) $(FW_CPPFLAGS) $(FW_CFLAGS) nosched: $(FW_NOSCHED_OBJS)
$(FW_FLAGS_FILE): FORCE
	@mkdir -p $(dir $@)
	@echo '$(FW_FLAGS)' | cmp -s - $@ || \
		{ echo '$(FW_FLAGS)' >$@.$$$$ && mv $@.$$$$ $@; }
$(addprefix $(FW_BUILD)/,$(FW_NOSCHED_OBJS)): private FW_CFLAGS += -fno-schedule-insns

$(FW_BUILD)/libfdt/%.o: $(LIBFDT_STAMP) $(FW_FLAGS_FILE) | $(FW_CONFIG_H)
	@mkdir -p $(dir $@)
	@echo "  CC      libfdt/$*.c"
	@$(FW_CC) $(FW_CPPFLAGS) $(FW_CFLAGS) -Wno-error -c $(LIBFDT_SRC)/$*.c -o $@

$(FW_BUILD)/%.o: $(TOP)/%.c $(LIBFDT_STAMP) $(FW_FLAGS_FILE) | $(FW_CONFIG_H)
	@mkdir -p $(dir $@)
	@echo "  CC      $*.c"
	@$(FW_CC) $(FW_CPPFLAGS) $(FW_CFLAGS) -c $< -o $@

$(FW_BUILD)/%.o: $(TOP)/%.S $(FW_FLAGS_FILE) | $(FW_CONFIG_H) fw-tools
	@mkdir -p $(dir $@)
	@echo "  AS      $*.S"
	@$(FW_CC) $(FW_CPPFLAGS) -I$(FW_BUILD) $(FW_CFLAGS) -D__ASSEMBLER__ -c $< -o $@

# Offsets of C structures for the assembly (firmware/fw_asm_offsets.c):
# its "->NAME value" lines become #defines
FW_ASM_OFFSETS_H := $(FW_BUILD)/fw_asm_offsets.h
$(FW_ASM_OFFSETS_H): $(TOP)/firmware/fw_asm_offsets.c $(LIBFDT_STAMP) $(FW_FLAGS_FILE) | $(FW_CONFIG_H)
	@mkdir -p $(dir $@)
	@echo "  GEN     fw_asm_offsets.h"
	@$(FW_CC) $(FW_CPPFLAGS) $(FW_CFLAGS) -MF $@.d -MT $@ -S $< -o $@.s
	@sed -n 's/^->\([A-Z0-9_]*\) \([0-9]*\)$$/#define \1 \2/p' $@.s > $@.tmp
	@mv $@.tmp $@
$(FW_BUILD)/firmware/fw_base.o: $(FW_ASM_OFFSETS_H)

# A variant is fw_<name>.S (boot-hart choice) + fw_<name>_next.c.
$(FW_BUILD)/fw_%.elf: $(FW_COMMON_OBJS) $(FW_BUILD)/firmware/fw_%.o \
		$(FW_BUILD)/firmware/fw_%_next.o $(TOP)/firmware/fw.ld $(FW_CONFIG_H)
	@echo "  LD      $(notdir $@)"
	@$(FW_CC) $(FW_LDFLAGS) -o $@ $(FW_COMMON_OBJS) \
		$(FW_BUILD)/firmware/fw_$*.o $(FW_BUILD)/firmware/fw_$*_next.o

# fw_payload: the payload as a raw image, rewritten only when its bytes
# change (the payload is not a prerequisite: `make firmware` never builds
# the kernel, it takes the one there is).
FW_PAYLOAD_RAW	:= $(FW_BUILD)/payload.raw
$(FW_PAYLOAD_RAW): FORCE
	@test -n "$(FW_PAYLOAD_PATH)" || { echo "fw_payload: set FW_PAYLOAD_PATH (or make linux)" >&2; exit 1; }
	@$(TOP)/scripts/payload-raw.sh $(FW_OBJCOPY) $(FW_PAYLOAD_PATH) $@

# $(call fw_payload_obj,OBJ,RAW): fw_payload.S with RAW linked in
define fw_payload_obj
	@mkdir -p $(dir $(1))
	@echo "  AS      $(notdir $(1))"
	@$(FW_CC) $(FW_CPPFLAGS) $(FW_CFLAGS) -D__ASSEMBLER__ \
		-DFW_PAYLOAD_RAW='"$(2)"' -c $(TOP)/firmware/fw_payload.S -o $(1)
endef

$(FW_BUILD)/firmware/fw_payload.o: $(TOP)/firmware/fw_payload.S $(FW_PAYLOAD_RAW) | $(FW_CONFIG_H)
	$(call fw_payload_obj,$@,$(FW_PAYLOAD_RAW))

$(FW_BUILD)/%.bin: $(FW_BUILD)/%.elf
	@$(FW_OBJCOPY) -O binary $< $@
	@echo "  BIN     $(notdir $@) ($$(stat -c %s $@) bytes)"

-include $(shell find $(FW_BUILD) -name '*.d' 2>/dev/null)

.PHONY: firmware firmware-test fw-tools FORCE
.SECONDARY: $(FW_COMMON_OBJS) $(foreach v,dynamic jump payload,$(FW_BUILD)/fw_$(v).elf \
	$(FW_BUILD)/firmware/fw_$(v).o $(FW_BUILD)/firmware/fw_$(v)_next.o)
