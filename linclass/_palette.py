"""Colours and markers for the book's figures (re-exported by linclass.plotting)."""

from __future__ import annotations

import numpy as np

#: The Okabe-Ito palette (Okabe & Ito 2008), distinguishable with every common form
#: of colour blindness.
PALETTE = {
    "black": "#000000",
    "orange": "#E69F00",
    "skyblue": "#56B4E9",
    "green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "purple": "#CC79A7",
}
#: One marker per class, so that classes differ by shape as well as by colour.
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "*")
# Blue and orange first: the pair that stays apart under every colour deficiency;
# yellow and black last (yellow is faint on white, black is kept for lines).
_CLASS_ORDER = ("blue", "orange", "green", "purple", "skyblue", "vermillion", "yellow")
GREY = "#8C8C8C"
#: Colours for text in figures: each reads at 4.5:1 or more (WCAG 2.1 AA) on the
#: figure's white and on the dimmed card of the site's dark mode (checked in
#: tests/test_figure_contrast.py). Okabe-Ito's lighter colours are for marks only.
TEXT_COLORS = {
    "ink": "#000000",
    "blue": "#0072B2",
    "note": "#666666",  # a darker GREY: 5.7:1 on white
    "warning": "#A13F00",  # a darker vermillion: 6.5:1 on white
}


def class_colors(k):
    """The first ``k`` class colours (hex strings) from ``PALETTE``.

    Examples
    --------
    >>> class_colors(2)
    ['#0072B2', '#E69F00']
    """
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
        raise ValueError(f"k must be a positive integer; got {k!r}")
    if k > len(_CLASS_ORDER):
        raise ValueError(
            f"at most {len(_CLASS_ORDER)} classes can get distinct colour-blind-safe "
            f"colours; got k={k}"
        )
    return [PALETTE[name] for name in _CLASS_ORDER[:k]]
