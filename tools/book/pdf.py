"""Print the book to PDF with the Chromium that the browser tests use (no TeX).

``python -m tools.book.pdf [--if-stale] [--browser-optional]`` assembles the print
edition from the built site (see ``print_edition``), serves it on 127.0.0.1, waits
for its fonts, and prints it to ``_build/pdf/linear-classifiers.pdf`` with page
numbers; a copy goes into the site (``_build/html/_static/``), where the landing
page and the download menu link it. ``make pdf`` passes ``--if-stale``, and so does
``make test`` through its PDF tests (``tests/test_pdf.py`` re-prints a stale PDF
before reading it back, while the other worker runs other tests).

Stale means: the SHA-256 of the built pages and of the printer's own files differs
from the one stored when the PDF was printed (contents, not times). ``make book``
calls ``for_book``: it prints the PDF only when there is none (or the file is not
the one printed: its SHA-256 is stored too), since printing takes about a minute; a
PDF older than the site (a page or the site's address changed) is no longer served
(a fork never serves one naming the old address) and
``_static/lc-pdf-status.js`` makes the site's PDF links say it is being made, until
``make pdf`` prints it.

The PDF is tagged (a structure tree from the HTML: headings, paragraphs, lists,
tables, figures with their alt text), carries the document's language and title,
and has bookmarks from the headings, nested (Chromium's ``generateTaggedPDF`` and
``generateDocumentOutline``), titled as the headings read (``pdf_outline.py``). The
page numbers of the contents are written in place of placeholders as wide, so no
page break moves. They are those of the last print (kept in
``_build/pdf/.page-numbers.json``): the book is printed once with them, and pypdf
reads where each linked heading landed. When any moved (or on the first print) they
are written in again and the book printed a second time; that print must then agree
with its contents, or the printer stops. Every print is of the book opened afresh:
Chromium moves a page break of a page it has printed before.
"""

import hashlib
import io
import json
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

from tools.book.browser import CHROMIUM_ARGS, BrowserError, find_browser
from tools.book.local_server import serve
from tools.book.pdf_link import PDF_NAME, STATUS_JS
from tools.book.pdf_outline import HEADINGS, retitle
from tools.book.print_edition import HERE, assemble, toc_pages
from tools.book.steps import BuildLock, digest, write_atomic

ROOT = HERE.parents[1]
OUT = Path("_build", "pdf", PDF_NAME)
SITE_COPY = Path("_build", "html", "_static", PDF_NAME)
STAMP = Path("_build", "pdf", ".inputs.sha256")
NUMBERS = Path("_build", "pdf", ".page-numbers.json")  # the contents' last page numbers
# The files that decide how the pages are printed (not the rest of tools/book/).
PRINTER = (
    "pdf.py",
    "pdf_outline.py",
    "print_edition.py",
    "print.css",
    "print.js",
    "local_server.py",
)
STATUS = Path("_build", "html", "_static", STATUS_JS)
FOOTER = (
    '<div style="font-size:8pt;width:100%;text-align:center;color:#555">'
    '<span class="pageNumber"></span> / <span class="totalPages"></span></div>'
)
LOAD_TIMEOUT_MS = 300_000
HEADER = "<div></div>"  # no running head: the page number is in the footer
MARGINS = {"top": "16mm", "bottom": "18mm", "left": "15mm", "right": "15mm"}


def inputs(root):
    """What the PDF is made from: the built pages and this printer's own files."""
    built = Path(root) / "_build" / "html"
    return [built / page for page in toc_pages(root)] + [HERE / f for f in PRINTER]


def is_stale(root):
    """True when the PDF is missing or not the one printed, or its inputs' contents
    changed since it was printed."""
    root = Path(root)
    out, stamp = root / OUT, root / STAMP
    if not (out.is_file() and stamp.is_file()):
        return True
    key, *printed = stamp.read_text().split()
    return key != _inputs_digest(root) or not _is_printed(root)


def _sha(path):
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _is_printed(root):
    """The PDF is the file the printer wrote (not truncated or edited since); a
    record from before the printer stored the PDF's hash is trusted."""
    out, stamp = Path(root) / OUT, Path(root) / STAMP
    if not (out.is_file() and stamp.is_file()):
        return False
    printed = stamp.read_text().split()[1:]
    return not printed or printed == [_sha(out)]


