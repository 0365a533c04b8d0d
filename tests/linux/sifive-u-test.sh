#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# A second machine (suite `linux`): Linux 7.2 on QEMU sifive_u -smp 5,
# with the DT QEMU generates. Hart 0 is the E51 monitor core (no S-mode,
# no MMU: no mmu-type in its cpu node); harts 1-4 are U54s. The firmware
# boots on a U54, leaves hart 0 parked (its cpu node disabled for Linux),
# serves harts 1-4, and talks on the SiFive UART (sifive,uart0), which
# Linux then takes over as ttySIF0 (400 lines of user-space output must
# arrive intact: QEMU patch 0013).
#
# PMU: QEMU's sifive-u54 model is a privileged-spec 1.10 hart: its
# hpmcounters exist but mcountinhibit does not, so no counter can be
# stopped. The PMU core serves cycle and instret as counters that never
# stop (docs/pmu.md) and the 32 firmware counters after them: perf stat
# counts cycles and instructions (Linux reads deltas), cycles:u is
# "<not supported>" (without Sscofpmf the kernel refuses exclude flags),
# and SBI firmware events (SET_TIMER) count.
#
# sifive_u has no power-off device: the guest ends with an SRST reboot
# (gpio-restart), which ends QEMU (-no-reboot).
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-300}
. "$TOP/tests/linux/lib.sh"

# check-opensbi boots OpenSBI's generic platform, built for virt
# (platform/opensbi/configs/defconfig): no SiFive UART, no gpio-restart,
# no FU540 hart 0 handling, so it would run silent and never end.
if opensbi_firmware; then
	skip "Linux on sifive_u" "OpenSBI firmware: the drop-in's defconfig has no SiFive UART and no gpio-restart driver, the run could neither print nor end"
	summary
	exit
fi

run_guest sifive-u "$BOARD_GUEST" --machine sifive_u --smp 5 --icount
printf '%s\n' "$LOG_TEXT" | grep -E '^T:(online|harts|mmu|console)' | sed 's/^/  /'

# the firmware
check "firmware banner on the SiFive UART" has '^Platform +: SiFive HiFive Unleashed A00$'
check "firmware serves harts 1-4 (banner)" \
	has '^Harts +: 4 \(ids 0x1,0x2,0x3,0x4, [0-9]+ KiB each\)$'
check "firmware parks hart 0, which has no S-mode" \
	has '^tally: 1 DT harts have no S-mode \(no mmu-type\): parked, not served$'
check "firmware PMU: cycle and instret never stopped (no mcountinhibit), 32 firmware" \
	has '^PMU counters +: 2 hardware \(64-64 bits, mask 0x5, never stopped: no mcountinhibit\), 32 firmware$'
check "SRST present (gpio-restart)" has '^SBI extensions +:.* SRST'
# Linux
check "the kernel brought up 4 harts" has 'smp: Brought up 1 node, 4 CPUs$'
check "CPUs 0-3 online" has '^T:online 0-3$'
check "they are harts 1-4" has '^T:harts 1 2 3 4 $'
check "every online hart has an MMU (sv39)" has '^T:mmu sv39 $'
check "console on the SiFive UART (ttySIF0)" has '^T:console ttySIF0 $'
# a burst of user-space output through the tty: nothing lost or garbled
check "400 lines of tty output arrive intact and in order" seq_intact
check "riscv-pmu-sbi: 32 firmware and 2 hardware counters" \
	has '^T:dmesg .*riscv-pmu-sbi: 32 firmware and 2 hardware counters$'
board_counts ""
check "perf stat: cycles:u not supported (no Sscofpmf: no exclude flags)" \
	has '^T:hwu <not supported>,,cycles:u,'
check "perf stat -a: SBI SET_TIMER firmware event counted ($(perf_value r8000000000000005 'T:fw '))" \
	positive "$(perf_value r8000000000000005 'T:fw ')"
check "no hart failed to start" hasnt "failed to start|CPU[0-9]+: failed to come online"
check "guest finished and QEMU ended by the SRST reboot" \
	eval 'has "^tally-init: exit status 0$" && has "^tally-init: reboot$" && [ "$qemu_rc" = 0 ]'
summary
