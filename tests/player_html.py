"""Helpers for tests of the kernel-free player: read back its frames.

A player from ``linclass`` holds its frames as base64 PNGs; on the built site they
are files in ``_build/html/_images/lc-frames/`` (``tools/book/player_files.py``),
named in the data block and, for the fixed layer, in ``data-lc-layer``.
"""

import base64
import io
import json
import re

import numpy as np
from book_toc import ROOT
from PIL import Image

FRAMES = ROOT / "_build" / "html" / "_images" / "lc-frames"


def payload(html):
    """The JSON block of a player: images, index, captions, alts, steps."""
    match = re.search(
        r'<script type="application/json" class="lc-data">(.*?)</script>', html, re.S
    )
    assert match is not None, "no lc-data block"
    return json.loads(match.group(1))


def decode(b64, mode="RGB"):
    """A base64 PNG as a uint8 array."""
    image = Image.open(io.BytesIO(base64.b64decode(b64))).convert(mode)
    return np.asarray(image)


def _picture(ref, files, mode):
    if not files:
        return decode(ref, mode)
    return np.asarray(Image.open(FRAMES / ref).convert(mode))


def static_frame(html, k):
    """Frame ``k`` as the browser shows it: the layer over the stage background."""
    data = payload(html)
    files = data.get("files", False)
    layer = _picture(data["images"][data["index"][k]], files, "RGBA").astype(float)
    if files:
        match = re.search(r'data-lc-layer="([^"]+)"', html)
    else:
        match = re.search(
            r"background-image:url\(data:image/png;base64,([^)]+)\)", html
        )
    if match is None:
        return layer[..., :3].astype(np.uint8)
    base = _picture(match.group(1), files, "RGB").astype(float)
    alpha = layer[..., 3:] / 255
    return np.round(layer[..., :3] * alpha + base * (1 - alpha)).astype(np.uint8)
