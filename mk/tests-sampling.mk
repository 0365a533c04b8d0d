# SPDX-License-Identifier: BSD-2-Clause
# Suite `sampling`: the S-mode profiling demo (tests/sampling/, on the
# payload library tests/payload/) on `max` with the PDIS memory buffer
# (x-pdis-mem, for the batch-mode profile) under -icount shift=0, with
# counters 3..10 and PDIS delegated to S-mode through the DT knobs
# (docs/delegation.md). It samples a U-mode workload with delegated
# counters (Sspesa/Ssplcofi) and PDIS, checks every sample, and prints the
# profile tables (also in build/test-logs/sampling.log).
#
#   make sampling-payload   build build/tests/sampling/sampling.elf
#   make check-sampling     run it; ends with
#                           "sampling: N passed, N failed[, N skipped]"

include $(TOP)/tests/payload/payload.mk
$(eval $(call payload_program,sampling,$(TOP)/tests/sampling))

SAMPLING_PAYLOAD	:= $(sampling_PAYLOAD_ELF)
SAMPLING_CPU		?= max,x-pdis-mem=true
SAMPLING_DELEGATE	?= 0x7f8
SAMPLING_PDIS		?= 1
SAMPLING_TIMEOUT	?= 300
SAMPLING_LOGS		:= $(BUILD)/test-logs
SAMPLING_DTB		:= $(BUILD)/tests/sampling/sampling.dtb
MKDTB			:= $(TOP)/scripts/mkdtb.sh
RUN_PAYLOAD		:= $(TOP)/scripts/run-payload.sh

CHECK_SUITES	+= sampling

sampling-payload: $(SAMPLING_PAYLOAD) ## build the profiling demo payload

check-sampling: $(SAMPLING_PAYLOAD) $(FW_DYNAMIC) $(QEMU) ## profiling demo with delegated counters and PDIS (-icount shift=0)
	@QEMU=$(QEMU) $(MKDTB) $(SAMPLING_DTB) "$(SAMPLING_CPU)" 1 \
		$(SAMPLING_DELEGATE) $(SAMPLING_PDIS)
	@mkdir -p $(SAMPLING_LOGS); rc=0; \
	QEMU=$(QEMU) $(RUN_PAYLOAD) --name sampling \
		--bios $(FW_DYNAMIC) --cpu "$(SAMPLING_CPU)" --smp 1 --icount \
		--timeout $(SAMPLING_TIMEOUT) --log-dir $(SAMPLING_LOGS) \
		--append tally.test $(SAMPLING_PAYLOAD) \
		-- -dtb $(SAMPLING_DTB) >$(SAMPLING_LOGS)/sampling.out || rc=1; \
	grep -a '^# |' $(SAMPLING_LOGS)/sampling.log | tr -d '\r' | cut -c5-; \
	cat $(SAMPLING_LOGS)/sampling.out; exit $$rc

.PHONY: sampling-payload check-sampling
