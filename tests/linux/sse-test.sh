#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Sampling over SBI SSE (suite `linux`, linux/patches/0030-..., docs/linux.md
# "Sampling over SSE"), under `-icount shift=0`. The kernel's test_irqoff
# workload (/sys/kernel/debug/test_irqoff/run) runs two identical loops,
# test_irqoff_spin_off() with interrupts disabled and test_irqoff_spin_on()
# with them enabled, $OFF and $ON iterations, $ROUNDS times: the share of
# their instructions that run with interrupts disabled is
# OFF / (OFF + ON). perf record -e instructions -c $PERIOD samples it,
# pinned to hart 1. Boots:
#   - sse: the PMU driver takes overflows over the SSE local PMU overflow
#     event (dmesg says so); the samples in the two loops split as their
#     instructions do, within 2 points, and there are as many as their
#     instructions give (see check_boot); the same once more after hart 1
#     went offline and came back (the SSE event registered again); and
#     perf record of dd bs=1 (a system call per byte) gets samples in the
#     kernel's trap entry and exit (handle_exception, ret_from_exception),
#     which run with interrupts disabled: the event interrupted them and
#     the kernel went on; and after a system suspend to RAM (SBI SUSP,
#     busybox's rtcwake: the RTC's alarm, linux/patches/0037, ends it), the
#     loops' checks again on hart 1, which went offline and came back, and
#     on hart 0, which suspended (the client masks the events over CPU PM
#     and registers again any the firmware lost);
#   - registrations lost: Tally's test image told to forget the hart's
#     SSE registrations over a non-retentive suspend
#     (tally,suspend-forget-sse): the system suspend only; the client
#     registers the PMU event again on hart 0 (dmesg, once), and the
#     loops' checks on harts 0 and 1 after it;
#   - opensbi-1.9: the sse boot's checks on Debian sid's OpenSBI 1.9,
#     whose suspend is to idle (it offers no SUSP on QEMU virt);
#   - opensbi-1.5.1: Debian's OpenSBI 1.5.1 has no SBI v3.0 SSE: the
#     lcofi boot's checks;
#   - lcofi: riscv_pmu_sbi.sse=0, the LCOFI interrupt (dmesg says so): the
#     irq-off loop gets (about) no sample, at most 2 % of them: its periods
#     are lost but one per irq-off window, whose sample lands after
#     local_irq_enable(); the irq-on loop gets its share; no sample in the
#     trap entry or exit.
# Both boots: perf stat counts the same loop instructions, and the kernel
# logs no warning, oops or PMU error. The sse and OpenSBI boots run the
# client's KUnit suite riscv_sse at boot (kunit.enable=1, linux/patches/
# 0039): every case passes with SSE (local and global software events,
# a global event's target CPU offline), and is skipped on OpenSBI 1.5.1.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-400}
. "$TOP/tests/linux/lib.sh"

# The kernel must have SSE (linux/patches/0030-..., Linux 7.2)
KERNEL=${KERNEL:-$BUILD/linux/Image}
if ! sse_kernel; then
	skip "sampling over SSE" "kernel without CONFIG_RISCV_SBI_SSE ($KERNEL)"
	summary
	exit
fi
export KERNEL

OFF=200000 ON=200000 ROUNDS=20 PERIOD=10007
RUN=/sys/kernel/debug/test_irqoff/run
CPU1=/sys/devices/system/cpu/cpu1/online

# the guest's set-up: perf stat of the loops, rec TAG: a perf record of
# them as "T:rec TAG <status>" and "T:sym TAG <samples> <symbol>" lines
head="
mount -t debugfs debugfs /sys/kernel/debug
echo 100000 >/proc/sys/kernel/perf_event_max_sample_rate
echo 0 >/proc/sys/kernel/perf_cpu_time_max_percent
dmesg | grep -e riscv-pmu -e 'sse:' | sed 's/^/T:dmesg /'
dmesg | grep -E 'riscv_sse|ok [0-9]+ sse_test_|EXPECTATION' | sed 's/^/T:kunit /'
ON=1
P stat -x, -e instructions -- sh -c 'echo $OFF $ON $ROUNDS >$RUN' 2>&1 >/dev/null |
	sed 's/^/T:stat /'
rec() {
	P record -o /tmp/\$1.data -e instructions -c $PERIOD -- \
		sh -c 'echo $OFF $ON $ROUNDS >$RUN' >/tmp/rec.out 2>&1
	echo \"T:rec \$1 \$?\"
	P script -i /tmp/\$1.data -F ip,sym 2>/dev/null | awk '{ print \$2 }' |
		sort | uniq -c | sed \"s/^ */T:sym \$1 /\"
}
"
# The RTC's alarm follows host time, the guest's icount time: with 2 s a
# loaded host once let the alarm fire while the kernel was still taking
# the harts down, and the suspend was aborted (EBUSY, a wakeup pending).
suspend="
rtcwake -m mem -s 10 >/dev/null
echo \"T:suspend \$? \$(cat /sys/power/mem_sleep) \$(cat /sys/power/suspend_stats/success) \$(cat /sys/devices/system/cpu/online)\"
rec suspend
ON=0
rec suspend0
ON=1
"
bad="
dmesg | grep -i -e 'warning:' -e 'oops' -e 'bug:' -e 'riscv-pmu.*fail' |
	sed 's/^/T:bad /'
