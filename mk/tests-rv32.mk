# SPDX-License-Identifier: BSD-2-Clause
# Suite `rv32`: the SBI and PMU conformance payloads (tests/sbi/, tests/pmu/)
# built for RV32 and booted on the RV32 firmware (make firmware32) in
# qemu-system-riscv32 -M virt, built next to the RV64 QEMU from the same
# patches. Tests that do not apply on RV32 print SKIP with the reason.
#
#   make rv32-payloads   build build/tests32/{sbi,pmu}/*.elf
#   make check-rv32      run them; ends with "rv32: N passed, N failed[, N skipped]"

include $(TOP)/tests/payload/payload.mk
$(eval $(call payload_program32,sbi,$(TOP)/tests/sbi))
$(eval $(call payload_program32,pmu,$(TOP)/tests/pmu))

RV32_LOGS	:= $(BUILD)/test-logs
RV32_TIMEOUT	?= 300
# The RV32 firmware serves no H guests (docs/firmware.md): h=false.
RV32_SSCOFPMF	:= rv32,h=false,sscofpmf=true,smcntrpmf=true
# Runs (mk/runner.mk)
RV32_SBI	:= $(sbi_PAYLOAD32_ELF)
RV32_PMU	:= $(pmu_PAYLOAD32_ELF)
RUN_ARGS.rv32	= --qemu $(QEMU32) --bios $(FW_DYNAMIC32) --timeout $(RV32_TIMEOUT) \
		  --append tally.test
RUN_DEPS.rv32	= $(RV32_SBI) $(RV32_PMU) firmware32 $(QEMU) $(QEMU32)
RUN_LOGS.rv32	= $(RV32_LOGS)
RUN.rv32.sbi-fw-dynamic	= --cpu $(RV32_SSCOFPMF) --smp 4 $(RV32_SBI)
RUN.rv32.sbi-fw-jump	= --bios $(FW_JUMP32) --cpu $(RV32_SSCOFPMF) --smp 4 $(RV32_SBI)
RUN.rv32.sbi-no-sstc	= --cpu $(RV32_SSCOFPMF),sstc=false --smp 4 $(RV32_SBI)
RUN.rv32.pmu-plain	= --cpu rv32,h=false --smp 2 --icount $(RV32_PMU)
RUN.rv32.pmu-sscofpmf	= --cpu $(RV32_SSCOFPMF) --smp 2 --icount $(RV32_PMU)

CHECK_SUITES	+= rv32

rv32-payloads: $(sbi_PAYLOAD32_ELF) $(pmu_PAYLOAD32_ELF) ## build the SBI and PMU payloads for RV32

check-rv32: ## SBI and PMU suites on RV32 (qemu-system-riscv32)

.PHONY: rv32-payloads
