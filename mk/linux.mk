# SPDX-License-Identifier: BSD-2-Clause
# Linux 7.2, static perf, static busybox and the initramfs (docs/linux.md).
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
	LINUX_SOURCE=$(LINUX_SOURCE) LINUX_TARBALL=$(LINUX_TARBALL) \
	BUSYBOX_TARBALL=$(BUSYBOX_TARBALL)
LINUX_RUN_ENV = TOP=$(TOP) BUILD=$(BUILD) QEMU=$(QEMU) ICICLE_DTB=$(ICICLE_DTB) \
	FW_DYNAMIC=$(FW_DYNAMIC) KERNEL=$(KERNEL) INITRAMFS=$(INITRAMFS)
# The stock kernel (KERNEL_STOCK, mk/config.mk): linux-source-7.2 with none
# of linux/patches/, as distributions ship it. The tests boot it next to the
# patched kernel; make run/shell LINUX_KERNEL=stock boot it.
LINUX_ALL_PATCHES = $(notdir $(sort $(wildcard $(TOP)/linux/patches/*.patch)))
LINUX_STOCK_ENV = LINUX_SKIP_PATCHES="$(LINUX_ALL_PATCHES)" \
	LINUX_LINK_DIR=$(patsubst %/,%,$(dir $(KERNEL_STOCK)))
# LINUX_KERNEL=debian boots Debian trixie's own kernel and perf instead
# (make debian-guest, build/debian/), as the distribution's users have
# them: the demo then says what needs the project's kernel patches.
# LINUX_KERNEL=debian-sid boots Debian sid's (make debian-guest-sid).
LINUX_KERNEL ?= patched
RUN_INITRAMFS = $(INITRAMFS)
RUN_BUILD = linux $(RUN_KERNEL)
ifeq ($(LINUX_KERNEL),stock)
RUN_KERNEL = $(KERNEL_STOCK)
else ifeq ($(LINUX_KERNEL),patched)
RUN_KERNEL = $(KERNEL)
else ifeq ($(LINUX_KERNEL),debian)
RUN_KERNEL = $(BUILD)/debian/Image
RUN_INITRAMFS = $(BUILD)/debian/initramfs.cpio.gz
RUN_BUILD = debian-guest
else ifeq ($(LINUX_KERNEL),debian-sid)
RUN_KERNEL = $(BUILD)/debian-sid/Image
RUN_INITRAMFS = $(BUILD)/debian-sid/initramfs.cpio.gz
RUN_BUILD = debian-guest-sid
else
$(error LINUX_KERNEL=$(LINUX_KERNEL): say patched, stock, debian or debian-sid)
endif
# Boots depend on the project's QEMU and firmware (so they get built) only
# when those are not overridden with binaries outside build/.
LINUX_BOOT_DEPS = $(filter $(BUILD)/%,$(QEMU) $(FW_DYNAMIC))
# Options for scripts/run-linux.sh. The demo runs under -icount shift=0 so
# instret/cycle counts are exact; RUN_OPTS= gives the faster host-tick mode.
# On the project's QEMU its CPU has counter delegation and the draft
# Sspesa/Ssplcofi, and the firmware delegates hpmcounter3 (only): the
# demo's precise profile runs there, the same event without :pp on a
# counter the firmware keeps (tests/linux/demo-test.sh boots the same
# way). Another QEMU (QEMU=...) has no x-sspesa: QEMU's default CPU then.
RUN_CPU ?= rv64,sscofpmf=true,smcntrpmf=true,smcdeleg=true,ssccfg=true,smcsrind=true,sscsrind=true,smstateen=true,x-sspesa=true,x-ssplcofi=true
RUN_DELEGATE ?= 0x8
# MACHINE=spike (HTIF console and power-off) or microchip-icicle-kit
# (PolarFire SoC, its DT from the kernel tree, linux-source-7.2): docs/porting.md.
# MACHINE=sifive_u: boot QEMU's sifive_u (E51 monitor hart + 4 U54s), whose
# CPUs have none of the above: the plain -icount mode there.
MACHINE ?= virt
RUN_MACHINE = $(if $(filter-out virt,$(MACHINE)),--machine $(MACHINE))
RUN_BOARD_DEPS = $(if $(filter microchip-icicle-kit,$(MACHINE)),$(ICICLE_DTB))
ifneq ($(and $(filter $(BUILD)/%,$(QEMU)),$(filter virt,$(MACHINE))),)
RUN_OPTS ?= --icount --cpu $(RUN_CPU) --chosen tally,pmu-delegate=$(RUN_DELEGATE)
else
RUN_OPTS ?= --icount
endif

linux: linux-kernel linux-initramfs ## kernel, perf, busybox, initramfs

linux-kernel: deps
	@$(LINUX_ENV) $(TOP)/scripts/build-linux.sh

linux-kernel-stock: deps ## the stock kernel (none of linux/patches/)
	@$(LINUX_ENV) $(LINUX_STOCK_ENV) $(TOP)/scripts/build-linux.sh

# linux/patches/ as a series: checkpatch --strict and a build after each
# patch (scripts/check-linux-series.sh; not part of make check)
check-linux-series: deps ## checkpatch each kernel patch, build after each in order
	@$(LINUX_ENV) $(TOP)/scripts/check-linux-series.sh

linux-perf: deps
	@$(LINUX_ENV) $(TOP)/scripts/build-perf.sh

linux-busybox: deps
	@$(LINUX_ENV) $(TOP)/scripts/build-busybox.sh

linux-initramfs: linux-perf linux-busybox
	@$(LINUX_ENV) $(TOP)/scripts/build-initramfs.sh

$(KERNEL) $(VMLINUX): linux-kernel ;
$(KERNEL_STOCK): linux-kernel-stock ;
$(PERF): linux-perf ;
$(BUSYBOX): linux-busybox ;
$(INITRAMFS): linux-initramfs ;

RUN_ENV = $(LINUX_RUN_ENV) KERNEL=$(RUN_KERNEL) INITRAMFS=$(RUN_INITRAMFS)

run: $(LINUX_BOOT_DEPS) $(RUN_BUILD) $(RUN_BOARD_DEPS) ## boot Linux, run perf demo (or ARGS='cmd'; LINUX_KERNEL=stock|debian|debian-sid)
	@$(RUN_ENV) $(TOP)/scripts/run-linux.sh $(RUN_OPTS) $(RUN_MACHINE) \
		--append tally.kernel=$(LINUX_KERNEL) $${ARGS:+-- "$$ARGS"}

shell: $(LINUX_BOOT_DEPS) $(RUN_BUILD) $(RUN_BOARD_DEPS) ## boot Linux to an interactive shell
	@# an interactive shell runs without icount, at host speed
	@$(RUN_ENV) $(TOP)/scripts/run-linux.sh $(filter-out --icount,$(RUN_OPTS)) $(RUN_MACHINE) \
		--append tally.kernel=$(LINUX_KERNEL) --shell

# Cache entries other than the ones build/linux links to now (other keys:
# older fragments, patches, scripts) are only kept for switching back.
linux-prune: linux ## delete cached Linux/perf/busybox builds not in use here
	@keep="$$(readlink -f $(KERNEL) $(KERNEL_STOCK) $(PERF) $(BUSYBOX) | xargs -n1 dirname) \
		$$($(LINUX_ENV) $(TOP)/scripts/build-linux.sh source) \
		$$($(LINUX_ENV) $(LINUX_STOCK_ENV) $(TOP)/scripts/build-linux.sh source-path) \
		$$($(LINUX_ENV) $(TOP)/scripts/build-perf-libs.sh key)"; \
	for d in $(CACHE)/linux/src-* $(CACHE)/linux/kernel-* \
		$(CACHE)/linux/perf-* $(CACHE)/linux/libelf-* $(CACHE)/busybox/busybox-*; do \
		[ -d "$$d" ] || continue; \
		case " $$(echo $$keep) " in *" $$d "*) continue ;; esac; \
		echo "[linux] pruning $$d"; rm -rf "$$d"; \
	done

.PHONY: linux linux-kernel linux-kernel-stock linux-perf linux-busybox linux-initramfs run shell \
	linux-prune check-linux-series
