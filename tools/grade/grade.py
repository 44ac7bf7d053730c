"""Grade a class: ``make grade SUBMISSIONS=<folder>``.

The folder holds one sub-folder per learner (its name is the learner's id) with any
of the exercise notebooks, under any file names: a notebook is recognised by the
exercise ids its ``lc.check`` calls name. For each learner a process of its own
(:mod:`tools.grade.worker`: time and memory limits, a temporary folder, a private
copy of ``linclass``, and where the platform allows no network, a user of its own
and a private /tmp, :mod:`tools.grade.isolate`) runs the learner's code and sends
back, as data, the values passed to ``lc.check.answer`` and the results of the
learner's functions on the cases; this process judges them with the same code and
the same sentences as ``lc.check``, on the public cases or, with a seed, on cases
drawn from it (:mod:`tools.grade.seeded`). A learner whose process loops, crashes,
exits or runs out of memory, or whose file is not a notebook, gets a row saying so
and zero for what is missing; the others are graded all the same.

Writes into ``_build/grades/``: ``gradebook.csv`` (one row per learner, one column
per part, 1 point each unless a weights file says otherwise, and the total),
``feedback/<learner>.md`` (the messages a learner sees) and ``summary.md`` (how the
class did on each part).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import yaml

import linclass
from linclass.check._answers import run_answer
from linclass.check._core import ANSWERS, EXERCISES
from linclass.check._run import judge_exercise
from tools.book import exercises as edition
from tools.book import own_checks

from . import isolate, seeded
from .worker import cell_key, decode, encode

CHECK_ID = re.compile(r'lc\.check\.(?:answer|exercise)\(\s*"([^"]+)"')
WORKER = Path(__file__).with_name("worker.py")
SCRATCH = Path(__file__).resolve().parents[2] / "_build" / "grade-tmp"
SECONDS = 300  # per learner, all notebooks
MEMORY = 3 * 2**30  # bytes of address space per learner (numpy and BLAS need ~1 GB)
# The linclass code a from-scratch exercise re-implements, out of reach while graded.
BLOCKED = {
    "ex-ch1-project": ["linclass.geometry:signed_distance"],
    "ex-ch2-batch-code": ["linclass:Perceptron", "linclass.perceptron:Perceptron"],
    "ex-ch2-replacement-code": [
        "linclass:Perceptron",
        "linclass.perceptron:Perceptron",
    ],
    "ex-ch3-bound-code": ["linclass.geometry:novikoff_bound"],
    "ex-ch4-error-pocket": ["linclass:Perceptron", "linclass.perceptron:Perceptron"],
    "ex-ch5-fisher-code": ["linclass:FisherLDA", "linclass.lda:FisherLDA"],
    "ex-ch6-kesler-code": ["linclass.geometry:kesler_vectors"],
    "ex-ch6-gaussian-machine": ["linclass:FisherLDA", "linclass.lda:FisherLDA"],
}


@dataclass
class Row:
    learner: str
    verdicts: dict = field(default_factory=dict)  # part -> Verdict
    notes: list = field(default_factory=list)


def parts_of(chapters):
    """Every checked part of the given chapters, in the book's order."""
    ids = sorted({*EXERCISES, *ANSWERS})
    return [i for i in ids if re.match(r"ex-ch(\d)", i) and int(i[5]) in chapters]


def pristine_keys():
    """The code cells of the exercise edition as served: not the learner's work."""
    keys = set()
    for path in edition.config.chapter_paths():
        for cell in edition.build(path)["cells"]:
            source = "".join(cell["source"])
            tags = cell["metadata"].get("tags", [])
            # starters and lc.check calls are the learner's, even untouched
            if cell["cell_type"] == "code" and "starter" not in tags:
                if "lc.check." not in source:
                    keys.add(cell_key(source))
    return keys


def case_data(exercise_id, seed=None):
    """The grading cases of an exercise (drawn from ``seed`` when one is set, and
    the exercise has a draw), and what the learner's process is sent of them."""
    ex = EXERCISES[exercise_id]
    drawn = None if seed is None else seeded.cases(exercise_id, seed)
    cases = list(ex.cases()) if drawn is None else drawn
    return cases, {
        "signature": ex.signature,
        "cases": [
            {
                "name": c.name,
                "args": encode(list(c.args)),
                "kwargs": [[k, encode(v)] for k, v in c.kwargs.items()],
                "raises": c.raises.__name__ if c.raises else None,
                "seconds": c.seconds,
            }
            for c in cases
        ],
    }


