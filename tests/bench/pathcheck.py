#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""The bench check: no SBI path longer than the committed figure.

pathcheck.py RESULTS DOC: RESULTS is build/bench/results.txt (printed by
report.py), DOC is docs/performance.md. Both hold the path-length table
("| call | Tally | OpenSBI 1.5.1 | ..."); every row whose Tally figure in
RESULTS is longer than the one DOC commits fails, naming the row and both
figures, and so does a row DOC gives a figure for and RESULTS does not.
A shorter row passes (commit the new figure in DOC to keep it). The
same for the M-mode instructions per context switch on SBI-managed
counters (the precise part's table), when the results have it, and for
the drop-in's columns ("OpenSBI 1.9 + Tally PMU", ...) of the drop-in
table: a column DOC commits and RESULTS lacks (no OpenSBI tree given) is
skipped, and says so. Exits 1 on a failure or when either path table
cannot be read.

pathcheck.py --dropin RESULTS DOC: only the drop-in columns
(bench.sh dropin, results-dropin.txt).
"""
import re
import sys
from pathlib import Path

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
from report import DROPIN, LABELS  # noqa: E402 (tests/bench/report.py)

# The first two columns of the path-length table, as report.py prints them
HEAD = ("call", "Tally", "OpenSBI 1.5.1")


def cells(line):
    """A markdown table line's cells, stripped; None for any other line.
    An escaped \\| stays in its cell."""
    line = line.strip()
    if not (line.startswith("|") and line.endswith("|")):
        return None
    parts = re.split(r"(?<!\\)\|", line[1:-1])
    return [p.strip().replace("\\|", "|") for p in parts]


def figure(cell):
    """The instruction count at the start of a cell ("329", "297
    (NOT_SUPPORTED)"), None for "-" or "not supported"."""
    m = re.match(r"(\d[\d,]*)", cell)
    return int(m.group(1).replace(",", "")) if m else None


def table_rows(text, is_head):
    """The head's cells, then each row's, of the first markdown table
    whose head is_head(cells) accepts (nothing without one)."""
    head = None
    for line in text.splitlines():
        c = cells(line)
        if c is None:
            if head:
                return
        elif head is None:
            if is_head(c):
                head = c
                yield c
        elif not set("".join(c)) <= set("-: "):
            yield c


def rows_of(text):
    """{label: Tally figure or None} of the first path-length table in
    text. A label that holds a '|' may have been split into cells (an
    unescaped | in markdown): the longest label of LABELS the leading
    cells spell is the row's, else the first cell."""
    labels = {norm(k): k for k in LABELS.values()}
    out = {}
    rows = table_rows(text, lambda c: tuple(c[:len(HEAD)]) == HEAD)
    next(rows, None)
    for c in rows:
        n, label = row_label(c, labels)
        out[label] = figure(c[n]) if n < len(c) else None
    return out


def row_label(c, labels):
    """(number of cells, label) of a row's cells c: the longest label of
    labels ({norm(label): label}) the leading cells spell, else the first
    cell (a label with an unescaped '|' is split into cells)."""
    for k in range(len(c) - 1, 0, -1):
        joined = norm("|".join(c[:k]))
        if joined in labels:
            return k, labels[joined]
    return 1, c[0]


def norm(label):
    return re.sub(r"\s*\|\s*", "|", label.strip())


# The context switch of a perf session on SBI-managed counters: the row
# of the "counters" table (precise part) in the results and in DOC
SWITCH = "perf context switch, SBI-managed"
SWITCH_ROWS = ("sbi", "SBI-managed")


def switch_cost(text):
    """M-mode instructions per context switch, SBI-managed counters, of
    the first table that has them (None without one)."""
    col = None
    for line in text.splitlines():
        c = cells(line)
        if c is None:
            col = None
        elif c[0] == "counters":
            col = next((i for i, h in enumerate(c) if "per switch" in h),
                       None)
        elif col is not None and c[0] in SWITCH_ROWS and col < len(c):
            m = re.match(r"\d[\d,]*(\.\d+)?$", c[col])
            return float(c[col].replace(",", "")) if m else None
    return None


def dropin_columns(text):
    """{column: {label: figure or None}} of the drop-in columns of the
    first table that has any ("OpenSBI 1.9 + Tally PMU")."""
    labels = {norm(k): k for k in LABELS.values()}
    rows = table_rows(text, lambda c: c[0] == "call" and
                      any(h.endswith(DROPIN) for h in c))
    head = next(rows, [])
    cols = {i: (h, {}) for i, h in enumerate(head) if h.endswith(DROPIN)}
    for c in rows:
        n, label = row_label(c, labels)
        for i, (_, col) in cols.items():
            if i + n - 1 < len(c):
                col[label] = figure(c[i + n - 1])
    return {h: col for h, col in cols.values()}


def check_dropin(results_text, doc_text):
    """check_paths() for each drop-in column DOC commits: the failures,
    the figures compared and the columns skipped (none in RESULTS)."""
    res, doc = dropin_columns(results_text), dropin_columns(doc_text)
    fails, n, skipped = [], 0, []
    for col, rows in doc.items():
        got_col = res.get(col)
        if not got_col or all(v is None for v in got_col.values()):
            skipped.append(col)
            continue
        for label, want in rows.items():
            if want is None:
                continue
            n += 1
            got = got_col.get(label)
            if got is None:
                fails.append(f"'{label}', {col}: no figure now, {want} "
                             "committed")
            elif got > want:
                fails.append(f"'{label}', {col}: {got} M-mode "
                             f"instructions, longer than the {want} "
                             "committed")
    return fails, n, skipped


def check(results_text, doc_text, skipped=None):
    """The failures (one message each) and the number of rows compared;
    the drop-in columns skipped go to the list skipped."""
    fails, n = check_paths(results_text, doc_text)
    dfails, dn, dskip = check_dropin(results_text, doc_text)
    fails, n = fails + dfails, n + dn
    if skipped is not None:
        skipped += dskip
    got, want = switch_cost(results_text), switch_cost(doc_text)
    if got is not None and want is not None:
        n += 1
        if got > want:
            fails.append(f"'{SWITCH}': {got:g} M-mode instructions per "
                         f"switch, longer than the {want:g} committed")
    return fails, n


def check_paths(results_text, doc_text):
    res = rows_of(results_text)
    if not res:
        return ["no path-length table in the results"], 0
    doc = rows_of(doc_text)
    committed = {k: v for k, v in doc.items() if v is not None}
    if not committed:
        return ["no path-length table with Tally figures in the document"], 0
    fails = []
    for label, want in committed.items():
        got = res.get(label)
        if got is None:
            fails.append(f"'{label}': no Tally figure now, {want} committed")
        elif got > want:
            fails.append(f"'{label}': {got} M-mode instructions, longer "
                         f"than the {want} committed")
    return fails, len(committed)


def main():
    args = sys.argv[1:]
    only_dropin = args[:1] == ["--dropin"]
    if only_dropin:
        args = args[1:]
    if len(args) != 2:
        sys.exit("usage: pathcheck.py [--dropin] RESULTS DOC")
    res, doc = (Path(p) for p in args)
    skipped = []
    if only_dropin:
        fails, n, skipped = check_dropin(res.read_text(), doc.read_text())
    else:
        fails, n = check(res.read_text(), doc.read_text(), skipped)
    for col in skipped:
        print(f"bench check: skipped '{col}' (not measured: no OpenSBI "
              "tree, OPENSBI_SRCS)")
    for f in fails:
        print(f"bench check: FAIL {f} ({doc})")
    if fails:
        print(f"bench check: {len(fails)} of {n} figures longer than "
              f"{doc} commits (a shorter one passes: commit its figure)")
        sys.exit(1)
    print(f"bench check: {n} figures, none longer than {doc} commits")


if __name__ == "__main__":
    main()
