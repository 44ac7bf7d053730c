"""Hyperplanes and margins as movable artists (re-exported by linclass.plotting).

``plot_hyperplane`` and ``plot_margin`` create their artists once and place them
through ``update_hyperplane`` / ``update_margin``, which a stepper or an explorer
calls again to move them, without re-plotting.
"""

from __future__ import annotations

import numpy as np
from matplotlib.collections import LineCollection

from ._palette import GREY, PALETTE
from ._separators import check_hyperplane
from ._validation import check_array_2d, check_positive
from .geometry import line_endpoints

__all__ = [
    "plot_hyperplane",
    "update_hyperplane",
    "plot_margin",
    "update_margin",
    "plot_distances",
]


def _view(ax):
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    return (min(x0, x1), max(x0, x1)), (min(y0, y1), max(y0, y1))


def _set_segment(line, ends):
    if ends is None:
        line.set_data(np.empty(0), np.empty(0))
    else:
        line.set_data(
            np.array([ends[0][0], ends[1][0]]), np.array([ends[0][1], ends[1][1]])
        )


def update_hyperplane(artists, w, b, normal_length=None):
    """Move the artists of :func:`plot_hyperplane` to a new ``(w, b)``.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot(xlim=(-1, 1), ylim=(-1, 1))
    >>> arts = plot_hyperplane(ax, [1.0, 0.0], 0.0)
    >>> update_hyperplane(arts, [0.0, 1.0], -0.5)
    >>> arts["line"].get_ydata().tolist()
    [0.5, 0.5]
    """
    w, b = check_hyperplane(w, b, d=2)
    line = artists["line"]
    xlim, ylim = _view(line.axes)
    ends = line_endpoints(w, b, xlim, ylim)
    _set_segment(line, ends)
    arrow, text = artists.get("normal"), artists.get("text")
    if arrow is None:
        return
    visible = ends is not None
    for art in (arrow, text):
        if art is not None:
            art.set_visible(visible)
    if not visible:
        return
    lo, hi = np.array([xlim[0], ylim[0]]), np.array([xlim[1], ylim[1]])
    u = w / np.linalg.norm(w)
    # Start at the foot of the perpendicular from the origin (it shows |b|/||w||);
    # when that is out of view, at the foot from the centre of the view; failing
    # that, at the middle of the visible segment.
    base = None
    for p in (np.zeros(2), (lo + hi) / 2):
        foot = p - (p @ w + b) / (w @ w) * w
        if np.all(foot >= lo) and np.all(foot <= hi):
            base = foot
            break
    if base is None:
        base = (np.array(ends[0]) + np.array(ends[1])) / 2
    length = 0.2 * np.min(hi - lo) if normal_length is None else normal_length
    tip = base + length * u
    arrow.xy, arrow.xyann = tuple(tip), tuple(base)
    if text is not None:
        text.set_position(tuple(tip + 0.06 * np.min(hi - lo) * u))


def plot_hyperplane(
    ax,
    w,
    b,
    normal=True,
    label="decision boundary",
    normal_length=None,
    normal_label=r"$\mathbf{w}$",
    **kw,
):
    """Draw the line ``w.x + b = 0`` across the current view, with its normal ``w``.

    The normal arrow starts at the point of the line closest to the origin (so the
    picture shows ``|b| / ||w||``), or at the projection of the view's centre when
    that point is out of view, and points to the positive side.

    Parameters
    ----------
    ax : matplotlib Axes
        With its limits already set; they are kept.
    w : array-like of shape (2,)
    b : float
    normal : bool, default=True
        Draw the normal arrow.
    label : str
        Legend entry of the line.
    normal_length : float, default=None
        Arrow length in data units (``np.linalg.norm(w)`` draws ``w`` itself); by
        default a fifth of the smaller side of the view.
    normal_label : str or None
        Text at the arrow's tip.
    **kw
        Line style (``color``, ``lw``, ``ls``, ...); the arrow takes the colour.

    Returns
    -------
    dict
        ``"line"`` (Line2D, empty if the line misses the view), ``"normal"``
        (Annotation or None) and ``"text"`` (Text or None).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot(xlim=(-2, 2), ylim=(-2, 2))
    >>> arts = plot_hyperplane(ax, w=[1.0, 1.0], b=-1.0)
    >>> sorted(arts)
    ['line', 'normal', 'text']
    """
    w, b = check_hyperplane(w, b, d=2)
    xlim, ylim = ax.get_xlim(), ax.get_ylim()
    style = {"color": PALETTE["black"], "lw": 2.0, "zorder": 4, **kw}
    (line,) = ax.plot([], [], label=label, **style)
    arrow = text = None
    if normal:
        props = dict(
            arrowstyle="-|>",
            color=style["color"],
            lw=1.8,
            shrinkA=0,
            shrinkB=0,
            mutation_scale=16,
        )
        # Drawn even when the tip leaves the view, but clipped at the axes edge
        # (by default an annotation vanishes as soon as its tip is out of view).
        arrow = ax.annotate(
            "", xy=(0, 0), xytext=(0, 0), arrowprops=props, zorder=5,
            annotation_clip=False,
        )  # fmt: skip
        arrow.arrow_patch.set_clip_path(ax.patch)
        if normal_label:
            text = ax.text(
                0,
                0,
                normal_label,
                color=style["color"],
                fontsize=12,
                ha="center",
                va="center",
                zorder=5,
                clip_on=True,
            )
    artists = {"line": line, "normal": arrow, "text": text}
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)  # keep the view: the line must not rescale it
    update_hyperplane(artists, w, b, normal_length)
    return artists


