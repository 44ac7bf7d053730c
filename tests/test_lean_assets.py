"""The site's one stylesheet looks exactly like the fifteen it replaces.

``tools/book/lean_assets.py`` joins the stylesheets of the theme and the extensions
and lets PurgeCSS drop the rules no page can match. A rule dropped wrongly would show
as an element styled differently; so each page below is styled twice in the browser,
once with ``lc-site.css`` and once with the original stylesheets (still in
``_static/``), in the light and the dark theme and with the menus the reader opens,
and every element's computed style must be the same.
"""

import re

import pytest
from book_toc import ROOT

from tools.book import lean_assets
from tools.book.lighthouse import pages

HTML = ROOT / "_build" / "html"
# In make test a chapter (proofs, exercises, a player, answer boxes, dropdowns) in
# the dark theme, where a dropped rule shows most; tests/slow_site_styles.py (make
# test-styles) runs every page in both themes.
PAGES = ("chapters/05_lda",)
THEMES = ("dark",)
PROPERTIES = (
    "color background-color font-family font-size font-weight font-style "
    "line-height display visibility position margin-top margin-left padding-top "
    "padding-left border-top-width border-top-style border-top-color "
    "border-left-color border-radius width height opacity text-decoration-line "
    "list-style-type box-shadow white-space overflow-x content"
).split()
# Computed in the page (a chapter has 6,000 elements, each with two pseudo-elements):
# the styles of every element, with transitions and animations at their end.
SNAPSHOT = """(props) => {
  if (!document.getElementById('lc-still')) {
    const still = document.createElement('style');
    still.id = 'lc-still';
    still.textContent = '*, *::before, *::after { transition: none !important;'
      + ' animation: none !important; }';
    document.head.append(still);
  }
  const rows = [];
  for (const el of document.querySelectorAll('body *')) {
    for (const pseudo of [null, '::before', '::after']) {
      const s = getComputedStyle(el, pseudo);
      rows.push(props.map(p => s.getPropertyValue(p)).join(' | '));
    }
  }
  return rows;
}"""
COMPARE = """([props, before]) => {
  const after = (SNAPSHOT)(props), els = document.querySelectorAll('body *'), out = [];
  if (after.length !== before.length) return ['element count ' + after.length];
  for (let i = 0; i < after.length && out.length < 10; i++) {
    if (after[i] === before[i]) continue;
    const el = els[Math.floor(i / 3)], a = after[i].split(' | ');
    const b = before[i].split(' | ');
    const what = props.filter((p, k) => a[k] !== b[k])
      .map(p => p + ': ' + b[props.indexOf(p)] + ' -> ' + a[props.indexOf(p)]);
    out.push(el.tagName + '.' + el.className + ['', '::before', '::after'][i % 3]
      + ' ' + what.join('; '));
  }
  return out;
}""".replace("SNAPSHOT", SNAPSHOT, 1)
SWAP = """([add, drop]) => new Promise(done => {
  const old = Array.from(document.querySelectorAll('link[rel=stylesheet]'))
    .filter(l => drop.some(d => l.href.includes(d)));
  let left = add.length;
  for (const href of add) {
    const link = document.createElement('link');
    link.rel = 'stylesheet'; link.href = href;
    link.onload = link.onerror = () => { if (--left === 0) done(); };
    old[0].before(link);
  }
  old.forEach(l => l.remove());
})"""
OPEN_MENUS = """() => { for (const b of document.querySelectorAll('.dropdown-toggle'))
  { if (b.offsetParent) { b.click(); return true; } } return false; }"""


@pytest.mark.parametrize("name", PAGES)
@pytest.mark.parametrize("theme", THEMES)
def test_one_stylesheet_styles_elements_as_the_originals(site, browser, name, theme):
    prefix = "../" * name.count("/")
    originals = [f"{prefix}_static/{n}" for n in lean_assets.sources(HTML)]
    bundle = [f"{prefix}_static/{lean_assets.BUNDLE}"]
    served = ["_static/" + n for n in lean_assets.sources(HTML)]
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    try:
        page.add_init_script(f"localStorage.setItem('mode', '{theme}')")
        page.goto(f"{site}{name}.html", wait_until="load")
        assert page.evaluate("() => document.documentElement.dataset.theme") == theme
        # As loaded: the bundle, then the originals in its place.
        before = page.evaluate(SNAPSHOT, PROPERTIES)
        page.evaluate(SWAP, [originals, [lean_assets.BUNDLE]])
        found = page.evaluate(COMPARE, [PROPERTIES, before])
        assert not found, f"{name} ({theme}): styled differently: {found}"
        # With a menu open (states only the theme's scripts set), the other way.
        assert page.evaluate(OPEN_MENUS), f"{name}: no menu to open"
        before = page.evaluate(SNAPSHOT, PROPERTIES)
        page.evaluate(SWAP, [bundle, served])
        found = page.evaluate(COMPARE, [PROPERTIES, before])
        assert not found, f"{name} ({theme}, menu open): styled differently: {found}"
    finally:
        page.close()


@pytest.mark.parametrize("name", pages(HTML) if HTML.is_dir() else [])
def test_every_page_links_one_stylesheet_and_no_script_waits(name):
    page = (HTML / f"{name}.html").read_text(encoding="utf-8")
    assert page.count('rel="stylesheet"') == 1, f"{name}: not the one stylesheet"
    assert ("searchindex.js" in page) == (name == "search")
    head = page.split("<body", 1)[0]
    blocking = [
        s
        for s in re.findall(r"<script\b[^>]*\bsrc=[^>]*>", head)
        if not re.search(r"\b(defer|async)\b", s)
    ]
    assert blocking == [], f"{name}: scripts that hold up the first paint"
