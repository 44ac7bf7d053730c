"""The print edition that `make book` prints: _build/pdf/linear-classifiers.pdf.

Read back: every part of the table of contents in order, Novikoff's theorem and
Fisher's 1936 coefficients, no raw TeX, one contact sheet per player, the
solutions closing each chapter, every figure, page numbers, a plausible length.
The text is PDFium's (pypdfium2: a second for the whole book, where pypdf's pure
Python extraction takes twenty); the structure, outline and links are pypdf's.
Text is compared without white space: where a line is set tight (the contents)
PDFium's text may have no space between words.
"""

import html
import re

import pypdfium2
import pytest
from book_toc import ROOT
from bs4 import BeautifulSoup
from pypdf import PdfReader

from tools.book import pdf as printer
from tools.book.pdf import OUT, SITE_COPY
from tools.book.print_edition import article, sections_of, title_of, toc_pages

HTML = ROOT / "_build" / "html"
# Fisher (1936), Annals of Eugenics 7, p. 184: his lambda, then the same
# discriminant rescaled so that the sepal-length coefficient is 1 (chapter 5
# recomputes both from the raw measurements and prints them).
FISHER_1936 = ("0.0311511", "0.1839075", "0.2221044", "0.3147370")
FISHER_1936_RESCALED = ("5.9037", "7.1299", "10.1036")
# 148 A4 pages on 2026-11-23: about 15 pages per chapter (code, figures, contact
# sheets, solutions), 30 of API reference. Far below: parts lost or cut to a page;
# far above: a page per screen-height or per figure.
PAGES = (100, 300)
# Printing the book takes half a minute of one core: `make test-slow` reads it back.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def pdf():
    # `make pdf`'s step, here rather than before pytest: a stale PDF is re-printed
    # (half a minute of one core) while the other worker runs other tests.
    try:
        printer.main(["--if-stale"])
    except SystemExit as stop:
        pytest.fail(str(stop))
    if not (ROOT / OUT).is_file():
        pytest.fail(f"no {OUT}: run `make book` (or `make pdf`) first")
    reader = PdfReader(ROOT / OUT)
    document = pypdfium2.PdfDocument(ROOT / OUT)
    try:
        texts = [
            page.get_textpage().get_text_bounded().replace("\r\n", "\n")
            for page in document
        ]
    finally:
        document.close()
    assert len(texts) == len(reader.pages)
    return reader, texts, re.sub(r"\s+", " ", "\n".join(texts))


def _pages():
    """Each page of the table of contents: its built article."""
    return {
        page: article((HTML / page).read_text(encoding="utf-8"), page)
        for page in toc_pages(ROOT)
    }


def _title(body, page):
    plain = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", title_of(body, page)))
    return plain.strip()


def _starts(text, pages):
    """Where each part starts in ``_plain(text)``: its title, after the cover and the
    contents list."""
    text = _plain(text)
    where = text.index("Contents") + len("Contents")
    for page, body in pages.items():  # past the titles of the contents list
        where = text.find(_plain(_title(body, page)), where)
        assert where >= 0, f"{page}: not in the contents list"
    starts = {}
    for page, body in pages.items():
        found = text.find(_plain(_title(body, page)), where)
        assert found >= 0, f"{page}: title {_title(body, page)!r} not in order"
        starts[page] = where = found
    return starts


def test_the_site_serves_this_pdf(pdf):
    assert (ROOT / SITE_COPY).read_bytes() == (ROOT / OUT).read_bytes()


def test_every_part_in_toc_order(pdf):
    _, _, text = pdf
    starts = _starts(text, _pages())
    assert list(starts.values()) == sorted(starts.values())


def test_novikoff_and_fishers_numbers(pdf):
    _, _, text = pdf
    assert "Novikoff" in text
    missing = [x for x in FISHER_1936 + FISHER_1936_RESCALED if x not in text]
    assert not missing, f"Fisher's 1936 coefficients missing: {missing}"


def test_maths_is_typeset(pdf):
    _, _, text = pdf
    # (TeX inside code, such as matplotlib labels, is printed as it is written)
    for raw in ("\\(", "\\)", "$$", "\\frac"):
        assert raw not in text, f"raw TeX {raw!r} in the PDF"


def test_every_player_is_a_contact_sheet(pdf):
    _, _, text = pdf
    players = sum(body.count('class="lc-player"') for body in _pages().values())
    sheets = re.findall(r"Key\s*frames\s*\((\d+)\s*of\s*(\d+)\)", text)
    assert players > 0 and len(sheets) == players, (players, sheets)
    for shown, total in sheets:
        assert 2 <= int(shown) <= 6, sheets
        # Each printed frame carries its caption: "frame k / n: ...".
        captions = re.findall(rf"frame\s*(\d+)\s*/\s*{total}:", text)
        assert len(captions) >= int(shown), (total, captions)


