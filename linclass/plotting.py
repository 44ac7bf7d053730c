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

from ._palette import GREY, MARKERS, PALETTE, class_colors
from ._plot_lines import (
    plot_distances,
    plot_hyperplane,
    plot_margin,
    update_hyperplane,
    update_margin,
)
from ._validation import check_array_2d, check_vector, check_X_y

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
    "plot_distances",
    "plot_decision_regions",
    "plot_projection",
    "plot_steps",
]


def data_limits(X, pad=0.1, origin=False):
    """Padded view limits ``(xlim, ylim)`` around 2-D data.

    Both axes get the same pad, a fraction of the larger span, so equal-aspect
    plots look balanced.

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
        drawn.append(ax.axvline(0.0, color=GREY, lw=0.8, zorder=1))
    if origin and min(ylim) < 0 < max(ylim):
        drawn.append(ax.axhline(0.0, color=GREY, lw=0.8, zorder=1))
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
    # Position of each prediction in `classes`, which may be in any order.
    sorter = np.argsort(classes)
    idx = sorter[np.searchsorted(classes, pred, sorter=sorter)].reshape(xx.shape)
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
        zc, common = z[y == c], {"bins": edges, "color": colors[i]}
        _, _, (fill,) = ax.hist(zc, histtype="stepfilled", alpha=0.35, **common,
                                label=names[i])  # fmt: skip
        # A line style per class, so the outlines differ without colour too.
        _, _, (edge,) = ax.hist(zc, histtype="step", lw=1.6, **common,
                                ls=("-", "--", ":", "-.")[i % 4])  # fmt: skip
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


# Re-exported functions are documented (help(), Sphinx autodoc) as members of this
# public module rather than of the private module that holds their code.
for _f in (
    plot_distances,
    class_colors,
    plot_hyperplane,
    update_hyperplane,
    plot_margin,
    update_margin,
):
    _f.__module__ = __name__
