#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# Write the device tree QEMU virt builds for a CPU model, with the
# firmware's knobs in /chosen (docs/delegation.md, docs/pmu.md):
#
#   mkdtb.sh OUT.dtb CPU SMP [PMU_MASK [PDIS [NAME=U32...]]]
#
# CPU or SMP given as '-' is qemu-run.sh's default.
# PMU_MASK -> tally,pmu-delegate, PDIS (0/1) -> tally,pdis-delegate; a knob
# given as '-' is left out (the firmware's build value applies). Each
# NAME=U32 adds /chosen NAME (e.g. tally,pmu-compat=0). Boot with
# run-payload.sh ... -- -dtb OUT.dtb (same CPU, SMP and memory).
# Environment: QEMU as for scripts/qemu-run.sh; DTB_MEM, the memory (as
# qemu-run.sh --mem) when the machine boots with more than its default.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)

usage() { sed -n '4,13p' "$0" >&2; exit 2; }

main() {
	[ $# -ge 3 ] || usage
	local out=$1 cpu=$2 smp=$3 mask=${4:--} pdis=${5:--}

	mkdir -p "$(dirname "$out")"
	rm -f "$out"
	local machine=()
	[ "$cpu" = - ] || machine+=(--cpu "$cpu")
	[ "$smp" = - ] || machine+=(--smp "$smp")
	# the memory the machine boots with: QEMU places the initrd by it
	[ -z "${DTB_MEM:-}" ] || machine+=(--mem "$DTB_MEM")
	# no firmware needed to dump the DT (nor any image to exist)
	"$top/scripts/qemu-run.sh" "${machine[@]}" --bios none --timeout 60 \
		-- -machine dumpdtb="$out" >/dev/null
	[ -s "$out" ] || { echo "mkdtb.sh: QEMU wrote no $out" >&2; exit 1; }
	[ "$mask" = - ] || fdtput -t i "$out" /chosen tally,pmu-delegate "$mask"
	[ "$pdis" = - ] || fdtput -t i "$out" /chosen tally,pdis-delegate "$pdis"
	shift $(($# < 5 ? $# : 5))
	for kv in "$@"; do
		fdtput -t i "$out" /chosen "${kv%%=*}" "${kv#*=}"
	done
}

main "$@"