def test_solutions_close_each_chapter(pdf):
    _, _, text = pdf
    text, pages = _plain(text), _pages()
    starts = _starts(text, pages)
    ends = list(starts.values())[1:] + [len(text)]
    chapters = [p for p in pages if p.startswith("chapters/")]
    for k, page in enumerate(chapters, start=1):
        n_solutions = pages[page].count('class="solution')
        if not n_solutions:
            continue
        chapter = text[starts[page] : ends[list(starts).index(page)]]
        heading = _plain(f"Solutions to chapter {k} exercises")
        assert heading in chapter, f"{page}: no {heading!r}"
        exercises, appendix = chapter.split(heading)
        assert appendix.count("Solutionto") == n_solutions, page
        assert "Solutionto" not in exercises, f"{page}: a solution left in place"


def test_every_figure_is_printed(pdf):
    reader, _, _ = pdf
    figures = set()
    for body in _pages().values():
        figures |= set(re.findall(r'src="[^"]*_images/([^"]+)"', body))
    images = sum(_count_images(page.get("/Resources")) for page in reader.pages)
    # every figure once, plus the frames of the contact sheets
    assert images >= len(figures) > 0, (images, len(figures))


def _count_images(resources):
    if not resources or "/XObject" not in resources:
        return 0
    count = 0
    for ref in resources["/XObject"].get_object().values():
        obj = ref.get_object()
        if obj.get("/Subtype") == "/Image":
            count += 1
        elif obj.get("/Subtype") == "/Form":
            count += _count_images(obj.get("/Resources"))
    return count


