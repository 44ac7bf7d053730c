"""Rosenblatt's perceptron, exactly as in the textbook, but fast.

The textbook rule visits the points one by one and updates the weights on a
mistake. Most visits change nothing, so a Python loop over the points wastes its
time on correct points. Here the margins of a *block* of upcoming points are
computed with one matrix-vector product; the first non-positive margin is the
next mistake (every point before it is correctly classified by the unchanged
weights, so its margin is exactly what the sequential rule would have seen).
After the update the scan restarts just after the mistake. The block size
adapts to how dense the mistakes are: it doubles while no mistake is found and
shrinks to about twice the last gap after one. The weights are therefore
bit-identical to those of the sequential rule, with a cost proportional to the
number of mistakes rather than the number of visits.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.exceptions import ConvergenceWarning

from ._margins import band_factor, first_mistake, row_spread
from ._radius import max_norm
from ._validation import (
    _outside_linclass,
    check_binary_labels,
    check_bool,
    check_choice,
    check_fitted_X,
    check_label_type,
    check_nonnegative_int,
    check_positive,
    check_X_y,
)
from .history import History

__all__ = ["Perceptron"]

_MIN_BLOCK = 8
_MAX_BLOCK = 1 << 15


class BinaryLinearClassifier(ClassifierMixin, BaseEstimator):
    """Shared prediction code of the binary linear classifiers of ``linclass``.

    A fitted subclass has ``coef_`` (1, d), ``intercept_`` (1,) and ``classes_``;
    it predicts ``classes_[1]`` where ``w.x + b > 0`` and ``classes_[0]`` elsewhere
    (a point on the hyperplane is predicted negative, as scikit-learn does).

    Examples
    --------
    >>> issubclass(Perceptron, BinaryLinearClassifier)
    True
    >>> Perceptron().__sklearn_tags__().classifier_tags.multi_class
    False
    """

    def _validate_data_labels(self, X, y):
        X, y = check_X_y(X, y)
        check_label_type(y)
        classes, y_pm = check_binary_labels(y)
        self.n_features_in_ = X.shape[1]
        return X, classes, y_pm

    def decision_function(self, X):
        """Signed score ``w.x + b`` of each row; positive means ``classes_[1]``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)

        Returns
        -------
        ndarray of shape (n_samples,)

        Examples
        --------
        >>> clf = Perceptron().fit([[0.0], [1.0]], [0, 1])
        >>> clf.decision_function([[2.0]]).shape
        (1,)
        """
        X = check_fitted_X(self, X)
        return X @ self.coef_[0] + self.intercept_[0]

    def predict(self, X):
        """Predicted label of each row of ``X``.

        Examples
        --------
        >>> clf = Perceptron().fit([[-1.0], [1.0]], ["no", "yes"])
        >>> clf.predict([[-3.0], [3.0]]).tolist()
        ['no', 'yes']
        """
        scores = self.decision_function(X)
        return self.classes_[(scores > 0).astype(np.intp)]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False
        return tags


def _bias_scale(X, fit_intercept, bias_update):
    """Factor of ``eta * y`` added to the bias on a mistake (0, 1 or R**2)."""
    if not fit_intercept:
        return 0.0
    if bias_update == "r2":
        radius = max_norm(X)
        return radius * radius
    return 1.0


def _stack_updates(X, yf, idx, eta, bscale):
    """Rows ``(eta*y*x, eta*y*bscale)`` of the updates made on points ``idx``."""
    idx = np.asarray(idx, dtype=np.intp)
    c = eta * yf[idx]
    updates = np.empty((idx.shape[0], X.shape[1] + 1))
    np.multiply(X[idx], c[:, None], out=updates[:, :-1])
    updates[:, -1] = c * bscale
    return updates


def _signed_rows(X, yf):
    """The rows ``y * (x, 1)``: their dot product with ``(w, b)`` is the margin."""
    Z = np.empty((X.shape[0], X.shape[1] + 1))
    Z[:, :-1] = X
    Z[:, -1] = 1.0
    Z *= yf[:, None]
    return Z


def _worth_signing(n_calls, X):
    """Whether to switch to signed rows after an epoch that needed ``n_calls`` scans.

    A scan over signed rows saves two small array operations (about a
    microsecond); building them costs one pass over ``X`` (about a nanosecond
    per entry). Switch when one epoch's saving reaches half the building cost.
    """
    return n_calls * 2000 >= X.size + X.shape[0]


def _online_epoch(X, ys, wa, gap, eta, bscale, seq, Z, spread):
    """One epoch of the online rule, in place on ``wa``; returns mistakes and gap.

    The scan is :func:`linclass.pocket.next_mistake` written inline: this loop
    runs once per mistake, and with thousands of mistakes per epoch its Python
    overhead is the whole cost. ``Z`` (or None) holds the signed rows ``y * (x, 1)``;
    ``spread`` is :func:`~linclass._margins.row_spread` of ``X``.
    Margins near 0 are decided as in :mod:`linclass._margins`.
    """
    n = ys.shape[0]
    w = wa[:-1]
    b = float(wa[-1])  # a Python float: cheaper to read and update than wa[-1]
    unit_step = Z is not None and eta == 1.0 and bscale == 1.0
    # the band's ||w|| is bounded, not computed after each mistake (a dot product
    # per mistake costs a fifth of the loop): an update moves w by at most
    # eta * ||x|| <= eta * spread, so the bound only grows past ||w||
    factor, w_bound = band_factor(w.shape[0]), math.sqrt(w.dot(w))
    mistakes = []
    pos = 0
    while True:
        start, block, found = pos, int(1.5 * gap) + _MIN_BLOCK, -1
        bias = float(wa[-1]) if Z is not None else b
        tol = factor * (spread * w_bound + abs(bias))
        while pos < n:
            end = pos + block
            if Z is not None:
                s = (Z[pos:end] if seq is None else Z[seq[pos:end]]).dot(wa)
            else:
                s = (X[pos:end] if seq is None else X[seq[pos:end]]).dot(w)
                s += b
                s *= ys[pos:end]
            bad = s <= tol
            k = bad.argmax()
            if bad[k]:
                if s[k] < -tol:  # clearly a mistake: the common case, decided here
                    found = pos + int(k)
                    break
                k = first_mistake(s, tol, X, seq, pos, ys, w, bias)
                if k >= 0:
                    found = pos + k
                    break
            pos = end
            if block < _MAX_BLOCK:
                block += block
        if found < 0:
            if not unit_step:
                wa[-1] = b
            return mistakes, max(gap, float(n - start))
        gap = 0.75 * gap + 0.25 * (found - start)
        j = found if seq is None else seq[found]
        if unit_step:
            wa += Z[j]  # Z[j] = (y*x, y): the whole update at once
        else:
            # Same bits as w += c * x and b += c * bscale (c = eta * y).
            c = eta * ys[found]
            if c == 1.0:
                w += X[j]
            elif c == -1.0:
                w -= X[j]
            else:
                w += c * X[j]
            b += c * bscale
            if Z is not None:
                wa[-1] = b  # the signed-row scan reads b from wa
        mistakes.append(found)
        pos = found + 1
        w_bound += eta * spread


def _run_online(X, yf, eta, bscale, max_iter, rng, replace=False):
    """Online perceptron; rng None means cyclic order. Returns the run's record.

    With ``replace`` an epoch is ``n`` independent uniform draws, so a clean epoch
    may have missed some points: the run stops only when no training point at all
    is a mistake (the stopping test of the lecture notes that draw with replacement).
    """
    n, d = X.shape
    wa = np.zeros(d + 1)
    Z = None
    spread = row_spread(X)
    steps, points, visits = [], [], []
    gap = 32.0
    converged = False
    epochs = 0
    for epoch in range(max_iter):
        epochs += 1
        if rng is None:
            seq, ys = None, yf
        else:
            seq = rng.integers(0, n, n) if replace else rng.permutation(n)
            ys = yf[seq]
            visits.append(seq.astype(np.int32))
        found, gap = _online_epoch(X, ys, wa, gap, eta, bscale, seq, Z, spread)
        if found:
            found = np.asarray(found, dtype=np.int64)
            steps.append(epoch * n + found + 1)
            points.append(found if seq is None else seq[found])
            if Z is None and _worth_signing(len(found), X):
                Z = _signed_rows(X, yf)
        clean = len(found) == 0
        if replace:
            clean = bool(np.all((X @ wa[:-1] + wa[-1]) * yf > 0.0))
        if clean:
            converged = True
            break
    steps = np.concatenate(steps) if steps else np.zeros(0, np.int64)
    points = np.concatenate(points) if points else np.zeros(0, np.int64)
    indices = np.concatenate(visits) if visits else None
    return wa[:-1], float(wa[-1]), epochs, steps, points, indices, converged


def _run_batch(X, yf, eta, bscale, max_iter):
    """Batch perceptron: one gradient step on the perceptron criterion per epoch."""
    w = np.zeros(X.shape[1])
    b = 0.0
    steps, updates, n_wrong = [], [], 0
    converged = False
    epochs = 0
    for epoch in range(max_iter):
        epochs += 1
        wrong = np.flatnonzero((X @ w + b) * yf <= 0.0)
        if wrong.size == 0:
            converged = True
            break
        n_wrong += wrong.size
        ym = yf[wrong]
        update = np.empty(X.shape[1] + 1)
        update[:-1] = eta * (ym @ X[wrong])
        update[-1] = eta * (ym.sum() * bscale)
        w += update[:-1]
        b += update[-1]
        steps.append(epoch + 1)
        updates.append(update)
    updates = np.array(updates).reshape(len(steps), X.shape[1] + 1)
    return w, b, epochs, steps, updates, n_wrong, converged


class Perceptron(BinaryLinearClassifier):
    """The perceptron of Rosenblatt (1958): the textbook rule, made fast.

    Starting from ``w = 0, b = 0``, a point is a mistake when ``y (w.x + b) <= 0``
    (``y`` in {-1, +1}, +1 meaning ``classes_[1]``); on a mistake
    ``w += eta*y*x`` and ``b += eta*y``. With the defaults the learned weights are
    exactly (bit for bit) those of ``sklearn.linear_model.Perceptron(shuffle=False,
    eta0=1.0, penalty=None, tol=None, max_iter=E)`` after the same number of
    epochs E.

    Parameters
    ----------
    eta : float, default=1.0
        Learning rate (> 0).
    mode : {"online", "batch"}, default="online"
        "online": update after each visited mistake. "batch": one step per epoch,
        ``w += eta * sum of y*x over all current mistakes`` (gradient descent on
        the perceptron criterion).
    order : {"cyclic", "random", "replacement"}, default="cyclic"
        Online visiting order: points 0..n-1 every epoch; a fresh permutation per
        epoch; or ``n`` uniform draws with replacement per epoch, stopping after
        the first epoch that leaves no training point misclassified. Random
        orders use ``np.random.default_rng(random_state)``.
    max_iter : int, default=1000
        Maximum number of epochs (passes over the data).
    fit_intercept : bool, default=True
        Learn the bias ``b``; if False the hyperplane passes through the origin.
    bias_update : {"unit", "r2"}, default="unit"
        "unit": ``b += eta*y``; "r2": ``b += eta*y*R**2`` with ``R = max ||x_i||``.
    random_state : int, numpy Generator or None, default=None
        Seed of the random orders, ``order="random"`` and ``order="replacement"``
        (unused with ``order="cyclic"`` and with ``mode="batch"``).

    Attributes
    ----------
    coef_ : ndarray of shape (1, n_features)
    intercept_ : ndarray of shape (1,)
    classes_ : ndarray of shape (2,)
    n_features_in_ : int
    n_iter_ : int
        Epochs run (including the final epoch without mistakes; with
        ``order="replacement"``, the epoch after which no point is a mistake).
    n_mistakes_ : int
        Number of updates (batch mode: misclassified points summed over steps).
    converged_ : bool
        True if an epoch ended without a mistake.
    history_ : History
        Record of the run: ``history_.weights_at(t)`` gives the weights after any step.

    Notes
    -----
    Training stops after the first epoch without a mistake. If that does not
    happen within ``max_iter`` epochs, a ``ConvergenceWarning`` is issued: the
    data may not be linearly separable.

    Examples
    --------
    >>> X = np.array([[2.0, 1.0], [1.0, 3.0], [-1.0, -1.0], [-2.0, 0.5]])
    >>> clf = Perceptron().fit(X, [1, 1, 0, 0])
    >>> clf.predict(X).tolist(), clf.converged_
    ([1, 1, 0, 0], True)
    >>> clf.history_.weights_at(1)
    (array([2., 1.]), 1.0)
    """

    def __init__(
        self,
        eta=1.0,
        mode="online",
        order="cyclic",
        max_iter=1000,
        fit_intercept=True,
        bias_update="unit",
        random_state=None,
    ):
        self.eta = eta
        self.mode = mode
        self.order = order
        self.max_iter = max_iter
        self.fit_intercept = fit_intercept
        self.bias_update = bias_update
        self.random_state = random_state

    def fit(self, X, y):
        """Train on ``X`` (n, d) with two-class labels ``y`` (n,).

        Examples
        --------
        >>> clf = Perceptron(mode="batch").fit([[0.0], [1.0]], [0, 1])
        >>> clf.coef_, clf.intercept_, clf.n_iter_
        (array([[2.]]), array([-1.]), 5)
        """
        eta = check_positive(self.eta, "eta")
        mode = check_choice(self.mode, "mode", ("online", "batch"))
        orders = ("cyclic", "random", "replacement")
        order = check_choice(self.order, "order", orders)
        max_iter = check_nonnegative_int(self.max_iter, "max_iter")
        fit_intercept = check_bool(self.fit_intercept, "fit_intercept")
        bias_update = check_choice(self.bias_update, "bias_update", ("unit", "r2"))
        X, classes, yf = self._validate_data_labels(X, y)
        n, d = X.shape
        bscale = _bias_scale(X, fit_intercept, bias_update)
        if mode == "batch":
            w, b, epochs, steps, updates, n_wrong, converged = _run_batch(
                X, yf, eta, bscale, max_iter
            )
            history = History(epochs, steps, updates, n, order="batch")
        else:
            rng = None
            if order != "cyclic":
                rng = np.random.default_rng(self.random_state)
            w, b, epochs, steps, points, indices, converged = _run_online(
                X, yf, eta, bscale, max_iter, rng, replace=order == "replacement"
            )
            n_wrong = int(steps.shape[0])
            updates = _stack_updates(X, yf, points, eta, bscale)
            history = History(epochs * n, steps, updates, n, order, indices)
        self.classes_ = classes
        self.coef_ = w.reshape(1, d)
        self.intercept_ = np.array([b])
        self.n_iter_ = epochs
        self.n_mistakes_ = n_wrong
        self.converged_ = converged
        self.history_ = history
        if not converged:
            warnings.warn(
                f"Perceptron did not converge in {max_iter} epochs; "
                "the data may not be linearly separable",
                ConvergenceWarning,
                stacklevel=_outside_linclass(),
            )
        return self
