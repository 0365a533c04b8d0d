# SPDX-License-Identifier: BSD-2-Clause
"""PDIS part of `make bench` (scripts/bench.sh run_pdis wrote pdis.txt).

pdis.txt holds, per record path (csr, buffer), what the guest made of the
samples of `perf record -e pdis/sel=3/u -d -W tally-pdis`: the ranges of
src and dst, perf's exit status, the interrupts taken, the samples of
`walk` by array (loads of src, stores of dst), the slot each one hit and
its weight. report() checks them against the pattern tally-pdis is known
to make, prints the table, writes pdis.json and draws pdis.png.
"""
import json
import math
import sys

from plot import pyplot

PATHS = (("csr", "CSR records"), ("buffer", "memory buffer"))
# walk() loads src + k * 256 and stores dst + k * 64, k < 256; the
# model's latencies (docs/qemu-model.md)
ACCESSES = (("loads", "src", 256, 4), ("stores", "dst", 64, 2))
SLOTS = 256


def bad(msg):
    sys.exit(f"report: pdis.txt: {msg}")


def ints(fields, what):
    try:
        return [int(x) for x in fields]
    except ValueError:
        bad(f"{what}: not numbers: {' '.join(fields)}")


def parse_access(f, acc, path, name):
    """One "NAME samples N on-pattern N slots N min N max N latency W:N..."
    line, or one "NAME slots-from I N*16" line, into acc."""
    if f[1] == "slots-from":
        v = ints(f[2:], f"{path} {name} slots-from")
        if len(v) != 17 or v[0] % 16 or not 0 <= v[0] < SLOTS:
            bad(f"{path} {name}: bad slots-from line")
        acc.setdefault("per_slot", [None] * SLOTS)[v[0]:v[0] + 16] = v[1:]
        return
    keys = ("samples", "on-pattern", "slots", "min", "max")
    if f[1:11:2] != list(keys) or len(f) < 12 or f[11] != "latency":
        bad(f"{path} {name}: unexpected line: {' '.join(f)}")
    for k, v in zip(keys, ints(f[2:12:2], f"{path} {name}")):
        acc[k.replace("-", "_")] = v
    lat = {}
    for w in f[12:]:
        k, _, n = w.partition(":")
        k, n = ints([k, n], f"{path} {name} latency")
        lat[k] = n
    acc["latency"] = lat


def parse(text):
    """pdis.txt into {path: figures}; exits on anything missing or
    inconsistent (the guest's lines must add up)."""
    data = {p: {} for p, _ in PATHS}
    for line in text.splitlines():
        f = line.split()
        if len(f) < 2 or f[0] not in data:
            bad(f"unexpected line: {line}")
        d = data[f[0]]
        if f[1] == "range" and len(f) == 8 and f[2] == "src" and f[5] == "dst":
            d["range"] = dict(src=[f[3], f[4]], dst=[f[6], f[7]])
        elif f[1] == "rc" and len(f) == 3:
            d["rc"] = ints(f[2:], f"{f[0]} rc")[0]
        elif f[1] == "irq" and f[2:5:2] == ["lcofi", "lambi"] and len(f) == 6:
            d["lcofi"], d["lambi"] = ints(f[3:6:2], f"{f[0]} irq")
        elif f[1] == "total" and f[3:6:2] == ["walk", "elsewhere-in-walk"] \
                and len(f) == 7:
            d["total"], d["walk"], d["elsewhere_in_walk"] = \
                ints(f[2:7:2], f"{f[0]} total")
        elif f[1] in ("loads", "stores") and len(f) > 2:
            parse_access(f[1:], d.setdefault(f[1], {}), f[0], f[1])
        else:
            bad(f"unexpected line: {line}")
    for p, _ in PATHS:
        consistent(p, data[p])
    return data


def consistent(path, d):
    need = ("range", "rc", "lcofi", "total", "loads", "stores")
    missing = [k for k in need if k not in d]
    if missing:
        bad(f"{path}: no {', '.join(missing)} (see pdis-{path}.log)")
    if d["rc"]:
        bad(f"{path}: perf record exited {d['rc']} (see pdis-{path}.log)")
    for name, _, _, _ in ACCESSES:
        a = d[name]
        if "samples" not in a or None in a.get("per_slot", [None]):
            bad(f"{path} {name}: summary or per-slot lines missing")
        if not a["samples"]:
            bad(f"{path} {name}: no samples (see pdis-{path}.log)")
        s = a["per_slot"]
        if sum(s) != a["on_pattern"] or \
                sum(1 for x in s if x) != a["slots"] or \
                min(s) != a["min"] or max(s) != a["max"] or \
                sum(a["latency"].values()) != a["samples"]:
            bad(f"{path} {name}: per-slot counts or latencies do not add "
                "up to the summary")
    if d["loads"]["samples"] + d["stores"]["samples"] + \
            d["elsewhere_in_walk"] != d["walk"]:
        bad(f"{path}: loads + stores + elsewhere != samples in walk")


