"""make test-assignments: the exported chapter graded by the real nbgrader.

``make assignments`` writes nbgrader's course folder (tools/grade/assignments.py);
this runs nbgrader itself (installed by the make target in .venv-nbgrader, not in
the book's environment) on it: ``generate_assignment``, three submissions (the
book's solutions, the released notebook untouched, only the short answers), then
``autograde``, and reads each learner's score from nbgrader's gradebook database.
"""

import json
import os
import shutil
import subprocess
from pathlib import Path

from book_toc import ROOT

from tools.book.config import CHAPTERS
from tools.grade.assignments import write_course

NBGRADER = os.environ.get("NBGRADER_BIN", "")
CHAPTER = next(CHAPTERS.glob("02_*.ipynb"))
YOUR_CODE = "# YOUR CODE HERE\nraise NotImplementedError()"


def _run(args, course):
    path = f"{NBGRADER}{os.pathsep}{os.environ.get('PATH', '')}"  # alembic, the kernel
    env = {**os.environ, "PATH": path, "PYTHONPATH": str(ROOT), "MPLBACKEND": "Agg"}
    done = subprocess.run(
        [str(Path(NBGRADER, args[0])), *args[1:]],
        cwd=course,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done


def _submit(course, learner, nb):
    folder = course / "submitted" / learner / "ch02"
    folder.mkdir(parents=True)
    (folder / CHAPTER.name).write_text(json.dumps(nb), encoding="utf-8")


def test_nbgrader_grades_the_exported_chapter(tmp_path):
    assert NBGRADER, "run by make test-assignments, which installs nbgrader"
    course = tmp_path / "course"
    (source,) = write_course(course, chapters=[CHAPTER])
    _run(["nbgrader", "generate_assignment", "ch02", "--force"], course)
    release = json.loads((course / "release" / "ch02" / CHAPTER.name).read_text())
    sources = ["".join(c["source"]) for c in release["cells"]]
    assert sum(YOUR_CODE.split("\n")[1] in s for s in sources) == 6, (
        "4 answers, 2 codes"
    )
    assert not any("BEGIN SOLUTION" in s for s in sources)

    _submit(course, "right", json.loads(source.read_text()))
    _submit(course, "blank", release)
    answers_only = json.loads(json.dumps(release))
    solved = json.loads(source.read_text())
    for cell, book in zip(answers_only["cells"], solved["cells"], strict=True):
        text = "".join(book["source"])
        if text.startswith("### BEGIN SOLUTION\nanswer_"):
            cell["source"] = text.split("\n")[1]
    _submit(course, "answers-only", answers_only)
    _run(["nbgrader", "autograde", "ch02", "--create", "--force"], course)

    read = (
        "import json, sys\nfrom nbgrader.api import Gradebook\n"
        "with Gradebook('sqlite:///gradebook.db') as gb:\n"
        "    print(json.dumps({s: gb.find_submission('ch02', s).score\n"
        "                      for s in ('right', 'blank', 'answers-only')}))"
    )
    done = _run(["python", "-c", read], course)
    scores = json.loads(done.stdout.strip().splitlines()[-1])
    assert scores == {"right": 6.0, "blank": 0.0, "answers-only": 4.0}, scores
    shutil.rmtree(course / "autograded", ignore_errors=True)
