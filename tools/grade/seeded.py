"""Grading cases drawn from the instructor's seed: not the ones in the public package.

``lc.check`` runs a coding exercise on fixed cases that ship with ``linclass``, so a
learner can read them and return their answers. With ``make grade SEED=<int>`` each
coding exercise of the course is graded on new data of the same kinds, drawn here
from the seed (separable and non-separable sets, points exactly on a hyperplane,
integer input, far-off data, other shapes), and the expected results are computed
by the same reference implementations as the public cases, in the grader's process.

The same seed gives the same cases; each exercise draws from its own stream (the
seed and the exercise's id), so an exercise's cases do not depend on the others.
An edge case that cannot be drawn at random (a tie found by search) is the public
one under a random symmetry that provably keeps its edge: a signed permutation of
the coordinates (and, for the batch rule, a shuffle of the points) changes every
number the learner sees but maps the run step for step onto the original one.
"""

from __future__ import annotations

import warnings
import zlib

import numpy as np
from sklearn.exceptions import ConvergenceWarning

from linclass._kesler import kesler_vectors
from linclass.check import _ch1, _ch2, _ch3, _ch4, _ch5, _ch6
from linclass.check._core import Case, close, promise
from linclass.data import flip_labels, make_elongated, make_multiclass, make_separable
from linclass.geometry import radius

TIE = "a point that lands exactly on the hyperplane"
TRIES = 500  # draws before a search for an edge case gives up (it never needs many)


def _signed_permutation(rng, d):
    """A random d x d matrix that permutes the coordinates and flips some signs
    (never the identity: the public case's own numbers would come back)."""
    while True:
        P = np.eye(d)[rng.permutation(d)] * rng.choice([-1, 1], size=d)
        if not np.array_equal(P, np.eye(d)):
            return P


def _turn(X, P):
    """``X @ P`` exactly: integers stay integers, a score of 0 stays 0."""
    return (X @ P.astype(X.dtype)) if X.dtype.kind == "i" else X @ P


def _rotated(rng, center):
    a = rng.uniform(0, 2 * np.pi)
    rotation = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    return rotation @ np.asarray(center, float)


def _far(rng, n, margin, center):
    """Separable data around ``center`` turned by a random angle about the origin."""
    return make_separable(
        n, margin=margin, center=_rotated(rng, center), random_state=rng
    )


def _public(cases, name):
    """The arguments of a public case (an edge found by search)."""
    return next(c for c in cases() if c.name == name).args


def _integer_separable(rng, n, w=None, b=None, low=-4, high=5):
    """Integer points labelled by an integer line (w, b), none on it; both classes
    present. A line not given is drawn."""
    while True:
        if w is None:
            w = rng.integers(1, 4, size=2) * rng.choice([-1, 1], size=2)
            b = int(rng.integers(-3, 4))
        X = rng.integers(low, high, size=(4 * n, 2))
        score = X @ w + b
        X, score = X[score != 0][:n], score[score != 0][:n]
        y = np.where(score > 0, 1, -1)
        if len(y) == n and len(set(y.tolist())) == 2:
            return X, y, w, b


def _not_separable(rng, n_extra=6):
    """Two crossing diagonals of different labels (no line separates them), with
    random points around them, shuffled."""
    o = rng.normal(size=2)
    u, v = rng.normal(size=(2, 2))
    a, b, c, d = rng.uniform(0.5, 1.5, size=4)
    X = np.array([o + a * u, o - b * u, o + c * v, o - d * v])
    y = np.array([1.0, 1.0, -1.0, -1.0])
    X = np.vstack([X, o + rng.normal(size=(n_extra, 2))])
    y = np.append(y, rng.choice([-1.0, 1.0], size=n_extra))
    order = rng.permutation(len(y))
    return X[order], y[order]


def _n(rng, low, high):
    return int(rng.integers(low, high))