def read_notebooks(folder):
    """The learner's notebooks, the ids they name, and notes on other files."""
    notebooks, ids, notes = [], set(), []
    for path in sorted(p for p in Path(folder).rglob("*") if p.is_file()):
        try:
            nb = json.loads(path.read_text(encoding="utf-8"))
            cells = nb["cells"]
            code = "".join(
                "".join(c.get("source", "")) for c in cells if c["cell_type"] == "code"
            )
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            notes.append(f"{path.name} is not a notebook")
            continue
        found = set(CHECK_ID.findall(code)) & ({*EXERCISES} | {*ANSWERS})
        if found:
            notebooks.append(path)
            ids |= found
        else:
            notes.append(f"{path.name} has no exercise of the course")
    return notebooks, ids, notes


def run_learner(folder, parts, cases, skip, iso, seconds=SECONDS, cell_seconds=60):
    """One learner's row: run its process, judge what comes back."""
    row = Row(Path(folder).name)
    notebooks, ids, row.notes = read_notebooks(folder)
    # Not under /tmp: the learner's process gets a private, empty /tmp of its own.
    SCRATCH.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="lc-grade-", dir=SCRATCH) as tmp:
        tmp = Path(tmp)
        shutil.copytree(Path(linclass.__file__).parent, tmp / "site" / "linclass")
        work = tmp / "work"
        work.mkdir()
        copies = []
        for k, path in enumerate(notebooks):
            copies.append(str(shutil.copy(path, work / f"notebook{k}.ipynb")))
        request = {
            "notebooks": copies,
            "skip": sorted(skip),
            "exercises": {i: cases[i][1] for i in ids if i in EXERCISES},
            "blocked": BLOCKED,
            "cell_seconds": cell_seconds,
        }
        (tmp / "request.json").write_text(json.dumps(request), encoding="utf-8")
        iso.own(tmp)
        result = _run(tmp, row, seconds, iso) if notebooks else None
    for part in parts:
        row.verdicts[part] = _judge(part, result, cases)
    return row


