# SPDX-License-Identifier: BSD-2-Clause
# `make qemu`: QEMU 10.2.2 (riscv64-softmmu and riscv32-softmmu) from the Debian orig tarball with
# the project's CPU-model patches (qemu/patches/*.patch, applied in file-name
# order) and the draft encoding header. scripts/build-qemu.sh does the work
# and caches the binary in $(CACHE)/qemu/<key>/; $(QEMU) is a symlink to it.
#
# The key names every input, so an edited patch, header or script builds a
# new entry, and an unchanged tree in any clone reuses the cached one.

QEMU_PATCHES	:= $(sort $(wildcard $(TOP)/qemu/patches/*.patch))
QEMU_INPUTS	:= $(QEMU_PATCHES) $(TOP)/include/sbi/riscv_draft_encoding.h \
		   $(TOP)/scripts/build-qemu.sh $(TOP)/scripts/lib/qemu-tree.sh
QEMU_KEY	:= $(QEMU_VERSION)-$(call hash_files,$(QEMU_INPUTS))
QEMU_STAMP	:= $(BUILD)/qemu/.key-$(QEMU_KEY)

QEMU_BUILD_CMD	= TOP=$(TOP) CACHE=$(CACHE) QEMU_VERSION=$(QEMU_VERSION) \
		  QEMU_TARBALL=$(QEMU_TARBALL) QEMU_KEY=$(QEMU_KEY) JOBS=$(JOBS) \
		  $(TOP)/scripts/build-qemu.sh $(QEMU_BUILT)

qemu: $(QEMU_STAMP) ## build (or reuse the cached) patched QEMU at build/qemu/
	@test -e $(QEMU_BUILT) || $(QEMU_BUILD_CMD)

# The stamp's name carries the key: a new key means a missing stamp.
$(QEMU_STAMP): $(DEPS_STAMP) $(QEMU_INPUTS)
	@rm -f $(BUILD)/qemu/.key-*
	@$(QEMU_BUILD_CMD)
	@touch $@

# Other rules may depend on $(QEMU) and $(QEMU32) themselves. A QEMU of the
# user's is only checked: building would replace it with a link to the
# cached binary. (A rule whose target list comes out empty is ignored.)
QEMU_OURS	:= $(QEMU_BUILT) $(QEMU32_BUILT)
$(filter $(QEMU_OURS),$(QEMU) $(QEMU32)): $(QEMU_STAMP) ;
$(filter-out $(QEMU_OURS),$(QEMU) $(QEMU32)):
	@test -x $@ || { echo "$@: not an executable QEMU" >&2; exit 1; }

# The series as upstream would check it (scripts/check-qemu-series.sh): a
# git tree of the tarball, the patches applied with git am, and each patch
# in order through QEMU's scripts/checkpatch.pl and a build of both
# binaries. Not part of `make check`: it builds QEMU once per patch
# (docs/qemu-model.md gives the time). The tree stays in build/qemu-series.
check-qemu-series: $(DEPS_STAMP) ## each QEMU patch: checkpatch.pl and a build, in order
	@TOP=$(TOP) CACHE=$(CACHE) QEMU_VERSION=$(QEMU_VERSION) \
		QEMU_TARBALL=$(QEMU_TARBALL) JOBS=$(JOBS) \
		$(TOP)/scripts/check-qemu-series.sh $(BUILD)/qemu-series

qemu-key: ## print the QEMU cache key and its cache directory
	@echo $(QEMU_KEY) $(CACHE)/qemu/$(QEMU_KEY)

.PHONY: qemu qemu-key check-qemu-series
