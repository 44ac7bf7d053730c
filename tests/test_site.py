"""Browser tests of the built site (`make book` first), in Debian's Chromium.

Every page in the table of contents is loaded once from a server on 127.0.0.1 at
desktop width and checked in light mode, then in dark mode (switched by the theme
button), then narrowed to a 390-px phone viewport. It must load without console errors,
failed requests or requests leaving the site; its maths must be typeset, its images
must have alt text, no cell may show an error, and every kernel-free player must show
its frame (not a flat panel) in each mode, and step. On a phone nothing may widen the
page. With ``LC_SCREENSHOTS=1`` (``make screenshots``) a full-page screenshot of every
page in each mode lands in _build/screenshots/{light,dark,phone}/; in ``make test``
only a page whose check fails leaves one, in _build/screenshots/failed/, as it was
when it failed (the three full pages of a chapter cost 5 s of a core each run, a
fifth of its check, and check nothing). In each mode the page is also checked for
accessibility (WCAG 2.1 AA; tests/a11y.py): axe-core finds no violation, and the
keyboard, focus-ring, heading, alt-text, maths and reduced-motion checks pass.
"""

import base64
import functools
import io
import os
import re
from urllib.parse import unquote, urljoin, urlparse

import a11y
import answer_boxes
import numpy as np
import pytest
from book_toc import ROOT, toc_entries
from html_links import links
from PIL import Image, ImageFilter
from player_html import static_frame
from site_pages import DESKTOP, untypeset_maths

from tools.book import pdf

HTML = ROOT / "_build" / "html"
SHOTS = ROOT / "_build" / "screenshots"
SCREENSHOTS = os.environ.get("LC_SCREENSHOTS") == "1"  # make screenshots
PAGE_BUDGET = 3 * 1024 * 1024  # bytes: HTML + images + player frames of one chapter
MIN_FRAMES = 50  # a player steps through at least this many iterations
# A player's picture, as rendered, must correlate with its frame at least this much:
# measured 0.97-0.99 in every mode (dark mode dims it with a filter, which keeps the
# correlation); a frame layer painted over its stage, the dark-mode bug of issue 12,
# measured below 0.1.
MIN_PICTURE_CORRELATION = 0.9
MIN_CONTRAST = 4.5  # WCAG AA, normal text


PAGES = [f"{entry}.html" for entry in toc_entries()]


def _split(pages):
    """Two lists of pages with about equal work: longest first, each to the lighter.

    pytest-xdist (--dist loadfile) keeps a file on one worker, and the pages are the
    longest tests of the suite (axe-core in three modes each), so half the work is
    checked from test_site_pages_b.py and both workers load pages. A page's time
    grows with its number of elements (measured: about 3 s plus 2.8 ms per tag, from
    references at 3 s to api at 33 s), so the built page's tag count is its weight;
    both workers compute the same split from the same files. A chapter page's answer
    boxes, driven after the pages, weigh about as much as 1 300 tags (4 s).
    """

    def weight(name):
        path = HTML / name
        tags = path.read_text(encoding="utf-8").count("<") if path.is_file() else 0
        return tags + (1300 if name.startswith("chapters/") else 0)

    groups, loads = ([], []), [0, 0]
    for name in sorted(pages, key=weight, reverse=True):
        lighter = loads.index(min(loads))
        groups[lighter].append(name)
        loads[lighter] += 1000 + weight(name)  # ~3 s of fixed cost per page
    return [p for p in pages if p in groups[0]], [p for p in pages if p in groups[1]]


PAGES_HERE, PAGES_B = _split(PAGES)


def chapters(pages):
    return [p.removesuffix(".html") for p in pages if p.startswith("chapters/")]


@pytest.mark.parametrize("name", PAGES_HERE)
def test_page(site_pages, name):
    check_page(site_pages, name)


# The answer boxes are driven on the pages this file has checked (after them, so the
# typed answers show in no screenshot): a chapter page is loaded on one worker only.
@pytest.mark.parametrize("chapter", chapters(PAGES_HERE))
def test_answer_boxes(site_pages, chapter):
    answer_boxes.check_boxes(site_pages, chapter)


def test_boxes_read_every_form_as_python_does(site_pages):
    answer_boxes.check_forms(site_pages, chapters(PAGES_HERE)[0])


def check_page(site_pages, name):
    """One load: light mode, dark mode by the theme button, then a phone's width.

    A failure leaves a screenshot of the page as it was then (_build/screenshots/
    failed/), for the CI's artifacts and for whoever reads the message.
    """
    tab = site_pages.get(name, "light")
    try:
        _check_page(site_pages, tab, name)
    except BaseException:
        try:
            _screenshot(tab.page, "failed", name, always=True)
        except Exception as shot_error:  # the check's own error is the one to see
            print(f"{name}: no screenshot of the failure ({shot_error})")
        raise


