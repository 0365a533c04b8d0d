# SPDX-License-Identifier: BSD-2-Clause
# Suite `sampling`: the S-mode profiling demo (tests/sampling/, on the
# payload library tests/payload/) on `max` with the PDIS memory buffer
# (x-pdis-mem, for the batch-mode profile) under -icount shift=0, with
# counters 3..10 and PDIS delegated to S-mode through the DT knobs
# (docs/delegation.md). It samples a U-mode workload with delegated
# counters (Sspesa/Ssplcofi) and PDIS, checks every sample, and prints the
# profile tables (also in build/test-logs/sampling-profile.log).
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

# one run (mk/runner.mk), its profile tables printed before the closing line
RUN_ARGS.sampling	= --bios $(FW_DYNAMIC) --smp 1 --icount \
			  --timeout $(SAMPLING_TIMEOUT) --append tally.test \
			  $(SAMPLING_PAYLOAD)
RUN_DEPS.sampling	= $(SAMPLING_PAYLOAD) $(FW_DYNAMIC) $(QEMU)
RUN_LOGS.sampling	= $(SAMPLING_LOGS)
RUN.sampling.profile	= --cpu $(SAMPLING_CPU) \
			  --chosen tally$(comma)pmu-delegate=$(SAMPLING_DELEGATE) \
			  --chosen tally$(comma)pdis-delegate=$(SAMPLING_PDIS)
RUN_REPORT.sampling	= grep -a '^\# |' $(SAMPLING_LOGS)/sampling-profile.log | tr -d '\r' | cut -c5-

CHECK_SUITES	+= sampling

sampling-payload: $(SAMPLING_PAYLOAD) ## build the profiling demo payload

check-sampling: ## profiling demo with delegated counters and PDIS (-icount shift=0)

.PHONY: sampling-payload
