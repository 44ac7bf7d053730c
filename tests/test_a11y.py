"""The accessibility checks themselves (tests/a11y.py) and the fixes they led to.

The checks run on every page in tests/test_site.py; here they are shown to fail
on pages made to fail, and the fixes are checked where the markup is written.
"""

import pytest
from a11y import (
    axe_run,
    axe_script,
    axe_source,
    check_axe,
    check_headings,
    check_reduced_motion,
    describes,
)
from axe_memo import PATCHES, memo_patched
from book_toc import ROOT

HTML = ROOT / "_build" / "html"
CHAPTERS = sorted((HTML / "chapters").glob("*.html"))


@pytest.mark.parametrize(
    "alt, ok",
    [
        ("Figure 3", False),
        ("fig. 2.1", False),
        ("plot", False),
        ("output_12_0.png", False),
        ("Binder logo", False),  # two words: names a thing, shows nothing
        ("Two clouds of points, blue and orange, split by a black line", True),
    ],
)
def test_alt_text_must_say_what_the_image_shows(alt, ok):
    assert describes(alt) is ok


def test_headings_one_h1_then_no_level_skipped():
    check_headings([(1, "t"), (2, "a"), (3, "b"), (2, "c")], "good")
    for heads, problem in [
        ([(2, "a"), (1, "t")], "first heading"),
        ([(1, "t"), (1, "u")], "2 h1"),
        ([(1, "t"), (2, "a"), (4, "b")], "h2 then h4"),
    ]:
        with pytest.raises(AssertionError, match=problem):
            check_headings(heads, "bad")


def test_axe_finds_what_is_wrong_on_a_bad_page(browser):
    page = browser.new_page()
    try:
        page.set_content(
            '<html><body><main><img src="data:,"><button aria-label="Close">'
            'Open</button><p style="color:#bbb">faint</p></main></body></html>'
        )
        with pytest.raises(AssertionError) as caught:
            check_axe(page, "a bad page")
        for rule in ("html-has-lang", "image-alt", "color-contrast"):
            assert rule in str(caught.value), rule
    finally:
        page.close()


def test_twins_keep_every_finding_and_every_link_name(browser):
    # Five faint literals alike: axe checks the first for all five. Two links whose
    # only text is a literal alike: neither is a twin, so neither loses its name.
    literal = '<code class="literal"><span class="pre"{}>{}</span></code>'
    faint = literal.format(' style="color:#aaa"', "faint")
    link = '<a href="#{0}">' + literal.format("", "{0}") + "</a>"
    page = browser.new_page()
    try:
        page.set_content(
            '<html lang="en"><head><title>t</title></head><body><main><h1>t</h1>'
            f"<p>{link.format('a')} and {link.format('b')}</p>"
            f"<p>{' '.join([faint] * 5)}</p></main></body></html>"
        )
        result = axe_run(page)
        found = {v["id"]: len(v["nodes"]) for v in result["violations"]}
        assert found == {"color-contrast": 1}, found
        assert result["twins"] == 4, result["twins"]
        assert page.evaluate("() => !document.getElementById('lc-axe-twins')")
    finally:
        page.close()


def test_references_are_a_list_of_listitems():
    page = (HTML / "references.html").read_text(encoding="utf-8")
    assert "doc-biblioentry" not in page  # deprecated in DPUB-ARIA 1.1
    assert page.count('class="citation" id=') == page.count('role="listitem"') > 10


@pytest.mark.parametrize("chapter", CHAPTERS, ids=lambda p: p.stem)
def test_cell_toggles_are_named_by_their_text(chapter):
    page = chapter.read_text(encoding="utf-8")
    assert '<summary aria-label="Toggle hidden content">' not in page
    assert page.count('<p class="collapsed admonition-title">Show code cell') > 0


def test_theme_buttons_are_named_by_what_they_show():
    page = (HTML / "intro.html").read_text(encoding="utf-8")
    assert 'aria-keyshortcuts="Control+K"' in page
    assert 'title="Light"' not in page and 'data-mode="light"' in page


def test_players_stay_still_with_reduced_motion(site, browser):
    """A reader who asks for less motion: no player starts or animates."""
    page = browser.new_page(reduced_motion="reduce")
    try:
        # The page's clock is Playwright's: after the load, a minute of page time
        # passes at once with every timer due in it fired, so a player that started
        # by itself has moved, however slow the machine (a real wait could end
        # before a slow machine drew the second frame).
        page.clock.install()
        # Requests, not performance entries: the installed clock fakes performance.
        loaded = []
        page.on("request", lambda request: loaded.append(request.url))
        page.goto(f"{site}chapters/02_perceptron.html", wait_until="load")
        assert page.locator(".lc-player").count() > 0
        page.clock.run_for(60_000)
        check_reduced_motion(page, "chapter 2, reduced motion")
        # The maths is MathML in the page, read as maths by screen readers: no
        # typesetter runs; its font is served by the site.
        assert page.evaluate("() => window.MathJax === undefined")
        assert not [name for name in loaded if "mathjax" in name.lower()]
        assert site + "_static/lc-math.woff" in loaded
        n_math = page.locator(".math math").count()
        roles = page.get_by_role("math", include_hidden=True).count()
        assert n_math > 0 and roles == n_math, (n_math, roles)
    finally:
        page.close()


def test_axe_memo_patch_is_applied_and_fails_loudly_on_another_axe():
    script = axe_script()
    for name, old, new in PATCHES:
        assert old not in script and script.count(new) == 1, name
    source = axe_source()
    for name, old, _ in PATCHES:
        for changed in (source.replace(old, old[:-2] + ";})"), source + old):
            with pytest.raises(ValueError, match=f"{name} found [02] times"):
                memo_patched(changed)


# Calls of memoized functions of one, two and three arguments, and what each
# returned: "new" when the function ran, else the number of the earlier result it
# gave back. Objects, NaN, +0 and -0, missing arguments; delete and clear.
_MEMO_CALLS_JS = """() => {
  const results = [], log = [];
  const note = r => { const k = results.indexOf(r);
    log.push(k < 0 ? 'new' : k); if (k < 0) { results.push(r); } };
  const one = axe.utils.memoize(a => ({a}));
  const two = axe.utils.memoize((a, b) => ({a, b}));
  const three = axe.utils.memoize((a, b, c) => ({a, b, c}));
  const x = {}, y = {}, z = [];
  const calls = [[one, [x]], [one, [x]], [one, [y]], [one, [NaN]], [one, [NaN]],
    [one, [0]], [one, [-0]], [one, []], [one, [undefined]], [one, ['x']],
    [two, [x, true]], [two, [x, false]], [two, [x, true]], [two, [y, true]],
    [two, [x]], [two, [x, undefined]], [two, [NaN, NaN]], [two, [NaN, NaN]],
    [three, [x, y, z]], [three, [x, y, z]], [three, [x, y, y]], [three, [y, y, z]]];
  const all = () => calls.forEach(([f, args]) => note(f(...args)));
  all();
  one.delete(x); two.delete(x, true); three.delete(x, y, z); three.delete(z, z, z);
  all();
  [one, two, three].forEach(f => f.clear());
  all();
  return log;
}"""


def test_axe_memo_caches_answer_as_memoizee_does(browser):
    page = browser.new_page()
    try:
        logs = []
        for source in (axe_source(), axe_script()):
            page.evaluate(source)
            logs.append(page.evaluate(_MEMO_CALLS_JS))
        plain, patched = logs
        assert patched == plain
        # Hits and misses both: the comparison can tell the two apart.
        assert plain.count("new") > 10 and len(plain) - plain.count("new") > 10
    finally:
        page.close()
