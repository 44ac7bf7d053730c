"""Read the book's own exercise solutions out of the chapter notebooks.

The checks in ``linclass.check`` must accept the book's solution. Rather than copy
that solution into the tests (where it could drift from the book), the tests take
it from the notebook: the code cell tagged ``starter`` inside the exercise's
``solution-start`` ... ``solution-end`` block.
"""

import json
import re

import numpy as np

import linclass as lc
from tools.book.config import CHAPTERS

_START = re.compile(r"^`{3,}\{solution-start\}\s+(\S+)", re.M)
_END = re.compile(r"^`{3,}\{solution-end\}", re.M)


def solution_cells(path):
    """Map each exercise label to the code cells of its gated solution."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    blocks, label = {}, None
    for cell in nb["cells"]:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            if _END.search(text):
                label = None
            starts = _START.findall(text)
            if starts:
                label = starts[-1]
                blocks.setdefault(label, [])
        elif label is not None:
            blocks[label].append(cell)
    return blocks


def book_solution(exercise_id):
    """Execute the book's ``starter`` cell of an exercise; return its namespace."""
    chapter = re.match(r"ex-ch(\d)-", exercise_id).group(1)
    (path,) = CHAPTERS.glob(f"0{chapter}_*.ipynb")
    cells = solution_cells(path).get(exercise_id, [])
    starters = [c for c in cells if "starter" in c["metadata"].get("tags", [])]
    assert starters, (
        f"{path.name}: no cell tagged 'starter' in {exercise_id}'s solution"
    )
    namespace = {"np": np}
    for c in starters:
        exec(
            compile("".join(c["source"]), f"{path.name}:{exercise_id}", "exec"),
            namespace,
        )
    return namespace


def assert_rejects(exercise_id, fn, case):
    """The check of ``exercise_id`` must call ``fn`` wrong, naming ``case``."""
    verdict = lc.check.exercise(exercise_id, fn)
    assert verdict.status == "wrong" and case in verdict.message, verdict.message
