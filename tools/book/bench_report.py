"""``make bench``: run the benchmarks, write their tables to a file, copy it to README.

``python -m tools.book.bench_report run`` runs every ``benchmarks/bench_*.py`` with
this Python and writes ``benchmarks/results.md``: the machine (CPU, cores, memory,
load), the versions that matter (Python, numpy, scikit-learn, jupyter-book), then
each script's table exactly as it printed it. ``... readme`` copies that file into
README.md between the two marker lines, so the README's performance figures are
always the last measured ones, never typed (a test compares the two).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULTS = Path("benchmarks", "results.md")
BEGIN = "<!-- begin benchmarks/results.md: written by `make bench`, do not edit -->"
END = "<!-- end benchmarks/results.md -->"
VERSIONS = ("numpy", "scikit-learn", "scipy", "jupyter-book")


def cpu_model(cpuinfo=Path("/proc/cpuinfo")):
    """The processor's name (Linux: /proc/cpuinfo), else what platform knows."""
    if cpuinfo.is_file():
        for line in cpuinfo.read_text(errors="replace").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return platform.processor() or platform.machine() or "unknown CPU"


def memory_gib(meminfo=Path("/proc/meminfo")):
    if meminfo.is_file():
        for line in meminfo.read_text().splitlines():
            if line.startswith("MemTotal:"):
                return int(line.split()[1]) / 2**20
    return None


def machine_lines(today=None):
    """The machine and versions the figures were measured with, one per line."""
    memory = memory_gib()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    versions = ", ".join(f"{name} {_version(name)}" for name in VERSIONS)
    return [
        f"Measured on {today or datetime.date.today().isoformat()} by `make bench`:",
        f"- CPU: {cpu_model()}, {os.cpu_count()} cores"
        + (f", {memory:.0f} GiB" if memory else "")
        + (f"; load average {load:.1f} at the start" if load is not None else ""),
        f"- {platform.system()}, Python {platform.python_version()}, {versions}",
    ]


def _version(name):
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "(not installed)"


def run_all(root=ROOT, python=sys.executable, say=print):
    """Run each benchmark; return the results file's text."""
    parts = [*machine_lines(), ""]
    for script in sorted((root / "benchmarks").glob("bench_*.py")):
        say(f"[bench] {script.name} ...")
        start = time.perf_counter()
        run = subprocess.run(
            [python, str(script)], cwd=root, capture_output=True, text=True
        )
        if run.returncode:
            raise SystemExit(f"{script.name} failed:\n{run.stdout}{run.stderr}")
        took = time.perf_counter() - start
        say(run.stdout.rstrip())
        say(f"[bench] {script.name}: {took:.0f} s")
        parts += [f"`{script.relative_to(root)}`:", "", "```text"]
        parts += [run.stdout.rstrip(), "```", ""]
    return "\n".join(parts).rstrip() + "\n"


def with_results(readme, results, begin=BEGIN, end=END):
    """``readme`` with the text between the markers replaced by ``results``."""
    if readme.count(begin) != 1 or readme.count(end) != 1:
        raise ValueError(f"README.md needs the marker lines once each: {begin}, {end}")
    head, rest = readme.split(begin)
    _, tail = rest.split(end)
    return f"{head}{begin}\n{results.rstrip()}\n{end}{tail}"


def results_in(readme, begin=BEGIN, end=END):
    """The text between the markers (what ``with_results`` put there)."""
    return readme.split(begin, 1)[1].split(end, 1)[0].strip("\n") + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["run", "readme"])
    args = parser.parse_args(argv)
    if args.action == "run":
        text = run_all()
        (ROOT / RESULTS).write_text(text, encoding="utf-8")
        print(f"wrote {RESULTS}")
    readme = ROOT / "README.md"
    results = (ROOT / RESULTS).read_text(encoding="utf-8")
    readme.write_text(with_results(readme.read_text("utf-8"), results), "utf-8")
    print(f"updated the performance section of README.md from {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
