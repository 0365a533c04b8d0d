# SPDX-License-Identifier: BSD-2-Clause
# Sourced by scripts/build-debian-guest.sh, fetch-debian-opensbi.sh,
# build-kvm-selftests.sh (--suite sid) and deps.sh (QEMU's source):
# a private apt configuration for one Debian suite's riscv64 archive, so
# that packages of another release than the host's can be resolved and
# downloaded without touching the host's dpkg or apt sources.
#
# debian_apt_init SUITE DIR sets APT=DIR (index, status, archives) and
# apt_opts; the archive is the one at the URIs of the machine's own Debian
# entry (scripts/lib/apt-sources.sh: no mirror host is written here). One
# apt-get at a time per directory (a lock in it): the guest and the
# firmware of the same suite share it.
# Needs log and die from the sourcing script, and apt-sources.sh.

DEBIAN_SOURCES=${DEBIAN_SOURCES:-/etc/apt/sources.list.d/debian.sources}
DEBIAN_KEYRING=${DEBIAN_KEYRING:-/usr/share/keyrings/debian-archive-keyring.gpg}

# debian_apt_init SUITE DIR
debian_apt_init() {
	local uris
	APT_SUITE=$1 APT=$2
	apt_opts=(-o "Dir::State=$APT/state" -o "Dir::State::status=$APT/state/status"
		-o "Dir::Cache=$APT/cache" -o "Dir::Cache::archives=$APT/archives"
		-o "Dir::Etc::SourceList=$APT/sources.list"
		-o Dir::Etc::SourceParts=/nonexistent -o Dir::Etc::Preferences=/nonexistent
		-o Dir::Etc::PreferencesParts=/nonexistent
		-o APT::Architecture=riscv64 -o APT::Architectures::=riscv64
		-o APT::Install-Recommends=0 -o Debug::NoLocking=1 -q)
	mkdir -p "$APT/state/lists/partial" "$APT/cache" "$APT/archives/partial"
	touch "$APT/state/status"
	[ -f "$DEBIAN_SOURCES" ] ||
		die "$DEBIAN_SOURCES not found: cannot derive the Debian archive"
	uris=$(apt_uris "$DEBIAN_SOURCES" bookworm)
	[ -n "$uris" ] || die "no bookworm entry with URIs in $DEBIAN_SOURCES"
	printf 'deb [arch=riscv64 signed-by=%s] %s %s main\n' \
		"$DEBIAN_KEYRING" "$uris" "$APT_SUITE" >"$APT/sources.list.$$"
	# a name of its own: the suites' builds set up the same directory at once
	mv "$APT/sources.list.$$" "$APT/sources.list"
}

# debian_apt_src_init SUITE DIR: as debian_apt_init, for SUITE's source
# packages (deb-src) instead of its riscv64 binaries, so that `apt-get
# source` can fetch a source of another release than the host's
debian_apt_src_init() {
	debian_apt_init "$@"
	printf 'deb-src [signed-by=%s] %s %s main\n' \
		"$DEBIAN_KEYRING" "$(apt_uris "$DEBIAN_SOURCES" bookworm)" \
		"$APT_SUITE" >"$APT/sources.list.$$"
	mv "$APT/sources.list.$$" "$APT/sources.list"
}

# debian_apt_lock / debian_apt_unlock: one apt-get in $APT at a time
debian_apt_lock() {
	exec {APT_LOCK}>"$APT/.lock"
	flock "$APT_LOCK"
}
debian_apt_unlock() { exec {APT_LOCK}>&-; }

# debian_apt_update: refresh the index when older than a day
# (DEBIAN_GUEST_UPDATE=1: now); a failed refresh keeps the old index
debian_apt_update() {
	local stamp=$APT/state/updated
	debian_apt_lock
	if [ -z "${DEBIAN_GUEST_UPDATE:-}" ] && [ -f "$stamp" ] &&
		[ -z "$(find "$stamp" -mmin +1440)" ]; then
		debian_apt_unlock
		return 0
	fi
	log "apt-get update ($APT_SUITE, riscv64, private index in $APT)"
	if apt-get "${apt_opts[@]}" update >"$APT/update.log" 2>&1; then
		touch "$stamp"
	else
		log "update failed (log: $APT/update.log); using the index as it is"
	fi
	debian_apt_unlock
}

# debian_apt_download PACKAGE...: the packages and what they depend on,
# downloaded into $APT/archives
debian_apt_download() {
	debian_apt_lock
	apt-get "${apt_opts[@]}" -y --download-only install "$@" \
		>"$APT/download.log" 2>&1 ||
		{ tail -20 "$APT/download.log" >&2; die "download failed"; }
	debian_apt_unlock
}

# debian_apt_fetch PACKAGE=VERSION: that one package downloaded (with
# what it depends on), the path of its .deb printed
debian_apt_fetch() {
	local deb
	debian_apt_download "$1"
	deb=$(debian_apt_deb "$1")
	[ -n "$deb" ] || die "no .deb for $1 in $APT/archives"
	echo "$deb"
}

# debian_apt_closure PACKAGE...: "package=version" of everything installing
# the packages would install (into an empty system), sorted
debian_apt_closure() {
	# under the lock: apt-get rewrites its cache files in $APT/cache
	debian_apt_lock
	apt-get "${apt_opts[@]}" -s install "$@" 2>/dev/null |
		awk '$1 == "Inst" { v = $3; gsub(/[()]/, "", v); print $2 "=" v }' |
		LC_ALL=C sort
	debian_apt_unlock
}

# debian_apt_deb PACKAGE=VERSION: the downloaded .deb
debian_apt_deb() {
	local p=${1%%=*} v=${1#*=}
	ls "$APT/archives/${p}_${v//:/%3a}_"*.deb 2>/dev/null | head -1
}

# debian_apt_required: the packages of priority "required" in the index,
# which every Debian system has (debootstrap --variant=minbase installs
# just these)
debian_apt_required() {
	local f
	for f in "$APT"/state/lists/*_Packages*; do
		/usr/lib/apt/apt-helper cat-file "$f"
	done | awk 'BEGIN { RS = ""; FS = "\n" }
	/\nPriority: required(\n|$)/ {
		for (i = 1; i <= NF; i++)
			if ($i ~ /^Package: /) print substr($i, 10)
	}' | LC_ALL=C sort -u
}
