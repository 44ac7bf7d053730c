"""The exercise edition: every chapter without its solutions, with starters and checks.

For each chapter notebook this writes ``NN_name_exercises.ipynb``:

- the chapter's text and code, unchanged, up to its exercises;
- every solution removed, both the prose of ``{solution}`` blocks and everything
  between ``{solution-start}`` and ``{solution-end}``, except that
- a code cell tagged ``starter`` becomes a starter: each function keeps its
  signature and docstring, and its body becomes ``raise NotImplementedError``;
- a code cell tagged ``check`` is kept (``lc.check.exercise(...)`` calls), with the
  value of any ``lc.check.answer(id, value)`` call replaced by ``...``, and a comment
  above each ``lc.check.exercise`` call saying what its check compares (the types
  and tolerance, the same words as its verdicts);
- each answer box of the site (``<div class="lc-answer" data-answer="ID">``)
  becomes a code cell ``lc.check.answer("ID", ...)`` after its exercise.

    python -m tools.book.exercises OUTDIR
"""

from __future__ import annotations

import argparse
import ast
import copy
import json
import re
import sys
from pathlib import Path

from linclass.check._answers import form_of
from linclass.check._core import ANSWERS, EXERCISES, compares_of

from . import config, own_checks, setup_cell

FENCE = re.compile(r"^(`{3,}|:{3,})\{([\w:-]+)\}\s*(\S*)")
CHECK = re.compile(r'^(\s*)(?:assert )?lc\.check\.exercise\(\s*"([^"]+)"', re.M)
BOX = re.compile(r'^<div class="lc-answer" data-answer="([^"]+)"></div>\s*$')


def edition_name(path):
    """``02_perceptron.ipynb`` -> ``02_perceptron_exercises.ipynb``."""
    return f"{Path(path).stem}_exercises.ipynb"


def state_compares(source):
    """Put above each ``lc.check.exercise`` call a comment: what its check compares."""

    def comment(m):
        if m[2] not in EXERCISES:
            raise ValueError(
                f"lc.check.exercise({m[2]!r}, ...) names no registered exercise: "
                "register it with lc.check.register_exercise in a cell of the "
                "chapter (the API page's 'Adding a check of your own'), or in "
                "linclass/check/"
            )
        return f"{m[1]}# The check compares {compares_of(m[2])}.\n{m[0]}"

    return CHECK.sub(comment, source)


def _code_cell(source, cell_id, tags=()):
    cell = {
        "cell_type": "code",
        "execution_count": None,
        "id": cell_id,
        "metadata": {"tags": list(tags)} if tags else {},
        "outputs": [],
        "source": source.splitlines(keepends=True),
    }
    return cell


def _markdown_cell(source, cell_id):
    return {
        "cell_type": "markdown",
        "id": cell_id,
        "metadata": {},
        "source": source.splitlines(keepends=True),
    }


