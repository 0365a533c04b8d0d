# SPDX-License-Identifier: BSD-2-Clause
# Suite `linux`: boot Linux 6.12 + perf on the firmware (tests/linux/).
# QEMU= and FW_DYNAMIC= on the command line test other binaries.
# LINUX_TESTS='events record' runs only those tests (names without
# -test.sh).

CHECK_SUITES += linux

# where the tests' console logs go (mk/opensbi.mk keeps its runs apart)
LINUX_TEST_LOGS ?= $(BUILD)/test-logs/linux

LINUX_TESTS ?= $(patsubst %-test.sh,%,$(notdir $(sort $(wildcard $(TOP)/tests/linux/*-test.sh))))

check-linux: $(LINUX_BOOT_DEPS) linux $(KERNEL_STOCK) ## Linux boot + perf tests (patched and stock kernel)
	@p=0; f=0; s=0; \
	for t in $(LINUX_TESTS); do \
		echo "--- $$t-test.sh"; \
		$(LINUX_RUN_ENV) KERNEL_STOCK=$(KERNEL_STOCK) \
			LOG_DIR=$(LINUX_TEST_LOGS) \
			$(TOP)/tests/linux/$$t-test.sh | tee $(BUILD)/linux/last-test.out; \
		line=$$(tail -1 $(BUILD)/linux/last-test.out); \
		case "$$line" in \
		*" passed, "*" failed"*) \
			p=$$((p + $${line%% passed*})); \
			fl=$${line#* passed, }; f=$$((f + $${fl%% failed*})); \
			case "$$line" in *" skipped") \
				sk=$${line##*failed, }; s=$$((s + $${sk%% skipped})) ;; \
			esac ;; \
		*) echo "FAIL - $$t-test.sh gave no result line"; f=$$((f + 1)) ;; \
		esac; \
	done; \
	if [ $$s -gt 0 ]; then echo "$$p passed, $$f failed, $$s skipped"; \
	else echo "$$p passed, $$f failed"; fi; \
	[ $$f = 0 ]

.PHONY: check-linux
