#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Precise sampling with Sspesa and Ssplcofi on delegated counters (suite
# `linux`, linux/patches/0008-0010, docs/delegation.md), under `-icount
# shift=0`. The workload tally-load runs a loop whose only load is the
# instruction at tally_hot_load (tally_hot_next follows it); it prints both
# addresses. The load event inst.ret.load:u is sampled every $PERIOD.
# Boots (all on $DELEG_MASK delegated unless said):
#   - precise: Sspesa + Ssplcofi. dmesg and /proc/cpuinfo show them;
#     :p, :pp and :ppp samples have the IP of the hot load (>= 99 % of
#     them, the rest are the start-up's other loads) and every one is a
#     load instruction (objdump of the binary); perf report --sort sym puts
#     tally_hot_load first; the same event without :pp (a delegated
#     counter, LCOFI IP) lands on tally_hot_next; :pp of an event without
#     a hardware encoding (a firmware event) is refused;
#   - sspesa: Sspesa without Ssplcofi: :pp exact, :ppp refused (the
#     interrupt may have skid, so the registers are not the sample's);
#   - sbi: Sspesa + Ssplcofi but nothing delegated: :pp refused (the hart
#     records no sample PC for counters the firmware keeps), SBI LCOFI
#     sampling works, every sample one instruction late (tally_hot_next).
# (Without Sspesa, deleg-test.sh checks that :pp is refused.)
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-400}
. "$TOP/tests/linux/lib.sh"

N=2000000 PERIOD=2003
EV=inst.ret.load

# rec TAG EVENT: perf record of tally-load with EVENT every $PERIOD, then
# "T:rec TAG <status>", one "T:ip TAG <samples> <ip>" line per IP and
# "T:thr TAG <throttles> <unthrottles> <ns>": perf's THROTTLE and
# UNTHROTTLE records (perf report -D) and the time the event spent
# throttled, from each THROTTLE to its UNTHROTTLE (or to the last record).
guest_fns="
tally-load 1 | sed 's/^/T:load /'
throttled() {
	P report -D -i \$1 2>/dev/null | awk '
		\$1 ~ /^[0-9]+\$/ && / PERF_RECORD_/ && \$1 > last { last = \$1 }
		/ PERF_RECORD_THROTTLE:/ { n++; if (!open) { open = 1; at = \$1 } }
		/ PERF_RECORD_UNTHROTTLE:/ { u++; if (open) { ns += \$1 - at; open = 0 } }
		END { if (open) ns += last - at; print n + 0, u + 0, ns + 0 }'
}
rec() {
	P record -o /tmp/\$1.data -e \$2 -c $PERIOD tally-load $N >/tmp/\$1.out 2>&1
	echo \"T:rec \$1 \$?\"
	grep -m1 -e 'support sampling' -e 'returned with' -e 'syntax error' /tmp/\$1.out | sed \"s/^/T:err \$1 /\"
	P script -i /tmp/\$1.data -F ip 2>/dev/null | sort | uniq -c |
		sed \"s/^ */T:ip \$1 /\"
	echo \"T:thr \$1 \$(throttled /tmp/\$1.data)\"
}
ON=1
"

# addr N: tally-load's printed address of tally_hot_load / _next.
addr() {
	sed -n "s/^T:load .* loads at \(0x[0-9a-f]*\), next \(0x[0-9a-f]*\),.*/\\$1/p" \
		<<<"$LOG_TEXT" | head -1
}

# share TAG ADDR: "<samples at ADDR> <all samples>" of record TAG.
share() {
	awk -v t="$1" -v a="$2" '
		$1 == "T:ip" && $2 == t {
			all += $3
			if (a != "" && "0x" $4 == a) n += $3
		}
		END { print n + 0, all + 0 }' <<<"$LOG_TEXT"
}

