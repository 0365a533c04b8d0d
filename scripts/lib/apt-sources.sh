# SPDX-License-Identifier: BSD-2-Clause
# Sourced by scripts/: the URIs of the machine's own Debian apt entries, so
# that no mirror host is ever written into the project.

# apt_uris FILE SUITE-REGEX: the URIs of the first deb822 stanza of FILE
# one of whose Suites matches SUITE-REGEX (a whole word).
apt_uris() {
	awk -v want="$2" 'BEGIN { RS = ""; FS = "\n" }
	{
		uris = ""; hit = 0
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^URIs:/) { uris = $i; sub(/^URIs:[ \t]*/, "", uris) }
			if ($i ~ /^Suites:/) {
				n = split(substr($i, 8), s, /[ \t]+/)
				for (k = 1; k <= n; k++) if (s[k] ~ "^(" want ")$") hit = 1
			}
		}
		if (hit && uris != "") { print uris; exit }
	}' "$1"
}
