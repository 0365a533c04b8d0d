#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# perf inside a KVM guest: Debian's own kernel (trixie's 6.12; sid's 7.2
# with DEBIAN_SUITE=sid) booted on Tally as the KVM host, with kvm.ko and
# Debian's QEMU (package qemu-system-riscv, in the guest variant
# build/debian-kvm/: scripts/build-debian-guest.sh --kvm) running a KVM
# guest of the same kernel with Debian's perf (-accel kvm -cpu host, one
# vCPU). The KVM guest's SBI PMU is KVM's (arch/riscv/kvm/vcpu_pmu.c): it
# counts with host perf events, which the host's riscv-pmu-sbi driver
# runs on the firmware's SBI PMU. The host counts, with kprobes in it
# recorded by the host's perf: its PMU interrupts (pmu_sbi_ovf_handler),
# the overflows KVM forwards to the guest (kvm_riscv_pmu_overflow) and
# the guest's COUNTER_START calls (kvm_riscv_vcpu_pmu_ctr_start, its base).
# In the KVM guest:
#   - perf stat -e instructions:u is exact: tally-loop 2N counts 2N more
#     than tally-loop N;
#   - perf record -e instructions:u -c P of tally-loop N, three times,
#     exits 0 with 1 to 2N / P samples;
#   - every overflow of the guest's counter in the host was a host PMU
#     interrupt, a guest PMU interrupt and a sample: nothing is lost on
#     the way from the host's counter to perf in the guest;
#   - Debian's guest kernel restarts its counter after each overflow from
#     counter base 4096 (riscv_pmu_sbi.c's pmu_sbi_start_ovf_ctrs_snapshot(),
#     fixed by linux/patches/0001), which KVM refuses; with
#     NESTED_KERNEL=<Image> (e.g. the project's) the guest runs that
#     kernel and no restart may come from 4096.
# The samples are fewer than due, on every firmware alike: after an
# overflow the host counter behind the guest's counter raises no
# interrupt until the guest configures its counter again (the guest's
# restart from base 4096; Debian's QEMU's overflow timer leftover,
# brought out by KVM's full-width restart of the host counter:
# docs/linux.md, "KVM guests"). The test records that as it is.
# Then the same boot on Debian's OpenSBI 1.5.1 (the first of opensbis(),
# DEBIAN_OPENSBIS), for comparison: the same checks, the same
# instructions:u count as Tally, and Tally's samples at least OpenSBI's
# less one a run (which guest tick re-creates the counter depends on the
# firmwares' timing).
# Last, the fixes measured (KVM_FIXED=0 leaves it out): the same host on
# Tally under the project's QEMU (qemu/patches/0005) with the project's
# kernel (linux/patches/0001; FIXED_KERNEL, default build/linux/Image) as
# the KVM guest's: every sample due, in each run. Skipped without them.
# The host boots under Debian's QEMU (else the project's; QEMU=...) with
# -icount shift=0 (KVM_ICOUNT=0: without), one hart (under icount Debian's
# QEMU counts every hart's instructions in each: KVM_SMP), -cpu max (the
# H extension, Sscofpmf; KVM_CPU). KVM_GUEST_EXTRA=<commands> runs more
# commands in the KVM guest, after the test's own.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-900}
# the whole KVM guest: its boot and the perf runs in it
NESTED_TIMEOUT=${NESTED_TIMEOUT:-600}
KVM_CPU=${KVM_CPU:-max}
LOG_DIR=${LOG_DIR:-${BUILD:-$TOP/build}/test-logs/debian}
. "$TOP/tests/linux/lib.sh"
DEBIAN_SUITE=${DEBIAN_SUITE:-trixie}
KVM_DIR=$BUILD/debian-kvm
[ "$DEBIAN_SUITE" = trixie ] || KVM_DIR=$BUILD/debian-$DEBIAN_SUITE-kvm
DEBIAN_DIR=$KVM_DIR
# the host's unpacked tree (about 320 MB) and the KVM guest's 256 MB
QEMU_MEM=${QEMU_MEM:-2G}
. "$TOP/tests/debian/lib.sh"

# tally-loop N: 2N loop instructions, 2N / PERIOD samples due
N=10000000 PERIOD=1000000 RUNS=3
DUE=$((2 * N / PERIOD))
if [ -z "${QEMU:-}" ]; then
	QEMU=$DEBIAN_QEMU
	[ -x "$QEMU" ] || QEMU=$PROJECT_QEMU
fi
export QEMU
KVM_ICOUNT=${KVM_ICOUNT:-1}
KVM_SMP=${KVM_SMP:-1}
boot=(--cpu "$KVM_CPU" --smp "$KVM_SMP")
[ "$KVM_ICOUNT" = 1 ] && boot+=(--icount)

