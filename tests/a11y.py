"""Accessibility checks of a page already loaded in Playwright (WCAG 2.1 AA).

Each function takes a loaded ``page`` and a ``where`` for its messages, so any test
that loads a page (the site's pages in light, dark and phone; slide decks) can run
them on that load:

- ``check_axe``: axe-core (the engine of Deque's and Lighthouse's audits, from the
  ``axe-playwright-python`` package, injected from disk: nothing is downloaded;
  its memo caches made constant-time by tests/axe_memo.py) with the WCAG 2.0/2.1 A
  and AA rules; prints what it found and in how long, and fails on any violation.
- ``check_structure``: what axe cannot judge: ``lang``; one h1 and no skipped
  heading level; no orientation lock; alt text that says what an image shows;
  every formula readable by a screen reader (MathML, typeset at build time).
- ``check_keyboard``: the skip link comes first and works; every control can be
  reached with Tab and shows a focus ring of 3:1 contrast or more.
- ``check_reduced_motion``: players neither start by themselves nor animate.
"""

from __future__ import annotations

import re
import time
from importlib import resources

from axe_memo import memo_patched

TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa")
MIN_RING_CONTRAST = 3.0  # WCAG 1.4.11, non-text contrast of a focus indicator
MIN_ALT_WORDS = 3
TAB_WALK = 12  # Tab presses walked for real: the header, the navigation
# Alt text that names the kind of thing, not what it shows.
NON_DESCRIPTIVE_ALT = re.compile(
    r"^\s*(fig(ure)?\.?|image|img|picture|plot|graph|chart|output|png)?\s*[\d.]*\s*$"
    r"|\.(png|jpe?g|svg|gif)\s*$",
    re.I,
)
CONTROLS = (
    "a[href], button, input:not([type=hidden]), select, textarea, summary, "
    "[tabindex]:not([tabindex='-1'])"
)


def axe_source():
    """axe-core's browser bundle, as shipped in the axe-playwright-python wheel."""
    return (resources.files("axe_playwright_python") / "axe.min.js").read_text(
        encoding="utf-8"
    )


def axe_script():
    """The bundle that ``axe_run`` injects: axe's own, with constant-time memo caches
    (tests/axe_memo.py: the same results, 9-21 % less time on a chapter page)."""
    return memo_patched(axe_source())


def axe_run(page, rules=None):
    """Run axe-core on the page (WCAG 2.0/2.1 A and AA, or only ``rules``).

    Returns axe's results: ``violations`` (each with its ``nodes``), the counts of
    passed rules, axe's version, and how many code tokens were left to a twin.
    """
    if not page.evaluate("() => !!window.axe"):
        page.evaluate(axe_script())
    only = (
        {"type": "rule", "values": list(rules)}
        if rules
        else {"type": "tag", "values": list(TAGS)}
    )
    twins = page.evaluate(_TWINS_JS, TOKENS)
    return page.evaluate(
        """([only, twins]) => axe.run(document,
               {runOnly: only, resultTypes: ['violations'], preload: false})
             .finally(() => document.getElementById('lc-axe-twins').remove())
             .then(r => ({version: axe.version, passes: r.passes.length, twins: twins,
                          violations: r.violations.map(v => ({
                            id: v.id, impact: v.impact, help: v.help,
                            nodes: v.nodes.map(n => ({target: n.target.join(' '),
                              html: n.html.slice(0, 160),
                              summary: n.failureSummary}))}))}))""",
        [only, twins],
    )


# preload: false: axe 4.12 fetches a stylesheet's relative @import against the page's
# address, not the stylesheet's (dequelabs/axe-core#5268, open), a 404 on every page
# (the theme's styles/theme.css imports ../basic.css). Its one rule that needs the
# fetched CSS, css-orientation-lock (WCAG 1.3.4), is then left incomplete, and
# check_structure looks for orientation queries itself.

