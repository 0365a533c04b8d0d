#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-2-Clause
# `make bench` (mk/bench.mk, docs/performance.md): the project firmware
# against Debian's OpenSBI 1.5.1, all under -icount shift=0.
#
#   bench.sh all|paths|precise|sse|distro|report|pdis|dropin   (report:
#                    from the results already there; precise, sse, distro,
#                    pdis, dropin: only part 2b, 2d, 2c, 5, 1b)
#
# 1. Path length per SBI call: tests/bench/payload (S-mode) on each
#    firmware, counted three ways:
#    - trace: the project's QEMU with one instruction per translation
#      block and an exec log limited to the firmware and the payload's one
#      measured ecall: the M-mode lines between that ecall and the
#      instruction after it;
#    - plugin: Debian's QEMU 10.0.2 (the project's QEMU has no plugin
#      support) with tests/bench/plugin/mmode.c, trap entry to mret;
#    - instret: the payload's own S-mode reads (firmwares that let it).
# 1b. The OpenSBI drop-in (all, paths, dropin): the same payload, exec
#    trace, on each OpenSBI tree of BENCH_DROPINS built unchanged and with
#    Tally's PMU (mk/opensbi.mk); dropin-firmwares.txt lists them.
# 2. Linux: total M-mode instructions of a perf stat session with many
#    context switches (plugin, LINUX_RUNS times per firmware, default 3).
# 2b. Linux, precise sampling and delegation: the skid of SBI LCOFI
#    sampling against :pp on a delegated counter (Sspesa), and M-mode
#    instructions per context switch, SBI-managed against delegated
#    counters (plugin). `bench.sh precise` runs only this part.
# 2d. Linux, sampling over SSE (`bench.sh sse`): M-mode instructions per
#    sample and skid, SSE PMU event against the LCOFI (below).
# 2c. Whole system on the distribution (`bench.sh distro`): Debian
#    trixie's own kernel and perf (make debian-guest) on Debian's QEMU with
#    the plugin, one hart: the M-mode instructions of one perf stat and
#    one perf record session, and the guest slowdown of perf record -c
#    10000, on Tally, Debian's OpenSBI 1.5.1 and, with BENCH_OPENSBI_UP,
#    an upstream OpenSBI's generic fw_dynamic (mk/bench.mk builds 1.9
#    from OPENSBI_SRC).
# 3. Guest speed of the project's QEMU vs Debian's (tests/qemu-model/bench.sh).
# 4. Footprint: image sizes, PMU code and per-hart state.
# 5. PDIS (perf's "pdis" PMU, linux/patches/0012-0016): data-address and
#    latency profiles of tally-pdis, whose pattern is known, with records
#    from the CSRs and from the memory buffer (pdis.txt; tests/bench/pdis.py
#    checks them against the pattern, writes pdis.json, draws pdis.png).
# tests/bench/report.py then prints the tables and draws the charts.
# 6. The bench check (all, paths, report): tests/bench/pathcheck.py fails
#    when a path-length row of results.txt, or the M-mode per context
#    switch on SBI-managed counters, is longer than the Tally figure
#    docs/performance.md commits.
#
# Environment (mk/bench.mk sets it): TOP BUILD QEMU FW_DYNAMIC
# FW_DYNAMIC_ELF BENCH_OUT BENCH_PAYLOAD BENCH_PLUGIN BENCH_QEMU_PLUGIN
# BENCH_OPENSBI KERNEL INITRAMFS CROSS_COMPILE DEBIAN_DIR, BENCH_OPENSBI_UP
# and BENCH_OPENSBI_UP_NAME (empty: no upstream OpenSBI), BENCH_DROPINS
# ("label:upstream image:drop-in image" per OpenSBI tree); LINUX_LOOPS
# (default 10000 sched-pipe round trips), MODEL_RUNS / MODEL_ITERS (default
# 5, 5e8), DISTRO_ROUNDS / DISTRO_PERIOD (default 200, 10000).
set -euo pipefail

what=${1:-all}
out=$BENCH_OUT
# DELEG_CPU, DELEG_MASK, PRECISE_CPU: the Linux tests' CPUs
. "$TOP/tests/linux/lib.sh"
nm=${CROSS_COMPILE}nm
FW_RANGE=0x80000000..0x801fffff	# both firmwares; payloads start above
BENCH_CPU=rv64,sscofpmf=true,smcntrpmf=true
FIRMWARES="tally:$FW_DYNAMIC opensbi:$BENCH_OPENSBI"