"
guest="$head
rec boot
echo 0 >$CPU1
echo 1 >$CPU1
echo \"T:online \$(cat /sys/devices/system/cpu/online)\"
rec hotplug
$suspend
P record -o /tmp/trap.data -e instructions -c 1009 -- \
	dd if=/dev/zero of=/dev/null bs=1 count=5000 >/dev/null 2>&1
echo \"T:rec trap \$?\"
P script -i /tmp/trap.data -F ip,sym 2>/dev/null | awk '{ print \$2 }' |
	sort | uniq -c | sed 's/^ */T:sym trap /'
$bad"

# samples_in TAG SYM: the samples of record TAG of the last boot in SYM.
samples_in() {
	awk -v t="$1" -v s="$2" '$1 == "T:sym" && $2 == t && $4 == s { n += $3 }
		END { print n + 0 }' <<<"$LOG_TEXT"
}

# permille A B: 1000 * A / (A + B), rounded ("none" if A + B is 0).
permille() {
	[ $(($1 + $2)) -gt 0 ] && echo $(((2000 * $1 / ($1 + $2) + 1) / 2)) || echo none
}

# pc PERMILLE: as a percentage with one decimal.
pc() { [[ $1 =~ ^[0-9]+$ ]] && echo "$(($1 / 10)).$(($1 % 10))" || echo "$1"; }

# check_suspend WHAT: the suspend of the last boot, woken by the RTC's
# alarm, with every hart back online, in mode $SUSPEND: deep (to RAM, SBI
# SUSP: Tally) or s2idle (to idle: a firmware without SUSP).
check_suspend() {
	local want='s2idle \[deep\]'
	[ "$SUSPEND" = s2idle ] && want='\[s2idle\]'
	check "$1, suspend: rtcwake -m mem succeeded, mem_sleep $SUSPEND, 1 suspend, harts 0-3 online" \
		has "^T:suspend 0 $want 1 0-3\$"
	check "$1, suspend: the kernel suspended ($SUSPEND)" \
		has "PM: suspend entry \\($SUSPEND\\)"
}

# show_boot: the lines of the last boot that the checks read.
show_boot() {
	printf '%s\n' "$LOG_TEXT" | grep -e '^T:dmesg' -e '^T:rec' -e '^T:bad' \
		-e '^T:stat' -e '^T:lost' -e '^T:kunit' -e 'T:sym .* test_irqoff' |
		sed 's/^/  /'
}

# check_kunit WHAT pass|skip: the client's KUnit suite riscv_sse
# (linux/patches/0039, kunit.enable=1) ran at boot, each of its cases
# passed (a firmware with SSE) or was skipped (one without).
check_kunit() {
	local want='pass:([0-9]+) fail:0 skip:0 total:\1'
	[ "$2" = skip ] && want='pass:0 fail:0 skip:([0-9]+) total:\1'
	check "$1: KUnit riscv_sse: $2 (local event on every hart and with interrupts off, global event on each target, across hotplug)" \
		eval 'has "^T:kunit .*# riscv_sse: $want\$" &&
			[ "$(grep -cE "^T:kunit .* ok [0-9]+ sse_test_" <<<"$LOG_TEXT")" -ge 3 ]'
}

# check_recs WHAT PATH MIN% MAX% TAG...: the records TAG... of the last
# boot, whose overflows take PATH (sse or lcofi) and whose irq-off share
# of the samples of the two loops is MIN% to MAX%.
check_recs() {
	local what=$1 path=$2 lo=$3 hi=$4 off on share n loop got t
	shift 4
	# Samples in the loops: each period of PERIOD instructions holds the
	# loops' instructions and the handler's own until it stops the counter
	# (the entry: some 700 over SSE, 1200 over the LCOFI, measured), so
	# between loop / PERIOD and loop / (PERIOD - 1500), where loop is
	# what perf stat counted of the same run (the loops and less than 5 %
	# else). Over the LCOFI, only test_irqoff_spin_on's half: the periods
	# that end with interrupts disabled are lost, but one per irq-off window.
	n=$(perf_value instructions "T:stat ")
	for t in "$@"; do
		check "$what, $t: perf record succeeded" has "^T:rec $t 0$"
		off=$(samples_in $t test_irqoff_spin_off)
		on=$(samples_in $t test_irqoff_spin_on)
		share=$(permille "$off" "$on")
		echo "  $what, $t: $off samples with interrupts off, $on with them on: $(pc "$share") %"
		check "$what, $t: irq-off share of the loops' samples $(pc "$share") %, expected $lo..$hi %" \
			between "$share" $((lo * 10)) $((hi * 10))
		loop=${n:-0} got=$((off + on))
		[ "$path" = lcofi ] && loop=$((loop / 2)) got=$on
		check "$what, $t: $got samples in the loops, expected $((loop * 95 / 100 / PERIOD))..$((loop / (PERIOD - 1500)))" \
			eval 'positive "$loop" && between "$got" $((loop * 95 / 100 / PERIOD)) $((loop / (PERIOD - 1500)))'
	done
}