def test_page_numbers_and_length(pdf):
    reader, texts, text = pdf
    n = len(reader.pages)
    assert PAGES[0] <= n <= PAGES[1], f"{n} pages"
    for k in (1, n // 2, n):
        number = rf"(?<!\d){k}\s*/\s*{n}(?!\d)"
        assert re.search(number, texts[k - 1]), f"page {k} has no number"
    # A page holds at most ~4000 characters at 10 pt; an average near that or
    # near nothing means overflowing or empty pages.
    assert 500 <= len(text) / n <= 4000, len(text) / n


# The print edition as a reader of a screen reader or of bookmarks meets it: a
# tagged PDF (PDF/UA's first requirements, checked here in place of veraPDF, which
# needs Java: a structure tree, marked content, the language, the title, alt text
# on every figure), bookmarks for every part and section, a contents with page
# numbers, and links that stay inside the book.


@pytest.fixture(scope="module")
def structure(pdf):
    """The structure tree: how many elements of each type, and the figures."""
    reader, _, _ = pdf
    kinds, figures = {}, []
    stack = [reader.trailer["/Root"]["/StructTreeRoot"]]
    while stack:
        node = stack.pop()
        kind = node.get("/S")
        kinds[kind] = kinds.get(kind, 0) + 1
        kids = node.get("/K", [])
        kids = [k.get_object() for k in (kids if isinstance(kids, list) else [kids])]
        kids = [k for k in kids if hasattr(k, "get") and "/S" in k]
        if kind == "/Figure":
            figures.append((node.get("/Alt"), [k.get("/Alt") for k in kids]))
        stack += kids
    return kinds, figures


def test_the_pdf_is_tagged_with_language_and_title(pdf, structure):
    reader, _, _ = pdf
    catalog = reader.trailer["/Root"]
    assert "/StructTreeRoot" in catalog, "untagged: no structure tree"
    assert bool(catalog["/MarkInfo"]["/Marked"]), "not marked as tagged"
    assert catalog["/Lang"] == "en"
    assert reader.metadata.title == "Linear Classifiers"
    kinds, _ = structure
    for kind in ("/H1", "/H2", "/P", "/L", "/LI", "/Table", "/Figure", "/Link"):
        assert kinds.get(kind, 0) > 0, f"no {kind} in the structure tree"
    assert kinds["/H1"] == 1 + len(toc_pages(ROOT))  # the cover, then each part


def test_every_figure_has_alt_text(structure):
    _, figures = structure
    assert len(figures) >= 50
    # An HTML <figure> is a Figure holding its image's Figure (with the alt text)
    # and its Caption: then the alt text is on the inner one.
    bare = [k for k, (alt, inner) in enumerate(figures) if not alt and not any(inner)]
    assert not bare, f"{len(bare)} figures without alt text"


_LIGATURES = str.maketrans({"\ufb00": "ff", "\ufb01": "fi", "\ufb02": "fl"})


def _plain(text):
    """Text as compared here: no ligatures, no white space (lines break anywhere)."""
    return re.sub(r"\s+", "", text.translate(_LIGATURES))


def _outline(reader, items=None):
    """The bookmarks as ``[(title, page from 1, children)]``."""
    out = []
    for item in reader.outline if items is None else items:
        if isinstance(item, list):
            title, page, _ = out[-1]
            out[-1] = (title, page, _outline(reader, item))
        else:
            page = reader.get_destination_page_number(item) + 1
            out.append((re.sub(r"\s+", " ", item.title).strip(), page, []))
    return out


def test_bookmarks_are_the_parts_with_their_sections(pdf):
    reader, texts, _ = pdf
    pages = _pages()
    top = _outline(reader)
    titles = [_plain(_title(body, page)) for page, body in pages.items()]
    # The cover (with the contents under it), then each part in order.
    assert [_plain(t) for t, _, _ in top] == ["LinearClassifiers", *titles]
    assert [t for t, _, _ in top[0][2]] == ["Contents"]
    for (title, page, children), name in zip(top[1:], pages, strict=True):
        if name.startswith("chapters/"):
            assert len(children) >= 5, f"{title}: {len(children)} sections"
        assert _plain(title)[-12:] in _plain(texts[page - 1]), f"{title}: not on {page}"
        for sub, sub_page, _ in children:
            assert sub_page >= page, f"{sub} on page {sub_page}, before its chapter"


def _linear(node):
    """A MathML formula in the bookmarks' linear form: R^2, S_W, (a)/(b)."""
    kids = [_linear(k) for k in node.find_all(recursive=False)]

    def wrap(s):
        return f"({s})" if len(s) > 1 else s

    if node.name == "msup":
        return kids[0] + "^" + wrap(kids[1])
    if node.name == "msub":
        return kids[0] + "_" + wrap(kids[1])
    if node.name == "msubsup":
        return kids[0] + "_" + wrap(kids[1]) + "^" + wrap(kids[2])
    if node.name == "mfrac":
        return wrap(kids[0]) + "/" + wrap(kids[1])
    if node.name == "msqrt":
        return "sqrt(" + "".join(kids) + ")"
    return "".join(kids) if kids else node.get_text()


def _heading(title_html):
    """A heading as its bookmark reads: its text with single spaces, a formula in
    its linear form."""
    soup = BeautifulSoup(title_html, "html.parser")
    for formula in soup.find_all("math"):
        formula.replace_with(_linear(formula))
    return re.sub(r"\s+", " ", html.unescape(soup.get_text())).strip()


def test_bookmarks_read_like_the_contents(pdf):
    # Each part and section once, in order, with its spaces: Chromium's own titles
    # read a heading at a page break twice and join the words at a line break.
    top = _outline(pdf[0])
    pages = _pages()
    parts = [_heading(title_of(body, page)) for page, body in pages.items()]
    assert [t for t, _, _ in top] == ["Linear Classifiers", *parts]
    for (title, _, children), body in zip(top[1:], pages.values(), strict=True):
        sections = [_heading(t) for _, t in sections_of(body)]
        got = [t for t, _, _ in children]
        assert got[: len(sections)] == sections, title
        extra = got[len(sections) :]  # a chapter's solutions, after its sections
        assert len(extra) <= 1 and all(t.startswith("Solutions to") for t in extra)
    assert "1.3. Signed distance" in [t for t, _, _ in top[2][2]]  # chapter 1


def test_contents_gives_the_pages_of_parts_and_sections(pdf):
    reader, texts, _ = pdf
    first_part = _outline(reader)[1][1]
    contents = "\n".join(texts[1 : first_part - 1])
    lines = [
        (m[1].strip(), int(m[2]))
        for m in re.finditer(r"^(.*\D)\s*(\d+)$", contents, re.M)
        if not re.fullmatch(r"\d+\s*/", m[1].strip())  # the page's own number
    ]
    # every part, and every section of the six chapters
    assert len(lines) >= len(toc_pages(ROOT)) + 6 * 5, len(lines)
    parts = [title for title, page, _ in _outline(reader)[1:]]
    assert [_plain(t) for t, _ in lines if _plain(t) in map(_plain, parts)] == [
        _plain(t) for t in parts
    ]
    # The number is the page where the heading is. (A title with a formula in it
    # reads differently in the page's text, hence a few may not be found.)
    absent = [
        (title, page)
        for title, page in lines
        if _plain(title) not in _plain(texts[page - 1])
    ]
    assert len(absent) <= 2, f"not on the page the contents gives: {absent}"


def test_cross_references_and_citations_are_internal_links(pdf):
    reader, _, _ = pdf
    dests = reader.named_destinations
    internal, outside = [], []
    for page in reader.pages:
        for annot in page.get("/Annots") or []:
            annot = annot.get_object()
            action = annot.get("/A")
            if action is not None and action.get("/S") == "/URI":
                outside.append(str(action["/URI"]))
            elif "/Dest" in annot:
                internal.append(str(annot["/Dest"]).lstrip("/"))
    assert not [u for u in outside if "127.0.0.1" in u or "localhost" in u]
    assert len(internal) >= 200
    assert all("/" + name in dests for name in internal)
    citations = [d for d in internal if d.startswith("references--")]
    cross = [d for d in internal if d.startswith("chapters-")]
    assert len(citations) >= 10 and len(cross) >= 50, (len(citations), len(cross))
