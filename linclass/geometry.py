"""Geometry of linear classifiers: distances, margins, the radius, the max-margin cut.

A linear classifier is a pair ``(w, b)``; its decision surface is the hyperplane
``w.x + b = 0``. The functions here compute the quantities the book reasons with:
signed distances ``(w.x + b) / ||w||``, functional and geometric margins, the radius
``R = max ||x_i||``, Novikoff's bound ``(R / gamma)^2`` and the maximum-margin
separator (the hard-margin support vector machine), and for K classes Kesler's
vectors and the maximum-margin linear machine.

Labels ``y`` may be ``-1/+1`` or any two values; in the latter case the larger one
(``np.unique(y)[1]``) counts as ``+1``, as for the estimators.
"""

from __future__ import annotations

import numpy as np

from ._kesler import kesler_vectors, max_margin_machine
from ._radius import max_norm
from ._separators import (
    best_offset,
    check_hyperplane,
    check_pm_labels,
    is_separable,
    max_margin,
)
from ._validation import check_array_2d, check_vector

__all__ = [
    "add_bias",
    "signed_distance",
    "functional_margin",
    "geometric_margin",
    "margin",
    "radius",
    "novikoff_bound",
    "is_separable",
    "best_offset",
    "max_margin",
    "kesler_vectors",
    "max_margin_machine",
    "distance_to_origin",
    "line_endpoints",
    "unit",
]


def add_bias(X, value=1.0):
    """Append a constant column to ``X`` (the bias trick).

    With ``x~ = (x, 1)`` and ``w~ = (w, b)`` the affine score ``w.x + b`` becomes the
    linear score ``w~.x~``, so a homogeneous algorithm learns the bias for free.

    Parameters
    ----------
    X : array-like of shape (n, d)
    value : float, default=1.0
        The constant appended to every row.

    Returns
    -------
    ndarray of shape (n, d + 1)

    Examples
    --------
    >>> add_bias([[2.0, 3.0]])
    array([[2., 3., 1.]])
    """
    X = check_array_2d(X)
    value = float(check_vector([value], d=1, name="value")[0])
    return np.hstack([X, np.full((X.shape[0], 1), value)])


def signed_distance(X, w, b=0.0):
    """Signed distance ``(w.x + b) / ||w||`` of each row of ``X`` to the hyperplane.

    Positive on the side ``w`` points to.

    Examples
    --------
    >>> signed_distance([[3.0, 4.0], [0.0, 0.0]], w=[0.0, 2.0], b=-2.0)
    array([ 3., -1.])
    """
    X = check_array_2d(X)
    w, b = check_hyperplane(w, b, d=X.shape[1])
    return (X @ w + b) / np.linalg.norm(w)


def functional_margin(X, y, w, b=0.0):
    """Functional margins ``y_i (w.x_i + b)``; positive where ``(w, b)`` is right.

    They grow with the scale of ``(w, b)``; see :func:`geometric_margin`.

    Examples
    --------
    >>> functional_margin([[1.0, 0.0], [2.0, 0.0]], [1, -1], w=[2.0, 0.0], b=-3.0)
    array([-1., -1.])
    """
    X, y = check_pm_labels(X, y)
    w, b = check_hyperplane(w, b, d=X.shape[1])
    return y * (X @ w + b)


def geometric_margin(X, y, w, b=0.0):
    """Geometric margins ``y_i (w.x_i + b) / ||w||``: signed distances times labels.

    Unlike the functional margin they do not change when ``(w, b)`` is rescaled.

    Examples
    --------
    >>> geometric_margin([[1.0, 0.0], [3.0, 0.0]], [-1, 1], w=[2.0, 0.0], b=-4.0)
    array([1., 1.])
    """
    return functional_margin(X, y, w, b) / np.linalg.norm(check_vector(w))


def margin(X, y, w, b=0.0):
    """Margin of the data set with respect to ``(w, b)``: the smallest geometric margin.

    Positive exactly when ``(w, b)`` classifies every point correctly and none lies on
    the hyperplane.

    Examples
    --------
    >>> margin([[1.0, 0.0], [3.0, 0.0], [4.0, 1.0]], [-1, 1, 1], w=[1.0, 0.0], b=-2.0)
    1.0
    """
    return float(np.min(geometric_margin(X, y, w, b)))


def radius(X):
    """Radius ``R = max_i ||x_i||`` of the data (distance from the origin).

    Every part of ``linclass`` uses this one value; ``R**2`` (the perceptron's
    ``bias_update="r2"``) is ``R * R``. The squares are summed coordinate by
    coordinate, left to right, so the bits do not depend on the numpy version.

    Examples
    --------
    >>> radius([[3.0, 4.0], [1.0, 0.0]])
    5.0
    """
    return max_norm(check_array_2d(X))


