#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Precise sampling with Sspesa and Ssplcofi on delegated counters (suite
# `linux`, linux/patches/0008-0010, docs/delegation.md), under `-icount
# shift=0`. The workload tally-load runs a loop whose only load is the
# instruction at tally_hot_load (tally_hot_next follows it); it prints both
# addresses. The load event inst.ret.load:u is sampled every $PERIOD.
# Boots (all on $DELEG_MASK delegated unless said):
#   - precise: Sspesa + Ssplcofi. dmesg and /proc/cpuinfo show them;
#     :pp and :ppp samples all have the IP of the load (>= 99 % of them,
#     the rest are the start-up's other loads), perf report --sort sym puts
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
EV=inst.ret.load:u

# rec TAG EVENT: perf record of tally-load with EVENT every $PERIOD, then
# "T:rec TAG <status>" and one "T:ip TAG <samples> <ip>" line per IP.
guest_fns="
tally-load 1 | sed 's/^/T:load /'
rec() {
	P record -o /tmp/\$1.data -e \$2 -c $PERIOD tally-load $N >/tmp/\$1.out 2>&1
	echo \"T:rec \$1 \$?\"
	grep -m1 -i -e 'not supported' -e error /tmp/\$1.out | sed \"s/^/T:err \$1 /\"
	P script -i /tmp/\$1.data -F ip 2>/dev/null | sort | uniq -c |
		sed \"s/^ */T:ip \$1 /\"
}
ON=1
"

# addr NAME: tally-load's printed address of tally_hot_load / _next.
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

# check_share WHAT TAG WHICH MIN%: at least MIN % of TAG's samples (and at
# least N / PERIOD * 9 / 10 of them) are at WHICH (load or next).
check_share() {
	local what=$1 tag=$2 which=$3 min=$4 a n all
	a=$(addr $([ "$which" = load ] && echo 1 || echo 2))
	read -r n all <<<"$(share "$tag" "$a")"
	echo "[linux-test] $what: $n of $all samples at tally_hot_$which (${a:-?})"
	check "$what: $n of $all samples at tally_hot_$which ($min % or more)" \
		eval '[ -n "$a" ] && [ "$all" -ge $((N / PERIOD * 9 / 10)) ] &&
			[ $((n * 100)) -ge $((all * min)) ]'
}

check_ok() { check "$1: perf record $2 exits 0" has "^T:rec $3 0$"; }
check_refused() {
	check "$1: perf record $2 refused (Operation not supported)" \
		eval 'has "^T:rec $3 [1-9]" && has "^T:err $3 .*not supported"'
}

run_guest precise "$guest_fns
dmesg | grep riscv-pmu | sed 's/^/T:dmesg /'
grep -m1 '^isa' /proc/cpuinfo | sed 's/^/T:cpuinfo /'
rec pp $EV:pp
rec ppp $EV:ppp
rec p $EV:p
rec lcofi $EV
rec fw r8000000000000000:upp
P report -i /tmp/pp.data --sort sym --stdio 2>/dev/null | grep '%' | head -3 | sed 's/^/T:report /'
" --icount --cpu "$PRECISE_CPU" --chosen tally,pmu-delegate=$DELEG_MASK
printf '%s\n' "$LOG_TEXT" | grep -E '^T:(dmesg|cpuinfo|load|rec|err|report)' | sed 's/^/  /'
check "precise: the driver samples precisely on delegated counters (precise_ip up to 3)" \
	has '^T:dmesg .*riscv-pmu-sbi: precise sampling on delegated counters \(precise_ip up to 3\)'
check "precise: /proc/cpuinfo lists sspesa and ssplcofi" \
	eval 'has "^T:cpuinfo .*_sspesa_ssplcofi"'
for t in pp ppp p; do
	check_ok precise "$EV:$t" $t
	check_share "precise: $EV:$t" $t load 99
done
check_ok precise "$EV (not precise)" lcofi
check_share "precise: $EV without :p (skid of the interrupt)" lcofi next 99
check_refused precise "of a firmware event with :pp" fw
check "precise: perf report --sort sym: tally_hot_load first, 99 % or more" \
	eval 'grep -m1 "^T:report " <<<"$LOG_TEXT" | grep -qE " (99\.[0-9]+|100\.00)% .*tally_hot_load"'
check_poweroff

run_guest precise-sspesa "$guest_fns
dmesg | grep riscv-pmu | sed 's/^/T:dmesg /'
rec pp $EV:pp
rec ppp $EV:ppp
" --icount --cpu "$DELEG_CPU,x-sspesa=true" --chosen tally,pmu-delegate=$DELEG_MASK
printf '%s\n' "$LOG_TEXT" | grep -E '^T:(dmesg|rec|err)' | sed 's/^/  /'
check "sspesa only: precise_ip up to 2" \
	has '^T:dmesg .*riscv-pmu-sbi: precise sampling on delegated counters \(precise_ip up to 2\)'
check_ok "sspesa only" "$EV:pp" pp
check_share "sspesa only: $EV:pp" pp load 99
check_refused "sspesa only" "$EV:ppp (no Ssplcofi)" ppp
check_poweroff

run_guest precise-sbi "$guest_fns
dmesg | grep riscv-pmu | sed 's/^/T:dmesg /'
rec pp $EV:pp
rec lcofi $EV
" --icount --cpu "$PRECISE_CPU" --chosen tally,pmu-delegate=0
printf '%s\n' "$LOG_TEXT" | grep -E '^T:(dmesg|rec|err)' | sed 's/^/  /'
check "sbi: nothing delegated, no precise sampling" \
	eval 'hasnt "^T:dmesg .*(delegated|precise)"'
check_refused sbi "$EV:pp" pp
check_ok sbi "$EV" lcofi
check_share "sbi: $EV through SBI (skid of the interrupt)" lcofi next 99
check_poweroff

summary
