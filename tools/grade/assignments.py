"""``make assignments``: the exercise edition in nbgrader's course layout.

For each chapter, ``_build/assignments/nbgrader/source/chNN/NN_name.ipynb`` is an
nbgrader *source* notebook: the chapter's title, its set-up cells and its exercises
(the prose of the exercises, without the worked solutions), where

- each coding exercise's starter is a solution cell: the signature and docstring,
  then the book's solution between ``### BEGIN SOLUTION`` and ``### END SOLUTION``
  (``nbgrader generate_assignment`` leaves the learner ``raise
  NotImplementedError()`` there), followed by an autograded test cell
  ``assert lc.check.exercise(id, function)`` worth one point;
- each short answer is a solution cell ``answer_<id> = <the answer>`` and an
  autograded test cell ``assert lc.check.answer(id, answer_<id>)``.

``nbgrader_config.py`` beside ``source/`` names the course. Then, in that folder:
``nbgrader generate_assignment chNN``, collect the submissions into
``submitted/<learner>/chNN/``, ``nbgrader autograde chNN``; the grades are in
nbgrader's gradebook database. The test cells run in the learner's kernel, as
nbgrader does: for a grade the learner's code cannot touch, use ``make grade``.

    python -m tools.grade.assignments [OUTDIR]
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import re
import sys
from pathlib import Path

from linclass.check._answers import accepted
from linclass.check._core import ANSWERS
from tools.book import config, exercises, own_checks

ANSWER = re.compile(r'^lc\.check\.answer\("([^"]+)", \.\.\.\)')
CONFIG = """c = get_config()  # noqa: F821 (nbgrader's config loader defines it)
c.CourseDirectory.course_id = "linear-classifiers"
"""


def _meta(grade_id, solution=False, grade=False, locked=False, points=None):
    meta = {
        "grade": grade,
        "grade_id": grade_id,
        "locked": locked,
        "schema_version": 3,
        "solution": solution,
        "task": False,
    }
    if grade:
        meta["points"] = points
    return {"nbgrader": meta}


def with_markers(source):
    """Every function's body between nbgrader's solution markers."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    out = []
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef):
            continue
        first = node.body[0]
        has_doc = isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
        split = first.end_lineno if has_doc else node.body[0].lineno - 1
        indent = " " * node.body[0].col_offset
        head = "".join(lines[node.lineno - 1 : split])
        body = "".join(lines[split : node.end_lineno])
        out.append(
            f"{head}{indent}### BEGIN SOLUTION\n{body.rstrip()}\n{indent}"
            "### END SOLUTION\n"
        )
    return "\n\n".join(out).rstrip("\n")


def _solutions(path):
    """The book's starter cells (with their solutions), by cell id."""
    nb = json.loads(Path(path).read_text(encoding="utf-8"))
    return {
        c["id"]: "".join(c["source"])
        for c in nb["cells"]
        if "starter" in c.get("metadata", {}).get("tags", [])
    }


def _code(source, cell_id, metadata):
    cell = exercises._code_cell(source, cell_id)
    cell["metadata"] = metadata
    return cell


def source_notebook(path):
    """The nbgrader source notebook of one chapter's exercises."""
    edition = exercises.build(path)
    solutions = _solutions(path)
    cells = edition["cells"]
    heading = next(
        k
        for k, c in enumerate(cells)
        if c["cell_type"] == "markdown"
        and re.search(r"^## Exercises", "".join(c["source"]), re.M)
    )
    setup = [c for c in cells[:heading] if c["cell_type"] == "code"][:2]
    out = [copy.deepcopy(cells[0]), *copy.deepcopy(setup)]
    first = "".join(cells[heading]["source"])
    first = first[re.search(r"^## Exercises", first, re.M).start() :]
    cells = [dict(cells[heading], source=first), *cells[heading + 1 :]]
    for cell in cells:
        source = "".join(cell["source"])
        tags = cell.get("metadata", {}).get("tags", [])
        answer = ANSWER.match(source)
        if "starter" in tags:
            out.append(
                _code(
                    with_markers(solutions[cell["id"]]),
                    cell["id"],
                    _meta(f"{cell['id']}-code", solution=True),
                )
            )
        elif "check" in tags:
            test = re.sub(r"^(lc\.check\.exercise\()", r"assert \1", source, flags=re.M)
            out.append(
                _code(
                    test,
                    cell["id"],
                    _meta(cell["id"], grade=True, locked=True, points=1),
                )
            )
        elif answer:
            answer_id = answer[1]
            name = "answer_" + answer_id.replace("-", "_")
            right = sorted(accepted(ANSWERS[answer_id]))[0].replace(",", " ")
            out.append(
                _code(
                    f"### BEGIN SOLUTION\n{name} = {right!r}\n### END SOLUTION",
                    f"{answer_id}-answer",
                    _meta(f"{answer_id}-answer", solution=True),
                )
            )
            out.append(
                _code(
                    f'assert lc.check.answer("{answer_id}", {name})',
                    f"{answer_id}-test",
                    _meta(f"{answer_id}-test", grade=True, locked=True, points=1),
                )
            )
        elif cell["cell_type"] == "markdown":
            out.append(copy.deepcopy(cell))
    metadata = {
        "kernelspec": {
            "display_name": "Python 3",
            "language": "python",
            "name": "python3",
        },
        "language_info": {"name": "python"},
    }
    return {"cells": out, "metadata": metadata, "nbformat": 4, "nbformat_minor": 5}


def write_course(outdir, chapters=None):
    """Write nbgrader's course folder: its config and one source assignment per
    chapter (``chNN``); return the notebooks written."""
    outdir = Path(outdir)
    own_checks.load(chapters)
    outdir.mkdir(parents=True, exist_ok=True)
    (outdir / "nbgrader_config.py").write_text(CONFIG, encoding="utf-8")
    written = []
    for path in chapters or config.chapter_paths():
        target = outdir / "source" / f"ch{Path(path).name[:2]}" / Path(path).name
        target.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(source_notebook(path), indent=1, ensure_ascii=False)
        target.write_text(text + "\n", encoding="utf-8")
        written.append(target)
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "outdir", type=Path, nargs="?", default=Path("_build/assignments/nbgrader")
    )
    args = parser.parse_args(argv)
    for path in write_course(args.outdir):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
