# SPDX-License-Identifier: BSD-2-Clause
# Suite `pmu`: the SBI PMU conformance payload (tests/pmu/, on the payload
# library tests/payload/) booted on the project firmware under
# -icount shift=0, once per CPU model: without Sscofpmf, with Sscofpmf and
# Smcntrpmf, and `max`. The payload finds the features in the DT it gets.
#
#   make pmu-payload     build build/tests/pmu/pmu.elf
#   make check-pmu       run it on every model; ends with
#                        "pmu: N passed, N failed[, N skipped]"
#
# PMU_CPUS lists name=cpu pairs (names: letters only; the cpu string may
# hold commas). PMU_STRICT_CPU runs once more with the compatibility rules
# switched off in the DT (/chosen tally,pmu-compat = 0, docs/pmu.md): the
# machine of dts/qemu-virt-sscofpmf-2-strict.dts.
# Try another SBI implementation or QEMU:
#   make check-pmu QEMU=/usr/bin/qemu-system-riscv64 FW_DYNAMIC=.../fw_dynamic.bin

include $(TOP)/tests/payload/payload.mk
$(eval $(call payload_program,pmu,$(TOP)/tests/pmu))

PMU_PAYLOAD	:= $(pmu_PAYLOAD_ELF)
PMU_SMP		?= 2
PMU_TIMEOUT	?= 300
# "tally.test": the project firmware's test channel adds M-mode health checks
PMU_APPEND	?= tally.test
PMU_LOGS	:= $(BUILD)/test-logs
PMU_CPUS	?= plain=rv64 \
		   sscofpmf=rv64,sscofpmf=true,smcntrpmf=true \
		   max=max
PMU_STRICT_CPU	?= rv64,sscofpmf=true,smcntrpmf=true
PMU_STRICT_DTB	:= $(BUILD)/dts/qemu-virt-sscofpmf-2-strict.dtb
RUN_PAYLOAD	:= $(TOP)/scripts/run-payload.sh

CHECK_SUITES	+= pmu

pmu-payload: $(PMU_PAYLOAD) ## build the PMU conformance payload

check-pmu: $(PMU_PAYLOAD) $(FW_DYNAMIC) $(QEMU) $(PMU_STRICT_DTB) ## PMU conformance on three CPU models and a strict DT (-icount shift=0)
	@rc=0; results=; \
	for run in $(PMU_CPUS); do \
		n=pmu-$${run%%=*}; \
		QEMU=$(QEMU) $(RUN_PAYLOAD) --name $$n --bios $(FW_DYNAMIC) \
			--cpu "$${run#*=}" --smp $(PMU_SMP) --icount \
			--timeout $(PMU_TIMEOUT) --log-dir $(PMU_LOGS) \
			$(if $(PMU_APPEND),--append "$(PMU_APPEND)") \
			$(PMU_PAYLOAD) || rc=1; \
		results="$$results $(PMU_LOGS)/$$n.result"; \
	done; \
	if [ -n "$(PMU_STRICT_CPU)" ]; then \
		QEMU=$(QEMU) $(RUN_PAYLOAD) --name pmu-strict --bios $(FW_DYNAMIC) \
			--cpu "$(PMU_STRICT_CPU)" --smp $(PMU_SMP) --icount \
			--timeout $(PMU_TIMEOUT) --log-dir $(PMU_LOGS) \
			$(if $(PMU_APPEND),--append "$(PMU_APPEND)") \
			$(PMU_PAYLOAD) -- -dtb $(PMU_STRICT_DTB) || rc=1; \
		results="$$results $(PMU_LOGS)/pmu-strict.result"; \
	fi; \
	$(TOP)/scripts/sum-results.sh pmu $$results; \
	exit $$rc

.PHONY: pmu-payload check-pmu