# Code is most of a page's text elements, one span per token: highlighted code
# (7 000 of 17 000 elements in chapter 2), the API page's signatures and inline
# literals (1 500 of its 2 800 text elements), and checking each token's contrast was
# most of axe's time. A token's contrast depends only on its colour, weight, size and
# opacity and on the colour behind it: of tokens alike in all of these, axe checks the
# first and skips its twins (marked here afresh on every run, so in each theme's
# colours), hidden for the run with visibility, which leaves the layout as it is.
# The colour behind is that of the nearest box with a background colour; a token with
# a background image (or a translucent background) anywhere behind it has no twin.
# A token inside a link or button is never a twin: hidden, it could be all of the
# control's name, and link-name would fail on it. (Excluding them through axe's
# context took longer than checking them.)
TOKENS = ".highlight pre span, dt.sig span.pre, code.literal span.pre"
_TWINS_JS = """(tokens) => {
  const seen = new Set();
  const NAMED = 'a, button, summary, label, [role="button"], [role="link"]';
  let twins = 0;
  const behind = el => {
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.backgroundImage !== 'none') { return null; }
      const bg = s.backgroundColor;
      if (bg === 'rgba(0, 0, 0, 0)' || bg === 'transparent') { continue; }
      return bg.startsWith('rgba') ? null : bg;  // translucent: depends on more
    }
    return 'canvas';
  };
  for (const span of document.querySelectorAll(tokens)) {
    span.removeAttribute('data-lc-axe-twin');
    if (span.closest(NAMED)) { continue; }  // it may be all of a link's name
    const s = getComputedStyle(span), back = behind(span);
    if (back === null) { continue; }
    const key = [s.color, s.fontWeight, s.fontSize, s.opacity, back].join('|');
    if (seen.has(key)) { span.setAttribute('data-lc-axe-twin', ''); twins++; }
    else { seen.add(key); }
  }
  const style = document.createElement('style');
  style.id = 'lc-axe-twins';
  style.textContent = '[data-lc-axe-twin] { visibility: hidden !important; }';
  document.head.appendChild(style);
  return twins;
}"""


def describe(violations, limit=3):
    """One line per violated rule, with its first few elements."""
    lines = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])}x): {v['help']}")
        for node in v["nodes"][:limit]:
            lines.append(f"    {node['target']}: {node['html']}")
    return "\n".join(lines)


def check_axe(page, where, rules=None):
    """axe-core finds no violation on the page; print what it checked and found."""
    start = time.perf_counter()
    result = axe_run(page, rules)
    violations = result["violations"]
    scope = "rules " + ", ".join(rules) if rules else "WCAG 2.1 A/AA rules"
    print(
        f"axe-core {result['version']} on {where} ({scope}): "
        f"{len(violations)} violations, {result['passes']} rules passed "
        f"({result['twins']} code tokens left to their twins), "
        f"{time.perf_counter() - start:.1f} s"
    )
    if violations:
        print(describe(violations))
    assert not violations, f"{where}: axe-core found\n{describe(violations)}"
    return result


def check_structure(page, where):
    """lang, headings, alt text and readable maths: what axe cannot judge."""
    facts = page.evaluate(
        """() => {
          const shown = e => e.checkVisibility();
          const heads = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
            .filter(shown).map(h => [+h.tagName[1], h.textContent.trim().slice(0, 50)]);
          const alts = [...document.querySelectorAll('article img')]
            .map(i => [i.getAttribute('alt') || '',
                       (i.getAttribute('src') || '').slice(-40)]);
          const maths = [...document.querySelectorAll('.math')];
          const rules = sheet => [...sheet.cssRules].flatMap(r =>
            r.styleSheet ? rules(r.styleSheet) : r.cssRules ? [r, ...rules(r)] : [r]);
          const locks = [...document.styleSheets].flatMap(rules)
            .filter(r => r.conditionText && /orientation/.test(r.conditionText))
            .map(r => (r.parentStyleSheet.href || 'inline') + ' ' + r.conditionText);
          return {
            lang: document.documentElement.lang,
            locks: locks,
            heads: heads,
            alts: alts,
            maths: maths.length,
            unread: maths.filter(m => !m.querySelector('math') ||
                m.querySelector('math').closest('[aria-hidden="true"]'))
              .map(m => m.textContent.slice(0, 40)),
          };
        }"""
    )
    assert facts["lang"] == "en", f"{where}: <html lang={facts['lang']!r}>"
    # WCAG 1.3.4: nothing that depends on the screen's orientation (see axe_run).
    assert not facts["locks"], f"{where}: orientation queries {facts['locks'][:3]}"
    check_headings(facts["heads"], where)
    for alt, src in facts["alts"]:
        assert describes(alt), f"{where}: image {src}: alt text {alt!r} says too little"
    assert not facts["unread"], (
        f"{where}: formulas without assistive MathML: {facts['unread'][:3]}"
    )
    return facts


