#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Tracepoints (suite `linux`): perf with libtraceevent on the kernel's
# event tracing (linux/kernel.config: FTRACE_SYSCALLS; tracefs mounted at
# /sys/kernel/tracing by linux/initramfs/init).
#
# One boot at host-tick speed, 4 harts. Checks:
#   - `perf record -e sched:sched_switch -a sleep 0.1` exits 0 and records
#     context switches;
#   - `perf script` prints them with the field names of the tracepoint's
#     format (prev_comm=... prev_pid=... next_comm=... next_pid=...): perf
#     parsed the format with libtraceevent;
#   - `perf trace -e openat,close cat /proc/version` exits 0 and names the
#     syscalls with their arguments (openat(dfd: CWD, filename: ...) =
#     <fd>, close(fd: <fd>) = 0): raw_syscalls tracepoints,
#     the syscall table of linux/perf-patches/0002 and the formats of
#     syscalls:sys_enter_*.
# perf without libtraceevent refuses the sched:sched_switch event or
# prints no field names; a kernel without tracing has no such event;
# perf without a riscv syscall table has no `trace` command. Any of these
# fails a check.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-300}
. "$TOP/tests/linux/lib.sh"

guest='
echo "T:tracefs $(ls /sys/kernel/tracing/events/sched/sched_switch/format 2>/dev/null)"
P record -o /tmp/tp.data -e sched:sched_switch -a sleep 0.1 >/dev/null 2>/tmp/tp.err
echo "T:rec $? $(samples /tmp/tp.data)"
sed "s/^/T:rec-err /" /tmp/tp.err | head -5
P script -i /tmp/tp.data >/tmp/tp.txt 2>/dev/null
echo "T:script $?"
grep -m 3 sched_switch /tmp/tp.txt | sed "s/^/T:s /"
echo "T:fields $(grep -cE "prev_comm=.* prev_pid=[0-9]+ .*next_comm=.* next_pid=[0-9]+" /tmp/tp.txt)"
P trace -o /tmp/tr.txt -e openat,close cat /proc/version >/dev/null 2>/tmp/tr.err
echo "T:trace $?"
sed "s/^/T:t /" /tmp/tr.txt | head -20
sed "s/^/T:trace-err /" /tmp/tr.err | head -5
'

run_guest tracepoint "$guest" --smp 4

rec=$(value rec) fields=$(value fields)
samples=${rec#* }
echo "[linux-test] sched_switch: record ${rec:-none} (status, samples), $fields of them with field names"

check "tracefs mounted: /sys/kernel/tracing/events/sched/sched_switch/format" \
	has '^T:tracefs /sys/kernel/tracing/events/sched/sched_switch/format$'
check "perf record -e sched:sched_switch -a sleep 0.1 exited 0 with samples (${rec:-none})" \
	eval '[ "${rec%% *}" = 0 ] && positive "$samples"'
check "perf script exited 0" has '^T:script 0$'
check "perf script: every sched_switch sample has prev_comm=, prev_pid=, next_comm=, next_pid= ($fields of $samples)" \
	eval 'positive "$fields" && [ "$fields" = "$samples" ]'
check "perf trace -e openat,close cat exited 0" has '^T:trace 0$'
check "perf trace: openat named with its arguments (dfd: CWD, filename: ...) and a result" \
	has '^T:t .*cat/[0-9]+ openat\(dfd: CWD, filename: [^,)]+.*\) += [0-9]+$'
check "perf trace: close named with its argument (fd:)" \
	has '^T:t .*cat/[0-9]+ close\(fd: [0-9]+\) += 0$'
check_poweroff

summary
