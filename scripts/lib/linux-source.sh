# SPDX-License-Identifier: BSD-2-Clause
# Sourced by scripts/build-linux.sh, build-kvm-selftests.sh and deps.sh:
# the kernel tree of a Debian sid linux-source-X.Y package (arch all, in
# sid's binary archive), downloaded through sid's private apt
# configuration (scripts/lib/debian-apt.sh; the host's apt sources stay as
# they are) into $CACHE/debian/sid/linux-source-<version>/, which holds
# the .deb's /usr/src/linux-source-X.Y.tar.xz and is named by the package
# version, so that two versions never share an entry.
#
# LINUX_SOURCE (package=version) is the project's kernel: the default
# below, or the environment's for a trial of another version.
# Needs CACHE, log and die from the sourcing script, and scripts/lib/
# cache.sh, apt-sources.sh and debian-apt.sh.

LINUX_SOURCE_DEFAULT=linux-source-7.2=7.2.13-1
LINUX_SOURCE=${LINUX_SOURCE:-$LINUX_SOURCE_DEFAULT}

# linux_source_path PV: where the tarball of PV (linux-source-X.Y=VERSION)
# is kept; nothing is fetched
linux_source_path() {
	echo "$CACHE/debian/sid/linux-source-${1#*=}/${1%%=*}.tar.xz"
}

# linux_source_fetch WORK PV: the package PV downloaded, its tarball into
# WORK/entry (cache_fill)
linux_source_fetch() {
	local pv=$2 deb
	log "downloading $pv (sid)"
	deb=$(debian_apt_fetch "$pv") || exit 1
	mkdir -p "$1/entry"
	dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$1/entry" --wildcards \
		--strip-components=3 './usr/src/linux-source-*.tar.xz' ||
		die "no /usr/src/linux-source-*.tar.xz in $deb"
	ls "$1"/entry/linux-source-*.tar.xz >/dev/null 2>&1 ||
		die "no /usr/src/linux-source-*.tar.xz in $deb"
}

# linux_source_tarball PV: the tarball of PV, downloaded when the cache
# does not have it yet; its path printed
linux_source_tarball() {
	local pv=$1 path
	path=$(linux_source_path "$pv")
	if [ ! -f "$path" ]; then
		debian_apt_init sid "$CACHE/debian/sid/apt"
		debian_apt_update
		cache_fill "$(dirname "$path")" "$(basename "$path")" \
			linux_source_fetch "$pv"
	fi
	[ -f "$path" ] || die "no $path after fetching $pv"
	echo "$path"
}
