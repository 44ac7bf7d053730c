"""Only what a page uses: the theme's icons as inline SVG, no icon-font script.

pydata-sphinx-theme draws its two dozen icons (``<i class="fa-solid fa-bars">``)
with Font Awesome's JavaScript, 1.45 MB that every page downloads, parses and runs
on the main thread to swap each ``<i>`` for an ``<svg>``. This extension does that
swap once, at build time, from the same file (so the icons are the theme's own, at
its version), and leaves the script off the page. ``_static/lc-lean.css`` carries
the few rules Font Awesome's script injected for the SVGs.

Figures: every figure of the book (``_images/``) gets the ``width`` and
``height`` of its file, so the page keeps its place before it arrives (no layout
shift), and loads lazily, when the reader nears it. (The theme's logos are sized
by its stylesheet.)

Code cells: Pygments wraps every token in a ``<span>``, a third of a chapter's
elements; names, punctuation and whitespace are drawn in the code block's own
colour in both themes (``pygments.css``, checked here), so their spans go and the
text stays, looking the same.

The notebooks' widget state (``application/vnd.jupyter.widget-state+json``, up to
125 KB a chapter) goes too: the site renders no widget (each player is its HTML
fallback, and no widget manager is loaded), so nothing reads it.

It also stops serving sphinx-proof's label index ``prf-prf.html`` (it listed
labels such as ``cor-ch3-r2``, not numbered titles, and failed contrast in dark
mode; nothing links to it): ``html_domain_indices`` keeps Python's module index
only, and a page left by an earlier build is removed.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from pathlib import Path

FONT_AWESOME = "scripts/fontawesome.js"
# Font Awesome's packs in its script: each ends with the call that defines it.
_PACKS = {"fab": "fa-brands", "far": "fa-regular", "fas": "fa-solid"}
_PREFIX = {
    "fab": "fab",
    "fa-brands": "fab",
    "far": "far",
    "fa-regular": "far",
    "fas": "fas",
    "fa-solid": "fas",
}
_ENTRY = re.compile(
    r'[{,](?:"([a-z0-9-]+)"|([a-z0-9]+)):\[(\d+),(\d+),\[([^\]]*)\],"[0-9a-f]*",'
    r'"((?:[^"\\]|\\.)*)"\]'
)
# The theme's template writes this tag itself (it is not one of Sphinx's scripts).
_ICON_SCRIPT = re.compile(
    r'\s*<script [^>]*src="[^"]*scripts/fontawesome\.js[^"]*"></script>'
)
_ICON = re.compile(r'<(i|span) class="([^"]*\bfa[a-z-]*\b[^"]*)"([^>]*)>\s*</\1>')
_NOT_NAMES = {"fa-lg", "fa-xs", "fa-sm", "fa-xl", "fa-fw", "fa-2x", "fa-spin"}
STOPPED = ("prf-prf.html",)
_BLOCK = re.compile(r'<div class="highlight">.*?</pre>', re.S)
_RULE = re.compile(
    r'html\[data-theme="(light|dark)"\] \.highlight(?: \.([a-z0-9]+))? '
    r"\{ *([^}]*?) *\}"
)


_IMG = re.compile(r"<img\s([^>]*?)\s*/?>")
_SRC = re.compile(r'\ssrc="([^"]+)"')
_SVG_SIZE = re.compile(r'<svg[^>]*?viewBox="[\d.-]+ [\d.-]+ ([\d.]+) ([\d.]+)"', re.S)


def image_size(path):
    """``(width, height)`` in CSS pixels of a PNG, JPEG, GIF, WebP or SVG file."""
    if path.suffix == ".svg":
        match = _SVG_SIZE.search(path.read_text(encoding="utf-8", errors="replace"))
        return (round(float(match[1])), round(float(match[2]))) if match else None
    from PIL import Image

    with Image.open(path) as image:
        return image.size


def webp_of(path):
    """The lossless WebP copy of the PNG ``path`` (made once, beside it), or None
    when WebP is not smaller. The PNG stays: the notebooks and decks may name it."""
    target = path.with_suffix(".webp")
    if not target.is_file() or target.stat().st_mtime < path.stat().st_mtime:
        from PIL import Image

        with Image.open(path) as image:
            image.save(target, "WEBP", lossless=True, method=4)
    return target if target.stat().st_size < path.stat().st_size else None


def sized_images(page, folder):
    """``page`` (in ``folder``) with width, height and lazy loading on its figures,
    each served as WebP where that is smaller than its PNG (lossless: 60 % less)."""

    def one(match):
        attrs = " " + match.group(1)
        src = _SRC.search(attrs)
        if src is None or " width=" in attrs or "_images/" not in src.group(1):
            return match.group(0)
        path = folder / html.unescape(src.group(1)).split("?")[0]
        size = image_size(path) if path.is_file() else None
        if size is None:
            return match.group(0)
        if path.suffix == ".png" and "lc-frames" not in path.parts:
            webp = webp_of(path)
            if webp is not None:
                new = src.group(1).replace(path.name, webp.name)
                attrs = attrs.replace(src.group(0), f' src="{new}"')
        lazy = "" if " loading=" in attrs else ' loading="lazy" decoding="async"'
        return f'<img{attrs} width="{size[0]}" height="{size[1]}"{lazy}>'

    return _IMG.sub(one, page)


# Drawn in the code's own colour on the site, as GitHub and the Python docs do:
# operators are a sixth of a chapter's elements (a thousand spans).
UNCOLOURED = {"o"}


def plain_token_classes(css):
    """Pygments classes styled only with the block's own colour, in both themes,
    and those of :data:`UNCOLOURED`."""
    base, styled = {}, {}
    for theme, cls, body in _RULE.findall(css):
        decls = dict(
            (k.strip(), v.strip())
            for k, v in (d.split(":", 1) for d in body.split(";") if ":" in d)
        )
        if not cls:
            base[theme] = decls.get("color")
        else:
            styled.setdefault(cls, {})[theme] = decls
    plain = set()
    for cls, themes in styled.items():
        if set(themes) == {"light", "dark"} and all(
            set(themes[t]) == {"color"} and themes[t]["color"] == base.get(t)
            for t in themes
        ):
            plain.add(cls)
    return plain | (UNCOLOURED & set(styled))


_WIDGET_STATE = re.compile(
    r'\s*<script type="application/vnd\.jupyter\.widget-state\+json">.*?</script>',
    re.S,
)
# A word with no break opportunity inside it under Unicode's line-breaking rules
# (UAX 14: none between letters, digits, "_" and "."; none after an opening or
# before a closing bracket or a comma; none inside a one-character operator or
# "<=", "+=", "**"): its ``span.pre``, which only stops breaks inside a word, does
# nothing. "||w||" or "a-b" may break, and keep theirs.
_PRE_WORD = re.compile(
    r'<span class="pre">([A-Za-z0-9_.()\[\],]+|[-=+*/!]|&[lg]t;|'
    r"(?:[=+*!]|&[lg]t;)=|\*\*)</span>"
)


def unwrap_literals(page):
    """Inline code and signatures without Sphinx's per-word ``span.pre`` where the
    word cannot break anyway; a word that could (``array-like``) keeps it."""
    return _PRE_WORD.sub(r"\1", page)


# Pygments opens every block with an empty span; a glued number is a span of its
# own. Neither is styled or read by a script: the text stays, the element goes.
_EMPTY_OPENING = re.compile(r"<pre><span></span>")
_PASTED = re.compile(r'<span class="pasted-text">([^<]*)</span>')


def unwrap_glue_and_empties(page):
    """``page`` without Pygments' empty opening spans and glued numbers' spans."""
    return _PASTED.sub(r"\1", _EMPTY_OPENING.sub("<pre>", page))


def unwrap_tokens(page, plain):
    """``page`` with the spans of ``plain`` token classes in code blocks removed."""
    if not plain:
        return page
    names = "|".join(sorted(plain))
    span = re.compile(rf'<span class="(?:{names})">([^<]*)</span>')
    return _BLOCK.sub(lambda block: span.sub(r"\1", block.group(0)), page)


@lru_cache(maxsize=4)
def icon_table(script_path):
    """``{(prefix, name): (width, height, path)}`` from Font Awesome's script."""
    text = Path(script_path).read_text(encoding="utf-8")
    table, start = {}, 0
    calls = {prefix: f'd("{prefix}",' for prefix in _PACKS}
    ends = sorted((text.index(c), p) for p, c in calls.items() if c in text)
    for end, prefix in ends:
        for m in _ENTRY.finditer(text, start, end):
            name = m.group(1) or m.group(2)
            width, height, aliases, path = m.group(3, 4, 5, 6)
            entry = (int(width), int(height), path)
            table.setdefault((prefix, name), entry)
            for alias in re.findall(r'"([a-z0-9-]+)"', aliases):
                table.setdefault((prefix, alias), entry)
        start = end
    return table


