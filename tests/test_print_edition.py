"""The print edition's assembly (tools/book), on small hand-made pages."""

import os
import shutil

import pytest

from tools.book import pdf, pdf_link, print_edition

PAGES = {"intro.html", "chapters/02_b.html"}


def test_links_between_pages_point_inside_the_document():
    fragment = (
        '<h1 id="top">T</h1><a href="#top">here</a> <a href="02_b.html#ex-1">ex</a>'
        ' <a href="../intro.html">intro</a> <a href="../genindex.html">index</a>'
        ' <a href="https://example.org/x.html">out</a>'
    )
    out = print_edition.rewrite(fragment, "chapters/02_b.html", PAGES, "/html/")
    assert 'id="chapters-02_b--top"' in out
    assert 'href="#chapters-02_b--top"' in out
    assert 'href="#chapters-02_b--ex-1"' in out
    assert 'href="#intro"' in out
    assert "genindex" not in out  # a page outside the edition: no dead link
    assert 'href="https://example.org/x.html"' in out


def test_links_to_the_sites_files_point_at_the_published_site():
    fragment = (
        '<a href="../_static/exercises/02_b.ipynb">nb</a><img src="../_images/f.png">'
    )
    out = print_edition.rewrite(
        fragment, "chapters/02_b.html", PAGES, "/html/", "https://x.org/book/"
    )
    assert 'href="https://x.org/book/_static/exercises/02_b.ipynb"' in out
    assert 'src="/html/_images/f.png"' in out  # printed from the local site


def test_contents_lists_a_chapters_sections_with_their_targets():
    body = (
        '<h1>2. B</h1><section id="b--one">\n<h2><span>2.1. </span>One'
        '<a class="headerlink" href="#b--one">#</a></h2></section>'
        '<section id="b--two">\n<span id="b--sec-two"></span><h2>2.2. Two</h2>'
    )
    sections = print_edition.sections_of(body)
    assert sections == [("b--one", "<span>2.1. </span>One"), ("b--two", "2.2. Two")]
    entry = print_edition.contents_entry("b", "2. B", sections)
    assert entry.count('class="lc-toc-page"') == 3
    assert 'data-target="b--two"' in entry and "<ol>" in entry


def test_assets_resolve_against_the_site_and_players_keep_their_ids():
    fragment = (
        '<img src="../_images/f.png" alt="f"><img src="data:image/png;base64,AAAA">'
        '<div class="lc-player" id="lc-player-abc-1"></div>'
    )
    out = print_edition.rewrite(fragment, "chapters/02_b.html", PAGES, "/html/")
    assert 'src="/html/_images/f.png"' in out
    assert 'src="data:image/png;base64,AAAA"' in out
    assert 'id="lc-player-abc-1"' in out  # its script finds it by this id


def test_a_page_without_article_or_title_is_a_clear_error():
    with pytest.raises(ValueError, match="no <article"):
        print_edition.article("<html><body>nothing</body></html>", "x.html")
    with pytest.raises(ValueError, match="no <h1>"):
        print_edition.title_of("<p>no title</p>", "x.html")
    assert print_edition.title_of(
        '<h1><span>2. </span>B<a class="headerlink" href="#b">#</a></h1>', "b"
    ) == ("<span>2. </span>B")


@pytest.fixture
def book(tmp_path):
    """A two-page built site with the book's configuration."""
    root = tmp_path / "book"
    (root / "_build" / "html" / "_static").mkdir(parents=True)
    (root / "_config.yml").write_text("title: A Book\nauthor: Someone\n")
    (root / "_toc.yml").write_text(
        "root: intro\nparts:\n  - chapters:\n    - file: b\n"
    )
    for name, title in (("intro", "A Book"), ("b", "1. B")):
        (root / "_build" / "html" / f"{name}.html").write_text(
            f'<html><article class="bd-article"><h1>{title}</h1>'
            '<div class="solution">s</div></article></html>'
        )
    return root


def test_assemble_puts_the_parts_in_toc_order(book):
    doc = print_edition.assemble(book)
    assert doc.index('id="intro"') < doc.index('id="b"')
    assert "<title>A Book</title>" in doc and "Someone" in doc
    # the contents: a link per part, with a page number the printer fills in
    assert '<a href="#b"><span class="lc-toc-title">1. B</span>' in doc
    assert '<span class="lc-toc-page" data-target="b">000</span>' in doc


