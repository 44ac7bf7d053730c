"""Multi-class linear classification: one-vs-rest, one-vs-one, linear machine.

One-vs-rest (OvR) and one-vs-one (OvO) combine binary classifiers; where their
binary verdicts disagree the plain vote is *ambiguous* (a point claimed by
several classes, or by none), which is why OvR predicts the class of the
largest score and OvO breaks ties. The linear machine has one discriminant
``g_c(x) = w_c.x + b_c`` per class and predicts ``argmax_c g_c(x)``: no
ambiguous region at all. It is trained by the multi-class perceptron rule.
"""

from __future__ import annotations

import warnings
from itertools import combinations

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, clone
from sklearn.exceptions import ConvergenceWarning

from ._margins import band, row_spread, sequential_score
from ._validation import (
    _outside_linclass,
    check_bool,
    check_choice,
    check_class_labels,
    check_fitted_X,
    check_label_type,
    check_nonnegative_int,
    check_positive,
    check_X_y,
)
from .history import MulticlassHistory

__all__ = ["OneVsRest", "OneVsOne", "MulticlassPerceptron"]


def _binary_scores(estimator, X):
    """Scores of a fitted binary estimator, positive meaning its class 1."""
    if hasattr(estimator, "decision_function"):
        return np.asarray(estimator.decision_function(X)).reshape(-1)
    return estimator.predict_proba(X)[:, 1] - 0.5


class _MulticlassBase(ClassifierMixin, BaseEstimator):
    def _encode(self, X, y):
        # the caller sets classes_ with the fitted parameters, once fitting has
        # succeeded: a refit that fails leaves the model it had, whole
        X, y = check_X_y(X, y)
        check_label_type(y)
        classes, y_index = check_class_labels(y)
        return X, y_index, classes

    def _scores_to_decision(self, scores):
        # scikit-learn's convention: with two classes a single score, > 0 for class 1.
        if scores.shape[1] == 2:
            return scores[:, 1] - scores[:, 0]
        return scores


class OneVsRest(_MulticlassBase):
    """One-vs-rest: one binary classifier per class ("my class" against the rest).

    Parameters
    ----------
    estimator : estimator
        Any binary classifier with ``decision_function`` (or ``predict_proba``);
        it is cloned once per class.

    Attributes
    ----------
    classes_ : ndarray (K,)
    estimators_ : list of K fitted estimators
        ``estimators_[c]`` separates ``classes_[c]`` (its positive class) from the rest.

    Examples
    --------
    >>> from linclass.lda import FisherLDA
    >>> X = np.array([[0.0, 0.0], [0.2, 0.1], [3.0, 0.0], [3.1, 0.3],
    ...               [0.0, 3.0], [0.2, 3.2]])
    >>> ovr = OneVsRest(FisherLDA(reg=1e-3)).fit(X, [0, 0, 1, 1, 2, 2])
    >>> ovr.predict(X).tolist(), ovr.scores(X).shape
    ([0, 0, 1, 1, 2, 2], (6, 3))
    """

    def __init__(self, estimator):
        self.estimator = estimator

    def fit(self, X, y):
        """Fit one clone of ``estimator`` per class.

        Examples
        --------
        >>> from linclass.lda import FisherLDA
        >>> ovr = OneVsRest(FisherLDA()).fit([[0.0], [5.0], [10.0]], [0, 1, 2])
        >>> len(ovr.estimators_)
        3
        """
        X, y_index, classes = self._encode(X, y)
        estimators = [
            clone(self.estimator).fit(X, (y_index == c).astype(int))
            for c in range(len(classes))
        ]
        self.classes_, self.n_features_in_ = classes, X.shape[1]
        self.estimators_ = estimators
        return self

    def scores(self, X):
        """Raw scores ``(n, K)``: column c is the score of classifier c.

        Examples
        --------
        >>> from linclass.lda import FisherLDA
        >>> ovr = OneVsRest(FisherLDA()).fit([[0.0], [1.0], [5.0], [6.0]], [0, 0, 1, 1])
        >>> ovr.scores([[0.0]]).shape
        (1, 2)
        """
        X = check_fitted_X(self, X, "estimators_")
        return np.column_stack([_binary_scores(e, X) for e in self.estimators_])

    def decision_function(self, X):
        """The raw scores ``(n, K)``; with two classes ``(n,)``: score 1 - score 0.

        Examples
        --------
        >>> from linclass.lda import FisherLDA
        >>> ovr = OneVsRest(FisherLDA()).fit([[0.0], [1.0], [5.0], [6.0]], [0, 0, 1, 1])
        >>> ovr.decision_function([[0.0], [6.0]]).shape
        (2,)
        """
        return self._scores_to_decision(self.scores(X))

    def votes(self, X):
        """Boolean ``(n, K)``: classifier c says "my class" (score > 0).

        Examples
        --------
        >>> from linclass.lda import FisherLDA
        >>> ovr = OneVsRest(FisherLDA()).fit([[0.0], [1.0], [5.0], [6.0]], [0, 0, 1, 1])
        >>> ovr.votes([[0.0]]).tolist()
        [[True, False]]
        """
        return self.scores(X) > 0

    def ambiguous(self, X):
        """True where the number of "my class" votes is not exactly one.

        Examples
        --------
        >>> from linclass.lda import FisherLDA
        >>> ovr = OneVsRest(FisherLDA()).fit([[0.0], [1.0], [5.0], [6.0]], [0, 0, 1, 1])
        >>> ovr.ambiguous([[0.0]]).tolist()
        [False]
        """
        return self.votes(X).sum(axis=1) != 1

    def predict(self, X):
        """The class of the largest score (ties: lowest index).

        Examples
        --------
        >>> from linclass.lda import FisherLDA
        >>> X, y = [[0.0], [1.0], [5.0], [6.0]], ["a", "a", "b", "b"]
        >>> ovr = OneVsRest(FisherLDA()).fit(X, y)
        >>> ovr.predict([[5.5]]).tolist()
        ['b']
        """
        best = self.scores(X).argmax(axis=1)  # checks fitted first
        return self.classes_[best]


