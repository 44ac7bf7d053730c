"""Separability and the maximum-margin separator (hard-margin SVM).

The public functions are re-exported by :mod:`linclass.geometry`, where the book
uses them; this module also holds the input checks that geometry and plotting
share for hyperplanes ``(w, b)`` and for -1/+1 labels.
"""

from __future__ import annotations

import warnings

import numpy as np
from scipy.optimize import linprog, minimize, nnls
from sklearn.exceptions import ConvergenceWarning

from ._validation import (
    _outside_linclass,
    check_binary_labels,
    check_vector,
    check_X_y,
)

__all__ = ["is_separable", "best_offset", "max_margin"]

# Below this margin (relative to the data's own scale) a data set counts as not
# separable: an LP solver cannot tell a margin of 1e-12 from zero.
_SEPARABILITY_TOL = 1e-9


def check_hyperplane(w, b, d=None):
    """Validate a hyperplane ``(w, b)``: ``w`` finite, non-zero, of length ``d``."""
    w = check_vector(w, d=d, name="w")
    if not np.any(w):
        raise ValueError("w must be non-zero: the zero vector defines no hyperplane")
    b = float(check_vector(np.atleast_1d(b), d=1, name="b")[0])
    return w, b


def check_pm_labels(X, y):
    """Return X (float, 2-D) and y as -1/+1 floats (a single class is allowed).

    Labels already in {-1, +1} are kept; any two other values are mapped with the
    larger one as +1, as the estimators do.
    """
    X, y = check_X_y(X, y)
    if y.dtype.kind in "biuf" and np.isin(y, (-1, 1)).all():
        return X, y.astype(np.float64)
    return X, check_binary_labels(y)[1]


def _standardise(X, fit_intercept):
    """Shift and scale the data into the unit ball so solver tolerances mean the same
    thing for every data set; a pure shift is allowed only when there is a bias."""
    shift = X.mean(axis=0) if fit_intercept else np.zeros(X.shape[1])
    scale = np.max(np.linalg.norm(X - shift, axis=1))
    if scale == 0:
        scale = 1.0
    return (X - shift) / scale, shift, scale


def _constraint_matrix(Xs, y, fit_intercept):
    """Rows y_i (x_i, 1) (or y_i x_i): the constraints read A z >= margin."""
    if fit_intercept:
        Xs = np.hstack([Xs, np.ones((Xs.shape[0], 1))])
    return y[:, None] * Xs


def _lp_separator(Xs, y, fit_intercept):
    """Maximise t subject to y_i (w.x_i + b) >= t, |w_j| <= 1 (a linear programme).

    Returns (w, b, t); the data are strictly separable iff t > 0. The offset ``b``
    is 0 without an intercept, and t is capped at 1, which keeps the programme
    bounded where b alone separates (a single class).
    """
    n, d = Xs.shape
    A = _constraint_matrix(Xs, y, fit_intercept)
    k = A.shape[1]
    # Variables z = (w, [b], t); constraint -A z + t <= 0.
    A_ub = np.hstack([-A, np.ones((n, 1))])
    bounds = [(-1.0, 1.0)] * d + [(None, None)] * (k - d) + [(None, 1.0)]
    c = np.zeros(k + 1)
    c[-1] = -1.0
    res = linprog(c, A_ub=A_ub, b_ub=np.zeros(n), bounds=bounds, method="highs")
    if res.status != 0:  # pragma: no cover - HiGHS solves these small LPs
        raise RuntimeError(f"separability LP failed: {res.message}")
    z = res.x
    return z[:d], (z[d] if fit_intercept else 0.0), z[-1]


