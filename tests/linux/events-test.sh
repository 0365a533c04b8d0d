#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Every event the platform offers Linux, counted exactly (suite `linux`).
# One boot of one hart under `-icount shift=0`, where the model's counts
# are exact: cycle events count QEMU's icount clock, which would also tick
# for the instructions of other harts that QEMU runs in turn (on 4 harts,
# seen: up to 5 % more cycles:u than instructions:u in some runs).
#
# tally-events N runs a loop whose events are known (5N instructions, N
# loads, N stores, 2N branches, 2N - 1 taken, N + 1 mispredicted, see
# linux/workloads/tally-events.c); counts(N) - counts(0) must be that, for
#   - every perf generic hardware and cache event the firmware maps
#     (cycles, instructions, ref-cycles, branches, branch-misses,
#     dTLB-loads, dTLB-stores, iTLB-loads), user mode only;
#   - every event of the model by its JSON name (inst.ret, inst.ret.load,
#     ...; linux/pmu-events), which perf turns into raw events.
# Tolerance: not one event fewer than exact (- 64 for the start-up
# difference between N and 0), at most 0.1 % + 512 more, cycle events
# included.
# Also:
#   - the TLB miss events (the model's L1 TLBs; exact counts: tests/qemu-model) count
#     and stay below the accesses; the PDIS events count 0 (Linux never
#     turns PDIS on);
#   - every unmapped perf event says <not supported> (never a silent 0;
#     listed after instructions:u, which is, since perf 7.x stops with "No
#     supported events found" and names only the first when none is);
#   - :u + :k = the unfiltered count within 1 % (firmware M-mode work is in
#     all three), and :u differs from :k;
#   - multiplexing: 2 pinned and 20 other events on 18 counters; each
#     scaled count within 3 % of the pinned one of its kind;
#   - perf list shows the JSON names (model and SBI firmware events), and
#     the JSON files name exactly the raw events of the model's riscv,pmu
#     device-tree node (so a new model event fails here until named);
#   - with Sstc the kernel programs stimecmp itself: the firmware's
#     SET_TIMER event stays 0 while the kernel takes timer interrupts.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-400}
. "$TOP/tests/linux/lib.sh"

N=1000000
M=16000000
GENERIC="instructions:u cycles:u ref-cycles:u branches:u branch-misses:u
	dTLB-loads:u dTLB-stores:u iTLB-loads:u"
MODEL="inst.ret:u cycles.hart:u cycles.ref:u inst.brjmp.spec:u
	inst.mispred.spec:u inst.brjmp.tk.ret:u inst.ret.load:u inst.ret.store:u
	tlb.l1.ldst.access:u tlb.l1i.code.access:u inst.dec.spec:u
	inst.dec.brjmp.spec:u inst.dec.load.spec:u inst.dec.store.spec:u
	inst.dec.ldst.spec:u"
UNMAPPED="cache-references cache-misses bus-cycles stalled-cycles-frontend
	stalled-cycles-backend L1-dcache-loads L1-dcache-load-misses
	L1-dcache-stores L1-icache-load-misses LLC-loads LLC-load-misses
	LLC-stores branch-loads branch-load-misses node-loads"

# expected EVENT: the event's count over the loop of tally-events N.
expected() {
	case ${1%:u} in
	instructions | cycles | ref-cycles | iTLB-loads | inst.ret | cycles.hart | \
	cycles.ref | tlb.l1i.code.access | inst.dec.spec) echo $((5 * N)) ;;
	branches | inst.brjmp.spec | inst.dec.brjmp.spec) echo $((2 * N)) ;;
	inst.brjmp.tk.ret) echo $((2 * N - 1)) ;;
	branch-misses | inst.mispred.spec) echo $((N + 1)) ;;
	dTLB-loads | dTLB-stores | inst.ret.load | inst.ret.store | \
	inst.dec.load.spec | inst.dec.store.spec) echo "$N" ;;
	tlb.l1.ldst.access | inst.dec.ldst.spec) echo $((2 * N)) ;;
	esac
}

