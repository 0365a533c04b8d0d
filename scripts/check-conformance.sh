#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The public SBI conformance tests of kvm-unit-tests (riscv/sbi.flat and
# riscv/isa-dbltrp.flat, the suite's `sbi` group) built from a tree
# outside the clone and run on one firmware (docs/conformance.md).
#
#   check-conformance.sh --kut-src DIR --out DIR --qemu QEMU --bios FW
#       --impl-id ID --impl-version VER [--spec-version V] [--smp N]
#       [--mem SIZE] [--cpus "CPU..."] [--timeout SECONDS] [--env K=V]...
#
# Each CPU model in --cpus is one run of sbi.flat (with --smp harts and
# --mem RAM); isa-dbltrp.flat runs once, on the first model, on one hart.
# Every check the suite reports becomes a line "ok - ", "FAIL - " or
# "SKIP - "; then the figures per run and test group, and last
# "conformance: N passed, N failed, N skipped".
#
# The expected values the suite cannot know come through its environment
# (an initrd of KEY=value lines, as its own run scripts pass it): the SBI
# spec, implementation id and version the firmware claims, and machine ids
# set on the QEMU CPU here so the firmware has to pass them through.
set -eu

kut_src='' out='' qemu='' bios='' impl_id='' impl_ver=''
spec_ver=0x03000000 smp=4 mem=5G cpus='max' timeout=900
extra_env=()
while [ $# -gt 0 ]; do
	case $1 in
	--kut-src) kut_src=$2; shift ;;
	--out) out=$2; shift ;;
	--qemu) qemu=$2; shift ;;
	--bios) bios=$2; shift ;;
	--impl-id) impl_id=$2; shift ;;
	--impl-version) impl_ver=$2; shift ;;
	--spec-version) spec_ver=$2; shift ;;
	--smp) smp=$2; shift ;;
	--mem) mem=$2; shift ;;
	--cpus) cpus=$2; shift ;;
	--timeout) timeout=$2; shift ;;
	--env) extra_env+=("$2"); shift ;;
	*) echo "check-conformance.sh: unknown option $1" >&2; exit 2 ;;
	esac
	shift
done
for v in kut_src out qemu bios impl_id impl_ver; do
	if [ -z "${!v}" ]; then
		echo "check-conformance.sh: --${v//_/-} is required" >&2
		exit 2
	fi
done

kut_src=$(cd "$kut_src" && pwd)
if [ ! -f "$kut_src/riscv/sbi.c" ]; then
	echo "conformance: $kut_src is no kvm-unit-tests tree (no riscv/sbi.c)" >&2
	exit 2
fi

# Machine ids of the CPU (QEMU properties), which the suite reads back
# through BASE get_mvendorid/marchid/mimpid.
MVENDORID=0x5a5
MARCHID=0x8000000000001234
MIMPID=0x42
cpu_ids="mvendorid=$MVENDORID,marchid=$MARCHID,mimpid=$MIMPID"

# --- build (out of tree: the source tree is left as it was) ---
kut=$out/kut
mkdir -p "$kut" "$out/logs"
if [ ! -f "$kut/config.mak" ] || ! grep -q "^SRCDIR=$kut_src\$" "$kut/config.mak"; then
	(cd "$kut" && "$kut_src/configure" --arch=riscv64 \
		--cross-prefix="${CROSS_COMPILE:-riscv64-linux-gnu-}") >"$out/configure.log" 2>&1 || {
		cat "$out/configure.log"; echo "conformance: configure failed" >&2; exit 1; }
fi
echo "[conformance] building kvm-unit-tests $(git -C "$kut_src" describe --always 2>/dev/null || echo '') from $kut_src"
env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -C "$kut" -j"${JOBS:-2}" riscv/sbi.flat riscv/isa-dbltrp.flat >"$out/build.log" 2>&1 || {
	tail -20 "$out/build.log"; echo "conformance: build failed" >&2; exit 1; }

