# SPDX-License-Identifier: BSD-2-Clause
# `make bench` (not part of `make check`): the project against the firmware
# and QEMU Debian ships (docs/performance.md): SBI path lengths in M-mode
# per call and over a Linux perf workload, the CPU model's guest speed,
# and the footprint. Results, a table and a chart land in build/bench/.
#
#   make bench            install the anchors (scripts/deps.sh --bench), run all
#   make bench-paths      only the path lengths (payload and Linux)
#   make bench-pdis       only the PDIS profiles (part 5 of bench.sh)
#   make bench-distro     only the distribution's kernel and perf (part 2c)
#   make bench-sse        only sampling over SSE (part 2d)
#
# OPENSBI_SRC=<tree> (as for mk/opensbi.mk; upstream v1.9) adds that
# OpenSBI, its generic fw_dynamic built unchanged in build/bench/, to the
# distribution figures; without it their column says so.
#
# OPENSBI_SRCS=<tree> [<tree> ...] (default: OPENSBI_SRC) are the trees
# whose drop-in (mk/opensbi.mk: OpenSBI with Tally's PMU) make bench-paths
# measures, each next to the same tree built unchanged, e.g.
#   make bench-paths OPENSBI_SRC=<1.9> OPENSBI_SRCS="<1.9> <1.5.1>"
# Without trees the drop-in table says so. `make bench-dropin` measures
# only those path lengths (the drop-in table, no Linux runs).
#
# BENCH_QEMU_PLUGIN is a QEMU 10.0.2 that loads TCG plugins (the project's
# build has them off), used for the per-mode counts of the Linux runs and
# as a second opinion on the payload. BENCH_OPENSBI is Debian's OpenSBI.

include $(TOP)/tests/payload/payload.mk
$(eval $(call payload_program,bench,$(TOP)/tests/bench/payload))

BENCH_OUT		:= $(BUILD)/bench
BENCH_PAYLOAD		:= $(bench_PAYLOAD_ELF)
BENCH_PLUGIN		:= $(BENCH_OUT)/mmode.so
BENCH_PLUGIN_INC	:= $(BENCH_OUT)/include
BENCH_QEMU_PLUGIN	?= /usr/bin/qemu-system-riscv64
BENCH_OPENSBI		?= /usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin
BENCH_DEPS_STAMP	:= $(CACHE)/stamps/deps-bench-$(call hash_files,$(TOP)/scripts/deps.sh)

$(BENCH_DEPS_STAMP): $(TOP)/scripts/deps.sh $(DPKG_STATUS)
	@mkdir -p $(SRC_CACHE) $(dir $@)
	$(TOP)/scripts/deps.sh --bench $(SRC_CACHE)
	@touch $@

bench-deps: $(BENCH_DEPS_STAMP) ## install what `make bench` adds (Debian OpenSBI, QEMU, matplotlib)

# The plugin API header comes from the orig tarball of the plugin QEMU's
# version (Debian's 10.0.2, not the project's QEMU) in the cache.
$(BENCH_PLUGIN_INC)/qemu-plugin.h: $(DEPS_STAMP)
	@mkdir -p $(@D)
	tar -xJf $(DEBIAN_QEMU_TARBALL) -C $(@D) --strip-components=3 \
		qemu-$(DEBIAN_QEMU_VERSION)/include/qemu/qemu-plugin.h
	@touch $@

$(BENCH_PLUGIN): $(TOP)/tests/bench/plugin/mmode.c $(BENCH_PLUGIN_INC)/qemu-plugin.h
	gcc -shared -fPIC -O2 -Wall -Wextra -Wno-unused-parameter \
		$$(pkg-config --cflags glib-2.0) -I$(BENCH_PLUGIN_INC) $< -o $@

# Upstream OpenSBI as it is (no PLATFORM_DIR), objects and images in
# the build directory; OpenSBI's own make decides what is out of date.
BENCH_OSBI_OBJ		= $(BENCH_OUT)/opensbi-$(OPENSBI_VER)
BENCH_OPENSBI_UP	= $(if $(OPENSBI_TREE),$(BENCH_OSBI_OBJ)/platform/generic/firmware/fw_dynamic.bin)

# (O= must exist: OpenSBI resolves it with readlink -f, and an empty
# result would put its output under /)
bench-opensbi-up:
ifneq ($(OPENSBI_TREE),)
	@mkdir -p $(BENCH_OSBI_OBJ)
	env -i PATH="$$PATH" HOME="$$HOME" make -C $(OPENSBI_TREE) \
		PLATFORM=generic O=$(BENCH_OSBI_OBJ) \
		CROSS_COMPILE=$(CROSS_COMPILE) PLATFORM_RISCV_XLEN=64 -j$(JOBS)
endif

