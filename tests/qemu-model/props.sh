#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# CPU properties of the QEMU model: dependency errors, riscv,isa-extensions
# strings, defaults (off in rv64, on in max; x-trap-misaligned and
# x-pdis-mem off in both)
# and the riscv,pmu node.
#   props.sh QEMU
set -u
qemu=${1:?usage: props.sh QEMU}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
t() { if eval "$2"; then ok "$1"; else bad "$1"; fi; }

# Start QEMU only far enough to write the device tree.
dtb() { "$qemu" -M virt,dumpdtb="$tmp/$1.dtb" -bios none -cpu "$2" -smp 1 -m 256M \
	-display none -monitor none -serial none >"$tmp/$1.out" 2>&1; }
isa() { fdtget -t s "$tmp/$1.dtb" /cpus/cpu@0 riscv,isa-extensions 2>/dev/null |
	tr ' ' '\n'; }

dtb err1 rv64,sscofpmf=false,x-sspesa=true
t "x-sspesa without sscofpmf is refused" \
	"grep -q 'x-sspesa (Sspesa) requires Sscofpmf' $tmp/err1.out"
dtb err2 rv64,sscofpmf=true,x-ssplcofi=true
t "x-ssplcofi without x-sspesa is refused" \
	"grep -q 'x-ssplcofi (Ssplcofi) requires Sspesa' $tmp/err2.out"

dtb err3 rv64,sscofpmf=false,smcsrind=true,x-smpdis=true
t "x-smpdis without sscofpmf is refused" \
	"grep -q 'x-smpdis (Smpdis) requires Sscofpmf' $tmp/err3.out"
dtb err4 rv64,sscofpmf=true,smcsrind=true,sscsrind=false,x-smpdis=true,x-sspdis=true
t "x-sspdis without sscsrind is refused" \
	"grep -q 'x-sspdis (Sspdis) requires S-mode, Sscsrind' $tmp/err4.out"
dtb err5 rv64,sscofpmf=true,smcsrind=true,sscsrind=true,x-sspdis=true
t "x-sspdis without x-smpdis is refused" \
	"grep -q 'x-sspdis (Sspdis) requires' $tmp/err5.out"
dtb dbl rv64,sscofpmf=true,smcsrind=true,sscsrind=true,x-smpdis=true,x-sspdis=true,ssdbltrp=true
t "x-smpdis with ssdbltrp is accepted (PDISS is bit 58, DTE 59)" \
	"isa dbl | grep -qx smpdis && isa dbl | grep -qx ssdbltrp"

dtb def rv64,sscofpmf=true
t "rv64: sspesa off by default" "! isa def | grep -qx sspesa"
t "rv64: ssplcofi off by default" "! isa def | grep -qx ssplcofi"
dtb on rv64,sscofpmf=true,x-sspesa=true,x-ssplcofi=true
t "x-sspesa=true: sspesa in riscv,isa-extensions" "isa on | grep -qx sspesa"
t "x-ssplcofi=true: ssplcofi in riscv,isa-extensions" \
	"isa on | grep -qx ssplcofi"
t "rv64: smpdis, sspdis off by default" \
	"! isa def | grep -qx smpdis && ! isa def | grep -qx sspdis"
t "x-smpdis/x-sspdis=true: smpdis, sspdis in riscv,isa-extensions" \
	"isa dbl | grep -qx smpdis && isa dbl | grep -qx sspdis"
dtb max max
t "max: sspesa on" "isa max | grep -qx sspesa"
t "max: ssplcofi on" "isa max | grep -qx ssplcofi"
t "max: smpdis, sspdis on" "isa max | grep -qx smpdis && isa max | grep -qx sspdis"

# A CPU property's value, read through QMP before the machine runs.
prop() {
	local get='"execute":"qom-get","arguments"'

	printf '%s\n' '{"execute":"qmp_capabilities"}' \
		"{$get:{\"path\":\"/machine/soc0/harts[0]\",\"property\":\"$2\"}}" \
		'{"execute":"quit"}' |
		timeout 30 "$qemu" -M virt -cpu "$1" -smp 1 -m 256M -bios none \
			-display none -monitor none -serial none -S -qmp stdio 2>&1 |
		sed -n 's/.*"return": \(true\|false\).*/\1/p'
}
t "rv64: x-trap-misaligned off by default" \
	"[ \"\$(prop rv64 x-trap-misaligned)\" = false ]"
t "max: x-trap-misaligned off" "[ \"\$(prop max x-trap-misaligned)\" = false ]"
t "x-trap-misaligned=on is accepted" \
	"[ \"\$(prop rv64,x-trap-misaligned=on x-trap-misaligned)\" = true ]"
t "rv64: x-pdis-mem off by default (MEM hardwired 0)" \
	"[ \"\$(prop rv64 x-pdis-mem)\" = false ]"
t "max: x-pdis-mem off" "[ \"\$(prop max x-pdis-mem)\" = false ]"
dtb err6 rv64,sscofpmf=true,x-pdis-mem=true
t "x-pdis-mem without x-smpdis is refused" \
	"grep -q 'x-pdis-mem requires Smpdis' $tmp/err6.out"
# riscv32 has no model of the RV32 record (32 bytes, spdisambaddr 5:0)
q32=$(dirname "$qemu")/qemu-system-riscv32
"$q32" -M virt,dumpdtb="$tmp/rv32.dtb" -bios none -smp 1 -m 256M \
	-cpu rv32,sscofpmf=true,smcsrind=true,x-smpdis=true,x-pdis-mem=true \
	-display none -monitor none -serial none >"$tmp/err7.out" 2>&1
t "riscv32: x-pdis-mem is refused (MEM stays hardwired 0)" \
	"grep -q 'x-pdis-mem is not supported on RV32' $tmp/err7.out"

pmu() { fdtget -t x "$tmp/def.dtb" /pmu "$1" 2>/dev/null; }
t "riscv,pmu: riscv,event-to-mhpmevent maps 0x5 to selector 5" \
	"pmu riscv,event-to-mhpmevent | grep -Eq '(^| )5 0 5( |$)'"
t "riscv,pmu: DTLB read/write miss, ITLB miss map to the TLB model's events" \
	"pmu riscv,event-to-mhpmevent | grep -Eq \
	'(^| )10019 0 102 1001a 0 101 1001b 0 103 10020 0 11 10021 0 12( |$)'"
t "riscv,pmu: riscv,event-to-mhpmcounters lists 0x10019" \
	"pmu riscv,event-to-mhpmcounters | grep -q '10019 10019'"
t "riscv,pmu: raw selector 0x118 (PDIS.SAMPLES) listed" \
	"pmu riscv,raw-event-to-mhpmcounters | grep -q '0 118 0 fffff'"
t "riscv,pmu: riscv,raw-event-to-mhpmcounters lists selector 0x100" \
	"pmu riscv,raw-event-to-mhpmcounters | grep -q '0 100 0 fffff'"

echo "$pass passed, $fail failed"
