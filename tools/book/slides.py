"""A reveal.js slide deck per chapter, cut from the built chapter page.

    python -m tools.book.slides [_build/html]

The deck is made from the page Sphinx rendered (so MyST, glue, citations and
cross-references are already resolved, the figures are the page's images and the
players are the page's kernel-free players): a title slide, then per section a
slide with its title and sub-sections, and one slide per idea in it — each
definition, theorem or algorithm box, figure and player — then the chapter's
first two exercises and a final slide linking the chapter. reveal.js (from the
sphinx-revealjs package) and the maths font are served from the site; the maths
is the page's MathML, typeset at build time (``prerender_math.py``).

A deck is written again only when its page, this module or reveal.js changed
(hashes in ``_build/.slides.json``). As a Sphinx extension, this module puts a
link to the deck on every chapter page and gives the ``lecture-decks`` directive
(a list of every deck, for an instructor page).
"""

from __future__ import annotations

import hashlib
import html
import json
import posixpath
import re
import shutil
import sys
from pathlib import Path

from bs4 import BeautifulSoup
from docutils import nodes
from docutils.parsers.rst import Directive

from .config import ROOT, toc_entries
from .steps import replace_dir, write_atomic

SLIDES = "slides"
REVEAL = "_static/revealjs"
STAMPS = ROOT / "_build" / ".slides.json"
CSS = Path(__file__).with_name("slides.css")
N_EXERCISES = 2
# sphinx-proof boxes shown as slides; a plain "proof" box is left to the page.
BOXES = ("definition", "theorem", "proposition", "lemma", "corollary", "algorithm")
SKIP_SECTIONS = ("references", "bibliography")


def reveal_dir():
    """reveal.js as the sphinx-revealjs package ships it."""
    import sphinx_revealjs

    return Path(sphinx_revealjs.__file__).parent / "_static" / "revealjs"


def chapter_pages(root=ROOT):
    return [f"{e}.html" for e in toc_entries(root) if e.startswith("chapters/")]


def deck_href(from_doc, chapter_doc):
    """Relative link from page ``from_doc`` to the deck of ``chapter_doc``."""
    up = "../" * from_doc.count("/")
    return f"{up}{SLIDES}/{posixpath.basename(chapter_doc)}.html"


def _rebase(url, page):
    """A URL of ``page`` (relative to the site root) as seen from slides/."""
    if not url or url.startswith("//") or re.match(r"^[a-zA-Z][\w+.-]*:", url):
        return url
    if url.startswith("#"):
        return f"../{page}{url}"
    return "../" + posixpath.normpath(posixpath.join(posixpath.dirname(page), url))


def _clean(tag, page):
    """Make a piece of the page fit a slide: links rebased, page furniture out."""
    for junk in tag.select("a.headerlink, .lc-answer, button.copybtn, .solution"):
        junk.decompose()
    for node in [tag, *tag.find_all(True)]:
        if node.has_attr("id") and "lc-player" not in node.get("class", []):
            del node["id"]  # ids would repeat the page's; a player keeps its own
        for attr in ("href", "src"):
            if node.has_attr(attr):
                node[attr] = _rebase(node[attr], page)
    return str(tag)


def _title(section):
    heading = section.find(re.compile("^h[1-6]$"))
    for junk in heading.select("a.headerlink"):
        junk.decompose()
    return heading.get_text(" ", strip=True)


def _slide(body, label="", notes="", cls=""):
    head = f'<p class="lc-where">{html.escape(label)}</p>' if label else ""
    aside = f'<aside class="notes">{notes}</aside>' if notes else ""
    klass = f' class="{cls}"' if cls else ""
    return f"<section{klass}>{head}{body}{aside}</section>"


def _is_idea(tag):
    classes = tag.get("class", [])
    if tag.name == "figure":
        return tag.find("img") is not None
    if tag.name != "div":
        return False
    if "proof" in classes:
        return any(kind in classes for kind in BOXES)
    return "lc-player" in classes or "exercise" in classes


def _ideas(section):
    """The slide-worthy pieces of a section, in page order, none inside another."""
    picked = []
    for tag in section.find_all(_is_idea):
        if any(p in tag.parents for p in picked) or tag.find_parent(class_="solution"):
            continue
        picked.append(tag)
    return picked


def _first_text(section):
    para = section.find("p", recursive=False)
    return para.get_text(" ", strip=True) if para else ""


def deck_slides(soup, page):
    """The slides of a chapter page, as HTML ``<section>`` strings."""
    chapter = soup.select_one("article section")
    title = _title(chapter)
    href = f"../{page}"
    slides = [
        _slide(
            f"<h1>{html.escape(title)}</h1><p>Linear Classifiers: lecture slides</p>"
            f'<p><a href="{href}">Read the chapter</a></p>',
            notes=html.escape(_first_text(chapter)),
            cls="lc-title-slide",
        )
    ]
    exercises = 0
    for section in chapter.find_all("section", recursive=False):
        name = _title(section)
        if name.split(" ", 1)[-1].strip().lower() in SKIP_SECTIONS:
            continue
        subs = [_title(s) for s in section.find_all("section", recursive=False)]
        items = "".join(f"<li>{html.escape(s)}</li>" for s in subs)
        listing = f"<ul>{items}</ul>" if items else ""
        notes = html.escape(_first_text(section))
        slides.append(_slide(f"<h2>{html.escape(name)}</h2>{listing}", notes=notes))
        for tag in _ideas(section):
            if "exercise" in tag.get("class", []):
                exercises += 1
                if exercises > N_EXERCISES:
                    continue
            body = _clean(tag, page)
            link = tag.find_next("p", class_="lc-animation")
            if "lc-player" in tag.get("class", []) and link is not None:
                body += _clean(link, page)
            slides.append(_slide(body, label=name))
    slides.append(
        _slide(
            f"<h2>{html.escape(title)}</h2>"
            "<p>The whole chapter, with its proofs, code and exercises: "
            f'<a href="{href}">{html.escape(title)}</a></p>'
            f'<p><a href="../index.html">Linear Classifiers</a>, the course</p>',
            cls="lc-final-slide",
        )
    )
    return title, slides


