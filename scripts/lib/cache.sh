# SPDX-License-Identifier: BSD-2-Clause
# Sourced by scripts/build-*.sh: the cache under $CACHE (~/.cache/tally)
# that heavy builds share across clones. An entry is a directory named by
# a key (version + hash of what shapes the build: patches, config,
# the build script); it appears whole or not at all.

# cache_key: the key of what is read from stdin (16 hex digits of its
# SHA-256, the formula of mk/config.mk's hash_files)
cache_key() {
	sha256sum | cut -c1-16
}

# cache_fill ENTRY FILE BUILD [ARGS...]: unless ENTRY/FILE exists, run
# BUILD WORK ARGS... in a new directory WORK next to ENTRY; BUILD leaves
# the entry's files in WORK/entry, which is renamed to ENTRY. One builder
# per entry name prefix at a time (a lock in ENTRY's directory): a second
# waits, then finds the entry. Leftovers of killed builds go first.
cache_fill() {
	local entry=$1 file=$2 build=$3 dir name work lock
	shift 3
	[ -e "$entry/$file" ] && return 0
	dir=$(dirname "$entry")
	name=$(basename "$entry")
	name=${name%%-*}
	mkdir -p "$dir"
	exec {lock}>"$dir/.lock-$name"
	flock "$lock"
	if [ ! -e "$entry/$file" ]; then
		rm -rf "$dir/.tmp-$name-"*
		work=$(mktemp -d "$dir/.tmp-$name-XXXXXX")
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

# cache_link TARGET LINK: point LINK at TARGET (replaced in one rename)
cache_link() {
	mkdir -p "$(dirname "$2")"
	ln -sfn "$1" "$2.tmp"
	mv -T "$2.tmp" "$2"
}