def _check_page(site_pages, tab, name):
    page = tab.page
    _check_content(page, name)
    _check_one_search(page, f"{name} (light)")
    a11y.check_structure(page, name)  # lang, headings, alt text, readable maths
    a11y.check_reduced_motion(page, name)
    _screenshot(page, "light", name)
    # Each player's frames, read once (about 1 MB each) for the three checks.
    players = page.evaluate(
        "() => [...document.querySelectorAll('.lc-player')].map(e => e.outerHTML)"
    )
    _check_pictures(page, f"{name} (light)", players)
    a11y.check_axe(page, f"{name} (light)")
    a11y.check_keyboard(page, f"{name} (light)")
    site_pages.get(name, "dark")
    _screenshot(page, "dark", name)
    _check_pictures(page, f"{name} (dark)", players)
    a11y.check_axe(page, f"{name} (dark)")
    a11y.check_keyboard(page, f"{name} (dark)", walk=0)
    if name.startswith("chapters/"):
        _check_answer_boxes(page, f"{name} (dark)")
    _check_players(page, name)
    site_pages.get(name, "phone")
    _check_fits(page, f"{name} (phone)")
    _check_one_search(page, f"{name} (phone)")
    _screenshot(page, "phone", name)
    _check_pictures(page, f"{name} (phone)", players)
    if name.startswith("chapters/"):
        _check_answer_boxes(page, f"{name} (phone)")
    # The theme puts code that now scrolls into the Tab order 0.3 s after a resize:
    # wait until its marks fit the phone's layout (axe checks them).
    page.wait_for_function(TAB_STOPS_SETTLED, timeout=5000)
    a11y.check_axe(page, f"{name} (phone)")
    assert not tab.problems, f"{name}: " + "; ".join(tab.problems[:5])


def _check_content(page, name):
    # Maths: every math node is MathML typeset at build time, no raw delimiters left.
    n_math = page.locator(".math").count()
    if n_math:
        assert page.locator(".math math").count() == n_math, f"{name}: no MathML"
    raw = untypeset_maths(page)
    assert not raw, f"{name}: maths left untypeset: {raw[:3]}"
    text = page.evaluate(
        """() => { const c = document.querySelector('main').cloneNode(true);
             c.querySelectorAll('pre, code, .highlight, .sig')
              .forEach(e => e.remove());
             return c.innerText; }"""
    )
    for token in ("$$", "\\(", "\\["):
        assert token not in text, f"{name}: raw {token!r} left in the text"
    # A TeX command in the rendered prose is maths MyST did not recognise.
    leftover = re.findall(r".{0,30}\\[a-zA-Z]{2,}.{0,30}", text)
    assert not leftover, f"{name}: raw TeX left in the text: {leftover[:3]}"
    # No cell error or traceback anywhere on the page.
    body = page.inner_text("body")
    assert "Traceback (most recent call last)" not in body, f"{name}: traceback"
    assert page.locator(".output.traceback, .output.error").count() == 0
    # Every image has non-empty alt text.
    missing = page.evaluate(
        """() => [...document.querySelectorAll('img')]
             .filter(i => !(i.getAttribute('alt') || '').trim())
             .map(i => (i.getAttribute('src') || '').slice(0, 80))"""
    )
    assert not missing, f"{name}: images without alt text: {missing}"
    # Images are actually decoded (not broken).
    broken = page.evaluate(
        """() => [...document.querySelectorAll('img')]
             .filter(i => i.complete && i.naturalWidth === 0)
             .map(i => (i.getAttribute('src') || '').slice(0, 80))"""
    )
    assert not broken, f"{name}: broken images: {broken}"
    if name.startswith("chapters/"):
        figures = page.locator("main figure img").count()
        assert figures >= 3, f"{name}: only {figures} figures rendered"


def _check_one_search(page, label):
    # A theme update (sphinx-book-theme 1.3) added a header holding only a second
    # search field: 64 px above every page (_config.yml, navbar_persistent).
    shown = page.evaluate(
        """() => [...document.querySelectorAll(
              'button.search-button__button, button.search-button-field, '
              + 'form.bd-search, input[type=search]')]
             .filter(e => e.getClientRects().length
                          && getComputedStyle(e).visibility !== 'hidden').length"""
    )
    assert shown == 1, f"{label}: {shown} search fields or buttons shown, not 1"


