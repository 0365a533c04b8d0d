# SPDX-License-Identifier: BSD-2-Clause
# The S-mode payload library (tests/payload/) and how to build payloads on
# it. Included by every mk/tests-*.mk that builds a payload:
#
#	include $(TOP)/tests/payload/payload.mk
#	$(eval $(call payload_program,NAME,SRCDIR))
#
# builds $(BUILD)/tests/NAME/NAME.elf from every SRCDIR/*.c and *.S linked
# with libpayload.a at 0x80200000 (the path is in NAME_PAYLOAD_ELF).
# Debian's cross libgcc is lp64d only, so payloads (lp64) link without it:
# avoid __builtin_clz/ctz/popcount and 128-bit arithmetic (payload.h has
# bit helpers).

ifndef PAYLOAD_MK_INCLUDED
PAYLOAD_MK_INCLUDED := 1

PAYLOAD_DIR	:= $(TOP)/tests/payload
PAYLOAD_OUT	:= $(BUILD)/tests/payload
PAYLOAD_LIB	:= $(PAYLOAD_OUT)/libpayload.a
PAYLOAD_LDS	:= $(PAYLOAD_DIR)/payload.ld
PAYLOAD_CC	:= $(CROSS_COMPILE)gcc
PAYLOAD_AR	:= $(CROSS_COMPILE)ar

PAYLOAD_CFLAGS	:= -march=rv64imac_zicsr_zifencei -mabi=lp64 -mcmodel=medany \
		   -ffreestanding -fno-builtin -fno-pie -fno-stack-protector \
		   -fno-common -fno-asynchronous-unwind-tables \
		   -ffunction-sections -fdata-sections \
		   -O2 -g -std=gnu11 -Wall -Wextra -Wno-unused-parameter \
		   -Werror=implicit-function-declaration \
		   -I$(PAYLOAD_DIR)/include -I$(TOP)/include -MMD -MP
PAYLOAD_LDFLAGS	:= -nostdlib -static -no-pie -Wl,--gc-sections \
		   -Wl,--no-warn-rwx-segments -Wl,--build-id=none -T $(PAYLOAD_LDS)