def _inputs_digest(root):
    found = [p for p in inputs(root) if p.exists()]
    printer = [p for p in found if p.parent == HERE]
    pages = [p for p in found if p.parent != HERE]
    return digest(root, pages) + digest(HERE, printer)


def write_status(root, stale):
    """``_static/lc-pdf-status.js``: the site's PDF links say when it is stale."""
    script = f"window.LC_PDF_STALE = {json.dumps(bool(stale))};\n" + (
        HERE / "pdf_status.js"
    ).read_text(encoding="utf-8")
    _write_served(Path(root) / STATUS, script.encode("utf-8"))


# A page loading meanwhile (the browser tests run while the PDF tests print) gets
# the old file or the new, never half of one.
_write_served = write_atomic


def for_book(root, say=print):
    """``make book``'s step: print a missing PDF; stop serving a stale one (the
    site's links say it is being made) and leave it to ``make pdf``."""
    start = time.perf_counter()
    root = Path(root)
    out, copy = root / OUT, root / SITE_COPY
    if out.is_file() and not _is_printed(root):
        say(f"[book] print edition: {OUT} is not the file printed; removed")
        out.unlink()
    stale = is_stale(root)
    if stale and not out.is_file():
        say("[book] print edition: none yet, printing (about a minute) ...")
        main(["--browser-optional"])
        stale = is_stale(root)
    elif stale:
        copy.unlink(missing_ok=True)
        say(
            "[book] print edition: the site changed since it was printed, so the "
            "site no longer serves it and its links say it is being made: "
            "`make pdf` prints it (about a minute)"
        )
    else:
        if not copy.is_file() or copy.read_bytes() != out.read_bytes():
            _write_served(copy, out.read_bytes())
            say(f"[book] print edition: the site's copy restored from {OUT}")
        say(f"[book] print edition: up to date ({time.perf_counter() - start:.1f} s)")
    write_status(root, stale)


def chromium():
    """The browser the browser tests drive (``tools.book.browser`` finds it)."""
    return find_browser()


def print_pdf(root):
    """Write the PDF and its copy in the site; return the PDF's path."""
    from playwright.sync_api import sync_playwright

    root = Path(root)
    browser_path = chromium()  # before writing anything
    key = _inputs_digest(root)
    build = root / "_build"
    doc = build / "pdf" / "book.html"
    doc.parent.mkdir(parents=True, exist_ok=True)
    doc.write_text(assemble(root, site="/html/"), encoding="utf-8")
    problems = []
    with serve(build) as base, sync_playwright() as pw:
        url = f"{base}pdf/book.html"
        browser = pw.chromium.launch(executable_path=browser_path, args=CHROMIUM_ARGS)
        layout = {
            "format": "A4",
            "print_background": True,
            "display_header_footer": True,
            "header_template": HEADER,
            "footer_template": FOOTER,
            "margin": MARGINS,
        }
        out = root / OUT

        def fresh_page():
            # A new page for every print: Chromium lays out a page printed before a
            # little differently at a page break (a heading moved to the next page on
            # every second print of one book), so a second print of the same page
            # could disagree with the numbers the first one found.
            page = browser.new_page()
            _load(page, url, problems)
            return page

        pdf, numbers, page = _print_numbered(fresh_page, layout, _last_numbers(root))
        pdf = retitle(pdf, page.evaluate(HEADINGS))
        browser.close()
    write_atomic(out, pdf)
    write_atomic(root / NUMBERS, json.dumps(numbers, sort_keys=True) + "\n")
    _write_served(root / SITE_COPY, pdf)
    write_atomic(root / STAMP, f"{key}\n{_sha(out)}\n")
    write_status(root, stale=False)
    return out