def is_separable(X, y, fit_intercept=True):
    """Whether some hyperplane puts every point strictly on its own side.

    Decided exactly (up to a relative tolerance of 1e-9) by a linear programme.

    Parameters
    ----------
    X : array-like of shape (n, d)
        The points.
    y : array-like of shape (n,)
        Their labels: at most two classes.
    fit_intercept : bool, default=True
        If False, only hyperplanes through the origin (``b = 0``) are allowed.

    Returns
    -------
    bool

    Examples
    --------
    >>> X = [[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]]
    >>> is_separable(X, [1, 1, -1, -1])  # XOR
    False
    >>> is_separable(X, [-1, 1, -1, 1])
    True
    """
    X, y = check_pm_labels(X, y)
    if fit_intercept and np.unique(y).size < 2:
        return True
    Xs = _standardise(X, fit_intercept)[0]
    return bool(_lp_separator(Xs, y, fit_intercept)[2] > _SEPARABILITY_TOL)


def best_offset(X, y, w):
    """Best bias for a fixed direction ``w``: the one maximising the margin.

    For a direction ``w`` the best hyperplane sits halfway between the lowest
    projection of a positive point and the highest projection of a negative one.

    Parameters
    ----------
    X : array-like of shape (n, d)
    y : array-like of shape (n,)
        Two-class labels; both classes must be present.
    w : array-like of shape (d,)
        Direction (need not be unit).

    Returns
    -------
    b : float
        The offset for ``w`` as given.
    gamma : float
        The resulting margin ``margin(X, y, w, b)``; negative if no offset separates
        the data along ``w``.

    Examples
    --------
    >>> best_offset([[0.0], [1.0], [3.0]], [-1, -1, 1], w=[1.0])
    (-2.0, 1.0)
    """
    X, y = check_pm_labels(X, y)
    w, _ = check_hyperplane(w, 0.0, d=X.shape[1])
    if np.unique(y).size < 2:
        raise ValueError("best_offset needs points of both classes")
    p = X @ w
    low_pos, high_neg = p[y > 0].min(), p[y < 0].max()
    norm = np.linalg.norm(w)
    return float(-(low_pos + high_neg) / 2), float((low_pos - high_neg) / (2 * norm))


def _polish(A, z, fit_intercept):
    """Solve the optimality conditions on the (near-)active constraints exactly.

    SLSQP stops within ~1e-8 of the optimum; the optimum itself is the minimum-norm
    solution of A_S z = 1 on the support vectors S with non-negative multipliers.
    Returns that solution if it is feasible, its multipliers are >= 0 and it is no
    worse than z; else None (the optimum is not certified).
    """
    # SLSQP may stop with every constraint slack (S would be empty): rescaled, the
    # closest points of z lie exactly on its margin, A_i z = 1.
    z = z / np.min(A @ z)
    S = np.flatnonzero(A @ z <= 1 + 1e-6)
    k, d = A.shape[1], A.shape[1] - int(fit_intercept)
    M = A[S]
    Mw = M[:, :d]
    if fit_intercept:
        # Eliminate the bias (c = M's bias column, the labels): M_S z = 1 holds for
        # some b iff it holds with c projected out of both sides (lstsq ignores the
        # right-hand side's part along c, orthogonal to the projected columns).
        # Solving the bordered KKT system instead mixes entries of size 1 with ones
        # of the margin's size and squares the condition number: at a margin of 1e-9
        # lstsq then drops the direction the answer needs.
        c = M[:, -1]
        Mw = Mw - np.outer(c, c @ Mw) / (c @ c)
    w = np.linalg.lstsq(Mw, np.ones(S.size), rcond=None)[0]
    z_new = np.r_[w, c @ (1 - M[:, :d] @ w) / (c @ c)] if fit_intercept else w
    # Multipliers alpha >= 0 with w = sum_S alpha_i A_i[:d] and, with a bias,
    # sum_S alpha_i y_i = 0. Where more points lie on the margin than the dimension
    # needs (data on a grid, repeated points) many alpha solve this, and the
    # minimum-norm one (lstsq) can have a negative entry where a non-negative one
    # exists: nnls looks for that one; its misfit is a rounding error if it exists.
    target = np.r_[w, np.zeros(k - d)]
    misfit = nnls(M.T, target)[1]
    feasible = np.all(A @ z_new >= 1 - 1e-9) and misfit <= 1e-9 * np.linalg.norm(target)
    better = w @ w <= z[:d] @ z[:d] * (1 + 1e-9)
    return z_new if feasible and better else None