def render_deck(title, slides):
    """The deck's HTML page."""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}: slides · Linear Classifiers</title>
<link rel="icon" href="../_static/favicon.png">
<link rel="stylesheet" href="../{REVEAL}/dist/reset.css">
<link rel="stylesheet" href="../{REVEAL}/dist/reveal.css">
<link rel="stylesheet" href="../{REVEAL}/dist/theme/white.css">
<link rel="stylesheet" href="slides.css">
<link rel="stylesheet" href="../_static/lc-math.css">
</head><body>
<div class="reveal"><div class="slides">
{chr(10).join(slides)}
</div></div>
<script src="../{REVEAL}/dist/reveal.js"></script>
<script src="../{REVEAL}/plugin/notes/notes.js"></script>
<script>
Reveal.initialize({{hash: true, width: 1280, height: 800, margin: 0.04,
  plugins: [RevealNotes]}});
</script>
</body></html>
"""


def copy_reveal(html_dir):
    """reveal.js's files the decks use, into the site (no map or ES-module files)."""
    source = reveal_dir()
    skip = shutil.ignore_patterns("*.map", "*.esm.js", "*.scss", "*.eot")

    def copy(target):
        shutil.copytree(source / "dist", target / "dist", ignore=skip)
        (target / "plugin" / "notes").mkdir(parents=True)
        notes = source / "plugin" / "notes" / "notes.js"
        shutil.copy2(notes, target / "plugin" / "notes")
        shutil.copy2(source / "LICENSE", target)

    replace_dir(Path(html_dir) / REVEAL, copy)


def _digest(*parts):
    h = hashlib.sha256()
    for part in parts:
        h.update(part)
    return h.hexdigest()


def build(html_dir, root=ROOT, stamps_path=STAMPS):
    """Write every deck whose page or tooling changed; return the decks written."""
    html_dir = Path(html_dir)
    stamps = json.loads(stamps_path.read_text()) if stamps_path.exists() else {}
    tooling = _digest(Path(__file__).read_bytes(), CSS.read_bytes(), b"reveal 5")
    if stamps.get("tooling") != tooling or not (html_dir / REVEAL).exists():
        copy_reveal(html_dir)
        stamps = {"tooling": tooling}
    out_dir = html_dir / SLIDES
    out_dir.mkdir(exist_ok=True)
    write_atomic(out_dir / "slides.css", CSS.read_bytes())
    written = []
    for page in chapter_pages(root):
        source = (html_dir / page).read_bytes()
        target = out_dir / posixpath.basename(page)
        key = _digest(source)
        if stamps.get(page) == key and target.exists():
            continue
        title, slides = deck_slides(BeautifulSoup(source, "html.parser"), page)
        write_atomic(target, render_deck(title, slides))
        stamps[page] = key
        written.append(target)
    stamps_path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(stamps_path, json.dumps(stamps, indent=1))
    return written


# ------------------------------------------------------------ Sphinx extension
class LectureDecks(Directive):
    """A list of every chapter's slide deck, with its title (an instructor page)."""

    def run(self):
        env = self.state.document.settings.env
        items = []
        for doc in sorted(d for d in env.found_docs if d.startswith("chapters/")):
            title = env.titles.get(doc)
            text = html.escape(title.astext() if title is not None else doc)
            href = html.escape(deck_href(env.docname, doc))
            items.append(f'<li><a href="{href}">{text}</a></li>')
        raw = f'<ul class="lc-lecture-decks">{"".join(items)}</ul>'
        return [nodes.raw("", raw, format="html")]


def _add_deck_link(app, doctree, docname):
    if not docname.startswith("chapters/") or app.builder.format != "html":
        return
    title = doctree.next_node(nodes.title)
    if title is None:
        return
    href = html.escape(deck_href(docname, docname))
    raw = nodes.raw(
        "",
        f'<p class="lc-slides-link"><a href="{href}">Lecture slides</a> for this '
        "chapter (reveal.js: arrow keys to move, S for the speaker view, "
        "F for full screen).</p>",
        format="html",
    )
    section = title.parent
    section.insert(section.index(title) + 1, raw)


def setup(app):
    app.add_directive("lecture-decks", LectureDecks)
    app.connect("doctree-resolved", _add_deck_link)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    html_dir = Path(args[0]) if args else ROOT / "_build" / "html"
    written = build(html_dir)
    print(f"slides: {len(written)} deck(s) written in {html_dir / SLIDES}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
