#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# perf's own test suite, `perf test`, complete, from Debian's perf on
# Debian's kernel (suite `debian`: trixie's, or sid's with
# DEBIAN_SUITE=sid), on Tally under Debian's QEMU (2 harts, without
# icount: perf test times things). It must run to its end with no hang,
# and every test that passes on one of Debian's OpenSBI builds must pass on
# Tally too.
#
# The OpenSBI results are measured, not assumed: PERFTEST_ANCHOR=1 runs the
# same suite on OpenSBI (the first of DEBIAN_OPENSBIS: tests/debian/lib.sh;
# DEBIAN_OPENSBIS=opensbi-1.9 for sid's 1.9) and writes them to
# tests/debian/perftest-<suite>-<opensbi>.txt (committed, with the kernel
# and perf versions they were measured with; docs/perf-test.md has the
# per-test tables). Tally is compared against every such file of its suite
# (ANCHORS='<file>...' names others). A test that passes there and fails
# here is run once more on its own before it counts as a failure: a few of
# perf's shell tests time out now and then on an emulated machine, on
# either firmware.
# The suite runs in two guests at once (odd and even test numbers), one
# per host core.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-1800}
. "$TOP/tests/linux/lib.sh"
. "$TOP/tests/debian/lib.sh"
. "$TOP/tests/debian/perftest-lib.sh"
# two harts, as a small board has
PT_BOOT+=(--smp 2)

FW=$TALLY_FW WHO=Tally
if [ -n "${PERFTEST_ANCHOR:-}" ]; then
	IFS='|' read -r tag FW WHO < <(opensbis)
	ANCHORS=
	ANCHOR=$TOP/tests/debian/perftest-$DEBIAN_SUITE-$tag.txt
else
	ANCHORS=${ANCHORS:-$(ls "$TOP"/tests/debian/perftest-"$DEBIAN_SUITE"-*.txt 2>/dev/null)}
fi

# Tests not run on Tally: each fails on OpenSBI as well, for a reason of
# the guest rather than the firmware, and costs minutes; the anchor must
# say it failed there, so one that passes on OpenSBI some day runs again.
# "daemon operations": busybox's mktemp rejects the test's XXX template,
# so it starts no session and then polls `perf daemon ping` until its
# timeouts, 3-5 minutes of one guest (docs/perf-test.md).
SLOW_FAILING=("daemon operations")

# not_run: the names of SLOW_FAILING that failed on every OpenSBI build
# measured (none when measuring OpenSBI itself), one per line
not_run() {
	local name
	[ -z "${PERFTEST_ANCHOR:-}" ] && [ -n "$ANCHORS" ] || return 0
	for name in "${SLOW_FAILING[@]}"; do
		cat $ANCHORS | awk -F'|' -v n="$name" '$2 == n { all++; if ($3 != "Ok") bad++ }
			END { if (all > 0 && bad == all) print n }'
	done
}

parts() {
	local p pids=()
	for p in 0 1; do
		(BOOT_TIMEOUT=$BOOT_TIMEOUT boot "perftest-$p" "$DEBIAN_QEMU" "$FW" \
			"$(guest $p)" "${PT_BOOT[@]}" >/dev/null) &
		pids+=($!)
	done
	wait "${pids[@]}"
}

if [ ! -x "$DEBIAN_QEMU" ]; then
	skip "perf test" "no $DEBIAN_QEMU"
	summary
	exit
fi
echo "[perftest] perf test on $WHO in two guests (up to ${BOOT_TIMEOUT}s)"
parts
all=$(for p in 0 1; do results "$LOG_DIR/perftest-$p.log"; done | sort -t'|' -k1,1n)
for p in 0 1; do
	load_log "$LOG_DIR/perftest-$p.log"
	qemu_rc=0
	grep -q '^tally-init: exit status' <<<"$LOG_TEXT" || qemu_rc=124
	tail_on_hang
	if perf_core_race; then
		# Debian's kernel, not the firmware: it hits OpenSBI too; the
		# tests it did not reach run below in a guest of their own
		echo "[perftest] part $p ended in the kernel's perf-core race (docs/perf-test.md)"
		check "$WHO: perf test, part $p, ran to its end or to the kernel's known perf-core oops, nothing else" \
			perf_core_race
	else
		check "$WHO: perf test, part $p, ran to its end: the guest powered off" \
			has '^tally-init: exit status 0$'
	fi
