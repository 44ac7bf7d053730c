"""Every notebook the site serves is portable: read as Markdown (what Jupyter, Colab,
VS Code and GitHub show), it holds no MyST syntax and holds the computed numbers.

The served notebooks are the chapter downloads (``_sources/chapters/*.ipynb``, behind
the download button) and the exercise edition (``_static/exercises/``); both are
written by ``tools.book.portable`` in ``make book``. nbconvert runs in-process.
"""

import json
import re

import pytest
from book_toc import ROOT

from tools.book import exercises, portable
from tools.book.config import chapter_paths

HTML = ROOT / "_build" / "html"
MYST = re.compile(
    r"\{glue|\{prf:|\{cite|\{ref\}|\{numref\}|\{doc\}|`{3,}\{|:::\{|^\([\w-]+\)="
)
GLUE = re.compile(r"\{glue(?::text)?\}`([^`]+)`")
SERVED = [
    (path, HTML / "_sources" / "chapters" / path.name) for path in chapter_paths()
] + [
    (path, HTML / "_static" / "exercises" / exercises.edition_name(path))
    for path in chapter_paths()
]


def _markdown(path):
    from nbconvert import MarkdownExporter

    body, _ = MarkdownExporter().from_filename(str(path))
    return body


def _expected_numbers(cells, executed):
    from myst_nb.core.variables import format_plain_text

    glue = portable._glue(executed)
    text = "\n".join(
        "".join(c["source"]) for c in cells if c["cell_type"] == "markdown"
    )
    out = set()
    for body in GLUE.findall(text):
        key, _, spec = body.partition(":")
        out.add(format_plain_text(glue[key], spec or "s"))
    return out


@pytest.mark.parametrize(("source", "served"), SERVED, ids=lambda p: p.name)
def test_served_notebook_reads_without_myst_and_with_the_numbers(source, served):
    if not served.exists():
        pytest.fail(f"{served} is missing: run `make book` first")
    md = _markdown(served)
    left = sorted(
        {m.group(0) for m in MYST.finditer(md)}
        | set(re.findall(r"^\(\S+\)=", md, re.M))
    )
    assert not left, f"{served.name}: MyST left in the Markdown: {left}"
    nb = json.loads(served.read_text(encoding="utf-8"))
    unreadable = {
        mimetype
        for cell in nb["cells"]
        for out in cell.get("outputs", [])
        for mimetype in out.get("data", {})
        if mimetype.startswith(portable.GLUE_RECORD) or mimetype == portable.WIDGET
    }
    assert not unreadable, f"{served.name}: outputs Jupyter cannot show: {unreadable}"
    if served.parent.name == "exercises":
        mystic = exercises.build(source)["cells"]
    else:
        mystic = json.loads(source.read_text(encoding="utf-8"))["cells"]
    executed = portable.EXECUTED / source.name
    numbers = _expected_numbers(mystic, executed)
    assert numbers or "exercises" in served.name, f"{source.name} glues nothing?"
    missing = sorted(n for n in numbers if n not in md)
    assert not missing, f"{served.name}: computed values missing: {missing[:5]}"
    assert "## References" in md and "(" in md
    assert "".join(nb["cells"][-1]["source"]).startswith("## References")


@pytest.mark.parametrize("source", chapter_paths(), ids=lambda p: p.name)
def test_exercise_starters_and_checks_are_unchanged_by_the_conversion(source):
    served = HTML / "_static" / "exercises" / exercises.edition_name(source)
    nb = json.loads(served.read_text(encoding="utf-8"))

    def tagged(cells):
        return [
            (c["id"], "".join(c["source"]))
            for c in cells
            if c["cell_type"] == "code"
            and {"starter", "check"} & set(c["metadata"].get("tags", []))
        ]

    before = tagged(exercises.build(source)["cells"])
    assert before, f"{source.name}: no starter or check cell"
    assert tagged(nb["cells"]) == before


def test_chapter_numbers_links_figures_and_citations():
    md = _markdown(HTML / "_sources" / "chapters" / "03_convergence.ipynb")
    site = portable.config.site_url()
    assert re.search(r"\*\*Theorem 3\.1\*\* \(", md)
    assert re.search(r"\*\*Exercise 3\.1\*\*", md)
    assert re.search(r"\(Novikoff 1962[;)]", md)
    assert re.search(r"- Novikoff, Albert B\. J\. \(1962\)\. On Convergence Proofs", md)
    assert f"]({site}chapters/" in md, "cross-references must link the site"
    assert re.search(r"\*\*Fig\. 3\.1\.\*\* \S", md) and "*Figure description:*" in md


def test_converter_on_a_small_myst_text(tmp_path):
    conv = portable.Converter(ROOT / "chapters" / "02_perceptron.ipynb", {"n": "30"})
    text = conv.markdown(
        "On {glue:text}`n` points {cite}`novikoff1962`, "
        "see {numref}`ex-ch2-one-step`.\n"
        "```{prf:remark} Why\n:label: rem-x\n\nPlain $x$ text.\n```\n"
        "```{note}\nA note.\n```"
    )
    assert "On 30 points (Novikoff 1962), see [Exercise 2.1](" in text
    assert "> **Why**" not in text and '> <a id="rem-x"></a>**Remark' in text
    assert "> **Note**\n>\n> A note." in text
    assert not MYST.search(text)