class OneVsOne(_MulticlassBase):
    """One-vs-one: one binary classifier per pair of classes, then a vote.

    Parameters
    ----------
    estimator : estimator
        Any binary classifier; it is cloned once per pair.

    Attributes
    ----------
    classes_ : ndarray (K,)
    pairs_ : list of (i, j) with i < j
        Class indices of each pair; the classifier's positive class is ``j``.
    estimators_ : list of fitted estimators, one per pair

    Examples
    --------
    >>> from linclass.perceptron import Perceptron
    >>> X = np.array([[0.0, 0.0], [0.2, 0.1], [3.0, 0.0], [3.1, 0.3],
    ...               [0.0, 3.0], [0.2, 3.2]])
    >>> ovo = OneVsOne(Perceptron()).fit(X, [0, 0, 1, 1, 2, 2])
    >>> ovo.pairs_, int(ovo.votes(X[:1])[0, 0])
    ([(0, 1), (0, 2), (1, 2)], 2)
    """

    def __init__(self, estimator):
        self.estimator = estimator

    def fit(self, X, y):
        """Fit one clone of ``estimator`` on the points of each pair of classes.

        Examples
        --------
        >>> from linclass.perceptron import Perceptron
        >>> ovo = OneVsOne(Perceptron()).fit([[0.0], [5.0], [10.0]], [0, 1, 2])
        >>> len(ovo.estimators_)
        3
        """
        X, y_index, classes = self._encode(X, y)
        pairs = list(combinations(range(len(classes)), 2))
        estimators = []  # set only when every pair is fitted (see _encode)
        for i, j in pairs:
            mask = (y_index == i) | (y_index == j)
            estimators.append(
                clone(self.estimator).fit(X[mask], (y_index[mask] == j).astype(int))
            )
        self.classes_, self.n_features_in_ = classes, X.shape[1]
        self.pairs_, self.estimators_ = pairs, estimators
        return self

    def votes(self, X):
        """Vote counts ``(n, K)``: how many pairwise classifiers chose each class.

        Examples
        --------
        >>> from linclass.perceptron import Perceptron
        >>> ovo = OneVsOne(Perceptron()).fit([[0.0], [5.0], [10.0]], [0, 1, 2])
        >>> ovo.votes([[10.0]]).tolist()
        [[0, 1, 2]]
        """
        X = check_fitted_X(self, X, "estimators_")
        votes = np.zeros((X.shape[0], len(self.classes_)), dtype=np.int64)
        rows = np.arange(X.shape[0])
        for (i, j), est in zip(self.pairs_, self.estimators_, strict=True):
            winner = np.where(_binary_scores(est, X) > 0, j, i)
            np.add.at(votes, (rows, winner), 1)
        return votes

    def ambiguous(self, X):
        """True where several classes tie for the most votes.

        Examples
        --------
        >>> from linclass.perceptron import Perceptron
        >>> ovo = OneVsOne(Perceptron()).fit([[0.0], [5.0], [10.0]], [0, 1, 2])
        >>> ovo.ambiguous([[0.0]]).tolist()
        [False]
        """
        votes = self.votes(X)
        return (votes == votes.max(axis=1, keepdims=True)).sum(axis=1) > 1

    def predict(self, X):
        """The class with the most votes (ties: lowest index).

        Examples
        --------
        >>> from linclass.perceptron import Perceptron
        >>> ovo = OneVsOne(Perceptron()).fit([[0.0], [5.0], [10.0]], [0, 1, 2])
        >>> ovo.predict([[4.0], [9.0]]).tolist()
        [1, 2]
        """
        best = self.votes(X).argmax(axis=1)  # checks fitted first
        return self.classes_[best]


