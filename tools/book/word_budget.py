"""The chapters' reading length, measured on the built pages (``make words``).

A chapter's *main path* is what a reader meets with every collapsed block closed:
the words of its prose before the Exercises section, leaving out maths, code, cell
outputs, players, figures' captions being kept (they are read). The *whole text* adds
the collapsed blocks (dropdown admonitions, ``<details>``) back in, still before the
Exercises. The budgets are the fourth edition's (issue 27): a main path of at most
2,800 words a chapter (tighter caps for some, CHAPTER_CAPS) and 15,000 in all; a whole
text of at most 19,500.

Run after ``make book``::

    python -m tools.book.word_budget            # the table
    python -m tools.book.word_budget --check    # also exit 1 when a budget is broken
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from bs4 import BeautifulSoup

HTML = Path("_build/html/chapters")
MAIN_PER_CHAPTER = 2800
# Tighter caps where a chapter's economy round reached less (what it reached + 5 %).
CHAPTER_CAPS = {
    "01_geometry": 1230,
    "02_perceptron": 1287,
    "03_convergence": 1136,
    "04_pocket": 1204,
    "05_lda": 1076,
    "06_multiclass": 1362,
}
MAIN_TOTAL = 15000
WHOLE_TOTAL = 19500

# Not prose: maths (MathJax's delimiters survive in the built page as spans and divs
# of class "math"), code cells and their outputs, inline literals, the players, the
# section-number and permalink decorations.
_NOT_PROSE = (
    "math, .math, .cell, .highlight, pre, code, .lc-player, .lc-answer, script, style, "
    ".headerlink, .section-number, .caption-number, nav, .toggle-details__summary"
)
_COLLAPSED = "details, .dropdown"
_WORD = re.compile(r"[A-Za-zÀ-ÿ0-9][A-Za-zÀ-ÿ0-9'’\-]*")


def _before_exercises(article):
    """Drop the Exercises section and everything after it."""
    for section in article.find_all("section"):
        heading = section.find(["h2"], recursive=False)
        if heading and "Exercises" in heading.get_text():
            for later in section.find_next_siblings():
                later.decompose()
            section.decompose()
            break
    return article


def words(page: Path) -> tuple[int, int]:
    """(main path, whole text) word counts of one built chapter page."""
    soup = BeautifulSoup(page.read_text(encoding="utf-8"), "html.parser")
    article = _before_exercises(soup.find("article"))
    for tag in article.select(_NOT_PROSE):
        tag.decompose()
    whole = len(_WORD.findall(article.get_text(" ")))
    for tag in article.select(_COLLAPSED):
        tag.decompose()
    main = len(_WORD.findall(article.get_text(" ")))
    return main, whole


def cap(chapter: str) -> int:
    """The main-path cap of one chapter (its page's stem)."""
    return CHAPTER_CAPS.get(chapter, MAIN_PER_CHAPTER)


def table(html: Path = HTML) -> tuple[list[tuple[str, int, int]], bool]:
    rows = [(p.stem, *words(p)) for p in sorted(html.glob("[0-9][0-9]_*.html"))]
    if not rows:
        raise SystemExit(f"no chapter pages in {html}: run `make book` first")
    main_total = sum(r[1] for r in rows)
    whole_total = sum(r[2] for r in rows)
    ok = (
        all(r[1] <= cap(r[0]) for r in rows)
        and main_total <= MAIN_TOTAL
        and whole_total <= WHOLE_TOTAL
    )
    print(f"{'chapter':<18}{'main path':>10}{'whole text':>12}")
    for name, main, whole in rows:
        flag = "" if main <= cap(name) else f"  > {cap(name)}"
        print(f"{name:<18}{main:>10,}{whole:>12,}{flag}")
    print(f"{'all':<18}{main_total:>10,}{whole_total:>12,}")
    print(
        f"budgets: main path <= {MAIN_PER_CHAPTER:,} a chapter (tighter caps: "
        f"{CHAPTER_CAPS}) and {MAIN_TOTAL:,} in all; whole text <= {WHOLE_TOTAL:,}: "
        f"{'met' if ok else 'NOT met'}"
    )
    return rows, ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 over budget")
    parser.add_argument("--html", type=Path, default=HTML)
    args = parser.parse_args(argv)
    _, ok = table(args.html)
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
