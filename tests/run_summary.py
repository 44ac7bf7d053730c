"""What a pytest run ran: the summary ``make test`` prints above pytest's last line.

pytest's own line counts test items, and ours mix unit tests, docstring examples,
notebook cells and browser pages; the summary tells them apart, so that a reader
sees at once that the notebooks really ran and the pages were really checked.
Under pytest-xdist the items run in workers, but every report reaches the
controller, so the counts come from the reports (by their id) and the
screenshots from the files written since the session started.

tests/conftest.py imports the two hooks, which makes pytest call them.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from book_toc import ROOT

SHOTS = ROOT / "_build" / "screenshots"
_STARTED = pytest.StashKey[float]()
LABELS = {
    "unit": "unit and other tests in tests/",
    "doctest": "docstring examples",
    "site": "other checks of the built site",
}


def kind_of(report):
    """``unit``, ``doctest``, ``notebook``, ``fresh`` (a notebook run in a simulated
    Colab), ``page`` (a browser page) or ``site``."""
    path, _, name = report.nodeid.partition("::")
    if path.endswith(".ipynb"):
        return "notebook"
    location = getattr(report, "location", None)
    if location and str(location[2]).startswith("[doctest]"):
        return "doctest"
    if path.endswith(("test_fresh_chapters.py", "test_fresh_exercises.py")):
        return "fresh"
    if path.endswith(("test_site.py", "test_site_pages_b.py")):
        return "page" if name.startswith("test_page[") else "site"
    return "unit"


def outcomes(reports):
    """Outcome of each test id over its phases: failed beats skipped beats passed."""
    rank = {"passed": 0, "skipped": 1, "failed": 2}
    result = {}
    for report in reports:
        outcome = getattr(report, "outcome", None)
        if outcome not in rank or not getattr(report, "nodeid", ""):
            continue  # warnings and other entries of the terminal's statistics
        old = result.get(report.nodeid, (None, "passed"))[1]
        if rank[outcome] >= rank[old]:
            result[report.nodeid] = (kind_of(report), outcome)
    return result


def _counts(results):
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    for outcome in results:
        counts[outcome] += 1
    text = f"{counts['passed']} passed, {counts['failed']} failed"
    return text + (f", {counts['skipped']} skipped" if counts["skipped"] else "")


def new_screenshots(folder, since):
    """Images in ``folder`` (one subfolder per mode) written at or after ``since``."""
    folder = Path(folder)
    if not folder.is_dir():
        return 0
    images = (p for p in folder.rglob("*") if p.suffix in (".png", ".jpg"))
    return sum(1 for p in images if p.stat().st_mtime >= since)


def summary_lines(reports, shots=0):
    """The summary, one line per kind of test, for the reports of one run."""
    by_kind = {}
    for nodeid, (kind, outcome) in outcomes(reports).items():
        by_kind.setdefault(kind, []).append((nodeid, outcome))
    lines = []
    for kind in ("unit", "doctest"):
        lines.append(f"{LABELS[kind]}: {_counts(o for _, o in by_kind.get(kind, []))}")
    cells = by_kind.get("notebook", [])
    notebooks = {nodeid.partition("::")[0] for nodeid, _ in cells}
    lines.append(
        f"notebooks executed: {len(notebooks)} "
        f"({len(cells)} cells: {_counts(o for _, o in cells)})"
    )
    fresh = [o for _, o in by_kind.get("fresh", [])]
    lines.append(
        f"notebooks downloaded from the site and run without linclass: {len(fresh)} "
        f"({_counts(fresh)})"
    )
    pages = [o for _, o in by_kind.get("page", [])]
    lines.append(f"pages checked in the browser: {len(pages)} ({_counts(pages)})")
    if "site" in by_kind:
        lines.append(f"{LABELS['site']}: {_counts(o for _, o in by_kind['site'])}")
    lines.append(f"screenshots written: {shots} (in {SHOTS.relative_to(ROOT)})")
    return lines


def pytest_sessionstart(session):
    session.config.stash[_STARTED] = time.time()


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if hasattr(config, "workerinput"):  # an xdist worker: the controller reports
        return
    reports = [r for group in terminalreporter.stats.values() for r in group]
    shots = new_screenshots(SHOTS, config.stash.get(_STARTED, time.time()))
    terminalreporter.write_sep("=", "what this run ran")
    for line in summary_lines(reports, shots):
        terminalreporter.write_line(line)
