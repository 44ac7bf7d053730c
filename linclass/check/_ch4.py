"""Checks for the exercises of chapter 4, the pocket algorithm."""

from __future__ import annotations

import math
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from ..data import flip_labels, make_separable
from ..perceptron import Perceptron
from ..pocket import training_error
from ._core import (
    Case,
    close,
    register_answer,
    register_exercise,
    register_mistakes,
)


def _error_pocket_reference(X, y, epochs, eta=1.0):
    # The slide-deck pocket watches the cyclic perceptron: its history has every
    # running weight vector, and the pocket is the first one of lowest error.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        h = Perceptron(eta=eta, max_iter=epochs).fit(X, y).history_
    yf = np.asarray(y, dtype=float)
    weights = [np.append(*h.weights_at(t)) for t in h.mistake_steps]
    errors = [training_error(np.asarray(X, float), yf, wa) for wa in weights]
    w, b = np.zeros(np.shape(X)[1]), 0.0  # error 1: every score is 0
    if errors and min(errors) < 1.0:
        best = weights[int(np.argmin(errors))]
        w, b = best[:-1], float(best[-1])
    return w, b, len(weights)


def _error_pocket_cases():
    noisy = make_separable(n=40, margin=0.05, random_state=5)
    y_noisy = flip_labels(noisy.y, 0.15, random_state=5)
    clean = make_separable(n=30, margin=0.1, random_state=6)
    far = make_separable(n=40, margin=0.1, center=[3.0, 2.0], random_state=7)
    y_far = flip_labels(far.y, 0.1, random_state=7)
    # Found by search: an update puts a point exactly on the line (a score of 0
    # must count as an error), and later weights tie the pocket's error (they
    # must not replace it).
    tie_X = np.array([[1, 1], [0, 0], [2, -1], [2, 1], [-2, -1]])
    tie_y = np.array([1, 1, -1, 1, 1])
    same_X = np.array([[2, 1], [1, -1], [2, -2], [0, 1], [2, 0]])
    same_y = np.array([-1, -1, -1, -1, 1])
    cases = [
        ("noisy data in the unit disc", (noisy.X, y_noisy, 20), {}),
        ("separable data: no update once the error is 0", (clean.X, clean.y, 20), {}),
        ("a point exactly on the hyperplane", (tie_X, tie_y, 5), {}),
        ("later weights with an equal error", (same_X, same_y, 5), {}),
        ("noisy data far from the origin", (far.X, y_far, 10), {}),
        ("a learning rate of 0.5", (noisy.X, y_noisy, 20), {"eta": 0.5}),
    ]
    return [
        Case(name, args, _error_pocket_reference(*args, **kw), kw, compare=close())
        for name, args, kw in cases
    ]


register_exercise(
    "ex-ch4-error-pocket",
    "the training-error pocket",
    _error_pocket_cases,
    signature="error_pocket(X, y, epochs, eta=1.0)",
)


def _run_needed(eps, candidates=100, p=0.01):
    # The smallest record streak r that all of `candidates` independent candidates
    # fail to beat with probability above 1 - p; each succeeds with (1-eps)^(r+1) < q.
    q = 1 - (1 - p) ** (1 / candidates)
    r = math.floor(math.log(q) / math.log(1 - eps))
    return r if (1 - eps) ** (r + 1) < q else r + 1


register_answer(
    "ex-ch4-runs-a",
    "the estimate of eps from a streak of 19",
    "number",
    lambda: 1 / (19 + 1),
)
register_mistakes(
    "ex-ch4-runs-a",
    [
        (
            1 / 19,
            "the mistake that ended the streak is a draw too: one mistake in "
            "l + 1 draws.",
        ),
        (0.95, "that is the estimated chance that one draw is correct, 1 - eps."),
    ],
    method="set the derivative of l ln(1 - eps) + ln(eps) to zero, with l = 19.",
)
register_answer(
    "ex-ch4-runs-b",
    "the smallest record streak against 100 candidates at 30%",
    "integer",
    lambda: _run_needed(0.30),
)
register_mistakes(
    "ex-ch4-runs-b",
    [
        (12, "that protects against one candidate; here 100 candidates try."),
        (
            26,
            "to beat a record of l a candidate must survive l + 1 draws: "
            "(1 - eps)^(l + 1) < 1 - 0.99^(1/100).",
        ),
        (7, "a candidate survives a draw with probability 1 - eps, not eps."),
    ],
    method="solve 1 - (1 - 0.7^(l + 1))^100 < 0.01 for the smallest whole l.",
)