def svg_for(classes, attrs, table):
    """The inline SVG of a Font Awesome ``<i>``; None when it names no known icon."""
    names = classes.split()
    prefix = next((_PREFIX[c] for c in names if c in _PREFIX), None)
    icon = next(
        (
            c[3:]
            for c in names
            if c.startswith("fa-") and c not in _NOT_NAMES and c not in _PREFIX
        ),
        None,
    )
    if prefix is None or icon is None or (prefix, icon) not in table:
        return None
    width, height, path = table[(prefix, icon)]
    kept = " ".join(c for c in names if c not in _PREFIX)
    return (
        f'<svg class="svg-inline--fa {html.escape(kept)}"{attrs} aria-hidden="true" '
        f'focusable="false" role="img" viewBox="0 0 {width} {height}">'
        f'<path fill="currentColor" d="{path}"></path></svg>'
    )


def inline_icons(page, table):
    """``page`` with every Font Awesome ``<i>``/``<span>`` it can draw as SVG."""

    def one(match):
        svg = svg_for(match.group(2), match.group(3), table)
        return svg if svg is not None else match.group(0)

    return _ICON_SCRIPT.sub("", _ICON.sub(one, page))


def lean(page, folder, table, plain):
    """Every rewrite of this module, on one page that lives in ``folder``."""
    page = unwrap_tokens(inline_icons(page, table), plain)
    page = sized_images(unwrap_glue_and_empties(unwrap_literals(page)), folder)
    return _WIDGET_STATE.sub("", page)


def _rewrite_pages(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    for name in STOPPED:
        (outdir / name).unlink(missing_ok=True)
    script = outdir / "_static" / FONT_AWESOME
    if not script.is_file():
        return
    table = icon_table(str(script))
    css = outdir / "_static" / "pygments.css"
    plain = plain_token_classes(css.read_text("utf-8")) if css.is_file() else set()
    for path in outdir.rglob("*.html"):
        if "_static" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        new = lean(text, path.parent, table, plain)
        if new != text:
            path.write_text(new, encoding="utf-8")


def _keep_module_index_only(app, config):
    config.html_domain_indices = ["py-modindex"]


def setup(app):
    app.connect("config-inited", _keep_module_index_only)
    # After pydata-sphinx-theme's own handler (500) has written the two themes'
    # pygments.css, which says which code tokens are plain.
    app.connect("build-finished", _rewrite_pages, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
