#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Tests of scripts/lib/cache.sh (key, locked fill, link) in a throwaway
# cache directory with a build that only writes files, and of the keys of
# scripts/build-linux.sh: they follow the content of the inputs, not
# where the tree or the cache lies, and a changed patch gives new source
# and kernel keys. Nothing is built; the real cache is not touched.
# Ends with "N passed, N failed".
#
#   cache_test.sh TOP
set -u
top=${1:?usage: cache_test.sh TOP}
. "$top/scripts/lib/cache.sh"
. "$top/tests/lib/check.sh"
t=$(mktemp -d "${TMPDIR:-/tmp}/cache-test.XXXXXX")
trap 'rm -rf "$t"' EXIT

# a build: counts its runs in $t/runs, writes INPUT's content as the entry
fake_build() {	# fake_build WORK INPUT
	echo run >>"$t/runs"
	mkdir -p "$1/entry"
	cp "$2" "$1/entry/out"
}
failing_build() {	# leaves a half entry, then fails
	mkdir -p "$1/entry"
	echo half >"$1/entry/partial"
	return 1
}
runs() { wc -l <"$t/runs" 2>/dev/null || echo 0; }
key_of() { cache_key <"$1"; }

# key: 16 hex digits, the formula of mk/config.mk's hash_files
echo one >"$t/input"
k=$(key_of "$t/input")
check "cache_key is 16 hex digits ($k)" eval '[[ $k =~ ^[0-9a-f]{16}$ ]]'
check "cache_key is the first 16 digits of the SHA-256" \
	[ "$k" = "$(sha256sum <"$t/input" | cut -c1-16)" ]

c=$t/cache
e1=$c/thing/thing-$k
cache_fill "$e1" out fake_build "$t/input"
check "fill: the build ran once and its files are the entry" \
	eval '[ "$(runs)" = 1 ] && [ "$(cat "$e1/out")" = one ]'
check "fill: no work directory left next to the entry" \
	eval '[ -z "$(ls -A "$c/thing" | grep -v "^\.lock-")" ] || [ "$(ls "$c/thing")" = "thing-$k" ]'
cache_fill "$e1" out fake_build "$t/input"
check "fill again: a hit, the build did not run" [ "$(runs)" = 1 ]

# a changed input gives a new key and a new entry; the old one stays
echo two >"$t/input"
k2=$(key_of "$t/input")
check "a changed input gives a new key ($k -> $k2)" [ "$k" != "$k2" ]
e2=$c/thing/thing-$k2
cache_fill "$e2" out fake_build "$t/input"
check "the new key builds a new entry, the old one is kept" \
	eval '[ "$(runs)" = 2 ] && [ "$(cat "$e2/out")" = two ] && [ "$(cat "$e1/out")" = one ]'

# a failed build leaves no entry; its leftovers go at the next fill
e3=$c/thing/thing-failing
(set -e; cache_fill "$e3" out failing_build) 2>/dev/null
st=$?
check "a failed build fails the fill (status $st) and leaves no entry" \
	eval '[ "$st" != 0 ] && [ ! -e "$e3" ]'
check "its work directory stays for a look" \
	eval 'ls -d "$c"/thing/.work-thing-failing.* >/dev/null 2>&1'
cache_fill "$e3" out fake_build "$t/input"
check "the next fill removes it and builds the entry" \
	eval '! ls -d "$c"/thing/.work-thing-failing.* >/dev/null 2>&1 && [ -f "$e3/out" ]'

# two fills of one entry at once: one builds, the other waits and hits
slow_build() {	# slow_build WORK: holds until $t/go exists
	local i
	touch "$t/building"
	for i in $(seq 600); do [ -e "$t/go" ] && break; sleep 0.1; done
	fake_build "$1" "$t/input"
}
e4=$c/thing/thing-shared
rm -f "$t/runs" "$t/go"
cache_fill "$e4" out slow_build &
p1=$!
for i in $(seq 600); do [ -e "$t/building" ] && break; sleep 0.1; done
cache_fill "$e4" out slow_build 2>"$t/waited" &
p2=$!
for i in $(seq 600); do [ -s "$t/waited" ] && break; sleep 0.1; done
touch "$t/go"
wait $p1; s1=$?
wait $p2; s2=$?
check "two fills of one entry at once: the second waits (it says so)" \
	grep -q 'another build of .*thing-shared runs, waiting' "$t/waited"
check "... the build ran once, both succeed" \
	eval '[ "$(runs)" = 1 ] && [ $s1 = 0 ] && [ $s2 = 0 ] && [ -f "$e4/out" ]'

