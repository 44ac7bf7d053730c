"""The exercise edition holds none of its chapter's solutions."""

import ast
import json
import re

import pytest
from exercise_sources import solution_cells

from linclass.check._core import compares_of
from tools.book import exercises
from tools.book.config import chapter_paths

SOLUTION = re.compile(r"^(`{3,})\{solution\}.*?^\1\s*$", re.M | re.S)
GATED = re.compile(r"^`{3,}\{solution-start\}.*?^`{3,}\{solution-end\}", re.M | re.S)


def _lines(text):
    """The substantive lines of a text: long enough to be a sentence or a formula."""
    return {line.strip() for line in text.splitlines() if len(line.strip()) >= 25}


def _solution_lines(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    markdown = "\n".join(
        "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"
    )
    prose = set()
    for pattern in (SOLUTION, GATED):
        for match in pattern.finditer(markdown):
            prose |= _lines(match.group(0))
    code = set()
    for cells in solution_cells(path).values():
        for c in cells:
            if c["cell_type"] != "code":
                prose |= _lines("".join(c["source"]))
            elif not {"starter", "check"} & set(c["metadata"].get("tags", [])):
                code |= _lines("".join(c["source"]))
            elif "starter" in c["metadata"].get("tags", []):
                code |= _lines(_body("".join(c["source"])))
    return prose, code


def _lines_outside_solutions(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    gated = {c["id"] for cells in solution_cells(path).values() for c in cells}
    markdown = "\n".join(
        "".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"
    )
    lines = _lines(GATED.sub("", SOLUTION.sub("", markdown)))
    for c in nb["cells"]:
        if c["cell_type"] == "code" and c["id"] not in gated:
            lines |= _lines("".join(c["source"]))
    return lines


def _body(source):
    """The lines of a starter cell that the learner must write (not the docstring)."""
    tree = ast.parse(source)
    lines = source.splitlines()
    out = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            out += lines[node.body[0].end_lineno : node.end_lineno]
    return "\n".join(out)


@pytest.mark.parametrize("path", chapter_paths(), ids=lambda p: p.name)
def test_exercise_edition_has_no_solution(path):
    edition = exercises.build(path)
    text = "\n".join("".join(c["source"]) for c in edition["cells"])
    prose, code = _solution_lines(path)
    assert prose or code, f"{path.name}: found no solution to look for"
    # A solution may repeat a line of the chapter's own text (a loop header, say);
    # only lines found nowhere else in the chapter count as leaked.
    elsewhere = _lines_outside_solutions(path)
    leaked = sorted((prose | code) - elsewhere & _lines(text))
    assert not leaked, (
        f"{path.name}: solution lines in the exercise edition: {leaked[:3]}"
    )
    assert "{solution" not in text, f"{path.name}: a solution directive is left"


@pytest.mark.parametrize("path", chapter_paths(), ids=lambda p: p.name)
def test_exercise_edition_has_a_starter_and_check_per_coding_exercise(path):
    edition = exercises.build(path)
    starters = [
        c for c in edition["cells"] if "starter" in c["metadata"].get("tags", [])
    ]
    checks = [c for c in edition["cells"] if "check" in c["metadata"].get("tags", [])]
    assert starters and checks, f"{path.name}: no coding exercise with a check"
    for c in starters:
        src = "".join(c["source"])
        assert "raise NotImplementedError" in src and '"""' in src, src[:200]
    # each check says, above its call, what it compares: the words of its verdicts
    for c in checks:
        lines = "".join(c["source"]).splitlines()
        for k, line in enumerate(lines):
            call = re.match(r'lc\.check\.exercise\("([^"]+)"', line)
            if call:
                said = f"# The check compares {compares_of(call[1])}."
                assert k and lines[k - 1] == said, lines


def test_state_compares_puts_the_comparison_above_each_call():
    source = '    lc.check.exercise("ex-ch5-fisher-code", f)\nprint(1)\n'
    assert exercises.state_compares(source) == (
        "    # The check compares a tuple (1-d array, float): numbers as float64 "
        'within rtol=1e-7, atol=1e-9.\n    lc.check.exercise("ex-ch5-fisher-code", f)'
        "\nprint(1)\n"
    )


def test_stub_keeps_signature_and_docstring_only():
    source = 'def f(x, y=1):\n    """Add."""\n    z = x + y\n    return z\n'
    stub = 'def f(x, y=1):\n    """Add."""\n    raise NotImplementedError'
    assert exercises.stub(source) == stub + "  # your code here"
    with pytest.raises(ValueError, match="docstring"):
        exercises.stub("def g():\n    return 1\n")


def test_blank_answers_hides_the_value_and_the_assert():
    source = 'assert lc.check.answer("ex-ch2-one-step-b", [w[0], w[1],\n  b])\n'
    assert exercises.blank_answers(source) == (
        'lc.check.answer("ex-ch2-one-step-b", ...)\n'
    )
