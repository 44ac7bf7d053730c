"""The book's own costs: `make book` cold, with nothing changed, after a prose edit;
nbval over every chapter.

Run from the repository root with the course's .venv (``make bench``). The builds run
``python -m tools.book.build`` (what ``make book`` runs once the .venv exists) in a
temporary copy of the sources, so the working tree's ``_build`` is untouched: cold
(every step, every chapter executed, the PDF printed), again with nothing changed,
then after one sentence of a chapter's prose is edited (Sphinx re-reads that page;
no chapter runs; the PDF is left for ``make pdf``).

Targets (issues 6 and 22): cold build <= 150 s, nothing changed <= 5 s, one prose
edit <= 25 s, nbval <= 45 s.
"""

import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
SOURCES = ["_config.yml", "_toc.yml", "_static", "chapters", "linclass", "tools"]
SOURCES += [p.name for p in ROOT.glob("*.md")]
SOURCES += ["references.bib", "pyproject.toml", "requirements.lock", "LICENSE"]


def timed(cmd, cwd):
    start = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, check=True, capture_output=True)
    return time.perf_counter() - start


def edit_one_sentence(chapter):
    """End the first plain sentence of a markdown cell differently."""
    nb = json.loads(chapter.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        for k, line in enumerate(cell["source"]):
            if line[:1].isalpha() and line.rstrip().endswith("."):
                cell["source"][k] = line.rstrip()[:-1] + ", as measured.\n"
                chapter.write_text(json.dumps(nb, indent=1), encoding="utf-8")
                return
    raise ValueError(f"{chapter.name}: no prose line to edit")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        for name in SOURCES:
            src = ROOT / name
            dst = Path(tmp) / name
            if src.is_dir():
                shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__"))
            elif src.exists():
                shutil.copy(src, dst)
        build = [str(BIN / "python"), "-m", "tools.book.build"]
        cold = timed(build, tmp)
        noop = timed(build, tmp)
        edit_one_sentence(sorted(Path(tmp, "chapters").glob("0*.ipynb"))[1])
        prose = timed(build, tmp)
    nbval = timed(
        [str(BIN / "python"), "-m", "pytest", "-q", "-p", "no:cacheprovider"]
        + ["-n", "2", "--dist", "loadfile", "--nbval-lax", "chapters"],
        ROOT,
    )
    rows = [
        ("cold `make book` (after install; PDF printed)", cold, 150.0),
        ("`make book` again, nothing changed", noop, 5.0),
        ("`make book` after one prose sentence changed", prose, 25.0),
        ("nbval over all chapters (2 workers)", nbval, 45.0),
    ]
    print(f"{'Book costs':47s} {'seconds':>8s} {'target':>7s}  met")
    for name, seconds, target in rows:
        met = "yes" if seconds <= target else "NO"
        print(f"{name:47s} {seconds:8.1f} {target:7.0f}  {met}")


if __name__ == "__main__":
    main()
