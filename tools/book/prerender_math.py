"""The maths typeset once, at build time: MathML in the page, no typesetter script.

Sphinx writes every formula as TeX in ``span.math`` (inline) and ``div.math``
(display) for MathJax to typeset in the reader's browser, on every visit: 1.1 MB
of script and thousands of DOM nodes a chapter. This extension runs MathJax 3 in
Node once per build instead (``tools/mathjax/tex2mml.js``, installed by ``npm ci``
from ``tools/mathjax/package-lock.json``) and writes the formula as MathML, which
Chromium, Firefox and Safari render natively and screen readers read as maths.
The ``span``/``div`` stay (the slides and the print edition find formulas by them);
their TeX becomes ``<math>``.

Two things MathML Core (what Chromium implements) leaves to the author are done here:

- ``mathvariant`` other than ``normal`` is not rendered, so ``\\mathbf{w}`` would
  lose its bold: such letters become the Unicode mathematical alphanumerics
  (𝐰, 𝛍, ℝ, 𝓛) that the browser draws directly;
- stretchy brackets, roots and the layout of fractions need a font with an
  OpenType MATH table: the site serves Noto Sans Math (SIL OFL, from the npm
  package ``@fontsource/noto-sans-math``), cut down to the characters the book
  uses (``lc-math.woff``), with ``_static/lc-math.css``.

Results are cached by formula in ``_build/.math-cache.json``, so a build converts
only formulas it has not seen; the TeX that MathJax cannot read fails the build
with the page and the formula.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
import subprocess
from pathlib import Path

from sphinx.errors import ExtensionError

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "mathjax"
SCRIPT = TOOL / "tex2mml.js"
FONT = TOOL / "node_modules/@fontsource/noto-sans-math/files"
FONT_SOURCE = FONT / "noto-sans-math-latin-400-normal.woff"
CACHE = ROOT / "_build" / ".math-cache.json"

# Sphinx's markup for MathJax: the TeX between \( \) or \[ \], HTML-escaped.
_INLINE = re.compile(
    r'(<span class="math notranslate nohighlight">)\\\((.*?)\\\)(</span>)', re.S
)
_DISPLAY = re.compile(
    r'(<div class="math notranslate nohighlight"[^>]*>(?:\s*<span class="eqno">'
    r".*?</span>)?\s*)\\\[(.*?)\\\](\s*</div>)",
    re.S,
)
_MATHJAX_SCRIPT = re.compile(r"mathjax", re.I)
_DISPLAY_DIV = '<div class="math notranslate nohighlight"'


def _nodes_path():
    return TOOL / "node_modules" / "mathjax-full"


def _require_tool():
    if not _nodes_path().is_dir() or not FONT_SOURCE.is_file():
        raise ExtensionError(
            f"MathJax for the build is not installed in {TOOL}: run "
            f"`npm ci --prefix {TOOL}` (make book does it; it needs Node.js 18+)"
        )
    if shutil.which("node") is None:
        raise ExtensionError("Node.js (`node`) is needed to typeset the maths")


def _tool_digest():
    # The cache holds tidied MathML: this module's changes invalidate it too.
    parts = (TOOL / "package-lock.json", SCRIPT, Path(__file__))
    return hashlib.sha256(b"".join(p.read_bytes() for p in parts)).hexdigest()[:16]


def load_cache(path=CACHE):
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data["mml"] if data.get("tool") == _tool_digest() else {}


def save_cache(mml, path=CACHE):
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps({"tool": _tool_digest(), "mml": mml}, sort_keys=True)
    path.write_text(text, encoding="utf-8")


def _key(tex, display):
    return ("D" if display else "I") + tex


def typeset(requests):
    """MathML for each ``(tex, display)``, from one run of MathJax in Node."""
    _require_tool()
    lines = "".join(json.dumps({"tex": t, "display": d}) + "\n" for t, d in requests)
    run = subprocess.run(
        ["node", str(SCRIPT)], input=lines, capture_output=True, text=True, check=False
    )
    answers = run.stdout.splitlines()
    if run.returncode or len(answers) != len(requests):
        raise ExtensionError(f"tex2mml.js failed:\n{run.stderr[-2000:]}")
    out = {}
    for (tex, display), line in zip(requests, answers, strict=True):
        answer = json.loads(line)
        if "error" in answer:
            problem = answer["error"]
            raise ExtensionError(f"MathJax cannot read the TeX {tex!r}: {problem}")
        out[_key(tex, display)] = tidy(answer["mml"])
    return out


# --- MathML for MathML Core ------------------------------------------------------

_LATIN = {  # mathvariant: (A, a, 0) code points of the Unicode maths alphabets
    "bold": (0x1D400, 0x1D41A, 0x1D7CE),
    "italic": (0x1D434, 0x1D44E, None),
    "bold-italic": (0x1D468, 0x1D482, None),
    "script": (0x1D49C, 0x1D4B6, None),
    "bold-script": (0x1D4D0, 0x1D4EA, None),
    "fraktur": (0x1D504, 0x1D51E, None),
    "double-struck": (0x1D538, 0x1D552, 0x1D7D8),
    "bold-fraktur": (0x1D56C, 0x1D586, None),
    "sans-serif": (0x1D5A0, 0x1D5BA, 0x1D7E2),
    "bold-sans-serif": (0x1D5D4, 0x1D5EE, 0x1D7EC),
    "sans-serif-italic": (0x1D608, 0x1D622, None),
    "monospace": (0x1D670, 0x1D68A, 0x1D7F6),
}
_GREEK = {"bold": 0x1D6A8, "italic": 0x1D6E2, "bold-italic": 0x1D71C}
# After the capitals (Alpha to Omega, 25 places): nabla, alpha to omega, then
# partial and the variant forms epsilon, theta, kappa, phi, rho, pi.
_GREEK_TAIL = (
    "\u2207"
    + "".join(map(chr, range(0x3B1, 0x3CA)))
    + "\u2202\u03f5\u03d1\u03f0\u03d5\u03f1\u03d6"
)
# Letters that Unicode had before the maths block (the block leaves holes there).
_HOLES = {
    ("italic", "h"): "\u210e",
    **{("script", c): u for c, u in zip("BEFHILMReog", "ℬℰℱℋℐℒℳℛℯℊℴ", strict=True)},
    **{("fraktur", c): u for c, u in zip("CHIRZ", "ℭℌℑℜℨ", strict=True)},
    **{("double-struck", c): u for c, u in zip("CHNPQRZ", "ℂℍℕℙℚℝℤ", strict=True)},
}


def styled(char, variant):
    """``char`` in the Unicode maths alphabet of ``variant`` (itself if none)."""
    if (variant, char) in _HOLES:
        return _HOLES[(variant, char)]
    code = ord(char)
    if variant in _LATIN:
        upper, lower, digit = _LATIN[variant]
        if "A" <= char <= "Z":
            return chr(upper + code - 65)
        if "a" <= char <= "z":
            return chr(lower + code - 97)
        if digit is not None and "0" <= char <= "9":
            return chr(digit + code - 48)
    if variant in _GREEK:
        if 0x391 <= code <= 0x3A9:
            return chr(_GREEK[variant] + code - 0x391)
        if char in _GREEK_TAIL:
            return chr(_GREEK[variant] + 25 + _GREEK_TAIL.index(char))
    return char


_TOKEN = re.compile(
    r'<(mi|mn|mo|mtext)([^>]*?) mathvariant="([a-z-]+)"([^>]*)>([^<]*)</\1>'
)


def _restyle(match):
    name, before, variant, after, text = match.groups()
    if variant == "normal":
        return match.group(0)
    chars = "".join(styled(c, variant) for c in html.unescape(text))
    if variant == "italic" and name == "mi" and len(text) == 1:
        return f"<mi{before}{after}>{html.escape(text, quote=False)}</mi>"
    return f"<{name}{before}{after}>{html.escape(chars, quote=False)}</{name}>"


_LABELED = re.compile(r"<mlabeledtr><mtd([^>]*)>(.*?)</mtd>(.*?)</mlabeledtr>", re.S)


def tidy(mml):
    """MathJax's serialised MathML, as MathML Core renders it, and short."""
    mml = re.sub(r">\s+<", "><", mml.strip())
    mml = mml.replace(' xmlns="http://www.w3.org/1998/Math/MathML"', "")
    mml = re.sub(r' data-mjx-[a-z-]+="[^"]*"', "", mml)
    mml = _TOKEN.sub(_restyle, mml)
    # An mrow around one letter or number is that letter or number (MathML's
    # inferred mrow): one element less per bold vector, and there are hundreds.
    mml = re.sub(r"<mrow>(<(mi|mn)>[^<]*</\2>)</mrow>", r"\1", mml)
    # MathML Core has no mlabeledtr (a \tag): Chromium draws its cells one under
    # the other. A plain row with the label last, as LaTeX puts it.
    mml = _LABELED.sub(r'<mtr>\3<mtd class="lc-tag"\1>\2</mtd></mtr>', mml)
    # Entities to characters: the pages are UTF-8, and the font is cut by them.
    return re.sub(r"&#x([0-9A-Fa-f]+);", _char_ref, mml)


