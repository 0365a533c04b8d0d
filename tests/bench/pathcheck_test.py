#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""Test of the bench check (tests/bench/pathcheck.py), host only, run by
the unit suite (tests/unit/run.sh).

pathcheck_test.py DOC: DOC is the committed docs/performance.md. Results
tables are printed with report.py's own print_table from DOC's figures:
equal and shorter ones must pass, each row made one longer (or missing)
must fail naming that row and both figures.
"""
import contextlib
import io
import subprocess
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
import pathcheck  # noqa: E402 (tests/bench/pathcheck.py)
from report import LABELS, precise_table, print_table  # noqa: E402

HERE = Path(__file__).resolve().parent
passed = failed = 0


def result(name, ok):
    global passed, failed
    print(("ok - " if ok else "FAIL - ") + name)
    passed, failed = passed + bool(ok), failed + (not ok)


def results_text(figs):
    """A results.txt path table as report.py prints it, Tally = figs."""
    out = io.StringIO()
    rows = [[label, "-" if figs.get(label) is None else figs[label],
             "1", "-", "-", "-", "-", "-"] for label in LABELS.values()]
    with contextlib.redirect_stdout(out):
        print_table("SBI path length", ["call", "Tally", "OpenSBI 1.5.1",
                                        "ref 1.5.1", "ref 1.9",
                                        "ref minimal C", "goal",
                                        "Tally vs goal"], rows)
    return out.getvalue()


def switch_text(per_switch):
    """The precise part's context-switch table as report.py prints it."""
    out = io.StringIO()
    runs = [dict(loops=n, M=n * 1000, switches=n) for n in (2000, 6000)]
    cs = {"sbi": dict(runs=runs, d_switches=4000, d_M=0, d_pmu=32000,
                      per_switch=per_switch)}
    with contextlib.redirect_stdout(out):
        precise_table(None, cs)
    return out.getvalue()


def dropin_text(cols):
    """The drop-in table as report.py prints it: {column: {label: n}}."""
    out = io.StringIO()
    heads = ["call", "Tally"]
    for col in cols:
        heads += [col, col[:-len(pathcheck.DROPIN)]]
    rows = [[label, "1"] + [x for col in cols for x in
                            ("-" if cols[col].get(label) is None
                             else cols[col][label], "9")]
            for label in LABELS.values()]
    with contextlib.redirect_stdout(out):
        print_table("drop-in", heads, rows)
    return out.getvalue()


def check_dropin(doc, text, base):
    """The drop-in columns' checks, on DOC's drop-in table."""
    cols = {c: {k: v for k, v in rows.items() if v is not None}
            for c, rows in pathcheck.dropin_columns(text).items()}
    n_all = sum(len(r) for r in cols.values())
    result(f"{doc.name}: drop-in columns with figures ({list(cols)}, "
           f"{n_all} figures)", cols and n_all)
    if not cols:
        return
    f, n, skip = pathcheck.check_dropin(base + dropin_text(cols), text)
    result(f"drop-in: the committed figures pass ({n} compared)",
           not f and n == n_all and not skip)
    f, n, skip = pathcheck.check_dropin(base, text)
    result("drop-in: results without the table skip every column, "
           "and fail nothing", not f and n == 0 and skip == list(cols))
    col = next(iter(cols))
    label, v = next(iter(cols[col].items()))
    longer = {c: dict(r) for c, r in cols.items()}
    longer[col][label] = v + 1
    f, _, _ = pathcheck.check_dropin(base + dropin_text(longer), text)
    result("drop-in: one figure one longer fails, naming its row, column "
           "and both figures", len(f) == 1 and label in f[0] and col in
           f[0] and f"{v + 1} " in f[0] and f"{v} committed" in f[0])
    f, _ = pathcheck.check(base + dropin_text(longer), text)
    result("drop-in: the whole check fails on it too", len(f) == 1)
    shorter = {c: {k: x - 1 for k, x in r.items()} for c, r in cols.items()}
    f, _, _ = pathcheck.check_dropin(base + dropin_text(shorter), text)
    result("drop-in: every figure one shorter passes", not f)


def cli(res, doc):
    """pathcheck.py's exit status and output on results text res."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt") as f:
        f.write(res)
        f.flush()
        p = subprocess.run([sys.executable, str(HERE / "pathcheck.py"),
                            f.name, str(doc)], capture_output=True,
                           text=True)
    return p.returncode, p.stdout


def main():
    doc = Path(sys.argv[1])
    text = doc.read_text()
    figs = {k: v for k, v in pathcheck.rows_of(text).items()
            if v is not None}
    result(f"{doc.name}: a Tally figure for every path-length row "
           f"({len(figs)} of {len(LABELS)})", set(figs) == set(LABELS.values()))

    fails, n = pathcheck.check(results_text(figs), text)
    result(f"the committed figures pass ({n} rows compared)",
           not fails and n == len(figs))
    fails, _ = pathcheck.check(results_text(
        {k: v - 1 for k, v in figs.items()}), text)
    result("every row one shorter passes", not fails)

    bad = []
    for label, v in figs.items():
        fails, _ = pathcheck.check(results_text({**figs, label: v + 1}), text)
        if len(fails) != 1 or label not in fails[0] or \
                f"{v + 1} " not in fails[0] or f"{v} committed" not in fails[0]:
            bad.append(f"{label}: {fails}")
    result("each row one longer fails, naming it and both figures"
           + (f" (not: {bad})" if bad else ""), not bad)

    label = next(iter(figs))
    fails, _ = pathcheck.check(results_text({**figs, label: None}), text)
    result("a row without a figure now fails", len(fails) == 1)
    fails, _ = pathcheck.check("no table here\n", text)
    result("results without the table fail", len(fails) == 1)
    fails, _ = pathcheck.check(results_text(figs), "# no table\n")
    result("a document without the table fails", len(fails) == 1)

    # a label holding '|', written escaped or split into two cells
    split = "| counter_stop 1, RESET | TAKE_SNAPSHOT | 7 | x |"
    esc = "| counter_stop 1, RESET\\|TAKE_SNAPSHOT | 7 | x |"
    head = "| call | Tally | OpenSBI 1.5.1 |\n|---|---|---|\n"
    want = {"counter_stop 1, RESET|TAKE_SNAPSHOT": 7}
    result("a label with '|' reads the same escaped and split",
           pathcheck.rows_of(head + split) == want ==
           pathcheck.rows_of(head + esc))

    sw = pathcheck.switch_cost(text)
    result(f"{doc.name}: a context-switch figure ({sw})", sw is not None)
    if sw is not None:
        base = results_text(figs)
        f_eq, n_eq = pathcheck.check(base + switch_text(sw), text)
        f_lo, _ = pathcheck.check(base + switch_text(sw - 0.5), text)
        f_hi, _ = pathcheck.check(base + switch_text(sw + 0.5), text)
        result("context switch: equal and shorter pass, longer fails "
               "naming it and both figures",
               not f_eq and n_eq == len(figs) + 1 and not f_lo and
               len(f_hi) == 1 and pathcheck.SWITCH in f_hi[0] and
               f"{sw + 0.5:g} " in f_hi[0] and f"{sw:g} committed" in f_hi[0])

    check_dropin(doc, text, results_text(figs))

    longer = dict(figs)
    longer[label] += 5
    rc_eq, _ = cli(results_text(figs), doc)
    rc_long, out = cli(results_text(longer), doc)
    result(f"pathcheck.py exits 0 on equal figures, 1 on a longer row "
           f"(got {rc_eq}, {rc_long})", rc_eq == 0 and rc_long == 1 and
           label in out)
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