def novikoff_bound(R, gamma):
    """Novikoff's bound ``(R / gamma)^2`` on the number of perceptron mistakes.

    Parameters
    ----------
    R : float or array-like
        Radius of the data, ``>= 0``.
    gamma : float or array-like
        Margin of a unit separator, ``> 0``. Arrays broadcast against ``R``.

    Returns
    -------
    float or ndarray

    Examples
    --------
    >>> novikoff_bound(2.0, 0.5)
    16.0
    """
    R_arr = np.asarray(R, dtype=np.float64)
    g_arr = np.asarray(gamma, dtype=np.float64)
    if not (np.isfinite(R_arr).all() and np.isfinite(g_arr).all()):
        raise ValueError("R and gamma must be finite numbers; got NaN or infinity")
    if np.any(R_arr < 0):
        raise ValueError(f"R must be >= 0 (it is a radius); got {R!r}")
    if np.any(g_arr <= 0):
        raise ValueError(
            f"gamma must be > 0: the bound needs a positive margin; got {gamma!r}"
        )
    out = (R_arr / g_arr) ** 2
    return float(out) if out.ndim == 0 else out


def distance_to_origin(w, b):
    """Distance ``|b| / ||w||`` from the origin to the hyperplane ``w.x + b = 0``.

    Examples
    --------
    >>> distance_to_origin([3.0, 4.0], -10.0)
    2.0
    """
    w, b = check_hyperplane(w, b)
    return abs(b) / float(np.linalg.norm(w))


def line_endpoints(w, b, xlim, ylim):
    """Clip the line ``w.x + b = 0`` in the plane to the box ``xlim x ylim``.

    Parameters
    ----------
    w : array-like of shape (2,)
    b : float
    xlim, ylim : (float, float)
        The box, e.g. ``ax.get_xlim()`` and ``ax.get_ylim()``.

    Returns
    -------
    ((x0, y0), (x1, y1)) or None
        The visible segment, ordered along the direction ``(-w2, w1)`` (so that a
        slowly turning line does not swap its ends), or None if the line misses the
        box or only touches a corner.

    Examples
    --------
    >>> line_endpoints([0.0, 1.0], -0.5, (-1, 1), (-1, 1))
    ((1.0, 0.5), (-1.0, 0.5))
    >>> line_endpoints([0.0, 1.0], -5.0, (-1, 1), (-1, 1)) is None
    True
    """
    w, b = check_hyperplane(w, b, d=2)
    lo = np.array([min(xlim), min(ylim)], dtype=float)
    hi = np.array([max(xlim), max(ylim)], dtype=float)
    norm2 = w @ w
    p0 = -b * w / norm2  # point of the line closest to the origin
    direction = np.array([-w[1], w[0]]) / np.sqrt(norm2)
    # Liang-Barsky: intersect the parameter ranges allowed by each slab.
    t_lo, t_hi = -np.inf, np.inf
    for k in range(2):
        if direction[k] == 0:
            if not lo[k] <= p0[k] <= hi[k]:
                return None
            continue
        ta, tb = sorted(
            ((lo[k] - p0[k]) / direction[k], (hi[k] - p0[k]) / direction[k])
        )
        t_lo, t_hi = max(t_lo, ta), min(t_hi, tb)
    if t_lo >= t_hi:
        return None
    a, c = p0 + t_lo * direction, p0 + t_hi * direction
    return (float(a[0]), float(a[1])), (float(c[0]), float(c[1]))


def unit(theta):
    """Unit vector ``(cos theta, sin theta)`` at angle ``theta`` (radians).

    Parameters
    ----------
    theta : float or array-like of shape (m,)

    Returns
    -------
    ndarray of shape (2,) or (m, 2)

    Examples
    --------
    >>> unit(0.0)
    array([1., 0.])
    >>> unit([0.0, np.pi / 2]).round(12)
    array([[1., 0.],
           [0., 1.]])
    """
    theta = np.asarray(theta, dtype=np.float64)
    if not np.isfinite(theta).all():
        raise ValueError("theta contains NaN or infinity")
    return np.stack([np.cos(theta), np.sin(theta)], axis=-1)


# Re-exported functions are documented (help(), Sphinx autodoc) as members of this
# public module rather than of the private module that holds their code.
for _f in (best_offset, is_separable, max_margin):
    _f.__module__ = __name__
