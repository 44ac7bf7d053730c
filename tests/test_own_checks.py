"""An instructor's own exercise, registered in a notebook cell as the teaching and
API pages say, builds: the exercise edition states what its check compares and
gets its answer cell, and the site's answer keys include it (issue 30)."""

import json

import pytest

import linclass as lc
from linclass.check import _core
from tools.book import exercises, own_checks, site_assets

REGISTER = """import numpy as np
import linclass as lc


def normalise_cases():
    vectors = [np.array([3.0, 4.0]), np.array([0.0, -2.0, 0.0])]
    return [
        lc.check.Case(f"a vector of length {len(v)}", (v,), v / np.linalg.norm(v))
        for v in vectors
    ]


lc.check.register_exercise("ex-my-ch1-normalise", "normalising a vector",
                           normalise_cases, replace=True)
lc.check.register_answer("ex-my-ch1-normalise-b", "the norm of (6, 8)", "number",
                         10.0, replace=True)
lc.check.register_mistakes("ex-my-ch1-normalise-b", [(14.0, "that is |6| + |8|.")])
"""


def _cell(kind, source, tags=()):
    cell = {"cell_type": kind, "id": f"c{abs(hash(source)) % 10**8}", "metadata": {}}
    cell["source"] = source.splitlines(keepends=True)
    if tags:
        cell["metadata"]["tags"] = list(tags)
    if kind == "code":
        cell |= {"execution_count": None, "outputs": []}
    return cell


def _chapter(tmp_path, register=REGISTER):
    cells = [
        _cell("markdown", "# 1. Mine"),
        _cell("code", register),
        _cell(
            "markdown",
            "```{exercise}\n:label: ex-my-ch1-normalise\n\n(a) Write normalise(v).\n\n"
            "(b) What is the norm of (6, 8)?\n\n"
            '<div class="lc-answer" data-answer="ex-my-ch1-normalise-b"></div>\n```\n\n'
            "````{solution-start} ex-my-ch1-normalise\n:class: dropdown\n````",
        ),
        _cell(
            "code",
            'def normalise(v):\n    """v / ||v||."""\n    return v / np.linalg.norm(v)',
            ["starter"],
        ),
        _cell("code", 'lc.check.exercise("ex-my-ch1-normalise", normalise)', ["check"]),
        _cell("markdown", "````{solution-end}\n````"),
    ]
    nb = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path = tmp_path / "01_mine.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    return path


@pytest.fixture
def registries():
    saved = [(r, dict(r)) for r in (_core.EXERCISES, _core.ANSWERS, _core.HINTS)]
    yield
    for registry, content in saved:
        registry.clear()
        registry.update(content)


def test_an_exercise_registered_in_a_cell_builds(tmp_path, registries):
    path = _chapter(tmp_path)
    (written,) = exercises.write_all(tmp_path / "out", chapters=[path])
    sources = ["".join(c["source"]) for c in json.loads(written.read_text())["cells"]]
    check = next(s for s in sources if "lc.check.exercise(" in s)
    assert check.startswith("# The check compares a 1-d array"), check
    assert any(
        s.startswith('lc.check.answer("ex-my-ch1-normalise-b", ...)  # the norm')
        for s in sources
    ), sources
    assert lc.check.answer("ex-my-ch1-normalise-b", 14).message.endswith(
        "not yet: that is |6| + |8|."
    )


def test_its_answer_key_reaches_the_site(tmp_path, registries):
    path = _chapter(tmp_path)
    target = site_assets.write_answers(tmp_path, chapters=[path])
    text = target.read_text(encoding="utf-8")
    assert '"ex-my-ch1-normalise-b"' in text and "that is |6| + |8|." in text
    assert site_assets.answer_hash("ex-my-ch1-normalise-b", "10.000") in text


def test_a_cell_that_does_not_run_alone_is_named(tmp_path, registries):
    path = _chapter(
        tmp_path,
        register=REGISTER.replace("import numpy as np\n", "").replace(
            "v / np.linalg", "v / numpy.linalg"
        ),
    )
    with pytest.raises(own_checks.RegistrationError, match=r"01_mine.ipynb, cell c"):
        exercises.write_all(tmp_path / "out", chapters=[path])


def test_a_check_no_cell_registers_is_named(tmp_path, registries):
    path = _chapter(tmp_path, register="x = 1\n")
    with pytest.raises(ValueError, match=r"01_mine.ipynb: lc.check.exercise\("):
        exercises.write_all(tmp_path / "out", chapters=[path])