# What pydata-sphinx-theme marks as a Tab stop when it scrolls (its script's list).
TAB_STOPS_SETTLED = """() => [...document.querySelectorAll(
    'pre, .nboutput > .output_area, .cell_output > .output, '
    + '.jp-RenderedHTMLCommon, .pst-scrollable-table-container')]
  .every(e => e.tabIndex === (e.scrollWidth > e.clientWidth
                              || e.scrollHeight > e.clientHeight ? 0 : -1))"""


def _screenshot(page, mode, name, always=False):
    """A full-page screenshot (with ``LC_SCREENSHOTS=1``, or ``always``), from the
    top so the sticky header stays on top.

    JPEG: a full page in PNG takes twice as long to encode, 30 times a run; taken
    before the players are clicked, so no focus ring shows. The desktop pages are
    captured at three quarters of their size (960 px wide, still legible), which
    takes a third less time than at full size; the phone's at full size.
    """
    if not (SCREENSHOTS or always):
        return
    (SHOTS / mode).mkdir(parents=True, exist_ok=True)
    path = SHOTS / mode / (name.replace("/", "_") + ".jpg")
    page.evaluate("() => window.scrollTo(0, 0)")
    if page.viewport_size["width"] != DESKTOP:
        page.screenshot(path=str(path), full_page=True, quality=80)
        return
    height = page.evaluate("() => document.documentElement.scrollHeight")
    cdp = page.context.new_cdp_session(page)
    try:
        shot = cdp.send(
            "Page.captureScreenshot",
            {
                "format": "jpeg",
                "quality": 80,
                "captureBeyondViewport": True,
                "clip": {
                    "x": 0,
                    "y": 0,
                    "width": DESKTOP,
                    "height": height,
                    "scale": 0.75,
                },
            },
        )
    finally:
        cdp.detach()
    path.write_bytes(base64.b64decode(shot["data"]))


def _check_fits(page, name):
    """Nothing widens the page; figures and players scale down to the column."""
    width = page.evaluate("() => document.documentElement.clientWidth")
    wide = page.evaluate(
        """() => [document.documentElement.scrollWidth, document.body.scrollWidth]"""
    )
    assert max(wide) <= width, f"{name}: the page is {max(wide)} px wide, not {width}"
    cut = page.evaluate(
        """(w) => [...document.querySelectorAll('main img, .lc-player')]
             .filter(e => e.getBoundingClientRect().width > 0)
             .filter(e => e.getBoundingClientRect().right > w + 0.5)
             .map(e => e.className || (e.getAttribute('src') || '').slice(-30))""",
        width,
    )
    assert not cut, f"{name}: wider than the {width}-px screen: {cut[:5]}"


