#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# perf across hart hotplug (suite `linux`), `-icount shift=0`, snapshot on.
# Hart 1 goes offline (SBI HSM HART_STOP) and online again (HART_START)
# twice:
#   - while it is offline, perf stat -a works on the other harts;
#   - after it is back, counting on it is exact again (instructions:u of
#     tally-loop 10^6 as on hart 2, which never went away) and sampling gives
#     >= 80 % of the predicted samples. Unpatched Linux 6.12 keeps using
#     the snapshot memory it no longer registers with the firmware: every
#     stop fails ("Stopping counter idx N failed"), perf stat reads 2^63
#     and perf record gets nothing (fixed by linux/patches/0003);
#   - the kernel logs no PMU error.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-300}
. "$TOP/tests/linux/lib.sh"

N=1000000 PERIOD=20000
CPU1=/sys/devices/system/cpu/cpu1/online

guest="
stat ref -e instructions:u taskset -c 2 tally-loop $N
for round in 1 2; do
	echo 0 >$CPU1
	echo \"T:off\$round \$(cat /sys/devices/system/cpu/online)\"
	stat a\$round -a -e cycles,instructions sleep 0.1
	echo 1 >$CPU1
	echo \"T:on\$round \$(cat /sys/devices/system/cpu/online)\"
	stat c\$round -e instructions:u taskset -c 1 tally-loop $N
	P record -o /tmp/r.data -e instructions:u -c $PERIOD taskset -c 1 tally-loop $N >/dev/null 2>&1
	echo \"T:rec\$round \$? \$(samples /tmp/r.data)\"
done
dmesg | grep -e riscv-pmu -e CPU1 | sed 's/^/T:dmesg /'
"

run_guest hotplug "$guest" --icount
printf '%s\n' "$LOG_TEXT" | grep '^T:' | sed 's/^/  /'

ref=$(perf_value instructions:u "T:ref ")
for r in 1 2; do
	check "round $r: hart 1 offline (online = 0,2-3)" has "^T:off$r 0,2-3$"
	a=$(perf_value instructions "T:a$r ")
	check "round $r: perf stat -a while hart 1 is offline (${a:-none})" positive "$a"
	check "round $r: hart 1 back (online = 0-3)" has "^T:on$r 0-3$"
	c=$(perf_value instructions:u "T:c$r ")
	check "round $r: instructions:u on hart 1 after hotplug: ${c:-none}, as on hart 2: ${ref:-none} (0.1 %)" \
		eval 'positive "$ref" && between "$ref" $((2 * N)) $((3 * N)) &&
			near "$c" "$ref" $((ref / 1000)) $((ref / 1000))'
	s=$(sed -n "s/^T:rec$r 0 //p" <<<"$LOG_TEXT")
	want=$(( ${ref:-0} / PERIOD ))
	check "round $r: perf record on hart 1 after hotplug: ${s:-none} samples, >= 80 % of $want" \
		eval '[ "$want" -gt 50 ] && between "$s" $((want * 4 / 5)) $((want + 2))'
done
check "no PMU error in the kernel log" hasnt '^T:dmesg .*riscv-pmu-sbi: .*(fail|error)'
check_poweroff

summary