def _run(tmp, row, seconds, iso):
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "PYTHONPATH": str(tmp / "site"),
        "HOME": str(tmp),
        "TMPDIR": str(tmp),
        "MPLBACKEND": "Agg",
        "OMP_NUM_THREADS": "1",
        "OPENBLAS_NUM_THREADS": "1",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    cmd = [sys.executable, "-s", "-E", "-c", _BOOT, str(WORKER), str(tmp)]
    proc = subprocess.Popen(
        cmd,
        cwd=tmp / "work",
        env=env,
        preexec_fn=iso.preexec(),
        start_new_session=True,  # its own process group: killed as a whole
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        _, stderr = proc.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        row.notes.append(f"still running after {seconds} s: stopped (an endless loop?)")
        return None
    result = tmp / "result.json"
    if proc.returncode != 0 or not result.exists():
        rc = proc.returncode
        how = f"was killed by signal {-rc}" if rc < 0 else f"exited with code {rc}"
        tail = stderr.decode(errors="replace").strip().splitlines()[-1:]
        hint = " (out of memory?)" if "MemoryError" in "".join(tail) else ""
        said = f": {tail[0]}" if tail else ""
        row.notes.append(f"the notebook's process {how}{hint}{said}")
        return None
    try:
        data = json.loads(result.read_text(encoding="utf-8"))
    except ValueError:
        row.notes.append("the notebook's process left no readable result")
        return None
    row.notes += data.get("log", [])
    return data


# The worker runs with the private copy of linclass first on its path and nothing
# of the grader's: -E ignores PYTHON* variables, so the path is set here.
_BOOT = (
    "import sys, runpy; tmp = sys.argv[2]; sys.path.insert(0, tmp + '/site'); "
    "sys.argv = [sys.argv[1], tmp + '/request.json', tmp + '/result.json']; "
    "runpy.run_path(sys.argv[0], run_name='__main__')"
)


def _judge(part, result, cases):
    """The verdict of one part, judged here from the data the learner's process sent."""
    from linclass.check._core import Verdict

    answers = (result or {}).get("answers", {})
    done = (result or {}).get("exercises", {})
    if part in ANSWERS and part in answers:
        return run_answer(part, decode(answers[part]))
    if part in EXERCISES and part in done:
        got = done[part]
        if "early" in got:
            ex = EXERCISES[part]
            status = "not attempted" if got["early"] == "not attempted" else "wrong"
            mark = "…" if status == "not attempted" else "✗"
            return Verdict(part, status, f"{mark} {part} ({ex.title}): {got['early']}.")
        outcomes = got["outcomes"]

        def outcome_of(k, case):
            if k >= len(outcomes):
                return "said", None  # not run: an earlier case failed already
            kind, value = outcomes[k]["kind"], decode(outcomes[k]["value"])
            return kind, value

        return judge_exercise(part, outcome_of, cases[part][0])
    title = EXERCISES[part].title if part in EXERCISES else ANSWERS[part].label
    return Verdict(part, "not attempted", f"… {part} ({title}): no answer found.")


def weights_of(path):
    if not path:
        return {}
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8")) or {}
    bad = {k: v for k, v in data.items() if not isinstance(v, int | float) or v < 0}
    if bad:
        raise ValueError(f"{path}: weights must be numbers >= 0, got {bad}")
    return data


def write(rows, parts, out, weights, about=()):
    out = Path(out)
    (out / "feedback").mkdir(parents=True, exist_ok=True)
    with open(out / "gradebook.csv", "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["learner", *parts, "total", "notes"])
        for row in rows:
            points = [weights.get(p, 1) * bool(row.verdicts[p]) for p in parts]
            writer.writerow([row.learner, *points, sum(points), "; ".join(row.notes)])
    for row in rows:
        lines = [f"# Feedback for {row.learner}", ""]
        lines += [f"- {note}" for note in row.notes]
        lines += [f"- {row.verdicts[p].message}" for p in parts]
        (out / "feedback" / f"{row.learner}.md").write_text(
            "\n".join(lines) + "\n", encoding="utf-8"
        )
    summary = ["| part | correct | wrong | not attempted |", "|---|---|---|---|"]
    for p in parts:
        status = [row.verdicts[p].status for row in rows]
        summary.append(
            f"| {p} | {status.count('correct')} | {status.count('wrong')} "
            f"| {status.count('not attempted')} |"
        )
    (out / "summary.md").write_text(
        f"# How the class did ({len(rows)} learners)\n\n"
        + "".join(f"- {line}\n" for line in about)
        + "\n"
        + "\n".join(summary)
        + "\n",
        encoding="utf-8",
    )


def grade(
    submissions,
    out,
    jobs=2,
    weights=None,
    seconds=SECONDS,
    cell_seconds=60,
    seed=None,
    say=print,
):
    """Grade every learner of ``submissions``; return the rows, in learner order.

    ``seed`` (an int) draws each coding exercise's grading cases anew
    (:mod:`tools.grade.seeded`); without it the public cases are used. ``say``
    gets the lines that also head the summary: where the cases came from and how
    the learner's process is isolated.
    """
    own_checks.load()
    folders = sorted(p for p in Path(submissions).iterdir() if p.is_dir())
    if not folders:
        raise ValueError(f"{submissions}: no learner folder (one sub-folder each)")
    found = set()
    for folder in folders:
        found |= read_notebooks(folder)[1]
    chapters = {int(i[5]) for i in found}
    parts = parts_of(chapters)
    coding = [i for i in parts if i in EXERCISES]
    cases = {i: case_data(i, seed) for i in coding}
    iso = isolate.detect(MEMORY, SCRATCH)
    about = [seeded.describe(seed, coding), iso.describe()]
    for line in about:
        say(line)
    skip = pristine_keys()
    rows, start = [], time.monotonic()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [
            pool.submit(run_learner, f, parts, cases, skip, iso, seconds, cell_seconds)
            for f in folders
        ]
        for k, future in enumerate(futures, 1):
            rows.append(future.result())
            bar = "#" * (30 * k // len(futures))
            print(
                f"\r[grade] [{bar:<30}] {k}/{len(futures)} learners, "
                f"{time.monotonic() - start:.0f} s",
                end="",
                file=sys.stderr,
                flush=True,
            )
    print(file=sys.stderr)
    write(rows, parts, out, weights_of(weights), about)
    return rows


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("submissions", type=Path)
    parser.add_argument("--out", type=Path, default=Path("_build/grades"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--weights", type=Path, default=None)
    parser.add_argument(
        "--seed", type=int, default=None, help="draw the grading cases from this seed"
    )
    args = parser.parse_args(argv)
    default = Path("grade-weights.yml")
    weights = args.weights or (default if default.exists() else None)
    rows = grade(args.submissions, args.out, args.jobs, weights, seed=args.seed)
    print(f"graded {len(rows)} learners: {args.out / 'gradebook.csv'}")
    return 0