def check_headings(heads, where):
    """One h1, first; no level skipped on the way down (h2 then h4)."""
    levels = [level for level, _ in heads]
    assert levels and levels[0] == 1, (
        f"{where}: the first heading is not h1: {heads[:2]}"
    )
    assert levels.count(1) == 1, f"{where}: {levels.count(1)} h1 headings"
    for (a, _), (b, text) in zip(heads, heads[1:], strict=False):
        assert b <= a + 1, f"{where}: h{a} then h{b} ({text!r}): a level skipped"


def describes(alt):
    """True when an alt text can say what an image shows: words, not a label."""
    alt = alt.strip()
    return len(alt.split()) >= MIN_ALT_WORDS and not NON_DESCRIPTIVE_ALT.search(alt)


def check_keyboard(page, where, walk=TAB_WALK):
    """Skip link first; every control reachable by Tab, with a visible focus ring.

    Every visible control must be in the Tab order (``tabIndex`` >= 0, not
    disabled) and show a ring when focused from the keyboard. Then Tab itself walks
    the first ``walk`` stops (header and navigation), each of which must differ and
    show its ring; ``walk=0`` leaves the walk out (e.g. in a second theme).
    """
    page.evaluate(_FROM_THE_TOP)
    page.keyboard.press("Tab")  # also puts the browser in keyboard mode
    first = page.evaluate(
        "() => [document.activeElement.textContent.trim(), "
        "document.activeElement.getAttribute('href')]"
    )
    assert first == ["Skip to main content", "#main-content"], (
        f"{where}: Tab goes first to {first}, not to a skip link"
    )
    # It slides into view (0.15 s): then it must be on screen.
    page.wait_for_function(
        """() => { const r = document.activeElement.getBoundingClientRect();
             return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }""",
        timeout=2000,
    )
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    assert page.evaluate("() => !!document.activeElement.closest('main')"), (
        f"{where}: after the skip link, Tab does not go into the main content"
    )
    rings = page.evaluate(_RINGS_JS, [CONTROLS, MIN_RING_CONTRAST, False])
    assert rings["controls"] > 0, f"{where}: no controls found"
    assert not rings["unreachable"], (
        f"{where}: controls out of Tab's reach: {rings['unreachable'][:5]}"
    )
    assert not rings["ringless"], (
        f"{where}: no visible focus ring on {rings['ringless'][:5]}"
    )
    page.evaluate(_FROM_THE_TOP)
    stops = []
    for _ in range(walk):
        page.keyboard.press("Tab")
        stops.append(page.evaluate(_RINGS_JS, [None, MIN_RING_CONTRAST, True]))
    names = [stop["name"] for stop in stops]
    assert len(set(names)) == len(names), f"{where}: Tab is stuck: {names}"
    ringless = [stop["name"] for stop in stops if not stop["ring"]]
    assert not ringless, f"{where}: Tab shows no focus ring on {ringless}"
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    return rings


# Tab starts from the last focused element: start it from the top of the page.
_FROM_THE_TOP = """() => { const html = document.documentElement;
  window.scrollTo(0, 0); html.tabIndex = -1; html.focus({preventScroll: true});
  html.removeAttribute('tabindex'); }"""

