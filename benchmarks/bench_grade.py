"""make grade on a class: 200 learners x chapter 2's exercise notebook, on two jobs.

Issue 30's target: a class of 200 learners graded in at most 10 minutes on this
two-core machine. Every learner hands in the book's own solutions (the slowest
honest case: every case of both coding checks runs), each in a process of its own
behind the walls the platform allows (tools/grade/isolate.py), on cases drawn from
a seed (tools/grade/seeded.py), as an instructor would grade.

Run from the repository root: ``.venv/bin/python benchmarks/bench_grade.py [N]`` (N
learners, default 200; the target scales with N). ``make bench`` runs it with 200.
"""

import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

from grade_submissions import WRONG_ANSWERS, _right_answer, _solution, notebook  # noqa: E402

from tools.grade.grade import grade  # noqa: E402

TARGET = 600.0  # seconds, for 200 learners
SEED = 2026


def main(n=200):
    right = {a: _right_answer(a) for a in WRONG_ANSWERS}
    solved = {
        name: _solution(name) for name in ("batch_perceptron", "perceptron_replacement")
    }
    text = json.dumps(notebook(right, solved))
    said = []
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp, "class")
        for k in range(n):
            (folder / f"learner{k:03d}").mkdir(parents=True)
            (folder / f"learner{k:03d}" / "ch2.ipynb").write_text(text)
        start = time.perf_counter()
        rows = grade(folder, Path(tmp, "out"), jobs=2, seed=SEED, say=said.append)
        seconds = time.perf_counter() - start
    full = sum(all(v for v in r.verdicts.values()) for r in rows)
    target = TARGET * n / 200
    met = "yes" if full == n and seconds <= target else "NO"
    name = f"{n} learners x chapter 2, 2 jobs"
    print(f"{'make grade':<36} {'seconds':>8} {'s/learner':>9} {'target':>7}  met")
    print(f"{name:<36} {seconds:8.1f} {seconds / n:9.2f} {target:7.0f}  {met}")
    print(f"({full} of {n} learners with every part right; {said[0]})")
    print(f"({said[1]})")
    print(
        f"(load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end)"
    )
    return 0 if full == n else 1


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 200))
