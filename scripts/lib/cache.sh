# SPDX-License-Identifier: BSD-2-Clause
# Sourced by scripts/build-*.sh: the cache under $CACHE (~/.cache/tally,
# TALLY_CACHE) that heavy builds share across clones. An entry is a
# directory named by a key (a hash of what shapes the build: version,
# patches, configuration, the build script itself); it appears whole or not
# at all. This file is no part of any key: changing how entries are found,
# locked or linked rebuilds nothing.

# cache_key: the key of what is read from stdin (16 hex digits of its
# SHA-256, the formula of mk/config.mk's hash_files)
cache_key() {
	sha256sum | cut -c1-16
}

# cache_fill ENTRY FILE BUILD [ARGS...]: unless ENTRY/FILE exists, run
# BUILD WORK ARGS... in a new directory WORK next to ENTRY; BUILD leaves
# the entry's files in WORK/entry, which is renamed to ENTRY. One builder
# per entry at a time (a lock next to it): a second waits, then finds the
# entry; two different entries build side by side. Leftovers of a killed
# build of the same entry go first; WORK goes when BUILD succeeded (a
# failed one stays for a look until the next try).
cache_fill() {
	local entry=$1 file=$2 build=$3 dir name work lock
	shift 3
	[ -e "$entry/$file" ] && return 0
	dir=$(dirname "$entry")
	name=$(basename "$entry")
	mkdir -p "$dir"
	exec {lock}>"$dir/.lock-$name"
	if ! flock -n "$lock"; then
		echo "cache: another build of $entry runs, waiting" >&2
		flock "$lock"
	fi
	if [ ! -e "$entry/$file" ]; then
		rm -rf "$dir/.work-$name".*
		work=$(mktemp -d "$dir/.work-$name.XXXXXX")
		# (not in a condition: there set -e would not stop BUILD)
		"$build" "$work" "$@"
		[ -e "$work/entry/$file" ] || {
			echo "cache: $build left no $file in its entry" >&2
			return 1
		}
		mv -T "$work/entry" "$entry"
		rm -rf "$work"
	fi
	exec {lock}>&-
}

# cache_link TARGET LINK: point LINK at TARGET (replaced in one rename;
# the new link is named by this process, as two groups of make check may
# link the same output at once)
cache_link() {
	mkdir -p "$(dirname "$2")"
	ln -sfn "$1" "$2.tmp.$BASHPID"
	mv -T "$2.tmp.$BASHPID" "$2"
}