def project(rng):
    ex = _ch1.EX_PROJECT
    unit = make_separable(n=_n(rng, 10, 30), margin=0.1, random_state=rng)
    d = _n(rng, 3, 7)
    X5, w5 = rng.normal(size=(_n(rng, 10, 40), d)), rng.normal(size=d) * 3.0
    w_on = rng.integers(1, 5, size=2) * rng.choice([-1, 1], size=2)
    on_H = rng.integers(-5, 6, size=(_n(rng, 2, 5), 2)).astype(float)
    b_on = -float(on_H[0] @ w_on)  # the first point is on the hyperplane, exactly
    promise((on_H @ w_on + b_on)[0] == 0.0, ex, "on the hyperplane", "a point on it")
    ints = rng.integers(-5, 6, size=(_n(rng, 2, 6), 2))
    w_int = rng.integers(1, 4, size=2) * rng.choice([-1, 1], size=2)
    far = rng.normal(size=(_n(rng, 5, 15), 3)) + rng.choice([-1e3, 1e3], size=3)
    cases = [
        ("a unit normal in the plane", (unit.X, unit.w, unit.b)),
        (f"a normal that is not a unit vector, in R^{d}", (X5, w5, rng.normal())),
        ("a point already on the hyperplane", (on_H, w_on.astype(float), b_on)),
        ("integer input", (ints, w_int, int(rng.integers(-3, 4)))),
        ("a hyperplane through the origin (b = 0)", (X5[:5], w5, 0.0)),
        ("data far from the origin", (far, rng.normal(size=3), rng.normal() * 4)),
        ("a single point", (X5[:1], w5, rng.normal())),
    ]
    reference = _ch1._project_reference
    return [Case(n, a, reference(*a), compare=close(1e-9, 1e-9)) for n, a in cases]


def _give_up(rng, reference_fit, args_of):
    X, y = _not_separable(rng)
    epochs = _n(rng, 10, 40)
    reference_fit(X, y, epochs)  # the reference must not converge either
    name = f"data that are not separable, with max_epochs={epochs}"
    return Case(
        name, args_of(X, y), None, {"max_epochs": epochs}, close(), RuntimeError, 2
    )


def _not_converged(exercise_id, **kw):
    def fit(X, y, epochs):
        clf = _ch2.Perceptron(max_iter=epochs, **kw)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            clf.fit(X, y)
        name = "data that are not separable"
        promise(not clf.converged_, exercise_id, name, "a mistake in every epoch")

    return fit


def batch(rng):
    data = make_separable(n=_n(rng, 20, 50), margin=0.1, random_state=rng)
    far = _far(rng, _n(rng, 20, 40), 0.2, [3.0, -2.0])
    # The public tie: the batch step is a sum over the mistakes, so a shuffle of the
    # points and a signed permutation of the coordinates keep its score of 0.
    tie_X, tie_y = _public(_ch2._batch_cases, TIE)
    order = rng.permutation(len(tie_y))
    tie_X = _turn(tie_X[order], _signed_permutation(rng, 2))
    ints_X, ints_y, _, _ = _integer_separable(rng, _n(rng, 4, 9))
    eta = float(rng.choice([0.25, 0.5, 2.0]))
    cases = [
        ("separable data in the unit disc", (data.X, data.y), {}),
        ("data far from the origin, where the bias matters", (far.X, far.y), {}),
        (TIE, (tie_X, tie_y[order]), {}),
        ("integer input", (ints_X, ints_y), {}),
        (f"a learning rate of {eta:g}", (data.X, data.y), {"eta": eta}),
    ]
    reference = _ch2._batch_reference
    out = [Case(n, a, reference(*a, **kw), kw, compare=close()) for n, a, kw in cases]
    give_up = _give_up(
        rng, _not_converged("ex-ch2-batch-code", mode="batch"), lambda X, y: (X, y)
    )
    return [*out, give_up]


def _seed_where(rng, holds, tries=TRIES):
    """A seed for the learner's draws for which ``holds(seed)``, found by search,
    or None."""
    for _ in range(tries):
        seed = _n(rng, 0, 10_000)
        if holds(seed):
            return seed
    return None


def _clean_epoch(rng, reference):
    """Data and a seed whose run has an epoch without a mistake before the last."""
    for _ in range(TRIES):
        clean = make_separable(n=12, margin=0.05, random_state=rng)

        def holds(s, X=clean.X, y=clean.y):
            return _ch2._has_early_clean_epoch(reference(X, y, s)[0], 12)

        seed = _seed_where(rng, holds, tries=20)
        if seed is not None:
            return clean.X, clean.y, seed
    promise(False, _ch2.EX_REPLACEMENT, "an epoch without a mistake", "such an epoch")


def replacement(rng):
    ex, reference = _ch2.EX_REPLACEMENT, _ch2._replacement_reference
    data = make_separable(n=_n(rng, 20, 40), margin=0.15, random_state=rng)
    clean = _clean_epoch(rng, reference)
    far = _far(rng, _n(rng, 20, 40), 0.2, [3.0, -2.0])
    tie_X, tie_y, public_seed = _public(_ch2._replacement_cases, TIE)
    tie_X = _turn(tie_X, _signed_permutation(rng, 2))
    fx = np.asarray(tie_X, float)
    tie_seed = _seed_where(
        rng, lambda s: _ch2._has_tie_after_start(reference(tie_X, tie_y, s)[0], fx)
    )
    if tie_seed is None:  # the public seed: the symmetry maps its run onto this one
        tie_seed = public_seed
    ints_X, ints_y, _, _ = _integer_separable(rng, _n(rng, 4, 9))
    cases = [
        ("separable data in the unit disc", (data.X, data.y, _n(rng, 0, 10_000))),
        (
            "an epoch whose draws make no mistake, with points still wrong",
            clean,
        ),
        (TIE, (tie_X, tie_y, tie_seed)),
        ("integer input", (ints_X, ints_y, _n(rng, 0, 10_000))),
        ("data far from the origin", (far.X, far.y, _n(rng, 0, 10_000))),
    ]
    out = [Case(n, a, reference(*a)[1], compare=close()) for n, a in cases]
    seed = _n(rng, 0, 10_000)
    fit = _not_converged(ex, order="replacement", random_state=seed)
    give_up = _give_up(rng, fit, lambda X, y: (X, y, seed))
    return [*out, give_up]


