#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Linux boot test (suite `linux`): boot Linux 7.2 on the firmware with 4
# harts, run a probe script in the guest, check its console log on the
# host. Prints one "ok - ..." or "FAIL - ..." line per check and ends with
# "N passed, N failed".
#
# Environment: QEMU, FW_DYNAMIC, KERNEL, INITRAMFS (as scripts/run-linux.sh),
# LOG_DIR (default build/test-logs/linux), BOOT_TIMEOUT (default 240 s).
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-240}
. "$TOP/tests/linux/lib.sh"


# The guest side. Every perf call runs under a hard timeout; each result
# line starts with "T:" so that kernel messages cannot be mistaken for it.
guest='
echo "T:cpuinfo $(grep -c ^processor /proc/cpuinfo)"
echo "T:online $(cat /sys/devices/system/cpu/online)"
dmesg | grep -e riscv-pmu -e "SBI SRST" | sed "s/^/T:dmesg /"
ls /sys/bus/event_source/devices | sed "s/^/T:pmu /"
ls /sys/bus/platform/devices | grep riscv-pmu | sed "s/^/T:pdev /"
ls /sys/bus/platform/drivers/riscv-pmu-sbi | sed "s/^/T:sbi-drv /"
timeout -s KILL 60 perf stat -x, -e cycles,instructions tally-loop 10000000 >/tmp/out 2>/tmp/err
echo "T:perf-rc $?"
sed "s/^/T:perf /" /tmp/err
sed "s/^/T:out /" /tmp/out
'

run_guest boot "$guest"

check "kernel reached init" has '^tally-init: start'
check "4 harts in /proc/cpuinfo" has '^T:cpuinfo 4$'
check "harts 0-3 online" has '^T:online 0-3$'
check "SBI PMU extension found by riscv-pmu-sbi" \
	has '^T:dmesg .*riscv-pmu-sbi: SBI PMU extension is available'
check "riscv-pmu-sbi probed with hardware counters" \
	has '^T:dmesg .*riscv-pmu-sbi: [0-9]+ firmware and [1-9][0-9]* hardware counters'
check "riscv-pmu-sbi driver bound to its platform device" \
	has '^T:sbi-drv riscv-pmu-sbi$'
check "no legacy PMU device next to it" \
	eval "has '^T:pdev riscv-pmu-sbi$' && hasnt '^T:pdev riscv-pmu-legacy' && hasnt 'Legacy PMU implementation'"
check "perf event source 'cpu' registered" has '^T:pmu cpu$'
check "perf stat exited 0 within its timeout" has '^T:perf-rc 0$'
check "workload ran to completion" \
	has '^T:out tally-loop: 10000000 iterations'
cycles=$(perf_value cycles)
instr=$(perf_value instructions)
echo "[linux-test] perf stat: cycles=${cycles:-none} instructions=${instr:-none}"
check "perf stat counted cycles (>0)" positive "$cycles"
check "perf stat counted instructions (>0)" positive "$instr"
check "kernel found SBI SRST" has '^T:dmesg .*SBI SRST extension detected'
check "guest command finished, status 0" has '^tally-init: exit status 0$'
check "kernel powered down" has 'reboot: Power down'
check "QEMU exited 0 by itself (SRST shutdown, no timeout)" test "$qemu_rc" = 0

summary