log() { printf '[bench] %s\n' "$*"; }
die() { printf '[bench] error: %s\n' "$*" >&2; exit 1; }

# The anchors must be the versions the figures are compared against.
check_anchors() {
	local v
	[ -f "$BENCH_OPENSBI" ] || die "no $BENCH_OPENSBI (make bench-deps)"
	v=$(dpkg-query -W -f='${Version}' opensbi 2>/dev/null || true)
	case $v in 1.5.1*) ;; *) die "opensbi is '$v', want 1.5.1 (bookworm-backports)" ;; esac
	v=$("$BENCH_QEMU_PLUGIN" --version | head -1)
	case $v in *" 10.0.2"*) ;; *) die "$BENCH_QEMU_PLUGIN is '$v', want 10.0.2" ;; esac
	log "anchors: OpenSBI $(dpkg-query -W -f='${Version}' opensbi), $v"
}

site_addr() {
	printf '0x%s' "$("$nm" "$BENCH_PAYLOAD" | awk '$3 == "bench_ecall_site" { print $1 }')"
}

# qemu_payload QEMU FW LOG [extra QEMU args]: one payload run, one hart;
# fails unless QEMU exits 0 after the payload passed all its checks.
qemu_payload() {
	local q=$1 fw=$2 logf=$3
	shift 3
	QEMU=$q "$TOP/scripts/qemu-run.sh" --bios "$fw" --kernel "$BENCH_PAYLOAD" \
		--cpu "$BENCH_CPU" --smp 1 --icount --timeout "${PAYLOAD_TIMEOUT:-600}" -- "$@" \
		>"$logf" 2>&1 && grep -aq '^[0-9]* passed, 0 failed' "$logf"
}

sym_addr() {
	printf '0x%s' "$("$nm" "$BENCH_PAYLOAD" | awk -v s="$1" '$3 == s { print $1 }')"
}

# trace_count SITE < exec log: M-mode lines per ecall at SITE, one a line,
# up to the instruction after it or, for an SSE event it delivers, to the
# handler's first instruction. SSE episodes go on tagged lines: "c N" from
# the handler's complete ecall back to the instruction after SITE, "o N"
# from the overflow trap taken in bench_spin to the handler.
trace_count() {
	awk -v s="$(printf '%016x' "$1")" -v e="$(printf '%016x' $(($1 + 4)))" 	    -v h="$(printf '%016x' "$2")" -v c="$(printf '%016x' "$3")" 	    -v p0="$(printf '%016x' "$4")" -v p1="$(printf '%016x' "$5")" '
		function out(t) { if (on) print (t == "" ? "" : t " ") n; on = 0 }
		$1 == "Trace" {
			split($4, f, "/"); pc = f[2]
			if (pc == s) { n = 0; on = 1; t = "" }
			else if (pc == e) { if (t != "o") out(t); on = 0 }
			else if (pc == h) { if (t != "c") out(t); on = 0 }
			else if (pc == c) { n = 0; on = 1; t = "c" }
			else if (pc >= p0 && pc < p1) { n = 0; on = 1; t = "o" }
			else if (on) n++
		}'
}

paths_trace() {
	local name=$1 fw=$2 site entry done spin spin_end fifo reader
	site=$(site_addr)
	entry=$(sym_addr bench_sse_entry)
	done=$(sym_addr bench_sse_complete)
	spin=$(sym_addr bench_spin)
	spin_end=$(sym_addr bench_spin_end)
	fifo=$out/trace.fifo
	rm -f "$fifo"
	mkfifo "$fifo"
	trace_count "$site" "$entry" "$done" "$spin" "$spin_end" \
		<"$fifo" >"$out/trace-$name.txt" &
	reader=$!
	if ! qemu_payload "$QEMU" "$fw" "$out/payload-$name.log" \
		-accel tcg,one-insn-per-tb=on -d exec,nochain \
		-dfilter "$FW_RANGE,$site+8,$entry+4,$done+4,$spin..$((spin_end - 1))" \
		-D "$fifo"; then
		kill "$reader" 2>/dev/null || true
		die "payload run failed, log $out/payload-$name.log"
	fi
	wait "$reader"
	rm -f "$fifo"
}