def _char_ref(match):
    char = chr(int(match.group(1), 16))
    return html.escape(char, quote=False)


# --- the pages -------------------------------------------------------------------


def formulas(page):
    """Every ``(tex, display)`` of a built page, unescaped."""
    found = [(html.unescape(m.group(2)), False) for m in _INLINE.finditer(page)]
    found += [(html.unescape(m.group(2)), True) for m in _DISPLAY.finditer(page)]
    return found


def rewrite(page, mml):
    """``page`` with its TeX replaced by the MathML in ``mml``."""

    def sub(display):
        def one(match):
            tex = html.unescape(match.group(2))
            head = match.group(1)
            if display:  # a wide formula scrolls on a phone: Tab must reach it
                head = head.replace(_DISPLAY_DIV, _DISPLAY_DIV + ' tabindex="0"', 1)
            return head + mml[_key(tex, display)] + match.group(3)

        return one

    page = _INLINE.sub(sub(False), page)
    return _DISPLAY.sub(sub(True), page)


def typeset_pages(paths, cache_path=CACHE):
    """Replace the TeX of every page in ``paths`` by MathML; return the MathML."""
    cache = load_cache(cache_path)
    pages = {path: path.read_text(encoding="utf-8") for path in paths}
    wanted = {}
    for text in pages.values():
        for tex, display in formulas(text):
            if _key(tex, display) not in cache:
                wanted.setdefault(_key(tex, display), (tex, display))
    if wanted:
        cache.update(typeset(list(wanted.values())))
        save_cache(cache, cache_path)
    for path, text in pages.items():
        new = rewrite(text, cache)
        if new != text:
            path.write_text(new, encoding="utf-8")
    return cache


