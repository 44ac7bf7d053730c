"""Checks for the exercises of chapter 6, multi-class classification."""

from __future__ import annotations

import numpy as np

from .._kesler import kesler_vectors
from ..data import make_multiclass
from ..geometry import novikoff_bound
from ._core import Case, register_answer, register_exercise


def _kesler_cases():
    X, y = make_multiclass(n=12, k=3, std=0.5, random_state=0)
    order = np.argsort(y, kind="stable")  # grouped by class: the plain case
    cases = [
        (
            "three classes in the plane, points grouped by class",
            (X[order], y[order], 3),
        ),
        ("labels in mixed order", (X, y, 3)),
        # Class 1 has no point: the number of classes must come from K, not from y.
        ("a class that no point belongs to", (X[:5], np.array([0, 2, 2, 0, 2]), 3)),
        ("two classes", (X[:6], y[:6] % 2, 2)),
        (
            "integer input",
            (np.array([[1, 2], [-3, 0], [0, 4]]), np.array([2, 0, 1]), 3),
        ),
    ]
    return [Case(name, args, kesler_vectors(*args)) for name, args in cases]


register_exercise("ex-ch6-kesler-code", "Kesler's vectors", _kesler_cases)

register_answer(
    "ex-ch6-kesler-a",
    "the Kesler vector against class 2 (nine numbers)",
    "vector",
    lambda: kesler_vectors([[2.0, -1.0]], [1], 3)[1],
)
register_answer(
    "ex-ch6-kesler-c",
    "the largest possible number of mistakes",
    "number",
    lambda: float(novikoff_bound(np.sqrt(2) * 3.0, 0.5)),
    decimals=1,
)
register_answer(
    "ex-ch6-ovo-cycles-b",
    "the number of votes of the predicted class when K = 4",
    "integer",
    4 - 1,
)
