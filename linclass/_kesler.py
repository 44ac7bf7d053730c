"""Kesler's construction: a K-class linear machine as one binary problem.

Stack the augmented weights ``(w_c, b_c)`` of the K classes into one long vector
``omega``. For a point ``x`` of class ``y`` and each wrong class ``c``, the *Kesler
vector* has ``(x, 1)`` in block ``y``, ``-(x, 1)`` in block ``c`` and zeros elsewhere,
so that ``omega . xi = g_y(x) - g_c(x)``. The linear machine classifies every point
correctly iff ``omega`` puts every Kesler vector strictly on its positive side, a
homogeneous binary problem; a multi-class perceptron update is a binary perceptron
update on one of these vectors. The functions are re-exported by
:mod:`linclass.geometry`.
"""

from __future__ import annotations

import numbers

import numpy as np

from ._separators import max_margin
from ._validation import check_bool, check_class_labels, check_X_y

__all__ = ["kesler_vectors", "max_margin_machine"]


def kesler_vectors(X, y, n_classes, fit_intercept=True):
    """The Kesler vectors of a K-class training set, one per point and wrong class.

    Parameters
    ----------
    X : array-like of shape (n, d)
    y : array-like of int, shape (n,)
        Class indices in ``0 .. n_classes - 1``.
    n_classes : int
        K, at least 2 (classes without points are allowed).
    fit_intercept : bool, default=True
        Append the constant 1 to every point (blocks of length ``d + 1``).

    Returns
    -------
    ndarray of shape (n * (K - 1), K * (d + 1))
        Row ``i * (K - 1) + k`` belongs to point ``i`` and its ``k``-th wrong class
        in increasing order.

    Examples
    --------
    >>> kesler_vectors([[2.0, -1.0]], [1], 3)
    array([[-2.,  1., -1.,  2., -1.,  1.,  0.,  0.,  0.],
           [ 0.,  0.,  0.,  2., -1.,  1., -2.,  1., -1.]])
    """
    X, y = check_X_y(X, y)
    fit_intercept = check_bool(fit_intercept, "fit_intercept")
    if isinstance(n_classes, bool) or not isinstance(n_classes, numbers.Integral):
        raise TypeError(f"n_classes must be an integer; got {n_classes!r}")
    K = int(n_classes)
    if K < 2:
        raise ValueError(f"n_classes must be at least 2; got {K}")
    if y.dtype.kind not in "iuf" or np.any(y != np.round(y)):
        raise ValueError("y must hold integer class indices 0 .. n_classes - 1")
    if np.any(y < 0) or np.any(y >= K):
        raise ValueError(f"class indices must lie in 0 .. {K - 1}; got {np.unique(y)}")
    y = y.astype(np.intp)
    n = X.shape[0]
    Xt = np.hstack([X, np.ones((n, 1))]) if fit_intercept else X
    m = Xt.shape[1]
    rival = np.array([[c for c in range(K) if c != t] for t in range(K)])[y]
    out = np.zeros((n, K - 1, K, m))
    rows = np.arange(n)[:, None]
    out[rows, np.arange(K - 1), y[:, None]] = Xt[:, None, :]
    out[rows, np.arange(K - 1), rival] = -Xt[:, None, :]
    return out.reshape(n * (K - 1), K * m)


def max_margin_machine(X, y, fit_intercept=True):
    """The linear machine with the largest multi-class margin.

    Maximises ``gamma = min_i min_{c != y_i} (g_{y_i}(x_i) - g_c(x_i))`` over
    machines whose stacked augmented weights have unit length,
    ``sum_c (||w_c||^2 + b_c^2) = 1``: the maximum-margin separator, through the
    origin, of the Kesler vectors (a quadratic programme). ``gamma`` is the margin
    of Novikoff's theorem in Kesler's space.

    Parameters
    ----------
    X : array-like of shape (n, d)
    y : array-like of shape (n,)
        Labels of K >= 2 classes (encoded in sorted order, as the estimators do).
    fit_intercept : bool, default=True

    Returns
    -------
    W : ndarray of shape (K, d)
    b : ndarray of shape (K,)
        Zeros when ``fit_intercept=False``.
    gamma : float

    Raises
    ------
    ValueError
        If no linear machine classifies every training point correctly.

    Examples
    --------
    >>> W, b, gamma = max_margin_machine([[0.0], [2.0]], [0, 1])
    >>> np.round(W, 6).tolist(), np.round(b, 6).tolist(), round(gamma, 6)
    ([[-0.5], [0.5]], [0.5, -0.5], 1.0)
    """
    X, y = check_X_y(X, y)
    fit_intercept = check_bool(fit_intercept, "fit_intercept")
    classes, y_index = check_class_labels(y)
    K, d = len(classes), X.shape[1]
    Xi = kesler_vectors(X, y_index, K, fit_intercept=fit_intercept)
    try:
        omega, _, gamma = max_margin(Xi, np.ones(len(Xi)), fit_intercept=False)
    except ValueError:
        raise ValueError(
            "no linear machine classifies every training point correctly, so there "
            "is no maximum margin"
        ) from None
    blocks = omega.reshape(K, -1)
    b = blocks[:, d].copy() if fit_intercept else np.zeros(K)
    return blocks[:, :d].copy(), b, gamma
