SHELL := /bin/bash
# SPDX-License-Identifier: BSD-2-Clause
# Shared settings: versions, directories and the stable artifact paths.

TOP		:= $(CURDIR)
BUILD		:= $(TOP)/build
CACHE		?= $(if $(TALLY_CACHE),$(TALLY_CACHE),$(HOME)/.cache/tally)
SRC_CACHE	:= $(CACHE)/src
JOBS		?= $(shell nproc)

CROSS_COMPILE	?= riscv64-linux-gnu-
QEMU_VERSION	:= 10.2.2
QEMU_TARBALL	:= $(SRC_CACHE)/qemu_$(QEMU_VERSION)+ds.orig.tar.xz
# Debian's own QEMU (/usr/bin, bookworm-backports), the second emulator of
# the tests and `make bench`'s plugin QEMU: its source gives the plugin
# API header (mk/bench.mk)
DEBIAN_QEMU_VERSION := 10.0.2
DEBIAN_QEMU_TARBALL := $(SRC_CACHE)/qemu_$(DEBIAN_QEMU_VERSION)+ds.orig.tar.xz
BUSYBOX_VERSION	:= 1.35.0
BUSYBOX_TARBALL	:= $(SRC_CACHE)/busybox_$(BUSYBOX_VERSION).orig.tar.bz2
# libfdt's source (mk/firmware.mk): the host's linux-source-6.12 (bookworm)
LIBFDT_TARBALL	:= /usr/src/linux-source-6.12.tar.xz
# The project's kernel is Debian sid's linux-source-7.2, its version named
# in scripts/lib/linux-source.sh and fetched into $(CACHE)/debian/sid/
# (scripts/build-linux.sh, make deps). LINUX_SOURCE=<package>=<version> or
# LINUX_TARBALL=<file> on the command line builds another.
LINUX_SOURCE	?=
LINUX_TARBALL	?=

# FW_TEST=1: the test images, production plus the test machinery (the test
# channel, emulated suspend loss, trigger scrambling; docs/firmware.md,
# "Test images"), in build/firmware-test/ and build/firmware32-test/ so
# that they and the production images never overwrite each other. The
# suites below need that machinery: they (and one run of theirs, such as
# check-sbi/fw-jump) build and boot the test images unless FW_TEST= says
# otherwise. `make firmware`, run and deb: production.
FW_TEST_SUITES	:= check-sbi check-pmu check-hostile check-deleg check-sampling \
		   check-boot check-rv32 check-linux
ifneq ($(filter $(FW_TEST_SUITES) $(addsuffix /%,$(FW_TEST_SUITES)),$(MAKECMDGOALS)),)
FW_TEST		?= 1
endif
FW_TEST		?= 0
FW_DIR_SUFFIX	:= $(if $(filter 1,$(FW_TEST)),-test)

# Stable paths of the artifacts (printed by `make paths`, see docs/build.md).
FW_DYNAMIC	:= $(BUILD)/firmware$(FW_DIR_SUFFIX)/fw_dynamic.bin
FW_DYNAMIC_ELF	:= $(BUILD)/firmware$(FW_DIR_SUFFIX)/fw_dynamic.elf
FW_JUMP		:= $(BUILD)/firmware$(FW_DIR_SUFFIX)/fw_jump.bin
FW_JUMP_ELF	:= $(BUILD)/firmware$(FW_DIR_SUFFIX)/fw_jump.elf
FW_PAYLOAD	:= $(BUILD)/firmware$(FW_DIR_SUFFIX)/fw_payload.bin
FW_PAYLOAD_ELF	:= $(BUILD)/firmware$(FW_DIR_SUFFIX)/fw_payload.elf
# The project's QEMU. QEMU=<path> (or QEMU32=) runs another binary as it
# is: it is never built, linked or replaced (mk/qemu.mk).
QEMU_BUILT	:= $(BUILD)/qemu/qemu-system-riscv64
QEMU		:= $(QEMU_BUILT)
# RV32 (mk/firmware32.mk): the same firmware and QEMU patches, 32-bit
QEMU32_BUILT	:= $(BUILD)/qemu/qemu-system-riscv32
QEMU32		:= $(QEMU32_BUILT)
FW_DYNAMIC32	:= $(BUILD)/firmware32$(FW_DIR_SUFFIX)/fw_dynamic.bin
FW_JUMP32	:= $(BUILD)/firmware32$(FW_DIR_SUFFIX)/fw_jump.bin
KERNEL		:= $(BUILD)/linux/Image
KERNEL_STOCK	:= $(BUILD)/linux/stock/Image
VMLINUX		:= $(BUILD)/linux/vmlinux
INITRAMFS	:= $(BUILD)/linux/initramfs.cpio.gz
PERF		:= $(BUILD)/linux/perf
BUSYBOX		:= $(BUILD)/linux/busybox

comma		:= ,

# Short hash of files, for cache keys: $(call hash_files,FILES...)
hash_files = $(shell cat $(sort $(1)) 2>/dev/null | sha256sum | cut -c1-16)

export TOP BUILD CACHE SRC_CACHE JOBS CROSS_COMPILE
