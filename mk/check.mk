# SPDX-License-Identifier: BSD-2-Clause
# `make check`: every suite registered in CHECK_SUITES (by the mk/tests-*.mk
# fragments) runs; scripts/check-summary.sh adds up their closing lines.

CHECK_LOGS := $(BUILD)/test-logs
# boot last: its fw_payload + Linux test needs the kernel the linux suite
# builds (each suite is its own make, so boot then finds it).
CHECK_ORDER := $(filter-out boot,$(CHECK_SUITES)) $(filter boot,$(CHECK_SUITES))

check: deps ## run all test suites
	@rm -rf $(CHECK_LOGS); mkdir -p $(CHECK_LOGS)
	@for s in $(CHECK_ORDER); do \
		echo "=== suite $$s"; \
		$(MAKE) --no-print-directory check-$$s 2>&1 | tee $(CHECK_LOGS)/$$s.log; \
		echo "exit=$${PIPESTATUS[0]}" >> $(CHECK_LOGS)/$$s.log; \
	done
	@$(TOP)/scripts/check-summary.sh $(CHECK_LOGS) $(CHECK_ORDER)

.PHONY: check
