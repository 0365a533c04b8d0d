#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# The firmware's version from include/sbi/sbi_init.h, its one home:
#   fw-version.sh          MAJOR.MINOR, as the banner prints it
#   fw-version.sh --impl   BASE get_impl_version's value, (major << 16) | minor
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
field() {
	sed -n "s/^#define FW_VERSION_$1[[:space:]]*\([0-9][0-9]*\)\$/\1/p" \
		"$TOP/include/sbi/sbi_init.h"
}
major=$(field MAJOR)
minor=$(field MINOR)
if [ -z "$major" ] || [ -z "$minor" ]; then
	echo "fw-version.sh: no FW_VERSION_MAJOR/MINOR in include/sbi/sbi_init.h" >&2
	exit 1
fi
case "${1:-}" in
--impl) printf '0x%x\n' $(((major << 16) | minor)) ;;
'') echo "$major.$minor" ;;
*) echo "usage: fw-version.sh [--impl]" >&2; exit 2 ;;
esac