# The drop-in measured per tree of OPENSBI_SRCS: its label is the tree's
# directory name when that is a version of the tree's MAJOR.MINOR
# (v1.5.1, opensbi-1.9), else MAJOR.MINOR; bench.sh gets
# "label:upstream image:drop-in image" per tree in BENCH_DROPINS.
OPENSBI_SRCS		?= $(OPENSBI_SRC)
bench_osbi_mm	= $(shell sed -n 's/^\#define OPENSBI_VERSION_\(MAJOR\|MINOR\)[[:space:]]*\([0-9]*\).*/\2/p' \
		 $(1)/include/sbi/sbi_version.h 2>/dev/null | paste -sd.)
bench_osbi_dir	= $(patsubst v%,%,$(patsubst opensbi-%,%,$(notdir $(1))))
bench_osbi_ver	= $(or $(filter $(2) $(2).%,$(call bench_osbi_dir,$(1))),$(2))
BENCH_DROPIN_TREES	:= $(foreach t,$(OPENSBI_SRCS),$(abspath $(t)))
BENCH_DROPINS		:= $(foreach t,$(BENCH_DROPIN_TREES),$(call bench_osbi_ver,$(t),$(call bench_osbi_mm,$(t))):$(BENCH_OUT)/opensbi-$(call bench_osbi_mm,$(t))/platform/generic/firmware/fw_dynamic.bin:$(BUILD)/opensbi/$(call bench_osbi_mm,$(t))/fw_dynamic.bin)

# each tree: upstream unchanged, then the drop-in (make opensbi)
bench-dropin-build:
	@for t in $(BENCH_DROPIN_TREES); do \
		$(MAKE) --no-print-directory bench-opensbi-up opensbi \
			OPENSBI_SRC=$$t || exit 1; \
	done

bench-build: $(BENCH_PAYLOAD) $(BENCH_PLUGIN) $(FW_DYNAMIC) $(QEMU) linux \
	debian-guest bench-opensbi-up bench-dropin-build

BENCH_ENV = TOP=$(TOP) BUILD=$(BUILD) QEMU=$(QEMU) FW_DYNAMIC=$(FW_DYNAMIC) \
	FW_DYNAMIC_ELF=$(FW_DYNAMIC_ELF) BENCH_OUT=$(BENCH_OUT) \
	BENCH_PAYLOAD=$(BENCH_PAYLOAD) BENCH_PLUGIN=$(BENCH_PLUGIN) \
	BENCH_QEMU_PLUGIN=$(BENCH_QEMU_PLUGIN) BENCH_OPENSBI=$(BENCH_OPENSBI) \
	KERNEL=$(KERNEL) INITRAMFS=$(INITRAMFS) CROSS_COMPILE=$(CROSS_COMPILE) \
	DEBIAN_DIR=$(BUILD)/debian BENCH_OPENSBI_UP=$(BENCH_OPENSBI_UP) \
	BENCH_OPENSBI_UP_NAME="OpenSBI $(or $(OPENSBI_VER),1.9)" \
	BENCH_DROPINS="$(BENCH_DROPINS)"

bench: bench-deps ## benchmarks vs Debian's OpenSBI 1.5.1 and QEMU 10.0.2 (build/bench/)
	@$(MAKE) --no-print-directory bench-build
	@$(BENCH_ENV) $(TOP)/scripts/bench.sh all

bench-paths: bench-deps ## only the SBI path lengths (payload and Linux)
	@$(MAKE) --no-print-directory bench-build
	@$(BENCH_ENV) $(TOP)/scripts/bench.sh paths

bench-precise: bench-deps ## only precise sampling: skid and context-switch cost (Linux)
	@$(MAKE) --no-print-directory bench-build
	@$(BENCH_ENV) $(TOP)/scripts/bench.sh precise

bench-sse: bench-deps ## only sampling over SSE: M-mode per sample and skid, SSE vs LCOFI (Linux)
	@$(MAKE) --no-print-directory bench-build
	@$(BENCH_ENV) $(TOP)/scripts/bench.sh sse

bench-distro: bench-deps ## only Debian's kernel and perf: M-mode per session, perf record slowdown
	@$(MAKE) --no-print-directory bench-build
	@$(BENCH_ENV) $(TOP)/scripts/bench.sh distro

bench-dropin: bench-deps ## only the path lengths of OpenSBI with Tally's PMU (OPENSBI_SRCS=<trees>)
	@$(MAKE) --no-print-directory $(BENCH_PAYLOAD) $(FW_DYNAMIC) $(QEMU) \
		bench-dropin-build
	@$(BENCH_ENV) $(TOP)/scripts/bench.sh dropin

bench-pdis: $(FW_DYNAMIC) $(QEMU) linux ## only the PDIS profiles (Linux perf, no anchors needed)
	@mkdir -p $(BENCH_OUT)
	@$(BENCH_ENV) $(TOP)/scripts/bench.sh pdis

.PHONY: bench bench-paths bench-precise bench-sse bench-distro bench-pdis bench-deps \
	bench-build bench-opensbi-up bench-dropin bench-dropin-build
