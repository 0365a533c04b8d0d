#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# perf on counters the firmware delegates to Linux (suite `linux`,
# docs/delegation.md, linux/patches/0004-0006), under `-icount shift=0`.
#
# The CPU has Smcdeleg/Ssccfg/Sscsrind/Smcntrpmf and the firmware is told
# to delegate cycle, instret and hpmcounters 3..10 (tally,pmu-delegate =
# $DELEG_MASK); it keeps 11..18 and the firmware counters. Boots:
#   - sbi: the same CPU with nothing delegated, the patched kernel: the
#     reference counts (everything through SBI);
#   - deleg: the patched kernel on delegated counters;
#   - stock: the stock kernel with the same delegation (it cannot use the
#     delegated counters and must keep working through SBI);
#   - hole: hpmcounter 4 absent inside the requested mask (the kernel's
#     probe of it traps and is caught);
#   - all: every hardware counter delegated, generic events still work;
#   - two one-hart boots with QEMU's interrupt log (-d int), delegated and
#     not, that count the supervisor ecalls (SBI calls) of a perf stat of
#     a pipe that context-switches a few hundred times, and count one
#     process (tally-events), whose cycles:u must agree across the two.
# Checks, per boot where they apply:
#   - the driver found the delegated counters (dmesg);
#   - :u counts of instructions and model events exactly the reference's;
#     cycles:u at least instructions:u (see cycles_check), and on the
#     one-hart boots exactly instructions:u, delegated or not;
#   - :k and unfiltered counts, :u + :k = unfiltered within 1 %;
#   - a mixed session: 16 events at once, more than the 10 delegated
#     counters, none multiplexed, all exact;
#   - multiplexing: 2 pinned and 20 other events, scaled counts within 3 %;
#   - perf stat -a -A: every hart counts;
#   - hotplug: hart 1 offline and back, then counts exact and sampling on
#     a delegated counter gives exactly count / period samples;
#   - no SBI call at all while the delegated session runs, hundreds
#     through SBI;
#   - on the patched kernel, :pp is refused: this CPU has no Sspesa
#     (precise-test.sh has the CPUs with it).
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-400}
. "$TOP/tests/linux/lib.sh"

N=1000000 M=64000000 PERIOD=20000
CPU1=/sys/devices/system/cpu/cpu1/online
U="cycles:u,instructions:u,inst.ret:u,inst.ret.load:u,inst.ret.store:u,inst.brjmp.spec:u,branches:u"
# 16 events: cycle and instret, 8 delegated hpmcounters, 6 SBI counters
MIX="cycles:u,instructions:u,inst.ret:u,inst.ret.load:u,inst.ret.store:u,inst.brjmp.spec:u,inst.mispred.spec:u,inst.brjmp.tk.ret:u,inst.dec.spec:u,inst.dec.load.spec:u,inst.dec.store.spec:u,inst.dec.brjmp.spec:u,inst.dec.ldst.spec:u,tlb.l1.ldst.access:u,tlb.l1i.code.access:u,cycles.hart:u"
repeat() { for _ in $(seq "$2"); do printf '%s,' "$1"; done; }
MUX="inst.ret:uD,inst.ret.load:uD,$(repeat inst.ret:u 10)$(repeat inst.ret.load:u 10)"

guest="
dmesg | grep riscv-pmu | sed 's/^/T:dmesg /'
ON=1
stat u -e $U tally-events $N
stat uk -e instructions,instructions:u,instructions:k,inst.ret,inst.ret:u,inst.ret:k tally-events $N
stat hg -e inst.ret:u,inst.ret:uH,inst.ret:uG tally-events $N
stat mix -e $MIX tally-events $N
stat mux -e ${MUX%,} tally-events $M
ON=
stat all -a -A -e instructions,inst.ret.load sleep 0.1
ON=2
stat ref -e instructions:u,inst.ret.load:u tally-loop $N
echo 0 >$CPU1
echo \"T:off \$(cat /sys/devices/system/cpu/online)\"
echo 1 >$CPU1
echo \"T:on \$(cat /sys/devices/system/cpu/online)\"
ON=1
stat hp -e instructions:u,inst.ret.load:u tally-loop $N
sampled hp -e inst.ret:u -c $PERIOD tally-loop $N
P record -o /tmp/pp.data -e inst.ret.load:upp -c $PERIOD tally-loop $N >/tmp/pp.out 2>&1
echo \"T:pp \$?\"
grep -m1 'support sampling' /tmp/pp.out | sed 's/^/T:pperr /'
dmesg | grep -e riscv-pmu -e Oops | sed 's/^/T:dmesg2 /'
"