# Every visible control: reachable (tabIndex >= 0, not disabled) and, focused from
# the keyboard, drawn with an outline or a box-shadow ring that stands out 3:1
# against what surrounds it.
_RINGS_JS = """([selector, minContrast, focused]) => {
  const lum = css => {
    const c = (css.match(/[\\d.]+/g) || [0, 0, 0]).slice(0, 3).map(v => +v / 255)
      .map(v => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
  };
  const contrast = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  // The ring is drawn around the control: against its ancestors' backgrounds,
  // the translucent ones laid over the first opaque one.
  const rgba = css => {
    const v = (css.match(/[\\d.]+/g) || []).map(Number);
    return [v[0] || 0, v[1] || 0, v[2] || 0, v.length > 3 ? v[3] : 1];
  };
  const around = e => {
    const layers = [];
    for (let a = e.parentElement; a; a = a.parentElement) {
      const c = rgba(getComputedStyle(a).backgroundColor);
      if (c[3] > 0) { layers.push(c); if (c[3] >= 1) { break; } }
    }
    let rgb = [255, 255, 255];
    for (const c of layers.reverse()) {
      rgb = rgb.map((x, i) => c[i] * c[3] + x * (1 - c[3]));
    }
    return `rgb(${rgb.join(', ')})`;
  };
  const name = e => e.tagName.toLowerCase()
    + (e.className && e.className.baseVal === undefined
    ? '.' + String(e.className).trim().split(/\\s+/).slice(0, 2).join('.') : '')
    + ' "' + (e.getAttribute('aria-label') || e.textContent).trim().slice(0, 30) + '"';
  const ring = e => {
    const s = getComputedStyle(e);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1
      && contrast(s.outlineColor, around(e)) >= minContrast;
    const shadow = s.boxShadow !== 'none'
      && contrast(s.boxShadow, around(e)) >= minContrast;
    return outline || shadow ? '' : ` (outline ${s.outlineStyle} ${s.outlineWidth}`
      + ` ${s.outlineColor} on ${around(e)})`;
  };
  if (focused) {
    const e = document.activeElement;
    const top = Math.round(e.getBoundingClientRect().top);
    return {name: name(e) + ' at ' + top, ring: !ring(e)};
  }
  const controls = [...document.querySelectorAll(selector)].filter(e =>
    e.checkVisibility({visibilityProperty: true})
    && !e.closest('[inert], [aria-hidden=true]') && !e.disabled
    && e.getClientRects().length);
  const unreachable = controls.filter(e => e.tabIndex < 0).map(name);
  const ringless = [];
  for (const e of controls) {
    e.focus({preventScroll: true});
    if (document.activeElement === e && ring(e)) { ringless.push(name(e) + ring(e)); }
  }
  document.activeElement.blur();
  return {controls: controls.length, unreachable, ringless};
}"""


def check_reduced_motion(page, where):
    """With prefers-reduced-motion, no player plays by itself or animates a change."""
    page.emulate_media(reduced_motion="reduce")
    try:
        moving = page.evaluate(
            """() => [...document.querySelectorAll('.lc-player')].flatMap((p, k) => {
                 const found = [];
                 if (p.getAttribute('data-frame') !== '0') {
                   found.push(`player ${k} started by itself`);
                 }
                 for (const e of [p, ...p.querySelectorAll('*')]) {
                   const s = getComputedStyle(e);
                   const most = v => Math.max(...v.split(',').map(parseFloat));
                   const t = most(s.transitionDuration), a = most(s.animationDuration);
                   if (t > 0 || (s.animationName !== 'none' && a > 0)) {
                     found.push(`player ${k}: ${e.tagName.toLowerCase()} animates`);
                   }
                 }
                 return found;
               })"""
        )
    finally:
        page.emulate_media(reduced_motion="no-preference")
    assert not moving, f"{where}: {moving[:5]}"
