"""Movable artists shared by the steppers and explorers of ``linclass.widgets``.

Each helper creates its matplotlib artists once (animated, so that
:class:`linclass.Player` redraws only them) and exposes a ``set(...)`` method
that moves them. Nothing here creates artists after construction.
"""

from __future__ import annotations

import numpy as np

from linclass._palette import TEXT_COLORS
from linclass.plotting import PALETTE, plot_hyperplane, update_hyperplane

# Colours by role, from the Okabe-Ito palette; the classes use blue and orange.
INK = PALETTE["black"]
MISTAKE = PALETTE["vermillion"]
UPDATE = PALETTE["green"]
OLD = "#8C8C8C"
POCKET = PALETTE["purple"]


def binary_labels(classes):
    """Legend names of two classes: ``y = ±1`` plus the original label, if any.

    Examples
    --------
    >>> binary_labels(["cat", "dog"])
    ['cat ($y = -1$)', 'dog ($y = +1$)']
    >>> binary_labels([-1, 1]) is None
    True
    """
    if [str(c) for c in classes] == ["-1", "1"]:
        return None  # plot_data's own "$y = -1$", "$y = +1$"
    return [f"{classes[0]} ($y = -1$)", f"{classes[1]} ($y = +1$)"]


def view_limits(X, pad=0.15, include_origin=True):
    """Fixed, padded view limits of 2-D data (square data units).

    The origin is included when it is not far from the data, since the
    perceptron's vectors start there; data shifted far away keep a tight view.

    Examples
    --------
    >>> view_limits(np.array([[0.0, 0.0], [2.0, 1.0]]))
    ((-0.3, 2.3), (-0.3, 1.3))
    """
    lo, hi = X.min(axis=0), X.max(axis=0)
    span = np.maximum(hi - lo, 1e-9)
    if include_origin and np.all((lo - span <= 0) & (hi + span >= 0)):
        lo, hi = np.minimum(lo, 0.0), np.maximum(hi, 0.0)
        span = hi - lo
    lo, hi = lo - pad * span.max(), hi + pad * span.max()
    return (float(lo[0]), float(hi[0])), (float(lo[1]), float(hi[1]))


class VectorFrame:
    """Where, and at what scale, weight vectors are drawn in a data panel.

    Weights are free vectors: they start at the origin when it is well inside
    the view, else at the centre of the view, and are shrunk (never stretched) so that
    the longest fits in ``share`` of the view.

    Examples
    --------
    >>> frame = VectorFrame((-1, 1), (-1, 1))
    >>> frame.anchor.tolist(), frame.scale(np.array([4.0, 0.0]))
    ([0.0, 0.0], 0.21)
    """

    def __init__(self, xlim, ylim, share=0.42):
        self.room = float(share * min(np.ptp(xlim), np.ptp(ylim)))
        # The origin is the natural tail, but only if a vector of length `room`
        # drawn from it in any direction stays in view; near a corner it would not.
        clearance = min(-xlim[0], xlim[1], -ylim[0], ylim[1])
        self.from_origin = clearance >= self.room
        centre = np.array([np.mean(xlim), np.mean(ylim)])
        self.anchor = np.zeros(2) if self.from_origin else centre

    def scale(self, *vectors):
        """Drawing scale (at most 1) for these vectors."""
        longest = max(float(np.linalg.norm(v)) for v in vectors)
        return 1.0 if longest <= self.room else self.room / longest


def half_plane(w, b, xlim, ylim):
    """Corners of the part of the box where ``w.x + b > 0`` (may be empty).

    Examples
    --------
    >>> half_plane(np.array([1.0, 0.0]), 0.0, (-1, 1), (-1, 1)).tolist()
    [[0.0, -1.0], [1.0, -1.0], [1.0, 1.0], [0.0, 1.0]]
    """
    box = np.array([[xlim[0], ylim[0]], [xlim[1], ylim[0]], [xlim[1], ylim[1]]])
    box = np.vstack([box, [xlim[0], ylim[1]]])
    score = box @ w + b
    out = []
    for k in range(4):  # Sutherland-Hodgman against one half-plane
        p, q, sp, sq = box[k - 1], box[k], score[k - 1], score[k]
        if (sp > 0) != (sq > 0):
            out.append(p + (q - p) * sp / (sp - sq))
        if sq > 0:
            out.append(q)
    return np.array(out).reshape(-1, 2)