# check_boot WHAT PATH MESSAGE MIN% MAX%: the checks of one boot, whose
# overflows take PATH (sse or lcofi), whose PMU dmesg line matches
# MESSAGE, and whose irq-off share of the samples of the two loops is MIN%
# to MAX%.
check_boot() {
	local what=$1 path=$2 msg=$3 lo=$4 hi=$5 n
	show_boot
	check "$what: the PMU driver says how overflows arrive ($msg)" has "^T:dmesg .*$msg"
	check_suspend "$what"
	check_recs "$what" "$path" "$lo" "$hi" boot hotplug suspend suspend0
	check "$what: hart 1 went offline and came back" has '^T:online 0-3$'
	# The kernel's trap entry and exit run with interrupts disabled: only
	# the SSE event samples them (and the kernel survives it).
	check "$what, trap: perf record of dd bs=1 succeeded" has '^T:rec trap 0$'
	n=$(( $(samples_in trap handle_exception) + $(samples_in trap ret_from_exception) ))
	echo "  $what, trap: $n samples in handle_exception and ret_from_exception"
	if [ "$path" = lcofi ]; then
		check "$what, trap: no sample in the trap entry or exit ($n)" same "$n" 0
	else
		check "$what, trap: samples in the trap entry and exit ($n)" positive "$n"
	fi
	check "$what: no kernel warning, oops or PMU error" hasnt '^T:bad '
	check_poweroff
}

# to RAM on Tally; OpenSBI with Tally's PMU (make check-opensbi) has no
# SUSP on virt and suspends to idle
SUSPEND=deep
opensbi_firmware && SUSPEND=s2idle
run_guest sse-sse "$guest" --icount --append kunit.enable=1
check_boot "SSE" sse "counter overflows over SBI SSE" 48 52
check_kunit "SSE" pass

# A firmware that forgets a hart's SSE registrations over a non-retentive
# suspend (the test image's tally,suspend-forget-sse, docs/firmware.md):
# the client finds the PMU event UNUSED at CPU PM exit and registers and
# enables it again (linux/patches/0036), and hart 0, which suspended,
# samples over SSE as before.
forget="$head
$suspend
dmesg | grep 'lost over suspend' | sed 's/^/T:lost /'
$bad"
run_guest sse-forget "$forget" --icount --chosen tally,suspend-forget-sse=1
if has 'non-retentive suspends lose the SSE registrations'; then
	show_boot
	check_suspend "SSE, registrations lost"
	check "SSE, registrations lost: hart 0 registered the PMU event again, once" \
		eval '[ "$(grep -c "^T:lost " <<<"$LOG_TEXT")" = 1 ] &&
			has "^T:lost .*sse: CPU0: event 0x10000 lost over suspend, registered again \(0\)$"'
	check_recs "SSE, registrations lost" sse 48 52 suspend0 suspend
	check "SSE, registrations lost: no kernel warning, oops or PMU error" hasnt '^T:bad '
	check_poweroff
else
	skip "a firmware that forgets SSE registrations over suspend" \
		"$FW_DYNAMIC is no test image (make firmware-test)"
fi

run_guest sse-lcofi "$guest" --icount --append riscv_pmu_sbi.sse=0
check_boot "LCOFI" lcofi "counter overflows over the LCOFI" 0 2

# The same kernel on Debian sid's OpenSBI 1.9, which delivers the v3.0
# event too, but signals it again at every completion while the overflow
# interrupt is pending (linux/patches/0032: the trap phase hung there in 4
# of 6 boots before the handler masked the hart's events).
SUSPEND=s2idle
if [ -f "$SID_OPENSBI" ]; then
	FW_DYNAMIC=$SID_OPENSBI run_guest sse-opensbi-1.9 "$guest" --icount \
		--append kunit.enable=1
	check_boot "OpenSBI 1.9, SSE" sse "counter overflows over SBI SSE" 48 52
	check_kunit "OpenSBI 1.9" pass
else
	skip "the SSE kernel on OpenSBI 1.9" "no $SID_OPENSBI (make debian-opensbi-sid)"
fi

# On Debian's OpenSBI 1.5.1: it has only a draft SSE (SBI 2.0), which the
# kernel does not take, so it falls back to the LCOFI.
if [ -f "$HOST_OPENSBI" ]; then
	FW_DYNAMIC=$HOST_OPENSBI run_guest sse-opensbi-1.5.1 "$guest" --icount \
		--append kunit.enable=1
	check "OpenSBI 1.5.1: no SBI v3.0 SSE for the kernel" \
		has '^T:dmesg .*sse: SBI SSE extension not available'
	check_boot "OpenSBI 1.5.1, LCOFI" lcofi "counter overflows over the LCOFI" 0 2
	check_kunit "OpenSBI 1.5.1" skip
else
	skip "the SSE kernel on OpenSBI 1.5.1" "no $HOST_OPENSBI (package opensbi)"
fi

summary