done
total=$(cat "$LOG_DIR"/perftest-[01].log | tr -d '\r' | sed -n 's/^T:ptcount //p' | tail -1)
# a part that ended early (an oops, a hang): its tests not reached, once
# more in a guest of their own, so that the comparison has them
rest=$(missing "$total" "$all")
if [ -n "$rest" ]; then
	echo "[perftest] no result for tests $rest: once more in a guest of their own"
	boot perftest-rest "$DEBIAN_QEMU" "$FW" "$(guest "$rest")" "${PT_BOOT[@]}" >/dev/null
	all=$({ echo "$all"; results "$LOG_DIR/perftest-rest.log"; } | grep . | sort -t'|' -k1,1n)
	check "$WHO: the tests a part did not reach ran to their end in a guest of their own" \
		has '^tally-init: exit status 0$'
fi
top=$(cut -d'|' -f1 <<<"$all" | cut -d. -f1 | sort -n | uniq | wc -l)
check "$WHO: perf test reported every one of its ${total:-?} tests ($top)" \
	eval 'positive "$total" && [ "$top" = "$total" ]'
echo "$WHO: $(grep -c '|Ok$' <<<"$all") Ok, $(grep -c '|FAILED!$' <<<"$all") FAILED, $(grep -c '|Skip' <<<"$all") Skip"

if [ -n "${PERFTEST_ANCHOR:-}" ]; then
	{
		echo "# perf test on $WHO: tests/debian/perftest-test.sh"
		echo "# with PERFTEST_ANCHOR=1. number|name|result; measured with:"
		sed 's/^/# /' "$DEBIAN_DIR/versions" | grep -E '^# (linux-image-[0-9][^=]*|linux-perf|busybox-static)='
		echo "$all"
	} >"$ANCHOR"
	echo "[perftest] wrote $ANCHOR"
	summary
	exit
fi

# the tests that pass on an OpenSBI build and not here, tried once more on
# their own
check "OpenSBI results for $DEBIAN_SUITE's perf are there (${ANCHORS:-none})" [ -n "$ANCHORS" ]
now=$(sed -n 's/^linux-perf=//p' "$DEBIAN_DIR/versions" 2>/dev/null)
for a in $ANCHORS; do
	# test numbers change with perf: the results must be of this perf
	had=$(sed -n 's/^# linux-perf=//p' "$a" 2>/dev/null)
	check "$(basename "$a") was measured with this perf (${had:-none}, the guest's ${now:-none}; if not, run PERFTEST_ANCHOR=1 again)" \
		eval '[ -n "$had" ] && [ "$had" = "$now" ]'
done
# the union: a test is Ok there when it passed on any of them
anchor=$(cat $ANCHORS /dev/null | grep -v '^#' |
	awk -F'|' '{ if (!($1 in r)) { o[++n] = $1; nm[$1] = $2; r[$1] = $3 }
		else if ($3 == "Ok") r[$1] = "Ok" }
		END { for (i = 1; i <= n; i++) print o[i] "|" nm[o[i]] "|" r[o[i]] }')
lost=()
while IFS='|' read -r num name res; do
	[ "$res" = Ok ] || continue
	mine=$(awk -F'|' -v n="$num" '$1 == n { print $3 }' <<<"$all")
	[ "$mine" = Ok ] || lost+=("$num")
done <<<"$anchor"
again=
if [ ${#lost[@]} -gt 0 ]; then
	echo "[perftest] passed on OpenSBI, not here: ${lost[*]}; once more on their own"
	boot perftest-again "$DEBIAN_QEMU" "$FW" "$(guest "$(echo ${lost[*]%%.*} | tr ' ' '\n' | sort -un | tr '\n' ' ')")" \
		"${PT_BOOT[@]}" >/dev/null
	again=$(results "$LOG_DIR/perftest-again.log")
fi
worse=()
for num in "${lost[@]}"; do
	mine=$(awk -F'|' -v n="$num" '$1 == n { print $3 }' <<<"$again")
	[ "$mine" = Ok ] || worse+=("$num:${mine:-none}")
done
better=$(while IFS='|' read -r num name res; do
	[ "$res" = Ok ] && continue
	awk -F'|' -v n="$num" '$1 == n && $3 == "Ok"' <<<"$all"
done <<<"$anchor" | wc -l)
check "every test that passes on OpenSBI ($(for a in $ANCHORS; do basename "$a" .txt; done | sed 's/^perftest-//' | tr '\n' ' ' | sed 's/ $//')) passes on Tally (${#lost[@]} needed a second run${worse:+; still failing: ${worse[*]}}; $better pass only on Tally)" \
	[ ${#worse[@]} = 0 ]
summary