"$TOP/scripts/build-debian-guest.sh" --suite "$DEBIAN_SUITE" --kvm >&2 ||
	echo "[kvm-perf-test] scripts/build-debian-guest.sh --kvm failed"

work=$(mktemp -d "${TMPDIR:-/tmp}/kvm-perf-test.XXXXXX")
trap 'rm -rf "$work"' EXIT

# What the KVM guest runs: tests/linux/guest.sh's helpers, then perf.
# Its result lines reach the host's console prefixed "L2| ".
mkdir -p "$work/l2/etc/tally" "$work/l1/usr/share/tally/nested"
{
	cat "$TOP/tests/linux/guest.sh"
	cat <<EOF
dmesg | grep -e riscv-pmu -e 'SBI implementation' | sed 's/^/T:dmesg /'
stat loop -e instructions:u tally-loop $N
stat loop2 -e instructions:u tally-loop $((2 * N))
cat /proc/sys/kernel/perf_event_max_sample_rate | sed 's/^/T:rate0 /'
for i in \$(seq 1 $RUNS); do
	i0=\$(irqs riscv-pmu)
	sampled rec\$i -e instructions:u -c $PERIOD tally-loop $N
	echo "T:irq rec\$i \$((\$(irqs riscv-pmu) - i0))"
	P report -D -i /tmp/r.data 2>/dev/null >/tmp/d.txt
	echo "T:throttle rec\$i \$(grep -c 'PERF_RECORD_THROTTLE' /tmp/d.txt)"
	echo "T:lost rec\$i \$(grep -c 'PERF_RECORD_LOST' /tmp/d.txt)"
done
cat /proc/sys/kernel/perf_event_max_sample_rate | sed 's/^/T:rate1 /'
EOF
	# more commands for the KVM guest, by hand (an investigation)
	printf '%s\n' "${KVM_GUEST_EXTRA:-}"
} >"$work/l2/etc/tally/cmd"
(cd "$work/l2" && find etc | LC_ALL=C sort |
	cpio --quiet -o -H newc -R 0:0 | gzip -n) \
	>"$work/l1/usr/share/tally/nested/cmd.cpio.gz"
DEBIAN_INITRAMFS=$INITRAMFS

