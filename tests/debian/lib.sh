# SPDX-License-Identifier: BSD-2-Clause
# Helpers for the Debian suite (tests/debian/): the riscv64 kernel, perf
# and busybox-static of one Debian suite (scripts/build-debian-guest.sh),
# booted on the firmware as a user of the distribution boots them, next to
# Debian's OpenSBI builds on the same QEMU for comparison. Sourced after
# tests/linux/lib.sh.
#
# DEBIAN_SUITE=trixie (the default: 6.12, build/debian/) or sid (7.2,
# build/debian-sid/) picks the guest; DEBIAN_DIR=<dir> another one.
# The OpenSBI builds compared against (reference firmwares), each
# "TAG|PATH|NAME":
#   opensbi-1.5.1  the host's package opensbi (bookworm-backports), the
#                  firmware a Debian 12 user boots;
#   opensbi-1.9    Debian sid's package opensbi
#                  (scripts/fetch-debian-opensbi.sh), what a sid user boots.
# DEBIAN_OPENSBIS='opensbi-1.9' compares against only those (the tests
# take the first where they compare against one); OPENSBI_FW=<file>
# OPENSBI_NAME=<name> against that one build instead.

DEBIAN_SUITE=${DEBIAN_SUITE:-trixie}
if [ -z "${DEBIAN_DIR:-}" ]; then
	DEBIAN_DIR=$BUILD/debian
	[ "$DEBIAN_SUITE" = trixie ] || DEBIAN_DIR=$BUILD/debian-$DEBIAN_SUITE
fi
export KERNEL=$DEBIAN_DIR/Image INITRAMFS=$DEBIAN_DIR/initramfs.cpio.gz
# the kernel's version (linux-image-<version>) and a name for check lines
DEBIAN_KVER=$(sed -n 's/^linux-image-\([0-9][^=]*\)=.*/\1/p' "$DEBIAN_DIR/versions" 2>/dev/null)
GUEST_NAME="$DEBIAN_SUITE ${DEBIAN_KVER%%+*}"
# Tally's fw_dynamic
TALLY_FW=${FW_DYNAMIC:-$BUILD/firmware/fw_dynamic.bin}
# the reference firmwares (HOST_OPENSBI, SID_OPENSBI: tests/linux/lib.sh)
DEBIAN_OPENSBIS=${DEBIAN_OPENSBIS:-opensbi-1.5.1 opensbi-1.9}
# Debian's QEMU (package qemu-system-riscv) and the project's
DEBIAN_QEMU=${DEBIAN_QEMU:-/usr/bin/qemu-system-riscv64}
PROJECT_QEMU=${PROJECT_QEMU:-$BUILD/qemu/qemu-system-riscv64}
# Debian's userland with python3 (the guest holds linux-perf's whole
# Depends closure): 512M would not even unpack it
export QEMU_MEM=${QEMU_MEM:-1G}
# The CPU a user gets from Debian's QEMU with the PMU extension on
DEBIAN_CPU=${DEBIAN_CPU:-rv64,sscofpmf=true}

echo "[debian] guest: $GUEST_NAME (${DEBIAN_KVER:-no versions in $DEBIAN_DIR}), $DEBIAN_DIR"

# opensbis: "TAG|PATH|NAME" of each reference firmware, in the order of
# DEBIAN_OPENSBIS. One whose file is missing is listed all the same (the
# test skips it and says why). Read it into an array (mapfile): QEMU
# reads its standard input, so no boot may run inside `... | while read`.
opensbis() {
	local t
	if [ -n "${OPENSBI_FW:-}" ]; then
		echo "opensbi|$OPENSBI_FW|${OPENSBI_NAME:-OpenSBI}"
		return
	fi
	for t in $DEBIAN_OPENSBIS; do
		case $t in
		opensbi-1.5.1) echo "$t|$HOST_OPENSBI|OpenSBI 1.5.1" ;;
		opensbi-1.9)
			echo "$t|$SID_OPENSBI|$(cat "$(dirname "$SID_OPENSBI")/name" 2>/dev/null ||
				echo "Debian sid's OpenSBI 1.9")"
			;;
		*) echo "[debian] unknown reference firmware $t (say opensbi-1.5.1 or opensbi-1.9)" >&2 ;;
		esac
	done
}

# each_reference FN [WHAT] [MAX]: FN TAG FW NAME for each reference
# firmware of opensbis() (the first MAX of them), in this shell, so that
# FN may boot and keep what it finds; one whose image is missing is a
# skip, "WHATthe same on NAME".
each_reference() {
	local fn=$1 what=${2:-} max=${3:-0} r tag fw name refs
	mapfile -t refs < <(opensbis)
	[ "$max" -gt 0 ] && refs=("${refs[@]:0:max}")
	for r in "${refs[@]}"; do
		IFS='|' read -r tag fw name <<<"$r"
		if [ ! -e "$fw" ]; then
			skip "${what}the same on $name" "no $fw"
			continue
		fi
		"$fn" "$tag" "$fw" "$name"
	done
}

# qemus: "NAME=PATH" of each QEMU to boot (DEBIAN_QEMUS overrides).
qemus() {
	if [ -n "${DEBIAN_QEMUS:-}" ]; then
		printf '%s\n' $DEBIAN_QEMUS
		return
	fi
	echo "debian-qemu=$DEBIAN_QEMU"
	echo "project-qemu=$PROJECT_QEMU"
}

# boot NAME QEMU FW GUEST [run-linux.sh options...]: run_guest with QEMU
# and FW; the log is $LOG_DIR/NAME.log.
boot() {
	local name=$1 q=$2 fw=$3 guest=$4
	shift 4
	QEMU=$q FW_DYNAMIC=$fw run_guest "$name" "$guest" --cpu "$DEBIAN_CPU" "$@"
}

# csv_lines TAG: the "T:TAG count,unit,event,..." lines of the last boot as
# "event count" pairs (count as printed: a number or <not counted> ...).
csv_lines() {
	awk -F, -v pre="T:$1 " 'index($0, pre) == 1 {
		print $3, substr($1, length(pre) + 1)
	}' <<<"$LOG_TEXT"
}

# rec TAG: "rc samples" of the guest's `sampled TAG ...` line.
rec() { sed -n "s/^T:rec $1 //p" <<<"$LOG_TEXT" | tail -1; }