# cycles_check WHAT TAG: cycles:u of session TAG is at least its
# instructions:u. Under icount the cycle counter is QEMU's virtual clock,
# one tick per instruction of any hart: a task's cycles:u also counts what
# the other harts run while QEMU runs them in turn (seen: 0 to 255000 more
# than instructions:u for the same 5 million). So on 4 harts this is a
# lower bound (a counter that stops or misses user mode fails it; twice
# instructions:u is only a sanity cap); the one-hart boots below check
# cycles:u exactly.
cycles_check() {
	local v i
	v=$(perf_value cycles:u "T:$2 ") i=$(perf_value instructions:u "T:$2 ")
	check "$1: cycles:u ${v:-none} >= instructions:u ${i:-none}" \
		eval 'positive "$i" && between "$v" "$i" $((i + i))'
}

boot_opts=(--icount --cpu "$DELEG_CPU")

run_guest deleg-sbi "$guest" "${boot_opts[@]}" --chosen tally,pmu-delegate=0
printf '%s\n' "$LOG_TEXT" | grep '^T:' | sed 's/^/  /'
check "sbi: no counter delegated" hasnt '^T:dmesg .*delegated'
check "sbi: perf record -e inst.ret.load:upp refused (no Sspesa)" \
	eval 'has "^T:pp [1-9]" && has "^T:pperr .*support sampling/overflow-interrupts"'
cycles_check sbi u
check_poweroff
ref_log=$LOG_TEXT

# refval TAG EVENT: EVENT's count in the reference boot.
refval() { LOG_TEXT=$ref_log perf_value "$2" "T:$1 "; }


