"""Checks for the exercises of chapter 1, the geometry of linear classifiers."""

from __future__ import annotations

import numpy as np

from ..data import make_separable
from ..geometry import geometric_margin, signed_distance
from ._core import Case, close, promise, register_answer, register_exercise


def _project_reference(X, w, b):
    X, w = np.asarray(X, float), np.asarray(w, float)
    r = signed_distance(X, w, b)
    return X - np.outer(r, w / np.linalg.norm(w))


EX_PROJECT = "ex-ch1-project"


def _project_cases():
    rng = np.random.default_rng(5)
    unit_w = make_separable(n=20, margin=0.1, random_state=3)
    X5, w5 = rng.normal(size=(30, 5)), rng.normal(size=5) * 3.0
    on_H = np.array([[3.0, -1.0], [0.0, 2.0], [1.0, 1.0]])  # scores 0, 4, 2
    w_on, b_on = np.array([1.0, 1.0]), -2.0
    far = rng.normal(size=(10, 3)) + 1e3
    # each case must really contain what its name promises
    on = (on_H @ w_on + b_on)[0] == 0.0
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


register_exercise(EX_PROJECT, "projection onto a hyperplane", _project_cases)


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
register_answer(
    "ex-ch1-margins-b",
    "the geometric margin of (x, y = -1)",
    "number",
    lambda: float(geometric_margin(_X, _Y, _W, _B)[0]),
)
register_answer(
    "ex-ch1-margins-c",
    "the functional margin after scaling by s = 10",
    "number",
    lambda: float(_Y[0] * (_X[0] @ (10 * _W) + 10 * _B)),
)
register_answer(
    "ex-ch1-margins-d",
    "the predicted label of (1, 0): +1 or -1",
    "integer",
    -1,
)
register_answer(
    "ex-ch1-parallel-b",
    "the distance between the two lines",
    "number",
    lambda: _line_gap(np.array([3.0, 4.0]), 2.0, -8.0),
)
