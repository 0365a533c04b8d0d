# SPDX-License-Identifier: BSD-2-Clause
# Suite `pmu`: the SBI PMU conformance payload (tests/pmu/, on the payload
# library tests/payload/) booted on the project firmware under
# -icount shift=0, once per CPU model: without Sscofpmf, with Sscofpmf and
# Smcntrpmf, `max`, and QEMU's sifive-u54 (no mcountinhibit). The payload
# finds the features in the DT it gets (what cannot stop in bootargs).
#
#   make pmu-payload     build build/tests/pmu/pmu.elf
#   make check-pmu       run it on every model; ends with
#                        "pmu: N passed, N failed[, N skipped]"
#
# Runs (mk/runner.mk): one per CPU model; `strict` (empty PMU_STRICT_CPU:
# none) runs once more with the compatibility rules switched off in the DT
# (/chosen tally,pmu-compat = 0, docs/pmu.md): the machine of
# dts/qemu-virt-sscofpmf-2-strict.dts.
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
PMU_STRICT_CPU	?= rv64,sscofpmf=true,smcntrpmf=true
PMU_STRICT_DTB	:= $(BUILD)/dts/qemu-virt-sscofpmf-2-strict.dtb

RUN_ARGS.pmu	= --bios $(FW_DYNAMIC) --smp $(PMU_SMP) --icount \
		  --timeout $(PMU_TIMEOUT) $(if $(PMU_APPEND),--append "$(PMU_APPEND)") \
		  $(PMU_PAYLOAD)
RUN_DEPS.pmu	= $(PMU_PAYLOAD) $(FW_DYNAMIC) $(QEMU)
RUN_LOGS.pmu	= $(PMU_LOGS)
RUN.pmu.plain	= --cpu rv64
RUN.pmu.sscofpmf = --cpu rv64,sscofpmf=true,smcntrpmf=true
RUN.pmu.max	= --cpu max
# QEMU's sifive-u54 (privileged spec 1.10): no mcountinhibit, so cycle
# and instret are counters that cannot be stopped (tests/pmu/nostop.c)
RUN.pmu.u54	= --cpu sifive-u54 \
		  --append "$(PMU_APPEND) pmu.num=35 pmu.hw=0x5 pmu.nostop=0x5"
RUN.pmu.strict	= $(if $(PMU_STRICT_CPU),--cpu $(PMU_STRICT_CPU) -- -dtb $(PMU_STRICT_DTB))

CHECK_SUITES	+= pmu

pmu-payload: $(PMU_PAYLOAD) ## build the PMU conformance payload

check-pmu: ## PMU conformance on four CPU models and a strict DT (-icount shift=0)

.PHONY: pmu-payload