def check(d):
    """What differs from the known pattern, per access ([] = matches)."""
    res = {}
    for name, arr, stride, lat in ACCESSES:
        a, why = d[name], []
        n = a["samples"]
        lo, hi = n // SLOTS, math.ceil(n / SLOTS)
        if a["on_pattern"] != n:
            why.append(f"{n - a['on_pattern']} not at {arr} + k*{stride}")
        if a["slots"] != SLOTS:
            why.append(f"{a['slots']} of {SLOTS} slots hit")
        if a["min"] < lo or a["max"] > hi:
            why.append(f"{a['min']}-{a['max']} per slot, even would be "
                       f"{lo}-{hi}")
        if set(a["latency"]) != {lat}:
            why.append(f"weights {sorted(a['latency'])}, model {lat}")
        res[name] = why
    res["walk"] = [f"{d['elsewhere_in_walk']} samples of walk outside src "
                   "and dst"] if d["elsewhere_in_walk"] else []
    return res


def verdicts(data):
    return {p: check(data[p]) for p, _ in PATHS}


def print_report(data, ver):
    print("\nPDIS: perf record -e pdis/sel=3/u -c 97 -d -W tally-pdis 200000 "
          "(project QEMU, Sspdis, -icount shift=0), the samples of walk\n")
    for p, label in PATHS:
        d = data[p]
        print(f"{label}: {d['total']} samples, {d['walk']} in walk, "
              f"{d['elsewhere_in_walk']} in walk elsewhere; interrupts: "
              f"{d['lcofi']} LCOFI, {d['lambi']} LAMBI")
        for name, arr, stride, lat in ACCESSES:
            a = d[name]
            n = a["samples"]
            lats = ", ".join(f"{w}: {c}" for w, c in
                             sorted(a["latency"].items()))
            why = ver[p][name]
            print(f"  {name}: {a['slots']} of {SLOTS} slots, "
                  f"{a['on_pattern']} of {n} at {arr} + k*{stride}, "
                  f"{a['min']}-{a['max']} per slot (even: "
                  f"{n // SLOTS}-{math.ceil(n / SLOTS)}, "
                  f"{n / SLOTS:.2f}); weight {lats} (model {lat}): "
                  + ("matches" if not why else
                     "DOES NOT MATCH: " + "; ".join(why)))
        if ver[p]["walk"]:
            print("  DOES NOT MATCH: " + "; ".join(ver[p]["walk"]))


def chart(data, path):
    plt = pyplot("PDIS chart")
    if plt is None:
        return
    fig, axes = plt.subplots(len(PATHS), 3, figsize=(16, 8),
                             gridspec_kw={"width_ratios": [2, 2, 1]})
    colors = {"loads": "tab:blue", "stores": "tab:orange"}
    for row, (p, label) in zip(axes, PATHS):
        d = data[p]
        for ax, (name, arr, stride, _) in zip(row, ACCESSES):
            a = d[name]
            ax.bar(range(SLOTS), a["per_slot"], width=1.0,
                   color=colors[name], label=f"samples: {a['on_pattern']}, "
                         f"{a['slots']} of {SLOTS} slots")
            ax.axhline(a["samples"] / SLOTS, color="k", ls="--", lw=1,
                       label=f"uniform: {a['samples']}/{SLOTS} = "
                             f"{a['samples'] / SLOTS:.2f}")
            ax.set_xlim(-0.5, SLOTS - 0.5)
            ax.set_ylim(0, max(a["per_slot"]) * 1.35)
            ax.set_xlabel(f"slot k (address {arr} + k*{stride})")
            ax.set_ylabel("samples")
            ax.set_title(f"{label}: {arr} {name}, {stride}-byte slots",
                         fontsize=10)
            ax.legend(fontsize=8, loc="upper right")
        ax = row[2]
        ws = sorted({w for n, *_ in ACCESSES for w in d[n]["latency"]} |
                    {lat for *_, lat in ACCESSES})
        base = [0] * len(ws)
        for name, arr, _, lat in ACCESSES:
            h = [d[name]["latency"].get(w, 0) for w in ws]
            ax.bar(ws, h, bottom=base, width=0.6, color=colors[name],
                   label=f"{arr} {name}")
            base = [x + y for x, y in zip(base, h)]
            ax.axvline(lat, color="k", ls="--", lw=1, zorder=3)
        ax.plot([], [], "k--", lw=1, label="model latencies: " + ", ".join(
            f"{n[:-1]} {lat}" for n, *_, lat in ACCESSES))
        ax.set_xticks(ws)
        ax.set_xlim(min(ws) - 1, max(ws) + 1)
        ax.set_ylim(0, max(base) * 1.7)
        ax.set_xlabel("weight (latency, cycles)")
        ax.set_ylabel("samples")
        ax.set_title(f"{label}: latency histogram", fontsize=10)
        ax.legend(fontsize=8, loc="upper center")
    fig.suptitle("PDIS profiles of tally-pdis walk(): perf record -e "
                 "pdis/sel=3/u -c 97 -d -W, -icount shift=0")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    print(f"chart: {path}")


def report(out):
    """Table, pdis.json and pdis.png from OUT/pdis.txt; the figures, or
    None when there is no pdis.txt. Exits if the profile does not match
    the pattern (after writing the json and the chart, to look at)."""
    src = out / "pdis.txt"
    if not src.exists():
        return None
    data = parse(src.read_text())
    ver = verdicts(data)
    print_report(data, ver)
    (out / "pdis.json").write_text(json.dumps(
        dict(profiles=data, model={n: dict(array=a, stride=s, latency=lat)
                                   for n, a, s, lat in ACCESSES},
             mismatches=ver), indent=1))
    chart(data, out / "pdis.png")
    if any(w for v in ver.values() for w in v.values()):
        sys.exit("report: the PDIS profile does not match tally-pdis's "
                 "access pattern")
    return data
