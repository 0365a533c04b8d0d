# SPDX-License-Identifier: BSD-2-Clause
# Suite `boot` (tests/boot/run.sh): the boot images and what the firmware
# does with an unusual device tree. Its runs (RUN.boot.* below):
#   test-symbols    the test machinery's symbols in the FW_TEST=1 image and
#                   none of them in the production one
#   fixed-regs      t2-t6, which the ecall fast path does not save, used
#                   only by the boot code and the full trap, in both images
#   fw-payload      fw_payload with the SBI suite linked in (no -kernel)
#   fw-payload-linux  build/firmware/fw_payload.bin with the kernel of
#                   `make linux` (skipped without one): Linux starts, brings
#                   up its harts and, with no root file system, panics
#                   (panic=-1 and -no-reboot end the run)
#   fw-jump-fdt     fw_jump built with FW_JUMP_FDT_ADDR: the DT moves there
#   fw-dynamic-elf  fw_dynamic.elf as -bios, loaded where it is linked
#   relocated       loaded 16 MiB above its link address: it relocates
#   no-clint        a DT without CLINT/MSWI: a boot message, one hart served
#   test-word-not, test-word-mid  tally.test only as a whole bootargs word
#   no-console      a DT without a console: silent, and the payload passes
#   stdout-other    stdout-path naming a non-UART: message, first UART used
#   harts-high, harts-high-sbi  the harts' areas in a region at the top of
#                   RAM when the next stage or the DT follows the image
#   no-room         no room anywhere for the harts' state: a clear refusal
#   hart-off        the boot hart disabled in the DT: a clear refusal
#   harts-512       QEMU virt's maximum of 512 harts (fw_jump), each
#                   started through HSM (tests/harts)
#   harts-sparse-512  512 harts of which the DT names 177, ids up to 511
#                   with gaps (fw_dynamic): HSM, IPI and fence hart masks
#                   over the gaps, PMU calls on hart 511
#   sifive-u-dynamic, sifive-u-jump  QEMU sifive_u -smp 5: hart 0 (E51, no
#                   S-mode) parked and refused by HSM, harts 1-4 started
#   sifive-u-pmu    the PMU payload there: cycle and instret that cannot be
#                   stopped (no mcountinhibit), 32 firmware counters
#   spike           the SBI suite on QEMU spike: HTIF console, SRST shutdown
#                   through HTIF (lib/utils/serial/htif.c)
#
#   make check-boot             every run; ends with "boot: N passed, N failed"
#   make check-boot/<run>       one run, e.g. make check-boot/spike

include $(TOP)/tests/payload/payload.mk
$(eval $(call payload_program,harts,$(TOP)/tests/harts))

BOOT_OUT	:= $(BUILD)/tests/boot
BOOT_SBI	:= $(BUILD)/tests/sbi/sbi.elf
# the PMU payload (its rule: mk/tests-pmu.mk, read after this file)
BOOT_PMU	:= $(BUILD)/tests/pmu/pmu.elf
BOOT_LOGS	:= $(BUILD)/test-logs
BOOT_DTBS	:= $(addprefix $(BUILD)/dts/,qemu-virt-sscofpmf-4.dtb \
		   qemu-virt-noclint.dtb qemu-virt-noconsole.dtb \
		   qemu-virt-sparse-512.dtb)
BOOT_FDT_ADDR	:= 0x88000000
# inside the PMP region four harts' areas give the firmware
BOOT_NOROOM_ADDR := 0x80030000
BOOT_IMAGES	:= $(BOOT_OUT)/fw_payload_sbi.bin $(BOOT_OUT)/fw_jump_fdt.bin \
		   $(BOOT_OUT)/fw_jump_noroom.bin $(BOOT_OUT)/fw_jump_lowfdt.bin

# the kernel fw_payload, when `make linux` built one
BOOT_LINUX	:= $(if $(filter $(KERNEL),$(FW_PAYLOAD_PATH)),$(FW_PAYLOAD))

CHECK_SUITES	+= boot

# Test images: the firmware's objects with one part built differently.
$(BOOT_OUT)/sbi.raw: $(BOOT_SBI)
	@$(TOP)/scripts/payload-raw.sh $(FW_OBJCOPY) $< $@

$(BOOT_OUT)/fw_payload_sbi.o: $(TOP)/firmware/fw_payload.S $(BOOT_OUT)/sbi.raw | $(FW_CONFIG_H)
	$(call fw_payload_obj,$@,$(BOOT_OUT)/sbi.raw)

$(BOOT_OUT)/fw_jump_fdt_next.o: $(TOP)/firmware/fw_jump_next.c $(LIBFDT_STAMP) | $(FW_CONFIG_H)
	@mkdir -p $(@D)
	@$(FW_CC) $(FW_CPPFLAGS) $(FW_CFLAGS) \
		-DFW_JUMP_FDT_ADDR=$(BOOT_FDT_ADDR)UL -c $< -o $@

$(BOOT_OUT)/fw_jump_noroom_next.o: $(TOP)/firmware/fw_jump_next.c $(LIBFDT_STAMP) | $(FW_CONFIG_H)
	@mkdir -p $(@D)
	@$(FW_CC) $(FW_CPPFLAGS) $(FW_CFLAGS) \
		-DFW_JUMP_ADDR=$(BOOT_NOROOM_ADDR)UL -c $< -o $@

