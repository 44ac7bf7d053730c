"""The book's own costs: a cold and a warm build, and nbval over every chapter.

Run from the repository root with the course's .venv (``make bench``). The cold build
runs in a temporary copy of the sources, so the working tree's ``_build`` is untouched;
the warm build is a second build of that copy with nothing changed (every notebook comes
from the execution cache, no page is rewritten).

Targets (issue 6): cold build <= 90 s, warm rebuild <= 10 s, nbval <= 45 s.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
SOURCES = ["_config.yml", "_toc.yml", "_static", "chapters", "linclass", "tools"]
SOURCES += [p.name for p in ROOT.glob("*.md")] + ["references.bib", "pyproject.toml"]


def timed(cmd, cwd):
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - start


def main():
    env_note = f"{os.cpu_count()} cores, Python {sys.version.split()[0]}"
    with tempfile.TemporaryDirectory() as tmp:
        for name in SOURCES:
            src = ROOT / name
            dst = Path(tmp) / name
            if src.is_dir():
                shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__"))
            elif src.exists():
                shutil.copy(src, dst)
        # What `make assets` serves beside the pages (wheel, exercise edition, answer
        # keys): the build's static path needs it, and it is part of a cold build.
        generated = Path(tmp) / "_build" / "generated"
        python = str(BIN / "python")
        wheel = [python, "-m", "build", "--wheel", "--no-isolation"]
        assets = timed(wheel + ["--outdir", str(generated / "wheels"), "."], tmp)
        assets += timed([python, "-m", "tools.book.site_assets", str(generated)], tmp)
        exercises = [python, "-m", "tools.book.exercises", str(generated / "exercises")]
        assets += timed(exercises, tmp)
        build = [str(BIN / "jupyter-book"), "build", "-n", "-W", "--keep-going", "."]
        cold = timed(build, tmp)
        warm = timed(build, tmp)
    nbval = timed(
        [
            str(BIN / "python"),
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-n",
            "2",
            "--dist",
            "loadfile",
            "--nbval-lax",
            "chapters",
        ],
        ROOT,
    )
    rows = [
        ("site assets: wheel, exercise edition, keys", assets, 20.0),
        ("cold `jupyter-book build` (after install)", cold, 90.0),
        ("warm rebuild, nothing changed", warm, 10.0),
        ("nbval over all chapters (2 workers)", nbval, 45.0),
    ]
    print(f"Book costs ({env_note})")
    print(f"{'figure':45s} {'seconds':>8s} {'target':>7s}  met")
    for name, seconds, target in rows:
        met = "yes" if seconds <= target else "NO"
        print(f"{name:45s} {seconds:8.1f} {target:7.0f}  {met}")


if __name__ == "__main__":
    main()
