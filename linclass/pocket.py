"""Gallant's (1990) pocket algorithm: the perceptron for non-separable data.

The perceptron never settles on non-separable data, so its final weights can
be arbitrarily bad. The pocket runs the perceptron on points drawn at random
and keeps "in its pocket" the weights that survived the longest run of
consecutive correct classifications. With the ratchet, the pocket accepts a
candidate only if its training error is also strictly lower, so the pocket's
training error never increases. ``criterion="error"`` is the variant of many
lecture notes: after every update, evaluate the training error and keep the
weights if it is the lowest so far.

The run lengths come for free from the block scan of
:func:`next_mistake`: between two mistakes every visit is a
correct classification, so a run grows by the gap between mistakes.
"""

from __future__ import annotations

import numpy as np

from ._margins import band, first_mistake, row_spread
from ._validation import (
    check_bool,
    check_nonnegative_int,
    check_positive,
)
from .history import PocketHistory
from .perceptron import (
    _MAX_BLOCK,
    _MIN_BLOCK,
    BinaryLinearClassifier,
    _bias_scale,
    _stack_updates,
)

__all__ = ["Pocket"]


def next_mistake(X, ys, wa, pos, stop, gap, seq=None, spread=None):
    """Find the next visit in ``pos .. stop-1`` whose margin ``y(w.x + b)`` is <= 0.

    Parameters
    ----------
    X : ndarray (n, d)
        Training points.
    ys : ndarray (n,)
        Labels in {-1, +1} in *visiting* order (``y[seq]`` if ``seq`` is given).
    wa : ndarray (d + 1,)
        Current weights ``(w, b)``.
    pos, stop : int
        Positions in the visiting sequence to scan.
    gap : float
        Running estimate of the number of visits between mistakes; it sets the
        block size (1.5 times the expected gap: one product usually reaches
        the next mistake without computing many margins for nothing).
    seq : ndarray of int, optional
        Visiting sequence (point indices); None means the points in order.
    spread : float, optional
        :func:`~linclass._margins.row_spread` of ``X``, computed if None. A
        margin within rounding of 0 is computed again one term at a time (see
        :mod:`linclass._margins`), so the blocks never change which visit is found.

    Returns
    -------
    (position, gap) : position of the mistake or -1, and the updated gap estimate.

    Examples
    --------
    >>> X = np.array([[1.0], [2.0], [-1.0]])
    >>> ys, wa = np.ones(3), np.array([1.0, 0.0])
    >>> next_mistake(X, ys, wa, 0, 3, 8.0)
    (2, 6.5)
    """
    start = pos
    block = int(1.5 * gap) + _MIN_BLOCK
    w, b = wa[:-1], wa[-1]
    tol = band(row_spread(X) if spread is None else spread, w, b)
    while pos < stop:
        end = pos + block
        if end > stop:
            end = stop
        s = (X[pos:end] if seq is None else X[seq[pos:end]]).dot(w)
        s += b
        s *= ys[pos:end]
        k = first_mistake(s, tol, X, seq, pos, ys, w, b)
        if k >= 0:
            found = pos + k
            return found, 0.75 * gap + 0.25 * (found - start)
        pos = end
        if block < _MAX_BLOCK:
            block += block
    return -1, max(gap, float(stop - start))


def _add_update(wa, x, c, bias):
    # Same bits as w += c * x and b += c * bias; +-1 skips a multiplication by one.
    w = wa[:-1]
    if c == 1.0:
        w += x
    elif c == -1.0:
        w -= x
    else:
        w += c * x
    wa[-1] += c * bias


def training_error(X, yf, wa):
    """Fraction of points with ``y (w.x + b) <= 0`` (points on the hyperplane count).

    Parameters
    ----------
    X : ndarray (n, d)
    yf : ndarray (n,) of -1.0 / +1.0
    wa : ndarray (d + 1,)
        Weights ``(w, b)``.

    Examples
    --------
    >>> X = np.array([[1.0], [2.0], [-1.0]])
    >>> training_error(X, np.array([1.0, 1.0, 1.0]), np.array([1.0, 0.0]))
    0.3333333333333333
    """
    return float(np.count_nonzero((X @ wa[:-1] + wa[-1]) * yf <= 0.0)) / len(yf)


