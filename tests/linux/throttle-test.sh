#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Sample periods shorter than the overflow handler (suite `linux`,
# linux/patches/0021, docs/linux-patches.md), under `-icount shift=0` on
# one hart.
#
# perf record -c 100 of a short command counts the kernel too, and the
# SBI PMU driver's handler runs some 900 events from its restart of a
# counter to its next stop: the counter overflows again before the
# handler returns. perf throttles such an event (max_samples_per_tick
# interrupts in a tick); Linux's handler (6.12, 7.2) ignored that and restarted
# the counter anyway, so the hart never left the interrupt (no lockup
# message, the guest just stops: perf's own attr test, `perf test 15`,
# hung Debian's guest). With 0021 the event stays stopped until perf
# unthrottles it at the next tick.
#
# Each boot runs ROUNDS rounds of three recordings of `true`: every one
# must exit 0 with samples, perf must have throttled each kind at least
# once (perf report --stats: THROTTLE events), and the guest must power
# off within BOOT_TIMEOUT. Boots, all on the patched kernel:
#   1. snapshot on (the default): -c 100 -P, -c 123, and the group
#      {cycles,instructions}:S -c 100 (the member is restarted with the
#      leader);
#   2. riscv_pmu_sbi.snapshot=0: the same through the per-counter SBI
#      restarts;
#   3. delegated counters with Sspesa/Ssplcofi: cycles -c 100 (a delegated
#      hpmcounter), cycles:pp -c 100 (the precise path; on OpenSBI, which
#      drops the DT's event map, cycles.hart:pp, see below) and the group
#      {cycles,instructions} -c 100, both sampling.
# Another kernel: KERNEL=<Image> tests/linux/throttle-test.sh, e.g. the
# patched kernel built without 0021 or the stock one; there each boot
# hangs on its first recordings until BOOT_TIMEOUT.
# Environment: KERNEL, ROUNDS (10), BOOT_TIMEOUT (300), EXTRA_CHOSEN
# (NAME=N ...: more /chosen properties for every boot, e.g.
# tally,pmu-compat=0).
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-300}
. "$TOP/tests/linux/lib.sh"

ROUNDS=${ROUNDS:-10}
extra=()
for kv in ${EXTRA_CHOSEN:-}; do extra+=(--chosen "$kv"); done

# guest KIND:ARGS...: ROUNDS rounds of one perf record per KIND, each
# "T:rec KIND <round> <exit status> <samples> <throttle records>".
guest() {
	local spec
	cat <<EOF
dmesg | grep riscv-pmu | sed 's/^/T:dmesg /'
throttles() {
	P report --stats -i \$1 2>/dev/null | awk '\$1 == "THROTTLE" { print \$3; n = 1; exit } END { if (!n) print 0 }'
}
rec() {
	local kind=\$1
	shift
	P record -o /tmp/t.data "\$@" true >/dev/null 2>&1
	echo "T:rec \$kind \$i \$? \$(samples /tmp/t.data) \$(throttles /tmp/t.data)"
}
i=1
while [ \$i -le $ROUNDS ]; do
EOF
	for spec in "$@"; do
		printf '\trec %s\n' "$spec"
	done
	cat <<'EOF'
	i=$((i + 1))
done
echo "T:lcofi $(irqs riscv-pmu)"
EOF
}

# check_kind WHAT KIND: every recording of KIND exited 0 with samples,
# and perf throttled it in at least one.
check_kind() {
	local what=$1 kind=$2 n ok thr samples
	read -r n ok thr samples < <(awk -v k="$kind" '
		$1 == "T:rec" && $2 == k {
			n++
			if ($4 == 0 && $5 ~ /^[0-9]+$/ && $5 > 0) ok++
			if ($6 ~ /^[0-9]+$/ && $6 > 0) thr++
			s += $5
		}
		END { print n + 0, ok + 0, thr + 0, s + 0 }' <<<"$LOG_TEXT")
	check "$what: $kind, $ok of $ROUNDS recordings exited 0 with samples ($samples in all)" \
		eval '[ "$n" = "$ROUNDS" ] && [ "$ok" = "$ROUNDS" ]'
	check "$what: $kind, perf throttled it (in $thr of $n recordings)" \
		eval '[ "$thr" -gt 0 ]'
}

# boot NAME WHAT KIND:ARGS... -- run-linux.sh options...
boot() {
	local name=$1 what=$2 specs=() spec
	shift 2
	while [ $# -gt 0 ] && [ "$1" != -- ]; do specs+=("$1"); shift; done
	shift
	run_guest "$name" "$(guest "${specs[@]}")" --icount --smp 1 "${extra[@]}" "$@"
	for spec in "${specs[@]}"; do
		check_kind "$what" "${spec%% *}"
	done
	lcofi=$(value lcofi)
	check "$what: no kernel warning" \
		hasnt 'WARNING:|BUG:|Oops|soft lockup|hard LOCKUP'
	check "$what: guest finished within ${BOOT_TIMEOUT}s and powered off (${lcofi:-no} counter overflow interrupts)" \
		eval 'has "^tally-init: exit status 0$" && [ "$qemu_rc" = 0 ]'
}

GROUP_S="group -e '{cycles,instructions}:S' -c 100"

boot throttle "snapshot" \
	"c100 -c 100 -P" "c123 -c 123" "$GROUP_S" --
boot throttle-nosnapshot "snapshot off" \
	"c100 -c 100 -P" "c123 -c 123" "$GROUP_S" -- \
	--append riscv_pmu_sbi.snapshot=0
# The precise path: cycles:pp. The patched driver (linux/patches/0010)
# samples a generic event precisely only with the mhpmevent selector of
# the DT's riscv,event-to-mhpmevent, and OpenSBI deletes that property
# from the DT it passes on (its pmu node keeps only compatible; dmesg "0
# events mapped"), so there perf record -e cycles:pp is refused
# (EOPNOTSUPP), as deleg-test's generic events are. On OpenSBI the
# model's raw cycles.hart (selector 1, what the map gives cycles,
# docs/qemu-model.md) takes its place: it needs no map and throttles on
# the same precise path.
PRECISE="precise -e cycles:pp -c 100"
if opensbi_firmware; then
	for c in "recordings exited 0 with samples" "perf throttled it"; do
		skip "delegated counters: precise (cycles:pp -c 100), $c" \
			"OpenSBI removes the DT's riscv,event-to-mhpmevent: cycles:pp is refused; cycles.hart:pp instead"
	done
	PRECISE="precise-raw -e cycles.hart:pp -c 100"
fi
boot throttle-deleg "delegated counters" \
	"cycles -e cycles -c 100" "$PRECISE" \
	"group2 -e '{cycles,instructions}' -c 100" -- \
	--cpu "$PRECISE_CPU" --chosen tally,pmu-delegate=$DELEG_MASK

summary
