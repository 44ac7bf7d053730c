"""Hygiene of the chapter notebooks: committed clean, all in the book, one import."""

import json
import re

import pytest
from book_toc import ROOT, toc_entries

from tools.book import setup_cell

CHAPTERS = sorted((ROOT / "chapters").glob("*.ipynb"))


def test_there_are_chapters():
    assert len(CHAPTERS) >= 1, "no notebook found in chapters/"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_notebook_committed_without_outputs(path):
    nb = json.loads(path.read_text())
    dirty = [
        i
        for i, cell in enumerate(nb["cells"])
        if cell["cell_type"] == "code"
        and (cell.get("outputs") or cell.get("execution_count") is not None)
    ]
    assert not dirty, (
        f"{path.name}: cells {dirty} have outputs or execution counts; "
        "clear them before committing (Jupyter: Edit > Clear Outputs of All Cells)"
    )
    assert "widgets" not in nb.get("metadata", {}), (
        f"{path.name} carries saved widget state in its metadata; remove it"
    )


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_notebook_starts_with_the_setup_cell_then_imports_linclass(path):
    nb = json.loads(path.read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert len(code) >= 2, f"{path.name} has fewer than two code cells"
    assert code[0] == setup_cell.cell(), (
        f"{path.name}: the first code cell is not the current setup cell; "
        "run `python -m tools.book.setup_cell --write`"
    )
    assert "import linclass as lc" in "".join(code[1]["source"]), (
        f"{path.name}: the second code cell must import linclass as lc"
    )


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.name)
def test_notebook_needs_no_book_tooling(path):
    # A chapter must run in Colab or Binder, where none of the book's tools exist.
    nb = json.loads(path.read_text())
    tooling = re.compile(
        r"^\s*(from|import)\s+(myst_nb|sphinx\w*|jupyter_book)\b", re.M
    )
    offenders = [
        "".join(c["source"]).strip().splitlines()[0]
        for c in nb["cells"]
        if c["cell_type"] == "code" and tooling.search("".join(c["source"]))
    ]
    assert not offenders, f"{path.name} imports book tooling: {offenders}"


def test_every_chapter_is_in_the_toc_and_every_toc_entry_exists():
    toc = toc_entries()
    listed = {f for f in toc if f.startswith("chapters/")}
    present = {f"chapters/{p.stem}" for p in CHAPTERS}
    assert present <= listed, f"notebooks missing from _toc.yml: {present - listed}"
    for entry in toc:
        candidates = [ROOT / f"{entry}{ext}" for ext in (".md", ".ipynb")]
        assert any(c.exists() for c in candidates), f"_toc.yml lists {entry}, not found"
