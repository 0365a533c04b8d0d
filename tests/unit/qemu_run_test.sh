#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Tests of scripts/qemu-run.sh's exit status with a stand-in for QEMU (a
# script that takes QEMU's options and exits): it is QEMU's, whatever the
# watcher process is doing when QEMU ends. On a busy host the watcher can
# see QEMU gone and end before the script's own exit; the stand-in makes
# that happen every time by stopping the watcher itself. Nothing boots.
# Ends with "N passed, N failed".
#
#   qemu_run_test.sh TOP
set -u
top=${1:?usage: qemu_run_test.sh TOP}
. "$top/tests/lib/check.sh"
t=$(mktemp -d "${TMPDIR:-/tmp}/qemu-run-test.XXXXXX")
trap 'rm -rf "$t"' EXIT

# fake_qemu NAME STATUS [kill]: a QEMU that exits with STATUS; with "kill"
# it first ends its siblings (the watcher) and waits until they are gone
fake_qemu() {
	cat >"$t/$1" <<-EOT
	#!/usr/bin/env bash
	if [ "${3:-}" = kill ]; then
		for p in \$(pgrep -P \$PPID); do
			[ "\$p" = \$\$ ] || kill -KILL "\$p" 2>/dev/null
		done
		while [ "\$(pgrep -P \$PPID | grep -vc "^\$\$\\\$")" != 0 ]; do
			sleep 0.05
		done
	fi
	exit $2
	EOT
	chmod +x "$t/$1"
}

# status QEMU: qemu-run.sh's exit status with that stand-in
status() {
	local rc=0
	(cd "$t" && QEMU=$t/$1 FW_DYNAMIC=/dev/null TMPDIR=$t \
		"$top/scripts/qemu-run.sh" --kernel /dev/null --timeout 30 \
		>"$t/$1.out" 2>&1) || rc=$?
	echo "$rc"
}

fake_qemu ok 0
fake_qemu ok-alone 0 kill
fake_qemu fail 3
fake_qemu fail-alone 3 kill
check "QEMU's status 0 is the script's" [ "$(status ok)" = 0 ]
check "QEMU's status 3 is the script's" [ "$(status fail)" = 3 ]
check "status 0 when the watcher ended before QEMU (a busy host)" \
	[ "$(status ok-alone)" = 0 ]
check "status 3 when the watcher ended before QEMU" \
	[ "$(status fail-alone)" = 3 ]
check "no temporary file left behind" \
	[ -z "$(find "$t" -maxdepth 1 -name 'qemu-run.*')" ]

summary
