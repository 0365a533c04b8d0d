#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Debian's kernel and perf on 4 harts (suite `debian`), `-icount shift=0`:
# perf stat -a on every hart, and perf across CPU hotplug: hart 1 goes
# offline (SBI HSM HART_STOP) and online again (HART_START) between
# recordings, twice; after each return a recording pinned to hart 1
# (taskset -c 1, as users type it) gives its samples, and counting there
# is exact again.
# On the project's QEMU, whose counters count each hart's own
# instructions, counts and samples are exact. Debian's QEMU counts
# instructions from one clock shared by all harts under icount (other
# harts' instructions land in the counter too): there the recording must
# work and give no fewer samples than any of Debian's OpenSBI builds (1.5.1,
# the host's; sid's 1.9: lib.sh) less one, and no more than count / period.
# Debian's QEMU also keeps a remainder from a counting start (a 2^63
# period) on the counter and spends that counter's next overflow on it
# (irq_overflow_left, qemu/patches/0005 has the story): whether the
# recording after a count gets samples then hangs on whether the event
# happens to be scheduled in again, on any firmware. A short recording
# before the checked one takes that overflow, so each round judges the
# firmware, not the coin.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-400}
. "$TOP/tests/linux/lib.sh"
. "$TOP/tests/debian/lib.sh"

N=25000000 PERIOD=1000000
CPU1=/sys/devices/system/cpu/cpu1/online

guest="
stat all -a --per-core -e instructions,cycles sleep 0.2
for round in 1 2; do
	echo 0 >$CPU1
	echo \"T:off\$round \$(cat /sys/devices/system/cpu/online)\"
	stat a\$round -a -e cycles,instructions sleep 0.1
	echo 1 >$CPU1
	echo \"T:on\$round \$(cat /sys/devices/system/cpu/online)\"
	taskset -c 1 perf stat -x, -e instructions:u tally-loop $N 2>&1 >/dev/null | sed \"s/^/T:c\$round /\"
	taskset -c 1 perf record -o /tmp/p.data -e instructions:u -c 1000 tally-loop 100000 >/dev/null 2>&1
	taskset -c 1 perf record -o /tmp/r.data -e instructions:u -c $PERIOD tally-loop $N >/dev/null 2>&1
	echo \"T:rec \$round \$? \$(samples /tmp/r.data)\"
done
dmesg | grep -c 'interrupt took too long' | sed 's/^/T:slow /'
dmesg | grep -e riscv-pmu -e CPU1 | sed 's/^/T:dmesg /'
"

# per_core: the harts perf stat -a --per-core counted instructions on
per_core() {
	grep -cE '^T:all S0-D0-C[0-9]+,1,[1-9][0-9]*,,instructions' <<<"$LOG_TEXT"
}

# reference TAG FW NAME: the 4-hart guest on that firmware; its samples
# per round into os1, os2, the best of them into o1, o2
reference() {
	local n1 n2
	boot "smp-$qn-$1" "$qemu" "$2" "$guest" --icount --smp 4
	check "$qn, $3: the guest finished" [ "$qemu_rc" = 0 ]
	n1=$(rec 1 | cut -d' ' -f2) n2=$(rec 2 | cut -d' ' -f2)
	os1="$os1; $3 ${n1:-none}" os2="$os2; $3 ${n2:-none}"
	[[ $n1 =~ ^[0-9]+$ ]] && [ "$n1" -gt "$o1" ] && o1=$n1
	[[ $n2 =~ ^[0-9]+$ ]] && [ "$n2" -gt "$o2" ] && o2=$n2
	return 0
}

for q in $(qemus); do
	qn=${q%%=*} qemu=${q#*=}
	if [ ! -x "$qemu" ]; then
		skip "$qn: perf on 4 harts" "no $qemu"
		continue
	fi
	# each reference firmware's samples per round: o1, o2 hold the best
	# of them, os1, os2 what each got
	o1=0 o2=0 os1= os2=
	each_reference reference "$qn: "

	boot "smp-$qn" "$qemu" "$TALLY_FW" "$guest" --icount --smp 4
	printf '%s\n' "$LOG_TEXT" | grep -E '^T:(all|off|on|a[0-9]|c[0-9]|rec|slow)' | sed 's/^/  /'
	n=$(per_core)
	check "$qn: perf stat -a --per-core counted instructions on all 4 harts ($n)" [ "$n" = 4 ]
	for r in 1 2; do
		check "$qn, round $r: hart 1 offline (online = 0,2-3)" has "^T:off$r 0,2-3$"
		a=$(perf_value instructions "T:a$r ")
		check "$qn, round $r: perf stat -a while hart 1 is offline (${a:-none})" positive "$a"
		check "$qn, round $r: hart 1 back (online = 0-3)" has "^T:on$r 0-3$"
		c=$(perf_value instructions:u "T:c$r ")
		s=$(rec $r) o=$o1 os=$os1
		[ $r = 2 ] && o=$o2 os=$os2
		if [ "$qn" = project-qemu ]; then
			want=$(( ${c:-0} / PERIOD ))
			check "$qn, round $r: instructions:u on hart 1 after hotplug is exact (${c:-none} = 2N + at most 20000)" \
				eval 'near "$c" $((2 * N)) 0 20000'
			check "$qn, round $r: taskset -c 1 perf record: exactly $want samples (${s#* }$os)" \
				eval '[ "${s% *}" = 0 ] && same "${s#* }" "$want"'
		else
			check "$qn, round $r: instructions:u on hart 1 after hotplug counted (${c:-none})" \
				positive "$c"
			# one clock for all harts: a sample per PERIOD of it, at
			# most one fewer than the best OpenSBI's on the same sequence
			want=$(( ${c:-0} / PERIOD )) low=$(( o - 1 ))
			[ "$low" -ge 1 ] 2>/dev/null || low=1
			check "$qn, round $r: taskset -c 1 perf record: ${s#* } samples, $low to count / period = $want (${os#; })" \
				eval '[ "${s% *}" = 0 ] && between "${s#* }" "$low" "$want"'
		fi
	done
	check "$qn: no PMU error in the kernel log" hasnt '^T:dmesg .*riscv-pmu-sbi: .*(fail|error)'
	check_poweroff
done

summary
