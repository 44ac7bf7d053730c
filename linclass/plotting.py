"""Plotting building blocks for the book's figures (matplotlib, colour-blind safe).

Every ``plot_*`` function takes an ``Axes`` first, draws on it and returns the
artists it drew, so that a stepper or an explorer can move them later (see
:func:`update_hyperplane` and :func:`update_margin`) instead of re-plotting.
Classes get both a colour and a marker from the Okabe-Ito palette, so figures stay
readable in greyscale and for colour-blind readers.

Lines are clipped to the current view: set the limits first (:func:`setup_axes`,
with :func:`data_limits`), then draw hyperplanes and margins.
"""

from __future__ import annotations

import numpy as np

from ._validation import check_array_2d, check_positive, check_vector, check_X_y
from .geometry import line_endpoints

__all__ = [
    "PALETTE",
    "MARKERS",
    "class_colors",
    "data_limits",
    "setup_axes",
    "plot_data",
    "plot_hyperplane",
    "update_hyperplane",
    "plot_margin",
    "update_margin",
    "plot_decision_regions",
    "plot_projection",
    "plot_steps",
]

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
_GREY = "#8C8C8C"


def class_colors(k):
    """The first ``k`` class colours (hex strings) from :data:`PALETTE`.

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


def data_limits(X, pad=0.1, origin=False):
    """Padded, square-friendly view limits ``(xlim, ylim)`` around 2-D data.

    Parameters
    ----------
    X : array-like of shape (n, 2)
    pad : float, default=0.1
        Margin added on each side, as a fraction of the larger data span.
    origin : bool, default=False
        Also include the origin (useful when vectors start there).

    Examples
    --------
    >>> data_limits([[0.0, 0.0], [2.0, 1.0]])
    ((-0.2, 2.2), (-0.2, 1.2))
    """
    X = check_array_2d(X)
    if X.shape[1] != 2:
        raise ValueError(f"data_limits needs 2-D points; got {X.shape[1]} features")
    pts = np.vstack([X, np.zeros((1, 2))]) if origin else X
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    margin = pad * max(float(np.max(hi - lo)), 1e-9)
    return (float(lo[0] - margin), float(hi[0] + margin)), (
        float(lo[1] - margin),
        float(hi[1] + margin),
    )


def setup_axes(ax, xlim, ylim, xlabel="$x_1$", ylabel="$x_2$", origin=True):
    """Fix the view, label the axes, use equal scales and a light grid.

    Equal scales matter: only then does the normal vector look perpendicular to its
    hyperplane.

    Parameters
    ----------
    ax : matplotlib Axes
    xlim, ylim : (float, float)
    xlabel, ylabel : str
    origin : bool, default=True
        Draw thin grey axes through the origin when it is in view.

    Returns
    -------
    list of Line2D
        The origin lines drawn (possibly empty).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot()
    >>> lines = setup_axes(ax, (-1, 2), (-1, 1))
    >>> [float(v) for v in ax.get_xlim()], len(lines)
    ([-1.0, 2.0], 2)
    """
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_aspect("equal", adjustable="box")
    ax.grid(True, color="#E5E5E5", lw=0.6, zorder=0)
    ax.set_axisbelow(True)
    drawn = []
    if origin and min(xlim) < 0 < max(xlim):
        drawn.append(ax.axvline(0.0, color=_GREY, lw=0.8, zorder=1))
    if origin and min(ylim) < 0 < max(ylim):
        drawn.append(ax.axhline(0.0, color=_GREY, lw=0.8, zorder=1))
    return drawn


def _class_order(y, classes):
    classes = np.unique(y) if classes is None else np.asarray(classes)
    unknown = np.setdiff1d(np.unique(y), classes)
    if unknown.size:
        raise ValueError(
            f"labels {unknown.tolist()} are not in classes {classes.tolist()}"
        )
    return classes


def _label_texts(classes, labels):
    if labels is None:
        if classes.dtype.kind in "iuf" and set(classes.tolist()) <= {-1, 1}:
            return [f"$y = {int(c):+d}$" for c in classes]
        return [
            f"class {c}" if classes.dtype.kind in "iuf" else str(c) for c in classes
        ]
    if isinstance(labels, dict):
        return [labels.get(c, str(c)) for c in classes.tolist()]
    if len(labels) != len(classes):
        raise ValueError(f"labels has {len(labels)} names for {len(classes)} classes")
    return list(labels)


def plot_data(ax, X, y, labels=None, classes=None, **kw):
    """Scatter 2-D points, one colour and one marker per class.

    Parameters
    ----------
    ax : matplotlib Axes
    X : array-like of shape (n, 2)
    y : array-like of shape (n,)
    labels : sequence of str or dict, default=None
        Legend names in class order (or a dict class -> name). By default
        ``$y = -1$``/``$y = +1$`` for -1/+1 labels, else ``class c``.
    classes : sequence, default=None
        Class order fixing colours and markers (default: sorted labels). Pass it to
        keep colours consistent across panels where a class may be missing.
    **kw
        Passed to ``ax.scatter`` (e.g. ``s``, ``alpha``).

    Returns
    -------
    list of PathCollection
        One per class, in class order.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot()
    >>> arts = plot_data(ax, [[0, 0], [1, 1]], [-1, 1])
    >>> [a.get_label() for a in arts]
    ['$y = -1$', '$y = +1$']
    """
    X, y = check_X_y(X, y)
    if X.shape[1] != 2:
        raise ValueError(f"plot_data needs 2-D points; got {X.shape[1]} features")
    classes = _class_order(y, classes)
    names = _label_texts(classes, labels)
    colors = class_colors(len(classes))
    style = {"s": 36, "edgecolors": "white", "linewidths": 0.6, "zorder": 3, **kw}
    return [
        ax.scatter(
            *X[y == c].T, color=colors[i], marker=MARKERS[i], label=names[i], **style
        )
        for i, c in enumerate(classes)
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


def _check_wb(w, b):
    w = check_vector(w, d=2, name="w")
    if not np.any(w):
        raise ValueError("w must be non-zero: the zero vector defines no hyperplane")
    return w, float(b)


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
    w, b = _check_wb(w, b)
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
    w, b = _check_wb(w, b)
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
    w, b = _check_wb(w, b)
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
        With its limits already set; they are kept.
    w : array-like of shape (2,)
    b : float
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
    style = {"color": _GREY, "lw": 1.3, "ls": "--", "zorder": 2, **kw}
    (upper,) = ax.plot([], [], label=label, **style)
    (lower,) = ax.plot([], [], **style)
    poly = None
    if band:
        (poly,) = ax.fill([0], [0], color=_GREY, alpha=0.12, lw=0, zorder=1)
    artists = {"upper": upper, "lower": lower, "band": poly}
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    update_margin(artists, w, b, gamma)
    return artists


def plot_decision_regions(
    ax, predict, xlim, ylim, resolution=200, classes=None, colors=None, alpha=0.18
):
    """Shade the plane by predicted class and draw the boundaries between classes.

    Parameters
    ----------
    ax : matplotlib Axes
    predict : callable or fitted estimator
        ``predict(X)`` for X of shape (m, 2), or an object with ``.predict``.
    xlim, ylim : (float, float)
    resolution : int, default=200
        Grid points per axis.
    classes : sequence, default=None
        Class order for colours: by default the estimator's ``classes_``, else the
        sorted predicted labels. Use the same order as in :func:`plot_data`.
    colors : sequence of colours, default=None
        One per class (default :func:`class_colors`).
    alpha : float, default=0.18
        Opacity of the fills (light, so data stay visible on top).

    Returns
    -------
    dict
        ``"fill"`` (QuadContourSet) and ``"boundaries"`` (list of QuadContourSet).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot()
    >>> arts = plot_decision_regions(ax, lambda Z: Z[:, 0] > 0, (-1, 1), (-1, 1), 50)
    >>> len(arts["boundaries"])
    1
    """
    predict_fn = getattr(predict, "predict", predict)
    if not callable(predict_fn):
        raise TypeError("predict must be a callable or an estimator with .predict")
    if isinstance(resolution, bool) or not isinstance(resolution, (int, np.integer)):
        raise TypeError(f"resolution must be an integer; got {resolution!r}")
    if resolution < 2:
        raise ValueError(f"resolution must be at least 2; got {resolution}")
    gx, gy = np.linspace(*xlim, resolution), np.linspace(*ylim, resolution)
    xx, yy = np.meshgrid(gx, gy)
    pred = np.asarray(predict_fn(np.column_stack([xx.ravel(), yy.ravel()])))
    if pred.shape != (xx.size,):
        raise ValueError(f"predict returned shape {pred.shape}; expected ({xx.size},)")
    if classes is None:
        classes = getattr(predict, "classes_", None)
    classes = _class_order(pred, classes)
    k = len(classes)
    colors = class_colors(k) if colors is None else list(colors)
    idx = np.searchsorted(classes, pred).reshape(xx.shape)
    levels = np.arange(k + 1) - 0.5
    fill = ax.contourf(xx, yy, idx, levels=levels, colors=colors, alpha=alpha, zorder=0)
    # One indicator contour per class except the last: every boundary touches at
    # least one of them, and all sit exactly halfway between grid points.
    bounds = [
        ax.contour(
            xx,
            yy,
            (idx == c).astype(float),
            levels=[0.5],
            colors="#333333",
            linewidths=1.0,
            zorder=1,
        )
        for c in range(k - 1)
        if np.any(idx == c) and not np.all(idx == c)
    ]
    ax.set_xlim(xlim)
    ax.set_ylim(ylim)
    return {"fill": fill, "boundaries": bounds}


def plot_projection(
    ax, X, y, w, bins=30, classes=None, labels=None, threshold=None, normalize=True
):
    """Histograms, per class, of the projections ``w.x`` of the data onto ``w``.

    Parameters
    ----------
    ax : matplotlib Axes
    X : array-like of shape (n, d)
    y : array-like of shape (n,)
    w : array-like of shape (d,)
    bins : int, default=30
        Number of bins, shared by the classes.
    classes, labels
        As in :func:`plot_data`.
    threshold : float, default=None
        Draw a vertical line at this projected value.
    normalize : bool, default=True
        Project on the unit vector ``w / ||w||``, so that directions compare on the
        same scale; False uses ``w.x`` as it is.

    Returns
    -------
    dict
        ``"fills"`` and ``"outlines"`` (lists of Polygon, one per class; the
        outlines differ in line style too) and ``"threshold"`` (Line2D or None).

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot()
    >>> arts = plot_projection(ax, [[0, 1], [1, 0], [2, 2]], [0, 1, 1], w=[1, 1])
    >>> len(arts["fills"])
    2
    """
    X, y = check_X_y(X, y)
    w = check_vector(w, d=X.shape[1], name="w")
    if not np.any(w):
        raise ValueError("w must be non-zero: it is the direction to project on")
    z = X @ (w / np.linalg.norm(w) if normalize else w)
    classes = _class_order(y, classes)
    names = _label_texts(classes, labels)
    colors = class_colors(len(classes))
    edges = np.histogram_bin_edges(z, bins=bins)
    fills, outlines = [], []
    for i, c in enumerate(classes):
        _, _, (fill,) = ax.hist(
            z[y == c],
            bins=edges,
            histtype="stepfilled",
            color=colors[i],
            alpha=0.35,
            label=names[i],
        )
        _, _, (edge,) = ax.hist(
            z[y == c],
            bins=edges,
            histtype="step",
            color=colors[i],
            lw=1.6,
            ls=("-", "--", ":", "-.")[i % 4],
        )
        fills.append(fill)
        outlines.append(edge)
    thr = None
    if threshold is not None:
        thr = ax.axvline(
            float(threshold), color=PALETTE["black"], lw=1.5, ls="-.", label="threshold"
        )
    if not ax.get_xlabel():
        ax.set_xlabel(
            r"$\mathbf{w}\cdot\mathbf{x}/\|\mathbf{w}\|$"
            if normalize
            else r"$\mathbf{w}\cdot\mathbf{x}$"
        )
    if not ax.get_ylabel():
        ax.set_ylabel("count")
    return {"fills": fills, "outlines": outlines, "threshold": thr}


def plot_steps(ax, steps, values, label, end=None, **kw):
    """Draw a step-function curve: ``values[i]`` holds from ``steps[i]`` onwards.

    Suits quantities that change only at some steps, such as the training error of
    the pocket's weights (``history_.error_curve()``).

    Parameters
    ----------
    ax : matplotlib Axes
    steps : array-like of shape (m,)
        Increasing step numbers where the value changes.
    values : array-like of shape (m,)
    label : str
        Legend entry.
    end : float, default=None
        Extend the last value up to this step.
    **kw
        Line style.

    Returns
    -------
    Line2D

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> ax = Figure().add_subplot()
    >>> line = plot_steps(ax, [0, 3, 7], [0.5, 0.3, 0.2], "error", end=10)
    >>> line.get_xdata().tolist()
    [0.0, 3.0, 7.0, 10.0]
    """
    steps = check_vector(steps, name="steps")
    values = check_vector(values, d=len(steps), name="values")
    if np.any(np.diff(steps) < 0):
        raise ValueError("steps must be non-decreasing")
    if end is not None:
        if end < steps[-1]:
            raise ValueError(f"end={end} comes before the last step {steps[-1]}")
        steps, values = np.r_[steps, end], np.r_[values, values[-1]]
    (line,) = ax.step(steps, values, where="post", label=label, lw=1.8, **kw)
    return line
