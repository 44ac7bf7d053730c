"""Checks for the exercises of chapter 6, multi-class classification."""

from __future__ import annotations

import numpy as np

from .._kesler import kesler_vectors
from .._lda_multi import class_statistics, gaussian_machine
from ..data import make_multiclass
from ._core import (
    Case,
    close,
    register_answer,
    register_exercise,
    register_mistakes,
)


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


register_exercise(
    "ex-ch6-kesler-code",
    "Kesler's vectors",
    _kesler_cases,
    signature="kesler_vectors(X, y, K)",
)

register_answer(
    "ex-ch6-kesler-a",
    "the Kesler vector against class 2 (nine numbers)",
    "vector",
    lambda: kesler_vectors([[2.0, -1.0]], [1], 3)[1],
)
register_mistakes(
    "ex-ch6-kesler-a",
    [
        (
            (0, 0, 0, -2, 1, -1, 2, -1, 1),
            "the signs: (x, 1) goes in the block of "
            "the true class, -(x, 1) in the block of the wrong class.",
        ),
        (
            (-2, 1, -1, 2, -1, 1, 0, 0, 0),
            "that is the vector against class 0; the "
            "question asks for the one against class 2.",
        ),
        (
            (0, 0, 0, 2, -1, 0, -2, 1, 0),
            "the point is augmented with a 1, which takes the block's sign too.",
        ),
        ((0, 0, 2, -1, -2, 1), "augment the point with a 1: three blocks of three."),
    ],
    method="augment x with a 1, put it in the block of its class and its negative "
    "in the block of the wrong class, zeros elsewhere.",
)
register_answer(
    "ex-ch6-kesler-c",
    "the theorem's bound on the number of mistakes",
    "integer",
    # The theorem's 2 R~^2 / gamma^2, exactly 72 (through sqrt(2) it would carry
    # a rounding error in the last bit and not be a whole number).
    lambda: 2 * 3.0**2 / 0.5**2,
)
register_mistakes(
    "ex-ch6-kesler-c",
    [
        (
            36.0,
            "the bound on the Kesler vectors is 2 R^2/gamma^2: a factor 2, and "
            "both R and gamma squared.",
        ),
        (
            144.0,
            "the factor in front of R^2/gamma^2 is 2: the squared length of a "
            "Kesler vector over that of the point.",
        ),
        (12.0, "the bound squares the ratio: R^2/gamma^2, with its factor."),
        (18.0, "the margin counts too: divide by gamma^2."),
    ],
    method="Novikoff's bound on the Kesler vectors, whose length is sqrt(2) times "
    "that of the augmented point.",
)
register_answer(
    "ex-ch6-ovo-cycles-b",
    "the number of votes of the predicted class when K = 4",
    "integer",
    4 - 1,
)
register_mistakes(
    "ex-ch6-ovo-cycles-b",
    [
        (2, "that is the count for the K of part (a); redo it with K = 4."),
        (4, "a class can only win the duels it takes part in."),
        (6, "that is the number of pairwise classifiers, all votes together."),
        (1, "the predicted class wins every duel it takes part in."),
    ],
    method="with h_ij = g_i - g_j the votes follow the order of the g_c: count the "
    "duels the top class wins.",
)


def _gaussian_machine_reference(X, y, K):
    X = np.asarray(X, dtype=float)
    means, counts, scatter = class_statistics(X, np.asarray(y), K)
    coef, intercept, _ = gaussian_machine(means, counts, scatter, len(X) - K)
    return coef, intercept


def _gaussian_machine_cases():
    rng = np.random.default_rng(6)
    X3, y3 = make_multiclass(n=60, k=3, std=0.8, random_state=2)
    # 8, 20 and 40 points: the log-priors differ, and so do S_W/(n - K) and S_W/n
    sizes = np.array([8, 20, 40])
    y_uneq = np.repeat([0, 1, 2], sizes)
    X_uneq = (
        rng.normal(size=(68, 2)) @ [[1.0, 0.4], [0.0, 0.6]] + 2 * np.eye(3, 2)[y_uneq]
    )
    shuffle = rng.permutation(68)
    X4, y4 = make_multiclass(n=48, k=4, std=0.6, random_state=5)
    cases = [
        ("three classes of equal size", (X3, y3, 3)),
        ("classes of 8, 20 and 40 points", (X_uneq, y_uneq, 3)),
        ("the same points in mixed order", (X_uneq[shuffle], y_uneq[shuffle], 3)),
        ("four classes", (X4, y4, 4)),
        # Around 1e5 the one-pass formula X'X - n mu mu' cancels catastrophically.
        ("points far from the origin", (X_uneq + [1e5, -2e5], y_uneq, 3)),
        ("two classes", (X4[y4 < 2], y4[y4 < 2], 2)),
    ]
    return [
        Case(name, args, _gaussian_machine_reference(*args), compare=close(1e-7, 1e-9))
        for name, args in cases
    ]


register_exercise(
    "ex-ch6-gaussian-machine",
    "the Gaussian linear machine",
    _gaussian_machine_cases,
    signature="gaussian_machine(X, y, K)",
)
