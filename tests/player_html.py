"""Helpers for tests of the kernel-free player: read back its frames."""

import base64
import io
import json
import re

import numpy as np
from PIL import Image


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


def static_frame(html, k):
    """Frame ``k`` as the browser shows it: the layer over the stage background."""
    data = payload(html)
    layer = decode(data["images"][data["index"][k]], "RGBA").astype(float)
    match = re.search(r"background-image:url\(data:image/png;base64,([^)]+)\)", html)
    if match is None:
        return layer[..., :3].astype(np.uint8)
    base = decode(match.group(1)).astype(float)
    alpha = layer[..., 3:] / 255
    return np.round(layer[..., :3] * alpha + base * (1 - alpha)).astype(np.uint8)
