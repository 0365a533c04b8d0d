# SPDX-License-Identifier: BSD-2-Clause
# Suites `debian` and `debian-sid`: Debian's own riscv64 kernel, perf and
# busybox, as users install them, booted on the firmware under Debian's
# QEMU and the project's, next to Debian's OpenSBI builds (tests/debian/):
#   debian      trixie's 6.12 (build/debian/)
#   debian-sid  sid's 7.2 (build/debian-sid/)
# Where a test compares against OpenSBI, both kernels are compared against
# OpenSBI 1.5.1 (the host's package) and Debian sid's OpenSBI 1.9
# (build/debian-sid/opensbi/) (docs/linux.md, "Debian sid: kernel 7.2 and
# OpenSBI 1.9").
# What runs per kernel is DEBIAN_TESTS / DEBIAN_SID_TESTS.
# DEBIAN_TESTS='perf smp' runs only those tests (names without -test.sh);
# DEBIAN_QEMUS='debian-qemu=/usr/bin/qemu-system-riscv64' boots only that;
# DEBIAN_OPENSBIS='opensbi-1.9' compares trixie's kernel against only that
# build (DEBIAN_SID_OPENSBIS sid's).

CHECK_SUITES += debian debian-sid

DEBIAN_TEST_LOGS ?= $(BUILD)/test-logs/debian
DEBIAN_SID_TEST_LOGS ?= $(BUILD)/test-logs/debian-sid
DEBIAN_TESTS ?= $(patsubst %-test.sh,%,$(notdir $(sort $(wildcard $(TOP)/tests/debian/*-test.sh))))
# kvm-perf (perf in a KVM guest, some minutes a boot) runs on trixie's
# kernel only: sid's 7.2 has the same guest-side loss (docs/linux.md,
# "KVM guests"); DEBIAN_SID_TESTS=kvm-perf runs it there.
DEBIAN_SID_TESTS ?= $(filter-out kvm-perf,$(DEBIAN_TESTS))
DEBIAN_OPENSBIS ?= opensbi-1.5.1 opensbi-1.9
DEBIAN_SID_OPENSBIS ?= $(DEBIAN_OPENSBIS)
# Debian sid's OpenSBI (make debian-opensbi-sid)
DEBIAN_SID_DIR := $(BUILD)/debian-sid
DEBIAN_SID_OPENSBI := $(DEBIAN_SID_DIR)/opensbi/fw_dynamic.bin

debian-guest: deps ## Debian trixie's riscv64 kernel, perf, busybox-static in build/debian/
	@$(LINUX_ENV) $(TOP)/scripts/build-debian-guest.sh --suite trixie

debian-guest-sid: deps ## the same of Debian sid (unstable) in build/debian-sid/
	@$(LINUX_ENV) $(TOP)/scripts/build-debian-guest.sh --suite sid

debian-guest-kvm: deps ## the trixie guest with QEMU and a KVM guest of its own in build/debian-kvm/
	@$(LINUX_ENV) $(TOP)/scripts/build-debian-guest.sh --suite trixie --kvm

debian-opensbi-sid: deps ## Debian sid's OpenSBI (package opensbi) in build/debian-sid/opensbi/
	@$(TOP)/scripts/fetch-debian-opensbi.sh sid

DEBIAN_CHECK_DEPS = $(LINUX_BOOT_DEPS) $(QEMU) debian-opensbi-sid deb rv32-payloads
DEBIAN_CHECK_ENV = TOP=$(TOP) BUILD=$(BUILD) FW_DYNAMIC=$(FW_DYNAMIC) \
	PROJECT_QEMU=$(QEMU) SID_OPENSBI=$(DEBIAN_SID_OPENSBI)

check-debian: $(DEBIAN_CHECK_DEPS) debian-guest debian-guest-kvm ## Debian trixie's kernel and perf on the firmware, against OpenSBI
	@$(DEBIAN_CHECK_ENV) DEBIAN_SUITE=trixie LOG_DIR=$(DEBIAN_TEST_LOGS) \
		DEBIAN_OPENSBIS="$(DEBIAN_OPENSBIS)" \
		$(TOP)/scripts/run-test-scripts.sh $(TOP)/tests/debian $(DEBIAN_TESTS)

check-debian-sid: $(DEBIAN_CHECK_DEPS) debian-guest-sid ## the same with Debian sid's kernel and perf
	@$(DEBIAN_CHECK_ENV) DEBIAN_SUITE=sid LOG_DIR=$(DEBIAN_SID_TEST_LOGS) \
		DEBIAN_OPENSBIS="$(DEBIAN_SID_OPENSBIS)" \
		$(TOP)/scripts/run-test-scripts.sh $(TOP)/tests/debian $(DEBIAN_SID_TESTS)

.PHONY: debian-guest debian-guest-sid debian-guest-kvm debian-opensbi-sid check-debian check-debian-sid

# Not in make check (hours): perf test, complete, in one guest per boot,
# on Tally and OpenSBI 1.5.1, on 1 and 4 harts, with and without icount
# (tests/debian/perftest-matrix.sh; MATRIX_BOOTS, MATRIX_CONFIGS,
# MATRIX_FWS, MATRIX_TESTS as it says; DEBIAN_SUITE=sid after make
# debian-guest-sid).
perftest-matrix: $(DEBIAN_CHECK_DEPS) debian-guest ## perf test on Tally and OpenSBI: 1 and 4 harts, icount and not (long)
	@$(DEBIAN_CHECK_ENV) LOG_DIR=$(BUILD)/test-logs/perftest-matrix \
		$(TOP)/tests/debian/perftest-matrix.sh

.PHONY: perftest-matrix