def update_margin(artists, w, b, gamma):
    """Move the artists of :func:`plot_margin` to a new ``(w, b, gamma)``.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot(xlim=(-2, 2), ylim=(-2, 2))
    >>> arts = plot_margin(ax, [1.0, 0.0], 0.0, 0.5)
    >>> update_margin(arts, [1.0, 0.0], 0.0, 1.0)
    >>> arts["upper"].get_xdata().tolist()
    [1.0, 1.0]
    """
    w, b = check_hyperplane(w, b, d=2)
    gamma = check_positive(gamma, "gamma")
    xlim, ylim = _view(artists["upper"].axes)
    shift = gamma * np.linalg.norm(w)  # w.x + b = +-gamma ||w|| is at distance gamma
    _set_segment(artists["upper"], line_endpoints(w, b - shift, xlim, ylim))
    _set_segment(artists["lower"], line_endpoints(w, b + shift, xlim, ylim))
    band = artists.get("band")
    if band is None:
        return
    # The slab within the box is convex: its corners are the box corners inside the
    # slab plus the ends of the two margin lines; sort them by angle to trace it.
    corners = np.array([[x, y] for x in xlim for y in ylim])
    pts = [c for c in corners if abs(c @ w + b) <= shift]
    for line in (artists["upper"], artists["lower"]):
        pts.extend(np.column_stack(line.get_data()))
    if len(pts) < 3:
        band.set_xy(np.zeros((1, 2)))
        return
    pts = np.array(pts, dtype=float)
    centre = pts.mean(axis=0)
    band.set_xy(pts[np.argsort(np.arctan2(*(pts - centre).T[::-1]))])


def plot_margin(ax, w, b, gamma, label="margin", band=True, **kw):
    """Dashed lines at distance ``gamma`` on both sides of ``w.x + b = 0``.

    Parameters
    ----------
    ax : matplotlib Axes
        The lines are clipped to its current view, which is kept.
    w, b : array-like of shape (2,), float
        The hyperplane ``w.x + b = 0`` at the centre of the margin.
    gamma : float
        Geometric margin (distance), ``> 0``.
    label : str
        Legend entry (on the upper line only).
    band : bool, default=True
        Shade the slab between the lines.
    **kw
        Line style.

    Returns
    -------
    dict
        ``"upper"`` (the line ``w.x + b = gamma ||w||``), ``"lower"`` and ``"band"``
        (Polygon or None).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot(xlim=(-2, 2), ylim=(-2, 2))
    >>> arts = plot_margin(ax, [1.0, 0.0], 0.0, 0.5)
    >>> arts["lower"].get_xdata().tolist()
    [-0.5, -0.5]
    """
    xlim, ylim = ax.get_xlim(), ax.get_ylim()
    style = {"color": GREY, "lw": 1.3, "ls": "--", "zorder": 2, **kw}
    (upper,) = ax.plot([], [], label=label, **style)
    (lower,) = ax.plot([], [], **style)
    poly = None
    if band:
        (poly,) = ax.fill([0], [0], color=GREY, alpha=0.12, lw=0, zorder=1)
    artists = {"upper": upper, "lower": lower, "band": poly}
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    update_margin(artists, w, b, gamma)
    return artists


def plot_distances(ax, X, w, b, label="distance to the hyperplane", **kw):
    """Dotted segments from each point to its closest point on ``w.x + b = 0``.

    Each segment is perpendicular to the hyperplane and has length ``|r_i|``, the
    absolute signed distance ``(w.x_i + b) / ||w||``.

    Parameters
    ----------
    ax : matplotlib Axes
    X : array-like of shape (n, 2)
    w, b : array-like of shape (2,), float
    label : str
        Legend entry.
    **kw
        Passed to ``LineCollection`` (e.g. ``colors``, ``linewidths``).

    Returns
    -------
    LineCollection
        Move it later with ``set_segments``.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot(xlim=(-2, 2), ylim=(-2, 2))
    >>> segs = plot_distances(ax, [[1.0, 1.0]], [0.0, 1.0], 0.0)
    >>> segs.get_segments()[0].tolist()
    [[1.0, 1.0], [1.0, 0.0]]
    """
    X = check_array_2d(X)
    if X.shape[1] != 2:
        raise ValueError(f"plot_distances needs 2-D points; got {X.shape[1]} features")
    w, b = check_hyperplane(w, b, d=2)
    feet = X - ((X @ w + b) / (w @ w))[:, None] * w
    style = {"colors": GREY, "linestyles": ":", "linewidths": 1.3, "zorder": 2, **kw}
    segments = LineCollection(np.stack([X, feet], axis=1), label=label, **style)
    # autolim=False: the segments must not widen a view the figure has fixed.
    ax.add_collection(segments, autolim=False)
    return segments
