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
# DELEG_RUNS: name:cpu:pmu-delegate:pdis-delegate:expected mask:expected
# PDIS[:payload args joined by '+'] ('-' leaves a knob out of the DT: the
# firmware's build value).
# DELEG_HW: the hardware counters of those CPUs (cycle, instret, 3..18).

include $(TOP)/tests/payload/payload.mk
$(eval $(call payload_program,deleg,$(TOP)/tests/deleg))

DELEG_PAYLOAD	:= $(deleg_PAYLOAD_ELF)
DELEG_TIMEOUT	?= 300
DELEG_LOGS	:= $(BUILD)/test-logs
DELEG_DTBS	:= $(BUILD)/tests/deleg
DELEG_HW	?= 0x7fffd
DELEG_RUNS	?= none:max:0:0:0:0 \
		   hpm:max:0x7f8:0:0x7f8:0 \
		   hpm-pdis:max:0x7f8:1:0x7f8:1 \
		   all:max:0xffffffff:1:$(DELEG_HW):1 \
		   pdis:max:0:1:0:1 \
		   nocdeleg:max,smcdeleg=false,ssccfg=false:0x7fd:1:0:1:deleg.smcdeleg=0 \
		   nocntrpmf:max,smcntrpmf=false:0x7fd:1:0x7f8:1 \
		   pdismem:max,x-pdis-mem=true:0x7f8:1:0x7f8:1:deleg.pdismem=1 \
		   pdismem-kept:max,x-pdis-mem=true:0x7f8:0:0x7f8:0:deleg.pdismem=1 \
		   $(if $(filter 0,$(FW_PMU_DELEGATE)),default:max:-:-:0:$(FW_PDIS_DELEGATE))
MKDTB		:= $(TOP)/scripts/mkdtb.sh
RUN_PAYLOAD	:= $(TOP)/scripts/run-payload.sh

CHECK_SUITES	+= deleg

deleg-payload: $(DELEG_PAYLOAD) ## build the delegation policy payload

check-deleg: $(DELEG_PAYLOAD) $(FW_DYNAMIC) $(QEMU) ## delegation policy from S/VS-mode, once per configuration
	@rc=0; results=; \
	for run in $(DELEG_RUNS); do \
		IFS=: read -r n cpu mask pdis emask epdis args <<< "$$run"; \
		n=deleg-$$n; dtb=$(DELEG_DTBS)/$$n.dtb; \
		QEMU=$(QEMU) $(MKDTB) $$dtb "$$cpu" 1 $$mask $$pdis || rc=1; \
		QEMU=$(QEMU) $(RUN_PAYLOAD) --name $$n --bios $(FW_DYNAMIC) \
			--cpu "$$cpu" --smp 1 --icount \
			--timeout $(DELEG_TIMEOUT) --log-dir $(DELEG_LOGS) \
			--append "tally.test deleg.mask=$$emask deleg.pdis=$$epdis deleg.hw=$(DELEG_HW) $${args//+/ }" \
			$(DELEG_PAYLOAD) -- -dtb $$dtb || rc=1; \
		results="$$results $(DELEG_LOGS)/$$n.result"; \
	done; \
	$(TOP)/scripts/sum-results.sh deleg $$results; \
	exit $$rc

.PHONY: deleg-payload check-deleg
