"""Checks for the exercises of chapter 2, the perceptron."""

from __future__ import annotations

import numpy as np

from ..data import make_separable
from ..perceptron import Perceptron
from ._core import Case, close, register_answer, register_exercise


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


register_exercise("ex-ch2-batch-code", "the batch perceptron", _batch_cases)

register_answer(
    "ex-ch2-one-step-a",
    "is it a mistake? yes or no",
    "choice",
    ("yes", "y", "mistake", "yes, a mistake"),
)
register_answer(
    "ex-ch2-one-step-b",
    "the updated (w1, w2, b)",
    "vector",
    (1.0, -2.0, -1.0),
)
