# SPDX-License-Identifier: BSD-2-Clause
# Suite `linux`: boot Linux 7.2 + perf on the firmware (tests/linux/).
# QEMU= and FW_DYNAMIC= on the command line test other binaries.
# LINUX_TESTS='events record' runs only those tests (names without
# -test.sh).

CHECK_SUITES += linux

# where the tests' console logs go (mk/opensbi.mk keeps its runs apart)
LINUX_TEST_LOGS ?= $(BUILD)/test-logs/linux

LINUX_TESTS ?= $(patsubst %-test.sh,%,$(notdir $(sort $(wildcard $(TOP)/tests/linux/*-test.sh))))

check-linux: $(LINUX_BOOT_DEPS) linux $(KERNEL_STOCK) $(ICICLE_DTB) debian-opensbi-sid ## Linux boot + perf tests (patched and stock kernel)
	@$(LINUX_RUN_ENV) KERNEL_STOCK=$(KERNEL_STOCK) LOG_DIR=$(LINUX_TEST_LOGS) \
		$(TOP)/scripts/run-test-scripts.sh $(TOP)/tests/linux $(LINUX_TESTS)

.PHONY: check-linux
