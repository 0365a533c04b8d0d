# SPDX-License-Identifier: BSD-2-Clause
# Suite `debian`: Debian trixie's own riscv64 kernel, perf and busybox, as
# users install them, booted on the firmware under Debian's QEMU and the
# project's, next to Debian's OpenSBI 1.5.1 (tests/debian/).
# DEBIAN_TESTS='perf smp' runs only those tests (names without -test.sh);
# DEBIAN_QEMUS='debian-qemu=/usr/bin/qemu-system-riscv64' boots only that.

CHECK_SUITES += debian

DEBIAN_TEST_LOGS ?= $(BUILD)/test-logs/debian
DEBIAN_TESTS ?= $(patsubst %-test.sh,%,$(notdir $(sort $(wildcard $(TOP)/tests/debian/*-test.sh))))

debian-guest: deps ## Debian's riscv64 kernel, perf, busybox-static in build/debian/
	@$(LINUX_ENV) $(TOP)/scripts/build-debian-guest.sh

check-debian: $(LINUX_BOOT_DEPS) $(QEMU) debian-guest deb rv32-payloads ## Debian's kernel and perf on the firmware, against OpenSBI
	@TOP=$(TOP) BUILD=$(BUILD) FW_DYNAMIC=$(FW_DYNAMIC) PROJECT_QEMU=$(QEMU) \
		LOG_DIR=$(DEBIAN_TEST_LOGS) \
		$(TOP)/scripts/run-test-scripts.sh $(TOP)/tests/debian $(DEBIAN_TESTS)

.PHONY: debian-guest check-debian