list() { echo $* | tr ' ' ,; }
repeat() { for _ in $(seq "$2"); do printf '%s,' "$1"; done; }
mux="instructions:uD,branches:uD,$(repeat instructions:u 10)$(repeat branches:u 10)"

guest="
for n in 0 $N; do
	stat g\$n -e $(list $GENERIC) tally-events \$n
	stat j\$n -e $(list $MODEL) tally-events \$n
done
stat miss -e dTLB-loads,dTLB-load-misses,dTLB-stores,dTLB-store-misses,iTLB-loads,iTLB-load-misses,tlb.l1.ldst.access,tlb.l1.ldst.miss,tlb.l1i.code.access,tlb.l1i.code.miss tally-events $N
stat pdis -e pdis.samples,pdis.collisions,pdis.filtered,pdis.dropped tally-events $N
stat ns -e instructions:u,$(list $UNMAPPED) tally-events 0
stat uk -e instructions,instructions:u,instructions:k,cycles,cycles:u,cycles:k tally-events $N
stat mux -e ${mux%,} tally-events $M
P list --no-desc 2>/dev/null | sed -nE 's/^ *(inst\.ret|cycles\.hart|fw_ipi_sent|fw_misaligned_load)$/T:list \1/p'
stat timer -a -e r8000000000000005 /tmp/bracket sleep 0.2
echo \"T:timer-irqs \$(irqs_during riscv-timer)\"
"

run_guest events "$guest" --icount --smp 1
printf '%s\n' "$LOG_TEXT" | grep '^T:' | sed 's/^/  /'

# exact_diff EVENT TAG: counts(N) - counts(0) of EVENT against expected.
exact_diff() {
	local c0 c1 want name=$1
	# perf 6.12's stat printed cache events without their modifier, 7.2's
	# with it
	[[ $1 == *TLB* ]] && [ -z "$(perf_value "$1" "T:${2}0 ")" ] && name=${1%:u}
	c0=$(perf_value "$name" "T:${2}0 ") c1=$(perf_value "$name" "T:${2}$N ")
	want=$(expected "$1")
	local slack=$((want / 1000 + 512)) below=64
	if positive "$c1" && [[ $c0 =~ ^[0-9]+$ ]]; then
		check "$1: $((c1 - c0)) over the loop, exact $want" \
			near $((c1 - c0)) "$want" "$below" "$slack"
	else
		check "$1: counted (got '${c0:-none}' and '${c1:-none}')" false
	fi
}

for e in $GENERIC; do exact_diff "$e" g; done
for e in $MODEL; do exact_diff "$e" j; done

for p in dTLB-load dTLB-store iTLB-load tlb.l1.ldst tlb.l1i.code; do
	case $p in
	tlb.*) a=$p.access m=$p.miss ;;
	*) a=${p}s m=$p-misses ;;
	esac
	va=$(perf_value "$a" "T:miss ") vm=$(perf_value "$m" "T:miss ")
	check "$m counts (${vm:-none}) and stays below $a (${va:-none})" \
		eval 'positive "$vm" && positive "$va" && [ "$vm" -lt "$va" ]'
done
for e in pdis.samples pdis.collisions pdis.filtered pdis.dropped; do
	check "$e counts 0 (PDIS is never on under Linux)" \
		test "$(perf_value "$e" "T:pdis ")" = 0
done

for e in $UNMAPPED; do
	check "$e is <not supported>" \
		has "^T:ns <not supported>,[^,]*,$e,"
done

# uk_check EVENT: EVENT:u + EVENT:k against EVENT, all from one perf stat.
uk_check() {
	local a u k
	a=$(perf_value "$1" "T:uk ") u=$(perf_value "$1:u" "T:uk ")
	k=$(perf_value "$1:k" "T:uk ")
	if positive "$a" && positive "$u" && positive "$k"; then
		check "$1: :u $u + :k $k = $((u + k)), unfiltered $a (1 %)" \
			near $((u + k)) "$a" $((a / 100)) $((a / 100))
		check "$1: :u and :k differ" test "$u" != "$k"
	else
		check "$1: :u, :k and unfiltered counted" false
		check "$1: :u and :k differ" false
	fi
}
uk_check instructions
uk_check cycles
iu=$(perf_value instructions:u "T:uk ")
check "instructions:u of tally-events $N >= the 5N loop instructions" \
	between "$iu" $((5 * N)) $((6 * N))