class _PocketRun:
    """State of one pocket run (kept in an object so the loop reads plainly)."""

    def __init__(self, X, yf, ratchet, by_error=False):
        self.X, self.yf, self.ratchet, self.by_error = X, yf, ratchet, by_error
        self.n_evals = 0  # training-error evaluations the algorithm itself needs
        self.evaluated = True  # the running weights' error has been paid for
        self.wa = np.zeros(X.shape[1] + 1)
        self.pocket = self.wa.copy()
        self.error = training_error(X, yf, self.wa)
        self.pocket_error = self.error
        self.errors = [self.error]
        self.pocket_steps = []
        self.run = 0  # consecutive correct classifications of the running weights
        self.best_run = 0  # the run that put the current pocket weights in place
        self.current = True  # the pocket holds the running weights

    def correct_stretch(self, first_step, k):
        """Account for ``k`` correct visits starting at step ``first_step``."""
        new_run = self.run + k
        if new_run > self.best_run and not self.by_error:
            if self.current:
                self.best_run = new_run
            elif not self.ratchet or self.lower_error():
                # The run overtakes the pocket's at this visit of the stretch.
                self.take(first_step + max(0, self.best_run - self.run))
                self.best_run = new_run
        self.run = new_run

    def lower_error(self):
        """The ratchet's test; the first test of new running weights costs a pass."""
        if not self.evaluated:
            self.n_evals += 1
            self.evaluated = True
        return self.error < self.pocket_error

    def take(self, step):
        self.pocket = self.wa.copy()
        self.pocket_error = self.error
        self.pocket_steps.append(step)
        self.current = True

    def mistake(self, x, c, bscale, step):
        _add_update(self.wa, x, c, bscale)
        self.run = 0
        self.current = False
        # The running weights' error changes only here, so only here is it computed
        # (for the history; n_evals counts only what the algorithm needs).
        self.error = training_error(self.X, self.yf, self.wa)
        self.errors.append(self.error)
        self.evaluated = False
        if self.by_error:
            self.n_evals += 1
            self.evaluated = True
            if self.error < self.pocket_error:
                self.take(step)


