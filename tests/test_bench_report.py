"""make bench's report (tools/book/bench_report.py) and the README section it writes."""

import pytest
from book_toc import ROOT

from tools.book import bench_report
from tools.book.bench_report import BEGIN, END, RESULTS, results_in, with_results


def test_the_readme_performance_section_is_the_results_file():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    results = (ROOT / RESULTS).read_text(encoding="utf-8")
    assert results_in(readme) == results, (
        "README.md's performance section differs from benchmarks/results.md: "
        "run `make bench` (or `python -m tools.book.bench_report readme`), "
        "never edit the figures by hand"
    )


def test_the_results_name_the_machine_and_versions():
    results = (ROOT / RESULTS).read_text(encoding="utf-8")
    for needed in ("CPU:", "cores", "Python", "numpy", "scikit-learn"):
        assert needed in results, needed
    for script in sorted((ROOT / "benchmarks").glob("bench_*.py")):
        assert f"`benchmarks/{script.name}`:" in results, script.name


def test_with_results_replaces_only_between_the_markers():
    readme = f"# T\n\nbefore\n{BEGIN}\nold table\n{END}\nafter\n"
    out = with_results(readme, "new table\n")
    assert out == f"# T\n\nbefore\n{BEGIN}\nnew table\n{END}\nafter\n"
    assert results_in(out) == "new table\n"
    assert with_results(out, "new table\n") == out  # idempotent
    with pytest.raises(ValueError, match="marker lines"):
        with_results("# no markers\n", "x")


def test_machine_lines_read_cpu_and_memory(tmp_path, monkeypatch):
    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text("processor\t: 0\nmodel name\t: Test CPU 9000 @ 3.0GHz\n")
    assert bench_report.cpu_model(cpuinfo) == "Test CPU 9000 @ 3.0GHz"
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemTotal:       25165824 kB\n")
    assert bench_report.memory_gib(meminfo) == 24.0
    monkeypatch.setattr(bench_report, "cpu_model", lambda: "Test CPU")
    lines = bench_report.machine_lines(today="2026-11-25")
    assert lines[0] == "Measured on 2026-11-25 by `make bench`:"
    assert lines[1].startswith("- CPU: Test CPU, ") and " cores" in lines[1]
    assert "numpy " in lines[2] and "scikit-learn " in lines[2]


def test_the_readme_lighthouse_table_is_the_results_file():
    from tools.book import lighthouse

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = bench_report.results_in(readme, lighthouse.BEGIN, lighthouse.END)
    results = ROOT / lighthouse.RESULTS
    if not results.is_file():
        assert table == "\n", "README has a Lighthouse table but no results file"
        return
    assert table == results.read_text(encoding="utf-8"), (
        "README.md's Lighthouse table differs from benchmarks/lighthouse.md: "
        "run `make lighthouse`, never edit the figures by hand"
    )


def test_lighthouse_medians_and_budgets():
    from tools.book import lighthouse

    runs = [
        {
            "perf": 80,
            "a11y": 100,
            "lcp_s": 3.0,
            "tbt_ms": 10,
            "cls": 0,
            "kb": 1,
            "dom": 5,
        },
        {
            "perf": 95,
            "a11y": 100,
            "lcp_s": 2.0,
            "tbt_ms": 30,
            "cls": 0,
            "kb": 1,
            "dom": 5,
        },
        {
            "perf": 92,
            "a11y": 90,
            "lcp_s": 2.2,
            "tbt_ms": 20,
            "cls": 0,
            "kb": 1,
            "dom": 5,
        },
    ]
    row = lighthouse.median_figures(runs)
    assert row["perf"] == 92 and row["lcp_s"] == 2.2 and row["a11y"] == 100
    assert lighthouse.misses(row) == []
    assert lighthouse.misses({**row, "perf": 89, "dom": 6001}) == ["perf", "dom"]
    assert "| intro | 92 | 100 | 2.2 | 20 |" in lighthouse.table({"intro": row})
