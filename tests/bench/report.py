#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Tables and chart of `make bench` (scripts/bench.sh wrote the inputs).

report.py OUT_DIR [precise|sse|pdis|dropin]: prints the tables, writes
OUT_DIR/results.json, bench.png, precise.png and (with a pdis.txt)
pdis.json and pdis.png; "precise" only the precise part (precise.json),
"sse" only sampling over SSE (sse.json),
"pdis" only the PDIS part (tests/bench/pdis.py), "dropin" only the
drop-in's path lengths (dropin.json). Path lengths are M-mode
instructions per SBI call, trap entry to mret included (docs/performance.md
says how each column is got).
"""
import json
import re
import statistics
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import pdis  # noqa: E402 (tests/bench/pdis.py)
from plot import pyplot  # noqa: E402 (tests/bench/plot.py)

FIRMWARES = ("tally", "opensbi")

# The reference figures (QEMU 10.0.2, -icount shift=0, trap entry
# to mret) and goals; growth rows are per extra counter.
REFS = {  # key: (minimal C handler, OpenSBI 1.5.1, OpenSBI 1.9)
    "base_spec_version": (68, 303, 287),
    "start1": (None, 672, 815),
    "stop1": (None, 540, 490),
    "fw_read": (None, 367, 315),
    "cfg16": (None, 1985, 794),
}
GOALS = {
    "base_spec_version": 90, "cfg16": 250, "start1": 150,
    "start1_noflags": 150, "stop1": 150, "stop1_reset": 150,
    "stop1_reset_snapshot": 150, "snap_stop1": 150, "snap_start1": 150,
    "fw_read": 150, "fw_read_hi": 150,
}
GROWTH = (  # (label, one-counter key, many-counter key, extra counters)
    ("config_matching, per extra candidate", "cfg1", "cfg16", 15),
    ("counter_start SET_INIT_VALUE, per extra counter", "start1", "start8", 7),
    ("counter_stop, per extra counter", "stop1", "stop8", 7),
    ("counter_stop TAKE_SNAPSHOT, per extra counter", "snap_stop1",
     "snap_stop8", 7),
    ("counter_start INIT_SNAPSHOT, per extra counter", "snap_start1",
     "snap_start8", 7),
)
GROWTH_GOAL = 30
MODEL_GOALS = (  # (label, model spec/workload, goal in % slower than Debian)
    ("new extensions off", "model/plain", 2.0),
    ("all new extensions on, unused", "model-all/plain", 2.0),
    ("PDIS sampling on (1 in 100000)", "model-all/pdis", 30.0),
)
LABELS = {
    "base_spec_version": "BASE get_spec_version",
    "base_probe": "BASE probe_extension(PMU)",
    "unknown_eid": "unknown extension (NOT_SUPPORTED)",
    "pmu_num_counters": "PMU num_counters",
    "pmu_get_info": "PMU counter_get_info",
    "cfg1": "config_matching cycles, 1 candidate",
    "cfg16": "config_matching cycles, 16 candidates",
    "snapshot_set_shmem": "snapshot_set_shmem",
    "start1": "counter_start 1, SET_INIT_VALUE",
    "start1_noflags": "counter_start 1, no flags",
    "stop1": "counter_stop 1",
    "snap_stop1": "counter_stop 1, TAKE_SNAPSHOT",
    "snap_start1": "counter_start 1, INIT_SNAPSHOT",
    "stop1_reset": "counter_stop 1, RESET",
    "stop1_reset_snapshot": "counter_stop 1, RESET|TAKE_SNAPSHOT",
    "start8": "counter_start 8, SET_INIT_VALUE",
    "stop8": "counter_stop 8",
    "snap_stop8": "counter_stop 8, TAKE_SNAPSHOT",
    "snap_start8": "counter_start 8, INIT_SNAPSHOT",
    "fw_read": "counter_fw_read",
    "fw_read_hi": "counter_fw_read_hi",
    "event_get_info8": "event_get_info, 8 events",
    "sse_inject": "SSE inject (local software event), to the handler",
    "sse_complete": "SSE complete, back to the interrupted code",
    "sse_pmu_overflow": "SSE PMU overflow: trap to the handler",
}
# Rows whose counts the exec trace tags (scripts/bench.sh trace_count) and
# the plugin does not list (not an ecall at the measured site)
TAGGED = {"sse_complete": "c", "sse_pmu_overflow": "o"}

ROW_RE = re.compile(r"# bench-row (\S+) (\S+) (\S+) (\d+) (-?\d+) (\S+) (\S+)")


def rows_of(log):
    """The payload's rows: key, eid, fid, calls, error, instret min/median."""
    rows = []
    for line in log.read_text(errors="replace").splitlines():
        m = ROW_RE.search(line)
        if m:
            key, eid, fid, calls, err, lo, med = m.groups()
            rows.append(dict(key=key, eid=int(eid, 16), fid=int(fid, 16),
                             calls=int(calls), error=int(err),
                             instret=None if med == "-" else int(med)))
    return rows


