# SPDX-License-Identifier: BSD-2-Clause
# Suite `sbi`: the SBI conformance payload (tests/sbi/, on the payload
# library tests/payload/) booted as the kernel on the project firmware,
# through fw_dynamic, through fw_jump, and through fw_dynamic on a CPU
# without Sstc, with SBI_SMP harts.
#
#   make sbi-payload     build build/tests/sbi/sbi.elf
#   make check-sbi       run it; ends with "sbi: N passed, N failed"
#
# Try another SBI implementation or QEMU:
#   make check-sbi QEMU=/usr/bin/qemu-system-riscv64 \
#	FW_DYNAMIC=.../fw_dynamic.bin FW_JUMP=.../fw_jump.bin
# SBI_APPEND is the payload's command line: "tally.test" turns on the
# firmware's test channel (the payload then also checks for unexpected
# M-mode traps and an unchanged firmware image); add "no-hazards" to skip
# the checks that hang a firmware which reads memory outside RAM on the
# payload's behalf (OpenSBI 1.5.1).

include $(TOP)/tests/payload/payload.mk
$(eval $(call payload_program,sbi,$(TOP)/tests/sbi))

SBI_PAYLOAD	:= $(sbi_PAYLOAD_ELF)
SBI_SMP		?= 4
SBI_CPU		?=
SBI_APPEND	?= tally.test
SBI_TIMEOUT	?= 120
SBI_LOGS	:= $(BUILD)/test-logs

CHECK_SUITES	+= sbi

# Runs (mk/runner.mk): fw_jump enters
# the payload at 0x80200000 as linked, and ends with an SRST shutdown whose
# 32-bit reset_type and reset_reason carry bits 63 and 32 (which must be
# ignored). The icount run is the same as the first under -icount shift=0,
# where timer latency is judged to 1 ms (tests/sbi/time.c) and the PMU
# overflow taken as an SSE event is counted (tests/sbi/sse.c). The no-Sstc
# run takes Sstc away so set_timer goes through the ACLINT machine timer,
# and ends with the legacy shutdown. The sparse runs boot
# dts/qemu-virt-sparse*.dts: QEMU's 8 harts of which the DT names 0, 2, 5
# and 7, each with its own ACLINT nodes (with Sstc, and without it so
# set_timer uses those mtimecmp registers).
SBI_NOSSTC_CPU	:= rv64,sscofpmf=true,smcntrpmf=true,sstc=false
# No Zicntr: S-mode rdtime traps and the firmware emulates it from mtime.
# No Sdtrig either (debug=false): DBTR must be absent ("no-triggers").
SBI_NOZICNTR_CPU := rv64,sscofpmf=true,smcntrpmf=true,zicntr=false,debug=false
# Every FWFT feature's hardware (Zicfilp, Zicfiss, Ssdbltrp, Smnpm, and
# Svade with Svadu so that A/D updating is switchable).
SBI_MAX_CPU	:= max,svade=true
SBI_SPARSE_CPU	:= rv64,sscofpmf=true,smcntrpmf=true

RUN_ARGS.sbi	= --bios $(FW_DYNAMIC) --smp $(SBI_SMP) --timeout $(SBI_TIMEOUT) \
		  $(if $(SBI_CPU),--cpu $(SBI_CPU)) --append "$(SBI_APPEND)" $(SBI_PAYLOAD)
RUN_DEPS.sbi	= $(SBI_PAYLOAD) $(FW_DYNAMIC) $(FW_JUMP) $(QEMU)
RUN_LOGS.sbi	= $(SBI_LOGS)
RUN.sbi.fw-dynamic		= --bios $(FW_DYNAMIC)
RUN.sbi.fw-jump			= --bios $(FW_JUMP) --append "$(SBI_APPEND) srst-high-bits"
RUN.sbi.fw-dynamic-icount	= --icount --append "$(SBI_APPEND) icount"
RUN.sbi.fw-dynamic-no-sstc	= --cpu $(SBI_NOSSTC_CPU) --append "$(SBI_APPEND) legacy-shutdown"
RUN.sbi.fw-dynamic-no-zicntr	= --cpu $(SBI_NOZICNTR_CPU) --append "$(SBI_APPEND) no-triggers"
RUN.sbi.fw-dynamic-max		= --cpu $(SBI_MAX_CPU)
RUN.sbi.sparse-harts		= --cpu $(SBI_SPARSE_CPU) --smp 8 -- -dtb $(BUILD)/dts/qemu-virt-sparse.dtb
RUN.sbi.sparse-harts-no-sstc	= --cpu $(SBI_NOSSTC_CPU) --smp 8 -- -dtb $(BUILD)/dts/qemu-virt-sparse-nosstc.dtb

sbi-payload: $(SBI_PAYLOAD) ## build the SBI conformance payload

check-sbi: ## SBI conformance: fw_dynamic, fw_jump, no-Sstc CPU, sparse hart ids

.PHONY: sbi-payload