def _contrast(a, b):
    """WCAG contrast ratio of two "rgb(r, g, b)" colours."""

    def luminance(css):
        rgb = np.array([float(v) for v in re.findall(r"[\d.]+", css)[:3]]) / 255
        lin = np.where(rgb <= 0.03928, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
        return float(lin @ [0.2126, 0.7152, 0.0722])

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _check_answer_boxes(page, name):
    """Answer boxes (div.lc-answer) take the theme's colours and stay readable."""
    boxes = page.evaluate(
        """() => {
          const css = e => getComputedStyle(e);
          const probe = document.createElement('div');
          probe.style.background = 'var(--pst-color-surface)';
          document.body.appendChild(probe);
          const surface = css(probe).backgroundColor;
          probe.remove();
          return [...document.querySelectorAll('div.lc-answer')].map(box => {
            const input = box.querySelector('input');
            const button = box.querySelector('button');
            return {
              surface: surface,
              box: [css(box).color, css(box).backgroundColor],
              input: input && [css(input).color, css(input).backgroundColor],
              button: button && [css(button).color, css(button).backgroundColor],
            };
          });
        }"""
    )
    assert boxes, f"{name}: no answer box"
    for k, box in enumerate(boxes):
        where = f"{name}: answer box {k}"
        assert box["box"][1] == box["surface"], f"{where} is off the theme"
        for part in ("box", "input", "button"):
            assert box[part], f"{where} has no {part}"
            ratio = _contrast(*box[part])
            assert ratio >= MIN_CONTRAST, f"{where}: {part} contrast {ratio:.1f}"


def _check_picture(player, html, where):
    """The rendered picture shows the current frame: not a flat or covered panel."""
    # A player fetches its pictures when it nears the screen: bring it there and
    # wait for its fixed layer and its frame.
    player.scroll_into_view_if_needed()
    player.page.wait_for_function(
        "r => r.dataset.lcAwake === '1' && r.querySelector('img.lc-frame').complete",
        arg=player.element_handle(),
    )
    expected = static_frame(html, int(player.get_attribute("data-frame")))
    shot = Image.open(io.BytesIO(player.locator("img.lc-frame").screenshot()))
    shot = shot.convert("L")
    want = Image.fromarray(expected).convert("L").resize(shot.size, Image.BILINEAR)
    # A slight blur forgives the browser's resampling of one-pixel lines.
    seen, want = (
        np.asarray(x.filter(ImageFilter.GaussianBlur(2)), dtype=float).ravel()
        for x in (shot, want)
    )
    assert seen.std() > 0.5 * want.std(), f"{where}: the picture is a flat panel"
    corr = np.corrcoef(seen, want)[0, 1]
    assert corr >= MIN_PICTURE_CORRELATION, (
        f"{where}: the picture does not show its frame (correlation {corr:.2f})"
    )


def _check_pictures(page, name, htmls):
    players = page.locator(".lc-player")
    assert players.count() == len(htmls), f"{name}: players came or went"
    for k, html in enumerate(htmls):
        _check_picture(players.nth(k), html, f"{name}: player {k}")


def _check_players(page, name):
    players = page.locator(".lc-player")
    for k in range(players.count()):
        player = players.nth(k)
        player.scroll_into_view_if_needed()
        frame = player.locator("img.lc-frame")
        slider = player.locator("input.lc-slider")
        where = f"{name}: player {k}"

        def state(player=player, frame=frame):
            return int(player.get_attribute("data-frame")), frame.get_attribute("src")

        last = int(slider.get_attribute("max"))
        assert last + 1 >= MIN_FRAMES, f"{where} has only {last + 1} frames"
        first, first_src = state()
        player.locator("[data-action=next]").click()
        assert state()[0] == first + 1, f"{where}: next did not advance"
        # Consecutive frames may share a picture; within a few steps it must change.
        for _ in range(5):
            if state()[1] != first_src:
                break
            player.locator("[data-action=next]").click()
        assert state()[1] != first_src, f"{where}: next never changed the picture"
        slider.fill(str(last))  # fires input and change, like a user's drag
        assert state()[0] == last, f"{where}: the slider did not reach the last frame"
        assert int(player.get_attribute("data-n-frames")) == last + 1
        player.locator("[data-action=prev]").click()
        assert state()[0] == last - 1, f"{where}: prev did not step back"


@functools.cache
def _parse(path):
    return links(path.read_text(encoding="utf-8"))


def _local(base, ref):
    url = urlparse(urljoin("http://site/" + base, ref))
    if url.scheme not in ("http", "https") or url.netloc != "site":
        return None, None
    return HTML / unquote(url.path.lstrip("/")), url.fragment


def _pdf_being_made():
    # `make book` stops serving a print edition older than the site and writes so
    # into the status script; `make pdf` (or make test-slow) prints it again.
    return "LC_PDF_STALE = true;" in (ROOT / pdf.STATUS).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", PAGES)
def test_internal_links_resolve(site, name):
    parsed = _parse(HTML / name)
    broken = []
    for ref in parsed.hrefs + parsed.srcs:
        target, fragment = _local(name, ref)
        if target is None:
            continue
        if target.is_dir():
            target = target / "index.html"
        if not target.exists():
            if target == ROOT / pdf.SITE_COPY and _pdf_being_made():
                continue  # every link to it says so (lc-pdf-status.js)
            broken.append(ref)
        elif fragment and target.suffix == ".html":
            if unquote(fragment) not in _parse(target).ids:
                broken.append(ref)
    assert not broken, f"{name}: broken internal links: {broken[:10]}"


@pytest.mark.parametrize("name", [p for p in PAGES if p.startswith("chapters/")])
def test_chapter_page_within_budget(site, name):
    page = HTML / name
    total = page.stat().st_size
    for ref in set(_parse(page).srcs):
        target, _ = _local(name, ref)
        if target is not None and "_images" in target.parts and target.exists():
            total += target.stat().st_size
    assert total <= PAGE_BUDGET, f"{name}: {total / 2**20:.2f} MB > 3 MB"


def test_no_cdn_reference_in_any_page(site):
    offenders = {}
    for page in HTML.rglob("*.html"):
        srcs = _parse(page).srcs
        external = [s for s in srcs if re.match(r"^(https?:)?//", s)]
        if external:
            offenders[str(page.relative_to(HTML))] = external[:3]
    assert not offenders, (
        f"pages load scripts/styles from outside the site: {offenders}"
    )
