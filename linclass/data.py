"""Data for the book: synthetic sets with known geometry, and scikit-learn's real ones.

Every generator takes ``random_state`` (an int, None or a numpy ``Generator``) and
returns float64 inputs; the same seed gives the same numbers on every run. Binary
generators label with ``-1/+1`` and shuffle the points so that classes interleave
(the perceptron visits points in order). The loaders use only the copies of iris,
digits and breast cancer that ship inside scikit-learn: nothing is downloaded.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._loaders import load_breast_cancer, load_digits, load_iris
from ._sampling import (
    as_generator,
    check_count,
    check_fraction,
    check_nonnegative,
    in_ball,
    slice_of_ball,
)
from ._validation import check_positive, check_vector

__all__ = [
    "SeparableData",
    "make_separable",
    "make_xor",
    "make_circle",
    "make_ball",
    "make_elongated",
    "make_multiclass",
    "flip_labels",
    "load_iris",
    "load_digits",
    "load_breast_cancer",
]


@dataclass(frozen=True, eq=False)
class SeparableData:
    """A linearly separable data set together with the separator that proves it.

    Attributes
    ----------
    X : ndarray of shape (n, d)
    y : ndarray of int, shape (n,)
        Labels in ``{-1, +1}``.
    w : ndarray of shape (d,)
        Unit normal of the separating hyperplane.
    b : float
        Its offset; ``y_i (w.x_i + b) >= margin`` for every i.
    margin : float
        The guaranteed margin gamma of ``(w, b)``.
    radius : float
        Every point satisfies ``||x_i - center|| <= radius``. (Novikoff's ``R`` is
        measured from the origin instead: ``geometry.radius(X)``.)
    center : ndarray of shape (d,)
        Centre of the ball holding the data.

    Examples
    --------
    >>> data = make_separable(n=50, margin=0.2, random_state=0)
    >>> bool(np.all(data.y * (data.X @ data.w + data.b) >= data.margin))
    True
    """

    X: np.ndarray
    y: np.ndarray
    w: np.ndarray
    b: float
    margin: float
    radius: float
    center: np.ndarray

    def __repr__(self):
        n, d = self.X.shape
        return (
            f"SeparableData(n={n}, d={d}, margin={self.margin:g}, "
            f"radius={self.radius:g}, b={self.b:.4g})"
        )


def make_separable(
    n=100,
    d=2,
    margin=0.1,
    radius=1.0,
    center=None,
    fit_intercept=True,
    random_state=None,
):
    """Points in a ball, separated by a random hyperplane with a guaranteed margin.

    The points are uniform in the ball of the given ``radius`` around ``center``
    minus the slab of half-width ``margin`` around the hyperplane; half of them
    (rounded up) are positive.

    Parameters
    ----------
    n : int, default=100
        Number of points, at least 2.
    d : int, default=2
        Dimension, at least 1.
    margin : float, default=0.1
        Guaranteed margin gamma, ``0 < margin < radius``.
    radius : float, default=1.0
        Radius of the ball around ``center`` holding the data.
    center : array-like of shape (d,), default=None
        Centre of the ball (the origin if None). A far-away centre makes the data
        sit far from the origin, where the bias matters.
    fit_intercept : bool, default=True
        If False the hyperplane passes through the origin (``b = 0``).
    random_state : int, Generator or None, default=None

    Returns
    -------
    SeparableData
        With ``y_i (w.x_i + b) >= margin`` and ``||x_i - center|| <= radius`` for all i.

    Raises
    ------
    ValueError
        If a parameter is out of range, or the margin leaves no room for points: the
        points are kept ``1e-9 * (radius + |center|)`` inside the promised region,
        so ``radius - margin`` must exceed a few times that (with ``radius=1``, a
        margin above ``1 - 6e-9``, or any margin with a centre 5e8 from the origin,
        is rejected).

    Examples
    --------
    >>> data = make_separable(n=20, d=3, margin=0.25, random_state=1)
    >>> data.X.shape, sorted(set(data.y.tolist()))
    ((20, 3), [-1, 1])
    """
    n = check_count(n, "n", 2)
    d = check_count(d, "d", 1)
    margin = check_positive(margin, "margin")
    radius = check_positive(radius, "radius")
    if margin >= radius:
        raise ValueError(
            f"margin must be smaller than radius: a slab of half-width {margin:g} "
            f"leaves no room for points in a ball of radius {radius:g}"
        )
    c = np.zeros(d) if center is None else check_vector(center, d=d, name="center")
    rng = as_generator(random_state)
    s_max = 0.5 * (radius - margin)  # offset of the plane from the centre, kept
    # below half the free room so that both sides keep a sizeable share of the ball
    # The centre's length and direction, scaled first: the squares of a tiny centre
    # (1e-161) underflow, and a direction from them is not a unit vector.
    top = float(np.abs(c).max())
    u = c / top if top > 0 else c
    dist = top * float(np.linalg.norm(u))
    u = u / np.linalg.norm(u) if top > 0 else u
    if fit_intercept or dist == 0:
        w = rng.standard_normal(d)
        w /= np.linalg.norm(w)
        s = rng.uniform(-s_max, s_max) if fit_intercept else 0.0
    elif d == 1:
        if dist >= radius - margin:
            raise ValueError(
                f"with fit_intercept=False and d=1 the separator is x = 0, which must "
                f"cut the data: need |center| < radius - margin; got {dist:g}"
            )
        w = np.array([np.sign(c[0])])
        s = dist
    else:
        # Homogeneous: b = 0, so the plane's offset from the centre is s = w.c.
        # Choose s first, then tilt w away from c until w.c equals it.
        s = rng.uniform(-1, 1) * min(s_max, dist)
        e = rng.standard_normal(d)
        e -= (e @ u) * u
        e /= np.linalg.norm(e)
        w = (s / dist) * u + np.sqrt(1 - (s / dist) ** 2) * e
    b = float(s - w @ c) if fit_intercept else 0.0
    # Sample a hair inside the promised region so that rounding in the rotation
    # below cannot push a point across the margin or out of the ball.
    eps = 1e-9 * (radius + dist)
    R = radius * (1 - 1e-9)
    s_top = s_max if fit_intercept else dist if d == 1 else min(s_max, dist)
    _check_room(margin, radius, dist, eps, R, s_top)
    n_pos = (n + 1) // 2
    U = np.vstack(
        [
            slice_of_ball(rng, n_pos, d, R, margin - s + eps, R),
            slice_of_ball(rng, n - n_pos, d, R, -R, -margin - s - eps),
        ]
    )
    # Rotate the first axis onto w: an orthonormal basis whose first column is w.
    Q, _ = np.linalg.qr(np.column_stack([w, rng.standard_normal((d, d - 1))]))
    Q *= np.sign(Q[:, 0] @ w)
    Q[:, 0] = w
    X = c + U @ Q.T
    y = np.r_[np.ones(n_pos, dtype=int), -np.ones(n - n_pos, dtype=int)]
    order = rng.permutation(n)
    X, y = X[order], y[order]
    if np.any(y * (X @ w + b) < margin) or np.any(
        np.linalg.norm(X - c, axis=1) > radius
    ):  # pragma: no cover - guarded by eps above
        raise RuntimeError("make_separable broke its own guarantee; please report")
    return SeparableData(X, y, w, b, margin, radius, c)


def _check_room(margin, radius, dist, eps, R, s_top):
    """Raise if a side of the plane has no room left for the hair ``eps``.

    A side's points have their coordinate along w, from the centre, between
    ``margin +- s + eps`` and ``R`` in absolute value; with no more than ``eps``
    between those ends the slice's density can be 0 on its whole grid, and its
    points NaN. ``s_top`` bounds ``|s|`` for every seed: the answer needs no draw.
    """
    if margin + s_top + 2 * eps >= R:
        raise ValueError(
            f"margin={margin!r} leaves no room for points in a ball of radius "
            f"{radius!r} whose centre is {dist:.3g} from the origin: make_separable "
            f"keeps its points 1e-9 * (radius + |center|) = {eps:.3g} inside the "
            f"region it promises, which needs margin + {s_top:.3g} (the plane's "
            f"largest offset from the centre) + 2 * {eps:.3g} < radius * (1 - 1e-9); "
            "use a smaller margin or a centre nearer the origin"
        )


def make_xor(n=200, noise=0.1, random_state=None):
    """The XOR problem: four Gaussian clusters at ``(+-1, +-1)``.

    A point is positive when its cluster's coordinates have different signs (x1 XOR
    x2 is "true"). No line separates the classes; the product ``x1 x2`` does.

    Parameters
    ----------
    n : int, default=200
        Number of points (at least 4), spread evenly over the clusters.
    noise : float, default=0.1
        Standard deviation of each cluster, ``>= 0``.
    random_state : int, Generator or None

    Returns
    -------
    X : ndarray of shape (n, 2)
    y : ndarray of int, shape (n,), in ``{-1, +1}``

    Examples
    --------
    >>> X, y = make_xor(n=8, noise=0.0, random_state=0)
    >>> bool(np.all(y == -np.sign(X[:, 0] * X[:, 1])))
    True
    """
    n = check_count(n, "n", 4)
    noise = check_nonnegative(noise, "noise")
    rng = as_generator(random_state)
    corners = np.array([[1.0, 1.0], [-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]])
    which = np.repeat(np.arange(4), [len(a) for a in np.array_split(np.arange(n), 4)])
    X = corners[which] + noise * rng.standard_normal((n, 2))
    y = np.where(which >= 2, 1, -1)
    order = rng.permutation(n)
    return X[order], y[order]


def make_ball(n=200, d=3, center=None, radius=1.0, random_state=None, gap=0.1):
    """Points inside a ball (positive) and in a shell around it (negative).

    Positives are uniform in the ball ``||x - center|| <= radius (1 - gap)``;
    negatives uniform in the shell ``radius (1 + gap) <= ||x - center|| <= 2 radius``.
    No hyperplane separates them; the feature map ``[x, x.x, 1]`` does.

    Parameters
    ----------
    n : int, default=200
        Number of points (at least 2); half (rounded up) are positive.
    d : int, default=3
    center : array-like of shape (d,), default=None (the origin)
    radius : float, default=1.0
    random_state : int, Generator or None
    gap : float, default=0.1
        Relative half-width of the empty band around the sphere, ``0 <= gap < 1``.

    Returns
    -------
    X : ndarray of shape (n, d)
    y : ndarray of int, shape (n,), ``+1`` inside

    Examples
    --------
    >>> X, y = make_ball(n=10, d=3, random_state=0)
    >>> bool(np.all((np.linalg.norm(X, axis=1) < 1) == (y == 1)))
    True
    """
    n = check_count(n, "n", 2)
    d = check_count(d, "d", 1)
    radius = check_positive(radius, "radius")
    gap = check_fraction(gap, "gap", upper_open=True)
    c = np.zeros(d) if center is None else check_vector(center, d=d, name="center")
    rng = as_generator(random_state)
    n_in = (n + 1) // 2
    X = c + np.vstack(
        [
            in_ball(rng, n_in, d, 0.0, radius * (1 - gap)),
            in_ball(rng, n - n_in, d, radius * (1 + gap), 2 * radius),
        ]
    )
    y = np.r_[np.ones(n_in, dtype=int), -np.ones(n - n_in, dtype=int)]
    order = rng.permutation(n)
    return X[order], y[order]


def make_circle(n=200, radius=1.0, center=(0.0, 0.0), random_state=None, gap=0.1):
    """The 2-D case of :func:`make_ball`: a disc of positives in a ring of negatives.

    With ``radius=1`` and the default centre, the quadratic feature map with
    ``w = [-1, 0, 0, 1, 1, 0]`` puts the boundary exactly on the unit circle
    (``w.phi(x) < 0`` inside, where the labels are ``+1``).

    Parameters
    ----------
    n, radius, random_state, gap
        As in :func:`make_ball`.
    center : (float, float), default=(0, 0)

    Returns
    -------
    X : ndarray of shape (n, 2)
    y : ndarray of int, shape (n,), ``+1`` inside

    Examples
    --------
    >>> X, y = make_circle(n=100, random_state=0)
    >>> X.shape, int((y == 1).sum())
    ((100, 2), 50)
    """
    return make_ball(n, 2, center, radius, random_state, gap)


def make_elongated(n=200, random_state=None):
    """Two long, thin, parallel Gaussian classes: the case for Fisher's discriminant.

    Both classes share a covariance that is long (std 2) along 45 degrees and thin
    (std 0.3) across it; their means differ by ``(0, 1.5 sqrt 2)``. Projected on the
    mean difference the classes overlap badly; Fisher's direction, close to the
    thin axis, separates them.

    Parameters
    ----------
    n : int, default=200
        Number of points, at least 2.
    random_state : int, Generator or None

    Returns
    -------
    X : ndarray of shape (n, 2)
    y : ndarray of int, shape (n,), in ``{-1, +1}`` (half, rounded up, positive)

    Examples
    --------
    >>> X, y = make_elongated(n=100, random_state=0)
    >>> X.shape
    (100, 2)
    """
    n = check_count(n, "n", 2)
    rng = as_generator(random_state)
    long_axis, thin_axis = (
        np.array([1.0, 1.0]) / np.sqrt(2),
        np.array([-1.0, 1.0]) / np.sqrt(2),
    )
    delta = 1.5 * (long_axis + thin_axis)  # mean of class +1 minus mean of class -1
    n_pos = (n + 1) // 2
    Z = rng.standard_normal((n, 2)) * np.array([2.0, 0.3])
    X = Z @ np.vstack([long_axis, thin_axis])
    y = np.r_[np.ones(n_pos, dtype=int), -np.ones(n - n_pos, dtype=int)]
    X += np.where(y[:, None] > 0, delta / 2, -delta / 2)
    order = rng.permutation(n)
    return X[order], y[order]


def make_multiclass(n=300, k=3, random_state=None, std=0.7):
    """``k`` round Gaussian blobs in the plane, centres evenly spaced on a circle.

    Parameters
    ----------
    n : int, default=300
        Number of points (at least ``k``), spread evenly over the classes.
    k : int, default=3
        Number of classes, at least 2. Labels are ``0, ..., k - 1``.
    random_state : int, Generator or None
    std : float, default=0.7
        Standard deviation of each blob; the centres lie at distance 2.5 from the
        origin, class ``c`` at the angle ``90 + 360 c / k`` degrees (counter-clockwise
        from the top).

    Returns
    -------
    X : ndarray of shape (n, 2)
    y : ndarray of int, shape (n,)

    Examples
    --------
    >>> X, y = make_multiclass(n=30, k=3, random_state=0)
    >>> np.bincount(y).tolist()
    [10, 10, 10]
    """
    k = check_count(k, "k", 2)
    n = check_count(n, "n", k)
    std = check_nonnegative(std, "std")
    rng = as_generator(random_state)
    angles = np.pi / 2 + 2 * np.pi * np.arange(k) / k
    centres = 2.5 * np.column_stack([np.cos(angles), np.sin(angles)])
    y = np.repeat(np.arange(k), [len(a) for a in np.array_split(np.arange(n), k)])
    X = centres[y] + std * rng.standard_normal((n, 2))
    order = rng.permutation(n)
    return X[order], y[order]


def flip_labels(y, rate, random_state=None, return_indices=False):
    """Label noise: a copy of ``y`` with a fraction ``rate`` of the labels changed.

    Exactly ``round(rate * n)`` labels, chosen at random, are changed: to the other
    class when there are two, to a random different class otherwise.

    Parameters
    ----------
    y : array-like of shape (n,)
    rate : float
        Fraction to flip, ``0 <= rate <= 1``.
    random_state : int, Generator or None
    return_indices : bool, default=False
        Also return the sorted indices of the flipped labels (e.g. to circle them).

    Returns
    -------
    y_noisy : ndarray of shape (n,)
    indices : ndarray of int, only if ``return_indices``

    Examples
    --------
    >>> y_noisy = flip_labels([1, 1, 1, -1], rate=0.5, random_state=0)
    >>> int((y_noisy != np.array([1, 1, 1, -1])).sum())
    2
    """
    y = np.asarray(y)
    if y.ndim != 1 or y.size == 0:
        raise ValueError(
            f"y must be a non-empty 1-D array of labels; got shape {y.shape}"
        )
    rate = check_fraction(rate, "rate")
    rng = as_generator(random_state)
    classes, codes = np.unique(y, return_inverse=True)
    n_flip = int(round(rate * y.size))
    if n_flip and classes.size < 2:
        raise ValueError("flip_labels needs at least two classes to flip between")
    idx = np.sort(rng.choice(y.size, size=n_flip, replace=False))
    # Adding 1..K-1 (mod K) to a class code always lands on a different class.
    shift = rng.integers(1, classes.size, size=n_flip) if n_flip else 0
    out = y.copy()
    out[idx] = classes[(codes[idx] + shift) % classes.size]
    return (out, idx) if return_indices else out


# Re-exported functions are documented (help(), Sphinx autodoc) as members of this
# public module rather than of the private module that holds their code.
for _f in (load_iris, load_digits, load_breast_cancer):
    _f.__module__ = __name__
