# SPDX-License-Identifier: BSD-2-Clause
# `make check`: every suite registered in CHECK_SUITES (by the mk/tests-*.mk
# fragments) runs; scripts/sum-results.sh adds up their closing lines into
# the last line, "N passed, N failed[, N skipped]".
#
# The heavy builds every suite needs come first (CHECK_PREBUILD): groups
# that build side by side, CHECK_JOBS at a time, each group one sub-make of
# its targets in order ('+' joins them: linux+debian-guest). Every build
# is parallel inside, but has long serial stretches (unpacking, configure
# scripts, linking) in which a second core would idle; the groups fill
# them. Groups never build the same file: what two of them share (the
# Linux source tree) is a cache entry under a lock (scripts/lib/cache.sh).
# Then the suites run as make jobs, CHECK_JOBS
# at a time (default: one per core; `make -jN check` sets it too), each
# into its own log $(CHECK_LOGS)/<suite>.log; a suite prints its FAIL lines
# and closing line when it ends. The payload suites' runs are jobs of
# their own (mk/runner.mk), so they fill whichever core is free. Suites
# start in CHECK_ORDER: the long serial ones (CHECK_FIRST) first, so that
# the short ones fill the other core around them. They need nothing but
# what CHECK_PREBUILD made, so no two build the same file at once.
# CHECK_JOBS=1 runs one suite at a time.

CHECK_LOGS	:= $(BUILD)/test-logs
CHECK_FIRST	?= debian-sid debian linux mutation
CHECK_ORDER	:= $(filter $(CHECK_FIRST),$(CHECK_SUITES)) \
		   $(filter-out $(CHECK_FIRST),$(CHECK_SUITES))
CHECK_JOBS	?= $(JOBS)
# Groups start in this order, two at a time on 2 cores: QEMU and the patched
# kernel first, since they are the longest; perf (with its libraries)
# follows QEMU and the stock kernel follows the short busybox and Debian
# downloads, so that both lanes end together; the last group links the
# initramfs from what the others built.
CHECK_PREBUILD	?= qemu+linux-perf \
		   linux-kernel+linux-busybox+debian-guest+debian-guest-kvm+debian-guest-sid+debian-opensbi-sid \
		   linux-kernel-stock \
		   linux+firmware+firmware32+firmware-test+firmware32-test+dtbs+deb+rv32-payloads
# -j for the suites, unless this make already has a job server (make -jN)
check_jobs	= $(if $(filter -j% --jobserver%,$(MAKEFLAGS)),,-j$(CHECK_JOBS))

check: deps ## run all test suites (CHECK_JOBS at a time)
	@rm -rf $(CHECK_LOGS); mkdir -p $(CHECK_LOGS)
	@echo "=== building what the suites share: $(CHECK_PREBUILD)"
	@$(MAKE) --no-print-directory $(check_jobs) $(addprefix check-build/,$(CHECK_PREBUILD))
	@echo "=== suites: $(CHECK_ORDER) (logs in $(CHECK_LOGS))"
	@$(MAKE) --no-print-directory $(check_jobs) $(addprefix check-log/,$(CHECK_ORDER))
	@$(TOP)/scripts/sum-results.sh --table \
		$(addprefix $(CHECK_LOGS)/,$(addsuffix .log,$(CHECK_ORDER)))

# One group of CHECK_PREBUILD: its targets one after another, one sub-make
# each (groups that share a file take a lock for it: the Linux source tree,
# build/linux/workloads)
check-build/%:
	@for t in $(subst +, ,$*); do \
		$(MAKE) --no-print-directory $$t || exit 1; \
	done

# One suite into its log; its FAIL lines and closing line in one write.
check-log/%:
	@$(MAKE) --no-print-directory check-$* >$(CHECK_LOGS)/$*.log 2>&1; \
	echo "exit=$$?" >>$(CHECK_LOGS)/$*.log; \
	printf '%s\n' "$$(grep -aE '^FAIL' $(CHECK_LOGS)/$*.log; \
		echo "=== $*: $$($(TOP)/scripts/sum-results.sh $(CHECK_LOGS)/$*.log)")"

.PHONY: check
