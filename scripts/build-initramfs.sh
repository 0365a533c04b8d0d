#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Assemble build/linux/initramfs.cpio.gz from:
#   build/linux/busybox (+ busybox.links)   scripts/build-busybox.sh
#   build/linux/perf                        scripts/build-perf.sh
#   linux/initramfs/init                    -> /init
#   linux/initramfs/*.sh                    -> /usr/share/tally/
#   linux/workloads/*.c                     -> /usr/bin/<name>, static
#                                              (scripts/build-workloads.sh)
# The archive is written by the kernel's own usr/gen_init_cpio (built for
# the host from the source tree), so /dev/console and ownership need no root.
# Cheap: rebuilt into build/ whenever an input's content changes, else kept.
set -euo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
BUILD=${BUILD:-$TOP/build}
CACHE=${CACHE:-${TALLY_CACHE:-$HOME/.cache/tally}}
CROSS_COMPILE=${CROSS_COMPILE:-riscv64-linux-gnu-}
export TOP BUILD CACHE CROSS_COMPILE
OUT=$BUILD/linux/initramfs.cpio.gz
WORK=$BUILD/linux/initramfs

. "$TOP/scripts/lib/cache.sh"

log() { printf '[initramfs] %s\n' "$*" >&2; }
die() { printf '[initramfs] error: %s\n' "$*" >&2; exit 1; }

BB=$BUILD/linux/busybox PERF=$BUILD/linux/perf
for f in "$BB" "$BB.links" "$PERF"; do
	[ -e "$f" ] || die "missing $f (run scripts/build-busybox.sh and build-perf.sh)"
done
SRC=$("$TOP/scripts/build-linux.sh" source)
"$TOP/scripts/build-workloads.sh"

key=$({
	# the heavy inputs are identified by their content-keyed cache paths
	readlink -f "$BB" "$PERF"
	echo "$SRC"
	"${CROSS_COMPILE}gcc" --version | head -1
	cat "$0" "$BB.links"
	cat "$BUILD/linux/workloads/key"
	for f in "$TOP"/linux/initramfs/*; do
		echo "== $f"; cat "$f"
	done
} | cache_key)
if [ -f "$OUT" ] && [ "$(cat "$WORK/key" 2>/dev/null)" = "$key" ]; then
	log "up to date: $OUT"
	exit 0
fi

rm -rf "$WORK"
mkdir -p "$WORK"
log "building gen_init_cpio"
cc -O2 -o "$WORK/gen_init_cpio" "$SRC/usr/gen_init_cpio.c" ||
	die "cannot build gen_init_cpio"

spec=$WORK/list
{
	for d in /bin /sbin /usr /usr/bin /usr/sbin /usr/share /usr/share/tally \
		/proc /sys /dev /tmp /root /etc; do
		echo "dir $d 755 0 0"
	done
	echo "nod /dev/console 600 0 0 c 5 1"
	echo "file /init $TOP/linux/initramfs/init 755 0 0"
	echo "file /bin/busybox $(readlink -f "$BB") 755 0 0"
	grep -v -x -e /bin/busybox -e /linuxrc "$BB.links" |
		sed 's|.*|slink & /bin/busybox 777 0 0|'
	echo "file /usr/bin/perf $(readlink -f "$PERF") 755 0 0"
	for s in "$TOP"/linux/initramfs/*.sh; do
		[ -e "$s" ] || continue
		echo "file /usr/share/tally/$(basename "$s") $s 644 0 0"
	done
	printf 'root:x:0:0:root:/root:/bin/sh\n' >"$WORK/passwd"
	printf 'root:x:0:\n' >"$WORK/group"
	echo "file /etc/passwd $WORK/passwd 644 0 0"
	echo "file /etc/group $WORK/group 644 0 0"
} >"$spec"

for f in "$BUILD"/linux/workloads/bin/*; do
	echo "file /usr/bin/$(basename "$f") $f 755 0 0" >>"$spec"
done

log "writing $OUT"
"$WORK/gen_init_cpio" "$spec" | gzip -9 -n >"$OUT.tmp"
mv "$OUT.tmp" "$OUT"
echo "$key" >"$WORK/key"
log "initramfs: $OUT ($(stat -c %s "$OUT") bytes)"
