# SPDX-License-Identifier: BSD-2-Clause
# `make check`: every suite registered in CHECK_SUITES (by the mk/tests-*.mk
# fragments) runs; scripts/check-summary.sh adds up their closing lines.
#
# Two lanes, for two cores: the heavy builds every suite needs come first
# (CHECK_PREBUILD, each already parallel inside), then the suites in
# CHECK_LANE2 run in the background while the others run in order in the
# foreground. Suites are mostly QEMU under -icount, one busy core each, so
# the second lane uses the core the first leaves idle. Lane 2's suites
# need nothing but what CHECK_PREBUILD made, so the two lanes never build
# the same file at once. Lane 2's output is printed when it is done (its
# logs are in $(CHECK_LOGS) meanwhile). CHECK_LANE2= runs all in order.

CHECK_LOGS := $(BUILD)/test-logs
# boot last: its fw_payload + Linux test needs the kernel the linux suite
# builds (each suite is its own make, so boot then finds it).
CHECK_ORDER := $(filter-out boot,$(CHECK_SUITES)) $(filter boot,$(CHECK_SUITES))
CHECK_LANE2 ?= debian
CHECK_LANE1 := $(filter-out $(CHECK_LANE2),$(CHECK_ORDER))
CHECK_PREBUILD ?= qemu firmware firmware32 firmware-test firmware32-test dtbs \
	linux linux-kernel-stock \
	debian-guest deb rv32-payloads

# $(call check_suite,SUITE): run one suite, its output to its log
check_suite = $(MAKE) --no-print-directory check-$(1) >$(CHECK_LOGS)/$(1).log 2>&1; \
	echo "exit=$$?" >>$(CHECK_LOGS)/$(1).log

check: deps ## run all test suites
	@rm -rf $(CHECK_LOGS); mkdir -p $(CHECK_LOGS)
	@echo "=== building what the suites share: $(CHECK_PREBUILD)"
	@$(MAKE) --no-print-directory $(CHECK_PREBUILD)
	@( for s in $(CHECK_LANE2); do $(call check_suite,$$s); done ) & lane2=$$!; \
	for s in $(CHECK_LANE1); do \
		echo "=== suite $$s"; \
		$(MAKE) --no-print-directory check-$$s 2>&1 | tee $(CHECK_LOGS)/$$s.log; \
		echo "exit=$${PIPESTATUS[0]}" >> $(CHECK_LOGS)/$$s.log; \
	done; \
	wait $$lane2; \
	for s in $(CHECK_LANE2); do \
		echo "=== suite $$s (ran next to the others)"; \
		grep -v '^exit=' $(CHECK_LOGS)/$$s.log; \
	done
	@$(TOP)/scripts/check-summary.sh $(CHECK_LOGS) $(CHECK_ORDER)

.PHONY: check
