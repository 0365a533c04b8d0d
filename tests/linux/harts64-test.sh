#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Many harts (suite `linux`): Linux 7.2 on QEMU virt with 64 harts,
# booted from dts/qemu-virt-sscofpmf-64.dts. The firmware serves all 64
# (its per-hart state is sized at boot from the DT), every hart comes
# online through SBI HSM, a remote fence and an IPI reach them all (perf
# stat -a counts on all 64), and the machine powers off.
#
# Under -icount shift=0,sleep=off: guest time follows the instructions the
# harts execute (one host thread runs them in turn) and an idle machine
# jumps to its next timer, so nothing here depends on how busy the host
# is. Without it guest time is host time, and 64 vCPU threads on a
# 2-core host starve: waiters on a ticket spinlock (the scheduler's
# runqueue lock, taken by every hart's load balancing) spin through
# their host time slices while the next ticket holder waits for one, so
# on a busy host Linux reported RCU stalls and never powered off. Under
# icount such a stall can only be the guest's or the firmware's own (e.g.
# a lost IPI), and it is checked for. The one clock left, BOOT_TIMEOUT, is
# a budget of QEMU's CPU time (scripts/qemu-run.sh), which the one busy
# icount thread spends in step with guest progress, not wall time: a busy
# host makes the run longer, never failed; a hung guest still spins
# through it and fails.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-600}
. "$TOP/tests/linux/lib.sh"

HARTS=64
DTB=${HARTS64_DTB:-$BUILD/dts/qemu-virt-sscofpmf-64.dtb}

guest='
echo "T:online $(cat /sys/devices/system/cpu/online)"
echo "T:nproc $(nproc)"
stat all -a --per-core -e instructions sleep 0.2
'

[ -f "$DTB" ] || "$TOP/scripts/dts-build.sh" "$TOP/dts/qemu-virt-sscofpmf-64.dts" "$DTB"
extra=(--qemu-arg -icount --qemu-arg shift=0,sleep=off)
for a in ${HARTS64_QEMU_ARGS:-}; do extra+=(--qemu-arg "$a"); done
run_guest harts64 "$guest" --smp $HARTS --dtb "$DTB" "${extra[@]}"
printf '%s\n' "$LOG_TEXT" | grep -E '^T:(online|nproc)' | sed 's/^/  /'

if grep -q '^OpenSBI v' <<<"$LOG_TEXT"; then	# check-opensbi
	check "OpenSBI serves $HARTS harts (banner)" \
		has "^Platform HART Count +: $HARTS$"
else
	check "firmware serves $HARTS harts (banner)" \
		has "^Harts +: $HARTS \(ids 0-$((HARTS - 1)),"
fi
check "the kernel brought up all $HARTS harts" has "smp: Brought up 1 node, $HARTS CPUs$"
check "all $HARTS harts online (0-$((HARTS - 1)))" has "^T:online 0-$((HARTS - 1))$"
check "nproc is $HARTS" has "^T:nproc $HARTS$"
# perf stat -a --per-core: one line per hart that counted
counted=$(grep -cE '^T:all S0-D0-C[0-9]+,1,[0-9]+,,instructions' <<<"$LOG_TEXT")
check "perf stat -a counted instructions on all $HARTS harts (${counted:-0})" \
	[ "${counted:-0}" = $HARTS ]
check "no hart failed to start" hasnt "failed to start|CPU[0-9]+: failed to come online"
check "no RCU stall, starved RCU kthread or soft lockup" \
	hasnt "rcu: INFO: .* detected stalls|rcu: .* kthread starved|soft lockup"
check_poweroff
summary
