# SPDX-License-Identifier: BSD-2-Clause
#
# Tally: RISC-V M-mode firmware with a complete SBI PMU.
#
#   make run     build everything, boot Linux on the firmware, run a perf demo
#   make check   run every test suite; ends with "N passed, N failed"
#
# Heavy builds (QEMU, Linux, perf, busybox) are cached outside the clone in
# $(CACHE) (default ~/.cache/tally, override with TALLY_CACHE=...).

.DEFAULT_GOAL := all
.SUFFIXES:
MAKEFLAGS += --no-builtin-rules

include mk/config.mk
include mk/deps.mk
include mk/firmware.mk
include mk/firmware32.mk
include mk/dts.mk
include mk/deb.mk
include $(wildcard mk/qemu.mk mk/linux.mk mk/tests-*.mk)
include mk/opensbi.mk
include mk/runner.mk
include mk/bench.mk
include mk/check.mk

all: firmware

paths: ## print NAME=path for every built artifact
	@echo FW_DYNAMIC=$(FW_DYNAMIC)
	@echo FW_DYNAMIC_ELF=$(FW_DYNAMIC_ELF)
	@echo FW_JUMP=$(FW_JUMP)
	@echo FW_JUMP_ELF=$(FW_JUMP_ELF)
	@echo FW_PAYLOAD=$(FW_PAYLOAD)
	@echo FW_PAYLOAD_ELF=$(FW_PAYLOAD_ELF)
	@echo QEMU=$(QEMU)
	@echo QEMU32=$(QEMU32)
	@echo FW_DYNAMIC32=$(FW_DYNAMIC32)
	@echo FW_JUMP32=$(FW_JUMP32)
	@echo KERNEL=$(KERNEL)
	@echo KERNEL_STOCK=$(KERNEL_STOCK)
	@echo VMLINUX=$(VMLINUX)
	@echo INITRAMFS=$(INITRAMFS)
	@echo PERF=$(PERF)
	@echo BUSYBOX=$(BUSYBOX)
	@echo DEBIAN_KERNEL=$(BUILD)/debian/Image
	@echo DEBIAN_INITRAMFS=$(BUILD)/debian/initramfs.cpio.gz
	@echo DEBIAN_SID_KERNEL=$(DEBIAN_SID_DIR)/Image
	@echo DEBIAN_SID_INITRAMFS=$(DEBIAN_SID_DIR)/initramfs.cpio.gz
	@echo DEBIAN_SID_OPENSBI=$(DEBIAN_SID_OPENSBI)
	@echo CACHE=$(CACHE)

clean: ## remove build/ (the cache outside the clone is kept)
	rm -rf $(BUILD)

distclean: clean ## also drop this project's cache
	rm -rf $(CACHE)

help:
	@grep -hE '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | \
		awk -F':.*## ' '{ printf "  %-14s %s\n", $$1, $$2 }'

.PHONY: all paths clean distclean help
