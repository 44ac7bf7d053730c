"""Only what a page uses: the theme's icons as inline SVG, no icon-font script.

pydata-sphinx-theme draws its two dozen icons (``<i class="fa-solid fa-bars">``)
with Font Awesome's JavaScript, 1.45 MB that every page downloads, parses and runs
on the main thread to swap each ``<i>`` for an ``<svg>``. This extension does that
swap once, at build time, from the same file (so the icons are the theme's own, at
its version), and leaves the script off the page. ``_static/lc-icons.css`` carries
the few rules Font Awesome's script injected for the SVGs.

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
_ICON = re.compile(r'<(i|span) class="([^"]*\bfa[a-z-]*\b[^"]*)"([^>]*)>\s*</\1>')
_NOT_NAMES = {"fa-lg", "fa-xs", "fa-sm", "fa-xl", "fa-fw", "fa-2x", "fa-spin"}
STOPPED = ("prf-prf.html",)


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

    return _ICON.sub(one, page)


def _drop_icon_script(app, pagename, templatename, context, doctree):
    scripts = context.get("script_files")
    if scripts:
        context["script_files"] = [
            js
            for js in scripts
            if "fontawesome" not in str(getattr(js, "filename", js))
        ]


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
    for path in outdir.rglob("*.html"):
        if "_static" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        new = inline_icons(text, table)
        if new != text:
            path.write_text(new, encoding="utf-8")


def _keep_module_index_only(app, config):
    config.html_domain_indices = ["py-modindex"]


def setup(app):
    app.connect("config-inited", _keep_module_index_only)
    app.connect("html-page-context", _drop_icon_script, priority=900)
    app.connect("build-finished", _rewrite_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