# two different entries build side by side: each build waits for the
# other to have started (serialised they would both run out of time)
meet_build() {	# meet_build WORK ME OTHER
	local i
	touch "$t/started-$2"
	for i in $(seq 600); do [ -e "$t/started-$3" ] && break; sleep 0.1; done
	[ -e "$t/started-$3" ] || return 1
	mkdir -p "$1/entry"
	echo "$2" >"$1/entry/out"
}
(set -e; cache_fill "$c/thing/thing-a" out meet_build a b) &
p1=$!
(set -e; cache_fill "$c/thing/thing-b" out meet_build b a) &
p2=$!
wait $p1; s1=$?
wait $p2; s2=$?
check "two different entries build at the same time" \
	eval '[ $s1 = 0 ] && [ $s2 = 0 ] && [ -f "$c/thing/thing-a/out" ] && [ -f "$c/thing/thing-b/out" ]'

# link: replaced in place, pointing at the new target
cache_link "$e1/out" "$t/build/link"
cache_link "$e2/out" "$t/build/link"
check "cache_link points the link at the last target" \
	eval '[ "$(readlink "$t/build/link")" = "$e2/out" ] && [ "$(cat "$t/build/link")" = two ]'
check "cache_link leaves no temporary link" \
	eval '[ -z "$(ls "$t/build" | grep -v "^link$")" ]'

# two groups of make check link one output at once (CI, session 12:
# "mv: cannot stat 'build/linux/perf.tmp'"): every link succeeds
pids=()
for i in $(seq 16); do
	bash -c '. "$1"; cache_link "$2" "$3"' _ "$top/scripts/lib/cache.sh" \
		"$e1/out" "$t/build/race" 2>>"$t/race.err" &
	pids+=($!)
done
st=0
for p in "${pids[@]}"; do wait "$p" || st=1; done
check "16 links of one output at once all succeed, no temporary left" \
	eval '[ $st = 0 ] && [ ! -s "$t/race.err" ] && [ "$(cat "$t/build/race")" = one ] &&
		[ -z "$(ls "$t/build" | grep -v "^link$" | grep -v "^race$")" ]'

# build-linux.sh: keys from content, not paths; a patch change shows.
# The kernel's tarball as the real cache has it (scripts/lib/linux-source.sh),
# named explicitly: the empty caches here must not download it.
linux_tarball=${LINUX_TARBALL:-$(CACHE=${CACHE:-${TALLY_CACHE:-$HOME/.cache/tally}} bash -c \
	'. "$1"; linux_source_path "$LINUX_SOURCE"' _ "$top/scripts/lib/linux-source.sh")}
if [ -f "$linux_tarball" ]; then
	lk() {	# lk TOP CACHE WHAT: the basename of build-linux.sh's answer
		basename "$(TOP=$1 CACHE=$2 LINUX_TARBALL=$linux_tarball \
			"$top/scripts/build-linux.sh" "$3")"
	}
	ft=$t/top
	mkdir -p "$ft/linux"
	ln -s "$top/scripts" "$ft/scripts"
	cp -r "$top/linux/patches" "$top/linux/kernel.config" "$ft/linux/"
	s_real=$(lk "$top" "$t/c1" source-path) k_real=$(lk "$top" "$t/c1" key)
	s_copy=$(lk "$ft" "$t/c2" source-path) k_copy=$(lk "$ft" "$t/c2" key)
	check "linux: the same keys from a copy of the inputs and another cache ($s_real, $k_real)" \
		eval '[ "$s_real" = "$s_copy" ] && [ "$k_real" = "$k_copy" ]'
	p=$(ls "$ft"/linux/patches/*.patch | head -1)
	echo "changed" >>"$p"
	s_chg=$(lk "$ft" "$t/c2" source-path) k_chg=$(lk "$ft" "$t/c2" key)
	check "linux: a changed patch gives a new source key ($s_chg) and kernel key ($k_chg)" \
		eval '[ "$s_chg" != "$s_real" ] && [ "$k_chg" != "$k_real" ]'
	echo "CONFIG_EXTRA=y" >>"$ft/linux/kernel.config"
	s_cfg=$(lk "$ft" "$t/c2" source-path) k_cfg=$(lk "$ft" "$t/c2" key)
	check "linux: a changed kernel.config keeps the source key, not the kernel key" \
		eval '[ "$s_cfg" = "$s_chg" ] && [ "$k_cfg" != "$k_chg" ]'
	check "linux: asking for keys built nothing" \
		eval '[ ! -e "$t/c1/linux/$s_real" ] && [ -z "$(ls "$t/c2/linux" 2>/dev/null)" ]'
else
	echo "SKIP - linux keys (no $linux_tarball: make deps fetches it)"
fi

summary
