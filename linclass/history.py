"""Compact records of a training run, for replaying it step by step.

A run of the perceptron visits many points but updates the weights only on a
mistake. Storing the weights after every step would cost ``T * (d + 1)`` floats
(400 MB for a million steps in 50 dimensions); instead a history keeps only the
update applied at each mistake. The weights after ``k`` mistakes are the
(sequential, hence bit-identical) cumulative sum of those updates, computed once
on first use; the weights after step ``t`` are found by a binary search for the
number of mistakes made up to ``t``, so :meth:`History.weights_at` costs O(d).

Steps are numbered ``t = 1 .. T`` (``T = n_steps``); ``t = 0`` is the initial
state (all weights zero).
"""

from __future__ import annotations

import numbers

import numpy as np

__all__ = ["History", "PocketHistory", "MulticlassHistory"]


class _Steps:
    """Step bookkeeping shared by every history: visited points and mistakes."""

    def __init__(self, n_steps, mistake_steps, n_samples, order, indices=None):
        self.n_steps = int(n_steps)
        self.n_samples = int(n_samples)
        self.order = order
        self._mistake_steps = np.asarray(mistake_steps, dtype=np.int64)
        # Random visiting orders cannot be recomputed, so they are stored as int32;
        # the cyclic order is (t - 1) % n and the batch "index" is -1.
        self._indices = None if indices is None else np.asarray(indices, np.int32)

    def _check_step(self, t, first=0):
        if isinstance(t, bool) or not isinstance(t, numbers.Integral):
            raise TypeError(f"step t must be an integer; got {type(t).__name__}")
        if not first <= t <= self.n_steps:
            raise IndexError(f"step t={t} is outside [{first}, {self.n_steps}]")
        return int(t)

    @property
    def mistake_steps(self):
        """int64 array (m,) of the steps at which the weights were updated."""
        return self._mistake_steps

    @property
    def n_mistakes(self):
        """Number of updating steps m."""
        return self._mistake_steps.shape[0]

    def mistakes_until(self, t):
        """Number of mistakes made in steps ``1 .. t``.

        Examples
        --------
        >>> h = History(5, [2, 4], [[1.0, 1.0], [1.0, -1.0]], n_samples=5)
        >>> h.mistakes_until(3), h.mistakes_until(5)
        (1, 2)
        """
        t = self._check_step(t)
        return int(np.searchsorted(self._mistake_steps, t, side="right"))

    def is_mistake(self, t):
        """True if step ``t`` (1 <= t <= T) updated the weights.

        Examples
        --------
        >>> h = History(5, [2, 4], [[1.0, 1.0], [1.0, -1.0]], n_samples=5)
        >>> h.is_mistake(2), h.is_mistake(3)
        (True, False)
        """
        t = self._check_step(t, first=1)
        k = np.searchsorted(self._mistake_steps, t)
        return bool(k < self.n_mistakes and self._mistake_steps[k] == t)

    def index_at(self, t):
        """Index of the training point visited at step ``t`` (batch mode: -1).

        Examples
        --------
        >>> h = History(5, [2, 4], [[1.0, 1.0], [1.0, -1.0]], n_samples=2)
        >>> [h.index_at(t) for t in range(1, 6)]
        [0, 1, 0, 1, 0]
        """
        t = self._check_step(t, first=1)
        if self.order == "batch":
            return -1
        if self._indices is None:
            return (t - 1) % self.n_samples
        return int(self._indices[t - 1])

    @property
    def indices(self):
        """int array (T,) of the visited points (batch mode: all -1)."""
        if self.order == "batch":
            return np.full(self.n_steps, -1, dtype=np.int64)
        if self._indices is None:
            return np.arange(self.n_steps, dtype=np.int64) % self.n_samples
        return self._indices

    def _arrays(self):
        return [self._mistake_steps, self._indices]

    @property
    def nbytes(self):
        """Bytes held by the history's arrays (including cached cumulative sums)."""
        return int(sum(a.nbytes for a in self._arrays() if a is not None))


