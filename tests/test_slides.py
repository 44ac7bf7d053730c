"""Browser tests of the lecture decks (`make book` first): _build/html/slides/.

Each deck is loaded from a server on 127.0.0.1 in Chromium: no console error, no
failed request, nothing fetched from outside the site; at least 8 slides, its
maths typeset as MathML at build time, no MyST source left on a slide, a title slide
with the chapter's title, a final slide linking the chapter, keyboard navigation,
and a player that advances when stepped. Screenshots of a few slides land in
_build/screenshots/slides/; the speaker view is opened once.
"""

import re
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

import pytest
from book_toc import ROOT, toc_entries
from html_links import links
from site_pages import untypeset_maths

HTML = ROOT / "_build" / "html"
SHOTS = ROOT / "_build" / "screenshots" / "slides"
CHAPTERS = [e for e in toc_entries() if e.startswith("chapters/")]
DECKS = [f"{Path(e).name}.html" for e in CHAPTERS]
MYST = ("{glue", "{prf:", "{cite", "{numref", "{ref}", "{eq}", ":::", "```", "$$")


def _watch(page, url):
    """Record console errors, page errors, failed and off-site requests."""
    problems, host = [], urlparse(url).netloc
    page.on(
        "console",
        lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None,
    )
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"failed: {r.url}"))
    page.on(
        "response",
        lambda r: (
            problems.append(f"HTTP {r.status}: {r.url}") if r.status >= 400 else None
        ),
    )
    page.on(
        "request",
        lambda r: (
            problems.append(f"off-site: {r.url}")
            if urlparse(r.url).netloc not in (host, "")
            and not r.url.startswith(("data:", "blob:", "about:"))
            else None
        ),
    )
    return problems


def _open_deck(browser, url):
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    problems = _watch(page, url)
    response = page.goto(url, wait_until="load")
    assert response is not None and response.ok, f"{url} answered {response}"
    page.wait_for_function("() => window.Reveal && Reveal.isReady()")
    page.evaluate("() => document.fonts.ready")
    # No slide transition: a screenshot right after a move shows the new slide.
    page.evaluate(
        "() => Reveal.configure({transition: 'none', backgroundTransition: 'none'})"
    )
    return page, problems


def _chapter_title(entry):
    text = (HTML / f"{entry}.html").read_text(encoding="utf-8")
    text = text[text.index("<article") :]
    h1 = re.search(r"<h1>(.*?)<a class=\"headerlink", text, re.S).group(1)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", h1)).strip()


@pytest.mark.parametrize("entry", CHAPTERS)
def test_deck(site, browser, entry):
    name = f"{Path(entry).name}.html"
    page, problems = _open_deck(browser, f"{site}slides/{name}")
    try:
        n = page.evaluate("() => Reveal.getTotalSlides()")
        assert n >= 8, f"{name}: only {n} slides"
        title = page.locator(".slides > section").first
        assert title.locator("h1").inner_text().split() == _chapter_title(entry).split()
        final = page.locator(".slides > section").last
        assert final.locator(f'a[href="../{entry}.html"]').count() == 1
        _check_maths_and_text(page, name)
        SHOTS.mkdir(parents=True, exist_ok=True)
        stem = Path(name).stem
        page.screenshot(path=str(SHOTS / f"{stem}-1-title.png"))
        page.keyboard.press("ArrowRight")  # keyboard navigation
        assert page.evaluate("() => Reveal.getIndices().h") == 1
        page.screenshot(path=str(SHOTS / f"{stem}-2-section.png"))
        _check_box_slide(page, stem)
        _check_player(page, name, stem)
        assert not problems, f"{name}: " + "; ".join(problems[:5])
    finally:
        page.close()


