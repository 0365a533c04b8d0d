#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Check linux/patches/ as a series, the way a maintainer takes it: each
# patch passes the tree's own scripts/checkpatch.pl --strict with no error
# and the kernel builds after each one, applied in order to the pristine
# tree (1, then 1..2, ... 1..n), with the project's configuration
# (tinyconfig + linux/kernel.config, as scripts/build-linux.sh).
#
#   check-linux-series.sh     (make check-linux-series; not in make check)
#
# The pristine tree is build-linux.sh's stock source entry in the cache.
# A scratch tree of hard links to it (patch replaces the files it changes)
# and one object directory are kept in $BUILD/linux-series/ across the
# steps (made anew for each run), so that step k only recompiles what
# patch k touched; compilers run through ccache ($CACHE/ccache).
# checkpatch runs with --strict only: each patch carries its From: and
# Signed-off-by:. A build step fails on an error or on any compiler
# warning in its log. Ends with "N passed, N failed".
#
# Environment (defaults match mk/config.mk): TOP BUILD CACHE JOBS
# CROSS_COMPILE LINUX_SOURCE LINUX_TARBALL.
set -euo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/.." && pwd)}
BUILD=${BUILD:-$TOP/build}
CACHE=${CACHE:-${TALLY_CACHE:-$HOME/.cache/tally}}
JOBS=${JOBS:-$(nproc)}
CROSS_COMPILE=${CROSS_COMPILE:-riscv64-linux-gnu-}
export TOP BUILD CACHE JOBS CROSS_COMPILE
FRAGMENT=$TOP/linux/kernel.config
WORK=$BUILD/linux-series

log() { printf '[linux-series] %s\n' "$*" >&2; }
die() { printf '[linux-series] error: %s\n' "$*" >&2; exit 1; }

patches=$(ls "$TOP"/linux/patches/*.patch | LC_ALL=C sort)
[ -n "$patches" ] || die "no linux/patches/*.patch"
all=$(for p in $patches; do basename "$p"; done | tr '\n' ' ')
pristine=$(LINUX_SKIP_PATCHES=$all LINUX_LINK_DIR=$WORK/unused \
	"$TOP/scripts/build-linux.sh" source | tail -1)
[ -f "$pristine/Makefile" ] || die "no pristine tree ($pristine)"

log "scratch tree: hard links to $(basename "$pristine"), objects in $WORK/obj"
# a fresh object directory too: objects of a previous run, built from
# later patches, would look newer than the pristine sources of this one
rm -rf "$WORK/src" "$WORK/obj" "$WORK/logs"
mkdir -p "$WORK/obj" "$WORK/logs"
cp -al "$pristine" "$WORK/src"
src=$WORK/src obj=$WORK/obj

export CCACHE_DIR=$CACHE/ccache CCACHE_BASEDIR=$WORK
export CCACHE_SLOPPINESS=time_macros,include_file_mtime,include_file_ctime
kmake=(make -C "$src" O="$obj" ARCH=riscv CROSS_COMPILE="$CROSS_COMPILE"
	CC="ccache ${CROSS_COMPILE}gcc")

passed=0 failed=0
# a compiler's warning (Kconfig's own notes are not the patches')
cc_warning='\.(c|h|S|lds):[0-9]+(:[0-9]+)?: warning:'
ok() { passed=$((passed + 1)); echo "ok - $*"; }
bad() { failed=$((failed + 1)); echo "FAIL - $*"; }

t_all=$SECONDS
for p in $patches; do
	name=$(basename "$p" .patch)
	blog=$WORK/logs/$name.build.log clog=$WORK/logs/$name.checkpatch.log
	# checkpatch of the tree the patch applies to (its MAINTAINERS etc.)
	(cd "$src" && perl scripts/checkpatch.pl --strict \
		--no-color "$p") >"$clog" 2>&1 || true
	sum=$(grep -E '^total: ' "$clog" | tail -1 || true)
	if [ -z "$sum" ]; then
		bad "$name: checkpatch gave no summary (log: $clog)"
	elif [[ $sum == "total: 0 errors"* ]]; then
		ok "$name: checkpatch --strict: ${sum#total: }"
	else
		bad "$name: checkpatch --strict: ${sum#total: } (log: $clog)"
	fi
	if ! patch -d "$src" -p1 --batch --forward --quiet <"$p" >"$blog" 2>&1; then
		bad "$name: does not apply after the patches before it"
		cat "$blog" >&2
		break
	fi
	t0=$SECONDS
	if {
		"${kmake[@]}" tinyconfig &&
		"$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" "$FRAGMENT" &&
		"${kmake[@]}" olddefconfig &&
		nice -n 10 "${kmake[@]}" -j"$JOBS" Image
	} >>"$blog" 2>&1; then
		if grep -Eq "$cc_warning" "$blog"; then
			bad "$name: builds with warnings (log: $blog)"
			grep -E "$cc_warning" "$blog" | head -5 >&2
		else
			ok "$name: Image builds with 1..$name ($((SECONDS - t0)) s)"
		fi
	else
		bad "$name: build failed after it (log: $blog)"
		tail -20 "$blog" >&2
	fi
done
log "series checked in $((SECONDS - t_all)) s"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