class History(_Steps):
    """Record of a binary perceptron run: updates at mistakes, weights on demand.

    Parameters
    ----------
    n_steps : int
        Number of steps T of the run.
    mistake_steps : array-like of int, shape (m,)
        Strictly increasing steps (in 1..T) at which the weights changed.
    updates : array-like of shape (m, d + 1)
        Update ``(dw, db)`` applied at each mistake step.
    n_samples : int
        Number of training points n.
    order : {"cyclic", "random", "replacement", "batch"}, default="cyclic"
        How points were visited; "batch" means one step per epoch.
    indices : array-like of int, shape (T,), optional
        Visited points, required for the random orders.

    Examples
    --------
    >>> h = History(4, [1, 3], [[1.0, 0.5, 1.0], [-2.0, 0.0, -1.0]], n_samples=2)
    >>> w, b = h.weights_at(3)
    >>> w.tolist(), b
    ([-1.0, 0.5], 0.0)
    """

    def __init__(
        self, n_steps, mistake_steps, updates, n_samples, order="cyclic", indices=None
    ):
        super().__init__(n_steps, mistake_steps, n_samples, order, indices)
        self._updates = np.asarray(updates, dtype=np.float64)
        self._cum = None

    @property
    def n_features(self):
        """Dimension d of the weight vector."""
        return self._updates.shape[1] - 1

    def _cumulative(self):
        if self._cum is None:
            m, d1 = self._updates.shape
            cum = np.zeros((m + 1, d1))
            # cumsum adds row after row, exactly as the training loop did.
            np.cumsum(self._updates, axis=0, out=cum[1:])
            self._cum = cum
        return self._cum

    def weights_at(self, t):
        """Weights ``(w, b)`` after step ``t`` (0 <= t <= T), in O(d).

        Examples
        --------
        >>> h = History(4, [1, 3], [[1.0, 0.5, 1.0], [-2.0, 0.0, -1.0]], n_samples=2)
        >>> h.weights_at(0)[0].tolist(), h.weights_at(2)[1]
        ([0.0, 0.0], 1.0)
        """
        row = self._cumulative()[self.mistakes_until(t)]
        return row[:-1].copy(), float(row[-1])

    def update_at(self, t):
        """Update ``(dw, db)`` applied at step ``t`` (zeros if no mistake).

        Examples
        --------
        >>> h = History(4, [1, 3], [[1.0, 0.5, 1.0], [-2.0, 0.0, -1.0]], n_samples=2)
        >>> h.update_at(3)[0].tolist(), h.update_at(2)[1]
        ([-2.0, 0.0], 0.0)
        """
        t = self._check_step(t, first=1)
        k = np.searchsorted(self._mistake_steps, t)
        if k < self.n_mistakes and self._mistake_steps[k] == t:
            row = self._updates[k]
            return row[:-1].copy(), float(row[-1])
        return np.zeros(self.n_features), 0.0

    def _arrays(self):
        return super()._arrays() + [self._updates, self._cum]


class PocketHistory(History):
    """History of a pocket run: running weights, pocket weights, training errors.

    Parameters
    ----------
    n_steps, mistake_steps, updates, n_samples, order, indices
        As in :class:`History` (the pocket visits random points).
    pocket_steps : array-like of int
        Increasing steps at which the pocket took the running weights.
    errors : array-like of float, shape (m + 1,)
        Training error of the running weights after 0, 1, ..., m mistakes (the
        error changes only at a mistake, so these are all the values it takes).

    Examples
    --------
    >>> h = PocketHistory(4, [1, 3], [[1.0, 1.0], [-1.0, 0.0]], 2, pocket_steps=[2],
    ...                   errors=[1.0, 0.5, 0.0], order="random", indices=[0, 1, 1, 0])
    >>> h.pocket_weights_at(4)[0].tolist(), h.pocket_error_at(4), h.train_error_at(4)
    ([1.0], 0.5, 0.0)
    """

    def __init__(
        self,
        n_steps,
        mistake_steps,
        updates,
        n_samples,
        pocket_steps,
        errors,
        order="random",
        indices=None,
    ):
        super().__init__(n_steps, mistake_steps, updates, n_samples, order, indices)
        self._pocket_steps = np.asarray(pocket_steps, dtype=np.int64)
        self._errors = np.asarray(errors, dtype=np.float64)

    @property
    def pocket_steps(self):
        """int64 array of the steps at which the pocket changed."""
        return self._pocket_steps

    def _pocket_source(self, t):
        # The pocket holds the running weights of its last change step (or t = 0).
        t = self._check_step(t)
        p = np.searchsorted(self._pocket_steps, t, side="right")
        return 0 if p == 0 else int(self._pocket_steps[p - 1])

    def pocket_weights_at(self, t):
        """Pocket weights ``(w, b)`` after step ``t``.

        Examples
        --------
        >>> h = PocketHistory(3, [1], [[2.0, 1.0]], 1, [2], [1.0, 0.0])
        >>> h.pocket_weights_at(1)[0].tolist(), h.pocket_weights_at(3)[0].tolist()
        ([0.0], [2.0])
        """
        return self.weights_at(self._pocket_source(t))

    def train_error_at(self, t):
        """Training error of the running weights after step ``t``.

        Examples
        --------
        >>> h = PocketHistory(3, [1], [[2.0, 1.0]], 1, [2], [1.0, 0.0])
        >>> h.train_error_at(0), h.train_error_at(1)
        (1.0, 0.0)
        """
        return float(self._errors[self.mistakes_until(t)])

    def pocket_error_at(self, t):
        """Training error of the pocket weights after step ``t``.

        Examples
        --------
        >>> h = PocketHistory(3, [1], [[2.0, 1.0]], 1, [2], [1.0, 0.0])
        >>> h.pocket_error_at(1), h.pocket_error_at(2)
        (1.0, 0.0)
        """
        return self.train_error_at(self._pocket_source(t))

    def error_curve(self):
        """Both error curves at their change points, for step-function plots.

        Returns
        -------
        steps : int64 array
            0, and every step where either error may change.
        running_error, pocket_error : float arrays
            The errors after each of those steps (constant until the next one).

        Examples
        --------
        >>> h = PocketHistory(3, [1], [[2.0, 1.0]], 1, [2], [1.0, 0.0])
        >>> [a.tolist() for a in h.error_curve()]
        [[0, 1, 2], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0]]
        """
        steps = np.union1d(np.union1d([0], self._mistake_steps), self._pocket_steps)
        k = np.searchsorted(self._mistake_steps, steps, side="right")
        running = self._errors[k]
        p = np.searchsorted(self._pocket_steps, steps, side="right")
        src = np.where(p > 0, self._pocket_steps[np.maximum(p - 1, 0)], 0)
        pocket = self._errors[np.searchsorted(self._mistake_steps, src, side="right")]
        return steps.astype(np.int64), running, pocket

    def _arrays(self):
        return super()._arrays() + [self._pocket_steps, self._errors]