# check_share WHAT TAG WHICH MIN%: at least MIN % of TAG's samples are at
# WHICH (load or next), and TAG has at least 9/10 of the samples of the
# periods its counter counted.
#
# The floor: the loop's N loads give N / PERIOD periods (998), 9/10 of
# them 898, but only while the counter runs. perf throttles an event that
# interrupts more than max_samples_per_tick times in a tick
# (perf_event_max_sample_rate / HZ, which perf lowers when "interrupt
# took too long"), and since linux/patches/0021 a throttled event stays
# stopped until perf unthrottles it at the next tick: the loads of that
# time are not counted, and no firmware could sample them. That is perf's
# policy, not a lost overflow, so the floor counts only the loads the
# counter can have seen: the loop is 4 instructions per load
# (tally-load.c) and under -icount shift=0 an instruction takes 1 ns, so
# the THR ns the event spent throttled (T:thr) held at most THR / 4 of its
# loads, and the floor is 9/10 of (N - THR / 4) / PERIOD. The window
# also holds the tick's own kernel code, so THR / 4 overstates the loss a
# little (on the order of a microsecond in hundreds). Without throttling
# the floor is the old 898. Measured (precise-sbi, SBI sampling, two
# throttles each): Tally's firmware 933 samples, 0.57 ms throttled (at
# most 71 periods), OpenSBI master's drop-in 813, 1.51 ms (188): both
# within a few samples of 998 less the throttled periods; the drop-in's
# longer trap path makes perf lower its rate further and throttle for
# longer. A run throttled for more than half the loop (THR > 2N ns) fails:
# its floor would no longer say much of the firmware.
check_share() {
	local what=$1 tag=$2 which=$3 min=$4 a n all nthr thr floor
	a=$(addr $([ "$which" = load ] && echo 1 || echo 2))
	read -r n all <<<"$(share "$tag" "$a")"
	read -r nthr _ thr <<<"$(value "thr $tag")"
	[[ ${thr:-} =~ ^[0-9]+$ ]] || thr=
	floor=$(((4 * N - ${thr:-0}) * 9 / (40 * PERIOD)))
	echo "[linux-test] $what: $n of $all samples at tally_hot_$which (${a:-?}); throttled ${nthr:-?} times for ${thr:-?} ns (at most $((${thr:-0} / 4 / PERIOD)) periods uncounted), floor $floor"
	check "$what: $n of $all samples at tally_hot_$which ($min % or more), $floor or more samples" \
		eval '[ -n "$a" ] && [ -n "$thr" ] && [ "$thr" -le $((2 * N)) ] &&
			[ "$all" -ge "$floor" ] && [ $((n * 100)) -ge $((all * min)) ]'
}

# The workload as the guest runs it, and its instructions by address.
LOAD_BIN=$BUILD/linux/workloads/bin/tally-load
insns=$("${CROSS_COMPILE:-riscv64-linux-gnu-}objdump" -d --no-show-raw-insn \
	"$LOAD_BIN" 2>/dev/null | awk -F'\t' '/^ +[0-9a-f]+:/ {
		sub(/^ +/, "", $1); sub(/:$/, "", $1); print $1, $2 }')

# check_all_loads WHAT TAG: every sample IP of record TAG (not only the hot
# one) is a load instruction of tally-load (a load, LR or AMO: what
# INST.RET.LOAD counts), by objdump.
check_all_loads() {
	local bad
	bad=$(awk '$1 == "T:ip" && $2 == t { print $4 }' t="$2" <<<"$LOG_TEXT" |
		while read -r ip; do
			m=$(awk -v a="$ip" '$1 == a { print $2; exit }' <<<"$insns")
			[[ $m =~ ^(c\.)?(l[bhwd]u?|fl[hwd]|lr\.|amo|ld|lw) ]] || echo "$ip:${m:-?}"
		done)
	check "$1: every sample IP of $2 is a load instruction by objdump${bad:+ (not: $(echo $bad))}" \
		eval "[ -n \"\$insns\" ] && has '^T:ip $2 ' && [ -z '$bad' ]"
}

