#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Two more boards (suite `linux`), each brought up through the firmware's
# driver model (docs/porting.md), Linux (the project's 7.2) and perf stat on each:
#
# - QEMU spike: no UART; HTIF (ucb,htif0, lib/utils/serial/htif.c) is the
#   firmware's console and power-off. Linux's console is hvc0 over SBI
#   DBCN; the CPU has Sscofpmf and Smcntrpmf as on virt, so perf stat
#   counts cycles and instructions on hardware counters. The guest ends
#   with an SRST shutdown through HTIF, which ends QEMU.
# - QEMU microchip-icicle-kit (PolarFire SoC), booted with the board's DT
#   from the kernel's tree (linux-source-7.2): hart 0 is the E51 monitor core (its cpu node
#   disabled in that DT), harts 1-4 are U54s; the console is MMUART1, a
#   16550 with reg-shift 2 and 32-bit registers (uart8250.c). Linux's
#   console is hvc0 over DBCN (the MMUART's Linux driver needs the
#   PolarFire clock driver). QEMU's sifive-u54 has no mcountinhibit: the
#   firmware serves cycle and instret as counters that never stop
#   (docs/pmu.md), perf stat counts cycles and instructions with them,
#   cycles:u is "<not supported>" (no Sscofpmf: the kernel refuses any
#   exclude flag), firmware events count. QEMU models no reset device on
#   this board: SRST is absent, and the kernel's halt after power-off ends
#   the run (scripts/run-linux.sh stops QEMU there).
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-300}
. "$TOP/tests/linux/lib.sh"

# check-opensbi boots OpenSBI's generic platform built for virt
# (platform/opensbi/configs/defconfig): no HTIF driver.
if opensbi_firmware; then
	skip "Linux on spike and microchip-icicle-kit" "OpenSBI firmware: the drop-in's defconfig has no HTIF driver"
	summary
	exit
fi

run_guest spike "$BOARD_GUEST" --machine spike --smp 4 --icount
printf '%s\n' "$LOG_TEXT" | grep -E '^T:(online|harts|console)' | sed 's/^/  spike /'
check "spike: firmware banner on the HTIF console" has '^Platform +: ucbbar,spike-bare,qemu$'
check "spike: firmware serves harts 0-3" has '^Harts +: 4 \(ids 0-3, '
check "spike: SRST (HTIF power-off) and DBCN (HTIF console)" \
	has '^SBI extensions +:.* SRST .*DBCN|^SBI extensions +:.* DBCN .*SRST'
check "spike: the kernel brought up 4 harts" has 'smp: Brought up 1 node, 4 CPUs$'
check "spike: console hvc0 (SBI DBCN through HTIF)" has '^T:console hvc0 $'
check "spike: 400 lines of tty output arrive intact and in order" seq_intact
board_counts "spike: "
check "spike: perf stat cycles:u counted (Sscofpmf) ($(perf_value cycles:u 'T:hwu '))" \
	positive "$(perf_value cycles:u 'T:hwu ')"
check "spike: perf stat -a SBI SET_TIMER firmware event ($(perf_value r8000000000000005 'T:fw '))" \
	positive "$(perf_value r8000000000000005 'T:fw ')"
check "spike: guest powered off through HTIF, QEMU exited 0" \
	eval 'has "^tally-init: exit status 0$" && has "^tally-init: poweroff$" && [ "$qemu_rc" = 0 ]'

run_guest icicle "$BOARD_GUEST" --machine microchip-icicle-kit --smp 5 --icount
printf '%s\n' "$LOG_TEXT" | grep -E '^T:(online|harts|console)' | sed 's/^/  icicle /'
check "icicle: firmware banner on MMUART1 (reg-shift 2)" \
	has '^Platform +: Microchip PolarFire-SoC Icicle Kit$'
check "icicle: firmware serves the U54s, harts 1-4" \
	has '^Harts +: 4 \(ids 0x1,0x2,0x3,0x4, [0-9]+ KiB each\)$'
check "icicle: cycle and instret never stopped (no mcountinhibit), 32 firmware" \
	has '^PMU counters +: 2 hardware \(64-64 bits, mask 0x5, never stopped: no mcountinhibit\), 32 firmware$'
check "icicle: SRST absent (QEMU models no reset device)" \
	eval 'has "^SBI extensions +:" && hasnt "^SBI extensions +:.* SRST"'
check "icicle: the kernel brought up 4 harts" has 'smp: Brought up 1 node, 4 CPUs$'
check "icicle: they are harts 1-4" has '^T:harts 1 2 3 4 $'
check "icicle: console hvc0 (SBI DBCN through the MMUART)" has '^T:console hvc0 $'
check "icicle: 400 lines of tty output arrive intact and in order" seq_intact
check "icicle: riscv-pmu-sbi: 32 firmware and 2 hardware counters" \
	has '^T:dmesg .*riscv-pmu-sbi: 32 firmware and 2 hardware counters$'
board_counts "icicle: "
check "icicle: perf stat cycles:u not supported (no Sscofpmf: no exclude flags)" \
	has '^T:hwu <not supported>,,cycles:u,'
check "icicle: perf stat -a SBI SET_TIMER firmware event ($(perf_value r8000000000000005 'T:fw '))" \
	positive "$(perf_value r8000000000000005 'T:fw ')"
check "icicle: no hart failed to start" hasnt "failed to start|CPU[0-9]+: failed to come online"
check "icicle: guest finished, the kernel halted after power-off" \
	eval 'has "^tally-init: exit status 0$" && has "reboot: (Power down|Power off not available)" && [ "$qemu_rc" = 0 ]'
summary
