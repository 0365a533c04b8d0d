# SPDX-License-Identifier: BSD-2-Clause
"""matplotlib for the bench charts (report.py, pdis.py), where installed.

python3-matplotlib is a bench-only dependency (`make bench-deps`); without
it the reports still print and check everything, and draw nothing.
"""


def pyplot(chart):
    """matplotlib.pyplot on the file-only backend, or None without
    matplotlib (then saying "no <chart>" if chart is given)."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        if chart:
            print(f"report: no matplotlib, no {chart}")
        return None
    return plt