class Pocket(BinaryLinearClassifier):
    """Gallant's pocket algorithm (1990), with or without the ratchet.

    Each step draws a training point uniformly at random (with replacement) and
    applies the perceptron rule to the running weights ``(w, b)`` (start 0;
    mistake iff ``y (w.x + b) <= 0``; then ``w += eta*y*x``, ``b += eta*y``).
    The *run* of the running weights is their number of consecutive correct
    classifications. When it exceeds the run that put the pocket's weights in
    place, the pocket takes the running weights (``ratchet=True``: only if
    their training error is also strictly lower). ``coef_``/``intercept_`` are
    the pocket's weights.

    Parameters
    ----------
    eta : float, default=1.0
        Learning rate (> 0).
    max_iter : int, default=100
        Number of epochs of ``n`` random draws each.
    ratchet : bool, default=False
        Replace the pocket only by weights with strictly lower training error.
    fit_intercept : bool, default=True
        Learn the bias ``b``.
    random_state : int, numpy Generator or None, default=None
        Seed of ``np.random.default_rng`` that draws, per epoch,
        ``rng.integers(0, n, size=n)``; the draws are stored (int32) in
        ``history_.indices``.
    criterion : {"run", "error"}, default="run"
        What "best" means. ``"run"``: Gallant's longest run of consecutive
        correct draws. ``"error"``: after every update, evaluate the training
        error of the new weights and keep them if it is strictly the lowest so
        far (the pocket of many lecture notes; not combined with the ratchet).

    Attributes
    ----------
    coef_ : ndarray of shape (1, n_features)
        Pocket weights.
    intercept_ : ndarray of shape (1,)
    classes_, n_features_in_ : as in :class:`~linclass.perceptron.Perceptron`
    n_iter_ : int
        Epochs run (the last one may be partial if training converged).
    n_mistakes_ : int
        Number of updates of the running weights.
    n_error_evals_ : int
        Training-error evaluations (full passes over the data) the algorithm
        needs: none for the plain pocket, one per candidate put to the ratchet's
        test, one per update for ``criterion="error"``. The stop at zero training
        error is a shortcut of this implementation and is not counted.
    converged_ : bool
        True if the running weights reached zero training error (they then go
        straight into the pocket and training stops).
    history_ : PocketHistory
        Running and pocket weights and training errors along the run.

    Notes
    -----
    The training error counts points with ``y (w.x + b) <= 0``, the same rule
    that triggers an update; so the initial weights 0 have error 1. The pocket
    is meant for non-separable data: reaching ``max_iter`` is its normal end,
    and no ``ConvergenceWarning`` is issued.

    Examples
    --------
    >>> X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0], [2.0, 2.0]])
    >>> clf = Pocket(ratchet=True, max_iter=20, random_state=0)
    >>> clf.fit(X, [0, 0, 1, 1, 0]).score(X, [0, 0, 1, 1, 0]) >= 0.6
    True
    >>> steps, running, pocket = clf.history_.error_curve()
    >>> bool(np.all(np.diff(pocket) <= 0))
    True
    >>> by_error = Pocket(criterion="error", max_iter=20, random_state=0)
    >>> by_error.fit(X, [0, 0, 1, 1, 0]).n_error_evals_ == by_error.n_mistakes_
    True
    """

    def __init__(
        self,
        eta=1.0,
        max_iter=100,
        ratchet=False,
        fit_intercept=True,
        random_state=None,
        criterion="run",
    ):
        self.eta = eta
        self.max_iter = max_iter
        self.ratchet = ratchet
        self.criterion = criterion
        self.fit_intercept = fit_intercept
        self.random_state = random_state

    def fit(self, X, y):
        """Train on ``X`` (n, d) with two-class labels ``y`` (n,).

        Examples
        --------
        >>> clf = Pocket(random_state=0).fit([[0.0], [1.0], [2.0]], [0, 1, 1])
        >>> clf.converged_, clf.predict([[3.0]]).tolist()
        (True, [1])
        """
        eta = check_positive(self.eta, "eta")
        max_iter = check_nonnegative_int(self.max_iter, "max_iter")
        ratchet = check_bool(self.ratchet, "ratchet")
        criterion = self.criterion
        if criterion not in ("run", "error"):
            raise ValueError(f"criterion must be 'run' or 'error'; got {criterion!r}")
        if ratchet and criterion == "error":
            raise ValueError(
                "ratchet=True needs criterion='run': the 'error' pocket already "
                "accepts only a strictly lower training error"
            )
        fit_intercept = check_bool(self.fit_intercept, "fit_intercept")
        X, classes, yf = self._validate_data_labels(X, y)
        n, d = X.shape
        bscale = _bias_scale(X, fit_intercept, "unit")
        rng = np.random.default_rng(self.random_state)
        state = _PocketRun(X, yf, ratchet, by_error=criterion == "error")
        spread = row_spread(X)
        steps, points, draws = [], [], []
        gap, epochs, n_steps, converged = 32.0, 0, 0, False
        while epochs < max_iter and not converged:
            seq = rng.integers(0, n, size=n)
            draws.append(seq.astype(np.int32))
            ys, pos, offset = yf[seq], 0, epochs * n
            epochs += 1
            while True:
                i, gap = next_mistake(X, ys, state.wa, pos, n, gap, seq, spread)
                end = n if i < 0 else i
                if end > pos:
                    state.correct_stretch(offset + pos + 1, end - pos)
                if i < 0:
                    break
                j = int(seq[i])
                state.mistake(X[j], eta * ys[i], bscale, offset + i + 1)
                steps.append(offset + i + 1)
                points.append(j)
                if state.error == 0.0:
                    if not state.current:
                        state.take(offset + i + 1)
                    converged = True
                    break
                pos = i + 1
            n_steps = steps[-1] if converged else epochs * n
        indices = np.concatenate(draws)[:n_steps] if draws else None
        self.classes_ = classes
        self.coef_ = state.pocket[:-1].reshape(1, d)
        self.intercept_ = state.pocket[-1:].copy()
        self.n_iter_ = epochs
        self.n_mistakes_ = len(steps)
        self.n_error_evals_ = state.n_evals
        self.converged_ = converged
        self.history_ = PocketHistory(
            n_steps,
            steps,
            _stack_updates(X, yf, points, eta, bscale),
            n,
            pocket_steps=state.pocket_steps,
            errors=state.errors,
            order="random",
            indices=indices,
        )
        return self
