# SPDX-License-Identifier: BSD-2-Clause
# Linux 6.12, static perf, static busybox and the initramfs (docs/linux.md).
#
#   make linux                 kernel + perf + busybox + initramfs
#   make run [ARGS='cmd...']   boot on the firmware, run the perf demo or cmd
#   make shell                 boot to an interactive shell
#
# The heavy builds are cached in $(CACHE)/linux and $(CACHE)/busybox, keyed
# by their inputs; the scripts decide (in well under a second) whether the
# cache has them, so the targets below are phony and always ask.
# QEMU= and FW_DYNAMIC= on the command line select other binaries (e.g.
# Debian's) instead of building the project's own.

LINUX_ENV = TOP=$(TOP) BUILD=$(BUILD) CACHE=$(CACHE) SRC_CACHE=$(SRC_CACHE) \
	JOBS=$(JOBS) CROSS_COMPILE=$(CROSS_COMPILE) \
	LINUX_TARBALL=$(LINUX_TARBALL) BUSYBOX_TARBALL=$(BUSYBOX_TARBALL)
LINUX_RUN_ENV = TOP=$(TOP) BUILD=$(BUILD) QEMU=$(QEMU) \
	FW_DYNAMIC=$(FW_DYNAMIC) KERNEL=$(KERNEL) INITRAMFS=$(INITRAMFS)
# Boots depend on the project's QEMU and firmware (so they get built) only
# when those are not overridden with binaries outside build/.
LINUX_BOOT_DEPS = $(filter $(BUILD)/%,$(QEMU) $(FW_DYNAMIC))
# The kernel without the snapshot fix (linux/patches/0001), only for
# tests/linux/record-test.sh, which shows what the fix changes.
SNAPSHOT_FIX_PATCH = 0001-perf-riscv-sbi-snapshot-restart-base.patch
KERNEL_UNFIXED = $(BUILD)/linux/unfixed/Image
# Options for scripts/run-linux.sh. The demo runs under -icount shift=0 so
# instret/cycle counts are exact; RUN_OPTS= gives the faster host-tick mode.
RUN_OPTS ?= --icount

linux: linux-kernel linux-initramfs ## kernel, perf, busybox, initramfs

linux-kernel: deps
	@$(LINUX_ENV) $(TOP)/scripts/build-linux.sh

linux-kernel-unfixed: deps
	@$(LINUX_ENV) LINUX_SKIP_PATCHES=$(SNAPSHOT_FIX_PATCH) \
		LINUX_LINK_DIR=$(BUILD)/linux/unfixed $(TOP)/scripts/build-linux.sh

linux-perf: deps
	@$(LINUX_ENV) $(TOP)/scripts/build-perf.sh

linux-busybox: deps
	@$(LINUX_ENV) $(TOP)/scripts/build-busybox.sh

linux-initramfs: linux-perf linux-busybox
	@$(LINUX_ENV) $(TOP)/scripts/build-initramfs.sh

$(KERNEL) $(VMLINUX): linux-kernel ;
$(KERNEL_UNFIXED): linux-kernel-unfixed ;
$(PERF): linux-perf ;
$(BUSYBOX): linux-busybox ;
$(INITRAMFS): linux-initramfs ;

run: $(LINUX_BOOT_DEPS) linux ## boot Linux, run perf demo (or ARGS='cmd')
	@$(LINUX_RUN_ENV) $(TOP)/scripts/run-linux.sh $(RUN_OPTS) $${ARGS:+-- "$$ARGS"}

shell: $(LINUX_BOOT_DEPS) linux ## boot Linux to an interactive shell
	@# an interactive shell runs without icount, at host speed
	@$(LINUX_RUN_ENV) $(TOP)/scripts/run-linux.sh $(filter-out --icount,$(RUN_OPTS)) --shell

# Cache entries other than the ones build/linux links to now (other keys:
# older fragments, patches, scripts) are only kept for switching back.
linux-prune: linux ## delete cached Linux/perf/busybox builds not in use here
	@keep="$$(readlink -f $(KERNEL) $(KERNEL_UNFIXED) $(PERF) $(BUSYBOX) | xargs -n1 dirname) \
		$$($(LINUX_ENV) $(TOP)/scripts/build-linux.sh source) \
		$$($(LINUX_ENV) LINUX_SKIP_PATCHES=$(SNAPSHOT_FIX_PATCH) \
			$(TOP)/scripts/build-linux.sh source-path)"; \
	for d in $(CACHE)/linux/src-* $(CACHE)/linux/kernel-* \
		$(CACHE)/linux/perf-* $(CACHE)/busybox/busybox-*; do \
		[ -d "$$d" ] || continue; \
		case " $$(echo $$keep) " in *" $$d "*) continue ;; esac; \
		echo "[linux] pruning $$d"; rm -rf "$$d"; \
	done

.PHONY: linux linux-kernel linux-kernel-unfixed linux-perf linux-busybox linux-initramfs run shell \
	linux-prune
