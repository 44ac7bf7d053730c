"""A class of crafted submissions of chapter 2's exercise notebook, for make grade.

Each learner's folder is the exercise edition as served, filled in the way its name
says; ``EXPECTED`` is the score each must get and what its row or feedback says.
"""

import json
import re
from pathlib import Path

from exercise_sources import solution_cells

from linclass.check._answers import accepted
from linclass.check._core import ANSWERS
from tools.book import exercises
from tools.book.config import CHAPTERS

CHAPTER = next(CHAPTERS.glob("02_*.ipynb"))
ANSWER_CALL = re.compile(r'lc\.check\.answer\("([^"]+)", \.\.\.\)')
WRONG_ANSWERS = {
    "ex-ch2-one-step-a": "False",
    "ex-ch2-one-step-b": "[3, 0, 1]",
    "ex-ch2-draws-a": "1 / 30",
    "ex-ch2-draws-b": "0",
}
WRONG_BATCH = '''def batch_perceptron(X, y, eta=1.0, max_epochs=1000):
    """Strict test: never leaves w = 0."""
    w, b = np.zeros(X.shape[1]), 0.0
    for epoch in range(1, max_epochs + 1):
        M = y * (X @ w + b) < 0
        if not M.any():
            return w, b, epoch
        w, b = w + eta * (y[M] @ X[M]), b + eta * y[M].sum()
    raise RuntimeError("did not converge")'''
ESTIMATOR_BATCH = '''def batch_perceptron(X, y, eta=1.0, max_epochs=1000):
    """The library's answer, not mine."""
    clf = lc.Perceptron(mode="batch", eta=eta, max_iter=max_epochs).fit(X, y)
    return clf.coef_[0], float(clf.intercept_[0]), int(clf.n_iter_)'''


def _right_answer(answer_id):
    return repr(sorted(accepted(ANSWERS[answer_id]))[0].replace(",", " "))


def _solution(name):
    for cells in solution_cells(CHAPTER).values():
        for cell in cells:
            if "starter" in cell["metadata"].get("tags", []):
                source = "".join(cell["source"])
                if f"def {name}(" in source:
                    return source
    raise KeyError(name)


def notebook(answers=None, starters=None, extra=()):
    """The served exercise edition, with answers typed and starters replaced."""
    nb = exercises.build(CHAPTER)
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] != "code":
            continue
        m = ANSWER_CALL.search(source)
        if m and answers and m[1] in answers:
            source = source.replace("...", answers[m[1]], 1)
        for name, body in (starters or {}).items():
            if f"def {name}(" in source and "starter" in cell["metadata"]["tags"]:
                source = body
        cell["source"] = source
    for k, source in enumerate(extra):
        nb["cells"].insert(3 + k, exercises._code_cell(source, f"extra-{k}"))
    return nb


WALLED = {"outside", "network"}  # graded as EXPECTED says only behind the walls


def _before(prefix, body):
    """A solution cell that first runs ``prefix``: if that fails, nothing after it
    in the cell is defined."""
    return f"{prefix}\n{body}"


# What a learner's code must not reach: the grader's files and the course's code.
ROOT = Path(__file__).resolve().parents[1]
INTO_LINCLASS = f"open({str(ROOT / 'linclass' / 'planted.py')!r}, 'w').write('x')"
INTO_BUILD = f"open({str(ROOT / '_build' / 'planted.txt')!r}, 'w').write('x')"
PLANTED = [ROOT / "linclass" / "planted.py", ROOT / "_build" / "planted.txt"]
SOCKET = "import socket\nsocket.create_connection(('1.1.1.1', 80), timeout=3)"


def make_class(folder, walls=True):
    """Write the crafted class into ``folder``; return it. Without ``walls`` (a
    platform where the learner's process gets neither a user of its own nor a
    network namespace) the learners who test them are left out."""
    right = {a: _right_answer(a) for a in WRONG_ANSWERS}
    solved = {
        "batch_perceptron": _solution("batch_perceptron"),
        "perceptron_replacement": _solution("perceptron_replacement"),
    }
    learners = {
        "right": notebook(right, solved),
        "wrong": notebook(WRONG_ANSWERS, {"batch_perceptron": WRONG_BATCH}),
        "tamper": notebook(
            WRONG_ANSWERS,
            extra=[
                "import linclass as lc\nlc.check.exercise = lambda *a, **k: True\n"
                "lc.check.answer = lambda *a, **k: True"
            ],
        ),
        "estimator": notebook(starters={"batch_perceptron": ESTIMATOR_BATCH}),
        "endless": notebook(
            right,
            extra=[
                "import signal\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\n"
                "while True:\n    pass"
            ],
        ),
        "crash": notebook(right, extra=["import os\nos._exit(3)"]),
        "memory": notebook(right, solved, extra=["hog = bytearray(8 * 2**30)"]),
        "outside": notebook(
            right,
            {
                "batch_perceptron": _before(INTO_LINCLASS, solved["batch_perceptron"]),
                "perceptron_replacement": _before(
                    INTO_BUILD, solved["perceptron_replacement"]
                ),
            },
        ),
        "network": notebook(
            right,
            {**solved, "batch_perceptron": _before(SOCKET, solved["batch_perceptron"])},
        ),
    }
    if not walls:
        learners = {k: v for k, v in learners.items() if k not in WALLED}
    for name, nb in learners.items():
        (folder / name).mkdir(parents=True)
        path = folder / name / f"my work {name}.ipynb"
        path.write_text(json.dumps(nb), encoding="utf-8")
    (folder / "not-a-notebook").mkdir()
    (folder / "not-a-notebook" / "ch2.ipynb").write_text("hello", encoding="utf-8")
    (folder / "empty").mkdir()
    return Path(folder)


PARTS = 6  # 2 coding exercises and 4 short answers in chapter 2
EXPECTED = {
    # learner: (total, what its notes or feedback must say)
    "right": (6, "✓ ex-ch2-batch-code"),
    "wrong": (0, "not yet: the update adds eta y x"),
    "tamper": (0, "… ex-ch2-batch-code (the batch perceptron): not attempted yet."),
    "estimator": (0, "linclass.Perceptron is not available while this exercise"),
    "endless": (0, "still running after"),
    "crash": (0, "exited with code 3"),
    "memory": (6, "MemoryError"),
    "not-a-notebook": (0, "ch2.ipynb is not a notebook"),
    "empty": (0, "no answer found"),
    # The platform's walls (tools.grade.isolate): as root on Linux, a user of its own
    # and no network; the part whose cell was refused gets 0, the others are graded.
    "outside": (4, "PermissionError: [Errno 13] Permission denied"),
    "network": (5, "Network is unreachable"),
}
