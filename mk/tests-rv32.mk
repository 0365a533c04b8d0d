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
# name:payload:firmware:cpu:smp[:icount]
RV32_RUNS	= sbi-fw-dynamic:sbi:$(FW_DYNAMIC32):$(RV32_SSCOFPMF):4 \
		  sbi-fw-jump:sbi:$(FW_JUMP32):$(RV32_SSCOFPMF):4 \
		  sbi-no-sstc:sbi:$(FW_DYNAMIC32):$(RV32_SSCOFPMF),sstc=false:4 \
		  pmu-plain:pmu:$(FW_DYNAMIC32):rv32,h=false:2:icount \
		  pmu-sscofpmf:pmu:$(FW_DYNAMIC32):$(RV32_SSCOFPMF):2:icount

CHECK_SUITES	+= rv32

rv32-payloads: $(sbi_PAYLOAD32_ELF) $(pmu_PAYLOAD32_ELF) ## build the SBI and PMU payloads for RV32

check-rv32: $(sbi_PAYLOAD32_ELF) $(pmu_PAYLOAD32_ELF) firmware32 $(QEMU) $(QEMU32) ## SBI and PMU suites on RV32 (qemu-system-riscv32)
	@rc=0; results=; \
	for run in $(RV32_RUNS); do \
		IFS=: read -r n p fw cpu smp ic <<< "$$run"; n=rv-thirtytwo-$$n; \
		QEMU=$(QEMU32) $(RUN_PAYLOAD) --name $$n --bios $$fw \
			--cpu "$$cpu" --smp $$smp $${ic:+--icount} \
			--timeout $(RV32_TIMEOUT) --log-dir $(RV32_LOGS) \
			--append tally.test $(BUILD)/tests32/$$p/$$p.elf || rc=1; \
		results="$$results $(RV32_LOGS)/$$n.result"; \
	done; \
	$(TOP)/scripts/sum-results.sh rv-thirtytwo $$results; \
	exit $$rc

.PHONY: rv32-payloads check-rv32
