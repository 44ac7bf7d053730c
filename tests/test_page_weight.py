"""Pages that open fast on a phone: the budgets that do not depend on the machine.

``make lighthouse`` measures every page in Lighthouse's mobile profile (its times
depend on the machine). These tests check, on the built files, what makes those
times: the bytes a page costs before the reader does anything (compressed, as
GitHub Pages serves them), the number of elements, no typesetter script, figures
that keep their place, and players whose frames wait until they are looked at.
"""

import gzip
import re
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
from book_toc import ROOT

from tools.book.lighthouse import pages

HTML = ROOT / "_build" / "html"
BYTES_BUDGET = 400_000  # transferred before interaction, compressed
DOM_BUDGET = 6000  # elements
SERVED = pages(HTML) if HTML.is_dir() else []
COMPRESSED = (".html", ".css", ".js", ".svg", ".json")


class _Page(HTMLParser):
    """Elements, and the files a browser fetches while loading (no interaction)."""

    def __init__(self):
        super().__init__()
        self.elements = 0
        self.fetched = []
        self.figures = []

    def handle_starttag(self, tag, attrs):
        self.elements += 1
        a = dict(attrs)
        if tag == "script" and a.get("src"):
            self.fetched.append(a["src"])
        elif tag == "link" and a.get("rel") == "stylesheet":
            self.fetched.append(a["href"])
        elif tag == "img" and a.get("src", "").find("_images/") >= 0:
            self.figures.append(a)
            if a.get("loading") != "lazy":
                self.fetched.append(a["src"])

    handle_startendtag = handle_starttag


@lru_cache(maxsize=32)
def parsed(name):
    page = _Page()
    page.feed((HTML / f"{name}.html").read_text(encoding="utf-8"))
    return page


def _wire_bytes(path):
    data = path.read_bytes()
    return len(gzip.compress(data, 6)) if path.suffix in COMPRESSED else len(data)


def first_load_bytes(name):
    """The page and what it loads at once, compressed where the server would."""
    page_path = HTML / f"{name}.html"
    total = _wire_bytes(page_path)
    for ref in dict.fromkeys(parsed(name).fetched):
        if ref.startswith(("http:", "https:", "data:")):
            continue
        path = (page_path.parent / ref.split("?")[0]).resolve()
        assert path.is_file(), f"{name}: {ref} is not in the site"
        total += _wire_bytes(path)
    return total


def test_the_served_pages_are_found():
    if not SERVED:
        pytest.skip("no built site: make book")
    assert "intro" in SERVED and "search" in SERVED
    assert sum(name.startswith("chapters/") for name in SERVED) == 6
    assert "prf-prf" not in SERVED  # the label index is no longer served


@pytest.mark.parametrize("name", SERVED)
def test_page_loads_within_its_byte_budget(name):
    size = first_load_bytes(name)
    assert size <= BYTES_BUDGET, f"{name}: {size / 1000:.0f} KB before interaction"


@pytest.mark.parametrize("name", SERVED)
def test_page_stays_within_its_element_budget(name):
    count = parsed(name).elements
    assert count <= DOM_BUDGET, f"{name}: {count} elements"


@pytest.mark.parametrize(
    "name", [n for n in SERVED if n.startswith("chapters/") or n.startswith("api")]
)
def test_long_page_stays_within_its_element_budget_once_loaded(name, site, browser):
    # The scripts add elements as the page loads (copy buttons, answer boxes,
    # toggles): Lighthouse counts the DOM after load.
    page = browser.new_page(viewport={"width": 412, "height": 823})
    try:
        page.goto(f"{site}{name}.html", wait_until="load")
        page.wait_for_function("() => document.querySelector('button.copybtn')")
        count = page.evaluate("() => document.querySelectorAll('*').length")
    finally:
        page.close()
    assert count <= DOM_BUDGET, f"{name}: {count} elements once loaded"


@pytest.mark.parametrize("name", SERVED)
def test_no_typesetter_and_no_tex_left(name):
    text = (HTML / f"{name}.html").read_text(encoding="utf-8")
    scripts = [s for s in parsed(name).fetched if re.search(r"mathjax|katex", s, re.I)]
    assert not scripts, f"{name} loads a typesetter: {scripts}"
    prose = re.sub(r"<(script|style|pre|code)\b.*?</\1>", "", text, flags=re.S)
    left = re.findall(r".{0,30}(?:\\\(|\\\[|\$\$).{0,30}", prose)
    assert not left, f"{name}: TeX left untypeset: {left[:3]}"
    assert "fontawesome" not in text  # the icons are inline SVG
    assert "<mlabeledtr" not in text  # not in MathML Core: drawn as a column


@pytest.mark.parametrize("name", SERVED)
def test_figures_keep_their_place_and_load_lazily(name):
    for figure in parsed(name).figures:
        where = f"{name}: {figure['src'][-40:]}"
        assert figure.get("width") and figure.get("height"), f"{where}: no size"
        assert figure.get("loading") == "lazy", f"{where} loads at once"


def _frames_fetched(page):
    return page.evaluate(
        "() => performance.getEntriesByType('resource').map(r => r.name)"
        ".filter(n => n.includes('/lc-frames/'))"
    )


def test_player_frames_wait_until_the_player_is_looked_at(site, browser):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    try:
        page.goto(f"{site}chapters/02_perceptron.html", wait_until="load")
        page.wait_for_timeout(500)
        assert _frames_fetched(page) == [], "frames fetched before the player is seen"
        player = page.locator(".lc-player").first
        player.scroll_into_view_if_needed()
        page.wait_for_function(
            "() => { const r = document.querySelector('.lc-player');"
            " return r.dataset.lcAwake === '1'"
            " && r.querySelector('img.lc-frame').complete; }"
        )
        seen = _frames_fetched(page)
        frame = player.locator("img.lc-frame")
        assert frame.evaluate("i => i.naturalWidth") > 0
        layer = player.locator(".lc-stage").get_attribute("data-lc-layer")
        assert layer and any(n.endswith(layer) for n in seen), "no fixed layer"
        before = frame.get_attribute("src")
        for _ in range(5):  # consecutive frames may share a picture
            player.locator('button[data-action="next"]').click()
            if frame.get_attribute("src") != before:
                break
        assert frame.get_attribute("src") != before, "the next frames never changed"
        page.wait_for_function(
            "() => document.querySelector('.lc-player img.lc-frame').complete"
        )
        assert len(_frames_fetched(page)) > len(seen), "the next frame was not fetched"
        # Files named by content: a frame used twice is one file.
        names = [Path(n).name for n in _frames_fetched(page)]
        assert all(re.fullmatch(r"[0-9a-f]{20}\.png", n) for n in names)
    finally:
        page.close()
