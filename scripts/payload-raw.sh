#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The raw image of a fw_payload payload: an ELF becomes its loadable bytes
# (objcopy -O binary), anything else (a Linux Image) is taken as it is. OUT
# is only rewritten when its bytes change.
#
#   payload-raw.sh OBJCOPY IN OUT
set -euo pipefail

objcopy=$1 in=$2 out=$3
mkdir -p "$(dirname "$out")"
if [ "$(head -c 4 "$in" | od -An -tx1 | tr -d ' ')" = 7f454c46 ]; then
	"$objcopy" -O binary "$in" "$out.tmp"
else
	cp "$in" "$out.tmp"
fi
if cmp -s "$out.tmp" "$out"; then
	rm "$out.tmp"
else
	mv "$out.tmp" "$out"
	echo "  PAYLOAD $in"
fi
