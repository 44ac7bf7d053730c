"""The run summary of tests/run_summary.py, on fake reports and a fake terminal."""

import os
from types import SimpleNamespace

import pytest
from run_summary import (
    kind_of,
    new_screenshots,
    outcomes,
    pytest_sessionstart,
    pytest_terminal_summary,
    summary_lines,
)


def report(nodeid, outcome="passed", when="call", domain="test"):
    return SimpleNamespace(
        nodeid=nodeid, outcome=outcome, when=when, location=("f.py", 1, domain)
    )


def phases(nodeid, call="passed", **kw):
    """Setup, call and teardown reports of one test, as the terminal keeps them."""
    setup, teardown = report(nodeid, when="setup"), report(nodeid, when="teardown")
    return [setup, report(nodeid, call, **kw), teardown]


def test_kinds_from_the_report_ids():
    assert kind_of(report("tests/test_lda.py::test_fit[3]")) == "unit"
    assert kind_of(report("chapters/02_perceptron.ipynb::Cell 4")) == "notebook"
    doctest = report("linclass/geometry.py::linclass.geometry.radius", domain="")
    doctest.location = (
        "linclass/geometry.py",
        120,
        "[doctest] linclass.geometry.radius",
    )
    assert kind_of(doctest) == "doctest"
    assert kind_of(report("tests/test_site.py::test_page[intro.html]")) == "page"
    assert kind_of(report("tests/test_site_pages_b.py::test_page[api.html]")) == "page"
    assert (
        kind_of(report("tests/test_site.py::test_internal_links_resolve[a]")) == "site"
    )


def test_a_failed_phase_makes_the_test_failed():
    reports = phases("tests/test_a.py::t1") + phases("tests/test_a.py::t2", "failed")
    reports.append(report("tests/test_a.py::t1", "failed", "teardown"))  # error
    reports += phases("tests/test_a.py::t3", "skipped")
    assert {k: o for k, (_, o) in outcomes(reports).items()} == {
        "tests/test_a.py::t1": "failed",
        "tests/test_a.py::t2": "failed",
        "tests/test_a.py::t3": "skipped",
    }


def test_summary_counts_each_kind():
    reports = phases("tests/test_a.py::t1") + phases("tests/test_a.py::t2", "failed")
    for nb in ("chapters/01.ipynb", "chapters/02.ipynb"):
        reports += [report(f"{nb}::Cell {i}") for i in range(3)]
    reports.append(report("chapters/02.ipynb::Cell 3", "failed"))
    reports += phases("tests/test_fresh_chapters.py::test_run[chapters/01]")
    reports += phases("tests/test_fresh_exercises.py::test_run[chapters/01]", "failed")
    reports += phases("tests/test_site.py::test_page[index.html]")
    reports += phases("tests/test_site.py::test_page[chapters/01.html]")
    reports += phases("tests/test_site.py::test_no_cdn_reference_in_any_page")
    reports.append(SimpleNamespace(nodeid="tests/test_a.py::t1", message="warning"))
    lines = summary_lines(reports, shots=2)
    assert lines == [
        "unit and other tests in tests/: 1 passed, 1 failed",
        "docstring examples: 0 passed, 0 failed",
        "notebooks executed: 2 (7 cells: 6 passed, 1 failed)",
        "notebooks downloaded from the site and run without linclass: 2 "
        "(1 passed, 1 failed)",
        "pages checked in the browser: 2 (2 passed, 0 failed)",
        "other checks of the built site: 1 passed, 0 failed",
        "screenshots written: 2 (in _build/screenshots)",
    ]


def test_only_screenshots_written_since_the_start_count(tmp_path):
    assert new_screenshots(tmp_path / "missing", since=0.0) == 0
    for name, mtime in [("old.png", 1000.0), ("new.png", 2000.0), ("b.png", 2001.0)]:
        (tmp_path / name).write_bytes(b"png")
        os.utime(tmp_path / name, (mtime, mtime))
    (tmp_path / "notes.txt").write_text("not a screenshot")
    assert new_screenshots(tmp_path, since=2000.0) == 2
    (tmp_path / "dark").mkdir()  # the site tests write one folder per mode, in JPEG
    (tmp_path / "dark" / "intro.html.jpg").write_bytes(b"jpg")
    assert new_screenshots(tmp_path, since=2000.0) == 3


class Terminal:
    """What pytest_terminal_summary needs of pytest's terminal reporter."""

    def __init__(self, stats):
        self.stats, self.lines = stats, []

    def write_sep(self, sep, title):
        self.lines.append(f"{sep * 3} {title} {sep * 3}")

    def write_line(self, line):
        self.lines.append(line)


def _config(worker):
    config = SimpleNamespace(stash=pytest.Stash())
    if worker:
        config.workerinput = {"workerid": "gw0"}  # what xdist gives its workers
    return config


def test_the_xdist_controller_prints_the_summary_and_workers_do_not():
    doctest = report("m.py::m.half", domain="[doctest] m.half")
    stats = {
        "passed": [report("t.py::test_ok"), doctest],
        "failed": [report("t.py::test_bad", "failed")],
        "": [SimpleNamespace(nodeid="t.py::test_ok", message="a warning")],
    }
    worker = Terminal(stats)
    pytest_terminal_summary(worker, 1, _config(worker=True))
    assert worker.lines == []
    controller = Terminal(stats)
    config = _config(worker=False)
    pytest_sessionstart(SimpleNamespace(config=config))
    pytest_terminal_summary(controller, 1, config)
    assert controller.lines[0] == "=== what this run ran ==="
    assert "unit and other tests in tests/: 1 passed, 1 failed" in controller.lines
    assert "docstring examples: 1 passed, 0 failed" in controller.lines


def test_the_summary_comes_before_pytests_last_line():
    # pytest writes its last line after every pytest_terminal_summary hook unless
    # a hook asks to run after it (a hookwrapper); ours must not.
    for hook in (pytest_terminal_summary, pytest_sessionstart):
        assert not getattr(hook, "pytest_impl", {}).get("hookwrapper"), hook
        assert not getattr(hook, "pytest_impl", {}).get("wrapper"), hook
