#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# `make run`: a short tour of Tally's SBI PMU through Linux perf. Every
# perf call runs under a hard timeout (SIGKILL: perf 6.12 can loop forever
# without Sscofpmf, and its SIGTERM handler does not stop that loop).
T=120
N=1000000

say() {
	echo
	echo "=== $*"
}

run() {
	echo "\$ $*"
	timeout -s KILL $T "$@"
	rc=$?
	[ $rc = 0 ] || echo "(exit status $rc)"
}

# The project's perf is built with the QEMU model's and the firmware's
# event names (linux/pmu-events/); a distribution's perf (make run
# LINUX_KERNEL=debian) has neither, so the demo uses their raw codes there.
NAMED=
timeout -s KILL $T perf list --no-desc 2>/dev/null | grep -q 'inst.ret.load' && NAMED=1
# PATCHED: the kernel has linux/patches/. make run says which kernel it
# booted (tally.kernel= on the command line); else a patched kernel is
# known by the counters it reports delegated.
case " $(cat /proc/cmdline) " in
*" tally.kernel=patched "*) PATCHED=1 ;;
*" tally.kernel="*) PATCHED= ;;
*) PATCHED=
	dmesg | grep -q 'riscv-pmu-sbi: .*counters delegated' && PATCHED=1 ;;
esac

cd /tmp
say "Linux $(uname -r) on $(grep -c ^processor /proc/cpuinfo) harts; its riscv-pmu-sbi driver talks to the firmware's SBI PMU:"
dmesg | sed -n 's/^\[[^]]*\] riscv-pmu-sbi: /  /p'

say "perf list: generic hardware and cache events the firmware maps to counters"
run perf list --no-desc hw cache
if [ -n "$NAMED" ]; then
	say "... the QEMU model's own events, by name (linux/pmu-events JSON), and the SBI firmware events"
	echo "\$ perf list --no-desc    (the model's and the firmware's sections)"
	timeout -s KILL $T perf list --no-desc 2>/dev/null |
		sed -n '/^cycles:/,$p' | grep -v -e 'descriptor\]' -e 'breakpoint\]'
else
	say "... this perf has no names for the QEMU model's events or the SBI firmware events (the project's perf has, from linux/pmu-events/): below they go by raw code"
fi

say "Counting: tally-events $N runs a loop of exactly 5 instructions, 1 load, 1 store and 2 branches (1 of them mispredicted) per iteration"
run perf stat -e cycles,instructions,branches,branch-misses,dTLB-loads,dTLB-stores tally-events $N
say "The same, user mode (:u) and kernel mode (:k) apart: the firmware sets the counters' mode-inhibit bits; :u is about 5 x $N"
run perf stat -e instructions:u,instructions:k,branches:u,branches:k,cycles:u,cycles:k tally-events $N
if [ -n "$NAMED" ]; then
	say "The model's events by name: inst.ret.load and inst.ret.store are about $N each, inst.mispred.spec about $N + 1"
	run perf stat -e inst.ret:u,inst.ret.load:u,inst.ret.store:u,inst.brjmp.spec:u,inst.mispred.spec:u tally-events $N
else
	say "The model's events by raw code (this perf has no names for them: the project's perf gets inst.ret.load and the others from linux/pmu-events/): r100 and r101 (loads, stores) are about $N each, r6 (mispredicted) about $N + 1"
	run perf stat -e r2:u,r100:u,r101:u,r5:u,r6:u tally-events $N
fi

say "Firmware events on every hart (-a -A): the IPIs and remote TLB flushes Linux asked the firmware for while tally-ipi ping-pongs between harts"
if [ -n "$NAMED" ]; then
	run perf stat -a -A -e fw_ipi_sent,fw_ipi_received,fw_sfence_vma_asid_sent,fw_sfence_vma_asid_received tally-ipi 300
else
	echo "(raw codes: bit 63 selects an SBI firmware event, 6 and 7 IPIs sent and received, 12 and 13 remote sfence.vma.asid)"
	run perf stat -a -A -e r8000000000000006,r8000000000000007,r800000000000000c,r800000000000000d tally-ipi 300
fi

say "Sampling: perf record of tally-hot (90 % of its work in hot_loop, 10 % in warm_loop), one sample every 100000 user cycles"
run perf record -o /tmp/perf.data -e cycles:u -c 100000 tally-hot 200
echo "\$ perf report -i /tmp/perf.data --stdio --sort sym"
timeout -s KILL $T perf report -i /tmp/perf.data --stdio --sort sym \
	>/tmp/report.txt 2>/dev/null
grep -v -e '^#' -e '^$' /tmp/report.txt
top=$(awk '/%/ && !/^#/ { print $NF; exit }' /tmp/report.txt)
if [ "$top" = hot_loop ]; then
	echo "=== hot_loop is the top symbol, as it should be"
else
	echo "=== unexpected: the top symbol is '${top:-none}', not hot_loop"
	exit 1
fi

