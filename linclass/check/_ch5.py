"""Checks for the exercises of chapter 5, Fisher's linear discriminant."""

from __future__ import annotations

import numpy as np

from ..data import make_elongated
from ..lda import FisherLDA
from ._core import Case, close, register_answer, register_exercise

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
register_answer("ex-ch5-by-hand-c", "the bias b", "number", lambda: _by_hand()[1])
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
