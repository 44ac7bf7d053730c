"""Scores near zero, decided the same way however the scan computed them.

The scans of the perceptron, the pocket and the linear machine compute many
scores ``w.x + b`` at once, with one matrix product per block of visits. A
product's last bit depends on the kernel numpy picks (a block of one row, the
signed rows ``y * (x, 1)``, the block's length): on data built so that a score is
exactly 0, the same point could then be a mistake in one run and not in the
next, and the block sizes would change the answer, not only the speed.

So the product only sorts the visits: a score further from 0 than any rounding
can move it is decided by its sign; one within that band is computed again,
one product and one sum at a time from the left, as scikit-learn's
``Perceptron`` does (``WeightVector.dot``, then ``+ intercept``). Every decision
is then that of the sequential score, whatever the blocks.
"""

from __future__ import annotations

import math

import numpy as np

_U = 2.0**-53  # the unit roundoff of float64


def row_spread(X):
    """A bound of every row's ``sum_j |x_j|`` (so of ``sum_j |x_j w_j| / max |w_j|``):
    ``d`` times the largest ``|x_ij|``, two passes over ``X`` and no copy of it.

    Examples
    --------
    >>> row_spread(np.array([[1.0, -2.0], [0.5, 0.5]]))
    4.0
    """
    if X.size == 0:
        return 0.0
    return X.shape[1] * max(float(X.max()), -float(X.min()))


def band(spread, w, b):
    """Half-width of the band around 0 where a computed score's sign is unsure.

    Any evaluation of ``x.w + b`` (any order of the sums, fused or not) is within
    ``gamma (sum_j |x_j w_j| + |b|)`` of the exact value, ``gamma = k u / (1 - k u)``
    with ``k = d + 1`` roundings; two evaluations are within twice that. Here
    ``sum_j |x_j w_j| <= spread * ||w||`` (``||w||`` bounds every ``|w_j|``), and
    the band is twice that again, for the rounding of ``spread`` and ``||w||``.

    Examples
    --------
    >>> band(3.0, np.array([3.0, 4.0]), 0.5)  # 4 * 4u/(1 - 4u) * (3 * 5 + 0.5)
    2.7533531010703895e-14
    >>> band(3.0, np.zeros(2), 0.0)
    0.0
    """
    return band_factor(w.shape[0]) * (spread * math.sqrt(float(w.dot(w))) + abs(b))


def band_factor(d):
    """``4 gamma`` of :func:`band` for ``d`` features: the band is this factor times
    ``spread * ||w|| + |b|``, or times any bound of it.

    Examples
    --------
    >>> band_factor(2) == 4 * (4 * 2.0**-53) / (1 - 4 * 2.0**-53)
    True
    """
    k = d + 2
    return 4.0 * k * _U / (1.0 - k * _U)


def sequential_score(x, w, b):
    """``x.w + b``, summed from the left with one rounding per step (scikit-learn's).

    Examples
    --------
    >>> sequential_score(np.array([0.1, 0.2]), np.array([1.0, 1.0]), 0.0)
    0.30000000000000004
    """
    s = 0.0
    for xj, wj in zip(x.tolist(), w.tolist(), strict=True):
        s += wj * xj
    return s + float(b)


def first_mistake(s, tol, X, seq, pos, ys, w, b):
    """Index in the block of the first visit that is a mistake, or -1.

    ``s`` holds the computed margins ``y (w.x + b)`` of the visits ``pos,
    pos + 1, ...`` (``X[seq[i]]`` is visit ``i``'s point, ``X[i]`` if ``seq`` is
    None; ``ys`` the labels in visiting order); a margin above ``tol`` is not a
    mistake, one below ``-tol`` is, and one in between is computed again
    sequentially.

    Examples
    --------
    >>> X, ys = np.array([[1.0, 0.0], [0.1, 0.2], [-1.0, 0.0]]), np.ones(3)
    >>> w = np.array([1.0, 1.0])
    >>> first_mistake(np.array([1.0, 0.0, -1.0]), 0.5, X, None, 0, ys, w, -0.3)
    2
    """
    bad = s <= tol
    k = int(bad.argmax())
    if not bad[k] or s[k] < -tol:  # nothing near 0 first: the product decides
        return k if bad[k] else -1
    for k in np.flatnonzero(bad).tolist():
        if s[k] < -tol:
            return k
        i = pos + k
        x = X[i] if seq is None else X[seq[i]]
        if sequential_score(x, w, b) * ys[i] <= 0.0:
            return k
    return -1
