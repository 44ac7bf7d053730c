"""Fisher's linear discriminant (1936), for two classes and for K classes.

Fisher looks for the direction ``w`` along which the projected class means are
far apart relative to the spread of each projected class: it maximises

    J_F(w) = (w' S_B w) / (w' S_W w),

with ``S_B = (mu_1 - mu_0)(mu_1 - mu_0)'`` and ``S_W = S_0 + S_1`` (the class
scatter matrices). The maximiser is ``w = S_W^{-1} (mu_1 - mu_0)`` up to scale.
With ``K > 2`` classes the ``K - 1`` directions and the Gaussian linear machine
come from :mod:`linclass._lda_multi`.
"""

from __future__ import annotations

import numbers

import numpy as np
from scipy.linalg import solve
from sklearn.base import TransformerMixin
from sklearn.utils.validation import check_is_fitted

from ._lda_multi import (
    check_invertible,
    class_statistics,
    discriminant_directions,
    gaussian_machine,
)
from ._validation import (
    check_array_2d,
    check_class_labels,
    check_fitted_X,
    check_label_type,
    check_X_y,
)
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


class FisherLDA(TransformerMixin, BinaryLinearClassifier):
    """Fisher's linear discriminant, for two classes and for ``K > 2`` classes.

    With two classes: Fisher's direction ``w = (S_W + reg*I)^{-1} (mu_1 - mu_0)``
    and a threshold on ``w.x``. With ``K > 2`` classes: the ``K - 1`` discriminant
    directions (``transform``) from ``S_B w = lambda S_W w``, and predictions by the
    Gaussian linear machine ``g_c(x) = mu_c' S^-1 x - mu_c' S^-1 mu_c / 2 + log pi_c``
    with the pooled covariance ``S = (S_W + reg*I) / (n - K)`` and the class
    frequencies ``pi_c``. With equal class sizes this is what scikit-learn's
    ``LinearDiscriminantAnalysis`` predicts with every solver. With unequal class
    sizes it is what its default ``solver="svd"`` predicts up to scikit-learn 1.8,
    which also pools ``S_W / (n - K)``; ``solver="lsqr"`` and ``"eigen"`` (and
    ``"svd"`` from 1.9) pool ``S_W / n``, which changes the weight of ``log pi_c``,
    so a few predictions differ. With two classes the threshold is the midpoint, not
    the Gaussian machine's: that rule ignores the priors.

    Parameters
    ----------
    reg : float, default=0.0
        Ridge added to the within-class scatter: ``S_W + reg*I`` replaces ``S_W``
        everywhere. Needed (> 0) when ``S_W`` is singular, e.g. with fewer points
        than features, collinear features or a feature constant in each class.
    threshold : "midpoint" or float, default="midpoint"
        Two classes only. "midpoint": the boundary passes through the midpoint of
        the class means, ``intercept_ = -coef_ . (mu_0 + mu_1) / 2``. A number
        ``t``: predict ``classes_[1]`` where ``coef_ . x > t``. Must be "midpoint"
        with ``K > 2`` classes.

    Attributes
    ----------
    classes_ : ndarray of shape (K,)
    means_ : ndarray of shape (K, n_features)
        The class means ``mu_c``, in the order of ``classes_``.
    priors_ : ndarray of shape (K,)
        The class frequencies ``pi_c = n_c / n``.
    scatter_within_ : ndarray of shape (n_features, n_features)
        ``S_W = sum_c S_c`` with ``S_c = sum over class c of (x - mu_c)(x - mu_c)'``.
    scatter_between_ : ndarray of shape (n_features, n_features)
        Two classes: ``(mu_1 - mu_0)(mu_1 - mu_0)'``. ``K > 2`` classes:
        ``sum_c n_c (mu_c - mu)(mu_c - mu)'`` with ``mu`` the overall mean (for two
        classes that sum is ``n_0 n_1 / n`` times the two-class matrix).
    scalings_ : ndarray of shape (n_features, n_components)
        The discriminant directions as columns, ``n_components = min(K-1, d)``,
        in decreasing order of ``eigenvalues_``, scaled to unit pooled
        within-class variance, ``w' S_W w / (n - K) = 1``. Two classes: ``coef_[0]``
        so scaled.
    eigenvalues_ : ndarray of shape (n_components,)
        The generalised eigenvalues ``lambda``: Fisher's criterion of each direction.
    xbar_ : ndarray of shape (n_features,)
        The overall mean; ``transform`` centres on it.
    coef_ : ndarray of shape (1, n_features) or (K, n_features)
        Two classes: Fisher's direction. ``K > 2``: row ``c`` is ``mu_c' S^-1``.
    intercept_ : ndarray of shape (1,) or (K,)
    n_features_in_ : int
    n_iter_ : int
        Always 1 (a closed form; present for a uniform interface).

    Raises
    ------
    ValueError
        In ``fit``, if ``S_W + reg*I`` is singular (with a hint to use ``reg > 0``),
        or if there are not more points than classes.

    Examples
    --------
    >>> X = np.array([[0.0, 0.0], [1.0, 0.2], [0.0, 1.0], [1.0, 1.3]])
    >>> lda = FisherLDA().fit(X, [0, 0, 1, 1])
    >>> lda.predict(X).tolist()
    [0, 0, 1, 1]
    >>> float(lda.criterion(lda.coef_[0])) >= float(lda.criterion([1.0, 0.0]))
    True

    Three classes in three dimensions: two discriminant directions.

    >>> rng = np.random.default_rng(0)
    >>> centres = np.array([[0.0, 0.0, 0.0], [4.0, 0.0, 0.0], [0.0, 4.0, 0.0]])
    >>> y3 = np.repeat([0, 1, 2], 20)
    >>> X3 = centres[y3] + rng.standard_normal((60, 3))
    >>> lda3 = FisherLDA().fit(X3, y3)
    >>> lda3.transform(X3).shape, lda3.coef_.shape
    ((60, 2), (3, 3))
    >>> float(lda3.score(X3, y3)) > 0.9
    True
    """

    def __init__(self, reg=0.0, threshold="midpoint"):
        self.reg = reg
        self.threshold = threshold

    def fit(self, X, y):
        """Compute the class means, scatters, Fisher's directions and the classifier.

        Examples
        --------
        >>> FisherLDA().fit([[0.0], [1.0], [3.0], [4.0]], [0, 0, 1, 1]).coef_
        array([[3.]])
        """
        reg = _check_reg(self.reg)
        threshold = _check_threshold(self.threshold)
        X, y = check_X_y(X, y)
        check_label_type(y)
        classes, y_index = check_class_labels(y)
        if len(classes) == 2:
            self._fit_binary(X, y, reg, threshold)
        else:
            if threshold != "midpoint":
                raise ValueError(
                    "a numeric threshold needs exactly two classes; got "
                    f"{len(classes)}: leave threshold='midpoint' for K > 2 classes"
                )
            self._fit_multiclass(X, classes, y_index, reg)
        n, d = X.shape
        self.priors_ = np.bincount(y_index, minlength=len(classes)) / n
        self.xbar_ = self.priors_ @ self.means_  # the mean of X, without another pass
        if len(classes) == 2:  # the binary direction, scaled as the K-class ones
            w = self.coef_[0]
            spread = w @ self.scatter_within_ @ w / max(n - 2, 1)
            self.scalings_ = (w / np.sqrt(spread) if spread > 0 else w).reshape(d, 1)
            # equal class means give w = 0, where J is undefined: no separation, 0
            self.eigenvalues_ = np.array([self.criterion(w) if np.any(w) else 0.0])
        self.n_iter_ = 1
        return self

    def _fit_binary(self, X, y, reg, threshold):
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
        check_invertible(system)
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

    def _fit_multiclass(self, X, classes, y_index, reg):
        n, d = X.shape
        K = len(classes)
        if n <= K:
            raise ValueError(
                f"FisherLDA needs more points than classes; got {n} points in {K} "
                "classes, which leaves no degrees of freedom to estimate S_W"
            )
        means, counts, scatter = class_statistics(X, y_index, K)
        system = scatter + reg * np.eye(d)
        check_invertible(system)
        offsets = np.sqrt(counts)[:, None] * (means - counts @ means / n)
        between = offsets.T @ offsets
        self.eigenvalues_, self.scalings_ = discriminant_directions(
            (between + between.T) / 2.0, system, n - K, min(K - 1, d)
        )
        self.coef_, self.intercept_, _ = gaussian_machine(means, counts, system, n - K)
        self.classes_ = classes
        self.n_features_in_ = d
        self.means_ = means
        self.scatter_within_ = scatter
        self.scatter_between_ = between

    def decision_function(self, X):
        """Scores: ``w.x + b`` for two classes, the ``g_c(x)`` as columns for ``K > 2``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,) or (n_samples, K)

        Examples
        --------
        >>> lda = FisherLDA().fit([[0.0], [1.0], [4.0], [5.0], [8.0], [9.0]],
        ...                       [0, 0, 1, 1, 2, 2])
        >>> lda.decision_function([[4.5]]).argmax(axis=1).tolist()
        [1]
        """
        if len(getattr(self, "classes_", ())) == 2:
            return super().decision_function(X)
        X = check_fitted_X(self, X)
        return X @ self.coef_.T + self.intercept_

    def predict(self, X):
        """Predicted label of each row: the class of the largest score.

        Examples
        --------
        >>> lda = FisherLDA().fit([[0.0], [1.0], [4.0], [5.0], [8.0], [9.0]],
        ...                       ["a", "a", "b", "b", "c", "c"])
        >>> lda.predict([[-1.0], [4.4], [20.0]]).tolist()
        ['a', 'b', 'c']
        """
        if len(getattr(self, "classes_", ())) == 2:
            return super().predict(X)
        scores = self.decision_function(X)  # raises NotFittedError first
        return self.classes_[scores.argmax(axis=1)]

    def transform(self, X):
        """Project onto the discriminant directions, centred on the overall mean.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples, min(K - 1, n_features))
            ``(X - xbar_) @ scalings_``.

        Examples
        --------
        >>> lda = FisherLDA().fit([[0.0, 1.0], [1.0, 0.0], [3.0, 1.0], [4.0, 0.5]],
        ...                       [0, 0, 1, 1])
        >>> lda.transform([[2.0, 0.5]]).shape
        (1, 1)
        """
        X = check_fitted_X(self, X, attribute="scalings_")
        return (X - self.xbar_) @ self.scalings_

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = True
        return tags

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
        # J depends neither on the size of w nor on a common scale of S_B and S_W:
        # rows scaled to a largest entry of 1, and both matrices by the power of
        # two (exact, so the same J to the bit) that brings their largest entry
        # below 1, keep the quadratic forms from overflowing (nan) or underflowing
        W = W / np.abs(W).max(axis=1, keepdims=True)
        S_B, S_W = self.scatter_between_, self.scatter_within_
        shift = -np.frexp(max(np.abs(S_B).max(), np.abs(S_W).max()))[1]
        num = np.einsum("ij,jk,ik->i", W, np.ldexp(S_B, shift), W)
        den = np.einsum("ij,jk,ik->i", W, np.ldexp(S_W, shift), W)
        with np.errstate(divide="ignore", invalid="ignore"):
            J = np.where(den > 0, num / np.where(den > 0, den, 1.0), np.inf)
        J = np.where(num <= 0, 0.0, J)
        return float(J[0]) if single else J
