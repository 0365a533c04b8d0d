#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# The PDIS perf PMU (linux/patches/0012-0016, drivers/perf/riscv_pdis.c;
# docs/linux.md) under `-icount shift=0` (suite `linux`).
#
# The firmware delegates PDIS (the default, docs/delegation.md) on a CPU
# with Smpdis/Sspdis. Two boots: without the memory buffer (records come
# one at a time from the CSRs with the LCOFI) and with it (x-pdis-mem=true:
# records come in batches of 64 on the buffer interrupt, LAMBI: half of
# the driver's 16 KiB buffer of 128-byte slots). The
# workload tally-pdis walks two arrays with known strides: one load per
# 256 bytes of src, one store per 64 bytes of dst, in walk(). Per boot:
#   - the "pdis" PMU is registered, with or without the buffer (dmesg,
#     caps/buffer);
#   - pdis/sel=1/u -c P (loads): exactly floor(loads:u / P) samples, where
#     loads:u is inst.dec.load.spec:u of the same command; the samples in
#     walk() (nearly all) have data addresses in src at a multiple of 256
#     from its start and weight 4 (the model's load latency);
#   - pdis/sel=2/u (stores): floor(stores:u / P) samples; dst at multiples
#     of 64, weight 2;
#   - the latency filter: sel=3 (loads and stores) with thresh=3 keeps
#     only loads (weight 4), with inv=1 only stores (weight 2);
#   - the event filter: sel=0 (all), evmask=7 evmatch=2 (TYPE = store)
#     keeps only stores;
#   - privilege filters: :u samples are all user addresses, :k all kernel;
#   - perf report --sort symbol,weight puts walk first; perf report
#     --mem-mode (perf mem report): 90 % of the samples at src+offset,
#     L1 hit, L1 TLB hit;
#   - pdis/sel=1/u and inst.ret:u (an SBI counter) sampled in one session,
#     both on the counter overflow interrupt (patch 0014): exact PDIS
#     samples, inst.ret:u samples within one of count / P;
#   - nobuf=1: the same samples, from the CSRs (no buffer interrupt);
#   - buffer boot: the buffer interrupt fired, about samples / 64 times.
# Prints "ok - ..." / "FAIL - ..." per check, then "N passed, N failed".
set -uo pipefail

TOP=${TOP:-$(cd "$(dirname "$0")/../.." && pwd)}
BOOT_TIMEOUT=${BOOT_TIMEOUT:-500}
. "$TOP/tests/linux/lib.sh"

N=200000 P=997
PDIS_CPU=rv64,sscofpmf=true,smcntrpmf=true,smcsrind=true,sscsrind=true,smstateen=true,x-smpdis=true,x-sspdis=true

