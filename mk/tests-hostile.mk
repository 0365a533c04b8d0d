# SPDX-License-Identifier: BSD-2-Clause
# Suite `hostile`: a hostile supervisor (tests/hostile/, on the payload
# library tests/payload/) against the project firmware.
#
#   make hostile-payload    build build/tests/hostile/hostile.elf
#   make check-hostile      run the four parts; ends with
#                           "hostile: N passed, N failed[, N skipped]"
#
# Runs (name:cpu:smp:icount:payload args, '+' between args):
#   storm          random and adversarial SBI calls on HOSTILE_SMP harts,
#                  HOSTILE_CALLS per hart (Sscofpmf, Smcntrpmf, Sstc, H)
#   storm-plain    a quarter as many on a CPU without Sstc (ACLINT timer
#                  path), Sscofpmf or Smcntrpmf
#   isolation-*    memory / counter / per-hart isolation under -icount
#                  shift=0, on a CPU with Sscofpmf+Smcntrpmf and on `max`
#   smp            HSM hot-plug and PMU stress on 32 harts
#   storm-deleg    the storm on `max` (without Zama16b, whose misaligned
#                  AMOs QEMU never traps) with hpmcounters 3..10 and PDIS
#                  delegated to S-mode (DT knobs, docs/delegation.md)
#   pdisbuf        the same CPU and DT with the PDIS memory buffer
#                  (x-pdis-mem): the buffer aimed at the firmware
#
# Knobs: HOSTILE_CALLS (storm calls per hart, default 25000),
# HOSTILE_SEED (PRNG seed; the default is fixed so runs repeat),
# HOSTILE_LIVES (HSM starts in the SMP part), HOSTILE_SMP (storm harts),
# HOSTILE_TIMEOUT (seconds per run). Longer runs on demand, e.g.
#   make check-hostile HOSTILE_CALLS=1000000 HOSTILE_TIMEOUT=3600

include $(TOP)/tests/payload/payload.mk
$(eval $(call payload_program,hostile,$(TOP)/tests/hostile))

HOSTILE_PAYLOAD	:= $(hostile_PAYLOAD_ELF)
HOSTILE_SMP	?= 4
HOSTILE_CALLS	?= 25000
HOSTILE_SEED	?=
HOSTILE_LIVES	?= 96
HOSTILE_TIMEOUT	?= 300
HOSTILE_LOGS	?= $(BUILD)/test-logs
HOSTILE_APPEND	= tally.test hostile.calls=$(HOSTILE_CALLS) \
		  hostile.lives=$(HOSTILE_LIVES) \
		  $(if $(HOSTILE_SEED),hostile.seed=$(HOSTILE_SEED))
HOSTILE_SSCOF	:= rv64,sscofpmf=true,smcntrpmf=true
HOSTILE_PLAIN	:= rv64,sstc=false
HOSTILE_CALLS_PLAIN = $(shell echo $$(( $(HOSTILE_CALLS) / 4 + 1 )))
# name:cpu:smp:icount(0/1):args[:dts] (cpu strings hold commas, not
# colons; the first hostile.calls= in the bootargs wins; a dts/ name boots
# that DT, which must describe the same cpu and smp)
HOSTILE_RUNS	= storm:$(HOSTILE_SSCOF):$(HOSTILE_SMP):0:hostile.storm \
		  storm-plain:$(HOSTILE_PLAIN):$(HOSTILE_SMP):0:hostile.storm+hostile.salt=0x91a1+hostile.calls=$(HOSTILE_CALLS_PLAIN) \
		  isolation-sscofpmf:$(HOSTILE_SSCOF):2:1:hostile.isolation \
		  isolation-max:max:2:1:hostile.isolation \
		  smp:$(HOSTILE_SSCOF):32:0:hostile.smp:qemu-virt-sscofpmf-32 \
		  storm-deleg:max,zama16b=false:4:0:hostile.storm+hostile.salt=0xde1e:qemu-virt-max-nozama16b-4-deleg \
		  pdisbuf:max,zama16b=false,x-pdis-mem=true:4:1:hostile.pdisbuf:qemu-virt-max-nozama16b-4-deleg
HOSTILE_DTBS	= $(foreach r,$(HOSTILE_RUNS),$(if $(word 6,$(subst :, ,$(r))),$(BUILD)/dts/$(word 6,$(subst :, ,$(r))).dtb))
RUN_PAYLOAD	:= $(TOP)/scripts/run-payload.sh

CHECK_SUITES	+= hostile

hostile-payload: $(HOSTILE_PAYLOAD) ## build the hostile-supervisor payload

check-hostile: $(HOSTILE_PAYLOAD) $(FW_DYNAMIC) $(QEMU) $(HOSTILE_DTBS) ## hostile supervisor: storm, isolation, SMP stress
	@rc=0; results=; \
	for run in $(HOSTILE_RUNS); do \
		IFS=: read -r n cpu smp ic part dts <<< "$$run"; n=hostile-$$n; \
		icount=; [ "$$ic" = 1 ] && icount=--icount; \
		part=$${part//+/ }; dtb=(); \
		[ -z "$$dts" ] || dtb=(-- -dtb $(BUILD)/dts/$$dts.dtb); \
		QEMU=$(QEMU) $(RUN_PAYLOAD) --name $$n --bios $(FW_DYNAMIC) \
			--cpu "$$cpu" --smp $$smp $$icount \
			--timeout $(HOSTILE_TIMEOUT) \
			--log-dir $(HOSTILE_LOGS) \
			--append "$$part $(strip $(HOSTILE_APPEND))" \
			$(HOSTILE_PAYLOAD) "$${dtb[@]}" || rc=1; \
		results="$$results $(HOSTILE_LOGS)/$$n.result"; \
	done; \
	$(TOP)/scripts/sum-results.sh hostile $$results; \
	exit $$rc

.PHONY: hostile-payload check-hostile
