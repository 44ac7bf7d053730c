"""Frames of the kernel-free player: which ones, and how they are encoded.

Used by :class:`linclass.Player`: the frame choice, palette quantisation (small
PNGs), a fast PNG encoder for the live widget, and the page budget.
"""

import base64
import io
import struct
import zlib

import numpy as np
from PIL import Image, ImageColor

from linclass._palette import PALETTE

# The static player of one figure must stay under this many bytes of HTML so a
# chapter page with two players fits its 3 MB budget.
HTML_BUDGET = 1_000_000
PALETTE_SIZES = (32, 24, 16, 8)


def check_frame_count(n_frames):
    if isinstance(n_frames, bool) or not isinstance(n_frames, int | np.integer):
        raise TypeError(f"n_frames must be an integer; got {type(n_frames).__name__}")
    if n_frames < 1:
        raise ValueError(f"n_frames must be at least 1; got {n_frames}")
    return int(n_frames)


def static_frame_indices(n_frames, frames=None, max_static_frames=60):
    """Choose the frames the kernel-free player shows.

    Parameters
    ----------
    n_frames : int
        Number of frames of the live player.
    frames : sequence of int, optional
        Frames chosen by the caller; sorted and de-duplicated. Default: every
        frame if there are at most ``max_static_frames``, else that many evenly
        spaced frames (always the first and the last).
    max_static_frames : int, default=60
        Upper bound on the number of evenly spaced frames.

    Returns
    -------
    ndarray of int
        Increasing frame indices in ``[0, n_frames - 1]``.

    Examples
    --------
    >>> static_frame_indices(5).tolist()
    [0, 1, 2, 3, 4]
    >>> static_frame_indices(101, max_static_frames=5).tolist()
    [0, 25, 50, 75, 100]
    """
    n_frames = check_frame_count(n_frames)
    if frames is not None:
        given = np.asarray(frames).ravel()
        if given.dtype.kind not in "iuf" or not np.all(np.mod(given, 1) == 0):
            # 2.5 would silently become frame 2; 2.0 (np.linspace) is a frame
            raise ValueError(f"frames must be whole frame indices; got {frames!r}")
        idx = np.unique(given.astype(np.int64))
        if idx.size == 0:
            raise ValueError("frames must contain at least one frame index")
        if idx[0] < 0 or idx[-1] >= n_frames:
            raise ValueError(
                f"frames must lie in [0, {n_frames - 1}]; got {idx[0]}..{idx[-1]}"
            )
        return idx
    if isinstance(max_static_frames, bool) or not isinstance(
        max_static_frames, int | np.integer
    ):
        raise TypeError("max_static_frames must be an integer")
    if max_static_frames < 2:
        raise ValueError(f"max_static_frames must be >= 2; got {max_static_frames}")
    if n_frames <= max_static_frames:
        return np.arange(n_frames)
    return np.unique(np.linspace(0, n_frames - 1, max_static_frames).round()).astype(
        np.int64
    )


def quantized_png(image, colors=32):
    """Encode an RGB or RGBA image as a small palette PNG.

    Parameters
    ----------
    image : ndarray of shape (h, w, 3) or (h, w, 4), dtype uint8
        The image; RGBA keeps its transparency.
    colors : int, default=32
        Size of the palette. Plots are mostly flat colours, so a few dozen
        colours without dithering look like the original at a fraction of
        the size.

    Returns
    -------
    bytes
        The PNG file.

    Examples
    --------
    >>> import numpy as np
    >>> png = quantized_png(np.full((4, 4, 3), 255, dtype=np.uint8))
    >>> png[:4] == b"\\x89PNG"
    True
    """
    image = Image.fromarray(np.ascontiguousarray(image))
    if image.mode == "RGB" and colors >= 2 * len(FIXED_COLOURS):
        image = _quantize_keeping_fixed(image, colors)
    else:
        # Median cut keeps large faint areas (a light shading) apart from white;
        # Pillow quantises RGBA with the octree method only.
        method = (
            Image.Quantize.MEDIANCUT
            if image.mode == "RGB"
            else Image.Quantize.FASTOCTREE
        )
        image = image.quantize(colors=colors, method=method, dither=Image.Dither.NONE)
    buf = io.BytesIO()
    # zlib level 6: a few per cent larger than level 9, several times faster
    image.save(buf, format="PNG", compress_level=6)
    return buf.getvalue()


# The colours the figures are drawn in: Okabe-Ito, the page's ink and white. Median
# cut alone folds a colour that covers few pixels (a legend swatch, a thin line)
# into a large patch's: green into blue, vermillion into orange.
INK = (31, 35, 40)  # the page's text colour (#1f2328)
PAPER = (255, 255, 255)
FIXED_COLOURS = [ImageColor.getrgb(c) for c in PALETTE.values()] + [INK, PAPER]