# The guest: every recording is summed up by awk in the guest, so the
# console only carries one line per recording.
guest="
echo 10000000 >/proc/sys/kernel/perf_event_max_sample_rate
echo 0 >/proc/sys/kernel/perf_cpu_time_max_percent
dmesg | grep -e riscv-pdis -e Oops | sed 's/^/T:dmesg /'
echo \"T:buf \$(cat /sys/bus/event_source/devices/pdis/caps/buffer 2>&1)\"
ON=1
set -- \$(tally-pdis 1 | sed -n 's/^tally-pdis: src \\(.*\\)-\\(.*\\) stride .* dst \\(.*\\)-\\(.*\\) stride .*/\\1 \\2 \\3 \\4/p')
S0=\$1 S1=\$2 D0=\$3 D1=\$4
echo \"T:arrays \$S0 \$S1 \$D0 \$D1\"
stat cnt -e inst.dec.load.spec:u,inst.dec.store.spec:u,inst.ret:u tally-pdis $N
# pd TAG EVENT: record EVENT -c $P on tally-pdis, then one line
# T:pd TAG rc samples in-walk in-src@256 in-dst@64 w4 w2 user kernel
pd() {
	P record -o /tmp/p.data -e \"\$2\" -c $P -d -W tally-pdis $N >/dev/null 2>/tmp/err
	rc=\$?
	P script -i /tmp/p.data -F addr,weight,ip,sym >/tmp/p.txt 2>/dev/null
	[ \"\$1\" = ld ] && head -3 /tmp/p.txt | sed 's/^/T:sample /'
	awk -v t=\"\$1\" -v rc=\$rc -v s0=\$S0 -v s1=\$S1 -v d0=\$D0 -v d1=\$D1 '
	function h(x) { return (\"0x\" x) + 0 }
	{
		n++; a = h(\$1)
		if (\$2 == 4) w4++; else if (\$2 == 2) w2++
		if (\$3 ~ /^ffff/) k++; else u++
		if (\$4 != \"walk\") next
		w++
		if (a >= s0 && a < s1 && (a - s0) % 256 == 0) src++
		if (a >= d0 && a < d1 && (a - d0) % 64 == 0) dst++
	}
	END { printf \"T:pd %s %d %d %d %d %d %d %d %d %d\\n\", t, rc, n, w, src, dst, w4, w2, u, k }' /tmp/p.txt
	[ \$rc = 0 ] || sed 's/^/T:err /' /tmp/err
}
cat /proc/interrupts >/tmp/irq0
pd ld pdis/sel=1/u
cat /proc/interrupts >/tmp/irq1
echo \"T:lambi \$(irqs_during riscv-pdis-buffer)\"
P report -i /tmp/p.data --stdio --sort symbol,weight 2>/dev/null | grep -v '^#' | grep . | head -3 | sed 's/^/T:report /'
P mem report -i /tmp/p.data --stdio --sort symbol_daddr,mem,tlb >/tmp/mem.txt 2>&1
grep -v '^#' /tmp/mem.txt | grep . | head -3 | sed 's/^/T:mem /'
echo \"T:memsrc \$(awk '/\\[\\.\\] src\\+0x[0-9a-f]+ +L1 hit +L1 hit/ { n += \$2 } END { print n + 0 }' /tmp/mem.txt)\"
pd st pdis/sel=2/u
pd lat pdis/sel=3,thresh=3/u
pd latinv pdis/sel=3,thresh=3,inv=1/u
pd ev pdis/sel=0,evmask=7,evmatch=2/u
pd kern pdis/sel=1/k
cat /proc/interrupts >/tmp/irq0
pd nobuf pdis/sel=1,nobuf=1/u
cat /proc/interrupts >/tmp/irq1
echo \"T:nobuf-lambi \$(irqs_during riscv-pdis-buffer)\"
# PDIS and a sampled counter in one session: both raise the LCOFI
P record -o /tmp/m.data -e pdis/sel=1/u -e inst.ret:u -c $P tally-pdis $N >/dev/null 2>&1
echo \"T:mix \$? \$(samples /tmp/m.data pdis/sel=1/u) \$(samples /tmp/m.data inst.ret:u)\"
dmesg | grep -e riscv-pdis -e Oops -e WARNING | sed 's/^/T:dmesg2 /'
"

# pdval TAG FIELD: field FIELD (1 = rc) of the T:pd TAG line.
pdval() { sed -n "s/^T:pd $1 //p" <<<"$LOG_TEXT" | awk -v f="$2" '{ print $f }'; }

check_boot() {
	local what=$1 buf=$2 loads stores want n w src dst w4 w2 u k t lam mrc mpd mret
	check "$what: the pdis PMU is registered (buffer: $buf)" \
		eval 'has "^T:dmesg .*riscv-pdis: decoded-instruction sampling" && has "^T:buf $buf$"'
	loads=$(perf_value inst.dec.load.spec:u "T:cnt ")
	stores=$(perf_value inst.dec.store.spec:u "T:cnt ")
	for t in ld st; do
		n=$(pdval $t 2) w=$(pdval $t 3) src=$(pdval $t 4) dst=$(pdval $t 5)
		w4=$(pdval $t 6) w2=$(pdval $t 7) u=$(pdval $t 8) k=$(pdval $t 9)
		if [ $t = ld ]; then
			want=$(( ${loads:-0} / P ))
			check "$what: pdis/sel=1/u -c $P: ${n:-none} samples, loads:u ${loads:-none} / $P = $want exactly" \
				eval '[ "$(pdval ld 1)" = 0 ] && [ "$want" -gt 100 ] && same "$n" "$want"'
			check "$what: loads: $w of $n samples in walk(), $src at src + k*256 (all of walk's), weight 4: $w4" \
				eval 'positive "$w" && [ $((w * 10)) -ge $((n * 9)) ] && same "$src" "$w" && [ "$dst" = 0 ] && same "$w4" "$n"'
		else
			want=$(( ${stores:-0} / P ))
			check "$what: pdis/sel=2/u -c $P: ${n:-none} samples, stores:u ${stores:-none} / $P = $want exactly" \
				eval '[ "$(pdval st 1)" = 0 ] && [ "$want" -gt 100 ] && same "$n" "$want"'
			check "$what: stores: $w of $n samples in walk(), $dst at dst + k*64 (all of walk's), weight 2: $w2" \
				eval 'positive "$w" && [ $((w * 10)) -ge $((n * 9)) ] && same "$dst" "$w" && [ "$src" = 0 ] && same "$w2" "$n"'
		fi
		check "$what: sel=$([ $t = ld ] && echo 1 || echo 2)/u: $u user, $k kernel samples" \
			eval 'same "$u" "$n" && [ "$k" = 0 ]'
	done
	n=$(pdval lat 2) w4=$(pdval lat 6) w2=$(pdval lat 7)
	check "$what: sel=3,thresh=3: $n samples, all loads (weight 4: $w4, 2: $w2)" \
		eval 'positive "$n" && same "$w4" "$n" && [ "$w2" = 0 ]'
	n=$(pdval latinv 2) w4=$(pdval latinv 6) w2=$(pdval latinv 7)
	check "$what: sel=3,thresh=3,inv=1: $n samples, all stores (weight 2: $w2, 4: $w4)" \
		eval 'positive "$n" && same "$w2" "$n" && [ "$w4" = 0 ]'
	n=$(pdval ev 2) w=$(pdval ev 3) dst=$(pdval ev 5) w2=$(pdval ev 7)
	check "$what: sel=0,evmask=7,evmatch=2: $n samples, all stores (weight 2: $w2), walk's at dst ($dst of $w)" \
		eval 'positive "$n" && same "$w2" "$n" && same "$dst" "$w"'
	n=$(pdval kern 2) u=$(pdval kern 8) k=$(pdval kern 9)
	check "$what: pdis/sel=1/k: $n samples, $k kernel, $u user" \
		eval '[ "$(pdval kern 1)" = 0 ] && positive "$n" && same "$k" "$n" && [ "$u" = 0 ]'
	w=$(pdval ld 3) k=$(grep -m1 '^T:report' <<<"$LOG_TEXT" | sed -n 's/^T:report *[0-9.]*% *\[\.\] walk *\([0-9]*\) .*/\1/p')
	check "$what: perf report --sort symbol,weight: walk first, weight ${k:-none} = 4 x its $w samples" \
		eval 'positive "$w" && same "$k" $((4 * w))'
	k=$(value memsrc) n=$(pdval ld 2)
	check "$what: perf mem report --sort symbol_daddr,mem,tlb: ${k:-none} of $n samples at src+offset, L1 hit, L1 TLB hit (90 %)" \
		eval 'positive "$k" && [ $((k * 10)) -ge $((n * 9)) ]'
	lam=$(value lambi) n=$(pdval ld 2)
	if [ "$buf" = 1 ]; then
		check "$what: ${lam:-none} buffer interrupts for $n samples (64 a batch, the rest at exit)" \
			eval 'positive "$n" && between "$lam" $((n / 64 - 1)) $((n / 64 + 1))'
	else
		check "$what: no buffer interrupt (${lam:-none})" test "${lam:-x}" = 0
	fi
	n=$(pdval nobuf 2) lam=$(value nobuf-lambi)
	check "$what: pdis/sel=1,nobuf=1/u (records from the CSRs): ${n:-none} samples, as without nobuf ($(pdval ld 2)), ${lam:-none} buffer interrupts" \
		eval '[ "$(pdval nobuf 1)" = 0 ] && same "$n" "$(pdval ld 2)" && [ "$lam" = 0 ]'
	read -r mrc mpd mret <<<"$(value mix)"
	n=$(perf_value inst.ret:u "T:cnt ") want=$(( ${loads:-0} / P ))
	check "$what: pdis/sel=1/u with inst.ret:u in one session (both on the LCOFI): ${mpd:-none} PDIS samples (exactly $want), ${mret:-none} inst.ret:u samples (${n:-none} / $P = $((${n:-0} / P)), +-1)" \
		eval '[ "${mrc:-}" = 0 ] && same "${mpd:-}" "$want" && positive "$n" && near "${mret:-}" $((n / P)) 1 1'
	check "$what: no warning or oops in the kernel log" hasnt '^T:dmesg2 .*(WARNING|Oops|fault)'
	check_poweroff
}

run_guest pdis-csr "$guest" --icount --cpu "$PDIS_CPU" --smp 2
printf '%s\n' "$LOG_TEXT" | grep -E '^T:(pd|cnt|arrays|sample|report|mem|lambi|buf|err)' | sed 's/^/  /'
check_boot csr 0

run_guest pdis-buf "$guest" --icount --cpu "$PDIS_CPU,x-pdis-mem=true" --smp 2
printf '%s\n' "$LOG_TEXT" | grep -E '^T:(pd|cnt|lambi|buf|err)' | sed 's/^/  /'
check_boot buf 1

summary
