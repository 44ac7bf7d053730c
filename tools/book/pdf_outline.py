"""The print edition's bookmarks, titled as the contents are.

Chromium's ``generateDocumentOutline`` makes a bookmark of every heading, but titles
it from the heading's laid-out text: a heading pushed to the next page is read
twice, in pieces ("1.3. 1.3. Signed distanceSigned distance"), the words at a line
break are joined ("featuremaps"), and formulas are left out. ``HEADINGS`` reads
every heading's text from the page that was printed (a formula in a plain linear form,
hidden parts left out); :func:`retitle` gives each bookmark the title of the heading
it stands for. A bookmark is matched to the next heading in document order whose
letters are the bookmark's (once, or in part twice over); a bookmark that
matches none stops the printer rather than keep a wrong title.
"""

from __future__ import annotations

import io
import logging
import re
import unicodedata
from collections import Counter

# Every heading's text in document order: ``[[title, letters without formulas,
# letters with each formula's characters], ...]``. A formula is the site's MathML
# (maths is typeset at build time): its title is written in a plain linear form
# (``R^2``, ``S_W``), and Chromium's own bookmark keeps its characters (``𝑅2``).
HEADINGS = """() => {
  const wrap = s => (s.length > 1 ? "(" + s + ")" : s);
  const linear = node => {
    const kids = [...node.children];
    const [a, b, c] = kids.map(linear);
    switch (node.localName) {
      case "msup": return a + "^" + wrap(b);
      case "msub": return a + "_" + wrap(b);
      case "msubsup": return a + "_" + wrap(b) + "^" + wrap(c);
      case "mfrac": return wrap(a) + "/" + wrap(b);
      case "msqrt": return "sqrt(" + kids.map(linear).join("") + ")";
      default: return kids.length ? kids.map(linear).join("") : node.textContent;
    }
  };
  const text = (node, math) => {
    if (node.nodeType === Node.TEXT_NODE) return node.data;
    if (node.nodeType !== Node.ELEMENT_NODE) return "";
    if (node.localName === "math") {
      return math === "title" ? linear(node) : math === "chars" ? node.textContent : "";
    }
    if (getComputedStyle(node).display === "none") return "";
    return [...node.childNodes].map(n => text(n, math)).join("");
  };
  const clean = s => s.replace(/\\s+/g, " ").trim();
  return [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")].map(h => [
    clean(text(h, "title")), clean(text(h, "none")), clean(text(h, "chars")),
  ]);
}"""


def _letters(text):
    # NFKC: Chromium's bookmark spells a formula's letters in the maths alphabet
    # (U+1D445 for an italic R); the page's MathML has the plain letter.
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


def _matches(bookmark, heading):
    """Whether a bookmark stands for the heading: the same letters, or the letters
    of a heading Chromium read in part twice (every letter at least once, none more
    than twice)."""
    got = Counter(_letters(bookmark))
    for form in heading[1:]:
        want = Counter(_letters(form))
        if got == want or (want and want <= got <= want + want):
            return True
    return False


def _items(outline):
    """The outline's items in document order (depth first), as PDF dictionaries."""
    item = outline.get("/First")
    while item is not None:
        item = item.get_object()
        yield item
        yield from _items(item)
        item = item.get("/Next")


def retitle(pdf_bytes, headings):
    """``pdf_bytes`` with every bookmark titled by its heading in ``headings``
    (``HEADINGS``'s result); the bytes unchanged when the PDF has no bookmarks."""
    from pypdf import PdfWriter
    from pypdf.generic import NameObject, TextStringObject

    # Chromium's trailer gives fewer objects than the file holds; pypdf says so
    # on every print, and copes.
    quiet = logging.getLogger("pypdf")
    level = quiet.level
    quiet.setLevel(logging.ERROR)
    try:
        writer = PdfWriter(clone_from=io.BytesIO(pdf_bytes))
    finally:
        quiet.setLevel(level)
    outline = writer.root_object.get("/Outlines")
    if outline is None:
        return pdf_bytes
    k = 0
    for item in _items(outline.get_object()):
        title = str(item.get("/Title", ""))
        while k < len(headings) and not _matches(title, headings[k]):
            k += 1
        if k == len(headings):
            raise RuntimeError(f"print edition: bookmark {title!r} matches no heading")
        item[NameObject("/Title")] = TextStringObject(headings[k][0])
        k += 1
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
