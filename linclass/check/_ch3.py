"""Checks for the exercises of chapter 3, the convergence proof."""

from __future__ import annotations

import math

import numpy as np

from ..data import make_separable
from ..geometry import add_bias, margin, novikoff_bound, radius
from ._core import Case, close, register_answer, register_exercise


def _bound_reference(X, y, w, b, c=1.0):
    Xc = add_bias(X, c)  # rows (x, c): the perceptron whose bias moves by eta y c^2
    gamma = margin(Xc, y, np.append(w, b / c))  # of the unit vector along (w, b/c)
    return math.inf if gamma <= 0 else novikoff_bound(radius(Xc), gamma)


def _bound_cases():
    data = make_separable(n=50, margin=0.1, random_state=3)
    far = make_separable(n=40, margin=0.2, center=[4.0, -3.0], random_state=4)
    R = radius(data.X)
    # Integer points; (w, b) = (1, 1), -1 puts (0, 1) exactly on the line.
    ints_X = np.array([[2, 1], [3, 0], [-1, -1], [0, -2]])
    ints_y = np.array([1, 1, -1, -1])
    tie_X = np.vstack([ints_X, [[0, 1]]])
    tie_y = np.append(ints_y, 1)
    wrong_y = data.y.copy()
    wrong_y[0] = -wrong_y[0]
    cases = [
        ("separable data with a bias, c = 1", (data.X, data.y, data.w, data.b), {}),
        (
            "a separator (w, b) that is not of unit length",
            (data.X, data.y, 3 * data.w, 3 * data.b),
            {},
        ),
        ("the R^2 bias update, c = R", (data.X, data.y, data.w, data.b), {"c": R}),
        ("data far from the origin", (far.X, far.y, far.w, far.b), {}),
        ("integer input", (ints_X, ints_y, np.array([1, 1]), -1), {}),
        (
            "a point exactly on the hyperplane",
            (tie_X, tie_y, np.array([1, 1]), -1),
            {},
        ),
        (
            "a separator that misclassifies a point",
            (data.X, wrong_y, data.w, data.b),
            {},
        ),
    ]
    return [
        Case(name, args, _bound_reference(*args, **kw), kw, compare=close())
        for name, args, kw in cases
    ]


register_exercise(
    "ex-ch3-bound-code",
    "the mistake bound with a constant coordinate",
    _bound_cases,
    signature="mistake_bound(X, y, w, b, c=1.0)",
)

# ex-ch3-epochs: R = 3, gamma = 0.4, n = 50 points, cyclic order.
register_answer(
    "ex-ch3-epochs-b",
    "the largest possible number of epochs",
    "integer",
    lambda: math.floor(novikoff_bound(3.0, 0.4)) + 1,
)
register_answer(
    "ex-ch3-epochs-c",
    "the largest possible number of visits",
    "integer",
    lambda: 50 * (math.floor(novikoff_bound(3.0, 0.4)) + 1),
)
# ex-ch3-constant: R = 8 and b* = 2; the best constant is c = sqrt(R |b*|).
register_answer(
    "ex-ch3-constant-c",
    "the constant c that minimises the bound, for R = 8 and b* = 2",
    "number",
    lambda: math.sqrt(8.0 * 2.0),
)
