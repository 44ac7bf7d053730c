"""The run summary of tests/run_summary.py, on fake reports and in a real xdist run."""

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from run_summary import kind_of, new_screenshots, outcomes, summary_lines


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


def test_summary_is_printed_by_the_xdist_controller_before_pytests_line(tmp_path):
    (tmp_path / "test_x.py").write_text(
        "def test_ok():\n    assert True\n\n"
        "def test_bad():\n    assert False\n\n"
        "def half(x):\n    '''\n    >>> half(4)\n    2.0\n    '''\n    return x / 2\n"
    )
    tests = Path(__file__).parent
    # run_summary reads the book's layout from tools/, at the repository root
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tests), str(tests.parent)]))
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "-p", "run_summary",
         "-p", "no:cacheprovider", "--doctest-modules", "test_x.py"],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    out = run.stdout.splitlines()
    assert "unit and other tests in tests/: 1 passed, 1 failed" in out, run.stdout
    assert "docstring examples: 1 passed, 0 failed" in out
    assert out.index("screenshots written: 0 (in _build/screenshots)") < len(out) - 1
    assert out[-1].startswith("=") and "1 failed, 2 passed" in out[-1]
