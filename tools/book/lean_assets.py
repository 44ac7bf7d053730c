"""Nothing on a page holds up its first paint but one small stylesheet.

A page of the theme links fifteen stylesheets and a dozen scripts in its ``<head>``,
each one fetched before the browser draws a word: on a phone on a slow line that is
two seconds of a blank page (Lighthouse's "render-blocking resources"). After Sphinx
has written the site (and :mod:`tools.book.lean_pages` has trimmed the pages), this
extension rewrites every page:

- **One stylesheet.** The stylesheets every page links are joined in the pages'
  order (``@import`` resolved, ``url()`` rebased onto ``_static/``) and passed
  through PurgeCSS (``tools/mathjax/purge.mjs``), which drops the rules that no
  page and no script of the site can match: nine tenths of the theme's. The result
  is ``_static/lc-site.css``, linked once, with its checksum.
- **The theme's icon font, subset.** The admonitions' icons are glyphs of Font
  Awesome's 156 KB font; the stylesheet now points at ``_static/lc-icons-*.woff``,
  the same font cut down to the glyphs the stylesheet names.
- **Scripts deferred.** Every script file runs after the page is parsed, in the
  same order as before (``defer``); ``documentation_options.js`` is written into the
  page, because the page's own inline scripts assign to what it defines; a script
  linked twice is linked once.
- **Search's scripts on the search page only.** pydata-sphinx-theme loads Sphinx's
  search index on every page for a search-as-you-type box this site turns off.

The rules that only a script's state switches on (dark mode, open menus) are kept
by the safelist below; ``tests/test_lean_assets.py`` compares every element's
computed style under the original stylesheets and under ``lc-site.css``, in both
themes.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path, PurePosixPath

from sphinx.errors import ExtensionError

PURGE = Path(__file__).resolve().parents[1] / "mathjax" / "purge.mjs"
BUNDLE = "lc-site.css"
THEME = "_static/styles/theme.css"
HEADER = "lc-site.css (tools/book/lean_assets.py), purged by PurgeCSS from:"
SEARCH_SCRIPTS = (
    "_static/searchtools.js",
    "_static/language_data.js",
    "searchindex.js",
)
# Set by the theme's scripts, never written in a page: dark mode and the states of
# its menus and dialogs. And attribute selectors whose value holds a space (MathML's
# columnalign="right left"), which PurgeCSS cannot find as one word in a page.
SAFELIST = {
    "standard": [r"^show$", r"^showing$", r"^collapsing$", r"^fade$", r"^active$"],
    "greedy": [
        r"data-theme",
        r"data-mode",
        r"data-bs-",
        r"aria-",
        r"columnalign",
        r"columnspacing",
    ],
}
# Not served, or read by no page: left out of what PurgeCSS looks for class names in.
_NOT_CONTENT = ("fontawesome", "searchindex.js", "mathjax/", "revealjs/", "vendor/")
_STYLESHEET = re.compile(
    r'[ \t]*<link (?=[^>]*rel="stylesheet")[^>]*href="((?:\.\./)*)_static/([^"?]+\.css)'
    r'(?:\?[^"]*)?"[^>]*>\n?'
)
_IMPORT = re.compile(r'@import\s+(?:url\()?["\']?([^"\')]+)["\']?\)?\s*;')
_URL = re.compile(r'url\(\s*(["\']?)(?!data:|https?:|/|#)([^"\')]+)\1\s*\)')
_SCRIPT = re.compile(r'<script\b([^>]*)\bsrc="([^"]+)"([^>]*)></script>')
_FONT_FACE = re.compile(r"@font-face\{[^}]*\}")
_FA_URL = re.compile(r"url\(vendor/fontawesome/webfonts/(fa-[a-z]+-\d+)\.woff2\)")


def read_css(path, static):
    """The stylesheet at ``path`` with its imports inlined and its urls relative to
    ``static`` (the site's ``_static`` folder)."""
    text = path.read_text(encoding="utf-8")

    def rebase(match):
        target = (path.parent / match.group(2)).resolve()
        try:
            rel = target.relative_to(static.resolve())
        except ValueError:
            return match.group(0)
        return f"url({PurePosixPath(*rel.parts)})"

    def inline(match):
        return read_css((path.parent / match.group(1)).resolve(), static)

    return _URL.sub(rebase, _IMPORT.sub(inline, text))


def linked_stylesheets(page):
    """The ``_static`` stylesheets a page links, in order."""
    return [m.group(2) for m in _STYLESHEET.finditer(page)]


def common_stylesheets(pages):
    """The stylesheets every page links, in the order of the first page."""
    lists = [linked_stylesheets(p) for p in pages]
    lists = [names for names in lists if names]
    if not lists:
        return []
    shared = set(lists[0]).intersection(*map(set, lists[1:]))
    return [name for name in lists[0] if name in shared and name != BUNDLE]


def purge(css, content, safelist=SAFELIST):
    """``css`` without the rules that nothing in ``content`` (file paths) uses."""
    if shutil.which("node") is None:
        raise ExtensionError("Node.js (`node`) is needed to trim the site's CSS")
    request = {"css": css, "content": [str(p) for p in content], "safelist": safelist}
    run = subprocess.run(
        ["node", str(PURGE)],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode != 0 or not run.stdout.strip():
        raise ExtensionError(f"PurgeCSS failed: {run.stderr.strip()[-2000:]}")
    return run.stdout


def icon_codepoints(css):
    """The private-use characters (the icon font's glyphs) a stylesheet names."""
    chars = {ord(c) for c in css if 0xE000 <= ord(c) <= 0xF8FF}
    for escape in re.findall(r"\\(f[0-9a-fA-F]{3})", css):
        chars.add(int(escape, 16))
    return chars


def subset_icon_fonts(css, static):
    """``css`` with each Font Awesome face cut to the glyphs the stylesheet uses,
    written beside it as ``lc-icons-<face>.woff``."""
    from fontTools import subset

    wanted = icon_codepoints(css)

    def one(face):
        match = _FA_URL.search(face.group(0))
        if match is None:
            return face.group(0)
        name = match.group(1)
        source = static / "vendor" / "fontawesome" / "webfonts" / f"{name}.ttf"
        font = subset.load_font(str(source), subset.Options())
        present = wanted & set(font.getBestCmap())
        if not present:
            return ""  # no glyph of this face is used: no face
        options = subset.Options()
        options.flavor = "woff"
        options.layout_features = []
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(present))
        subsetter.subset(font)
        target = static / f"lc-icons-{name}.woff"
        subset.save_font(font, str(target), options)
        digest = hashlib.sha1(target.read_bytes()).hexdigest()[:8]
        src = f'src:url(lc-icons-{name}.woff?v={digest}) format("woff")'
        return re.sub(r"src:[^;}]*", src, face.group(0))

    return _FONT_FACE.sub(one, css)


def bundle(outdir, names, pages):
    """Write ``_static/lc-site.css``; return its checksum."""
    static = outdir / "_static"
    css = "\n".join(
        f"/* {name} */\n" + read_css(static / name, static) for name in names
    )
    content = [
        p
        for p in [*pages, *static.rglob("*.js")]
        if not any(part in p.as_posix() for part in _NOT_CONTENT)
    ]
    css = subset_icon_fonts(purge(css, content), static)
    css = f"/* {HEADER} {' '.join(names)} */\n{css}"
    target = static / BUNDLE
    target.write_text(css, encoding="utf-8")
    return hashlib.sha1(css.encode()).hexdigest()[:8]


def sources(outdir):
    """The stylesheets the bundle in ``outdir`` was made from (its first line)."""
    first = (Path(outdir) / "_static" / BUNDLE).read_text(encoding="utf-8")
    first = first.split("\n", 1)[0]
    if HEADER not in first:
        raise ValueError(f"{BUNDLE} does not say what it was made from")
    return first.split(HEADER, 1)[1].rstrip(" */").split()


def relink(page, names, digest):
    """``page`` linking the bundle, once, in place of the stylesheets ``names``."""
    first = True

    def stylesheet(match):
        nonlocal first
        if match.group(2) not in names and match.group(2) != BUNDLE:
            return match.group(0)
        if not first:
            return ""
        first = False
        href = f"{match.group(1)}_static/{BUNDLE}?v={digest}"
        return f'    <link rel="stylesheet" href="{href}" />\n'

    return _STYLESHEET.sub(stylesheet, page)


def defer_scripts(page, search_page=False, options_js=None):
    """Every script file of ``page`` deferred, once, in order; see the module."""
    seen = set()

    def one(match):
        before, src, after = match.groups()
        path = src.split("?")[0]
        if path in seen:
            return ""
        seen.add(path)
        if not search_page and path.endswith(SEARCH_SCRIPTS):
            return ""
        if path.endswith("_static/documentation_options.js") and options_js:
            return f"<script>{options_js}</script>"
        attrs = before + after
        if re.search(r"\b(defer|async)\b|type=\"module\"", attrs):
            return match.group(0)
        return f'<script{before}src="{src}" defer{after}></script>'

    return _SCRIPT.sub(one, page)


def _rewrite(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    paths = [p for p in outdir.rglob("*.html") if "_static" not in p.parts]
    texts = {p: p.read_text(encoding="utf-8") for p in paths}
    # The theme's pages (not the slide decks, which have their own styles); those
    # Sphinx wrote in this build still link the originals (an incremental build
    # writes only some), the others the bundle of an earlier build.
    texts = {p: t for p, t in texts.items() if THEME in t or BUNDLE in t}
    names = common_stylesheets(t for t in texts.values() if THEME in t)
    if not names:
        return
    digest = bundle(outdir, names, paths)
    options = outdir / "_static" / "documentation_options.js"
    options_js = options.read_text(encoding="utf-8") if options.is_file() else None
    for path, text in texts.items():
        new = relink(text, names, digest)
        new = defer_scripts(new, path.name == "search.html", options_js)
        if new != text:
            path.write_text(new, encoding="utf-8")


def setup(app):
    # After lean_pages (900): the pages it wrote are the ones PurgeCSS reads.
    app.connect("build-finished", _rewrite, priority=950)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
