# SPDX-License-Identifier: BSD-2-Clause
# `make firmware32`: fw_dynamic and fw_jump for RV32 (rv32imac, ilp32) in
# build/firmware32/, from the same sources as the RV64 images: a sub-make
# of mk/firmware.mk with FW_XLEN=32. No libgcc is linked (Debian's riscv64
# cross toolchain has none for RV32): lib/sbi/sbi_libgcc32.c has the 64-bit
# shifts GCC calls out for, and the firmware does no 64-bit division.
# qemu-system-riscv32 (QEMU32) is built next to the RV64 QEMU by `make qemu`.

FW32_MAKE	= $(MAKE) --no-print-directory FW_XLEN=32 FW_PAYLOAD_PATH= FW_TEST=$(FW_TEST)

firmware32: ## build build/firmware32/fw_dynamic.bin and fw_jump.bin (RV32)
	@$(FW32_MAKE) $(FW_DYNAMIC32) $(FW_JUMP32)

firmware32-test: ## the FW_TEST=1 RV32 images in build/firmware32-test/
	@$(MAKE) --no-print-directory FW_TEST=1 firmware32

# Other rules depend on the images; the sub-make decides what is stale
# (inside it the images are plain files: a phony prerequisite there would
# rewrite them on every make, under the QEMUs of other suites).
ifneq ($(FW_XLEN),32)
$(FW_DYNAMIC32) $(FW_JUMP32): firmware32-images
endif
firmware32-images: $(if $(filter 32,$(FW_XLEN)),,firmware32)

.PHONY: firmware32 firmware32-test firmware32-images
