"""Checks for the exercises of chapter 1, the geometry of linear classifiers."""

from __future__ import annotations

import numpy as np

from ..data import make_separable
from ..geometry import geometric_margin, signed_distance
from ._core import (
    Case,
    close,
    promise,
    register_answer,
    register_exercise,
    register_mistakes,
)


def _project_reference(X, w, b):
    X, w = np.asarray(X, float), np.asarray(w, float)
    r = signed_distance(X, w, b)
    return X - np.outer(r, w / np.linalg.norm(w))


EX_PROJECT = "ex-ch1-project"


def _project_cases():
    rng = np.random.default_rng(5)
    unit_w = make_separable(n=20, margin=0.1, random_state=3)
    X5, w5 = rng.normal(size=(30, 5)), rng.normal(size=5) * 3.0
    on_H = np.array([[3.0, -1.0], [4.0, 2.0], [1.0, 3.0]])  # scores 0, 4, 2
    w_on, b_on = np.array([1.0, 1.0]), -2.0
    far = rng.normal(size=(10, 3)) + 1e3
    # each case must really contain what its name promises
    on = signed_distance(on_H, w_on, b_on)[0] == 0.0
    promise(on, EX_PROJECT, "a point already on the hyperplane", "a point on it")
    unit = np.isclose(np.linalg.norm(unit_w.w), 1.0)
    promise(unit, EX_PROJECT, "a unit normal in the plane", "a unit normal")
    other = not np.isclose(np.linalg.norm(w5), 1.0)
    name = "a normal that is not a unit vector, in R^5"
    promise(other, EX_PROJECT, name, "a normal of another length")
    cases = [
        ("a unit normal in the plane", (unit_w.X, unit_w.w, unit_w.b)),
        ("a normal that is not a unit vector, in R^5", (X5, w5, -1.5)),
        ("a point already on the hyperplane", (on_H, w_on, b_on)),
        ("integer input", (np.array([[2, 1], [0, 3]]), np.array([1, 2]), 1)),
        ("a hyperplane through the origin (b = 0)", (X5[:5], w5, 0.0)),
        ("data far from the origin", (far, np.array([0.5, -2.0, 1.0]), 4.0)),
        ("a single point", (X5[:1], w5, 2.0)),
    ]
    return [
        Case(name, args, _project_reference(*args), compare=close(1e-9, 1e-9))
        for name, args in cases
    ]


register_exercise(
    EX_PROJECT,
    "projection onto a hyperplane",
    _project_cases,
    signature="project(X, w, b)",
)


def _line_gap(w, b1, b2):
    """Distance between w.x + b1 = 0 and w.x + b2 = 0, from a point of the first."""
    x1 = -b1 * w / (w @ w)
    return abs(float(signed_distance(x1[None, :], w, b2)[0]))


_W, _B, _X, _Y = np.array([3.0, 4.0]), -3.0, np.array([[3.0, 1.0]]), np.array([-1.0])

register_answer(
    "ex-ch1-margins-a",
    "the signed distance r(x)",
    "number",
    lambda: float(signed_distance(_X, _W, _B)[0]),
)
register_mistakes(
    "ex-ch1-margins-a",
    [
        (
            10.0,
            "that is the score w.x + b; the distance divides it by the length of w.",
        ),
        (
            -2.0,
            "the sign: r(x) is positive on the side w points to, whatever the label.",
        ),
        (13 / 5, "the bias b belongs to the score: w.x + b, then divide."),
        (10 / 25, "divide by the norm ||w||, not by its square."),
        (10 / 7, "||w|| is the Euclidean length sqrt(w1^2 + w2^2), not |w1| + |w2|."),
    ],
    method="compute the score w.x + b, then divide it by the Euclidean norm of w.",
)
register_answer(
    "ex-ch1-margins-b",
    "the geometric margin of (x, y = -1)",
    "number",
    lambda: float(geometric_margin(_X, _Y, _W, _B)[0]),
)
register_mistakes(
    "ex-ch1-margins-b",
    [
        (2.0, "the label y multiplies the signed distance: the margin is y r(x)."),
        (
            -10.0,
            "that is the functional margin y(w.x + b); the geometric one divides "
            "by ||w||.",
        ),
        (10.0, "that is the score: multiply by the label, divide by ||w||."),
        (-13 / 5, "the bias b belongs to the score: y(w.x + b)/||w||."),
    ],
    method="the geometric margin is y (w.x + b)/||w||: the signed distance times "
    "the label.",
)
register_answer(
    "ex-ch1-margins-c",
    "the functional margin after scaling by s = 10",
    "number",
    lambda: float(_Y[0] * (_X[0] @ (10 * _W) + 10 * _B)),
)
register_mistakes(
    "ex-ch1-margins-c",
    [
        (
            -10.0,
            "that is the functional margin before rescaling; scaling w and b by s "
            "scales the score by s.",
        ),
        (100.0, "the label y = -1 is part of the functional margin."),
        (
            -2.0,
            "that is the geometric margin, which rescaling leaves alone; the "
            "functional margin changes.",
        ),
        (-20.0, "the functional margin y(sw.x + sb) is not divided by a norm."),
        (-1000.0, "s multiplies the score once: y(sw.x + sb) = s y(w.x + b)."),
    ],
    method="the functional margin is y(sw.x + sb) = s y(w.x + b).",
)
register_answer(
    "ex-ch1-margins-d",
    "the predicted label of (1, 0): +1 or -1",
    "integer",
    -1,
)
register_mistakes(
    "ex-ch1-margins-d",
    [
        (
            1,
            "the score is exactly 0 here: look up which label this book's "
            "convention for sign(0) gives.",
        ),
        (
            0,
            "0 is the score, not a label: which label does the book give a score of 0?",
        ),
    ],
    method="compute the score and apply the book's decision rule, with its "
    "convention for a score of exactly 0.",
)
register_answer(
    "ex-ch1-parallel-b",
    "the distance between the two lines",
    "number",
    lambda: _line_gap(np.array([3.0, 4.0]), 2.0, -8.0),
)
register_mistakes(
    "ex-ch1-parallel-b",
    [
        (10.0, "that is |b1 - b2|; divide it by ||w||."),
        (6 / 5, "subtract the offsets: |b1 - b2| with b2 = -8, not |b1 + b2|."),
        (10 / 25, "divide by the norm ||w||, not by its square."),
        (10 / 7, "||w|| is the Euclidean length sqrt(w1^2 + w2^2), not |w1| + |w2|."),
        (-2.0, "a distance is never negative: |b1 - b2|/||w||."),
    ],
    method="both lines have the normal w = (3, 4): use |b1 - b2|/||w|| from (a).",
)