# the DT moved to where the harts' areas would follow the image: they go high
$(BOOT_OUT)/fw_jump_lowfdt_next.o: $(TOP)/firmware/fw_jump_next.c $(LIBFDT_STAMP) | $(FW_CONFIG_H)
	@mkdir -p $(@D)
	@$(FW_CC) $(FW_CPPFLAGS) $(FW_CFLAGS) \
		-DFW_JUMP_FDT_ADDR=$(BOOT_NOROOM_ADDR)UL -c $< -o $@

$(BOOT_OUT)/fw_payload_sbi.elf: $(BOOT_OUT)/fw_payload_sbi.o \
	$(FW_BUILD)/firmware/fw_payload_next.o
$(BOOT_OUT)/fw_jump_fdt.elf: $(FW_BUILD)/firmware/fw_jump.o \
	$(BOOT_OUT)/fw_jump_fdt_next.o
$(BOOT_OUT)/fw_jump_noroom.elf: $(FW_BUILD)/firmware/fw_jump.o \
	$(BOOT_OUT)/fw_jump_noroom_next.o
$(BOOT_OUT)/fw_jump_lowfdt.elf: $(FW_BUILD)/firmware/fw_jump.o \
	$(BOOT_OUT)/fw_jump_lowfdt_next.o
$(BOOT_OUT)/%.elf: $(FW_COMMON_OBJS) $(TOP)/firmware/fw.ld
	@echo "  LD      $(notdir $@)"
	@$(FW_CC) $(FW_LDFLAGS) -o $@ $(FW_COMMON_OBJS) $(filter-out $(FW_COMMON_OBJS),$(filter %.o,$^))

$(BOOT_OUT)/%.bin: $(BOOT_OUT)/%.elf
	@$(FW_OBJCOPY) -O binary $< $@

# The production fw_dynamic.elf next to the test one (FW_TEST=1, the
# suite's own): the test machinery must be in the one and not the other.
BOOT_PROD_ELF	:= $(BUILD)/firmware/fw_dynamic.elf
boot-prod-elf:
	@$(MAKE) --no-print-directory FW_TEST=0 FW_PAYLOAD_PATH= $(BOOT_PROD_ELF)

# The runs (mk/runner.mk; tests/boot/run.sh has one function per run):
# make check-boot/harts-512 runs one, make -j2 check-boot two at a time.
RUN_CMD.boot	= FW_DYNAMIC=$(FW_DYNAMIC) FW_JUMP=$(FW_JUMP) \
		  FW_PROD_ELF=$(BOOT_PROD_ELF) NM=$(CROSS_COMPILE)nm \
		  OBJDUMP=$(CROSS_COMPILE)objdump \
		  BOOT_OUT=$(BOOT_OUT) SBI_PAYLOAD=$(BOOT_SBI) \
		  HARTS_PAYLOAD=$(harts_PAYLOAD_ELF) PMU_PAYLOAD=$(BOOT_PMU) \
		  DTB_DIR=$(BUILD)/dts BOOT_FDT_ADDR=$(BOOT_FDT_ADDR) \
		  FW_PAYLOAD_LINUX=$(BOOT_LINUX) $(TOP)/tests/boot/run.sh
RUN_DEPS.boot	= $(BOOT_IMAGES) $(FW_DYNAMIC) $(FW_JUMP) $(BOOT_SBI) \
		  $(BOOT_LINUX) $(harts_PAYLOAD_ELF) $(BOOT_PMU) $(BOOT_DTBS) \
		  $(QEMU) $(TOP)/tests/boot/run.sh
RUN_LOGS.boot	= $(BOOT_LOGS)
RUN_DEPS.boot.test-symbols = boot-prod-elf
RUN.boot.test-symbols	= test-symbols
RUN_DEPS.boot.fixed-regs = boot-prod-elf
RUN.boot.fixed-regs	= fixed-regs
RUN.boot.fw-payload	= fw-payload
RUN.boot.fw-payload-linux = fw-payload-linux
RUN.boot.fw-jump-fdt	= fw-jump-fdt
RUN.boot.fw-dynamic-elf	= fw-dynamic-elf
RUN.boot.relocated	= relocated
RUN.boot.no-clint	= no-clint
RUN.boot.test-word-not	= test-word-not
RUN.boot.test-word-mid	= test-word-mid
RUN.boot.no-console	= no-console
RUN.boot.stdout-other	= stdout-other
RUN.boot.harts-high	= harts-high
RUN.boot.harts-high-sbi	= harts-high-sbi
RUN.boot.no-room	= no-room
RUN.boot.hart-off	= hart-off
RUN.boot.harts-512	= harts-512
RUN.boot.harts-sparse-512 = harts-sparse-512
RUN.boot.sifive-u-dynamic = sifive-u dynamic
RUN.boot.sifive-u-jump	= sifive-u jump
RUN.boot.sifive-u-pmu	= sifive-u-pmu
RUN.boot.spike		= spike

check-boot: ## boot images and device-tree corner cases, QEMU sifive_u and spike

.PHONY: check-boot boot-prod-elf
.SECONDARY: $(BOOT_IMAGES:.bin=.elf)