class Hyperplane:
    """A movable decision line ``w.x + b = 0`` with an optional shaded positive side.

    Wraps :func:`linclass.plotting.plot_hyperplane` (line clipped to the view,
    optional normal arrow) so that ``w = 0`` is allowed: everything is hidden.

    Parameters
    ----------
    ax : matplotlib Axes
        Axes with fixed limits.
    shade : color or None
        Fill colour of the half-plane where ``w.x + b > 0`` (None: no fill).
    normal : bool, default=False
        Draw the unit-length normal arrow on the line.
    **kw
        Passed to ``plot_hyperplane`` (``label``, ``color``, ``ls``, ...).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot(xlim=(-1, 1), ylim=(-1, 1))
    >>> h = Hyperplane(ax, shade="orange")
    >>> h.set(np.array([1.0, 1.0]), 0.0)
    True
    >>> h.set(np.zeros(2), 0.0)
    False
    """

    def __init__(self, ax, shade=None, normal=False, **kw):
        self.ax = ax
        self.artists = plot_hyperplane(ax, [1.0, 0.0], 0.0, normal=normal, **kw)
        self.line = self.artists["line"]
        self.fill = None
        if shade is not None:
            (self.fill,) = ax.fill([], [], color=shade, alpha=0.13, lw=0, zorder=0.5)
        for artist in (*self.artists.values(), self.fill):
            if artist is not None:
                artist.set_animated(True)

    def set(self, w, b):
        """Move to ``(w, b)``; return False (and hide) when no line is visible."""
        w = np.asarray(w, dtype=float)
        if np.any(w):
            update_hyperplane(self.artists, w, b)
        else:
            self.line.set_data([], [])
            for key in ("normal", "text"):
                if self.artists.get(key) is not None:
                    self.artists[key].set_visible(False)
        if self.fill is not None:
            xlim, ylim = self.ax.get_xlim(), self.ax.get_ylim()
            corners = half_plane(w, b, xlim, ylim) if np.any(w) else []
            self.fill.set_xy(corners if len(corners) else np.zeros((1, 2)))
        return len(self.line.get_xdata()) > 0


class Arrow:
    """An arrow from ``tail`` to ``tip`` in data coordinates (hidden when empty).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot(xlim=(-1, 1), ylim=(-1, 1))
    >>> a = Arrow(ax, color="k")
    >>> a.set((0, 0), (0.5, 0.5))
    >>> a.annotation.get_visible()
    True
    """

    def __init__(self, ax, color=INK, lw=2.0, label=None, zorder=4, **kw):
        props = dict(arrowstyle="-|>,head_width=0.3,head_length=0.6", color=color)
        props.update(lw=lw, shrinkA=0, shrinkB=0, mutation_scale=14, **kw)
        self.annotation = ax.annotate(
            "", xy=(0, 0), xytext=(0, 0), arrowprops=props, zorder=zorder
        )
        self.annotation.set_animated(True)
        if label is not None:  # a legend entry (annotations have none)
            ax.plot([], [], color=color, lw=lw, label=label, marker=">", ms=5)

    def set(self, tail, tip):
        """Move the arrow; a zero-length arrow is hidden."""
        tail, tip = np.asarray(tail, float), np.asarray(tip, float)
        visible = bool(np.any(tail != tip))
        self.annotation.set_visible(visible)
        if visible:
            self.annotation.xy = tuple(tip)
            self.annotation.set_position(tuple(tail))

    def hide(self):
        """Hide the arrow."""
        self.annotation.set_visible(False)


class Rings:
    """Hollow circles around highlighted points.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> r = Rings(Figure().add_subplot(), color="k")
    >>> r.set(np.zeros((2, 2)))
    >>> r.collection.get_offsets().shape
    (2, 2)
    """

    def __init__(self, ax, color=MISTAKE, size=190, lw=2.2, label=None, marker="o"):
        self.collection = ax.scatter(
            [],
            [],
            s=size,
            marker=marker,
            facecolors="none",
            edgecolors=color,
            linewidths=lw,
            zorder=5,
            label=label,
            animated=True,
        )

    def set(self, points, color=None):
        """Ring these points (an (m, 2) array, possibly empty)."""
        self.collection.set_offsets(np.asarray(points, float).reshape(-1, 2))
        if color is not None:
            self.collection.set_edgecolors(color)


def text_box(ax, x=0.02, y=0.98, **kw):
    """An animated text in a white box at axes coordinates (top-left by default).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> t = text_box(Figure().add_subplot())
    >>> t.get_animated()
    True
    """
    style = dict(
        transform=ax.transAxes,
        va="top",
        ha="left",
        fontsize=9,
        zorder=6,
        bbox=dict(boxstyle="round,pad=0.3", fc="white", ec="#999999", alpha=0.92),
    )
    style.update(kw)
    text = ax.text(x, y, "", **style)
    text.set_animated(True)
    return text


def side_legend(ax):
    """Legend to the right of a data panel, and an animated note below it.

    Returns the note (a Text), e.g. for the drawing scale of the arrows.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot()
    >>> _ = ax.plot([0, 1], label="a line")
    >>> side_legend(ax).get_animated()
    True
    """
    ax.legend(loc="upper left", bbox_to_anchor=(1.02, 1.0), fontsize=8)
    note = ax.text(1.04, 0.0, "", transform=ax.transAxes, fontsize=8, va="bottom")
    note.set_color(TEXT_COLORS["note"])
    note.set_animated(True)
    return note


def scale_text(scale):
    """The note telling that the arrows are drawn shrunk (empty at scale 1).

    Examples
    --------
    >>> scale_text(0.25), scale_text(1.0)
    ('arrows drawn\\nat ×0.25', '')
    """
    return f"arrows drawn\nat ×{scale:.2g}" if scale < 1 else ""


def status_title(ax, fontsize=9.5):
    """The axes title as an animated status line (it never covers the data).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> status_title(Figure().add_subplot()).get_animated()
    True
    """
    title = ax.set_title("step", fontsize=fontsize)  # text reserves the layout room
    title.set_animated(True)
    return title


def cursor(ax, color=INK):
    """An animated vertical line marking the current step on a curve panel.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> cursor(Figure().add_subplot()).get_animated()
    True
    """
    return ax.axvline(0.0, color=color, lw=1.2, ls=":", animated=True, zorder=3)
