# SPDX-License-Identifier: BSD-2-Clause
# Suite `linux`: boot Linux 6.12 + perf on the firmware (tests/linux/).
# QEMU= and FW_DYNAMIC= on the command line test other binaries.

CHECK_SUITES += linux

# where the tests' console logs go (mk/opensbi.mk keeps its runs apart)
LINUX_TEST_LOGS ?= $(BUILD)/test-logs/linux

LINUX_TESTS := $(sort $(wildcard $(TOP)/tests/linux/*-test.sh))

check-linux: $(LINUX_BOOT_DEPS) linux ## Linux boot + perf tests
	@p=0; f=0; \
	for t in $(LINUX_TESTS); do \
		echo "--- $$(basename $$t)"; \
		$(LINUX_RUN_ENV) LOG_DIR=$(LINUX_TEST_LOGS) $$t | tee $(BUILD)/linux/last-test.out; \
		line=$$(tail -1 $(BUILD)/linux/last-test.out); \
		case "$$line" in \
		*" passed, "*" failed") \
			p=$$((p + $${line%% passed*})); \
			fl=$${line#* passed, }; f=$$((f + $${fl%% failed*})) ;; \
		*) echo "FAIL - $$(basename $$t) gave no result line"; f=$$((f + 1)) ;; \
		esac; \
	done; \
	echo "$$p passed, $$f failed"; \
	[ $$f = 0 ]

.PHONY: check-linux
