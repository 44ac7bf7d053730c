"""Animations of a player: GIF or WebP files for slides and learning platforms.

Used by :meth:`linclass.Player.save` (frames rendered from the live figure) and by
the book's build (frames read back from a page's kernel-free player). A frame is
the figure with the player's title above it and the frame's caption under it, in
the page's colours and fonts (matplotlib's DejaVu fonts, so no font is needed on
the machine); Pillow encodes the file, storing only what changes between frames.
"""

from __future__ import annotations

import io
import textwrap
from pathlib import Path

import numpy as np
from matplotlib import font_manager
from PIL import Image, ImageDraw, ImageFont

from linclass._player_frames import FIXED_COLOURS, INK, PAPER

MAX_WIDTH = 1600  # pixels: wide enough for a slide, no wider
MAX_BYTES = 6_000_000  # what a learning-management system accepts
FORMATS = {".gif": "GIF", ".webp": "WEBP"}
PAGE_WIDTH = 740  # the page's player: font sizes scale from it


def check_animation_args(path, fps, width):
    """Validate ``save``'s arguments; return (path, format, fps, width)."""
    path = Path(path)
    fmt = FORMATS.get(path.suffix.lower())
    if fmt is None:
        raise ValueError(
            f"cannot save an animation as {path.suffix or 'a file without suffix'!r}:"
            f" use one of {', '.join(FORMATS)}"
        )
    if isinstance(fps, bool) or not isinstance(fps, int | float | np.number):
        raise TypeError(f"fps must be a number; got {type(fps).__name__}")
    if not 0.1 <= fps <= 50:
        raise ValueError(f"fps must lie in [0.1, 50] frames per second; got {fps}")
    if width is not None:
        if isinstance(width, bool) or not isinstance(width, int | np.integer):
            raise TypeError(f"width must be an integer; got {type(width).__name__}")
        if not 100 <= width <= MAX_WIDTH:
            raise ValueError(
                f"width must lie in [100, {MAX_WIDTH}] pixels; got {width}"
            )
    return path, fmt, float(fps), width


def _font(bold, size):
    family = "DejaVu Sans" if bold else "DejaVu Sans Mono"
    props = font_manager.FontProperties(
        family=family, weight="bold" if bold else "normal"
    )
    return ImageFont.truetype(
        font_manager.findfont(props, fallback_to_default=True), size
    )


def _wrap(text, font, width):
    if not text:
        return []
    chars = max(10, int(width / max(font.getlength("m"), 1)))
    return textwrap.wrap(text, chars) or [""]


def compose_frames(images, captions, title=""):
    """Put the title above and each caption under each image, as on the page.

    Parameters
    ----------
    images : list of ndarray of shape (h, w, 3), dtype uint8
        The figure, one image per frame (all the same size).
    captions : list of str
        The caption of each frame.
    title : str, default=""
        The player's title, drawn in bold above every frame.

    Returns
    -------
    list of PIL.Image.Image
        RGB frames of equal size: the caption band fits the longest caption.

    Examples
    --------
    >>> white = np.full((50, 200, 3), 255, dtype=np.uint8)
    >>> frames = compose_frames([white, white], ["step 0", "step 1"], "A run")
    >>> frames[0].size[0], frames[0].size[1] > 50
    (200, True)
    """
    if len(images) != len(captions) or not images:
        raise ValueError(
            f"need one caption per image; got {len(images)} images and "
            f"{len(captions)} captions"
        )
    height, width = images[0].shape[:2]
    scale = width / PAGE_WIDTH
    text_font, title_font = (
        _font(False, round(13 * scale)),
        _font(True, round(15 * scale)),
    )
    pad = round(6 * scale)
    line = round(17 * scale)
    title_lines = _wrap(title, title_font, width - 2 * pad)
    wrapped = [_wrap(c, text_font, width - 2 * pad) for c in captions]
    top = len(title_lines) * line + (pad if title_lines else 0)
    bottom = max(map(len, wrapped)) * line + 2 * pad
    frames = []
    for image, lines in zip(images, wrapped, strict=True):
        if image.shape[:2] != (height, width):
            raise ValueError("every image of an animation must have the same size")
        frame = Image.new("RGB", (width, top + height + bottom), PAPER)
        frame.paste(Image.fromarray(np.ascontiguousarray(image[..., :3])), (0, top))
        draw = ImageDraw.Draw(frame)
        for k, text in enumerate(title_lines):
            draw.text((pad, pad // 2 + k * line), text, font=title_font, fill=INK)
        for k, text in enumerate(lines):
            y = top + height + pad + k * line
            x = (width - text_font.getlength(text)) / 2  # centred, as on the page
            draw.text((x, y), text, font=text_font, fill=INK)
        frames.append(frame)
    return frames


def _shared_palette(frames):
    # One palette for every frame (no colour flicker), from the first, middle and
    # last frames. Median cut alone can fold a thin vermillion line into the orange
    # of a large patch, so the Okabe-Ito colours, ink and paper are fixed entries.
    picks = [frames[0], frames[len(frames) // 2], frames[-1]]
    width, height = picks[0].size
    montage = Image.new("RGB", (width, height * len(picks)))
    for k, frame in enumerate(picks):
        montage.paste(frame, (0, k * height))
    fixed = FIXED_COLOURS
    n_cut = 256 - len(fixed)
    cut = montage.quantize(colors=n_cut, method=Image.Quantize.MEDIANCUT)
    entries = [c for rgb in fixed for c in rgb] + cut.getpalette()[: 3 * n_cut]
    palette = Image.new("P", (1, 1))
    palette.putpalette(entries + list(PAPER) * (256 - len(entries) // 3))
    return palette


def encode_animation(frames, fmt, fps, comment="", max_bytes=None):
    """Encode RGB frames as an animated GIF or WebP; return the file's bytes.

    Pillow merges identical consecutive frames and stores only the changed
    rectangle of each frame (GIF) or encodes losslessly with frame differences
    (WebP). ``comment`` (the alt text) goes into the GIF's comment block.
    """
    buf = io.BytesIO()
    common = {"save_all": True, "duration": round(1000 / fps), "loop": 0}
    if fmt == "GIF":
        palette = _shared_palette(frames)
        frames = [f.quantize(palette=palette, dither=Image.Dither.NONE) for f in frames]
        options = {"optimize": True, "comment": comment.encode("utf-8")[:255]}
    else:
        options = {"lossless": True, "method": 4}
    frames[0].save(buf, format=fmt, append_images=frames[1:], **common, **options)
    data = buf.getvalue()
    max_bytes = MAX_BYTES if max_bytes is None else max_bytes
    if len(data) > max_bytes:
        raise ValueError(
            f"the animation takes {len(data) / 1e6:.1f} MB, over the "
            f"{max_bytes / 1e6:.1f} MB limit: save fewer frames (frames=...) or a "
            "smaller width"
        )
    return data


def save_frames(frames, path, fps=2.0, comment=""):
    """Encode composed frames to ``path`` (.gif or .webp); return the path.

    Nothing is written when the file would exceed ``MAX_BYTES``.
    """
    path, fmt, fps, _ = check_animation_args(path, fps, None)
    data = encode_animation(frames, fmt, fps, comment)
    path.write_bytes(data)
    return path
