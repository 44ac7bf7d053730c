"""Feature maps that make non-linear boundaries linear.

A linear classifier on ``phi(x)`` instead of ``x`` draws the curve
``w.phi(x) + b = 0`` in the original space. The maps here are the book's three
examples: a circle, a ball, and XOR. Each is a plain function of ``X``, so it also
works inside a scikit-learn pipeline through ``FunctionTransformer``.
"""

from __future__ import annotations

import numpy as np

from ._validation import check_array_2d

__all__ = ["quadratic_features", "ball_features", "xor_features"]


def _check_plane(X, name):
    X = check_array_2d(X)
    if X.shape[1] != 2:
        raise ValueError(
            f"{name} needs points in the plane (2 features x1, x2); "
            f"got X with {X.shape[1]} features"
        )
    return X


def quadratic_features(X):
    """All monomials of degree at most 2 of a point in the plane.

    ``phi(x) = [1, x1, x2, x1^2, x2^2, x1 x2]``. Any conic section (circle, ellipse,
    parabola, hyperbola, pair of lines) is a hyperplane ``w.phi(x) = 0`` here; with
    ``w = [-1, 0, 0, 1, 1, 0]`` it is the unit circle ``x1^2 + x2^2 = 1``, with
    ``w.phi(x) > 0`` outside.

    Parameters
    ----------
    X : array-like of shape (n, 2)

    Returns
    -------
    ndarray of shape (n, 6)

    Examples
    --------
    >>> quadratic_features([[2.0, 3.0]])
    array([[1., 2., 3., 4., 9., 6.]])
    >>> w = np.array([-1, 0, 0, 1, 1, 0])
    >>> quadratic_features([[0.0, 1.0], [0.0, 0.5]]) @ w
    array([ 0.  , -0.75])
    """
    X = _check_plane(X, "quadratic_features")
    x1, x2 = X[:, 0], X[:, 1]
    return np.column_stack([np.ones(len(X)), x1, x2, x1**2, x2**2, x1 * x2])


def ball_features(X):
    """Append the squared norm and a constant: ``phi(x) = [x, x.x, 1]``.

    Since ``||x - mu||^2 = -2 mu.x + x.x + mu.mu``, the weights
    ``w = [-2 mu, 1, mu.mu]`` give ``w.phi(x) = ||x - mu||^2``: thresholding it at
    ``r^2`` separates the inside of the ball of radius ``r`` around ``mu`` from the
    outside, in any dimension.

    Parameters
    ----------
    X : array-like of shape (n, d)

    Returns
    -------
    ndarray of shape (n, d + 2)

    Examples
    --------
    >>> ball_features([[1.0, 2.0]])
    array([[1., 2., 5., 1.]])
    """
    X = check_array_2d(X)
    return np.column_stack([X, np.einsum("ij,ij->i", X, X), np.ones(len(X))])


def xor_features(X):
    """Add the product of the two coordinates: ``phi(x) = [x1, x2, x1 x2]``.

    XOR labels depend on whether ``x1`` and ``x2`` have the same sign, that is on
    the sign of ``x1 x2``: one linear coordinate in the new space.

    Parameters
    ----------
    X : array-like of shape (n, 2)

    Returns
    -------
    ndarray of shape (n, 3)

    Examples
    --------
    >>> xor_features([[1.0, -2.0]])
    array([[ 1., -2., -2.]])
    """
    X = _check_plane(X, "xor_features")
    return np.column_stack([X, X[:, 0] * X[:, 1]])