def test_assemble_without_a_built_site_says_what_to_do(book):
    shutil.rmtree(book / "_build")
    with pytest.raises(FileNotFoundError, match="run `make book`"):
        print_edition.assemble(book)


def _printed(book):
    """Record the PDF in place as printed from the current site."""
    (book / pdf.STAMP).write_text(
        f"{pdf._inputs_digest(book)}\n{pdf._sha(book / pdf.OUT)}\n"
    )


def test_the_pdf_is_stale_until_printed_and_again_when_a_page_changes(book):
    assert pdf.is_stale(book)  # not printed yet
    for path in (pdf.OUT, pdf.SITE_COPY):
        (book / path).parent.mkdir(parents=True, exist_ok=True)
        (book / path).write_bytes(b"%PDF")
    assert pdf.is_stale(book)  # no record of what it was printed from
    _printed(book)
    assert not pdf.is_stale(book)
    page = book / "_build" / "html" / "b.html"
    os.utime(page, (page.stat().st_mtime + 20,) * 2)  # rewritten, the same bytes
    assert not pdf.is_stale(book)
    page.write_text(page.read_text().replace("1. B", "1. Bee"))  # the site changed
    assert pdf.is_stale(book)
    _printed(book)
    (book / pdf.OUT).write_bytes(b"%PD")  # truncated: not the file printed
    assert pdf.is_stale(book)


def test_make_book_stops_serving_a_stale_pdf_and_the_site_says_so(book, monkeypatch):
    printed = []
    monkeypatch.setattr(pdf, "main", printed.append)
    lines = []
    pdf.for_book(book, say=lines.append)  # no PDF yet: printed at once
    assert printed == [["--browser-optional"]] and "printing" in lines[-1]
    for path in (pdf.OUT, pdf.SITE_COPY):
        (book / path).parent.mkdir(parents=True, exist_ok=True)
        (book / path).write_bytes(b"%PDF")
    _printed(book)
    page = book / "_build" / "html" / "b.html"
    page.write_text(page.read_text().replace("1. B", "1. Bee"))  # the site changed
    pdf.for_book(book, say=lines.append)  # printed from another site: withdrawn
    assert len(printed) == 1 and "no longer serves it" in lines[-1]
    assert "`make pdf` prints it" in lines[-1]
    assert not (book / pdf.SITE_COPY).exists() and (book / pdf.OUT).exists()
    status = (book / pdf.STATUS).read_text()
    assert status.startswith("window.LC_PDF_STALE = true;") and "being made" in status
    _printed(book)  # as make pdf leaves it (its copy is made by the next for_book)
    pdf.for_book(book, say=lines.append)
    assert len(printed) == 1 and "up to date" in lines[-1]
    assert "the site's copy restored" in lines[-2]
    assert (book / pdf.SITE_COPY).read_bytes() == (book / pdf.OUT).read_bytes()
    assert (book / pdf.STATUS).read_text().startswith("window.LC_PDF_STALE = false;")


def test_make_book_prints_again_a_pdf_that_is_not_the_one_printed(book, monkeypatch):
    printed = []
    monkeypatch.setattr(pdf, "main", printed.append)
    (book / pdf.OUT).parent.mkdir(parents=True, exist_ok=True)
    (book / pdf.OUT).write_bytes(b"%PDF-1.7 the whole book")
    _printed(book)
    (book / pdf.OUT).write_bytes(b"%PDF-1.7 the wh")  # a killed copy, say
    lines = []
    pdf.for_book(book, say=lines.append)
    assert "is not the file printed; removed" in lines[0]
    assert printed == [["--browser-optional"]] and "printing" in lines[1]


def test_the_download_menu_offers_the_book():
    group = {"label": "download-buttons", "buttons": []}
    context = {
        "header_buttons": [{"label": "launch-buttons"}, group],
        "pathto": lambda target, resource: f"../{target}",
    }
    pdf_link.add_book_pdf(None, "chapters/b", "page.html", context, None)
    [button] = group["buttons"]
    assert button["url"] == "../_static/" + pdf_link.PDF_NAME
    assert pdf.OUT.name == pdf_link.PDF_NAME
    # the status script, without the checksum add_js_file would give it
    assert context["metatags"].endswith(
        '<script src="../_static/lc-pdf-status.js"></script>'
    )
    assert pdf.STATUS.name == pdf_link.STATUS_JS


