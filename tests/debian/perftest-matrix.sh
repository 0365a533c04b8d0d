#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# perf's own `perf test`, complete, in one guest per boot, on Tally and on
# Debian's OpenSBI builds, under each configuration of the matrix (make
# perftest-matrix; docs/perf-test.md, "Every configuration, every boot").
# Too long for make check: the suite's perftest-test.sh runs one
# configuration (2 harts, no icount) against committed OpenSBI results,
# this runs them all against OpenSBI measured in the same run.
#
#   MATRIX_CONFIGS  configurations, "<harts>[i]" (i: -icount shift=0);
#                   default "1 1i 4 4i"
#   MATRIX_FWS      firmwares: tally and the tags of tests/debian/lib.sh;
#                   default "tally opensbi-1.5.1"
#   MATRIX_BOOTS    boots per firmware and configuration (default 1)
#   STALL           seconds without a line of output other than kernel
#                   messages after which a guest counts as hung and is
#                   stopped (default 900: perf test's slowest tests print
#                   nothing for up to 5 min; a storm's RCU stall reports
#                   are kernel messages)
#   MATRIX_TESTS    the tests to run: "all" (default) or numbers, e.g.
#                   MATRIX_TESTS=15 MATRIX_BOOTS=5 for 6.12's attr test
#   MATRIX_SERIAL   1: one guest at a time (4 harts per guest on a 2-core
#                   host starve each other's vCPUs into RCU stalls)
#   MATRIX_BEFORE   guest commands to run before perf test (issue 32's
#                   set-up ran three `perf stat` of a loop first)
#   MATRIX_APPEND   more kernel arguments (e.g. quiet)
#   DEBIAN_SUITE    trixie (default) or sid
#
# The firmwares of one configuration boot side by side, one guest per host
# core. A boot that hangs or oopses is recorded with the test it stopped
# in; the tests it did not reach run in a guest of their own, so every
# firmware has a result for every test. Per boot: LOG_DIR/<config>-<fw>-<n>
# .log and .txt ("number|name|result"). Checks: Tally finished every boot
# (without Tally in MATRIX_FWS: each firmware did), and every test that
# passed on a reference firmware in a configuration passed on Tally in
# that configuration (one more run on its own first, as perftest-test.sh
# does). The table of totals goes to LOG_DIR/table.md.
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BUILD=${BUILD:-$TOP/build}
export LOG_DIR=${LOG_DIR:-$BUILD/test-logs/perftest-matrix}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-3600}
STALL=${STALL:-900}
MATRIX_CONFIGS=${MATRIX_CONFIGS:-1 1i 4 4i}
MATRIX_FWS=${MATRIX_FWS:-tally opensbi-1.5.1}
MATRIX_BOOTS=${MATRIX_BOOTS:-1}
MATRIX_TESTS=${MATRIX_TESTS:-all}
. "$TOP/tests/linux/lib.sh"
. "$TOP/tests/debian/lib.sh"
. "$TOP/tests/debian/perftest-lib.sh"

# the complete suite: no test is left out
not_run() { :; }

# fw_file TAG, fw_name TAG: the image and the name of a firmware of MATRIX_FWS
fw_line() { opensbis | awk -F'|' -v t="$1" '$1 == t'; }
fw_file() {
	if [ "$1" = tally ]; then echo "$TALLY_FW"; else fw_line "$1" | cut -d'|' -f2; fi
}
fw_name() {
	if [ "$1" = tally ]; then echo Tally; else fw_line "$1" | cut -d'|' -f3; fi
}

# kill_tree PID: PID and everything it started
kill_tree() {
	local c
	for c in $(pgrep -P "$1"); do kill_tree "$c"; done
	kill -KILL "$1" 2>/dev/null
}

# progress LOG: the bytes of LOG's lines that are not kernel messages (a
# hung guest can print stall reports for hours: those are no progress)
progress() {
	tr -d '\r' <"$1" 2>/dev/null | grep -av '^\[ *[0-9]*\.[0-9]*\]' | wc -c
}

