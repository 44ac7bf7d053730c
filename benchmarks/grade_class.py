"""make grade on a class: 200 learners x chapter 2's exercise notebook, on two jobs.

Issue 30's target: a class of 200 learners graded in at most 10 minutes on this
two-core machine. Every learner hands in the book's own solutions (the slowest
honest case: every case of both coding checks runs), each in a process of its own.

Run from the repository root: ``.venv/bin/python benchmarks/grade_class.py [N]`` (N
learners, default 200; about 8 minutes for 200 on two busy cores). Not yet one of
``make bench``'s ``bench_*.py``: its results file holds only what a whole ``make
bench`` measured, and that run is still to be made with it.
"""

import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

from grade_submissions import WRONG_ANSWERS, _right_answer, _solution, notebook  # noqa: E402

from tools.grade.grade import grade  # noqa: E402

TARGET = 600.0  # seconds, for 200 learners


def main(n=200):
    right = {a: _right_answer(a) for a in WRONG_ANSWERS}
    solved = {
        name: _solution(name) for name in ("batch_perceptron", "perceptron_replacement")
    }
    text = json.dumps(notebook(right, solved))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp, "class")
        for k in range(n):
            (folder / f"learner{k:03d}").mkdir(parents=True)
            (folder / f"learner{k:03d}" / "ch2.ipynb").write_text(text)
        start = time.perf_counter()
        rows = grade(folder, Path(tmp, "out"), jobs=2)
        seconds = time.perf_counter() - start
    full = sum(all(v for v in r.verdicts.values()) for r in rows)
    target = TARGET * n / 200
    head = f"{'make grade':<28} {'learners':>8} {'s':>7} {'s/learner':>9}"
    print(f"{head} {'target s':>8}  ok")
    ok = full == n and seconds <= target
    print(
        f"{'chapter 2, 2 jobs':<28} {n:>8} {seconds:>7.1f} {seconds / n:>9.2f} "
        f"{target:>8.0f}  {'yes' if ok else 'NO'}"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