def bound(rng):
    data = make_separable(n=_n(rng, 30, 60), margin=0.1, random_state=rng)
    far = _far(rng, _n(rng, 30, 50), 0.2, [4.0, -3.0])
    # An integer separator through an integer point: that point scores exactly 0.
    w = rng.integers(1, 4, size=2) * rng.choice([-1, 1], size=2)
    on = rng.integers(-3, 4, size=2)
    b = -int(on @ w)
    ints_X, ints_y, _, _ = _integer_separable(rng, _n(rng, 4, 9), w, b)
    tie_X, tie_y = np.vstack([ints_X, on]), np.append(ints_y, 1)
    scale = float(rng.uniform(2, 5))
    wrong_y = data.y.copy()
    k = _n(rng, 0, len(wrong_y))
    wrong_y[k] = -wrong_y[k]
    c = radius(data.X)
    cases = [
        ("separable data with a bias, c = 1", (data.X, data.y, data.w, data.b), {}),
        (
            "a separator (w, b) that is not of unit length",
            (data.X, data.y, scale * data.w, scale * data.b),
            {},
        ),
        ("the R^2 bias update, c = R", (data.X, data.y, data.w, data.b), {"c": c}),
        ("data far from the origin", (far.X, far.y, far.w, far.b), {}),
        ("integer input", (ints_X, ints_y, w, b), {}),
        ("a point exactly on the hyperplane", (tie_X, tie_y, w, b), {}),
        (
            "a separator that misclassifies a point",
            (data.X, wrong_y, data.w, data.b),
            {},
        ),
    ]
    reference = _ch3._bound_reference
    return [Case(n, a, reference(*a, **kw), kw, compare=close()) for n, a, kw in cases]


def error_pocket(rng):
    noisy = make_separable(n=_n(rng, 30, 50), margin=0.05, random_state=rng)
    y_noisy = flip_labels(noisy.y, 0.15, random_state=rng)
    clean = make_separable(n=_n(rng, 20, 40), margin=0.1, random_state=rng)
    far = _far(rng, _n(rng, 30, 50), 0.1, [3.0, 2.0])
    y_far = flip_labels(far.y, 0.1, random_state=rng)
    # The public edge cases (found by search) under a signed permutation of the
    # coordinates: the cyclic run, its ties and its equal errors map onto the same.
    public = {c.name: c.args for c in _ch4._error_pocket_cases()}
    tie_X, tie_y, _ = public["a point exactly on the hyperplane"]
    same_X, same_y, _ = public["later weights with an equal error"]
    tie_X = _turn(tie_X, _signed_permutation(rng, 2))
    same_X = _turn(same_X, _signed_permutation(rng, 2))
    eta = float(rng.choice([0.25, 0.5, 2.0]))
    cases = [
        ("noisy data in the unit disc", (noisy.X, y_noisy, _n(rng, 10, 25)), {}),
        (
            "separable data: no update once the error is 0",
            (clean.X, clean.y, _n(rng, 10, 25)),
            {},
        ),
        ("a point exactly on the hyperplane", (tie_X, tie_y, _n(rng, 5, 10)), {}),
        ("later weights with an equal error", (same_X, same_y, _n(rng, 5, 10)), {}),
        ("noisy data far from the origin", (far.X, y_far, _n(rng, 5, 15)), {}),
        (f"a learning rate of {eta:g}", (noisy.X, y_noisy, 20), {"eta": eta}),
    ]
    reference = _ch4._error_pocket_reference
    return [Case(n, a, reference(*a, **kw), kw, compare=close()) for n, a, kw in cases]