# the first block of visits one product scores; it doubles over a clean stretch
_FIRST_BLOCK = 32


def _exact_rival(x, true, W, b):
    """The rival class of one point from its sequential scores, or -1 if none ties
    or beats the true class (see :mod:`linclass._margins`)."""
    g = [sequential_score(x, W[c], b[c]) for c in range(W.shape[0])]
    g_true, g[true] = g[true], -np.inf
    rival = int(np.argmax(g))  # ties: lowest index, as predict does
    return rival if g[rival] >= g_true else -1


def _next_machine_mistake(X, y_index, W, b, pos, stop, seq, tol):
    """Next visit (position, rival class) where a wrong class scores >= the true one.

    A product only sorts the visits: where two scores are within rounding of each
    other the point's scores are computed again one term at a time, so the blocks
    never change which visit is found nor which rival it has.
    """
    block = _FIRST_BLOCK
    while pos < stop:
        end = min(pos + block, stop)
        idx = np.arange(pos, end) if seq is None else seq[pos:end]
        G = X[idx] @ W.T
        G += b
        rows = np.arange(end - pos)
        true = y_index[idx]
        g_true = G[rows, true]
        G[rows, true] = -np.inf
        best = G.max(axis=1)
        for k in np.flatnonzero(best - g_true >= -tol).tolist():
            # sure only when clearly beaten by a rival that is clearly the best
            if best[k] - g_true[k] > tol and best[k] - np.partition(G[k], -2)[-2] > tol:
                return pos + k, int(G[k].argmax())
            rival = _exact_rival(X[idx[k]], int(true[k]), W, b)
            if rival >= 0:
                return pos + k, rival
        pos = end
        block *= 2
    return -1, -1


