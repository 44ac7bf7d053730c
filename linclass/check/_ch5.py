"""Checks for the exercises of chapter 5, Fisher's linear discriminant."""

from __future__ import annotations

import numpy as np

from ..data import make_elongated
from ..lda import FisherLDA
from ._core import (
    Case,
    close,
    register_answer,
    register_exercise,
    register_mistakes,
)

# The pen-and-paper data set of ex-ch5-by-hand: S_W and its inverse have small
# integer entries, so every number can be found by hand.
BY_HAND_X = np.array([[0.0, 0.0], [2.0, 2.0], [3.0, 0.0], [5.0, 0.0]])
BY_HAND_Y = np.array([0, 0, 1, 1])


def _fisher_reference(X, y):
    lda = FisherLDA().fit(X, y)
    return lda.coef_[0].copy(), float(lda.intercept_[0])


def _fisher_cases():
    rng = np.random.default_rng(3)
    X_el, y_el = make_elongated(n=60, random_state=4)
    y01 = (y_el > 0).astype(int)
    # 10 against 40 points: a threshold at the overall mean of the projections, or
    # scatters weighted by class size, now differ from Fisher's midpoint rule.
    X_uneq = np.vstack(
        [
            rng.normal(size=(10, 2)) @ [[2.0, 0.5], [0.0, 0.7]],
            rng.normal(size=(40, 2)) + [2.5, 1.0],
        ]
    )
    y_uneq = np.repeat([0, 1], [10, 40])
    # Around 1e5 the one-pass formula X'X - n mu mu' cancels catastrophically.
    X_far = X_el + [1e5, -2e5]
    X_int = np.array([[0, 0], [2, 1], [1, 3], [4, 4], [5, 2], [6, 5]])
    y_int = np.array([0, 0, 0, 1, 1, 1])
    cases = [
        ("elongated classes of equal size", (X_el, y01)),
        ("classes of unequal size", (X_uneq, y_uneq)),
        ("data far from the origin", (X_far, y01)),
        ("integer input", (X_int, y_int)),
    ]
    return [
        Case(name, args, _fisher_reference(*args), compare=close(rtol=1e-7, atol=1e-9))
        for name, args in cases
    ]


register_exercise(
    "ex-ch5-fisher-code",
    "Fisher's discriminant",
    _fisher_cases,
    signature="fisher_discriminant(X, y)",
)


def _by_hand():
    return _fisher_reference(BY_HAND_X, BY_HAND_Y)


register_answer(
    "ex-ch5-by-hand-b", "Fisher's direction (w1, w2)", "vector", lambda: _by_hand()[0]
)
register_mistakes(
    "ex-ch5-by-hand-b",
    [
        (
            (3.0, -1.0),
            "that is mu_1 - mu_0; Fisher's direction multiplies it by "
            "the inverse of S_W.",
        ),
        ((-2.0, 2.5), "the direction points from class 0 to class 1: mu_1 - mu_0."),
        (
            (8.0, -10.0),
            "four times too long: the inverse of S_W has the factor "
            "1/det(S_W), and S_W is a sum of scatters, not divided by n.",
        ),
        (
            (4.0, -5.0),
            "twice too long: S_W is the sum of the scatter matrices, "
            "not a covariance divided by n - 2.",
        ),
    ],
    method="S_W = S_0 + S_1; invert it (1/det times the adjugate) and multiply by "
    "mu_1 - mu_0.",
)
register_answer("ex-ch5-by-hand-c", "the bias b", "number", lambda: _by_hand()[1])
register_mistakes(
    "ex-ch5-by-hand-c",
    [
        (3.75, "b = -w.(mu_0 + mu_1)/2: mind the minus sign."),
        (
            0.5,
            "the threshold is at the midpoint of the projected means, not at one "
            "of them.",
        ),
        (
            -8.0,
            "the threshold is at the midpoint of the projected means, not at one "
            "of them.",
        ),
        (-7.5, "the midpoint is (mu_0 + mu_1)/2: the half is missing."),
        (-7.0, "that is the bias for w = mu_1 - mu_0; use Fisher's w of (b)."),
    ],
    method="b = -w.m with m = (mu_0 + mu_1)/2, the midpoint of the class means, and "
    "the w of (b).",
)
register_answer(
    "ex-ch5-units-a",
    "the factor that multiplies Fisher's coefficients",
    "number",
    # Millimetres are centimetres times 10: compare the fitted coefficients.
    lambda: float(
        FisherLDA().fit(10 * BY_HAND_X, BY_HAND_Y).coef_[0, 0]
        / FisherLDA().fit(BY_HAND_X, BY_HAND_Y).coef_[0, 0]
    ),
)
register_mistakes(
    "ex-ch5-units-a",
    [
        (10.0, "the means scale with x, but S_W scales with its square."),
        (
            1.0,
            "the predictions stay, the coefficients do not: see how mu_1 - mu_0 "
            "and S_W scale.",
        ),
        (0.01, "S_W scales with the square of the factor, but mu_1 - mu_0 scales too."),
        (100.0, "see how S_W and mu_1 - mu_0 scale; w divides one by the other."),
    ],
    method="see how mu_1 - mu_0 and S_W change when x becomes 10 x, then "
    "w = S_W^-1 (mu_1 - mu_0).",
)