paths_plugin() {
	local name=$1 fw=$2
	qemu_payload "$BENCH_QEMU_PLUGIN" "$fw" "$out/payload-$name-plugin.log" \
		-plugin "$BENCH_PLUGIN,out=$out/plugin-$name.txt,site=$(site_addr)" ||
		die "payload run failed, log $out/payload-$name-plugin.log"
}

# The Linux workload: two processes ping-ponging under perf, on a one-hart
# machine (with more, harts spinning in the firmware while the boot hart
# boots make the instruction counts differ from run to run).
linux_cmd() {
	echo "perf stat --no-inherit -x, -e cycles,instructions,context-switches" \
		"perf bench sched pipe -l ${LINUX_LOOPS:-10000}" \
		"2>&1 >/dev/null | sed 's/^/T:stat /'"
}

# A QEMU wrapper (run-linux.sh takes no extra QEMU arguments): icount
# without following the host clock when idle, a fixed RTC, the plugin.
plugin_wrapper() {
	local w=$out/qemu-plugin-$1
	printf '#!/bin/sh\nexec %s "$@" -icount shift=0,sleep=off -rtc base=2025-01-01T00:00:00,clock=vm -plugin %s,out=%s,window=0x504d55:2\n' \
		"$BENCH_QEMU_PLUGIN" "$BENCH_PLUGIN" "$2" >"$w"
	chmod +x "$w"
	echo "$w"
}

linux_plugin() {
	local name=$1 fw=$2 run=$3 q
	q=$(plugin_wrapper "$name-$run" "$out/linux-$name-$run.txt")
	QEMU=$q FW_DYNAMIC=$fw TOP=$TOP BUILD=$BUILD KERNEL=$KERNEL \
		INITRAMFS=$INITRAMFS "$TOP/scripts/run-linux.sh" -q --smp 1 \
		--timeout 1200 --log "$out/linux-$name-$run.log" -- "$(linux_cmd)" \
		>/dev/null || die "Linux run failed, log $out/linux-$name-$run.log"
}

