# SPDX-License-Identifier: BSD-2-Clause
# Suite `hostile`: a hostile supervisor (tests/hostile/, on the payload
# library tests/payload/) against the project firmware.
#
#   make hostile-payload    build build/tests/hostile/hostile.elf
#   make check-hostile      run the four parts; ends with
#                           "hostile: N passed, N failed[, N skipped]"
#
# Runs (mk/runner.mk):
#   storm          random and adversarial SBI calls on HOSTILE_SMP harts,
#                  HOSTILE_CALLS per hart (Sscofpmf, Smcntrpmf, Sstc, H)
#   storm-plain    a quarter as many on a CPU without Sstc (ACLINT timer
#                  path), Sscofpmf or Smcntrpmf
#   isolation-*    memory / counter / per-hart isolation under -icount
#                  shift=0, on a CPU with Sscofpmf+Smcntrpmf and on `max`,
#                  and with two sockets (a CLINT each, both kept from S-mode)
#   smp            HSM hot-plug and PMU stress on 32 harts
#   storm-deleg    the storm on `max` (without Zama16b, whose misaligned
#                  AMOs QEMU never traps) with hpmcounters 3..10 and PDIS
#                  delegated to S-mode (DT knobs, docs/delegation.md)
#   pdisbuf        the same CPU and DT with the PDIS memory buffer
#                  (x-pdis-mem): the buffer aimed at the firmware
#   sse            SSE races on the global event, a handler that never
#                  completes, nesting with the PMU overflow event, hotplug
#                  during delivery; HOSTILE_SMP harts under -icount shift=0
#                  (exact overflows)
#   sse-parallel   the same without icount, so the harts really run at
#                  once (HOSTILE_SSE_ROUNDS race rounds)
#
# Knobs: HOSTILE_CALLS (storm calls per hart, default 25000),
# HOSTILE_SEED (PRNG seed; the default is fixed so runs repeat),
# HOSTILE_LIVES (HSM starts in the SMP part), HOSTILE_SMP (storm harts),
# HOSTILE_SSE_ROUNDS (race rounds of sse-parallel; a quarter under icount),
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
HOSTILE_SSE_ROUNDS ?= 1000
HOSTILE_LOGS	?= $(BUILD)/test-logs
HOSTILE_APPEND	= tally.test hostile.calls=$(HOSTILE_CALLS) \
		  hostile.lives=$(HOSTILE_LIVES) \
		  $(if $(HOSTILE_SEED),hostile.seed=$(HOSTILE_SEED))
HOSTILE_SSCOF	:= rv64,sscofpmf=true,smcntrpmf=true
HOSTILE_PLAIN	:= rv64,sstc=false
HOSTILE_CALLS_PLAIN = $(shell echo $$(( $(HOSTILE_CALLS) / 4 + 1 )))
# (the first hostile.calls= in the bootargs wins; a dts/ DT must describe
# the run's cpu and smp)
RUN_ARGS.hostile = --bios $(FW_DYNAMIC) --timeout $(HOSTILE_TIMEOUT) \
		  $(HOSTILE_PAYLOAD)
RUN_DEPS.hostile = $(HOSTILE_PAYLOAD) $(FW_DYNAMIC) $(QEMU)
RUN_LOGS.hostile = $(HOSTILE_LOGS)
hostile_run	= --append "$(1) $(strip $(HOSTILE_APPEND))"
RUN.hostile.storm = --cpu $(HOSTILE_SSCOF) --smp $(HOSTILE_SMP) $(call hostile_run,hostile.storm)
RUN.hostile.storm-plain = --cpu $(HOSTILE_PLAIN) --smp $(HOSTILE_SMP) \
	$(call hostile_run,hostile.storm hostile.salt=0x91a1 hostile.calls=$(HOSTILE_CALLS_PLAIN))
RUN.hostile.isolation-sscofpmf = --cpu $(HOSTILE_SSCOF) --smp 2 --icount $(call hostile_run,hostile.isolation)
RUN.hostile.isolation-max = --cpu max --smp 2 --icount $(call hostile_run,hostile.isolation)
# two NUMA sockets, so QEMU virt has a CLINT each (0x2000000, 0x2010000):
# the second one's msip and mtimecmp must be M-mode's too
HOSTILE_SOCKETS	:= -object memory-backend-ram,id=m0,size=256M \
		   -object memory-backend-ram,id=m1,size=256M \
		   -numa node,memdev=m0,cpus=0 -numa node,memdev=m1,cpus=1
RUN.hostile.isolation-sockets = --cpu $(HOSTILE_SSCOF) --smp 2,sockets=2 --icount \
	$(call hostile_run,hostile.isolation hostile.other-aclints=1) \
	-- $(HOSTILE_SOCKETS)
RUN.hostile.smp = --cpu $(HOSTILE_SSCOF) --smp 32 $(call hostile_run,hostile.smp) \
	-- -dtb $(BUILD)/dts/qemu-virt-sscofpmf-32.dtb
RUN.hostile.storm-deleg = --cpu max,zama16b=false --smp 4 \
	$(call hostile_run,hostile.storm hostile.salt=0xde1e) \
	-- -dtb $(BUILD)/dts/qemu-virt-max-nozama16b-4-deleg.dtb
RUN.hostile.pdisbuf = --cpu max,zama16b=false,x-pdis-mem=true --smp 4 --icount \
	$(call hostile_run,hostile.pdisbuf) \
	-- -dtb $(BUILD)/dts/qemu-virt-max-nozama16b-4-deleg.dtb

# serial TCG under icount: a quarter of the race rounds
HOSTILE_SSE_ROUNDS_ICOUNT = $(shell echo $$(( $(HOSTILE_SSE_ROUNDS) / 4 + 1 )))
RUN.hostile.sse = --cpu $(HOSTILE_SSCOF) --smp $(HOSTILE_SMP) --icount \
	$(call hostile_run,hostile.sse icount hostile.sse-rounds=$(HOSTILE_SSE_ROUNDS_ICOUNT))
RUN.hostile.sse-parallel = --cpu $(HOSTILE_SSCOF) --smp $(HOSTILE_SMP) \
	$(call hostile_run,hostile.sse hostile.sse-rounds=$(HOSTILE_SSE_ROUNDS))

CHECK_SUITES	+= hostile

hostile-payload: $(HOSTILE_PAYLOAD) ## build the hostile-supervisor payload

check-hostile: ## hostile supervisor: storm, isolation, SMP stress, PDIS buffer, SSE

.PHONY: hostile-payload
