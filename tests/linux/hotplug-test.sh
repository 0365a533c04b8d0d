#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# perf across hart hotplug (suite `linux`), `-icount shift=0`, snapshot on,
# on the patched and on the stock kernel. Hart 1 goes offline (SBI HSM
# HART_STOP) and online again (HART_START) twice:
#   - while it is offline, perf stat -a works on the other harts;
#   - after it is back, counting on it is exact again (instructions:u of
#     tally-loop N as on hart 2, which never went away) and sampling gives
#     exactly count / period samples (perf and the workload pinned to the
#     hart). Stock Linux (6.12, 7.2) does not register its snapshot memory again
#     when the hart comes back (docs/linux-patches.md, 0003) and keeps
#     using it; the firmware re-arms the memory it had before the stop
#     (docs/pmu.md, compatibility rules), so the stock kernel must give
#     the same counts and samples as the patched one. Without that rule
#     every stop fails ("Stopping counter idx N failed"), perf stat reads
#     2^63 and perf record gets nothing;
#   - the kernel logs no PMU error.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-300}
. "$TOP/tests/linux/lib.sh"

N=1003532 PERIOD=20000
CPU1=/sys/devices/system/cpu/cpu1/online

guest="
ON=2
stat ref -e instructions:u tally-loop $N
for round in 1 2; do
	ON=
	echo 0 >$CPU1
	echo \"T:off\$round \$(cat /sys/devices/system/cpu/online)\"
	stat a\$round -a -e cycles,instructions sleep 0.1
	echo 1 >$CPU1
	echo \"T:on\$round \$(cat /sys/devices/system/cpu/online)\"
	ON=1
	stat c\$round -e instructions:u tally-loop $N
	sampled \$round -e instructions:u -c $PERIOD tally-loop $N
done
dmesg | grep -e riscv-pmu -e CPU1 | sed 's/^/T:dmesg /'
"

# check_boot WHAT: the checks of one boot; sets rec1 and rec2 (samples).
check_boot() {
	local what=$1 ref a c s r want
	printf '%s\n' "$LOG_TEXT" | grep '^T:' | sed 's/^/  /'
	ref=$(perf_value instructions:u "T:ref ")
	want=$(( ${ref:-0} / PERIOD ))
	for r in 1 2; do
		check "$what, round $r: hart 1 offline (online = 0,2-3)" has "^T:off$r 0,2-3$"
		a=$(perf_value instructions "T:a$r ")
		check "$what, round $r: perf stat -a while hart 1 is offline (${a:-none})" positive "$a"
		check "$what, round $r: hart 1 back (online = 0-3)" has "^T:on$r 0-3$"
		c=$(perf_value instructions:u "T:c$r ")
		check "$what, round $r: instructions:u on hart 1 after hotplug: ${c:-none}, as on hart 2: ${ref:-none} (exactly)" \
			eval 'positive "$ref" && between "$ref" $((2 * N)) $((2 * N + 100000)) && same "$c" "$ref"'
		s=$(sed -n "s/^T:rec $r 0 //p" <<<"$LOG_TEXT")
		check "$what, round $r: perf record on hart 1 after hotplug: ${s:-none} samples, exactly $want" \
			eval '[ "$want" -gt 50 ] && same "$s" "$want"'
		eval "rec$r=\${s:-none}"
	done
	check "$what: no PMU error in the kernel log" hasnt '^T:dmesg .*riscv-pmu-sbi: .*(fail|error)'
	check_poweroff
}

run_guest hotplug "$guest" --icount
check_boot "patched kernel"
ref1=$rec1 ref2=$rec2

run_stock hotplug-stock "$guest" --icount
check_boot "stock kernel"
check "stock kernel: the samples after hotplug as on the patched kernel ($rec1, $rec2 vs $ref1, $ref2)" \
	eval 'same "$rec1" "$ref1" && same "$rec2" "$ref2"'

summary