run_paths() {
	local spec name fw
	rm -f "$out"/linux-* "$out"/qemu-plugin-*
	for spec in $FIRMWARES; do
		name=${spec%%:*} fw=${spec#*:}
		log "path lengths, $name: exec trace on $(basename "$QEMU") (project)"
		paths_trace "$name" "$fw"
		log "path lengths, $name: plugin on $BENCH_QEMU_PLUGIN"
		paths_plugin "$name" "$fw"
		for run in $(seq "${LINUX_RUNS:-3}"); do
			log "Linux perf workload, $name, run $run (plugin)"
			linux_plugin "$name" "$fw" "$run"
		done
	done
}

# 1b. Per OpenSBI tree: upstream and the drop-in, exec trace only.
run_dropin() {
	local spec label up dropin
	rm -f "$out"/trace-osbi-* "$out"/payload-osbi-*
	: >"$out/dropin-firmwares.txt"
	for spec in ${BENCH_DROPINS:-}; do
		IFS=: read -r label up dropin <<<"$spec"
		log "path lengths, OpenSBI $label, upstream and with Tally's PMU: exec trace"
		# upstream may fail a check of the payload (the SSE PMU overflow
		# never comes on 1.9, and the payload gets no further there: a
		# short budget ends it): its column says so, the rest goes on
		( PAYLOAD_TIMEOUT=120 paths_trace "osbi-$label" "$up" ) ||
			{ log "upstream OpenSBI $label failed the payload: its column says so"
			  rm -f "$out/trace-osbi-$label.txt"; }
		paths_trace "osbi-$label-tally" "$dropin"
		echo "$label" >>"$out/dropin-firmwares.txt"
	done
	[ -s "$out/dropin-firmwares.txt" ] ||
		log "path lengths, drop-in: no OpenSBI tree (OPENSBI_SRCS)"
}

# 2b. Precise sampling and delegation (docs/performance.md, "Linux:
# precise sampling and delegated counters").
# Skid: one boot on the project's QEMU (Sspesa, Ssplcofi, hpmcounter3
# delegated), the load event of tally-load sampled twice in one session:
# :pp on the delegated counter, plain on a counter the firmware keeps (SBI).
# perf script's IPs per event, against the addresses tally-load prints.
precise_skid() {
	local n=${SKID_LOOPS:-2000000}
	log "precise sampling: skid of inst.ret.load, :pp (delegated) vs SBI"
	QEMU=$QEMU FW_DYNAMIC=$FW_DYNAMIC TOP=$TOP BUILD=$BUILD \
		KERNEL=$KERNEL INITRAMFS=$INITRAMFS \
		"$TOP/scripts/run-linux.sh" -q --icount --cpu "$PRECISE_CPU" \
		--chosen tally,pmu-delegate=0x8 --timeout 1200 --log "$out/skid.log" -- "
tally-load 1 | sed 's/^/T:load /'
perf record -o /tmp/s.data -e inst.ret.load:upp -e inst.ret.load:u -c 2003 tally-load $n >/dev/null 2>&1
perf script -i /tmp/s.data -F event,ip 2>/dev/null | sort | uniq -c | sed 's/^ */T:skid /'
" >/dev/null || die "skid run failed, log $out/skid.log"
}
# Context-switch cost: the perf session of linux_cmd on Debian's QEMU with
# the plugin, on the delegating CPU, with nothing delegated (SBI) and with
# $DELEG_MASK delegated, each at two loop counts: M-mode instructions per
# context switch = the difference of the M-mode totals (boot + run) over
# the difference of the context switches. With no PMU call at all in the
# delegated session there is no PMU window to count in.
precise_switch() {
	local name mask loops q
	for name in sbi:0 deleg:$DELEG_MASK; do
		mask=${name#*:} name=${name%%:*}
		for loops in ${CS_LOOPS:-2000 6000}; do
			log "context-switch cost, $name counters, $loops round trips (plugin)"
			q=$(plugin_wrapper "cs-$name-$loops" "$out/cs-$name-$loops.txt")
			QEMU=$q FW_DYNAMIC=$FW_DYNAMIC TOP=$TOP BUILD=$BUILD \
				KERNEL=$KERNEL INITRAMFS=$INITRAMFS \
				"$TOP/scripts/run-linux.sh" -q --smp 1 --cpu "$DELEG_CPU" \
				--chosen tally,pmu-delegate=$mask --timeout 1200 \
				--log "$out/cs-$name-$loops.log" -- \
				"$(LINUX_LOOPS=$loops linux_cmd)" >/dev/null ||
				die "Linux run failed, log $out/cs-$name-$loops.log"
		done
	done
}
run_precise() {
	rm -f "$out"/skid.log "$out"/cs-*
	precise_skid
	precise_switch
}
# 2d. Sampling over SSE (docs/linux.md "Sampling over SSE"), the PMU
# driver taking counter overflows over the SSE PMU event ("sse") and, with
# riscv_pmu_sbi.sse=0, over the LCOFI ("lcofi"). M-mode instructions per
# sample: one boot each on Debian's QEMU with the plugin (one hart),
# perf record -e instructions -c 10007 of the kernel's test_irqoff
# workload; the plugin gives each M-mode episode by cause (the overflow
# trap that enters the event, SSE complete, PMU counter_stop and
# counter_start). Skid: one boot each on the project's QEMU, the load
# event of tally-load sampled every 2003 loads, perf script's IPs against
# the addresses tally-load prints.
sse_cmd() {
	echo "mount -t debugfs d /sys/kernel/debug;" \
		"echo 0 >/proc/sys/kernel/perf_cpu_time_max_percent;" \
		"perf record -e instructions -c 10007 -o /tmp/x.data --" \
		"sh -c 'echo 200000 200000 20 >/sys/kernel/debug/test_irqoff/run'" \
		">/dev/null 2>&1;" \
		"echo T:samples \$(perf script -i /tmp/x.data -F ip | wc -l)"
}

run_sse() {
	local path app q n=${SKID_LOOPS:-2000000}
	rm -f "$out"/sse-*
	for path in sse lcofi; do
		app=
		[ "$path" = lcofi ] && app=riscv_pmu_sbi.sse=0
		log "sampling over SSE: M-mode per sample, $path (plugin)"
		q=$(plugin_wrapper "sse-$path" "$out/sse-$path.txt")
		QEMU=$q FW_DYNAMIC=$FW_DYNAMIC TOP=$TOP BUILD=$BUILD \
			KERNEL=$KERNEL INITRAMFS=$INITRAMFS \
			"$TOP/scripts/run-linux.sh" -q --smp 1 --timeout 1200 \
			--log "$out/sse-$path.log" ${app:+--append "$app"} -- \
			"$(sse_cmd)" >/dev/null ||
			die "Linux run failed, log $out/sse-$path.log"
		log "sampling over SSE: skid of inst.ret.load, $path"
		QEMU=$QEMU FW_DYNAMIC=$FW_DYNAMIC TOP=$TOP BUILD=$BUILD \
			KERNEL=$KERNEL INITRAMFS=$INITRAMFS \
			"$TOP/scripts/run-linux.sh" -q --icount --timeout 1200 \
			--log "$out/sse-skid-$path.log" ${app:+--append "$app"} -- "
tally-load 1 | sed 's/^/T:load /'
perf record -o /tmp/s.data -e inst.ret.load:u -c 2003 tally-load $n >/dev/null 2>&1
perf script -i /tmp/s.data -F event,ip 2>/dev/null | sort | uniq -c | sed 's/^ */T:skid /'
" >/dev/null || die "skid run failed, log $out/sse-skid-$path.log"
	done
}

# 2c. The distribution's kernel and perf. Each boot waits for the guest
# to settle, then runs one command between two reads of the guest's
# clock, in one bash, then prints what it wrote: "none" runs nothing,
# "plain" the workload alone, "stat" and "record" it under perf. So
# M-mode(stat or record boot) - M-mode(plain boot) is what the perf
# session costs in M-mode, and all-modes(plain) - all-modes(none) what
# the workload costs. Under -icount shift=0 the guest's clock moves
# 1 ns per instruction, and with sleep=off idle time is skipped: the
# clock reads include the idle time skipped, the plugin's counts do not.
distro_cmd() {
	local w="tally-hot ${DISTRO_ROUNDS:-200}" c
	case $1 in
	none) c=: ;;
	plain) c="$w" ;;
	stat) c="perf stat -x, -o /tmp/stat $w" ;;
	record) c="perf record -c ${DISTRO_PERIOD:-10000} -o /tmp/r.data $w" ;;
	esac
	# Debian's kernel keeps the hart busy for a second or two after init
	# starts (half of it in the first second): wait until a second
	# passes with at most one tick of work (user, system, irq, softirq).
	cat <<'EOF'