def math_chars(outdir):
    """Every character inside a ``<math>`` of the built pages."""
    chars = set()
    for path in Path(outdir).rglob("*.html"):
        for math in re.findall(r"<math[ >].*?</math>", path.read_text("utf-8"), re.S):
            chars.update(html.unescape(re.sub(r"<[^>]*>", "", math)))
    return chars


# Glyphs the browser draws from the font without their being in any formula's text:
# the radical sign of msqrt and mroot (with its size variants, by the MATH table).
DRAWN = "\u221a"


def write_font(outdir, chars):
    """The math font cut down to ``chars`` (and what its MATH table needs)."""
    from fontTools import subset

    target = Path(outdir) / "_static" / "lc-math.woff"
    stamp = target.with_suffix(".chars")
    wanted = "".join(sorted(chars | set("()[]{}|0123456789") | set(DRAWN)))
    if target.is_file() and stamp.is_file() and stamp.read_text("utf-8") == wanted:
        return target
    options = subset.Options()
    options.flavor = "woff"
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    font = subset.load_font(str(FONT_SOURCE), options)
    cutter = subset.Subsetter(options)
    cutter.populate(text=wanted)
    cutter.subset(font)
    subset.save_font(font, str(target), options)
    stamp.write_text(wanted, encoding="utf-8")
    return target


# --- Sphinx ----------------------------------------------------------------------


def _drop_mathjax(app, pagename, templatename, context, doctree):
    """No typesetter on the page: sphinx.ext.mathjax added it (priority 500)."""
    scripts = context.get("script_files")
    if scripts:
        context["script_files"] = [
            js for js in scripts if not _MATHJAX_SCRIPT.search(_js_text(js))
        ]


def _js_text(js):
    filename = getattr(js, "filename", js)
    body = getattr(js, "attributes", {}).get("body", "")
    return f"{filename or ''} {body}"


def _typeset_site(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    paths = [p for p in outdir.rglob("*.html") if "_static" not in p.parts]
    typeset_pages(paths)
    write_font(outdir, math_chars(outdir))


def setup(app):
    app.connect("html-page-context", _drop_mathjax, priority=900)
    app.connect("build-finished", _typeset_site)
    # _static/lc-math.css (the font and MathML Core's gaps) is on every page, as
    # Jupyter Book adds every stylesheet of _static/ by itself.
    return {"parallel_read_safe": True, "parallel_write_safe": True}
