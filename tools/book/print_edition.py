"""Assemble the print edition: every page of the built site in one HTML document.

The chapters are taken from the built site (``_build/html``), so the print edition
shows exactly the executed outputs of the website, in table-of-contents order. Each
page's ``<article>`` becomes one part; its ids get the part's prefix (pages reuse
names such as ``summary``), links between the pages point inside the document, and
assets resolve against the site. ``print.css`` lays it out for paper and
``print.js`` moves each chapter's solutions into an appendix at its end.
"""

import html
import re
from pathlib import Path
from urllib.parse import urljoin, urlparse

import yaml

from tools.book import config

HERE = Path(__file__).resolve().parent
# The site's stylesheets the content needs (theme, code, admonitions, proofs,
# exercises, notebook cells, the course's own); the theme's scripts are left out.
STYLESHEETS = (
    "styles/theme.css",
    "styles/pydata-sphinx-theme.css",
    "pygments.css",
    "styles/sphinx-book-theme.css",
    "mystnb.css",
    "proof.css",
    "exercise.css",
    "sphinx-design.min.css",
    "linclass.css",
    "lc-math.css",
)
# A player finds its root by id from its inline script: those ids stay as they are.
KEEP_ID = re.compile(r"lc-player-")
_ARTICLE = re.compile(r'<article class="bd-article"[^>]*>(.*?)</article>', re.S)
_ATTR = re.compile(r'\b(id|href|src)="([^"]*)"')
_H1 = re.compile(r"<h1>(.*?)</h1>", re.S)
_SECTION = re.compile(
    r'<section id="([^"]+)">\s*(?:<span id="[^"]*"></span>\s*)*<h2>(.*?)</h2>', re.S
)
_HEADERLINK = re.compile(r'<a class="headerlink".*?</a>', re.S)
PAGE_PLACEHOLDER = "000"


def toc_pages(root):
    """The book's pages in table-of-contents order, as paths of the built site."""
    return [f"{name}.html" for name in config.toc_entries(root)]


def part_id(page):
    """The id of a page's part: ``chapters/01_a.html`` -> ``chapters-01_a``."""
    return page.removesuffix(".html").replace("/", "-")


def article(page_html, page):
    """The content of a built page (its ``<article>``)."""
    match = _ARTICLE.search(page_html)
    if match is None:
        raise ValueError(f'{page}: no <article class="bd-article"> in the built page')
    return match.group(1)


def rewrite(fragment, page, pages, site, published=None):
    """Make a page's fragment work inside the one-document edition.

    ``pages`` are the pages in the edition, ``site`` the URL path of the built
    site as the document sees it (e.g. ``/html/``). Links to the site's files
    (the PDF, the exercise notebooks) point at the ``published`` site when given:
    in the PDF a link to the printer's local server would lead nowhere.
    """
    base = "http://book/" + page
    prefix = part_id(page) + "--"

    def attr(match):
        name, value = match.group(1), html.unescape(match.group(2))
        if name == "id":
            kept = KEEP_ID.match(value)
            return match.group(0) if kept else f'id="{html.escape(prefix + value)}"'
        url = urlparse(urljoin(base, value))
        if url.scheme != "http" or url.netloc != "book":
            return match.group(0)  # data: images, outside links
        target = url.path.lstrip("/")
        if name == "href" and target in pages:
            anchor = part_id(target) + ("--" + url.fragment if url.fragment else "")
            return f'href="#{html.escape(anchor)}"'
        if name == "href" and not target.startswith(("_images/", "_static/")):
            return 'data-dropped-href=""'  # a page outside the edition (search, index)
        if name == "href" and published:
            return f'href="{html.escape(published + target)}"'
        return f'{name}="{html.escape(site + target)}"'

    # On paper every picture is wanted: none waits to be scrolled to.
    return _ATTR.sub(attr, fragment).replace(' loading="lazy"', "")


def assemble(root, site="/html/"):
    """The print edition of the book at ``root`` as one HTML document (a string)."""
    root = Path(root)
    built = root / "_build" / "html"
    pages = toc_pages(root)
    missing = [p for p in pages if not (built / p).is_file()]
    if missing:
        raise FileNotFoundError(
            f"the built site lacks {missing}: run `make book` first"
        )
    config = yaml.safe_load((root / "_config.yml").read_text(encoding="utf-8"))
    title, author = config.get("title", "Book"), config.get("author", "")
    published = (config.get("html") or {}).get("baseurl")
    parts, contents = [], []
    for page in pages:
        page_html = (built / page).read_text(encoding="utf-8")
        body = rewrite(article(page_html, page), page, set(pages), site, published)
        title_html = title_of(body, page)
        sections = sections_of(body) if page.startswith("chapters/") else []
        contents.append(contents_entry(part_id(page), title_html, sections))
        parts.append(
            f'<section class="lc-print-part" id="{part_id(page)}" data-page="{page}">'
            f"{body}</section>"
        )
    static = site + "_static/"
    links = "".join(
        f'<link rel="stylesheet" href="{static}{name}">'
        for name in _stylesheets(built / "_static")
    )
    return (
        '<!DOCTYPE html>\n<html lang="en" data-theme="light" data-mode="light">'
        f'<head><meta charset="utf-8"><title>{html.escape(title)}</title>{links}'
        f"<style>{(HERE / 'print.css').read_text(encoding='utf-8')}</style>"
        "</head>"
        '<body><div class="bd-main"><div class="bd-content">'
        '<article class="bd-article">'
        f'<section class="lc-print-cover"><h1>{html.escape(title)}</h1>'
        f"<p>{html.escape(author)}</p><p>Print edition</p></section>"
        '<nav class="lc-print-contents" aria-labelledby="lc-contents">'
        '<h2 id="lc-contents">Contents</h2><ol>'
        + "".join(contents)
        + "</ol></nav>"
        + "".join(parts)
        + "</article></div></div>"
        f"<script>{(HERE / 'print.js').read_text(encoding='utf-8')}</script>"
        "</body></html>"
    )


def contents_entry(target, title_html, sections=()):
    """A line of the contents: a link to the part, with a placeholder page number.

    ``sections`` are ``(id, title_html)`` pairs, listed under the part. The printer
    (``pdf.py``) writes the page numbers in once it knows them; the placeholder is
    as wide as any number, so that writing them in changes no page break.
    """
    inner = "".join(contents_entry(id_, html_) for id_, html_ in sections)
    return (
        f'<li><a href="#{target}"><span class="lc-toc-title">{title_html}</span>'
        f'<span class="lc-toc-page" data-target="{target}">{PAGE_PLACEHOLDER}</span>'
        "</a>" + (f"<ol>{inner}</ol>" if inner else "") + "</li>"
    )


def sections_of(fragment):
    """A part's sections (its h2s): ``(id, title_html)``, without permalinks."""
    return [
        (id_, _HEADERLINK.sub("", title).strip())
        for id_, title in _SECTION.findall(fragment)
    ]


def title_of(fragment, page):
    """A part's title: its first h1 as HTML, without the permalink."""
    match = _H1.search(fragment)
    if match is None:
        raise ValueError(f"{page}: the page has no <h1> title")
    return _HEADERLINK.sub("", match.group(1))


def _stylesheets(static):
    """The site's stylesheets, by name (mystnb's carries a content hash)."""
    found = []
    for name in STYLESHEETS:
        if name == "mystnb.css":
            hashed = sorted(static.glob("mystnb.*.css"))
            found += [p.name for p in hashed[:1]]
        elif (static / name).is_file():
            found.append(name)
    return found