def _load(page, url, problems):
    """Open the print edition in ``page`` with every picture, player and font."""
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"failed request: {r.url}"))
    page.on(
        "request",
        lambda r: (
            problems.append(f"request leaves the book: {r.url}")
            if urlparse(r.url).hostname not in ("127.0.0.1", None, "")
            and not r.url.startswith("data:")
            else None
        ),
    )
    # The whole book with its figures: minutes, not seconds, on a busy machine.
    page.goto(url, wait_until="load", timeout=LOAD_TIMEOUT_MS)
    # The players fetch their fixed layer and contact sheet when about to be
    # printed (or seen): ask them, then wait for every picture and the fonts.
    page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
    page.wait_for_function(
        "() => [...document.images].every(i => i.complete) && [...document"
        ".querySelectorAll('.lc-player')].every(p => p.dataset.lcAwake === '1')",
        timeout=LOAD_TIMEOUT_MS,
    )
    page.evaluate("() => document.fonts.ready")
    raw = page.evaluate(
        """() => [...document.querySelectorAll('.math')]
             .filter(e => !e.querySelector('math')).length"""
    )
    if raw:
        problems.append(f"{raw} formulas left untypeset")
    if problems:
        raise RuntimeError("print edition: " + "; ".join(problems[:5]))


def _last_numbers(root):
    """The contents' page numbers of the last print, or None."""
    try:
        return json.loads((Path(root) / NUMBERS).read_text())
    except (OSError, ValueError):
        return None


def _print_numbered(fresh_page, layout, guess):
    """Print the book with its contents' page numbers; return (PDF bytes, numbers,
    the page printed). ``fresh_page()`` opens the book in a new page, one per print.

    ``guess`` (the last print's numbers, or None) is written in first; a prose edit
    seldom moves a part to another page, and then one print is enough (ten seconds
    of the thirty). Otherwise the numbers read from that print are written in and
    the book printed again: the same layout, since every number takes the place of
    a placeholder as wide.
    """
    for attempt in range(2):
        page = fresh_page()
        wanted = page.evaluate(_CONTENTS_TARGETS)
        if guess is not None and set(guess) != set(wanted):
            guess = None  # another contents: print with the placeholders first
        if guess is not None:
            missing = page.evaluate(_FILL_CONTENTS, guess)
            if missing:
                raise RuntimeError(
                    f"print edition: contents entries not found: {missing}"
                )
        # Without a guess the first print only tells the numbers: a plain one is
        # faster than the tagged book with its outline.
        book = guess is not None
        pdf = page.pdf(tagged=book, outline=book, **layout)
        found = page_numbers(pdf)
        lost = [t for t in wanted if t not in found]
        if lost:
            raise RuntimeError(f"print edition: no page for contents entries {lost}")
        numbers = {target: found[target] for target in wanted}
        if numbers == guess:
            return pdf, numbers, page
        if attempt:
            moved = {
                t: (guess[t], numbers[t]) for t in wanted if guess[t] != numbers[t]
            }
            raise RuntimeError(f"print edition: the contents' numbers moved: {moved}")
        page.close()
        guess = numbers


_CONTENTS_TARGETS = """() => [...document.querySelectorAll('.lc-toc-page[data-target]')]
  .map(span => span.dataset.target)"""


def page_numbers(pdf_bytes):
    """Where each link target of a printed PDF is: ``{id: page number from 1}``."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf_bytes))
    return {
        name.lstrip("/"): reader.get_destination_page_number(dest) + 1
        for name, dest in reader.named_destinations.items()
    }


# The contents' page numbers, written in; returns the entries with no target found.
_FILL_CONTENTS = """(numbers) => {
  const missing = [];
  document.querySelectorAll('.lc-toc-page[data-target]').forEach(span => {
    const n = numbers[span.dataset.target];
    if (n === undefined) { missing.push(span.dataset.target); }
    else { span.textContent = n; }
  });
  return missing;
}"""


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    flags = {"--if-stale", "--browser-optional"}
    if not set(args) <= flags:
        raise SystemExit(
            f"usage: python -m tools.book.pdf [{'] ['.join(sorted(flags))}]"
        )
    with BuildLock(ROOT):
        _main(args)


def _main(args):
    if "--if-stale" in args and not is_stale(ROOT):
        for_book(ROOT, say=lambda line: None)  # serves it again, if withdrawn
        print(f"{OUT} is up to date")
        return
    start = time.perf_counter()
    try:
        out = print_pdf(ROOT)
    except BrowserError as error:
        if "--browser-optional" not in args:
            raise SystemExit(f"make pdf: {error}") from None
        # The site builds without a browser; `make test` and `make pdf` print it.
        print(f"WARNING: no print edition, so the site's PDF link is broken: {error}")
        return
    except (FileNotFoundError, RuntimeError) as error:
        raise SystemExit(f"make pdf: {error}") from None
    print(f"Printed: {out.relative_to(ROOT)} in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
