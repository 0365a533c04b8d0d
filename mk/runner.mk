# SPDX-License-Identifier: BSD-2-Clause
# The payload suites' runner: one run table format for every suite, each
# run its own make target, so `make -j2 check-sbi check-pmu` runs two at
# once (docs/build.md, "Running tests").
#
# A run is one line in a mk/tests-*.mk fragment:
#
#	RUN.<suite>.<name> = <scripts/run-payload.sh options>
#
# e.g.  RUN.sbi.fw-jump = --bios $(FW_JUMP) --append "tally.test srst-high-bits"
#
# (names: letters, digits and '-'; a run whose options expand to nothing is
# left out, so `$(if ...)` makes a run conditional). What every run of a
# suite shares:
#
#	RUN_ARGS.<suite>   options put before each run's own (a run's own
#	                   option wins), typically the payload, --bios,
#	                   --timeout, --append
#	RUN_DEPS.<suite>   prerequisites of every run (payload, firmware,
#	                   QEMU); a run's own: RUN_DEPS.<suite>.<name>. Every
#	                   *.dtb word of a run's options is one too.
#	RUN_LOGS.<suite>   where logs go (default $(BUILD)/test-logs)
#	RUN_REPORT.<suite> a command printing something from the logs before
#	                   the suite's closing line (e.g. sampling's profile)
#	RUN_CMD.<suite>    what runs a run, when it is more than booting one
#	                   payload (default scripts/run-payload.sh): called as
#	                   RUN_CMD --brief --name <suite>-<name> --log-dir D,
#	                   then RUN_ARGS and the run's own words; it writes
#	                   D/<suite>-<name>.result and prints as run-payload.sh
#	                   --brief does (e.g. tests/boot/run.sh, whose runs
#	                   add checks on the boot logs)
#
# This makes, for every suite:
#
#	check-<suite>/<name>  one run: console log <logs>/<suite>-<name>.log,
#	                      the report .out, the closing line .result; prints
#	                      only the FAIL/SKIP lines and the closing line
#	check-<suite>         every run, then scripts/sum-results.sh adds up the
#	                      .result files: "<suite>: N passed, N failed[, N
#	                      skipped]"; exits 1 if anything failed
#
# RUNS='a b' on the command line runs only those runs of the suites named
# (make check-pmu RUNS=plain). Runs go through run-payload.sh --brief,
# which judges a run and prints its lines in one write.
# A single run's target (check-sbi/fw-jump) fails when the run fails; as
# a suite's prerequisite it always succeeds, and the suite's sum decides.

RUN_PAYLOAD	:= $(TOP)/scripts/run-payload.sh
RUN_SUITES	:= $(sort $(foreach v,$(filter RUN.%,$(.VARIABLES)),\
		   $(word 2,$(subst ., ,$(v)))))
# $(call run_names,SUITE): the suite's runs (RUNS= picks some)
run_names	= $(filter $(or $(RUNS),%),$(foreach v,$(sort $(filter RUN.$(1).%,$(.VARIABLES))),\
		  $(if $(strip $($(v))),$(patsubst RUN.$(1).%,%,$(v)))))
run_logs	= $(or $(RUN_LOGS.$(1)),$(BUILD)/test-logs)

# $(call run_rule,SUITE,NAME)
define run_rule
check-$(1)/$(2): $$(RUN_DEPS.$(1)) $$(RUN_DEPS.$(1).$(2)) $$(filter %.dtb,$$(RUN.$(1).$(2)))
	@QEMU=$$(QEMU) $$(or $$(RUN_CMD.$(1)),$$(RUN_PAYLOAD)) --brief --name $(1)-$(2) \
		--log-dir $$(call run_logs,$(1)) \
		$$(RUN_ARGS.$(1)) $$(RUN.$(1).$(2)) \
		$$(if $$(filter $$@,$$(MAKECMDGOALS)),,|| true)
.PHONY: check-$(1)/$(2)
endef

# $(call suite_rule,SUITE)
define suite_rule
$(foreach n,$(call run_names,$(1)),$(eval $(call run_rule,$(1),$(n))))
check-$(1): $(addprefix check-$(1)/,$(call run_names,$(1)))
	@$$(RUN_REPORT.$(1))
	@$$(TOP)/scripts/sum-results.sh --name $(1) \
		$(foreach n,$(call run_names,$(1)),$$(call run_logs,$(1))/$(1)-$(n).result)
.PHONY: check-$(1)
endef

$(foreach s,$(RUN_SUITES),$(eval $(call suite_rule,$(s))))
