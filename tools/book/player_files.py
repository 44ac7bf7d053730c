"""A player costs nothing until it is looked at: its frames as files, fetched late.

``linclass.Player`` writes a self-contained fragment (its frames as base64 PNGs in
the page, which a notebook needs). On the site that put half a megabyte of
incompressible text into every chapter page, downloaded before the first word
showed. When a page is written, this extension moves each player's pictures into
``_images/lc-frames/<hash>.png`` (named by content, so a frame shared by two
players, or by a page and its slide deck, is one cacheable file) and leaves their
names in the player's data; the player's script then fetches:

- the first frame when the player nears the screen (``loading="lazy"``);
- the fixed layer under the frames, and the print contact sheet's frames, at
  the same moment (an ``IntersectionObserver``), or before printing;
- every other frame when it is first shown.

It runs after ``animations.py`` has read the inline frames for its GIF. Without
JavaScript the first frame still shows, over its layer (a ``<noscript>`` style).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from pathlib import Path

from docutils import nodes

FOLDER = "_images/lc-frames"
_DATA = re.compile(
    r'(<script type="application/json" class="lc-data">)(.*?)(</script>)', re.S
)
_FIRST = re.compile(r'<img class="lc-frame" src="data:image/png;base64,([^"]+)"')
_STAGE = re.compile(
    r'<div class="lc-stage" style="background-image:url\(data:image/png;base64,'
    r'([^)]+)\)">'
)
_ID = re.compile(r'<div class="lc-player" id="([^"]+)"')


def write_frame(b64, folder):
    """Write one base64 PNG as ``<hash>.png`` in ``folder``; return its name."""
    data = base64.b64decode(b64)
    name = hashlib.sha256(data).hexdigest()[:20] + ".png"
    target = Path(folder) / name
    if not target.is_file():
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return name


def _json_for_script(obj):
    text = json.dumps(obj, separators=(",", ":"))
    return text.replace("</", "<\\/").replace("<!--", "<\\!--")


def externalise(fragment, folder, href):
    """``fragment`` with its pictures in ``folder``, linked as ``href`` + name."""
    match = _DATA.search(fragment)
    if match is None or '"files":' in match.group(2):
        return fragment
    data = json.loads(match.group(2).replace("<\\/", "</"))
    data["images"] = [write_frame(b64, folder) for b64 in data["images"]]
    data["files"] = True
    out = fragment[: match.start(2)] + _json_for_script(data) + fragment[match.end(2) :]
    first = data["images"][data["index"][0]]
    out = _FIRST.sub(
        f'<img class="lc-frame" src="{href}{first}" loading="lazy" decoding="async"',
        out,
        count=1,
    )
    stage = _STAGE.search(out)
    if stage is not None:
        layer = write_frame(stage.group(1), folder)
        uid = _ID.search(out).group(1)
        out = (
            out[: stage.start()]
            + f"<noscript><style>#{uid} .lc-stage{{background-image:"
            f"url({href}{layer})}}</style></noscript>"
            + f'<div class="lc-stage" data-lc-layer="{layer}">'
            + out[stage.end() :]
        )
    return out


def move_frames(app, doctree, docname):
    if app.builder.format != "html":
        return
    folder = Path(app.outdir) / FOLDER
    href = "../" * docname.count("/") + FOLDER + "/"
    for node in list(doctree.findall(nodes.raw)):
        text = node.astext()
        if node.get("format") != "html" or 'class="lc-player"' not in text:
            continue
        new = externalise(text, folder, href)
        if new != text:
            node.parent.replace(node, nodes.raw("", new, format="html"))


def setup(app):
    # After animations.py (priority 500), which reads the inline frames.
    app.connect("doctree-resolved", move_frames, priority=700)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
