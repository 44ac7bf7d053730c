"""The chapters' slideshow metadata (tools/book/slideshow.py), for jupyterlab-rise."""

import json

import pytest

from tools.book import config, setup_cell, slideshow

CHAPTERS = config.chapter_paths()


def _md(text):
    return {"cell_type": "markdown", "metadata": {}, "source": [text]}


@pytest.mark.parametrize(
    "cell, kind",
    [
        (_md("# Title\n\ntext"), "slide"),
        (_md("## Section"), "slide"),
        (_md("### Sub-section\nmore"), "subslide"),
        (_md("#### Paragraph heading"), None),
        (_md("Prose with a # in it"), None),
        (_md("Text\n\n## A section inside a cell"), "slide"),
        (_md("```{prf:theorem} Novikoff\n:label: thm\n```"), "subslide"),
        (_md(":::{exercise}\n:label: ex\n:::"), "subslide"),
        ({"cell_type": "code", "metadata": {}, "source": ["# a comment"]}, None),
        (setup_cell.cell(), "skip"),
    ],
)
def test_slide_type_follows_the_headings(cell, kind):
    assert slideshow.slide_type(cell) == kind


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_chapter_carries_its_slideshow_metadata(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert slideshow.with_metadata(nb) == nb, (
        f"{path.name}: slideshow metadata stale; run python -m tools.book.slideshow "
        "--write"
    )
    kinds = [c["metadata"].get("slideshow", {}).get("slide_type") for c in nb["cells"]]
    assert kinds[0] == "slide", "the chapter's title cell opens the slideshow"
    assert kinds.count("slide") + kinds.count("subslide") >= 8
    assert nb["metadata"]["rise"] == {"scroll": True}


def test_setup_cell_is_skipped_in_the_slideshow():
    assert setup_cell.cell()["metadata"]["slideshow"] == {"slide_type": "skip"}
