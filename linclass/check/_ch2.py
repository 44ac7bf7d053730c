"""Checks for the exercises of chapter 2, the perceptron."""

from __future__ import annotations

import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from ..data import make_separable
from ..perceptron import Perceptron
from ._core import (
    Case,
    close,
    promise,
    register_answer,
    register_exercise,
    register_mistakes,
)


def _batch_reference(X, y, eta=1.0, max_epochs=1000):
    clf = Perceptron(mode="batch", eta=eta, max_iter=max_epochs).fit(X, y)
    return clf.coef_[0].copy(), float(clf.intercept_[0]), int(clf.n_iter_)


def _batch_cases():
    data = make_separable(n=40, margin=0.1, random_state=1)
    far = make_separable(n=30, margin=0.2, center=[3.0, -2.0], random_state=2)
    # After the first step, w = (0, 2) and b = 2 put (0, -1) exactly on the line:
    # a score of 0 must count as a mistake, or the run stops after epoch 2.
    tie_X = np.array([[-2.0, 2.0], [0.0, -1.0], [1.0, 0.0], [-1.0, -1.0]])
    tie_y = np.array([1.0, 1.0, 1.0, -1.0])
    ints_X = np.array([[2, 1], [1, 3], [-1, -2], [-3, 1]])
    ints_y = np.array([1, 1, -1, -1])
    cases = [
        ("separable data in the unit disc", (data.X, data.y), {}),
        ("data far from the origin, where the bias matters", (far.X, far.y), {}),
        ("a point that lands exactly on the hyperplane", (tie_X, tie_y), {}),
        ("integer input", (ints_X, ints_y), {}),
        ("a learning rate of 0.5", (data.X, data.y), {"eta": 0.5}),
    ]
    return [
        Case(name, args, _batch_reference(*args, **kw), kw, compare=close())
        for name, args, kw in cases
    ]


# The docstrings promise a RuntimeError when max_epochs epochs all have mistakes:
# XOR is not separable, so a function must give up after max_epochs, not loop on.
_XOR_X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
_XOR_Y = np.array([-1.0, -1.0, 1.0, 1.0])
_GIVE_UP = "data that are not separable (XOR), with max_epochs=25"


def _never_converges(exercise_id, **kw):
    clf = Perceptron(max_iter=25, **kw)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        clf.fit(_XOR_X, _XOR_Y)
    promise(not clf.converged_, exercise_id, _GIVE_UP, "a run that never converges")


def _batch_all_cases():
    _never_converges("ex-ch2-batch-code", mode="batch")
    give_up = Case(
        _GIVE_UP, (_XOR_X, _XOR_Y), None, {"max_epochs": 25}, close(), RuntimeError, 2
    )
    return [*_batch_cases(), give_up]


register_exercise(
    "ex-ch2-batch-code",
    "the batch perceptron",
    _batch_all_cases,
    signature="batch_perceptron(X, y, eta=1.0, max_epochs=1000)",
)

register_answer(
    "ex-ch2-one-step-a",
    "is it a mistake? yes or no",
    "yesno",
    True,
)
register_mistakes(
    "ex-ch2-one-step-a",
    [(False, "compute the score w.x + b and compare its sign with the label.")],
    method="a mistake is y(w.x + b) <= 0: compute the score, then multiply by y.",
)
register_answer(
    "ex-ch2-one-step-b",
    "the updated (w1, w2, b)",
    "vector",
    (1.0, -2.0, -1.0),
)
register_mistakes(
    "ex-ch2-one-step-b",
    [
        ((3.0, 0.0, 1.0), "the update adds eta y x: with y = -1 it subtracts x."),
        ((3.0, 0.0, 0.0), "the update adds eta y x (y = -1 subtracts) and eta y to b."),
        ((1.0, -2.0, 0.0), "the bias moves too: b <- b + eta y."),
        ((1.0, -2.0, 1.0), "the bias moves by eta y, with the sign of the label."),
        (
            (2.0, -1.0, 0.0),
            "these are the weights before the update; a mistake changes them.",
        ),
        ((1.0, -2.0), "give the bias too: three numbers (w1, w2, b)."),
    ],
    method="on a mistake, w <- w + eta y x and b <- b + eta y.",
)


def _replacement_reference(X, y, seed, max_epochs=1000):
    clf = Perceptron(order="replacement", random_state=seed, max_iter=max_epochs)
    clf.fit(X, y)
    h = clf.history_
    return clf, (
        clf.coef_[0].copy(),
        float(clf.intercept_[0]),
        clf.n_iter_,
        h.n_mistakes,
    )