class MulticlassPerceptron(_MulticlassBase):
    """The linear machine trained by the multi-class perceptron rule.

    Discriminants ``g_c(x) = w_c.x + b_c`` start at 0; a point of class ``y`` is
    a mistake when some ``c != y`` has ``g_c(x) >= g_y(x)``; then, with ``p``
    the highest-scoring wrong class (lowest index on ties), ``w_y += eta*x``,
    ``b_y += eta``, ``w_p -= eta*x``, ``b_p -= eta``.

    Parameters
    ----------
    eta : float, default=1.0
    max_iter : int, default=1000
        Maximum number of epochs; a ``ConvergenceWarning`` is issued if an
        epoch without mistakes is not reached.
    order : {"cyclic", "random"}, default="cyclic"
        As in :class:`~linclass.perceptron.Perceptron` (a fresh permutation per
        epoch from ``np.random.default_rng(random_state)``).
    fit_intercept : bool, default=True
    random_state : int, numpy Generator or None, default=None

    Attributes
    ----------
    classes_ : ndarray (K,)
    coef_ : ndarray (K, n_features)
    intercept_ : ndarray (K,)
    n_iter_, n_mistakes_, converged_ : as in Perceptron
    history_ : MulticlassHistory

    Examples
    --------
    >>> X = np.array([[0.0, 0.0], [3.0, 0.0], [0.0, 3.0], [3.2, 0.4]])
    >>> clf = MulticlassPerceptron().fit(X, ["a", "b", "c", "b"])
    >>> clf.predict(X).tolist(), clf.coef_.shape
    (['a', 'b', 'c', 'b'], (3, 2))
    """

    def __init__(
        self,
        eta=1.0,
        max_iter=1000,
        order="cyclic",
        fit_intercept=True,
        random_state=None,
    ):
        self.eta = eta
        self.max_iter = max_iter
        self.order = order
        self.fit_intercept = fit_intercept
        self.random_state = random_state

    def fit(self, X, y):
        """Train the linear machine on ``X`` (n, d) with labels ``y`` (K >= 2 classes).

        Examples
        --------
        >>> clf = MulticlassPerceptron().fit([[0.0], [1.0], [2.0]], [0, 1, 1])
        >>> clf.converged_
        True
        """
        eta = check_positive(self.eta, "eta")
        max_iter = check_nonnegative_int(self.max_iter, "max_iter")
        order = check_choice(self.order, "order", ("cyclic", "random"))
        fit_intercept = check_bool(self.fit_intercept, "fit_intercept")
        X, y_index, classes = self._encode(X, y)
        n, d = X.shape
        K = len(classes)
        rng = np.random.default_rng(self.random_state) if order == "random" else None
        spread = row_spread(X)
        Wa = np.zeros((K, d + 1))
        W, b = Wa[:, :-1], Wa[:, -1]  # views: updating Wa updates both
        bias = 1.0 if fit_intercept else 0.0
        steps, points, trues, rivals, visits = [], [], [], [], []
        epochs, converged = 0, False
        for epoch in range(max_iter):
            epochs += 1
            seq = None if rng is None else rng.permutation(n)
            if seq is not None:
                visits.append(seq.astype(np.int32))
            pos, before = 0, len(steps)
            while True:
                # a difference of two scores is off by at most twice a score's band
                tol = 2.0 * band(spread, W.ravel(), float(np.abs(b).max()))
                i, p = _next_machine_mistake(X, y_index, W, b, pos, n, seq, tol)
                if i < 0:
                    break
                j = i if seq is None else int(seq[i])
                u = np.append(eta * X[j], eta * bias)
                Wa[y_index[j]] += u
                Wa[p] -= u
                steps.append(epoch * n + i + 1)
                points.append(j)
                trues.append(y_index[j])
                rivals.append(p)
                pos = i + 1
            if len(steps) == before:
                converged = True
                break
        updates = np.zeros((len(points), d + 1))
        updates[:, :-1] = eta * X[np.asarray(points, dtype=np.intp)]
        updates[:, -1] = eta * bias
        self.classes_, self.n_features_in_ = classes, d
        self.coef_ = W.copy()
        self.intercept_ = b.copy()
        self.n_iter_, self.n_mistakes_, self.converged_ = epochs, len(steps), converged
        self.history_ = MulticlassHistory(
            epochs * n,
            steps,
            updates,
            trues,
            rivals,
            K,
            n,
            order,
            np.concatenate(visits) if visits else None,
        )
        if not converged:
            warnings.warn(
                f"MulticlassPerceptron did not converge in {max_iter} epochs; "
                "the data may not be linearly separable",
                ConvergenceWarning,
                stacklevel=_outside_linclass(),
            )
        return self

    def scores(self, X):
        """Discriminants ``g_c(x)``, shape ``(n, K)``.

        Examples
        --------
        >>> clf = MulticlassPerceptron().fit([[0.0], [1.0], [2.0]], [0, 1, 2])
        >>> clf.scores([[0.0]]).shape
        (1, 3)
        """
        X = check_fitted_X(self, X)
        return X @ self.coef_.T + self.intercept_

    def decision_function(self, X):
        """``scores(X)``; with two classes ``(n,)``: ``g_1 - g_0``.

        Examples
        --------
        >>> clf = MulticlassPerceptron().fit([[0.0], [1.0], [2.0]], [0, 1, 2])
        >>> clf.decision_function([[0.0]]).shape
        (1, 3)
        """
        return self._scores_to_decision(self.scores(X))

    def predict(self, X):
        """``classes_[argmax_c g_c(x)]`` (ties: lowest index).

        Examples
        --------
        >>> clf = MulticlassPerceptron().fit([[0.0], [1.0], [2.0]], [0, 1, 2])
        >>> clf.predict([[0.0], [2.0]]).tolist()
        [0, 2]
        """
        best = self.scores(X).argmax(axis=1)  # checks fitted first
        return self.classes_[best]
