"""Fisher's linear discriminant (1936) for two classes.

Fisher looks for the direction ``w`` along which the projected class means are
far apart relative to the spread of each projected class: it maximises

    J_F(w) = (w' S_B w) / (w' S_W w),

with ``S_B = (mu_1 - mu_0)(mu_1 - mu_0)'`` and ``S_W = S_0 + S_1`` (the class
scatter matrices). The maximiser is ``w = S_W^{-1} (mu_1 - mu_0)`` up to scale.
"""

from __future__ import annotations

import numbers

import numpy as np
from scipy.linalg import solve
from sklearn.utils.validation import check_is_fitted

from ._validation import check_array_2d
from .perceptron import BinaryLinearClassifier

__all__ = ["FisherLDA"]


def _check_reg(reg):
    if isinstance(reg, bool) or not isinstance(reg, numbers.Real):
        raise TypeError(f"reg must be a real number; got {type(reg).__name__}")
    if not np.isfinite(reg) or reg < 0:
        raise ValueError(f"reg must be a finite number >= 0; got {reg!r}")
    return float(reg)


def _check_threshold(threshold):
    if isinstance(threshold, str):
        if threshold != "midpoint":
            raise ValueError(
                f"threshold must be 'midpoint' or a number; got {threshold!r}"
            )
        return threshold
    if isinstance(threshold, bool) or not isinstance(threshold, numbers.Real):
        raise TypeError(
            f"threshold must be 'midpoint' or a number; got {type(threshold).__name__}"
        )
    if not np.isfinite(threshold):
        raise ValueError(f"threshold must be finite; got {threshold!r}")
    return float(threshold)


class FisherLDA(BinaryLinearClassifier):
    """Two-class Fisher linear discriminant.

    Parameters
    ----------
    reg : float, default=0.0
        Ridge added to the within-class scatter: ``coef_`` solves
        ``(S_W + reg*I) w = mu_1 - mu_0``. Needed (> 0) when ``S_W`` is singular,
        e.g. with fewer points than features or a feature constant in each class.
    threshold : "midpoint" or float, default="midpoint"
        "midpoint": the boundary passes through the midpoint of the class means,
        ``intercept_ = -coef_ . (mu_0 + mu_1) / 2``. A number ``t``: predict
        ``classes_[1]`` where ``coef_ . x > t``.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
    means_ : ndarray of shape (2, n_features)
        ``[mu_0, mu_1]``, class 1 being ``classes_[1]``.
    scatter_within_ : ndarray of shape (n_features, n_features)
        ``S_W = S_0 + S_1`` with ``S_c = sum over class c of (x - mu_c)(x - mu_c)'``.
    scatter_between_ : ndarray of shape (n_features, n_features)
        ``S_B = (mu_1 - mu_0)(mu_1 - mu_0)'``.
    coef_ : ndarray of shape (1, n_features)
    intercept_ : ndarray of shape (1,)
    n_features_in_ : int
    n_iter_ : int
        Always 1 (a closed form; present for a uniform interface).

    Raises
    ------
    ValueError
        In ``fit``, if ``S_W + reg*I`` is singular (with a hint to use ``reg > 0``).

    Examples
    --------
    >>> X = np.array([[0.0, 0.0], [1.0, 0.2], [0.0, 1.0], [1.0, 1.3]])
    >>> lda = FisherLDA().fit(X, [0, 0, 1, 1])
    >>> lda.predict(X).tolist()
    [0, 0, 1, 1]
    >>> float(lda.criterion(lda.coef_[0])) >= float(lda.criterion([1.0, 0.0]))
    True
    """

    def __init__(self, reg=0.0, threshold="midpoint"):
        self.reg = reg
        self.threshold = threshold

    def fit(self, X, y):
        """Compute the class means, scatters and Fisher's direction.

        Examples
        --------
        >>> FisherLDA().fit([[0.0], [1.0], [3.0], [4.0]], [0, 0, 1, 1]).coef_
        array([[3.]])
        """
        reg = _check_reg(self.reg)
        threshold = _check_threshold(self.threshold)
        X, classes, yf = self._validate_data_labels(X, y)
        d = X.shape[1]
        means = np.empty((2, d))
        scatter = np.zeros((d, d))
        for c, label in enumerate((-1.0, 1.0)):
            # Centre each class before the product: accurate even far from 0.
            Xc = X[yf == label]
            means[c] = Xc.mean(axis=0)
            Xc -= means[c]
            scatter += Xc.T @ Xc
        scatter = (scatter + scatter.T) / 2.0  # exactly symmetric
        diff = means[1] - means[0]
        system = scatter + reg * np.eye(d)
        eig = np.linalg.eigvalsh(system)
        if eig[0] <= max(eig[-1], 1e-300) * d * 1e-13:
            raise ValueError(
                "the within-class scatter matrix S_W + reg*I is singular "
                f"(eigenvalues from {eig[0]:.3g} to {eig[-1]:.3g}), e.g. fewer points "
                "than features or a feature constant within each class; "
                "use reg > 0, e.g. FisherLDA(reg=1e-3)"
            )
        coef = solve(system, diff, assume_a="pos")
        self.classes_ = classes
        self.means_ = means
        self.scatter_within_ = scatter
        self.scatter_between_ = np.outer(diff, diff)
        self.coef_ = coef.reshape(1, d)
        if threshold == "midpoint":
            self.intercept_ = np.array([-coef @ (means[0] + means[1]) / 2.0])
        else:
            self.intercept_ = np.array([-threshold])
        self.n_iter_ = 1
        return self

    def criterion(self, w):
        """Fisher's criterion ``J_F(w) = w'S_B w / w'S_W w`` of one or many directions.

        Parameters
        ----------
        w : array-like of shape (n_features,) or (m, n_features)

        Returns
        -------
        float or ndarray of shape (m,)
            ``inf`` where only ``w'S_W w`` vanishes, ``0`` where both do.

        Examples
        --------
        >>> lda = FisherLDA().fit([[0.0, 0.0], [1.0, 1.0], [2.0, 1.0], [3.0, 0.0]],
        ...                       [0, 0, 1, 1])
        >>> lda.criterion(np.array([[1.0, 0.0], [0.0, 1.0]])).tolist()
        [4.0, 0.0]
        """
        check_is_fitted(self, "scatter_within_")
        W = np.asarray(w)
        single = W.ndim == 1
        W = check_array_2d(W.reshape(1, -1) if single else W, name="w")
        d = self.means_.shape[1]
        if W.shape[1] != d:
            raise ValueError(f"w must have {d} components; got shape {W.shape}")
        if not np.any(W, axis=1).all():
            raise ValueError("w must be non-zero: J(0) is undefined")
        num = np.einsum("ij,jk,ik->i", W, self.scatter_between_, W)
        den = np.einsum("ij,jk,ik->i", W, self.scatter_within_, W)
        with np.errstate(divide="ignore", invalid="ignore"):
            J = np.where(den > 0, num / np.where(den > 0, den, 1.0), np.inf)
        J = np.where(num <= 0, 0.0, J)
        return float(J[0]) if single else J