# watched NAME CONFIG FW PART: one guest of perf test (PART as guest()
# takes it) under CONFIG on FW, stopped when its log stands still for
# STALL seconds; prints "finished", "oops", "stalled" or "timeout"
watched() {
	local name=$1 cfg=$2 fw=$3 part=$4 log=$LOG_DIR/$1.log pid size last now
	local opts=(--smp "${cfg%i}")
	[ "${cfg%i}" = "$cfg" ] || opts+=(--icount)
	# after PT_BOOT: run-linux.sh keeps the last --append
	[ -z "${MATRIX_APPEND:-}" ] || opts+=(--append "oops=panic panic=-1 $MATRIX_APPEND")
	: >"$log"
	(BOOT_TIMEOUT=$BOOT_TIMEOUT boot "$name" "$DEBIAN_QEMU" \
		"$(fw_file "$fw")" "${MATRIX_BEFORE:-}
$(guest "$part")" "${PT_BOOT[@]}" "${opts[@]}" \
		>"$LOG_DIR/$name.out" 2>&1) &
	pid=$!
	size=-1 last=$SECONDS
	while kill -0 "$pid" 2>/dev/null; do
		sleep 10
		now=$(progress "$log")
		if [ "$now" != "$size" ]; then
			size=$now last=$SECONDS
		elif [ $((SECONDS - last)) -ge "$STALL" ]; then
			echo "[perftest-matrix] $name: no output for ${STALL}s: stopped" >>"$LOG_DIR/$name.out"
			kill_tree "$pid"
			wait "$pid" 2>/dev/null
			echo stalled
			return
		fi
	done
	wait "$pid"
	if tr -d '\r' <"$log" | grep -q '^tally-init: exit status 0$'; then
		echo finished
	elif grep -aqE 'Oops|BUG:|Kernel panic' "$log"; then
		echo oops
	else
		echo timeout
	fi
}

# wanted TOTAL: the top-level numbers of the tests to run
wanted() {
	if [ "$MATRIX_TESTS" = all ]; then
		[[ ${1:-} =~ ^[0-9]+$ ]] && seq 1 "$1"
	else
		printf '%s\n' $MATRIX_TESTS
	fi
}

# not_reached ALL TOTAL: the wanted tests with no result in ALL
not_reached() {
	wanted "$2" | grep -vxF -f <(cut -d'|' -f1 <<<"$1" | cut -d. -f1; echo x) |
		tr '\n' ' ' | sed 's/ $//'
}

# test_name LOG NUMBER: the name perf test printed for a test it started
# (a "Running" line), else the name in the suite's committed results
test_name() {
	{
		tr -d '\r' <"$1" | sed -n "s/^T:pt $2|\([^|]*\)|.*/\1/p"
		cat "$TOP"/tests/debian/perftest-"$DEBIAN_SUITE"-*.txt 2>/dev/null |
			awk -F'|' -v n="$2" '$1 == n { print $2 }'
	} | head -1
}

# run_boot CONFIG FW N: one boot, then the tests it did not reach in a
# guest of their own; the results into <name>.txt, the outcome on stdout
run_boot() {
	local cfg=$1 fw=$2 n=$3 name=$1-$2-$3 how rest total all stuck
	how=$(watched "$name" "$cfg" "$fw" "$MATRIX_TESTS")
	all=$(results "$LOG_DIR/$name.log")
	total=$(tr -d '\r' <"$LOG_DIR/$name.log" | sed -n 's/^T:ptcount //p' | tail -1)
	if [ "$how" != finished ]; then
		rest=$(not_reached "$all" "$total")
		# the test it stopped in: the first it has no result for; it gets
		# that as its result, and the guest of the rest runs the others
		stuck=${rest%% *}
		if [ -n "$stuck" ]; then
			all=$({ echo "$all"; echo "$stuck|$(test_name "$LOG_DIR/$name.log" "$stuck")|$how"; } | grep .)
			how="$how in test $stuck"
			rest=$(sed 's/^[0-9]* *//' <<<"$rest")
		fi
		if [ -n "$rest" ]; then
			watched "$name-rest" "$cfg" "$fw" "$rest" >/dev/null
			all=$({ echo "$all"; results "$LOG_DIR/$name-rest.log"; } | grep . | sort -t'|' -k1,1n)
		fi
	fi
	echo "$all" >"$LOG_DIR/$name.txt"
	echo "$how|$(wanted "$total" | grep -c .)"
}

mkdir -p "$LOG_DIR"
rm -f "$LOG_DIR"/*.txt "$LOG_DIR"/outcome
if [ ! -x "$DEBIAN_QEMU" ]; then
	skip "perf test matrix" "no $DEBIAN_QEMU"
	summary
	exit
fi
for fw in $MATRIX_FWS; do
	[ -f "$(fw_file "$fw")" ] || { echo "[perftest-matrix] no image for $fw"; exit 1; }
done
echo "[perftest-matrix] $GUEST_NAME, configurations $MATRIX_CONFIGS, firmwares $MATRIX_FWS, $MATRIX_BOOTS boot(s) each, logs in $LOG_DIR"
for cfg in $MATRIX_CONFIGS; do
	for n in $(seq 1 "$MATRIX_BOOTS"); do
		for fw in $MATRIX_FWS; do
			(
				start=$SECONDS
				out=$(run_boot "$cfg" "$fw" "$n")
				echo "$cfg|$fw|$n|$out|$((SECONDS - start))" >>"$LOG_DIR/outcome"
				echo "[perftest-matrix] $cfg $fw boot $n: ${out%%|*} ($((SECONDS - start)) s)"
			) &
			[ -z "${MATRIX_SERIAL:-}" ] || wait
		done
		wait
	done
done

# label CONFIG: "1 hart", "4 harts, icount"
label() {
	local h=${1%i}
	printf '%s hart%s%s' "$h" "$([ "$h" = 1 ] || echo s)" \
		"$([ "$h" = "$1" ] || echo ', icount')"
}

# count FILE RESULT: how many tests of FILE have that result
count() { grep -c "|$2" "$1"; }

{
	echo "| config | firmware | boot | ended | Ok | FAILED | Skip | minutes |"
	echo "|---|---|---:|---|---:|---:|---:|---:|"
	sort -t'|' -k1,1 -k2,2 -k3,3n "$LOG_DIR/outcome" | while IFS='|' read -r cfg fw n how total secs; do
		f=$LOG_DIR/$cfg-$fw-$n.txt
		echo "| $(label "$cfg") | $(fw_name "$fw") | $n | $how | $(count "$f" 'Ok$') | $(count "$f" 'FAILED!$') | $(count "$f" Skip) | $((secs / 60)) |"
	done
} >"$LOG_DIR/table.md"
# With several boots, a test can pass in some and not in others: the
# tests whose number of passing boots differs between firmwares
if [ "$MATRIX_BOOTS" -gt 1 ]; then
	for cfg in $MATRIX_CONFIGS; do
		for fw in $MATRIX_FWS; do
			cat "$LOG_DIR/$cfg-$fw"-[0-9]*.txt 2>/dev/null |
				awk -F'|' -v fw="$(fw_name "$fw")" '$3 == "Ok" { ok[$1]++ } { name[$1] = $2 }
					END { for (t in name) print t "|" name[t] "|" fw "|" ok[t] + 0 }'
		done | sort -t'|' -k1,1V -k3,3 | awk -F'|' -v cfg="$(label "$cfg")" -v boots="$MATRIX_BOOTS" '
			$1 != t { if (n > 1 && lo != hi) print line " |"; t = $1; n = 0; lo = ""; hi = ""; line = "| " cfg " | " $1 " " $2 " |" }
			{ n++; line = line (n > 1 ? ", " : " ") $3 " " $4 "/" boots; if (lo == "" || $4 < lo) lo = $4; if (hi == "" || $4 > hi) hi = $4 }
			END { if (n > 1 && lo != hi) print line " |" }'
	done >"$LOG_DIR/rates.md"
	{
		echo
		echo "Tests whose passing boots differ between the firmwares:"
		echo
		echo "| config | test | Ok boots per firmware |"
		echo "|---|---|---|"
		cat "$LOG_DIR/rates.md"
	} >>"$LOG_DIR/table.md"
fi
cat "$LOG_DIR/table.md"

# the boots of Tally, or of each firmware when Tally is not among them
checked_fws=tally
[[ " $MATRIX_FWS " == *" tally "* ]] || checked_fws=$MATRIX_FWS
for cfg in $MATRIX_CONFIGS; do
	for fw in $checked_fws; do
		for n in $(seq 1 "$MATRIX_BOOTS"); do
			how=$(awk -F'|' -v c="$cfg" -v f="$fw" -v n="$n" '$1 == c && $2 == f && $3 == n { print $4 }' "$LOG_DIR/outcome")
			check "$(fw_name "$fw"), $cfg boot $n: perf test ran to its end (${how:-no outcome})" \
				[ "$how" = finished ]
			f=$LOG_DIR/$cfg-$fw-$n.txt
			total=$(awk -F'|' -v c="$cfg" -v f="$fw" -v n="$n" '$1 == c && $2 == f && $3 == n { print $5 }' "$LOG_DIR/outcome")
			top=$(cut -d'|' -f1 "$f" 2>/dev/null | cut -d. -f1 | sort -un | grep -c .)
			check "$(fw_name "$fw"), $cfg boot $n: a result for every one of the ${total:-?} tests run ($top)" \
				eval 'positive "$total" && [ "$top" = "$total" ]'
		done
	done
	# the comparison needs Tally and a reference firmware
	[ "$checked_fws" = tally ] && [ "$MATRIX_FWS" != tally ] || continue
	# the tests Ok on a reference firmware in any boot of this configuration
	# and on Tally in none, tried once more on their own
	lost=$(for f in "$LOG_DIR/$cfg"-*.txt; do
		case $f in *"-tally-"*) continue ;; esac
		grep '|Ok$' "$f" | cut -d'|' -f1
	done | sort -u | while read -r num; do
		cat "$LOG_DIR/$cfg"-tally-*.txt | awk -F'|' -v n="$num" '$1 == n && $3 == "Ok"' | grep -q . ||
			echo "$num"
	done | tr '\n' ' ' | sed 's/ $//')
	worse=()
	if [ -n "$lost" ]; then
		echo "[perftest-matrix] $cfg: passed on OpenSBI, not on Tally: $lost; once more on their own"
		watched "$cfg-tally-again" "$cfg" tally \
			"$(echo $lost | tr ' ' '\n' | cut -d. -f1 | sort -un | tr '\n' ' ')" >/dev/null
		again=$(results "$LOG_DIR/$cfg-tally-again.log")
		for num in $lost; do
			mine=$(awk -F'|' -v n="$num" '$1 == n { print $3 }' <<<"$again")
			[ "$mine" = Ok ] || worse+=("$num:${mine:-none}")
		done
	fi
	check "$cfg: every test that passed on OpenSBI passes on Tally (${lost:-none} needed a second run${worse:+; still failing: ${worse[*]}})" \
		[ ${#worse[@]} = 0 ]
done
summary