# --- the environment the suite reads ---
envf=$out/env
{
	echo "SBI_SPEC_VERSION=$spec_ver"
	echo "SBI_IMPL_ID=$impl_id"
	echo "SBI_IMPL_VERSION=$impl_ver"
	echo "MVENDORID=$MVENDORID"
	echo "MARCHID=$MARCHID"
	echo "MIMPID=$MIMPID"
	# one past the highest RAM address: DBCN and SUSP must refuse it
	echo "INVALID_ADDR_AUTO=y"
	# FWFT: the spec's reset value of MISALIGNED_EXC_DELEG
	echo "MISALIGNED_EXC_DELEG_RESET=0"
	# SSE: how long (us) a hart waits for an event injected on another
	# hart; the suite's 3 ms is too short for TCG running 4 harts in turn
	echo "SSE_EVENT_COMPLETE_TIMEOUT=100000"
} >"$envf.base"
# --env K=V replaces the default of K (an empty V drops it)
for e in "${extra_env[@]+"${extra_env[@]}"}"; do
	grep -v "^${e%%=*}=" "$envf.base" >"$envf.tmp" || true
	mv "$envf.tmp" "$envf.base"
	[ -z "${e#*=}" ] || echo "$e" >>"$envf.base"
done
mv "$envf.base" "$envf"

# $1 run name, $2 log: one line per check, figures into the run's .res
report() {
	local name=$1 log=$2
	awk -v run="$name" -v res="$out/logs/$name.res" '
		# "sbi: hsm: ..." is group hsm, "dbltrp: ..." group dbltrp
		function group(t,   a) {
			split(t, a, ": ")
			return a[1] == "sbi" && a[2] != "" ? a[2] : a[1]
		}
		/^(PASS|XFAIL): / { t = substr($0, index($0, " ") + 1)
			print "ok - " run ": " t; p++; gp[group(t)]++; g[group(t)] = 1; next }
		/^(FAIL|XPASS|KFAIL): / { t = substr($0, index($0, " ") + 1)
			print "FAIL - " run ": " t; f++; gf[group(t)]++; g[group(t)] = 1; next }
		/^SKIP: / { t = substr($0, index($0, " ") + 1)
			print "SKIP - " run ": " t; s++; gs[group(t)]++; g[group(t)] = 1; next }
		/^SUMMARY: / { summary = $2 }
		/^EXIT: STATUS=/ { status = substr($2, 8) }
		END {
			n = p + f + s
			if (summary == "") {
				print "FAIL - " run ": the suite did not finish (no SUMMARY line)"; f++
			} else if (summary != n) {
				print "FAIL - " run ": SUMMARY says " summary " tests, " n " were read"; f++
			}
			if (status != "" && status != 1 && f == 0) {
				print "FAIL - " run ": exit status " status " with no failed check"; f++
			}
			for (k in g)
				printf "%s\t%s\t%d\t%d\t%d\n", run, k, gp[k], gf[k], gs[k] > res
			printf "%s\ttotal\t%d\t%d\t%d\n", run, p, f, s > res
		}' "$log"
}

# $1 run name, $2 cpu, $3 smp, $4 flat
run() {
	local name=$1 cpu=$2 n=$3 flat=$4 log=$out/logs/$1.log
	echo "=== $name: $(basename "$flat") on $bios, cpu $cpu, smp $n, $mem"
	# the suite reports through the console and ends QEMU itself
	timeout "$timeout" "$qemu" -nodefaults -nographic -serial mon:stdio \
		-machine virt -accel tcg -icount shift=0,sleep=off -bios "$bios" \
		-cpu "$cpu,$cpu_ids" -smp "$n" -m "$mem" \
		-kernel "$flat" -initrd "$envf" </dev/null >"$log" 2>&1 || true
	report "$name" "$log"
}

rm -f "$out"/logs/*.res
first=''
for c in $cpus; do
	[ -n "$first" ] || first=$c
	run "sbi-${c//[,=]/-}" "$c" "$smp" "$kut/riscv/sbi.flat"
done
run "dbltrp-${first//[,=]/-}" "$first" 1 "$kut/riscv/isa-dbltrp.flat"

echo "--- figures (passed, failed, skipped) per run and group"
sort -t "$(printf '\t')" -k1,1 -k2,2 "$out"/logs/*.res | awk -F '\t' '
	$2 != "total" { printf "  %-28s %-22s %4d %4d %4d\n", $1, $2, $3, $4, $5 }
	$2 == "total" { p += $3; f += $4; s += $5 }
	END { printf "conformance: %d passed, %d failed, %d skipped\n", p, f, s
	      exit f != 0 }'
