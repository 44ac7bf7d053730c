"""Sphinx extension: an animated GIF of every player, and a link to download it.

When a chapter page is written, each kernel-free player on it (``div.lc-player``,
see ``linclass._player_html``) is turned into ``_images/<chapter>-player-<k>.gif``:
the frames the page's player shows, with its title and captions, through
``linclass.Player``'s own animation code. A "Download animation" link goes under
the player; nothing autoplays (the player stays the interactive version).

A GIF is encoded again only when its player changed: the hash of the player's
frames is kept in ``lc-animations.json`` beside Sphinx's doctrees.
"""

from __future__ import annotations

import base64
import hashlib
import html
import io
import json
import re
from pathlib import Path

import numpy as np
from docutils import nodes
from PIL import Image

from linclass._player_anim import compose_frames, encode_animation
from tools.book.steps import write_atomic

FPS = 2.0
MANIFEST = "lc-animations.json"
_DATA = re.compile(
    r'<script type="application/json" class="lc-data">(.*?)</script>', re.S
)
_STAGE = re.compile(r"background-image:url\(data:image/png;base64,([^)]+)\)")
_manifest = {}  # file name -> hash of the player it was made from
_TITLE = re.compile(r'<div class="lc-title">(.*?)</div>', re.S)


def _png(b64, mode):
    return Image.open(io.BytesIO(base64.b64decode(b64))).convert(mode)


def player_frames(fragment):
    """The frames of a kernel-free player as its page shows them.

    Returns
    -------
    images : list of ndarray (h, w, 3)
        Each frame's layer over the stage background.
    captions : list of str
    title : str
    """
    data = json.loads(_DATA.search(fragment).group(1))
    stage = _STAGE.search(fragment)
    title = _TITLE.search(fragment)
    base = _png(stage.group(1), "RGBA") if stage else None
    images = []
    for k in data["index"]:
        layer = _png(data["images"][k], "RGBA")
        if base is not None:
            layer = Image.alpha_composite(base, layer)
        images.append(np.asarray(layer.convert("RGB")))
    return images, data["captions"], html.unescape(title.group(1)) if title else ""


def alt_text(title, captions, n=None):
    """What the animation shows, for the link's name and the GIF's comment."""
    what = title or "Animated figure"
    n = len(captions) if n is None else n
    return f"{what}, {n} frames: from {captions[0]!r} to {captions[-1]!r}"


def write_animation(fragment, target, manifest):
    """Write ``target`` for the player ``fragment`` unless it is up to date.

    Returns the player's title and its first and last captions and frame count,
    kept in ``manifest`` so an unchanged player is not even decoded.
    """
    key = hashlib.sha256(_DATA.search(fragment).group(1).encode()).hexdigest()
    entry = manifest.get(target.name)
    if entry is None or entry["key"] != key or not target.exists():
        images, captions, title = player_frames(fragment)
        frames = compose_frames(images, captions, title)
        data = encode_animation(frames, "GIF", FPS, comment=alt_text(title, captions))
        write_atomic(target, data)
        entry = manifest[target.name] = {
            "key": key,
            "title": title,
            "captions": [captions[0], captions[-1]],
            "n": len(captions),
        }
    return entry


def _players(doctree):
    for node in doctree.findall(nodes.raw):
        if node.get("format") == "html" and 'class="lc-player"' in node.astext():
            yield node


def _link(href, entry, size):
    title, n = entry["title"], entry["n"]
    name = f"Download animation of {title or 'the player'} (GIF, {n} frames)"
    desc = html.escape(alt_text(title, entry["captions"], n))
    return (
        f'<p class="lc-animation"><a href="{html.escape(href)}" download '
        f'aria-label="{html.escape(name)}" title="{desc}">Download animation</a> '
        f"(GIF, {n} frames, {size / 1e6:.1f} MB)</p>"
    )


def add_animations(app, doctree, docname):
    if app.builder.format != "html":
        return
    up = "../" * docname.count("/")
    for k, node in enumerate(_players(doctree), start=1):
        name = f"{Path(docname).name}-player-{k}.gif"
        target = Path(app.outdir) / "_images" / name
        entry = write_animation(node.astext(), target, _manifest)
        link = _link(f"{up}_images/{name}", entry, target.stat().st_size)
        node.parent.insert(
            node.parent.index(node) + 1, nodes.raw("", link, format="html")
        )


def _manifest_path(app):
    return Path(app.doctreedir) / MANIFEST


def load_manifest(app):
    path = _manifest_path(app)
    _manifest.clear()
    if path.exists():
        _manifest.update(json.loads(path.read_text()))


def save_manifest(app, exception):
    if exception is None and _manifest:
        _manifest_path(app).write_text(json.dumps(_manifest, indent=1))


def setup(app):
    app.connect("builder-inited", load_manifest)
    app.connect("doctree-resolved", add_animations)
    app.connect("build-finished", save_manifest)
    return {"parallel_read_safe": True, "parallel_write_safe": False}