def fisher(rng):
    n = 2 * _n(rng, 20, 40)
    X_el, y_el = make_elongated(n=n, random_state=rng)
    y01 = (y_el > 0).astype(int)
    small, large = _n(rng, 6, 14), _n(rng, 30, 50)
    X_uneq = np.vstack(
        [
            rng.normal(size=(small, 2)) @ rng.uniform(-1, 2, size=(2, 2)),
            rng.normal(size=(large, 2)) + rng.uniform(1.5, 3.5, size=2),
        ]
    )
    y_uneq = np.repeat([0, 1], [small, large])
    X_far = X_el + rng.choice([-1, 1], size=2) * rng.uniform(5e4, 3e5, size=2)
    while True:  # an integer set whose within-class scatter is invertible
        X_int = rng.integers(-3, 8, size=(6, 2))
        y_int = rng.permutation([0, 0, 0, 1, 1, 1])
        S = sum(np.cov(X_int[y_int == k].T) for k in (0, 1))
        if abs(np.linalg.det(S)) > 0.5:
            break
    cases = [
        ("elongated classes of equal size", (X_el, y01)),
        (f"classes of {small} and {large} points", (X_uneq, y_uneq)),
        ("data far from the origin", (X_far, y01)),
        ("integer input", (X_int, y_int)),
    ]
    compare = close(rtol=1e-7, atol=1e-9)
    reference = _ch5._fisher_reference
    return [Case(n, a, reference(*a), compare=compare) for n, a in cases]


def kesler(rng):
    K = _n(rng, 3, 5)
    X, y = make_multiclass(n=4 * K, k=K, std=0.5, random_state=rng)
    order = np.argsort(y, kind="stable")
    missing = _n(rng, 0, 3)  # a class of three that no point belongs to
    y_gap = rng.choice([c for c in range(3) if c != missing], size=5)
    X_int = rng.integers(-5, 6, size=(3, 2))
    cases = [
        (f"{K} classes in the plane, points grouped by class", (X[order], y[order], K)),
        ("labels in mixed order", (X, y, K)),
        ("a class that no point belongs to", (X[:5], y_gap, 3)),
        ("two classes", (X[:6], y[:6] % 2, 2)),
        ("integer input", (X_int, rng.permutation(3), 3)),
    ]
    return [Case(n, a, kesler_vectors(*a)) for n, a in cases]


def gaussian_machine(rng):
    X3, y3 = make_multiclass(n=60, k=3, std=0.8, random_state=rng)
    sizes = rng.integers([5, 15, 30], [10, 25, 45])
    y_uneq = np.repeat([0, 1, 2], sizes)
    X_uneq = (
        rng.normal(size=(len(y_uneq), 2)) @ [[1.0, 0.4], [0.0, 0.6]]
        + 2 * np.eye(3, 2)[y_uneq]
    )
    shuffle = rng.permutation(len(y_uneq))
    X4, y4 = make_multiclass(n=48, k=4, std=0.6, random_state=rng)
    offset = rng.choice([-1, 1], size=2) * rng.uniform(5e4, 3e5, size=2)
    cases = [
        ("three classes of equal size", (X3, y3, 3)),
        ("classes of {}, {} and {} points".format(*sizes), (X_uneq, y_uneq, 3)),
        ("the same points in mixed order", (X_uneq[shuffle], y_uneq[shuffle], 3)),
        ("four classes", (X4, y4, 4)),
        ("points far from the origin", (X_uneq + offset, y_uneq, 3)),
        ("two classes", (X4[y4 < 2], y4[y4 < 2], 2)),
    ]
    compare = close(1e-7, 1e-9)
    reference = _ch6._gaussian_machine_reference
    return [Case(n, a, reference(*a), compare=compare) for n, a in cases]


DRAWS = {
    "ex-ch1-project": project,
    "ex-ch2-batch-code": batch,
    "ex-ch2-replacement-code": replacement,
    "ex-ch3-bound-code": bound,
    "ex-ch4-error-pocket": error_pocket,
    "ex-ch5-fisher-code": fisher,
    "ex-ch6-kesler-code": kesler,
    "ex-ch6-gaussian-machine": gaussian_machine,
}


def cases(exercise_id, seed):
    """The grading cases of a coding exercise drawn from ``seed``, or None when
    the exercise has no draw (an instructor's own exercise: its public cases)."""
    draw = DRAWS.get(exercise_id)
    if draw is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"the grading seed must be a whole number >= 0, got {seed!r}")
    return draw(np.random.default_rng([seed, zlib.crc32(exercise_id.encode())]))


def describe(seed, exercise_ids):
    """One line for the gradebook's summary: where the grading cases came from."""
    ids = sorted(exercise_ids)
    if seed is None:
        return (
            "grading cases: the public ones, in the learner's package (no seed set; "
            "`make grade SEED=<int>` draws others)"
        )
    own = [i for i in ids if i not in DRAWS]
    line = f"grading cases: drawn from seed {seed}"
    if own:
        line += f"; public cases for the exercises without a draw: {', '.join(own)}"
    return line
