# SPDX-License-Identifier: BSD-2-Clause
# Helpers for running perf's own `perf test` in a Debian guest
# (tests/debian/perftest-test.sh, perftest-matrix.sh). Sourced after
# tests/debian/lib.sh. The caller defines not_run: the names of tests to
# report as Skip instead of running, one per line (none: `not_run() { :; }`).

# guest PART: perf test for the numbers with NUMBER % 2 == PART (all
# numbers when PART is "all"; a list of numbers when it is one), its
# lines tagged "T:pt ". perf test's "N: name : result" lines, no colour.
# The tests of not_run() get a Skip line of their own instead.
guest() {
	cat <<EOF
cd /tmp
n=\$(perf test list 2>&1 | sed -n 's/^ *\([0-9][0-9]*\):.*/\1/p' | sort -n | tail -1)
skip=
while read -r name; do
	[ -n "\$name" ] || continue
	k=\$(perf test list 2>&1 | sed -n "s/^ *\([0-9][0-9]*\): \$name\\\$/\1/p")
	[ -n "\$k" ] || continue
	skip="\$skip \$k"
	[ "$1" = all ] || [ \$((k % 2)) = "$1" ] &&
		echo "T:pt \$k|\$name|Skip (not run: fails on OpenSBI too, see tests/debian/perftest-test.sh)"
done <<'NOTRUN'
$(not_run)
NOTRUN
case "$1" in
0|1|all) want=\$(seq 1 \$n | awk -v p=$1 -v s="\$skip" 'BEGIN { split(s, x, " "); for (i in x) no[x[i]] = 1 } (p == "all" || \$1 % 2 == p) && !(\$1 in no)') ;;
*) want="$1" ;;
esac
echo "T:ptcount \$n"
# one test at a time, as perf 6.12 runs them (7.x runs up to 30 at once)
seq=
perf test -h 2>&1 | grep -q -- --sequential && seq=--sequential
timeout -s KILL $((BOOT_TIMEOUT - 120)) perf test \$seq \$want 2>&1 </dev/null | cat |
	sed -n 's/^ *\([0-9][0-9.]*\): \(.*[^ ]\) *: \([A-Za-z].*\)\$/T:pt \1|\2|\3/p'
EOF
}

# results LOG: "number|name|result" of every test perf test reported
# (perf test also prints a "Running" line for a test in progress)
results() {
	tr -d '\r' <"$1" | sed -n 's/^T:pt //p' | sed 's/ *$//' | grep -v '|Running'
}

# A kernel oops ends the guest at once (oops=panic, panic=-1: an SBI
# reset, which ends QEMU with -no-reboot) instead of leaving it hung until
# the timeout: sid's 7.2 oopses now and then in perf's core
# (docs/perf-test.md), on a hart that then stops with interrupts off.
PT_BOOT=(--qemu-arg -m --qemu-arg 1G --append "oops=panic panic=-1"
	--qemu-arg -no-reboot)

# perf_core_race: the log of the last boot (LOG_TEXT) ends in the kernel's
# perf-core race above, as on both firmwares: the warning in ctx_sched_in()
# and then the oops in perf_ctx_sched_task_cb() (docs/perf-test.md, "An
# oops in perf's core"); any other oops or a hang is not it
perf_core_race() {
	grep -qE 'WARNING: .*kernel/events/core\.c:[0-9]+ (at )?ctx_sched_in\+' <<<"$LOG_TEXT" &&
		grep -qE '^\[ *[0-9.]+\] epc : perf_ctx_sched_task_cb\+' <<<"$LOG_TEXT" &&
		[ "$(grep -cE 'Oops \[#' <<<"$LOG_TEXT")" = 1 ]
}

# missing TOTAL ALL: the top-level test numbers up to TOTAL with no result
# in ALL, space-separated
missing() {
	local have
	[[ ${1:-} =~ ^[0-9]+$ ]] || return 0
	have=$(cut -d'|' -f1 <<<"$2" | cut -d. -f1 | sort -un)
	seq 1 "$1" | grep -vxF -f <(echo "$have") | tr '\n' ' ' | sed 's/ $//'
}