busy() { awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 }' /proc/stat; }
a=$(busy) n=0
while sleep 1; b=$(busy); [ $((b - a)) -gt 1 ] && [ $n -lt 60 ]; do a=$b n=$((n + 1)); done
echo "T:settle $n"
EOF
	# shellcheck disable=SC2016 # the guest's bash expands them
	printf '%s\n' "bash -c 'a=\$EPOCHREALTIME; $c >/dev/null 2>>/tmp/out; r=\$?;" \
		"b=\$EPOCHREALTIME; echo \"T:distro $1 rc \$r us \$a \$b\"'" \
		"cat /tmp/out /tmp/stat 2>/dev/null | sed 's/^/T:out /'"
}

run_distro() {
	local name fw kind q
	rm -f "$out"/distro-*
	[ -f "$DEBIAN_DIR/Image" ] || die "no $DEBIAN_DIR/Image (make debian-guest)"
	{	# key, image (- for none), label
		echo "tally $FW_DYNAMIC Tally"
		echo "opensbi $BENCH_OPENSBI OpenSBI 1.5.1"
		echo "upstream ${BENCH_OPENSBI_UP:--} ${BENCH_OPENSBI_UP_NAME:-OpenSBI 1.9}"
	} >"$out/distro-firmwares.txt"
	while read -r name fw _; do
		[ "$fw" = - ] && { log "distribution: no upstream OpenSBI (OPENSBI_SRC)"; continue; }
		for kind in none plain stat record; do
			log "distribution kernel and perf, $name, $kind (plugin)"
			q=$(plugin_wrapper "distro-$name-$kind" "$out/distro-$name-$kind.txt")
			QEMU=$q FW_DYNAMIC=$fw \
				KERNEL=$DEBIAN_DIR/Image \
				INITRAMFS=$DEBIAN_DIR/initramfs.cpio.gz \
				"$TOP/scripts/run-linux.sh" -q --smp 1 \
				--cpu rv64,sscofpmf=true --timeout 1200 \
				--log "$out/distro-$name-$kind.log" -- \
				"$(distro_cmd $kind)" >/dev/null ||
				die "Linux run failed, log $out/distro-$name-$kind.log"
		done
	done <"$out/distro-firmwares.txt"
}

