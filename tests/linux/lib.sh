# SPDX-License-Identifier: BSD-2-Clause
# Helpers for the Linux tests: check a boot log, count results.
# Sourced by tests/linux/*.sh once they have set TOP.

BUILD=${BUILD:-$TOP/build}
LOG_DIR=${LOG_DIR:-$BUILD/test-logs/linux}
# The stock kernel: linux-source-7.2 without linux/patches/ (make
# linux-kernel-stock), booted next to the patched one (KERNEL).
KERNEL_STOCK=${KERNEL_STOCK:-$BUILD/linux/stock/Image}

# sse_kernel: the kernel KERNEL (default make linux's) has the SSE client
# (linux/patches/0030-..., Linux 7.2), as its configuration beside it
# (build-linux.sh links it there, or KCONFIG) says
sse_kernel() {
	local k=${KERNEL:-$BUILD/linux/Image}
	grep -q '^CONFIG_RISCV_SBI_SSE=y' "${KCONFIG:-$(dirname "$k")/kernel.config}" 2>/dev/null
}
# Debian's OpenSBI builds, the reference firmwares: the host's 1.5.1
# (package opensbi) and sid's 1.9 (make debian-opensbi-sid)
HOST_OPENSBI=/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin
SID_OPENSBI=${SID_OPENSBI:-$BUILD/debian-sid/opensbi/fw_dynamic.bin}
# Counter delegation (docs/delegation.md): a CPU with Smcdeleg, Ssccfg,
# Sscsrind and Smcntrpmf, and the counters the tests ask the firmware to
# delegate (--chosen tally,pmu-delegate=...): cycle, instret, 3..10.
DELEG_CPU=rv64,sscofpmf=true,smcntrpmf=true,smcdeleg=true,ssccfg=true,smcsrind=true,sscsrind=true,smstateen=true
DELEG_MASK=0x7fd
# Precise sampling (docs/delegation.md): the delegating CPU with the
# draft Sspesa (shpmspc) and Ssplcofi (skidless LCOFI).
PRECISE_CPU=$DELEG_CPU,x-sspesa=true,x-ssplcofi=true
export TOP BUILD

passed=0 failed=0 skipped=0
LOG_TEXT= qemu_rc=

# load_log FILE: the console log without carriage returns.
load_log() { LOG_TEXT=$(tr -d '\r' <"$1" 2>/dev/null); }

# has REGEX / hasnt REGEX: (no) line of the log matches the extended regex.
has() { grep -qE -- "$1" <<<"$LOG_TEXT"; }
hasnt() { ! has "$1"; }

# positive VALUE: VALUE is a decimal integer greater than zero.
positive() { [[ ${1:-} =~ ^[0-9]+$ ]] && [ "$1" -gt 0 ]; }

# between VALUE LO HI: LO <= VALUE <= HI, all decimal integers.
between() {
	[[ ${1:-} =~ ^[0-9]+$ ]] && [ "$1" -ge "$2" ] && [ "$1" -le "$3" ]
}

# perf_value EVENT [PREFIX]: the count of EVENT from `perf stat -x,` output
# lines "PREFIX<count>,<unit>,<event>,..." (PREFIX defaults to "T:perf ").
# Prints nothing when the event was "<not counted>" or "<not supported>".
perf_value() {
	local ev=$1 pre=${2:-T:perf }
	awk -F, -v ev="$ev" -v pre="$pre" '
		index($0, pre) == 1 {
			v = substr($1, length(pre) + 1)
			if ($3 == ev && v ~ /^[0-9]+$/) { print v; exit }
		}' <<<"$LOG_TEXT"
}

# count_of EVENT: the first count perf stat printed for EVENT in its
# human-readable form ("  5014825      instructions:u ...", commas allowed).
count_of() {
	awk -v ev="$1" '$2 == ev && $1 ~ /^[0-9,]+$/ { gsub(",", "", $1); print $1; exit }' \
		<<<"$LOG_TEXT"
}

# check DESCRIPTION COMMAND...: run COMMAND, print ok/FAIL, count it.
check() {
	local desc=$1; shift
	if "$@"; then
		echo "ok - $desc"
		passed=$((passed + 1))
	else
		echo "FAIL - $desc"
		failed=$((failed + 1))
	fi
}

# skip DESCRIPTION REASON: a check whose precondition is absent.
skip() {
	echo "skip - $1 ($2)"
	skipped=$((skipped + 1))
}

# opensbi_firmware: the firmware under test is OpenSBI (check-opensbi),
# whose drop-in defconfig is built for virt only.
opensbi_firmware() { grep -qa 'OpenSBI v' "${FW_DYNAMIC:-}" 2>/dev/null; }