def _quantize_keeping_fixed(image, colors):
    """A palette of ``colors``: the fixed colours exactly, median cut for the rest."""
    n_cut = colors - len(FIXED_COLOURS)
    cut = image.quantize(colors=n_cut, method=Image.Quantize.MEDIANCUT)
    entries = np.array(
        FIXED_COLOURS + np.reshape(cut.getpalette()[: 3 * n_cut], (-1, 3)).tolist()
    )
    # Each distinct colour to its nearest entry, exactly (Pillow's own palette
    # lookup works on a coarse colour grid and can turn white into 253).
    rgb = np.asarray(image).reshape(-1, 3).astype(np.uint32)
    # One integer per colour: np.unique of rows (axis=0) sorts them as raw bytes,
    # ten times slower; r, g, b from high to low bits sort the same way.
    keys, where = np.unique(
        rgb[:, 0] << 16 | rgb[:, 1] << 8 | rgb[:, 2], return_inverse=True
    )
    distinct = np.stack([keys >> 16, keys >> 8 & 255, keys & 255], axis=1)
    gaps = ((distinct[:, None, :].astype(int) - entries[None]) ** 2).sum(axis=-1)
    index = gaps.argmin(axis=1).astype(np.uint8)[where.ravel()]
    out = Image.frombytes("P", image.size, index.tobytes())
    out.putpalette(entries.astype(np.uint8).ravel().tolist())
    return out


def fast_png(rgb):
    """Encode an RGB image as a PNG quickly (no row filters, zlib level 1).

    Pillow tries every PNG row filter, which costs more than drawing a frame;
    figures are mostly flat white, so unfiltered rows compress nearly as well.
    Used for the live widget, where speed matters more than bytes.

    Examples
    --------
    >>> png = fast_png(np.zeros((2, 3, 3), dtype=np.uint8))
    >>> Image.open(io.BytesIO(png)).size
    (3, 2)
    """
    h, w, _ = rgb.shape
    raw = np.empty((h, 3 * w + 1), dtype=np.uint8)
    raw[:, 0] = 0  # filter type "none" for every row
    raw[:, 1:] = rgb.reshape(h, -1)

    def chunk(tag, data):
        crc = zlib.crc32(tag + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw.tobytes(), 1))
        + chunk(b"IEND", b"")
    )


def encode_frames(background, layers):
    """Encode the static frames as base64 PNGs within the page budget.

    Parameters
    ----------
    background : ndarray (h, w, 3) or None
        The fixed layer (see :meth:`linclass.Player.render_layers`).
    layers : list of ndarray
        One image per frame.

    Returns
    -------
    base : str or None
        The background PNG, base64.
    images : list of str
        Distinct frame PNGs, base64.
    index : list of int
        For each frame, its position in ``images``.

    Examples
    --------
    >>> white = np.full((2, 2, 3), 255, dtype=np.uint8)
    >>> base, images, index = encode_frames(None, [white, white])
    >>> base is None, len(images), index
    (True, 1, [0, 0])
    """
    base = None
    if background is not None:
        base = base64.b64encode(quantized_png(background, 64)).decode("ascii")
    best = None
    for colors in PALETTE_SIZES:  # fewer colours until the frames fit
        pngs, index = dedupe([quantized_png(x, colors) for x in layers])
        images = [base64.b64encode(png).decode("ascii") for png in pngs]
        size = sum(map(len, images)) + len(base or "")
        if best is None or size < best[0]:
            best = (size, images, index)
        if size <= 0.95 * HTML_BUDGET:
            break
    _, images, index = best  # else the smallest found
    return base, images, index


def dedupe(pngs):
    """Store identical frames once: (unique images, frame -> image index)."""
    seen, images, index = {}, [], []
    for png in pngs:
        if png not in seen:
            seen[png] = len(images)
            images.append(png)
        index.append(seen[png])
    return images, index


def sheet_positions(steps, preferred=None, size=6):
    """Choose the static frames printed on a player's contact sheet.

    Parameters
    ----------
    steps : sequence of int
        The live frame (step) shown by each static frame, increasing.
    preferred : sequence of int, optional
        Steps worth printing (a stepper's mistakes). The frames between the
        first and the last are then drawn from the static frames showing one
        of them, if there is any; otherwise from all frames.
    size : int, default=6
        At most this many frames: the first, the last and, in between, the
        candidate nearest to each of ``size - 2`` evenly spaced positions.

    Returns
    -------
    ndarray of int
        Increasing positions in ``steps``, starting at 0 and ending at
        ``len(steps) - 1``.

    Examples
    --------
    >>> sheet_positions(range(60)).tolist()
    [0, 12, 24, 35, 47, 59]
    >>> sheet_positions(range(10), preferred=[3, 4, 8]).tolist()
    [0, 3, 4, 8, 9]
    """
    steps = np.asarray(steps, dtype=np.int64).ravel()
    if steps.size == 0:
        raise ValueError("a contact sheet needs at least one frame")
    if isinstance(size, bool) or not isinstance(size, int | np.integer) or size < 2:
        raise ValueError(f"size must be an integer >= 2; got {size!r}")
    inner = np.arange(1, steps.size - 1)
    if preferred is not None:
        chosen = inner[np.isin(steps[inner], np.asarray(preferred, dtype=np.int64))]
        if chosen.size:
            inner = chosen
    if inner.size > size - 2:
        # the candidate nearest to each of size - 2 evenly spaced positions
        targets = np.linspace(0, steps.size - 1, size)[1:-1]
        inner = inner[np.abs(inner[None, :] - targets[:, None]).argmin(axis=1)]
    return np.unique(np.concatenate([[0], inner, [steps.size - 1]])).astype(np.int64)