check_ok() { check "$1: perf record $2 exits 0" has "^T:rec $3 0$"; }
# check_refused WHAT EVENT TAG: perf record TAG failed with EOPNOTSUPP
# (perf says so for a sampling event as "PMU Hardware doesn't support
# sampling/overflow-interrupts").
check_refused() {
	check "$1: perf record $2 refused (EOPNOTSUPP)" \
		eval "has '^T:rec $3 [1-9]' && has '^T:err $3 .*support sampling/overflow-interrupts'"
}

run_guest precise "$guest_fns
dmesg | grep riscv-pmu | sed 's/^/T:dmesg /'
grep -m1 '^isa' /proc/cpuinfo | sed 's/^/T:cpuinfo /'
rec pp $EV:upp
rec ppp $EV:uppp
rec p $EV:up
rec lcofi $EV:u
rec fw r8000000000000000:upp
P report -i /tmp/pp.data --sort sym --stdio 2>/dev/null | grep '%' | head -3 | sed 's/^/T:report /'
" --icount --cpu "$PRECISE_CPU" --chosen tally,pmu-delegate=$DELEG_MASK
printf '%s\n' "$LOG_TEXT" | grep -E '^T:(dmesg|cpuinfo|load|rec|err|report)' | sed 's/^/  /'
check "precise: the driver samples precisely on delegated counters (precise_ip up to 3)" \
	has '^T:dmesg .*riscv-pmu-sbi: precise sampling on delegated counters \(precise_ip up to 3\)'
check "precise: /proc/cpuinfo lists sspesa and ssplcofi" \
	eval 'has "^T:cpuinfo .*_sspesa_ssplcofi"'
for t in pp ppp p; do
	check_ok precise "$EV:u$t" $t
	check_share "precise: $EV:u$t" $t load 99
	check_all_loads precise $t
done
check_ok precise "$EV:u (not precise)" lcofi
check_share "precise: $EV:u without :p (skid of the interrupt)" lcofi next 99
check_refused precise "of a firmware event with :pp" fw
check "precise: perf report --sort sym: tally_hot_load first, 99 % or more" \
	eval 'grep -m1 "^T:report " <<<"$LOG_TEXT" | grep -qE " (99\.[0-9]+|100\.00)% .*tally_hot_load"'
check_poweroff

run_guest precise-sspesa "$guest_fns
dmesg | grep riscv-pmu | sed 's/^/T:dmesg /'
rec pp $EV:upp
rec ppp $EV:uppp
" --icount --cpu "$DELEG_CPU,x-sspesa=true" --chosen tally,pmu-delegate=$DELEG_MASK
printf '%s\n' "$LOG_TEXT" | grep -E '^T:(dmesg|rec|err)' | sed 's/^/  /'
check "sspesa only: precise_ip up to 2" \
	has '^T:dmesg .*riscv-pmu-sbi: precise sampling on delegated counters \(precise_ip up to 2\)'
check_ok "sspesa only" "$EV:upp" pp
check_share "sspesa only: $EV:upp" pp load 99
check_all_loads "sspesa only" pp
check_refused "sspesa only" "$EV:uppp (no Ssplcofi)" ppp
check_poweroff

run_guest precise-sbi "$guest_fns
dmesg | grep riscv-pmu | sed 's/^/T:dmesg /'
rec pp $EV:upp
rec lcofi $EV:u
" --icount --cpu "$PRECISE_CPU" --chosen tally,pmu-delegate=0
printf '%s\n' "$LOG_TEXT" | grep -E '^T:(dmesg|rec|err)' | sed 's/^/  /'
check "sbi: nothing delegated, no precise sampling" \
	eval 'hasnt "^T:dmesg .*(delegated|precise)"'
check_refused sbi "$EV:upp" pp
check_ok sbi "$EV:u" lcofi
check_share "sbi: $EV:u through SBI (skid of the interrupt)" lcofi next 99
check_poweroff

summary