PAYLOAD_SRCS	:= $(wildcard $(PAYLOAD_DIR)/*.c $(PAYLOAD_DIR)/*.S)
# the string functions are the firmware's own (lib/sbi/sbi_string.c)
PAYLOAD_OBJS	:= $(patsubst $(PAYLOAD_DIR)/%,$(PAYLOAD_OUT)/%.o,$(PAYLOAD_SRCS)) \
		   $(PAYLOAD_OUT)/sbi_string.c.o
PAYLOAD_HDRS	:= $(wildcard $(PAYLOAD_DIR)/include/*.h \
			      $(PAYLOAD_DIR)/include/payload/*.h)

$(PAYLOAD_OUT)/%.c.o: $(PAYLOAD_DIR)/%.c
	@mkdir -p $(@D)
	$(PAYLOAD_CC) $(PAYLOAD_CFLAGS) -c $< -o $@

$(PAYLOAD_OUT)/sbi_string.c.o: $(TOP)/lib/sbi/sbi_string.c
	@mkdir -p $(@D)
	$(PAYLOAD_CC) $(PAYLOAD_CFLAGS) -c $< -o $@

$(PAYLOAD_OUT)/%.S.o: $(PAYLOAD_DIR)/%.S
	@mkdir -p $(@D)
	$(PAYLOAD_CC) $(PAYLOAD_CFLAGS) -D__ASSEMBLY__ -c $< -o $@

$(PAYLOAD_LIB): $(PAYLOAD_OBJS)
	@rm -f $@
	$(PAYLOAD_AR) rcs $@ $^

# (no "## " help text: this file is included by several fragments)
payload-lib: $(PAYLOAD_LIB)

-include $(PAYLOAD_OBJS:.o=.d)

# $(call payload_program,NAME,SRCDIR): rules for $(BUILD)/tests/NAME/NAME.elf
define payload_program
$(1)_PAYLOAD_SRCS := $$(wildcard $(2)/*.c $(2)/*.S)
$(1)_PAYLOAD_OBJS := $$(patsubst $(2)/%,$(BUILD)/tests/$(1)/%.o,$$($(1)_PAYLOAD_SRCS))
$(1)_PAYLOAD_ELF := $(BUILD)/tests/$(1)/$(1).elf

$(BUILD)/tests/$(1)/%.c.o: $(2)/%.c
	@mkdir -p $$(@D)
	$$(PAYLOAD_CC) $$(PAYLOAD_CFLAGS) -I$(2) -c $$< -o $$@

$(BUILD)/tests/$(1)/%.S.o: $(2)/%.S
	@mkdir -p $$(@D)
	$$(PAYLOAD_CC) $$(PAYLOAD_CFLAGS) -I$(2) -D__ASSEMBLY__ -c $$< -o $$@

$$($(1)_PAYLOAD_ELF): $$($(1)_PAYLOAD_OBJS) $$(PAYLOAD_LIB) $$(PAYLOAD_LDS)
	$$(PAYLOAD_CC) $$(PAYLOAD_CFLAGS) $$(PAYLOAD_LDFLAGS) -o $$@ \
		$$($(1)_PAYLOAD_OBJS) $$(PAYLOAD_LIB)

-include $$($(1)_PAYLOAD_OBJS:.o=.d)
endef

# RV32 (rv32imac, ilp32): the same library and programs built into
# $(BUILD)/tests32/; $(call payload_program32,NAME,SRCDIR) gives
# $(BUILD)/tests32/NAME/NAME.elf in NAME_PAYLOAD32_ELF.
PAYLOAD32_OUT	:= $(BUILD)/tests32/payload
PAYLOAD32_LIB	:= $(PAYLOAD32_OUT)/libpayload.a
PAYLOAD32_CFLAGS := $(subst -march=rv64imac_zicsr_zifencei -mabi=lp64,\
		    -march=rv32imac_zicsr_zifencei -mabi=ilp32,$(PAYLOAD_CFLAGS))
PAYLOAD32_OBJS	:= $(patsubst $(PAYLOAD_OUT)/%,$(PAYLOAD32_OUT)/%,$(PAYLOAD_OBJS))

$(PAYLOAD32_OUT)/%.c.o: $(PAYLOAD_DIR)/%.c
	@mkdir -p $(@D)
	$(PAYLOAD_CC) $(PAYLOAD32_CFLAGS) -c $< -o $@

$(PAYLOAD32_OUT)/sbi_string.c.o: $(TOP)/lib/sbi/sbi_string.c
	@mkdir -p $(@D)
	$(PAYLOAD_CC) $(PAYLOAD32_CFLAGS) -c $< -o $@

$(PAYLOAD32_OUT)/%.S.o: $(PAYLOAD_DIR)/%.S
	@mkdir -p $(@D)
	$(PAYLOAD_CC) $(PAYLOAD32_CFLAGS) -D__ASSEMBLY__ -c $< -o $@

$(PAYLOAD32_LIB): $(PAYLOAD32_OBJS)
	@rm -f $@
	$(PAYLOAD_AR) rcs $@ $^

-include $(PAYLOAD32_OBJS:.o=.d)

define payload_program32
$(1)_PAYLOAD32_OBJS := $$(patsubst $(2)/%,$(BUILD)/tests32/$(1)/%.o,$$(wildcard $(2)/*.c $(2)/*.S))
$(1)_PAYLOAD32_ELF := $(BUILD)/tests32/$(1)/$(1).elf

$(BUILD)/tests32/$(1)/%.c.o: $(2)/%.c
	@mkdir -p $$(@D)
	$$(PAYLOAD_CC) $$(PAYLOAD32_CFLAGS) -I$(2) -c $$< -o $$@

$(BUILD)/tests32/$(1)/%.S.o: $(2)/%.S
	@mkdir -p $$(@D)
	$$(PAYLOAD_CC) $$(PAYLOAD32_CFLAGS) -I$(2) -D__ASSEMBLY__ -c $$< -o $$@

$$($(1)_PAYLOAD32_ELF): $$($(1)_PAYLOAD32_OBJS) $$(PAYLOAD32_LIB) $$(PAYLOAD_LDS)
	$$(PAYLOAD_CC) $$(PAYLOAD32_CFLAGS) $$(PAYLOAD_LDFLAGS) -o $$@ \
		$$($(1)_PAYLOAD32_OBJS) $$(PAYLOAD32_LIB)

-include $$($(1)_PAYLOAD32_OBJS:.o=.d)
endef

.PHONY: payload-lib
endif