# BOARD_GUEST: the guest script of the tests on other boards than virt
# (sifive-u-test.sh, boards-test.sh): harts, MMU, console, 400 lines of
# tty output ("T:seq N"), the PMU's boot messages, perf stat of cycles and
# instructions ("T:hw", over BOARD_LOOP iterations of tally-loop: 2 *
# BOARD_LOOP loop instructions), of cycles:u ("T:hwu", after cycles: perf
# 7.x prints <not supported> for an event it cannot open only when another
# one opens, else it stops with "No supported events found") and of the
# SET_TIMER firmware event ("T:fw").
BOARD_GUEST='
echo "T:online $(cat /sys/devices/system/cpu/online)"
echo "T:harts $(sed -n "s/^hart[[:space:]]*: //p" /proc/cpuinfo | tr "\n" " ")"
echo "T:mmu $(sed -n "s/^mmu[[:space:]]*: //p" /proc/cpuinfo | sort -u | tr "\n" " ")"
echo "T:console $(cut -d" " -f1 /proc/consoles | tr "\n" " ")"
seq 1 400 | sed "s/^/T:seq /"
dmesg | grep -e riscv-pmu -e "SBI SRST" | sed "s/^/T:dmesg /"
stat hw -e cycles,instructions tally-loop 1000000
stat hwu -e cycles,cycles:u true
stat fw -a -e r8000000000000005 sleep 0.2
'
BOARD_LOOP=1000000

# board_counts PREFIX: perf stat of BOARD_GUEST counted cycles and
# instructions of the loop: at least its 2 * BOARD_LOOP instructions, at
# most 1000000 more (start-up, exit, the kernel and, on a hart that cannot
# leave M-mode out, the firmware's SBI calls; about 330000 under icount)
board_counts() {
	local pre=$1 ev
	for ev in cycles instructions; do
		check "${pre}perf stat $ev of tally-loop $BOARD_LOOP counted ($(perf_value $ev 'T:hw '))" \
			between "$(perf_value $ev 'T:hw ')" $((2 * BOARD_LOOP)) \
			$((2 * BOARD_LOOP + 1000000))
	done
}

# seq_intact: the 400 "T:seq" lines of BOARD_GUEST arrived whole and in
# order (nothing lost or garbled on the way through the tty)
seq_intact() {
	local n
	n=$(grep -E '^T:seq [0-9]+$' <<<"$LOG_TEXT" | awk '$2 == NR { n++ } END { print n + 0 }')
	[ "$n" = 400 ]
}

summary() {
	if [ "$skipped" -gt 0 ]; then
		echo "$passed passed, $failed failed, $skipped skipped"
	else
		echo "$passed passed, $failed failed"
	fi
	[ "$failed" = 0 ]
}

# run_guest NAME GUEST [run-linux.sh options...]: boot with the shell
# script GUEST (after tests/linux/guest.sh) as the guest command, or the
# demo if GUEST is empty, the console in $LOG_DIR/NAME.log; sets qemu_rc
# and LOG_TEXT.
run_guest() {
	local name=$1 guest=$2 out cmd=()
	shift 2
	[ -n "$guest" ] && cmd=(-- "$(cat "$TOP/tests/linux/guest.sh")
$guest")
	mkdir -p "$LOG_DIR"
	echo "[linux-test] booting $* (timeout ${BOOT_TIMEOUT}s), log: $LOG_DIR/$name.log"
	out=$("$TOP/scripts/run-linux.sh" -q --timeout "$BOOT_TIMEOUT" \
		--log "$LOG_DIR/$name.log" "$@" "${cmd[@]}")
	echo "$out" | grep -v '^\[run-linux\] log:'
	qemu_rc=$(sed -n 's/^\[run-linux\] qemu status \([0-9]*\),.*/\1/p' <<<"$out")
	load_log "$LOG_DIR/$name.log"
	tail_on_hang
}

# tail_on_hang: a boot that did not power off by itself (a lock-up killed
# by the timeout, a panic) shows the kernel's last lines, so the failure
# says where the guest stopped; the test goes on with its other boots.
tail_on_hang() {
	[ "$qemu_rc" = 0 ] && return
	echo "[linux-test] the guest did not power off (QEMU status ${qemu_rc:-none}); its last lines:"
	printf '%s\n' "$LOG_TEXT" | tail -15 | sed 's/^/  | /'
}

# run_stock NAME GUEST [run-linux.sh options...]: run_guest on the stock
# kernel. It has no riscv_pmu_sbi.snapshot= (linux/patches/0002).
run_stock() {
	[ -e "$KERNEL_STOCK" ] ||
		echo "[linux-test] no stock kernel $KERNEL_STOCK (make linux-kernel-stock)"
	KERNEL=$KERNEL_STOCK run_guest "$@"
}

# same VALUE REF: both are the same decimal integer.
same() { [[ ${1:-} =~ ^[0-9]+$ ]] && [ "$1" = "${2:-}" ]; }

# value KEY: the last "T:KEY VALUE" line's VALUE.
value() { sed -n "s/^T:$1 //p" <<<"$LOG_TEXT" | tail -1; }

# near VALUE EXACT BELOW ABOVE: EXACT - BELOW <= VALUE <= EXACT + ABOVE.
near() { between "$1" $(($2 - $3)) $(($2 + $4)); }

# Every boot ends with this check.
check_poweroff() {
	check "guest finished and QEMU powered off by itself" \
		eval 'has "^tally-init: exit status 0$" && [ "$qemu_rc" = 0 ]'
}