def split_counts(rows, counts, what):
    """Give each row its calls' counts, in order."""
    out, i = {}, 0
    for r in rows:
        part = counts[i:i + r["calls"]]
        if len(part) != r["calls"]:
            sys.exit(f"report: {what}: {len(counts)} counts for "
                     f"{sum(x['calls'] for x in rows)} calls")
        out[r["key"]] = part
        i += r["calls"]
    if i != len(counts):
        sys.exit(f"report: {what}: {len(counts) - i} counts left over")
    return out


def trace_counts(path, rows):
    lines = [line.split() for line in path.read_text().splitlines()]
    counts = [int(x[0]) for x in lines if len(x) == 1]
    out = split_counts([r for r in rows if r["key"] not in TAGGED], counts,
                       path.name)
    for r in rows:
        if r["key"] in TAGGED:
            tagged = [int(x[1]) for x in lines
                      if len(x) == 2 and x[0] == TAGGED[r["key"]]]
            if len(tagged) != r["calls"]:
                sys.exit(f"report: {path.name}: {len(tagged)} '"
                         f"{TAGGED[r['key']]}' counts for {r['calls']} calls")
            out[r["key"]] = tagged
    return out


def plugin_counts(path, rows):
    sites = [line.split()[1:] for line in path.read_text().splitlines()
             if line.startswith("site ")]
    rows = [r for r in rows if r["key"] not in TAGGED]
    per_row = split_counts(rows, sites, path.name)
    out = {k: [] for k in TAGGED}
    for r in rows:
        for eid, fid, _ in per_row[r["key"]]:
            if (int(eid, 16), int(fid, 16)) != (r["eid"], r["fid"]):
                sys.exit(f"report: {path.name}: {r['key']} got EID {eid} "
                         f"FID {fid}")
        out[r["key"]] = [int(n) for _, _, n in per_row[r["key"]]]
    return out


def summary(counts):
    """Median and spread of one row's counts (None without calls)."""
    if not counts:
        return None
    return dict(median=int(statistics.median_low(counts)),
                min=min(counts), max=max(counts))


def load_fw(out, fw, plugin=True):
    """One firmware's rows: the payload's, the trace's and the plugin's."""
    rows = rows_of(out / f"payload-{fw}.log")
    trace = trace_counts(out / f"trace-{fw}.txt", rows)
    pl = {}
    if plugin:
        prows = rows_of(out / f"payload-{fw}-plugin.log")
        pl = plugin_counts(out / f"plugin-{fw}.txt", prows)
    return {r["key"]: dict(
        error=r["error"], calls=r["calls"],
        trace=summary(trace[r["key"]]),
        plugin=summary(pl.get(r["key"])),
        instret=r["instret"]) for r in rows}


def load_paths(out):
    return {fw: load_fw(out, fw) for fw in FIRMWARES}


def load_dropin(out):
    """The OpenSBI trees of dropin-firmwares.txt (bench.sh run_dropin):
    [(label, upstream rows or None, drop-in rows)], [] without a tree;
    None: the payload failed on that upstream OpenSBI."""
    path = out / "dropin-firmwares.txt"
    if not path.exists():
        return []
    return [(v, load_fw(out, f"osbi-{v}", False)
             if (out / f"trace-osbi-{v}.txt").exists() else None,
             load_fw(out, f"osbi-{v}-tally", False))
            for v in path.read_text().split()]


def med(d, fw, key, method="trace"):
    s = d[fw].get(key, {}).get(method)
    return s["median"] if s else None


def status(value, goal):
    if value is None or goal is None:
        return "-"
    return "met" if value <= goal else f"missed by {value - goal:g}"


def fmt(v):
    return "-" if v is None else f"{v:g}"


def print_table(title, head, rows):
    # a | inside a cell is escaped, as markdown wants it
    rows = [[str(x).replace("|", "\\|") for x in r] for r in rows]
    widths = [max(len(str(x)) for x in col) for col in zip(head, *rows)]
    print(f"\n{title}\n")
    print("| " + " | ".join(h.ljust(w) for h, w in zip(head, widths)) + " |")
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows:
        print("| " + " | ".join(str(x).ljust(w) for x, w in zip(r, widths))
              + " |")


def supported(d, fw, key):
    """The firmware ran the row's call and did not answer NOT_SUPPORTED."""
    e = d[fw].get(key)
    return bool(e and e["calls"]) and (key == "unknown_eid" or
                                       e["error"] != -2)


def cell(d, fw, key):
    """A firmware's figure for a row, saying when the call failed."""
    e = d[fw].get(key)
    if not e or not e["calls"]:
        return "not supported"
    v = fmt(med(d, fw, key))
    if not supported(d, fw, key):
        return f"{v} (NOT_SUPPORTED)"
    return v if key == "unknown_eid" or not e["error"] else \
        f"{v} (error {e['error']})"


