# SPDX-License-Identifier: BSD-2-Clause
# Guest-side helpers, put in front of every test's guest script by
# run_guest (lib.sh). Result lines start with "T:" so that kernel messages
# on the console cannot be mistaken for them.
cd /tmp

# P ARGS...: perf under a hard timeout. SIGKILL: perf 6.12 can loop forever
# (perf record without Sscofpmf) and its SIGTERM handler does not stop that.
P() { timeout -s KILL "${PERF_TIMEOUT:-120}" perf "$@"; }

# stat TAG PERF-STAT-ARGS...: perf stat -x, with its CSV lines tagged
# "T:TAG " (the workload's own output is dropped).
stat() {
	local tag=$1
	shift
	P stat -x, "$@" 2>&1 >/dev/null | sed "s/^/T:$tag /"
}

# samples FILE: the number of samples in a perf.data file ("none" if perf
# script cannot read it, e.g. truncated).
samples() {
	if P script -i "$1" -F ip >/tmp/samples.txt 2>/dev/null; then
		awk 'END { print NR }' /tmp/samples.txt
	else
		echo none
	fi
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
