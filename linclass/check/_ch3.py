"""Checks for the exercises of chapter 3, the convergence proof."""

from __future__ import annotations

import math

import numpy as np

from ..data import make_separable
from ..geometry import add_bias, margin, novikoff_bound, radius
from ..perceptron import Perceptron
from ._core import (
    Case,
    close,
    register_answer,
    register_exercise,
    register_mistakes,
)


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
register_mistakes(
    "ex-ch3-epochs-b",
    [
        (
            lambda: math.floor(novikoff_bound(3.0, 0.4)),
            "the count includes the final clean epoch, which finds no mistake.",
        ),
        (
            lambda: math.ceil(novikoff_bound(3.0, 0.4)) + 1,
            "(R/gamma)^2 is not a "
            "whole number: round it down, then add the clean epoch.",
        ),
        (8, "the bound is (R/gamma)^2: square the ratio."),
        (7, "the bound is (R/gamma)^2: square the ratio, and count the clean epoch."),
        (
            lambda: 50 * (math.floor(novikoff_bound(3.0, 0.4)) + 1),
            "that counts visits, part (c); an epoch is a pass over all n points.",
        ),
    ],
    method="at most floor((R/gamma)^2) epochs contain a mistake; then count the "
    "final clean one.",
)
register_answer(
    "ex-ch3-epochs-c",
    "the largest possible number of visits",
    "integer",
    lambda: 50 * (math.floor(novikoff_bound(3.0, 0.4)) + 1),
)
register_mistakes(
    "ex-ch3-epochs-c",
    [
        (
            lambda: 50 * math.floor(novikoff_bound(3.0, 0.4)),
            "the final clean epoch also visits all n points.",
        ),
        (
            lambda: math.floor(novikoff_bound(3.0, 0.4)) + 1,
            "that is the number of epochs; each epoch visits all n points.",
        ),
        (
            lambda: math.floor(50 * novikoff_bound(3.0, 0.4)),
            "the number of epochs is a whole number: the epochs of (b), times n.",
        ),
        (
            lambda: math.ceil(50 * novikoff_bound(3.0, 0.4)),
            "the number of epochs is a whole number: the epochs of (b), times n.",
        ),
        (400, "the bound is (R/gamma)^2: square the ratio."),
    ],
    method="visits = n x epochs, with the epochs of part (b).",
)
# ex-ch3-constant: R = 8 and b* = 2; the best constant is c = sqrt(R |b*|).
register_answer(
    "ex-ch3-constant-c",
    "the constant c that minimises the bound, for R = 8 and b* = 2",
    "number",
    lambda: math.sqrt(8.0 * 2.0),
)
register_mistakes(
    "ex-ch3-constant-c",
    [
        (16.0, "that is c^2 = R |b*|; the question asks for c."),
        (8.0, "c = R is one of the choices compared in (b), not the minimiser."),
        (1.0, "c = 1 is the bias trick's choice, not the minimiser."),
        (2.0, "that is |b*|; the minimiser balances R and |b*|."),
        (10.0, "R + |b*| appears in the smallest bound, not as c."),
        (lambda: math.sqrt(8.0), "the minimiser depends on b* as well as on R."),
    ],
    method="at the minimum the terms c^2 and R^2 b*^2 / c^2 are equal (AM-GM): "
    "solve for c.",
)


def _dimension_data(d):
    """The exercise's data in dimension d: 100 points, a margin of 0.1, no bias."""
    return make_separable(n=100, d=d, margin=0.1, fit_intercept=False, random_state=0)


def _dimension_run(d):
    """Mistakes of the homogeneous perceptron on the exercise's data in dimension d."""
    data = _dimension_data(d)
    clf = Perceptron(fit_intercept=False, max_iter=10_000).fit(data.X, data.y)
    return int(clf.n_mistakes_)


def _dimension_bound(d):
    data = _dimension_data(d)
    return novikoff_bound(radius(data.X), margin(data.X, data.y, data.w))


register_answer(
    "ex-ch3-dimension-b",
    "the number of mistakes for d = 50, before normalising",
    "integer",
    lambda: _dimension_run(50),
)
register_mistakes(
    "ex-ch3-dimension-b",
    [
        (
            lambda: math.floor(_dimension_bound(50)),
            "that is the bound (R/gamma)^2, rounded; the question asks for the "
            "mistakes the run makes.",
        ),
        (
            lambda: math.ceil(_dimension_bound(50)),
            "that is the bound (R/gamma)^2, rounded up; the question asks for the "
            "mistakes the run makes.",
        ),
        (lambda: _dimension_run(2), "that is the count for d = 2; take d = 50."),
        (lambda: _dimension_run(10), "that is the count for d = 10; take d = 50."),
    ],
    method="fit lc.Perceptron(fit_intercept=False) on the d = 50 data set and read "
    "n_mistakes_.",
)