def _check_maths_and_text(page, name):
    n_math = page.locator(".slides .math").count()
    assert n_math > 0, f"{name}: no maths on any slide"
    raw = untypeset_maths(page, ".slides ")
    assert not raw, f"{name}: maths left untypeset: {raw[:3]}"
    text = page.evaluate(
        """() => { const c = document.querySelector('.slides').cloneNode(true);
             c.querySelectorAll('math, script, style, pre, code')
              .forEach(e => e.remove());
             return c.textContent; }"""
    )
    left = [token for token in MYST if token in text]
    assert not left, f"{name}: MyST source on a slide: {left}"
    assert not re.search(r"\\[a-zA-Z]{2,}", text), f"{name}: raw TeX on a slide"
    missing = page.evaluate(
        """() => [...document.querySelectorAll('.slides img')]
             .filter(i => !(i.getAttribute('alt') || '').trim()).length"""
    )
    assert missing == 0, f"{name}: {missing} images without alt text"


def _go_to(page, selector):
    """Show the first slide holding ``selector``; return that slide's index."""
    index = page.evaluate(
        """(sel) => [...document.querySelectorAll('.slides > section')]
             .findIndex(s => s.querySelector(sel))""",
        selector,
    )
    assert index >= 0, f"no slide with {selector}"
    page.evaluate("(i) => Reveal.slide(i)", index)
    return index


def _check_box_slide(page, stem):
    for selector, shot in ((".proof", "3-definition"), ("figure", "5-figure")):
        if page.locator(f".slides {selector}").count():
            _go_to(page, selector)
            page.screenshot(path=str(SHOTS / f"{stem}-{shot}.png"))


def _check_player(page, name, stem):
    index = _go_to(page, ".lc-player")
    slide = page.locator(".slides > section").nth(index)
    player = slide.locator(".lc-player").first
    assert player.is_visible(), f"{name}: the player's slide does not show it"
    frame = player.locator("img.lc-frame")
    before = frame.get_attribute("src")
    player.locator('button[data-action="next"]').click()
    assert player.get_attribute("data-frame") == "1", f"{name}: the player did not step"
    assert frame.get_attribute("src") != before, f"{name}: the picture did not change"
    link = slide.locator("p.lc-animation a")
    assert link.count() == 1, f"{name}: no download link under the player"
    page.screenshot(path=str(SHOTS / f"{stem}-4-player.png"))


@pytest.mark.parametrize("name", DECKS)
def test_deck_links_resolve(site, name):
    parsed = links((HTML / "slides" / name).read_text(encoding="utf-8"))
    broken = []
    for ref in parsed.hrefs + parsed.srcs:
        if ref.startswith("data:"):
            continue
        url = urlparse(urljoin(f"http://site/slides/{name}", ref))
        if url.netloc != "site":
            broken.append(ref)  # a deck links nothing outside the site
            continue
        target = HTML / unquote(url.path.lstrip("/"))
        if not target.is_file():
            broken.append(ref)
        elif url.fragment and target.suffix == ".html":
            ids = links(target.read_text(encoding="utf-8")).ids
            if unquote(url.fragment) not in ids:
                broken.append(ref)
    assert not broken, f"{name}: broken links: {broken[:10]}"


@pytest.mark.parametrize("entry", CHAPTERS)
def test_chapter_page_links_its_deck(entry):
    parsed = links((HTML / f"{entry}.html").read_text(encoding="utf-8"))
    assert f"../slides/{Path(entry).name}.html" in parsed.hrefs


def test_speaker_view_opens_with_notes(site, browser):
    page, problems = _open_deck(browser, f"{site}slides/{DECKS[0]}")
    try:
        with page.expect_popup() as popup_info:
            page.keyboard.press("s")
        speaker = popup_info.value
        speaker.wait_for_selector(".speaker-controls-notes", timeout=10_000)
        # Both previews (this slide, the next) are decks of their own: wait until
        # reveal.js has set them up and the notes are written, not a fixed time.
        speaker.wait_for_function(
            """() => { const frames = [...document.querySelectorAll('iframe')];
                 const notes = document.querySelector('.speaker-controls-notes .value');
                 return frames.length >= 2 && notes && notes.innerText.trim()
                   && frames.every(f => f.contentDocument
                        && f.contentDocument.querySelector('.reveal.ready')); }""",
            timeout=10_000,
        )
        notes = speaker.locator(".speaker-controls-notes .value").inner_text()
        assert notes.strip(), "the speaker view shows no notes for the title slide"
        speaker.screenshot(path=str(SHOTS / "speaker-view.png"))
        assert not problems, "; ".join(problems[:5])
    finally:
        page.close()