# mux_check EVENT: every scaled EVENT line within 3 % of the pinned one.
mux_check() {
	local ref lines bad
	ref=$(sed -n "s/^T:mux \([0-9]*\),[^,]*,$1D,.*/\1/p" <<<"$LOG_TEXT")
	lines=$(sed -n "s/^T:mux \([0-9]*\),[^,]*,$1,.*/\1/p" <<<"$LOG_TEXT")
	bad=$(for v in $lines; do near "$v" "$ref" $((ref * 3 / 100)) \
		$((ref * 3 / 100)) || echo "$v"; done)
	check "multiplexed $1: $(echo $lines | wc -w) scaled counts within 3 % of pinned ${ref:-none}${bad:+ (off: $(echo $bad))}" \
		eval 'positive "$ref" && [ "$(echo $lines | wc -w)" = 10 ] && [ -z "$bad" ]'
}
mux_check instructions:u
mux_check branches:u
check "multiplexing happened (some event counted < 100 % of the time)" \
	grep -qE '^T:mux [0-9]+,[^,]*,[^,]*,[0-9]+,([0-9]|[1-9][0-9])\.' <<<"$LOG_TEXT"

for n in inst.ret cycles.hart fw_ipi_sent fw_misaligned_load; do
	check "perf list names $n" has "^T:list $n$"
done

# The raw events the model offers (its riscv,pmu node: 5 cells of
# select, mask, counters per entry) and the ones linux/pmu-events names.
# The node is read from QEMU's own DT, not the guest's: a firmware may
# rewrite it (OpenSBI empties it).
model_raw() {
	local dtb=$LOG_DIR/events-model.dtb
	rm -f "$dtb"
	"$TOP/scripts/qemu-run.sh" --timeout 60 -- -machine dumpdtb="$dtb" \
		>/dev/null 2>&1 || true
	[ -s "$dtb" ] && fdtget -t x "$dtb" /pmu riscv,raw-event-to-mhpmcounters
}
raw=$(model_raw | xargs -n5 | while read -r hi lo _; do
	printf '0x%x\n' $(((0x$hi << 32) | 0x$lo))
done | sort -u)
named=$(cat "$TOP"/linux/pmu-events/riscv/*/*/*.json |
	sed -n 's/.*"EventCode": *"\(0x[0-9a-f]*\)".*/\1/p' | sort -u)
# >= 0x10000: upstream QEMU's own TLB-miss codes, which perf reaches as
# dTLB-load-misses, dTLB-store-misses and iTLB-load-misses
unnamed=$(for r in $raw; do
	[ $((r)) -lt $((0x10000)) ] && ! grep -qx "$r" <<<"$named" && echo "$r"
done)
extra=$(for c in $named; do grep -qx "$c" <<<"$raw" || echo "$c"; done)
check "every raw event of the model's device tree ($(echo $raw | wc -w)) has a JSON name${unnamed:+ (not: $(echo $unnamed))}" \
	eval '[ -n "$raw" ] && [ -z "$unnamed" ]'
check "every JSON event ($(echo $named | wc -w)) is a raw event of the model${extra:+ (not: $(echo $extra))}" \
	eval '[ -n "$named" ] && [ -z "$extra" ]'

st=$(perf_value r8000000000000005 "T:timer ")
ti=$(value timer-irqs)
check "Sstc: firmware SET_TIMER ${st:-none} = 0 while the kernel took ${ti:-none} timer interrupts" \
	eval 'test "$st" = 0 && positive "$ti"'
check_poweroff

summary
