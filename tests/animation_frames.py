"""Helpers for tests of saved animations: read frames, find the figure in them."""

import numpy as np
from PIL import Image


def frames_of(path):
    """Every frame of an animated GIF or WebP, as int arrays (h, w, 3)."""
    with Image.open(path) as image:
        out = []
        for k in range(image.n_frames):
            image.seek(k)
            out.append(np.asarray(image.convert("RGB")).astype(int))
        return out


def figure_error(frame, figure):
    """Fraction of ``figure``'s pixels off by more than 48 levels in ``frame``.

    An animation frame is the figure with a title band above and a caption band
    below: the figure is compared where its row profile fits best (palette
    quantisation moves a few edge pixels, never whole areas).
    """
    figure = np.asarray(figure, dtype=int)
    h = figure.shape[0]
    rows, ref = frame.mean(axis=(1, 2)), figure.mean(axis=(1, 2))
    top = min(
        range(frame.shape[0] - h + 1),
        key=lambda t: np.abs(rows[t : t + h] - ref).sum(),
    )
    return (np.abs(frame[top : top + h] - figure).max(axis=2) > 48).mean()