def path_table(d):
    rows = []
    for key, label in LABELS.items():
        ref = REFS.get(key, (None, None, None))
        goal = GOALS.get(key)
        rows.append([label, cell(d, "tally", key), cell(d, "opensbi", key),
                     fmt(ref[1]), fmt(ref[2]), fmt(ref[0]),
                     fmt(goal), status(med(d, "tally", key), goal)])
    print_table("SBI path length: M-mode instructions per call, trap entry "
                "to mret (project QEMU, exec trace)",
                ["call", "Tally", "OpenSBI 1.5.1", "ref 1.5.1", "ref 1.9",
                 "ref minimal C", "goal", "Tally vs goal"], rows)


def growth_rows(d):
    out = []
    for label, one, many, extra in GROWTH:
        vals = {}
        for fw in FIRMWARES:
            a, b = med(d, fw, one), med(d, fw, many)
            vals[fw] = None if a is None or b is None else \
                round((b - a) / extra, 1)
        out.append((label, vals))
    return out


def growth_table(d):
    rows = [[label, fmt(v["tally"]), fmt(v["opensbi"]), GROWTH_GOAL,
             status(v["tally"], GROWTH_GOAL)] for label, v in growth_rows(d)]
    print_table("Growth of multi-counter calls (instructions per extra counter)",
                ["call", "Tally", "OpenSBI 1.5.1", "goal", "Tally vs goal"],
                rows)


def cross_table(d):
    rows = []
    for key, label in LABELS.items():
        r = [label]
        for fw in FIRMWARES:
            r += [fmt(med(d, fw, key)), fmt(med(d, fw, key, "plugin"))]
        r.append(fmt(d["opensbi"].get(key, {}).get("instret")))
        rows.append(r)
    print_table("Cross-check: the same calls counted three ways",
                ["call", "Tally trace", "Tally plugin", "OpenSBI trace",
                 "OpenSBI plugin", "OpenSBI S-mode instret"], rows)


DROPIN = " + Tally PMU"  # the drop-in columns' suffix (pathcheck.py)


def dropin_table(d, dx):
    """Path lengths of OpenSBI with Tally's PMU next to the same OpenSBI
    tree built unchanged, and Tally."""
    heads, rows = ["call", "Tally"], []
    for v, _, _ in dx:
        heads += [f"OpenSBI {v}{DROPIN}", f"OpenSBI {v}"]
    if not dx:
        heads.append(f"OpenSBI{DROPIN}")
    for key, label in LABELS.items():
        r = [label, cell(d, "tally", key) if d.get("tally") else "-"]
        for _, up, dropin in dx:
            e = {"up": up, "dropin": dropin}
            r += [cell(e, "dropin", key),
                  cell(e, "up", key) if up else "payload failed"]
        if not dx:
            r.append("no OpenSBI tree (OPENSBI_SRCS)")
        rows.append(r)
    print_table("OpenSBI with Tally's PMU (drop-in, mk/opensbi.mk) and the "
                "same OpenSBI tree unchanged: M-mode instructions per call "
                "(project QEMU, exec trace)", heads, rows)


def linux_report(path):
    """mmode.so's report: totals per mode, the window, PMU calls by FID."""
    rep = {"pmu": {}}
    for line in path.read_text().splitlines():
        f = line.split()
        if f[0] == "mode":
            rep[f[1]] = int(f[2])
        elif f[0] == "window":
            rep["window"] = dict(calls=int(f[2]), M=int(f[4]), S=int(f[6]),
                                 U=int(f[8]))
        elif f[0] == "cause" and f[2] == "0x504d55":
            rep["pmu"][int(f[3], 16)] = dict(calls=int(f[5]),
                                             insns=int(f[7]))
        elif f[0] == "cause" and f[2] == "0x53525354":
            rep["srst"] = int(f[7])
    return rep


def perf_value(log, event):
    for line in log.read_text(errors="replace").splitlines():
        m = re.search(r"T:stat (\d+),[^,]*," + re.escape(event) + ",", line)
        if m:
            return int(m.group(1))
    return None


def load_linux(out):
    data = {}
    for fw in FIRMWARES:
        runs = []
        for rep_path in sorted(out.glob(f"linux-{fw}-*.txt")):
            rep = linux_report(rep_path)
            rep["switches"] = perf_value(rep_path.with_suffix(".log"),
                                         "context-switches")
            runs.append(rep)
        data[fw] = runs
    return data


