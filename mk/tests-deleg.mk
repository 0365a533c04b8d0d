# SPDX-License-Identifier: BSD-2-Clause
# Suite `deleg`: the counter delegation and PDIS policy (docs/delegation.md)
# checked from S-mode and VS-mode (tests/deleg/, on the payload library
# tests/payload/) under -icount shift=0, once per configuration. Each run
# boots a DT with the /chosen knobs (scripts/mkdtb.sh) and tells the
# payload what the firmware must make of them.
#
#   make deleg-payload    build build/tests/deleg/deleg.elf
#   make check-deleg      run every configuration; ends with
#                         "deleg: N passed, N failed[, N skipped]"
#
# Runs (mk/runner.mk): $(call deleg_run,PMU-DELEGATE,PDIS-DELEGATE,
# EXPECTED MASK,EXPECTED PDIS[,PAYLOAD ARGS]) after the --cpu; an empty
# knob is left out of the DT (the firmware's build value applies).
# DELEG_HW: the hardware counters of those CPUs (cycle, instret, 3..18).

include $(TOP)/tests/payload/payload.mk
$(eval $(call payload_program,deleg,$(TOP)/tests/deleg))

DELEG_PAYLOAD	:= $(deleg_PAYLOAD_ELF)
DELEG_TIMEOUT	?= 300
DELEG_LOGS	:= $(BUILD)/test-logs
DELEG_DTBS	:= $(BUILD)/tests/deleg
DELEG_HW	?= 0x7fffd
deleg_run	= $(if $(1),--chosen tally$(comma)pmu-delegate=$(1)) \
		  $(if $(2),--chosen tally$(comma)pdis-delegate=$(2)) \
		  --append "tally.test deleg.mask=$(3) deleg.pdis=$(4) deleg.hw=$(DELEG_HW) $(5)"
RUN_ARGS.deleg	= --bios $(FW_DYNAMIC) --smp 1 --icount --timeout $(DELEG_TIMEOUT) \
		  $(DELEG_PAYLOAD)
RUN_DEPS.deleg	= $(DELEG_PAYLOAD) $(FW_DYNAMIC) $(QEMU)
RUN_LOGS.deleg	= $(DELEG_LOGS)
RUN.deleg.none		= --cpu max $(call deleg_run,0,0,0,0)
RUN.deleg.hpm		= --cpu max $(call deleg_run,0x7f8,0,0x7f8,0)
RUN.deleg.hpm-pdis	= --cpu max $(call deleg_run,0x7f8,1,0x7f8,1)
RUN.deleg.all		= --cpu max $(call deleg_run,0xffffffff,1,$(DELEG_HW),1)
RUN.deleg.pdis		= --cpu max $(call deleg_run,0,1,0,1)
RUN.deleg.nocdeleg	= --cpu max,smcdeleg=false,ssccfg=false $(call deleg_run,0x7fd,1,0,1,deleg.smcdeleg=0)
RUN.deleg.nocntrpmf	= --cpu max,smcntrpmf=false $(call deleg_run,0x7fd,1,0x7f8,1)
RUN.deleg.pdismem	= --cpu max,x-pdis-mem=true $(call deleg_run,0x7f8,1,0x7f8,1,deleg.pdismem=1)
RUN.deleg.pdismem-kept	= --cpu max,x-pdis-mem=true $(call deleg_run,0x7f8,0,0x7f8,0,deleg.pdismem=1)
# the build's own knobs, when they delegate nothing
RUN.deleg.default	= $(if $(filter 0,$(FW_PMU_DELEGATE)),--cpu max $(call deleg_run,,,0,$(FW_PDIS_DELEGATE)))

CHECK_SUITES	+= deleg

deleg-payload: $(DELEG_PAYLOAD) ## build the delegation policy payload

check-deleg: ## delegation policy from S/VS-mode, once per configuration

.PHONY: deleg-payload