say "Call graphs: the same with --call-graph dwarf, each sample with 4 KiB of user stack, unwound by perf's libdw with tally-hot's .eh_frame"
run perf record -o /tmp/cg.data --call-graph dwarf,4096 -e cycles:u -c 300007 tally-hot 200
echo "\$ perf report -i /tmp/cg.data --stdio --no-children --sort sym"
timeout -s KILL $T perf report -i /tmp/cg.data --stdio --no-children --sort sym \
	>/tmp/cg.txt 2>/dev/null
grep -v -e '^#' -e '^$' /tmp/cg.txt
caller=$(awk '/%/ && !/^#/ { on = ($NF == "hot_loop"); next }
	on && /---/ { sub(/^.*---/, ""); print; exit }' /tmp/cg.txt)
if [ "$caller" = main ]; then
	echo "=== hot_loop is shown under its caller, main"
else
	echo "=== unexpected: hot_loop's caller is '${caller:-none}', not main"
fi

say "Precise sampling: tally-load's loop has one load, at tally_hot_load (tally_hot_next follows). The load event twice in one session, every 2003 loads: :pp on the counter the firmware delegated to Linux (sample IP from Sspesa's shpmspc), plain on a counter the firmware keeps (SBI; the IP is where the interrupt came)"
LOAD=inst.ret.load
[ -n "$NAMED" ] || LOAD=r100
run perf record -o /tmp/load.data -e $LOAD:upp -e $LOAD:u -c 2003 tally-load 1000000
echo "\$ perf report -i /tmp/load.data --stdio --sort sym"
timeout -s KILL $T perf report -i /tmp/load.data --stdio --sort sym \
	>/tmp/load.txt 2>/dev/null
grep -e '^# Samples' -e '%' /tmp/load.txt | grep -v -e '^# Overhead' -e '^# *\.'
pp=$(awk '/^# Samples.*upp/ { on = 1; next } /^# Samples/ { on = 0 }
	on && /%/ && !/^#/ { print $NF; exit }' /tmp/load.txt)
if [ "$pp" = tally_hot_load ]; then
	echo "=== :pp names the load itself; without it the sample is one instruction late (tally_hot_next)"
else
	echo "=== no precise sampling here (top of :pp: '${pp:-none}', where the interrupt came): it needs Sspesa, delegated counters and the patched kernel (docs/linux.md)"
fi
if [ -z "$PATCHED" ]; then
	say "This kernel has none of the project's patches (linux/patches/, docs/linux.md). With them it would also:"
	echo "  - sample precisely (:pp, :ppp): the sample IP from Sspesa's shpmspc, on counters the firmware delegates"
	echo "  - count on delegated counters itself (Smcdeleg/Ssccfg), with no SBI call to start, stop or read them"
	echo "  - drive the PDIS sampling PMU (Smpdis/Sspdis) and its memory buffer"
	echo "  - restore counters right after CPU hotplug and suspend (snapshot fixes)"
	echo "  Everything above it shows through the standard SBI PMU extension alone."
fi
IRQOFF=/sys/kernel/debug/test_irqoff/run
[ -e $IRQOFF ] || mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
if [ -e $IRQOFF ]; then
	say "Sampling where interrupts are off: test_irqoff runs two identical loops, test_irqoff_spin_off with interrupts disabled and test_irqoff_spin_on with them enabled (half of the instructions each). Over SBI SSE the firmware enters perf's handler whatever sstatus.SIE says; over the LCOFI interrupt (riscv_pmu_sbi.sse=0) the irq-off loop gets no sample (docs/linux.md, \"Sampling over SSE\")"
	dmesg | sed -n 's/^\[[^]]*\] riscv-pmu-sbi: \(counter overflows over .*\)/  \1/p'
	# perf's throttle, judged in host-paced time here, would stop the
	# event until the next tick, which waits for interrupts to be enabled:
	# the sample rate back to its default (the earlier runs lowered it),
	# then no dynamic lowering (the rate cannot be written after that)
	K=/proc/sys/kernel
	pct=$(cat $K/perf_cpu_time_max_percent) rate=$(cat $K/perf_event_max_sample_rate)
	echo 100000 >$K/perf_event_max_sample_rate
	echo 0 >$K/perf_cpu_time_max_percent
	run taskset -c 1 perf record -o /tmp/irqoff.data -e instructions -c 10007 -- \
		sh -c "echo 200000 200000 20 >$IRQOFF"
	echo "$pct" >$K/perf_cpu_time_max_percent
	echo "$rate" >$K/perf_event_max_sample_rate
	timeout -s KILL $T perf script -i /tmp/irqoff.data -F ip,sym 2>/dev/null |
		awk '$2 == "test_irqoff_spin_off" { off++ } $2 == "test_irqoff_spin_on" { on++ }
		END {
			print "  | samples with interrupts off | with them on | irq-off share |"
			print "  |---|---|---|"
			s = off + on ? sprintf("%.1f %%", 100 * off / (off + on)) : "none"
			printf "  | %d | %d | %s |\n", off, on, s
			print "=== irq-off share of the samples in the two loops: " s
		}'
fi
say "Your own perf command line: make run ARGS='perf stat -e inst.ret.load:u ls' (make shell for a shell)"