def max_margin(X, y, fit_intercept=True):
    """Maximum-margin separator of a linearly separable data set (hard-margin SVM).

    Solves ``min ||w||^2 / 2`` subject to ``y_i (w.x_i + b) >= 1``: first a linear
    programme finds a separator (or proves there is none), then SLSQP solves the
    quadratic programme from there, and a final exact solve on the support vectors
    polishes the answer.

    Parameters
    ----------
    X : array-like of shape (n, d)
    y : array-like of shape (n,)
        Two-class labels.
    fit_intercept : bool, default=True
        If False, the separator must pass through the origin (``b = 0``).

    Returns
    -------
    w : ndarray of shape (d,)
        Unit normal of the maximum-margin hyperplane.
    b : float
        Its offset (``0.0`` when ``fit_intercept=False``).
    gamma : float
        Its margin ``margin(X, y, w, b)``, the largest achievable.

    Raises
    ------
    ValueError
        If the data are not linearly separable (by a hyperplane through the origin
        when ``fit_intercept=False``).

    Warns
    -----
    ConvergenceWarning
        If neither SLSQP nor the exact solve certifies the optimum; the separator
        returned then separates the data but its margin may be below the maximum.

    Examples
    --------
    >>> w, b, gamma = max_margin([[0.0, 0.0], [2.0, 0.0]], [-1, 1])
    >>> w.round(6).tolist(), round(b, 6), round(gamma, 6)
    ([1.0, 0.0], -1.0, 1.0)
    """
    X, y = check_pm_labels(X, y)
    if fit_intercept and np.unique(y).size < 2:
        raise ValueError(
            "max_margin needs points of both classes: with one class the margin of "
            "an affine separator is unbounded"
        )
    Xs, shift, scale = _standardise(X, fit_intercept)
    w0, b0, t = _lp_separator(Xs, y, fit_intercept)
    if t <= _SEPARABILITY_TOL:
        through = " by a hyperplane through the origin" if not fit_intercept else ""
        raise ValueError(
            f"the data are not linearly separable{through}: no hyperplane puts every "
            "point strictly on its own side, so there is no maximum margin"
        )
    A = _constraint_matrix(Xs, y, fit_intercept)
    d = Xs.shape[1]
    z0 = np.r_[w0, [b0] if fit_intercept else []] / t  # feasible: A z0 >= 1
    res = minimize(
        lambda z: 0.5 * z[:d] @ z[:d],
        z0,
        jac=lambda z: np.r_[z[:d], np.zeros(z.size - d)],
        constraints=[{"type": "ineq", "fun": lambda z: A @ z - 1, "jac": lambda z: A}],
        method="SLSQP",
        options={"maxiter": 1000, "ftol": 1e-15},
    )
    feasible = np.all(A @ res.x >= 1 - 1e-6)
    z = res.x if feasible else z0
    polished = _polish(A, z, fit_intercept)
    if polished is not None:
        z = polished
    elif not (res.success and feasible):
        warnings.warn(
            f"max_margin could not certify the maximum margin (SLSQP: {res.message}; "
            "the exact solve on the support vectors gave no better feasible point): "
            "the separator returned is valid, but its margin may be below the "
            "maximum (typically the margin is tiny against the data's size).",
            ConvergenceWarning,
            stacklevel=_outside_linclass(),
        )
    w = z[:d] / np.linalg.norm(z[:d])
    if fit_intercept:
        # The optimal offset for the final direction, computed in the original
        # coordinates, so that gamma is exactly the margin of (w, b) as returned.
        b, gamma = best_offset(X, y, w)
    else:
        b, gamma = 0.0, float(np.min(y * (X @ w)))
    return w, b, gamma