# check_boot WHAT [mix]: the checks of one delegated boot against the
# reference; "mix": also the mixed session (the stock kernel has only the
# 8 SBI counters for it, so it multiplexes there).
check_boot() {
	local what=$1 e v r all a u k hp ref s want
	for e in ${U//,/ }; do
		v=$(perf_value "$e" "T:u ") r=$(refval u "$e")
		[[ $e == cycles* ]] && continue
		check "$what: $e ${v:-none}, through SBI ${r:-none} (exactly)" \
			eval 'positive "$r" && same "$v" "$r"'
	done
	cycles_check "$what" u
	for e in instructions inst.ret; do
		a=$(perf_value "$e" "T:uk ") u=$(perf_value "$e:u" "T:uk ")
		k=$(perf_value "$e:k" "T:uk ")
		check "$what: $e :u ${u:-none} + :k ${k:-none} = unfiltered ${a:-none} (1 %), :k > 0" \
			eval 'positive "$k" && positive "$u" && near $((u + k)) "$a" $((a / 100)) $((a / 100))'
		check "$what: $e:u ${u:-none} as in the :u session" \
			same "$u" "$(perf_value "$e:u" "T:u ")"
	done
	# exclude_guest (:H) changes nothing with no guest; exclude_host (:G)
	# leaves only guest modes (VS/VU), so nothing counts
	u=$(perf_value inst.ret:u "T:hg ")
	check "$what: inst.ret:uH ${u:-none} = inst.ret:u (exclude_guest), inst.ret:uG 0 (exclude_host)" \
		eval 'positive "$u" && same "$(perf_value inst.ret:uH "T:hg ")" "$u" &&
			same "$(perf_value inst.ret:uG "T:hg ")" 0'
	all=0
	[ "${2:-}" = mix ] && for e in ${MIX//,/ }; do
		v=$(perf_value "$e" "T:mix ") r=$(refval mix "$e")
		if ! grep -qE "^T:mix [0-9]+,[^,]*,$e,[0-9]+,100\.00," <<<"$LOG_TEXT"; then
			echo "  $e multiplexed or not counted"
			all=1
		elif [[ $e != cycles* ]] && ! same "$v" "$r"; then
			echo "  $e: $v, through SBI $r"
			all=1
		fi
	done
	[ "${2:-}" = mix ] &&
		check "$what: mixed session, 16 events on 10 delegated + 6 SBI counters at once, none multiplexed, exact" \
			test "$all" = 0
	mux_check "$what" inst.ret:u
	mux_check "$what" inst.ret.load:u
	a=$(grep -cE '^T:all CPU[0-3],[1-9][0-9]*,,(instructions|inst\.ret\.load( \[cpu\])?),' <<<"$LOG_TEXT")
	check "$what: perf stat -a -A: 4 harts x 2 events count ($a)" test "$a" = 8
	check "$what: hart 1 offline and back" \
		eval 'has "^T:off 0,2-3$" && has "^T:on 0-3$"'
	for e in instructions:u inst.ret.load:u; do
		hp=$(perf_value "$e" "T:hp ") ref=$(perf_value "$e" "T:ref ")
		check "$what: $e on hart 1 after hotplug ${hp:-none}, on hart 2 ${ref:-none} (exactly)" \
			eval 'positive "$ref" && same "$hp" "$ref"'
	done
	ref=$(perf_value instructions:u "T:ref ")
	want=$(( ${ref:-0} / PERIOD ))
	s=$(sed -n 's/^T:rec hp 0 //p' <<<"$LOG_TEXT")
	check "$what: perf record -e inst.ret:u -c $PERIOD after hotplug: ${s:-none} samples, exactly $want" \
		eval '[ "$want" -gt 50 ] && same "$s" "$want"'
	check "$what: no PMU error or oops in the kernel log" \
		hasnt '^T:dmesg2 .*(riscv-pmu-sbi: .*(fail|error)|Oops)'
	check_poweroff
}

# mux_check WHAT EVENT: every scaled EVENT within 3 % of the pinned one.
mux_check() {
	local ref lines bad ev=$2
	ref=$(sed -n "s/^T:mux \([0-9]*\),[^,]*,$2D,.*/\1/p" <<<"$LOG_TEXT")
	lines=$(sed -n "s/^T:mux \([0-9]*\),[^,]*,$2,.*/\1/p" <<<"$LOG_TEXT")
	bad=$(for v in $lines; do near "$v" "$ref" $((ref * 3 / 100)) \
		$((ref * 3 / 100)) || echo "$v"; done)
	check "$1: multiplexed $2: $(echo $lines | wc -w) scaled counts within 3 % of pinned ${ref:-none}${bad:+ (off: $(echo $bad))}" \
		eval 'positive "$ref" && [ "$(echo $lines | wc -w)" = 10 ] &&
			[ -z "$bad" ] && grep -qE "^T:mux [0-9]+,[^,]*,$ev,[0-9]+,[0-9]{1,2}\." <<<"$LOG_TEXT"'
}

run_guest deleg "$guest" "${boot_opts[@]}" --chosen tally,pmu-delegate=$DELEG_MASK
printf '%s\n' "$LOG_TEXT" | grep '^T:' | sed 's/^/  /'
check "patched kernel: the driver uses the delegated counters (mask $DELEG_MASK)" \
	has "^T:dmesg .*riscv-pmu-sbi: 10 hardware counters delegated \\(mask $DELEG_MASK\\)"
check "patched kernel, delegated: perf record -e inst.ret.load:upp refused (no Sspesa)" \
	eval 'has "^T:pp [1-9]" && has "^T:pperr .*support sampling/overflow-interrupts"'
check_boot "patched kernel, delegated" mix

run_stock deleg-stock "$guest" "${boot_opts[@]}" --chosen tally,pmu-delegate=$DELEG_MASK
printf '%s\n' "$LOG_TEXT" | grep '^T:' | sed 's/^/  /'
check_boot "stock kernel, delegation on"

# A hole in the counters (hpmcounter 4 absent: pmu-mask 0x7e8) inside the
# requested mask 0x3d: the firmware delegates 0x2d, the kernel's probe of
# counter 4 takes an illegal instruction and must survive it.
run_guest deleg-hole "
dmesg | grep riscv-pmu | sed 's/^/T:dmesg /'
ON=1
stat u -e instructions:u,inst.ret:u,inst.ret.load:u,inst.ret.store:u tally-events $N
" --icount --cpu "$DELEG_CPU,pmu-mask=0x7e8" --chosen tally,pmu-delegate=0x3d
printf '%s\n' "$LOG_TEXT" | grep '^T:' | sed 's/^/  /'
check "hole: the driver finds cycle, instret, 3 and 5 delegated, not the absent 4" \
	has '^T:dmesg .*riscv-pmu-sbi: 4 hardware counters delegated \(mask 0x2d\)'
for e in instructions:u inst.ret:u inst.ret.load:u inst.ret.store:u; do
	v=$(perf_value "$e" "T:u ") r=$(refval u "$e")
	check "hole: $e ${v:-none}, through SBI ${r:-none} (exactly)" \
		eval 'positive "$r" && same "$v" "$r"'
done
check_poweroff

# Everything delegated: the firmware keeps no hardware counter, so its
# CFG_MATCH refuses every generic event; the driver must still offer them
# (they have an encoding for a delegated counter).
run_guest deleg-all "
dmesg | grep riscv-pmu | sed 's/^/T:dmesg /'
ON=1
stat u -e cycles:u,instructions:u,branches:u,dTLB-loads:u tally-events $N
" --icount --cpu "$DELEG_CPU" --chosen tally,pmu-delegate=0xffffffff
printf '%s\n' "$LOG_TEXT" | grep '^T:' | sed 's/^/  /'
check "all: the driver finds the 18 hardware counters delegated" \
	has '^T:dmesg .*riscv-pmu-sbi: 18 hardware counters delegated \(mask 0x7fffd\)'
# EVENT[/REFERENCE EVENT]; perf 6.12 printed cache events without their
# modifier (dTLB-loads), 7.2 with it (dTLB-loads:u)
for e in instructions:u branches:u dTLB-loads:u/inst.ret.load:u; do
	v=$(perf_value "${e%/*}" "T:u ") r=$(refval u "${e#*/}")
	[ -n "$v" ] || v=$(perf_value "${e%:u/*}" "T:u ")
	e=${e%/*}
	# generic events other than the fixed counters' need the DT's
	# riscv,event-to-mhpmevent, which OpenSBI takes out of the DT it passes
	if [ "$e" != instructions:u ] && has '^OpenSBI v'; then
		skip "all: ${e%%:inst*} on a delegated counter" \
			"OpenSBI removes the DT's riscv,pmu event map"
		continue
	fi
	check "all: ${e%%:inst*} ${v:-none}, through SBI ${r:-none} (exactly)" \
		eval 'positive "$r" && same "$v" "$r"'
done
cycles_check all u
check_poweroff

# SBI calls while perf stat runs a pipe: QEMU's interrupt log on one hart,
# between two user-mode illegal instructions (tally-rdcounters reading
# cycle, which Linux does not allow by default).
ecall_guest="
tally-rdcounters 1
P stat -x, -e cycles:u,instructions:u,inst.ret:u,inst.ret.load:u,context-switches sh -c 'yes | head -c 400000 >/dev/null' 2>&1 | sed 's/^/T:pipe /'
tally-rdcounters 1
stat one -e cycles:u,instructions:u tally-events $N
"
# ecalls LOG: supervisor ecalls between the first two user-mode illegal
# instructions of the interrupt log (the firmware's own CSR probes at boot
# are illegal instructions too, at M-mode addresses).
ecalls() {
	awk '/desc=illegal_instruction/ && /epc:0x00000000[0-7]/ { m++; next }
		m == 1 && /desc=supervisor_ecall/ { n++ }
		END { print (m >= 2) ? n + 0 : "none" }' "$1"
}
for mask in 0 "$DELEG_MASK"; do
	ilog=$LOG_DIR/deleg-ecalls-$mask.int
	rm -f "$ilog"
	run_guest deleg-ecalls-$mask "$ecall_guest" --icount --cpu "$DELEG_CPU" --smp 1 \
		--chosen tally,pmu-delegate=$mask --qemu-arg -d --qemu-arg int \
		--qemu-arg -D --qemu-arg "$ilog"
	printf '%s\n' "$LOG_TEXT" | grep '^T:' | sed 's/^/  /'
	eval "cs_$((mask != 0))=\$(perf_value context-switches 'T:pipe ')"
	eval "ec_$((mask != 0))=\$(ecalls \"\$ilog\")"
	# one hart: the icount clock ticks only for this hart's instructions,
	# so cycles:u is instructions:u, through SBI and delegated alike
	for t in pipe one; do
		v=$(perf_value cycles:u "T:$t ") i=$(perf_value instructions:u "T:$t ")
		check "one hart, delegate $mask, $t: cycles:u ${v:-none} = instructions:u ${i:-none} (exactly)" \
			eval 'positive "$i" && same "$v" "$i"'
	done
	eval "cyc_$((mask != 0))=\$v"
	check_poweroff
done
# across the two boots, on one process: how much of the pipe each side
# of it runs depends on where the timer interrupts fall, and the SBI
# calls move them (seen in CI: 42363369 delegated, 42676904 through SBI)
check "one hart: cycles:u of tally-events delegated ${cyc_1:-none}, through SBI ${cyc_0:-none} (exactly)" \
	eval 'positive "$cyc_0" && same "$cyc_1" "$cyc_0"'
# at least a configure, start and stop per event (perf swaps the contexts
# of the pipe's two tasks without reprogramming counters, so not every
# context switch costs calls)
check "through SBI: the perf session made SBI calls (${ec_0:-none} over ${cs_0:-none} context switches)" \
	eval 'positive "$cs_0" && [ "${ec_0:-0}" -ge 20 ] 2>/dev/null'
check "delegated: the perf session made no SBI call (${ec_1:-none} over ${cs_1:-none} context switches)" \
	eval '[ "${cs_1:-0}" -gt 100 ] && same "$ec_1" 0'

summary