run_model() {
	log "guest speed: $(basename "$QEMU") vs $BENCH_QEMU_PLUGIN (medians)"
	RUNS=${MODEL_RUNS:-5} ITERS=${MODEL_ITERS:-500000000} \
		WORKLOADS="plain events pdis" BENCH_CSV=$out/model.csv \
		"$TOP/tests/qemu-model/bench.sh" "$out/model" \
		model="$QEMU" debian="$BENCH_QEMU_PLUGIN" \
		model-all="$QEMU:$BENCH_CPU,smcdeleg=true,ssccfg=true,smcsrind=true,sscsrind=true,smstateen=true,x-sspesa=true,x-ssplcofi=true,x-smpdis=true,x-sspdis=true" \
		>"$out/model.txt"
	cat "$out/model.txt"
}

# size_of OBJ SYMBOL: a symbol's size from nm -S.
size_of() {
	"$nm" -S -t d "$1" | awk -v s="$2" '$4 == s { print $2 + 0 }'
}

run_footprint() {
	local f=$out/footprint.txt gcc=${CROSS_COMPILE}gcc
	log "footprint"
	printf '#include <pmu/pmu.h>\nstruct pmu_hart sz_hart;\nstruct pmu_platform sz_plat;\n' |
		"$gcc" -march=rv64imac_zicsr -mabi=lp64 -ffreestanding \
			-I"$TOP/include" -x c \
			-c -o "$out/sizes.o" -
	{
		echo "image tally $(stat -c %s "$FW_DYNAMIC")"
		echo "image opensbi $(stat -c %s "$BENCH_OPENSBI")"
		echo "pmu_hart $(size_of "$out/sizes.o" sz_hart)"
		echo "pmu_platform $(size_of "$out/sizes.o" sz_plat)"
		${CROSS_COMPILE}size "$BUILD"/firmware/lib/pmu/*.o \
			"$BUILD"/firmware/lib/sbi/sbi_pmu_host.o |
			awk 'NR > 1 { printf "object %s %s %s %s\n", $6, $1, $2, $3 }'
	} >"$f"
}

# PDIS: perf record -e pdis/sel=3/u (loads and stores) of tally-pdis on a
# CPU with Sspdis, without and with the memory buffer. The guest sums the
# samples up: per array, how many fall on the pattern (src + k*256,
# dst + k*64), how many of its 256 slots are hit and how evenly, the
# latency (weight) histogram, the samples of each slot (16 a line); and
# the interrupts it took.
PDIS_CPU=rv64,sscofpmf=true,smcntrpmf=true,smcsrind=true,sscsrind=true,smstateen=true,x-smpdis=true,x-sspdis=true
pdis_guest() {
	cat "$TOP/tests/linux/guest.sh"
	cat <<'EOF'
echo 10000000 >/proc/sys/kernel/perf_event_max_sample_rate
echo 0 >/proc/sys/kernel/perf_cpu_time_max_percent
set -- $(tally-pdis 1 | sed -n 's/^tally-pdis: src \(.*\)-\(.*\) stride .* dst \(.*\)-\(.*\) stride .*/\1 \2 \3 \4/p')
echo "T:pdis range src $1 $2 dst $3 $4"
cat /proc/interrupts >/tmp/irq0
perf record -o /tmp/p.data -e pdis/sel=3/u -c 97 -d -W tally-pdis 200000 >/dev/null 2>&1
echo "T:pdis rc $?"
cat /proc/interrupts >/tmp/irq1
echo "T:pdis irq lcofi $(irqs_during riscv-pmu) lambi $(irqs_during riscv-pdis-buffer)"
perf script -i /tmp/p.data -F addr,weight,ip,sym 2>/dev/null |
awk -v s0=$1 -v s1=$2 -v d0=$3 -v d1=$4 '
function h(x) { return ("0x" x) + 0 }
function out(name, n, on, slot, lat,   i, j, hit, lo, hi, w, l) {
	lo = -1; hi = 0
	for (i = 0; i < 256; i++) {
		slot[i] += 0
		if (slot[i] > 0) hit++
		if (lo < 0 || slot[i] < lo) lo = slot[i]
		if (slot[i] > hi) hi = slot[i]
	}
	for (w in lat) l = l " " w ":" lat[w]
	printf "T:pdis %s samples %d on-pattern %d slots %d min %d max %d latency%s\n", name, n, on, hit, lo, hi, l
	# the profile itself, 16 slots a line (short console lines)
	for (i = 0; i < 256; i += 16) {
		l = ""
		for (j = i; j < i + 16; j++) l = l " " slot[j]
		printf "T:pdis %s slots-from %d%s\n", name, i, l
	}
}
{
	all++; a = h($1)
	if ($4 != "walk") next
	walk++
	if (a >= s0 && a < s1) {
		ln++; lw[$2]++
		if ((a - s0) % 256 == 0) { lon++; ls[int((a - s0) / 256)]++ }
	} else if (a >= d0 && a < d1) {
		sn++; sw[$2]++
		if ((a - d0) % 64 == 0) { son++; ss[int((a - d0) / 64)]++ }
	} else other++
}
END {
	printf "T:pdis total %d walk %d elsewhere-in-walk %d\n", all, walk, other
	out("loads", ln, lon, ls, lw)
	out("stores", sn, son, ss, sw)
}'
EOF
}

run_pdis() {
	local name cpu f=$out/pdis.txt
	: >"$f"
	rm -f "$out/pdis.json" "$out/pdis.png"
	for name in csr buffer; do
		cpu=$PDIS_CPU
		[ $name = buffer ] && cpu=$PDIS_CPU,x-pdis-mem=true
		log "PDIS profile of tally-pdis, records from the $name"
		TOP=$TOP BUILD=$BUILD KERNEL=$KERNEL INITRAMFS=$INITRAMFS \
			"$TOP/scripts/run-linux.sh" -q --icount --cpu "$cpu" \
			--smp 1 --timeout 600 --log "$out/pdis-$name.log" \
			-- "$(pdis_guest)" >/dev/null ||
			die "Linux run failed, log $out/pdis-$name.log"
		tr -d '\r' <"$out/pdis-$name.log" |
			sed -n "s/^T:pdis /$name /p" >>"$f"
	done
}

main() {
	mkdir -p "$out"
	[ "$what" = pdis ] || check_anchors
	case $what in
	all) run_paths; run_dropin; run_precise; run_sse; run_distro; run_model
		run_footprint; run_pdis ;;
	distro)
		run_distro
		"${PYTHON:-/usr/bin/python3}" "$TOP/tests/bench/report.py" "$out" distro |
			tee "$out/results-distro.txt"
		return ;;
	pdis)
		run_pdis
		"${PYTHON:-/usr/bin/python3}" "$TOP/tests/bench/report.py" "$out" pdis |
			tee "$out/results-pdis.txt"
		return ;;
	paths) run_paths; run_dropin; run_precise; run_footprint ;;
	dropin)
		log "path lengths, tally: exec trace on $(basename "$QEMU") (project)"
		paths_trace tally "$FW_DYNAMIC"
		run_dropin
		"${PYTHON:-/usr/bin/python3}" "$TOP/tests/bench/report.py" "$out" dropin |
			tee "$out/results-dropin.txt"
		"${PYTHON:-/usr/bin/python3}" "$TOP/tests/bench/pathcheck.py" \
			--dropin "$out/results-dropin.txt" "$TOP/docs/performance.md" ||
			die "a drop-in path got longer (above); shorten it, or commit the figure in docs/performance.md with the reason"
		return ;;
	sse)
		run_sse
		"${PYTHON:-/usr/bin/python3}" "$TOP/tests/bench/report.py" "$out" sse |
			tee "$out/results-sse.txt"
		return ;;
	precise)
		run_precise
		"${PYTHON:-/usr/bin/python3}" "$TOP/tests/bench/report.py" "$out" precise |
			tee "$out/results-precise.txt"
		return ;;
	report) run_footprint ;;
	*) die "usage: bench.sh all|paths|precise|sse|distro|report|pdis|dropin" ;;
	esac
	"${PYTHON:-/usr/bin/python3}" "$TOP/tests/bench/report.py" "$out" |
		tee "$out/results.txt"
	# 6. no path longer than docs/performance.md commits
	"${PYTHON:-/usr/bin/python3}" "$TOP/tests/bench/pathcheck.py" \
		"$out/results.txt" "$TOP/docs/performance.md" ||
		die "a path got longer (above); shorten it, or commit the figure in docs/performance.md with the reason"
}

main