def test_without_a_browser_make_book_goes_on_and_make_pdf_stops(monkeypatch, capsys):
    monkeypatch.setenv("CHROMIUM", "/nonexistent/chromium")
    pdf.main(["--browser-optional"])  # make book: the site builds all the same
    assert "site's PDF link is broken" in capsys.readouterr().out
    with pytest.raises(SystemExit, match="CHROMIUM=/nonexistent/chromium"):
        pdf.main([])  # make pdf, make test: a clear error
    with pytest.raises(SystemExit, match="usage"):
        pdf.main(["--force"])


class _Printer:
    """A page that "prints" the pages its contents' targets land on, in turn."""

    def __init__(self, landings):
        self.landings, self.prints, self.filled = list(landings), [], []

    def evaluate(self, script, arg=None):
        if arg is None:  # the contents' targets
            return ["intro", "chapters-02_b"]
        self.filled.append(dict(arg))
        return []

    def pdf(self, tagged, outline, **layout):
        self.prints.append((tagged, outline))
        return self.landings.pop(0)

    def close(self):
        self.closed = True


@pytest.fixture
def landed(monkeypatch):
    # The "PDF" is the numbers themselves: page_numbers reads them back.
    monkeypatch.setattr(pdf, "page_numbers", dict)


def test_one_print_when_the_last_numbers_still_hold(landed):
    page = _Printer([{"intro": 3, "chapters-02_b": 9, "other": 1}])
    book, numbers, _ = pdf._print_numbered(
        lambda: page, {}, {"intro": 3, "chapters-02_b": 9}
    )
    assert numbers == {"intro": 3, "chapters-02_b": 9}
    assert page.prints == [(True, True)]  # the tagged book, at once
    assert page.filled == [numbers]


def test_a_moved_part_is_written_in_and_printed_again(landed):
    moved = {"intro": 3, "chapters-02_b": 10}
    page = _Printer([moved, moved])
    book, numbers, _ = pdf._print_numbered(
        lambda: page, {}, {"intro": 3, "chapters-02_b": 9}
    )
    assert numbers == moved and book == moved
    assert page.prints == [(True, True), (True, True)]
    assert page.filled[-1] == moved


def test_the_first_print_is_plain_and_only_tells_the_numbers(landed):
    found = {"intro": 3, "chapters-02_b": 9}
    page = _Printer([found, found])
    for guess in (None, {"intro": 3}):  # none, or another contents
        page.prints.clear()
        page.landings = [found, found]
        assert pdf._print_numbered(lambda: page, {}, guess)[1] == found
        assert page.prints == [(False, False), (True, True)]


def test_every_print_is_of_a_freshly_opened_book(landed):
    # Chromium prints a page printed before with a page break moved (a heading on
    # the next page, every second print): each print opens the book anew.
    moved = {"intro": 3, "chapters-02_b": 10}
    opened = []

    def fresh_page():
        opened.append(_Printer([moved]))
        return opened[-1]

    book, numbers, last = pdf._print_numbered(
        fresh_page, {}, {"intro": 3, "chapters-02_b": 9}
    )
    assert numbers == moved and last is opened[-1]
    assert [p.prints for p in opened] == [[(True, True)], [(True, True)]]
    assert getattr(opened[0], "closed", False) and opened[1].filled == [moved]


def test_numbers_that_move_again_stop_the_printer(landed):
    page = _Printer(
        [{"intro": 3, "chapters-02_b": 10}, {"intro": 4, "chapters-02_b": 10}]
    )
    with pytest.raises(RuntimeError, match="moved"):
        pdf._print_numbered(lambda: page, {}, {"intro": 3, "chapters-02_b": 9})


def test_a_contents_entry_without_a_page_stops_the_printer(landed):
    page = _Printer([{"intro": 3}])
    with pytest.raises(RuntimeError, match="chapters-02_b"):
        pdf._print_numbered(lambda: page, {}, {"intro": 3, "chapters-02_b": 9})