# initrd KERNEL: the host's initramfs with the KVM guest's command and,
# unless KERNEL is empty, KERNEL as the KVM guest's kernel; sets INITRAMFS
initrd() {
	rm -f "$work/l1/usr/share/tally/nested/Image"
	if [ -n "$1" ]; then
		cp "$1" "$work/l1/usr/share/tally/nested/Image"
		echo "[kvm-perf-test] KVM guest kernel: $1"
	fi
	(cd "$work/l1" && find usr/share/tally/nested/* | LC_ALL=C sort |
		cpio --quiet -o -H newc -R 0:0 | gzip -n) >"$work/l1.cpio.gz"
	[ -e "$DEBIAN_INITRAMFS" ] &&
		cat "$DEBIAN_INITRAMFS" "$work/l1.cpio.gz" >"$work/initrd"
	export INITRAMFS=$work/initrd
}
initrd "${NESTED_KERNEL:-}"

# The host: kvm.ko, three kprobes (kvm_riscv_pmu_overflow: an overflow of
# a KVM guest's counter, forwarded to the guest; kvm_riscv_vcpu_pmu_ctr_start:
# the guest's COUNTER_START, its base and flags; pmu_sbi_ovf_handler: a
# host PMU interrupt), then the KVM guest, one vCPU, under a hard timeout
# and the host's perf recording the probes, its console copied to the
# host's as it comes. The probes sit 8 bytes in, past the
# four compressed nops of the ftrace call site (-fpatchable-function-entry=4):
# Debian's 6.12 refuses a kprobe on that site (EIO), and no argument
# register has changed there.
guest="
insmod /usr/lib/modules/*/kvm.ko
echo \"T:insmod \$?\"
K=/sys/kernel/tracing
echo 'p:tally/ovf kvm_riscv_pmu_overflow+8' >>\$K/kprobe_events &&
echo 'p:tally/start kvm_riscv_vcpu_pmu_ctr_start+8 base=%a1:u64 mask=%a2:x64 flags=%a3:x64 ival=%a4:s64' >>\$K/kprobe_events &&
echo 'p:tally/hostovf pmu_sbi_ovf_handler+8' >>\$K/kprobe_events
echo \"T:kprobes \$?\"
echo \"T:hrate0 \$(cat /proc/sys/kernel/perf_event_max_sample_rate)\"
D=/usr/share/tally/nested
cat \$D/initrd.cpio.gz \$D/cmd.cpio.gz >/tmp/l2.cpio.gz
i0=\$(irqs riscv-pmu)
{
	perf record -q -e 'tally:*' -a -o /tmp/k.data -- \\
		timeout -s KILL $NESTED_TIMEOUT qemu-system-riscv64 -M virt -accel kvm \\
		-cpu host -smp 1 -m 256M -nographic -no-reboot -kernel \$D/Image \\
		-initrd /tmp/l2.cpio.gz \\
		-append 'console=ttyS0 quiet panic=-1 tally.mode=cmd' </dev/null
	echo \$? >/tmp/l2.rc
} 2>&1 | sed -u 's/\\r\$//; s/^/L2| /'
echo \"T:l2 \$(cat /tmp/l2.rc)\"
echo \"T:hrate1 \$(cat /proc/sys/kernel/perf_event_max_sample_rate)\"
echo \"T:lcofi \$((\$(irqs riscv-pmu) - i0))\"
perf script -i /tmp/k.data -F event,trace 2>/dev/null >/tmp/k.txt
echo \"T:ovf \$(grep -c '^ *tally:ovf:' /tmp/k.txt)\"
echo \"T:hostovf \$(grep -c '^ *tally:hostovf:' /tmp/k.txt)\"
echo \"T:starts \$(grep -c '^ *tally:start:' /tmp/k.txt)\"
echo \"T:bad \$(grep -c '^ *tally:start:.* base=4096 ' /tmp/k.txt)\"
"

# l2 KEY: the last value the KVM guest printed as T:KEY
l2() { sed -n "s/^L2| T:$1 //p" <<<"$LOG_TEXT" | tail -1; }

# loop_count: instructions:u of tally-loop N in the KVM guest
loop_count() { perf_value instructions:u 'L2| T:loop '; }

# loop_diff: tally-loop 2N less tally-loop N: the N more iterations
# exactly (2N instructions; both numbers have the same digits, so start-up
# and exit cost the same)
loop_diff() {
	local a b
	a=$(perf_value instructions:u 'L2| T:loop2 ')
	b=$(loop_count)
	[[ $a =~ ^[0-9]+$ ]] && [[ $b =~ ^[0-9]+$ ]] && echo $((a - b))
}

# samples: "s1 s2 s3" of the perf record runs
samples() {
	local i out=
	for i in $(seq 1 $RUNS); do
		out+="$(l2 "rec rec$i" | awk '{ print $2 }') "
	done
	echo ${out% }
}

# report NAME: what the boot measured, for the log
report() {
	local i
	echo "[kvm-perf-test] $1: KVM guest: instructions:u of tally-loop $N $(loop_count), of tally-loop $((2 * N)) $(perf_value instructions:u 'L2| T:loop2 '); samples $(samples) of $DUE due each"
	echo "[kvm-perf-test] $1: host: $(value hostovf) PMU interrupts in riscv-pmu-sbi ($(value lcofi) in /proc/interrupts), $(value ovf) overflows of the guest's counter (kvm_riscv_pmu_overflow), $(value starts) COUNTER_START from the guest, $(value bad) of them from base 4096"
	for i in $(seq 1 $RUNS); do
		echo "[kvm-perf-test] $1: rec$i: guest PMU interrupts $(l2 "irq rec$i"), throttle records $(l2 "throttle rec$i"), lost records $(l2 "lost rec$i")"
	done
	echo "[kvm-perf-test] $1: perf_event_max_sample_rate: guest $(l2 rate0) before, $(l2 rate1) after; host $(value hrate0) before, $(value hrate1) after"
}

# sum_samples: the samples of all runs together
sum_samples() { samples | tr ' ' '\n' | awk '{ n += $1 } END { print n + 0 }'; }

# irq_sum: the KVM guest's PMU interrupts over all runs
irq_sum() {
	local i n=0 v
	for i in $(seq 1 $RUNS); do
		v=$(l2 "irq rec$i")
		[[ $v =~ ^[0-9]+$ ]] || return 1
		n=$((n + v))
	done
	echo $n
}

# runs_ok: every perf record exited 0 with 1 to DUE samples
runs_ok() {
	local i
	for i in $(seq 1 $RUNS); do
		[ "$(l2 "rec rec$i" | awk '{ print $1 }')" = 0 ] || return 1
		between "$(l2 "rec rec$i" | awk '{ print $2 }')" 1 $DUE || return 1
	done
}

# all_due: every perf record got its DUE samples
all_due() {
	local i
	for i in $(seq 1 $RUNS); do
		[ "$(l2 "rec rec$i" | awk '{ print $2 }')" = $DUE ] || return 1
	done
}

# checks NAME [KERNEL]: the checks of one boot (KERNEL: the KVM guest's
# kernel, if not Debian's)
checks() {
	local n=$1 guest_kernel=${2:-} s
	s=$(sum_samples)
	check "$n: kvm.ko loaded, kprobes set in it" \
		eval 'has "^T:insmod 0$" && has "^T:kprobes 0$"'
	check "$n: the KVM guest ran and powered off (QEMU in the host exited 0)" \
		eval '[ "$(value l2)" = 0 ] && has "^L2\\| tally-init: exit status 0$"'
	check "$n: KVM guest perf stat instructions:u exact: tally-loop $((2 * N)) counts $((2 * N)) more than tally-loop $N ($(loop_diff))" \
		same "$(loop_diff)" $((2 * N))
	check "$n: KVM guest perf record exited 0 $RUNS times, 1 to $DUE samples each ($(samples))" runs_ok
	check "$n: each overflow of the guest's counter in the host was a host PMU interrupt (overflows $(value ovf), interrupts $(value hostovf), /proc/interrupts $(value lcofi))" \
		eval 'positive "$(value ovf)" && [ "$(value hostovf)" = "$(value ovf)" ] &&
			[ "$(value lcofi)" = "$(value ovf)" ]'
	check "$n: ... became a guest PMU interrupt and a sample (guest interrupts $(irq_sum), samples $s)" \
		eval '[ "$(irq_sum)" = "$(value ovf)" ] && [ "$s" = "$(value ovf)" ]'
	if [ -z "$guest_kernel" ]; then
		check "$n: Debian's guest kernel restarts after each overflow from base 4096, which KVM refuses ($(value bad) of $(value ovf))" \
			eval 'positive "$(value bad)" && [ "$(value bad)" = "$(value ovf)" ]'
	else
		check "$n: the guest kernel restarts from the right base (none from 4096: $(value bad))" \
			[ "$(value bad)" = 0 ]
	fi
	check "$n: no kernel warning, BUG or oops in the host or the KVM guest" \
		hasnt '(WARNING:|BUG:|Oops|Call Trace)'
}

# --- Tally ---
run_guest kvm-perf-tally "$guest" "${boot[@]}"
report Tally
T_DIFF=$(loop_diff) T_LOOP=$(loop_count) T_SUM=$(sum_samples)
check "booted on Tally" has '^Tally firmware'
checks Tally "${NESTED_KERNEL:-}"
check_poweroff

# --- Debian's OpenSBI builds, for comparison ---
# reference TAG FW NAME: the same boot on that firmware, compared with Tally
reference() {
	local tag=$1 fw=$2 name=$3
	FW_DYNAMIC=$fw run_guest "kvm-perf-$tag" "$guest" "${boot[@]}"
	report "$name"
	check "$name: booted on it (SBI implementation ID 1)" \
		has "SBI implementation ID=0x1 Version="
	checks "$name" "${NESTED_KERNEL:-}"
	check "$name: the same instructions:u as Tally ($T_LOOP)" \
		same "$(loop_count)" "$T_LOOP"
	# which guest tick restarts the counter is the firmwares' timing
	check "$name: Tally's samples at least OpenSBI's less $RUNS ($T_SUM, $(sum_samples))" \
		eval '[ "$T_SUM" -ge $(($(sum_samples) - RUNS)) ]'
}
each_reference reference "" 1

# --- the fixes: the project's QEMU (qemu/patches/0005) and kernel
# (linux/patches/0001) as the KVM guest's, the host still Debian's ---
FIXED_KERNEL=${FIXED_KERNEL:-$BUILD/linux/Image}
if [ "${KVM_FIXED:-1}" != 1 ]; then
	skip "every sample due with the fixes" "KVM_FIXED=${KVM_FIXED}"
elif [ ! -x "$PROJECT_QEMU" ] || [ ! -e "$FIXED_KERNEL" ]; then
	skip "every sample due with the fixes" "no $PROJECT_QEMU or $FIXED_KERNEL (make qemu linux)"
else
	initrd "$FIXED_KERNEL"
	QEMU=$PROJECT_QEMU run_guest kvm-perf-fixed "$guest" --cpu "$KVM_CPU" \
		--smp "$KVM_SMP" --icount
	report "Tally, the project's QEMU and kernel"
	checks "fixed" "$FIXED_KERNEL"
	check "fixed: every sample due, $DUE in each of $RUNS runs ($(samples))" all_due
	check_poweroff
fi

summary