def _has_early_clean_epoch(clf, n):
    """An epoch before the last whose draws made no mistake (yet points were wrong)."""
    busy = set(((clf.history_.mistake_steps - 1) // n).tolist())
    return any(e not in busy for e in range(clf.n_iter_ - 1))


def _has_tie_after_start(clf, X):
    """Some update happened on a point with a score of exactly 0 and w != 0."""
    h = clf.history_
    for t in h.mistake_steps:
        w, b = h.weights_at(int(t) - 1)
        if np.any(w) and X[h.index_at(int(t))] @ w + b == 0:
            return True
    return False


EX_REPLACEMENT = "ex-ch2-replacement-code"


def _replacement_cases():
    data = make_separable(n=30, margin=0.15, random_state=3)
    clean = make_separable(n=12, margin=0.05, random_state=10)
    far = make_separable(n=30, margin=0.2, center=[3.0, -2.0], random_state=2)
    tie_X = np.array([[-1.0, 3], [0, -3], [2, 2], [2, -2], [-3, 3], [-3, 0]])
    tie_y = np.array([1, -1, 1, -1, 1, -1])
    ints_X = np.array([[2, 1], [1, 3], [-1, -2], [-3, 1], [0, 2]])
    ints_y = np.array([1, 1, -1, -1, 1])
    cases = [
        ("separable data in the unit disc", (data.X, data.y, 0)),
        (
            "an epoch whose draws make no mistake, with points still wrong",
            (clean.X, clean.y, 10),
        ),
        ("a point that lands exactly on the hyperplane", (tie_X, tie_y, 1)),
        ("integer input", (ints_X, ints_y, 4)),
        ("data far from the origin", (far.X, far.y, 5)),
    ]
    out = []
    for name, args in cases:
        clf, expected = _replacement_reference(*args)
        # each edge case must really contain what its name promises
        if "no mistake" in name:
            early = _has_early_clean_epoch(clf, len(args[1]))
            promise(early, EX_REPLACEMENT, name, "an epoch without a mistake")
        if "exactly on" in name:
            tie = _has_tie_after_start(clf, args[0])
            promise(tie, EX_REPLACEMENT, name, "an update on a score of exactly 0")
        out.append(Case(name, args, expected, compare=close()))
    return out


def _replacement_all_cases():
    _never_converges(EX_REPLACEMENT, order="replacement", random_state=0)
    give_up = Case(
        _GIVE_UP,
        (_XOR_X, _XOR_Y, 0),
        None,
        {"max_epochs": 25},
        close(),
        RuntimeError,
        2,
    )
    return [*_replacement_cases(), give_up]


register_exercise(
    EX_REPLACEMENT,
    "the perceptron with draws with replacement",
    _replacement_all_cases,
    signature="perceptron_replacement(X, y, seed, max_epochs=1000)",
)

register_answer(
    "ex-ch2-draws-a",
    "the probability that a given point is never drawn (n = 30)",
    "number",
    lambda: (1 - 1 / 30) ** 30,
)
register_mistakes(
    "ex-ch2-draws-a",
    [
        (
            1 / 30,
            "that is the chance that one draw hits the point; never drawn means "
            "every draw misses it.",
        ),
        (29 / 30, "that is the chance that one draw misses it; all n draws must."),
        (lambda: (29 / 30) ** 29, "an epoch makes n draws: count them again."),
        (
            lambda: 1 - (29 / 30) ** 30,
            "that is the chance of being drawn at least "
            "once; the question asks for never.",
        ),
        (
            lambda: float(np.exp(-1.0)),
            "that is the limit for large n, part (b); for "
            "n = 30 compute the exact probability.",
        ),
        (
            lambda: (1 / 30) ** 30,
            "that is the chance that every draw hits the "
            "point; never drawn means every draw misses it.",
        ),
    ],
    method="each draw misses the point with probability 1 - 1/n, independently: "
    "all n draws must miss it.",
)
register_answer(
    "ex-ch2-draws-b",
    "the limit of that probability as n grows",
    "number",
    lambda: float(np.exp(-1.0)),
)
register_mistakes(
    "ex-ch2-draws-b",
    [
        (
            0.0,
            "the point is drawn eventually, but within one epoch the chance of "
            "being missed keeps a positive limit: recall the limit of (1 - 1/n)^n.",
        ),
        (
            lambda: 1 - float(np.exp(-1.0)),
            "that is the limit of the chance of being "
            "drawn; the question asks for never drawn.",
        ),
        (1.0, "(1 - 1/n)^n does not tend to 1: the exponent grows with n."),
        (
            lambda: (29 / 30) ** 30,
            "that is the value for n = 30, part (a); the question asks for the limit.",
        ),
    ],
    method="the probability is (1 - 1/n)^n; its limit as n grows is a standard one.",
)