class MulticlassHistory(_Steps):
    """History of a multi-class perceptron run (a linear machine of K classes).

    At a mistake on a point of class ``y`` whose strongest rival is ``p``, the
    update ``u = eta * (x, 1)`` is added to class ``y`` and subtracted from ``p``.

    Parameters
    ----------
    n_steps, mistake_steps, n_samples, order, indices
        As in :class:`History`.
    updates : array-like of shape (m, d + 1)
        The vector ``u`` of each mistake.
    true_classes, predicted_classes : array-like of int, shape (m,)
        Class indices ``y`` (rewarded) and ``p`` (penalised) of each mistake.
    n_classes : int
        Number of classes K.

    Examples
    --------
    >>> h = MulticlassHistory(2, [1], [[1.0, 1.0]], [2], [0], 3, n_samples=2)
    >>> W, b = h.weights_at(1)
    >>> W.ravel().tolist(), b.tolist()
    ([-1.0, 0.0, 1.0], [-1.0, 0.0, 1.0])
    """

    def __init__(
        self,
        n_steps,
        mistake_steps,
        updates,
        true_classes,
        predicted_classes,
        n_classes,
        n_samples,
        order="cyclic",
        indices=None,
    ):
        super().__init__(n_steps, mistake_steps, n_samples, order, indices)
        self._updates = np.asarray(updates, dtype=np.float64)
        self._true = np.asarray(true_classes, dtype=np.int32)
        self._pred = np.asarray(predicted_classes, dtype=np.int32)
        self.n_classes = int(n_classes)
        self._cum = None

    def _cumulative(self):
        if self._cum is None:
            m, d1 = self._updates.shape
            cum = np.zeros((m + 1, self.n_classes, d1))
            rows = np.arange(m)
            for c in range(self.n_classes):
                # Adding exact zeros leaves a sum unchanged, so a per-class cumsum
                # reproduces the training loop's additions bit for bit.
                delta = np.zeros((m, d1))
                delta[rows[self._true == c]] = self._updates[self._true == c]
                delta[rows[self._pred == c]] = -self._updates[self._pred == c]
                np.cumsum(delta, axis=0, out=cum[1:, c])
            self._cum = cum
        return self._cum

    def weights_at(self, t):
        """Weights ``(W (K, d), b (K,))`` after step ``t``.

        Examples
        --------
        >>> h = MulticlassHistory(2, [1], [[1.0, 1.0]], [2], [0], 3, n_samples=2)
        >>> h.weights_at(0)[0].shape
        (3, 1)
        """
        state = self._cumulative()[self.mistakes_until(t)]
        return state[:, :-1].copy(), state[:, -1].copy()

    def _mistake_row(self, t):
        t = self._check_step(t, first=1)
        k = int(np.searchsorted(self._mistake_steps, t))
        if k < self.n_mistakes and self._mistake_steps[k] == t:
            return k
        return -1

    def update_at(self, t):
        """Update ``(dW (K, d), db (K,))`` applied at step ``t`` (zeros if none).

        Examples
        --------
        >>> h = MulticlassHistory(2, [1], [[1.0, 1.0]], [2], [0], 3, n_samples=2)
        >>> h.update_at(1)[1].tolist(), h.update_at(2)[1].tolist()
        ([-1.0, 0.0, 1.0], [0.0, 0.0, 0.0])
        """
        k = self._mistake_row(t)
        delta = np.zeros((self.n_classes, self._updates.shape[1]))
        if k >= 0:
            delta[self._true[k]] += self._updates[k]
            delta[self._pred[k]] -= self._updates[k]
        return delta[:, :-1], delta[:, -1].copy()

    def predicted_at(self, t):
        """Index of the wrongly favoured class penalised at step ``t`` (-1 if none).

        Examples
        --------
        >>> h = MulticlassHistory(2, [1], [[1.0, 1.0]], [2], [0], 3, n_samples=2)
        >>> h.predicted_at(1), h.predicted_at(2)
        (0, -1)
        """
        k = self._mistake_row(t)
        return -1 if k < 0 else int(self._pred[k])

    def _arrays(self):
        return super()._arrays() + [self._updates, self._true, self._pred, self._cum]
