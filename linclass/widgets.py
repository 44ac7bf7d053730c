"""Interactive figures of the course: a stepper for training runs and explorers.

Each class is a :class:`linclass.Player`: a live ipywidgets widget in Jupyter,
and a kernel-free HTML player (pre-rendered frames) on the static site.

* :class:`Stepper` replays a fitted Perceptron, Pocket or
  MulticlassPerceptron step by step.
* :class:`HyperplaneExplorer` turns ``w`` and ``b`` by hand.
* :class:`ProjectionExplorer` projects two classes on a direction and shows
  Fisher's criterion.
"""

from __future__ import annotations

import numpy as np

from linclass._explorers import HyperplaneExplorer
from linclass._projection_explorer import ProjectionExplorer
from linclass._stepper_views import BinaryView, MulticlassView, PocketView
from linclass._validation import check_array_2d, check_nonnegative_int
from linclass.player import Player

__all__ = ["Stepper", "HyperplaneExplorer", "ProjectionExplorer", "stepper_frames"]


def stepper_frames(n_steps, max_frames=60, head=30, keep=()):
    """Steps shown by the static player of a run of ``n_steps`` steps.

    Every step in ``keep`` (the mistakes) and the step before it, if they fit
    in ``max_frames``; the rest of the budget goes to every step up to
    ``head``, then geometrically spaced steps up to the last one (always
    included): early steps change a lot, later ones little.

    Parameters
    ----------
    n_steps : int
        Number of steps T of the run (frames are the states 0..T).
    max_frames : int, default=60
        Upper bound on the number of frames.
    head : int, default=30
        Steps shown one by one at the start.
    keep : array-like of int, default=()
        Steps in ``[1, n_steps]`` to show with the step before each, so that
        every update is seen; ignored (the plain spread is used) when these
        pairs need more than ``max_frames`` frames.

    Returns
    -------
    ndarray of int
        Increasing steps in ``[0, n_steps]``, starting at 0, ending at ``n_steps``.

    Examples
    --------
    >>> stepper_frames(5).tolist()
    [0, 1, 2, 3, 4, 5]
    >>> f = stepper_frames(10_000, max_frames=40, head=10)
    >>> f[:11].tolist(), int(f[-1]), len(f) <= 40
    ([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 10000, True)
    >>> g = stepper_frames(10_000, max_frames=40, head=10, keep=[5000])
    >>> {4999, 5000} <= set(g.tolist()), len(g) <= 40
    (True, True)
    """
    n_steps = check_nonnegative_int(n_steps, "n_steps")
    if n_steps + 1 <= max_frames:
        return np.arange(n_steps + 1)
    keep = np.asarray(keep, dtype=np.int64).reshape(-1)
    if keep.size and (keep.min() < 1 or keep.max() > n_steps):
        raise ValueError(f"keep holds steps outside [1, {n_steps}]")
    pairs = np.unique(np.concatenate([keep - 1, keep]))
    if len(pairs) + 2 > max_frames:
        pairs = pairs[:0]
    # The spread (0 and n_steps included) fills what the pairs leave.
    budget = max_frames - len(pairs)
    head = min(head, budget // 2, budget - 2)
    first = np.arange(head + 1)
    rest = np.geomspace(max(head, 1), n_steps, budget - head)[1:].round()
    spread = np.concatenate([first, rest]).astype(np.int64)
    return np.unique(np.concatenate([pairs, spread])).astype(np.int64)


def _view_for(estimator, X, y, reference):
    history = getattr(estimator, "history_", None)
    name = type(estimator).__name__
    if history is None and hasattr(estimator, "coef_"):
        raise TypeError(
            f"{name} records no history_: a Stepper replays a fitted linclass "
            "Perceptron, Pocket or MulticlassPerceptron"
        )
    if history is None:
        raise ValueError(
            f"{name} is not fitted (it has no history_): "
            "call fit(X, y) before building a Stepper"
        )
    classes = np.asarray(estimator.classes_)
    unknown = ~np.isin(y, classes)
    if unknown.any():
        raise ValueError(
            f"y holds labels the estimator was not fitted on: "
            f"{np.unique(y[unknown])[:5]}"
        )
    if hasattr(history, "predicted_at"):
        index = np.searchsorted(classes, y)
        return MulticlassView(estimator, X, index, reference)
    y_pm = np.where(y == classes[1], 1.0, -1.0)
    if hasattr(history, "pocket_weights_at"):
        return PocketView(estimator, X, y_pm, reference)
    return BinaryView(estimator, X, y_pm, reference)


class Stepper(Player):
    """Replay a fitted perceptron-like run, one step per frame.

    Parameters
    ----------
    estimator : Perceptron, Pocket or MulticlassPerceptron
        Fitted on ``X, y`` (its ``history_`` is replayed).
    X : array-like of shape (n, 2)
        The training data (2-D, to be drawn).
    y : array-like of shape (n,)
        The training labels.
    reference : (w_star, gamma), optional
        Perceptron only: a unit separator and its margin (in the augmented
        space ``(x, 1)`` when the run learns a bias, so ``w_star`` has 3
        entries). Adds a panel with ``w_k.w*`` against ``eta k gamma`` and
        ``||w_k||`` against ``eta R sqrt(k)``, k the mistakes so far: the
        convergence proof, live.
    max_static_frames : int, default=60
        Frames of the kernel-free player: every mistake with the step before
        it (if they fit), the first steps, then geometrically spaced steps to
        the last (see ``linclass.widgets.stepper_frames``).

    Attributes
    ----------
    history : History
        The replayed ``estimator.history_``.
    step : int
        Current step t (settable), from 0 (initial weights) to ``n_steps``.

    Examples
    --------
    >>> import linclass as lc
    >>> data = lc.data.make_separable(n=20, margin=0.2, random_state=0)
    >>> clf = lc.Perceptron().fit(data.X, data.y)
    >>> stepper = lc.Stepper(clf, data.X, data.y)
    >>> stepper.n_steps == clf.history_.n_steps
    True
    >>> stepper.step = stepper.n_steps
    >>> w, b = stepper.weights_at(stepper.step)
    >>> bool(np.allclose(w, clf.coef_[0]))
    True
    """

    def __init__(self, estimator, X, y, reference=None, max_static_frames=60):
        X = check_array_2d(X)
        if X.shape[1] != 2:
            raise ValueError(
                f"Stepper draws 2-D data: X must have 2 features; got {X.shape[1]}"
            )
        y = np.asarray(y)
        if y.shape != (X.shape[0],):
            raise ValueError(f"X has {X.shape[0]} rows but y has shape {y.shape}")
        self.view = _view_for(estimator, X, y, reference)
        self.history = estimator.history_
        T = self.history.n_steps
        super().__init__(
            T + 1,
            self.view.setup,
            self.view.update,
            frames=stepper_frames(
                T, max_static_frames, keep=self.history.mistake_steps
            ),
            title=self.view.title,
            figsize=self.view.figsize,
        )

    def _key_steps(self):
        # The printed contact sheet shows mistakes: the steps where w moves.
        return self.history.mistake_steps

    def weights_at(self, t):
        """Weights after step ``t`` (delegates to the history).

        Examples
        --------
        >>> import linclass as lc
        >>> data = lc.data.make_separable(n=10, random_state=1)
        >>> s = lc.Stepper(lc.Perceptron().fit(data.X, data.y), data.X, data.y)
        >>> s.weights_at(0)[0].tolist()
        [0.0, 0.0]
        """
        return self.history.weights_at(t)
