# SPDX-License-Identifier: BSD-2-Clause
# Guest-side helpers, put in front of every test's guest script by
# run_guest (lib.sh). Result lines start with "T:" so that kernel messages
# on the console cannot be mistaken for them.
cd /tmp

# P ARGS...: perf under a hard timeout. SIGKILL: perf 6.12 could loop forever
# (perf record without Sscofpmf) and its SIGTERM handler does not stop that.
# With ON=<hart> set, perf itself runs pinned to that hart, so the workload
# it forks starts there and never migrates (a sampled event that moves to
# another hart early in the workload can lose a sample).
P() {
	if [ -n "${ON:-}" ]; then
		taskset -c "$ON" timeout -s KILL "${PERF_TIMEOUT:-120}" perf "$@"
	else
		timeout -s KILL "${PERF_TIMEOUT:-120}" perf "$@"
	fi
}

# stat TAG PERF-STAT-ARGS...: perf stat -x, with its CSV lines tagged
# "T:TAG " (the workload's own output is dropped).
stat() {
	local tag=$1
	shift
	P stat -x, "$@" 2>&1 >/dev/null | sed "s/^/T:$tag /"
}

# samples FILE [EVENT]: the number of samples in a perf.data file, or of
# EVENT's only ("none" if perf script cannot read it, e.g. truncated).
samples() {
	if P script -i "$1" -F event >/tmp/samples.txt 2>/dev/null; then
		awk -v ev="${2:-}" 'ev == "" || $1 == ev ":" { n++ } END { print n + 0 }' /tmp/samples.txt
	else
		echo none
	fi
}

# sampled TAG PERF-RECORD-ARGS...: one perf record into /tmp/r.data (its
# output dropped), then "T:rec TAG <exit status> <samples>".
sampled() {
	local tag=$1
	shift
	P record -o /tmp/r.data "$@" >/dev/null 2>&1
	echo "T:rec $tag $? $(samples /tmp/r.data)"
}

# irqs REGEX [FILE]: the sum over all harts of the rows of /proc/interrupts
# (or of a copy of it) that match REGEX.
irqs() {
	awk -v re="$1" '$0 ~ re {
		for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) n += $i
	} END { print n + 0 }' "${2:-/proc/interrupts}"
}

# /tmp/bracket CMD...: run CMD between two copies of /proc/interrupts,
# /tmp/irq0 and /tmp/irq1 (what the kernel counted while CMD ran). A
# program, so that perf stat can run it.
cat >/tmp/bracket <<'EOF'
#!/bin/sh
cat /proc/interrupts >/tmp/irq0
"$@"
rc=$?
cat /proc/interrupts >/tmp/irq1
exit $rc
EOF
chmod +x /tmp/bracket

# irqs_during REGEX: what the rows matching REGEX gained during the last
# bracket.
irqs_during() { echo $(($(irqs "$1" /tmp/irq1) - $(irqs "$1" /tmp/irq0))); }