def linux_summary(runs):
    """Median run by M-mode instructions in the window, and the spread."""
    ms = sorted(r["window"]["M"] for r in runs)
    mid = next(r for r in runs if r["window"]["M"] == ms[(len(ms) - 1) // 2])
    return mid, ms[0], ms[-1]


PMU_FIDS = ((2, "config_matching"), (3, "counter_start"),
            (4, "counter_stop"))


def linux_table(lx):
    rows, per = [], []
    for fw in FIRMWARES:
        r, lo, hi = linux_summary(lx[fw])
        w = r["window"]
        sw = r["switches"]
        rows.append([fw, w["M"], f"{lo}..{hi}", len(lx[fw]), fmt(sw),
                     round(w["M"] / sw) if sw else "-", w["calls"],
                     round(w["M"] / w["calls"]), r["M"]])
        for fid, name in PMU_FIDS:
            p = r["pmu"].get(fid)
            if p:
                per.append([fw, name, p["calls"],
                            round(p["insns"] / p["calls"])])
    print_table("Linux: perf stat --no-inherit over perf bench sched pipe, "
                "one hart (Debian QEMU + plugin); M-mode instructions from "
                "the first config_matching to the end of the last PMU call",
                ["firmware", "M-mode insns (median)", "over runs", "runs",
                 "context switches", "M per switch", "PMU calls",
                 "M per PMU call", "M-mode, whole boot+run"], rows)
    print_table("Linux: the PMU calls of that run",
                ["firmware", "function", "calls", "M-mode insns per call"],
                per)


DISTRO_KINDS = (("stat", "perf stat (default events)"),
                ("record", "perf record -c 10000"))


def distro_run(out, key, kind):
    """One boot of the distribution runs (bench.sh run_distro): M-mode
    without the power-off call, the PMU calls and their M-mode, the
    command's guest time in ns (icount: instructions), the samples."""
    rep = linux_report(out / f"distro-{key}-{kind}.txt")
    log = (out / f"distro-{key}-{kind}.log").read_text(errors="replace")
    m = re.search(rf"T:distro {kind} rc (\d+) us (\d+)\.(\d{{6}}) "
                  rf"(\d+)\.(\d{{6}})", log)
    if not m or m.group(1) != "0":
        sys.exit(f"report: distro-{key}-{kind}.log: no clean run")
    a = int(m.group(2)) * 10**6 + int(m.group(3))
    b = int(m.group(4)) * 10**6 + int(m.group(5))
    smp = re.search(r"T:out \[ perf record: .*\((\d+) samples\)", log)
    modes = ("M", "S", "U")
    return dict(M=rep["M"] - rep.get("srst", 0),
                all=sum(rep[k] for k in modes) - rep.get("srst", 0),
                pmu_calls=sum(p["calls"] for p in rep["pmu"].values()),
                pmu_M=sum(p["insns"] for p in rep["pmu"].values()),
                ns=(b - a) * 1000,
                samples=int(smp.group(1)) if smp else None)


def load_distro(out):
    """{key: dict(label, runs or None)} per firmware of distro-firmwares.txt
    (None: no image, e.g. no OpenSBI source tree); None without it."""
    path = out / "distro-firmwares.txt"
    if not path.exists():
        return None
    res = {}
    for line in path.read_text().splitlines():
        key, image, label = line.split(" ", 2)
        runs = None
        if image != "-":
            runs = {k: distro_run(out, key, k) for k in
                    ("none", "plain") + tuple(k for k, _ in DISTRO_KINDS)}
            plain = runs["plain"]
            for k, _ in DISTRO_KINDS:
                r = runs[k]
                r["session_M"] = r["M"] - plain["M"]
                r["session_pmu"] = r["pmu_calls"] - plain["pmu_calls"]
                r["session_all"] = r["all"] - plain["all"]
            # the workload's instructions, alone and under perf record
            work = plain["all"] - runs["none"]["all"]
            rec = runs["record"]
            runs["work"] = work
            runs["work_recorded"] = work + rec["session_all"]
            runs["slowdown"] = round(runs["work_recorded"] / work, 2)
            runs["time_ratio"] = round(rec["ns"] / plain["ns"], 2)
        res[key] = dict(label=label, runs=runs)
    return res


def distro_table(dx):
    fws = list(dx)
    heads = [dx[k]["label"] for k in fws]
    others = [k for k in fws if k != "tally"]
    rows = []
    for kind, name in DISTRO_KINDS:
        r = [name]
        for k in fws:
            runs = dx[k]["runs"]
            r.append(f"{runs[kind]['session_M']:,} "
                     f"({runs[kind]['session_pmu']:,} PMU calls)" if runs
                     else "no source tree (OPENSBI_SRC)")
        t = dx["tally"]["runs"][kind]["session_M"]
        for k in others:
            runs = dx[k]["runs"]
            r.append(f"{runs[kind]['session_M'] / t:.2f}" if runs else "-")
        rows.append(r)
    print_table("Linux, the distribution's kernel and perf (Debian trixie), "
                "one hart, Debian QEMU + plugin: M-mode instructions of one "
                "session of tally-hot, over the same boot without perf",
                ["session"] + heads + [f"{dx[k]['label']} / Tally"
                                       for k in others], rows)
    rows = []
    for k in fws:
        runs = dx[k]["runs"]
        if not runs:
            rows.append([dx[k]["label"]] + ["no source tree (OPENSBI_SRC)"]
                        + ["-"] * 6)
            continue
        plain, rec = runs["plain"], runs["record"]
        rows.append([dx[k]["label"], f"{runs['work']:,}",
                     f"{runs['work_recorded']:,}", f"{runs['slowdown']:.2f}",
                     f"{plain['ns']:,} / {rec['ns']:,} "
                     f"({runs['time_ratio']:.2f})",
                     rec["samples"], rec["session_pmu"],
                     round(rec["session_M"] / rec["samples"])])
    print_table("Guest slowdown of perf record -c 10000 tally-hot against "
                "tally-hot alone: instructions the hart ran in all modes "
                "(plugin; the workload alone: boot with it - boot without); "
                "guest time of the command (icount ns: instructions and "
                "idle time skipped)",
                ["firmware", "tally-hot alone", "under perf record",
                 "slowdown", "guest time, ns (ratio)", "samples",
                 "PMU calls", "M-mode per sample"], rows)


def load_skid(out):
    """Samples per event at tally_hot_load, at tally_hot_next, elsewhere."""
    path = out / "skid.log"
    if not path.exists():
        return None
    text = path.read_text(errors="replace")
    m = re.search(r"T:load .* loads at (0x[0-9a-f]+), next (0x[0-9a-f]+),",
                  text)
    if not m:
        return None
    load, nxt = int(m.group(1), 16), int(m.group(2), 16)
    res = {}
    for line in text.splitlines():
        f = line.split()
        if len(f) == 4 and f[0] == "T:skid":
            ev = res.setdefault(f[2].rstrip(":"),
                                dict(load=0, next=0, other=0))
            ip = int(f[3], 16)
            key = "load" if ip == load else "next" if ip == nxt else "other"
            ev[key] += int(f[1])
    for ev in res.values():
        n = ev["load"] + ev["next"] + ev["other"]
        ev["samples"] = n
        ev["exact"] = round(100 * ev["load"] / n, 2) if n else None
    return res


def load_switch(out):
    """Per counter kind: M-mode instructions per context switch from the
    difference of two runs (boot + session) with different loop counts."""
    res = {}
    for kind in ("sbi", "deleg"):
        runs = []
        for rep_path in out.glob(f"cs-{kind}-*.txt"):
            rep = linux_report(rep_path)
            sw = perf_value(rep_path.with_suffix(".log"), "context-switches")
            pmu = sum(p["calls"] for p in rep["pmu"].values())
            # the power-off call (SRST) varies by an instruction between
            # runs; it is not part of the session
            runs.append(dict(loops=int(rep_path.stem.split("-")[2]),
                             M=rep.get("M") - rep.get("srst", 0),
                             switches=sw, pmu_calls=pmu))
        runs.sort(key=lambda r: r["loops"])
        if len(runs) < 2 or None in (runs[0]["switches"], runs[-1]["switches"]):
            continue
        a, b = runs[0], runs[-1]
        dsw = b["switches"] - a["switches"]
        res[kind] = dict(runs=runs, d_switches=dsw, d_M=b["M"] - a["M"],
                         d_pmu=b["pmu_calls"] - a["pmu_calls"],
                         per_switch=round((b["M"] - a["M"]) / dsw, 3)
                         if dsw else None)
    return res


def precise_table(sk, cs):
    if sk:
        rows = [[ev, r["samples"], r["load"], r["next"], r["other"],
                 f"{r['exact']} %", ("met" if r["exact"] >= 99 else "missed")
                 if ev.endswith("pp") else "-"] for ev, r in sorted(sk.items())]
        print_table("Linux: skid, inst.ret.load of tally-load sampled every "
                    "2003 loads in one session (project QEMU, Sspesa + "
                    "Ssplcofi, hpmcounter3 delegated); goal: 99 % exact "
                    "with :pp",
                    ["event", "samples", "at the load", "next instruction",
                     "elsewhere", "exact", "goal"], rows)
    if cs:
        rows = [[k, " / ".join(f"{r['loops']}: {r['M']:,} M, "
                               f"{r['switches']:,} cs" for r in v["runs"]),
                 v["d_switches"], v["d_M"], v["d_pmu"], v["per_switch"],
                 "ok" if k == "sbi" or v["per_switch"] == 0 else "MISSED"]
                for k, v in cs.items()]
        print_table("Linux: M-mode instructions per context switch of a perf "
                    "session (perf stat --no-inherit cycles,instructions over "
                    "perf bench sched pipe, one hart, Debian QEMU + plugin, "
                    "delegating CPU); difference of two runs (boot + session, "
                    "without the power-off call); goal: 0 delegated",
                    ["counters", "runs (loops: M-mode total, switches)",
                     "more switches", "more M-mode insns", "more PMU calls",
                     "M per switch", "goal"], rows)


# Sampling over SSE: the M-mode episodes of one sample, by the plugin's
# (cause, EID, FID), and the goal for the event's own two (trap + complete)
SSE_EPISODES = (
    ("trap", ("0x800000000000000d", "-", "-"), "overflow trap, to the handler"),
    ("complete", ("0x9", "0x535345", "0x6"), "SSE complete"),
    ("stop", ("0x9", "0x504d55", "0x4"), "counter_stop"),
    ("start", ("0x9", "0x504d55", "0x3"), "counter_start"),
)
SSE_GOAL = 400


def sse_skid(path):
    """Samples of tally-load's load at the load, the next one, elsewhere."""
    if not path.exists():
        return None
    text = path.read_text(errors="replace")
    m = re.search(r"T:load .* loads at (0x[0-9a-f]+), next (0x[0-9a-f]+),",
                  text)
    if not m:
        return None
    load, nxt = int(m.group(1), 16), int(m.group(2), 16)
    res = dict(load=0, next=0, other=0)
    for line in text.splitlines():
        f = line.split()
        if len(f) == 4 and f[0] == "T:skid":
            ip = int(f[3], 16)
            res["load" if ip == load else "next" if ip == nxt
                else "other"] += int(f[1])
    res["samples"] = res["load"] + res["next"] + res["other"]
    return res


def load_sse(out):
    """Per overflow path (sse, lcofi): samples, M-mode instructions per
    episode kind (calls and the mean), and the skid."""
    res = {}
    for path in ("sse", "lcofi"):
        rep_path = out / f"sse-{path}.txt"
        if not rep_path.exists():
            continue
        m = re.search(r"T:samples (\d+)",
                      (out / f"sse-{path}.log").read_text(errors="replace"))
        causes = {}
        for line in rep_path.read_text().splitlines():
            f = line.split()
            if f[0] == "cause" and len(f) >= 8:
                causes[tuple(f[1:4])] = (int(f[5]), int(f[7]))
        ep = {}
        for key, cause, _ in SSE_EPISODES:
            calls, insns = causes.get(cause, (0, 0))
            ep[key] = dict(calls=calls,
                           mean=round(insns / calls, 1) if calls else None)
        res[path] = dict(samples=int(m.group(1)) if m else None, episodes=ep,
                         skid=sse_skid(out / f"sse-skid-{path}.log"))
    return res


def sse_table(ss):
    if not ss:
        return
    rows = []
    for path, r in ss.items():
        ep = r["episodes"]
        per = sum(e["mean"] for e in ep.values() if e["mean"] is not None)
        own = sum(ep[k]["mean"] or 0 for k in ("trap", "complete"))
        goal = "-" if path != "sse" else (
            "met" if own <= SSE_GOAL else f"missed by {own - SSE_GOAL:g}")
        rows.append([path, r["samples"]] +
                    [f"{fmt(e['mean'])} ({e['calls']})" if e["calls"]
                     else "-" for e in ep.values()] +
                    [fmt(round(per, 1)), goal])
    print_table("Linux: M-mode instructions per sample, counter overflows "
                "over the SSE PMU event (sse) and the LCOFI (lcofi): perf "
                "record -e instructions -c 10007 of test_irqoff (one hart, "
                "Debian QEMU + plugin); mean per episode (episodes); goal: "
                f"trap + complete <= {SSE_GOAL}",
                ["path", "samples"] + [label for _, _, label in SSE_EPISODES] +
                ["per sample", "goal"], rows)
    rows = [[path, r["skid"]["samples"], r["skid"]["load"], r["skid"]["next"],
             r["skid"]["other"]] for path, r in ss.items() if r["skid"]]
    if rows:
        print_table("Linux: skid over SSE and the LCOFI, inst.ret.load:u of "
                    "tally-load sampled every 2003 loads (project QEMU, "
                    "-icount shift=0); a sample at the next instruction is "
                    "one instruction of skid",
                    ["path", "samples", "at the load", "next instruction",
                     "elsewhere"], rows)


def precise_chart(sk, cs, path):
    plt = pyplot(None)
    if plt is None:
        return
    if not sk and not cs:
        return
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(11, 4))
    if sk:
        evs = sorted(sk)
        a1.bar(range(len(evs)), [sk[e]["exact"] for e in evs],
               color=["tab:green" if e.endswith("pp") else "tab:gray"
                      for e in evs])
        for i, e in enumerate(evs):
            a1.text(i, sk[e]["exact"], f"{sk[e]['exact']} %", ha="center",
                    va="bottom")
        a1.axhline(99, color="k", lw=1, ls="--", label="goal (:pp)")
        a1.set_xticks(range(len(evs)))
        a1.set_xticklabels([e + ("\n(delegated, shpmspc)" if e.endswith("pp")
                                 else "\n(SBI, interrupt IP)") for e in evs])
        a1.set_ylabel("samples at the exact load (%)")
        a1.set_ylim(0, 105)
        a1.set_title("Skid: one hot load")
        a1.legend(fontsize=8, loc="center left")
    if cs:
        ks = [k for k in ("sbi", "deleg") if k in cs]
        a2.bar(range(len(ks)), [cs[k]["per_switch"] for k in ks],
               color=["tab:gray", "tab:green"][:len(ks)])
        for i, k in enumerate(ks):
            a2.text(i, cs[k]["per_switch"], str(cs[k]["per_switch"]),
                    ha="center", va="bottom")
        a2.set_xticks(range(len(ks)))
        a2.set_xticklabels(["SBI-managed" if k == "sbi" else "delegated"
                            for k in ks])
        a2.set_ylabel("M-mode instructions per context switch")
        a2.set_title("Context-switch cost of a perf session")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    print(f"chart: {path}")


def load_model(out):
    path = out / "model.csv"
    if not path.exists():
        return None
    m = {}
    for line in path.read_text().splitlines():
        name, wl, t, mips = line.split(",")
        m[f"{name}/{wl}"] = dict(cpu_s=float(t), mips=float(mips))
    return m


def model_rows(m):
    base = m["debian/plain"]["mips"]
    out = []
    for label, key, goal in MODEL_GOALS:
        mips = m[key]["mips"]
        slower = round(100 * (base - mips) / base, 1)
        out.append(dict(label=label, key=key, mips=mips, debian=base,
                        slower=slower, goal=goal))
    return out


def model_table(m):
    rows = []
    for r in model_rows(m):
        st = "met" if r["slower"] <= r["goal"] else \
            f"missed by {r['slower'] - r['goal']:.1f} points"
        rows.append([r["label"], f"{r['mips']:.0f}", f"{r['debian']:.0f}",
                     f"{r['slower']:+.1f}%", f"<= {r['goal']:g}%", st])
    rows.append(["4 counters on load/store/branch events (Debian: "
                 "selectors unknown, nothing counted)",
                 f"{m['model/events']['mips']:.0f}",
                 f"{m['debian/events']['mips']:.0f}", "-", "-", "-"])
    print_table("Guest speed: median guest MIPS (QEMU user+sys CPU time)",
                ["project QEMU", "MIPS", "Debian 10.0.2 MIPS",
                 "slower than Debian", "goal", "status"], rows)


def load_footprint(out):
    fp = {"objects": {}}
    for line in (out / "footprint.txt").read_text().splitlines():
        f = line.split()
        if f[0] == "object":
            fp["objects"][Path(f[1]).name] = [int(x) for x in f[2:5]]
        elif f[0] == "image":
            fp[f"image_{f[1]}"] = int(f[2])
        else:
            fp[f[0]] = int(f[1])
    return fp


def footprint_table(fp):
    pmu = [v for k, v in fp["objects"].items() if k.startswith("pmu_")]
    glue = [v for k, v in fp["objects"].items() if not k.startswith("pmu_")]
    tot = [sum(c) for c in zip(*pmu)]
    gl = [sum(c) for c in zip(*glue)]
    rows = [["fw_dynamic.bin", fp["image_tally"], fp["image_opensbi"]],
            ["lib/pmu text+rodata / data / bss",
             f"{tot[0]} / {tot[1]} / {tot[2]}", "-"],
            ["firmware glue (sbi_pmu_host) text",
             gl[0], "-"],
            ["struct pmu_hart (per hart)", fp["pmu_hart"], "-"],
            ["struct pmu_platform (once)", fp["pmu_platform"], "-"]]
    print_table("Footprint (bytes)", ["item", "Tally", "OpenSBI 1.5.1"], rows)


def path_chart(ax, d):
    keys = [k for k in LABELS if med(d, "tally", k) is not None]
    y = range(len(keys))
    for off, fw, color in ((-0.2, "tally", "tab:blue"),
                           (0.2, "opensbi", "tab:orange")):
        vals = [med(d, fw, k) if supported(d, fw, k) else 0 for k in keys]
        ax.barh([i + off for i in y], vals, height=0.4, color=color,
                label="Tally" if fw == "tally" else "OpenSBI 1.5.1")
    for i, k in enumerate(keys):
        if k in GOALS:
            ax.plot([GOALS[k]] * 2, [i - 0.3, i + 0.3], "k-", lw=2)
        if k in REFS:
            ax.plot(REFS[k][1], i + 0.2, "kx")
    ax.plot([], [], "k-", lw=2, label="goal")
    ax.plot([], [], "kx", label="reference, OpenSBI 1.5.1")
    ax.set_yticks(list(y))
    ax.set_yticklabels([LABELS[k] for k in keys], fontsize=8)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel("M-mode instructions per call (log scale)")
    ax.set_title("SBI path length, QEMU -icount shift=0")
    ax.legend(fontsize=8)


FW_COLORS = ("tab:blue", "tab:orange", "tab:red")


def distro_chart(ax, ax2, dx):
    """M-mode per session (log scale, OpenSBI / Tally on the bars) and
    the perf record slowdown, per firmware that ran."""
    fws = [k for k in dx if dx[k]["runs"]]
    w = 0.8 / len(fws)
    for n, k in enumerate(fws):
        vals = [dx[k]["runs"][kind]["session_M"] for kind, _ in DISTRO_KINDS]
        xs = [i + (n - (len(fws) - 1) / 2) * w for i in range(len(vals))]
        ax.bar(xs, vals, width=w, color=FW_COLORS[n], label=dx[k]["label"])
        for x, v, (kind, _) in zip(xs, vals, DISTRO_KINDS):
            t = dx["tally"]["runs"][kind]["session_M"]
            ax.text(x, v, f"{v / t:.1f}x", ha="center", va="bottom",
                    fontsize=8)
    ax.set_xticks(range(len(DISTRO_KINDS)))
    ax.set_xticklabels([name for _, name in DISTRO_KINDS], fontsize=8)
    ax.set_yscale("log")
    ax.set_ylabel("M-mode instructions per session (log scale)")
    ax.set_title("Debian's kernel and perf: one session", fontsize=10)
    missing = [dx[k]["label"] for k in dx if not dx[k]["runs"]]
    ax.legend(fontsize=8, title=f"(no {', '.join(missing)}: no source "
              "tree)" if missing else None, title_fontsize=7)
    vals = [dx[k]["runs"]["slowdown"] for k in fws]
    ax2.bar(range(len(fws)), vals, color=FW_COLORS[:len(fws)])
    for i, v in enumerate(vals):
        ax2.text(i, v, f"{v:.2f}x", ha="center", va="bottom", fontsize=8)
    ax2.set_xticks(range(len(fws)))
    ax2.set_xticklabels([dx[k]["label"] for k in fws], fontsize=8)
    ax2.set_ylabel("instructions, all modes: perf record -c 10000 / no perf")
    ax2.set_title("Slowdown of tally-hot under perf record -c 10000",
                  fontsize=10)


def model_chart(ax2, m):
    rows = model_rows(m)
    names = ["Debian 10.0.2"] + [r["label"] for r in rows]
    vals = [rows[0]["debian"]] + [r["mips"] for r in rows]
    ax2.bar(range(len(vals)), vals,
            color=["tab:gray"] + ["tab:green"] * len(rows))
    ax2.set_xticks(range(len(vals)))
    ax2.set_xticklabels(names, rotation=30, ha="right", fontsize=8)
    ax2.set_ylabel("guest MIPS (median)")
    ax2.set_title("Guest speed", fontsize=10)


def chart(d, m, dx, path):
    """Path lengths on top; below, the distribution's sessions and
    slowdown and the guest speed, those that were measured."""
    plt = pyplot("chart")
    if plt is None:
        return
    below = (2 if dx else 0) + (1 if m else 0)
    fig = plt.figure(figsize=(15, 14 if below else 8))
    gs = fig.add_gridspec(2 if below else 1, max(below, 1),
                          height_ratios=[3, 2] if below else None)
    path_chart(fig.add_subplot(gs[0, :]), d)
    col = 0
    if dx:
        distro_chart(fig.add_subplot(gs[1, 0]), fig.add_subplot(gs[1, 1]), dx)
        col = 2
    if m:
        model_chart(fig.add_subplot(gs[1, col]), m)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    print(f"\nchart: {path}")


def main():
    out = Path(sys.argv[1])
    if sys.argv[2:] == ["distro"]:
        dx = load_distro(out)
        if dx is None:
            sys.exit(f"report: no {out / 'distro-firmwares.txt'}")
        distro_table(dx)
        (out / "distro.json").write_text(json.dumps(dx, indent=1))
        return
    if sys.argv[2:] == ["precise"]:
        sk, cs = load_skid(out), load_switch(out)
        precise_table(sk, cs)
        (out / "precise.json").write_text(json.dumps(
            dict(skid=sk, switch=cs), indent=1))
        precise_chart(sk, cs, out / "precise.png")
        return
    if sys.argv[2:] == ["sse"]:
        ss = load_sse(out)
        if not ss:
            sys.exit(f"report: no {out / 'sse-sse.txt'}")
        sse_table(ss)
        (out / "sse.json").write_text(json.dumps(ss, indent=1))
        return
    if sys.argv[2:] == ["dropin"]:
        dx = load_dropin(out)
        tally = out / "trace-tally.txt"
        dropin_table({"tally": load_fw(out, "tally", False)}
                     if tally.exists() else {}, dx)
        (out / "dropin.json").write_text(json.dumps(dx, indent=1))
        return
    if sys.argv[2:] == ["pdis"]:
        if pdis.report(out) is None:
            sys.exit(f"report: no {out / 'pdis.txt'}")
        return
    d = load_paths(out)
    path_table(d)
    growth_table(d)
    cross_table(d)
    dr = load_dropin(out)
    dropin_table(d, dr)
    lx = load_linux(out)
    linux_table(lx)
    sk, cs = load_skid(out), load_switch(out)
    precise_table(sk, cs)
    ss = load_sse(out)
    sse_table(ss)
    dx = load_distro(out)
    if dx:
        distro_table(dx)
    m = load_model(out)
    if m:
        model_table(m)
    fp = load_footprint(out)
    footprint_table(fp)
    (out / "results.json").write_text(json.dumps(
        dict(paths=d, growth=growth_rows(d), linux=lx, skid=sk,
             switch=cs, sse=ss, distro=dx, model=m, footprint=fp, dropin=dr), indent=1))
    chart(d, m, dx, out / "bench.png")
    precise_chart(sk, cs, out / "precise.png")
    # last: it exits when the profile does not match the pattern
    pdis.report(out)


if __name__ == "__main__":
    main()
