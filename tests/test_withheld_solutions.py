"""withhold_solutions in _config.yml: the worked solutions of the chapters it names
are left out of the chapter's page (so of the PDF printed from it), of the served
notebooks and of the exercise edition's pointer to them (issue 30)."""

import json

import pytest
from sphinx.application import Sphinx

from tools.book import config, exercises

SOLUTIONS = "A WORKED SOLUTION"
GATED = "A GATED SOLUTION"


def _nb(cells):
    return {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def _md(k, text):
    return {"cell_type": "markdown", "id": f"m{k}", "metadata": {}, "source": text}


def _code(k, text):
    return {
        "cell_type": "code",
        "id": f"c{k}",
        "metadata": {},
        "source": text,
        "execution_count": None,
        "outputs": [],
    }


CELLS = [
    _md(0, "# 1. Chapter one"),
    _md(
        1,
        "```{exercise}\n:label: ex-one\n\nShow it.\n```\n\n```{solution} ex-one\n"
        f":class: dropdown\n\n{SOLUTIONS}.\n```\n\nThe text goes on.",
    ),
    _md(
        2,
        "```{exercise}\n:label: ex-two\n\nCode it.\n```\n\n"
        "````{solution-start} ex-two\n:class: dropdown\n````\n\n" + GATED + ".",
    ),
    _code(3, "gated_code = 1"),
    _md(4, "````{solution-end}\n````\n\nAfter the exercises."),
]


def _project(tmp_path, withheld):
    (tmp_path / "chapters").mkdir()
    chapter = tmp_path / "chapters" / "01_one.ipynb"
    chapter.write_text(json.dumps(_nb(CELLS)), encoding="utf-8")
    (tmp_path / "_config.yml").write_text(
        f"withhold_solutions: {json.dumps(withheld)}\n", encoding="utf-8"
    )
    (tmp_path / "index.md").write_text(
        "# Book\n\n```{toctree}\nchapters/01_one\n```\n", encoding="utf-8"
    )
    (tmp_path / "conf.py").write_text(
        "extensions = ['myst_nb', 'sphinx_exercise']\n"
        "nb_execution_mode = 'off'\n"
        "myst_enable_extensions = ['colon_fence']\n"
        "from tools.book.sphinx_book import _withhold_solutions\n"
        "def setup(app):\n"
        "    app.connect('doctree-read', _withhold_solutions)\n",
        encoding="utf-8",
    )
    return chapter


def _page(tmp_path):
    out = tmp_path / "_build"
    app = Sphinx(
        tmp_path,
        tmp_path,
        out,
        out / ".doctrees",
        "html",
        status=None,
        warning=None,
        freshenv=True,
    )
    app.build()
    return (out / "chapters" / "01_one.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("withheld", [[1], "all"])
def test_a_withheld_chapter_page_has_no_solution(tmp_path, withheld, monkeypatch):
    monkeypatch.syspath_prepend(str(config.ROOT))
    _project(tmp_path, withheld)
    page = _page(tmp_path)
    assert "The text goes on" in page and "After the exercises" in page
    assert SOLUTIONS not in page and GATED not in page and "gated_code" not in page
    assert "Show it." in page and "Code it." in page


def test_other_chapters_keep_their_solutions(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(config.ROOT))
    _project(tmp_path, [])
    page = _page(tmp_path)
    assert SOLUTIONS in page and GATED in page and "gated_code" in page


def test_the_served_notebook_leaves_them_out_too():
    cells = exercises.without_solutions(CELLS)
    text = json.dumps(cells)
    assert SOLUTIONS not in text and GATED not in text and "gated_code" not in text
    assert "The text goes on" in text and "After the exercises" in text
    assert "Show it." in text and "Code it." in text


def test_the_exercise_edition_says_they_are_withheld(tmp_path, monkeypatch):
    chapter = _project(tmp_path, [1])
    assert not config.is_withheld(chapter)  # the book itself withholds none
    shown = "".join(exercises._intro(chapter, 1)["source"])
    assert "The worked solutions are in the chapter on the course site" in shown
    monkeypatch.setattr(config, "ROOT", tmp_path)
    shown = "".join(exercises._intro(chapter, 1)["source"])
    assert "solutions of this chapter are not published this term" in shown
    edition = json.dumps(exercises.build(chapter))
    assert SOLUTIONS not in edition and GATED not in edition


@pytest.mark.parametrize("value", [[7], ["2"], "some", [True]])
def test_a_wrong_setting_is_named(tmp_path, value):
    _project(tmp_path, value)
    with pytest.raises(ValueError, match="withhold_solutions must be a list"):
        config.withheld_chapters(tmp_path)