def stub(source):
    """Replace the body of every top-level function in ``source`` by a stub."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    out = []
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef):
            continue  # a starter cell holds functions only; anything else is solution
        first = node.body[0]
        has_doc = isinstance(first, ast.Expr) and isinstance(
            getattr(first, "value", None), ast.Constant
        )
        if not has_doc or not isinstance(first.value.value, str):
            raise ValueError(f"starter function {node.name!r} needs a docstring")
        start = (node.decorator_list[0] if node.decorator_list else node).lineno
        head = "".join(lines[start - 1 : first.end_lineno])
        indent = " " * first.col_offset
        out.append(f"{head}{indent}raise NotImplementedError  # your code here\n")
    if not out:
        raise ValueError("a cell tagged 'starter' defines no function")
    return "\n\n".join(out).rstrip("\n")


def blank_answers(source):
    """``lc.check.answer("id", value)`` -> ``lc.check.answer("id", ...)``."""
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    edits = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and ast.unparse(node.func) == "lc.check.answer"
            and len(node.args) == 2
        ):
            arg = node.args[1]
            edits.append(
                (arg.lineno, arg.col_offset, arg.end_lineno, arg.end_col_offset)
            )
    for l0, c0, l1, c1 in sorted(edits, reverse=True):
        head, tail = lines[l0 - 1][:c0], lines[l1 - 1][c1:]
        lines[l0 - 1 : l1] = [head + "..." + tail]
    # A check cell may assert what the book's own answer must pass; the edition
    # must not fail on the learner's untouched cell.
    text = "".join(lines)
    return re.sub(r"^assert (lc\.check\.)", r"\1", text, flags=re.M)


class _Gate:
    """Reads Markdown line by line and says which lines are outside the solutions:
    ``{solution}`` blocks, and everything between ``{solution-start}`` and
    ``{solution-end}`` (code cells too: :attr:`gated`)."""

    def __init__(self):
        self.gated = False  # inside solution-start ... solution-end
        self.skip_until = None

    def keep(self, line):
        fence = FENCE.match(line)
        if self.skip_until is not None:
            if line.strip() == self.skip_until:
                self.skip_until = None
            return False
        if fence and fence.group(2) == "solution":
            self.skip_until = fence.group(1)
            return False
        if fence and fence.group(2) in ("solution-start", "solution-end"):
            self.gated = fence.group(2) == "solution-start"
            self.skip_until = fence.group(1)
            return False
        return not self.gated


def without_solutions(cells):
    """A chapter's cells without its worked solutions, everything else as it is
    (for a chapter whose solutions ``_config.yml`` withholds)."""
    gate, out = _Gate(), []
    for cell in cells:
        if cell["cell_type"] != "markdown":
            if not gate.gated:
                out.append(cell)
            continue
        lines = "".join(cell["source"]).splitlines(keepends=True)
        kept = [line for line in lines if gate.keep(line)]
        text = re.sub(r"\n{3,}", "\n\n", "".join(kept)).strip()
        if text:
            out.append(dict(copy.deepcopy(cell), source=text.splitlines(keepends=True)))
    return out


class _Splitter:
    """Walks a chapter's cells, keeping the text and dropping the solutions."""

    def __init__(self, chapter):
        self.chapter = chapter
        self.cells = []
        self.gate = _Gate()
        self.n_new = 0

    @property
    def gated(self):
        return self.gate.gated

    def _new_id(self, kind):
        self.n_new += 1
        return f"ch{self.chapter}-{kind}-{self.n_new}"

    def markdown(self, cell):
        kept, boxes, exercise_fence = [], [], None
        for line in "".join(cell["source"]).splitlines(keepends=True):
            if not self.gate.keep(line):
                continue
            fence = FENCE.match(line)
            box = BOX.match(line.strip())
            if box:
                boxes.append(box.group(1))
                continue
            kept.append(line)
            if fence and fence.group(2) == "exercise":
                exercise_fence = fence.group(1)
            elif exercise_fence and line.strip() == exercise_fence:
                exercise_fence = None
                # The answer cells follow their own exercise, not the cell's end.
                self._flush(cell, kept, boxes)
                kept, boxes = [], []
        self._flush(cell, kept, boxes)

    def _flush(self, cell, lines, boxes):
        text = re.sub(r"\n{3,}", "\n\n", "".join(lines)).strip()
        if text:
            out = copy.deepcopy(cell)
            if self.cells and any(c.get("id") == out.get("id") for c in self.cells):
                out["id"] = self._new_id("text")  # a split cell needs a fresh id
            out["source"] = text.splitlines(keepends=True)
            self.cells.append(out)
        for answer_id in boxes:
            spec = ANSWERS.get(answer_id)
            # The comment says what is asked and in which form and precision.
            label = f"{spec.label}: {form_of(spec)}" if spec else ""
            self.cells.append(
                _code_cell(
                    f'lc.check.answer("{answer_id}", ...)  # {label}'.rstrip(),
                    self._new_id("answer"),
                )
            )

    def code(self, cell):
        tags = cell.get("metadata", {}).get("tags", [])
        if not self.gated:
            self.cells.append(copy.deepcopy(cell))
        elif "starter" in tags:
            src = stub("".join(cell["source"]))
            self.cells.append(_code_cell(src, cell["id"], ["starter"]))
        elif "check" in tags:
            src = state_compares(blank_answers("".join(cell["source"])))
            self.cells.append(_code_cell(src, cell["id"], ["check"]))


def _intro(path, chapter):
    page = f"{config.site_url()}{path.parent.name}/{path.stem}.html"
    where = (
        f"The worked solutions of this chapter are not published this term; the "
        f"chapter is on the course site, {page}"
        if config.is_withheld(path)
        else f"The worked solutions are in the chapter on the course site, {page}"
    )
    return _markdown_cell(
        f"**Exercise edition of chapter {chapter}.** This notebook is the chapter "
        "without its solutions. Each coding exercise has a starter cell (write the "
        "function, keep its name) followed by a check cell that runs your function "
        "on several data sets and tells you whether it is right; each short answer "
        "has a cell `lc.check.answer(..., ...)`: replace `...` by your answer and run "
        "it: a Python value (`-7/4`, `[4, -1, 0.5]`, `True` or `False`) or text in "
        'quotes (`"(9/10)^20"`, `"4 -1 0.5"`, `"2,5"`, `"yes"` or `"no"`); the comment '
        "says the form and precision. A wrong answer gets a hint: the mistake it "
        f"looks like, or how to find the answer. The checks run offline. {where}",
        f"ch{chapter}-exercise-edition",
    )


def build(path):
    """The exercise edition of one chapter notebook, as a notebook dict.

    The checks the chapter registers in its own cells must be registered first
    (:func:`own_checks.load`, as :func:`write_all` does).
    """
    nb = json.loads(Path(path).read_text(encoding="utf-8"))
    chapter = int(Path(path).name[:2])
    splitter = _Splitter(chapter)
    try:
        for cell in nb["cells"]:
            getattr(splitter, cell["cell_type"], splitter.cells.append)(cell)
    except ValueError as exc:
        raise ValueError(f"{Path(path).name}: {exc}") from None
    if splitter.gated:
        raise ValueError(f"{Path(path).name}: a solution-start has no solution-end")
    cells = splitter.cells
    cells.insert(1, _intro(Path(path), chapter))
    return setup_cell.serve(dict(nb, cells=cells))


def write_all(outdir, chapters=None):
    """Write the exercise edition of every chapter into ``outdir``; return paths."""
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    own_checks.load(chapters)  # an instructor's checks, registered in a cell
    for path in chapters or config.chapter_paths():
        target = outdir / edition_name(path)
        text = json.dumps(build(path), indent=1, ensure_ascii=False) + "\n"
        target.write_text(text, encoding="utf-8")
        written.append(target)
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(description="Write the exercise edition.")
    parser.add_argument("outdir", type=Path)
    args = parser.parse_args(argv)
    for target in write_all(args.outdir):
        print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
