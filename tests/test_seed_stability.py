"""A seed's draws are stable: the generators of linclass.data give the same numbers
for the same seed, release after release.

The book's prose, figures and alt texts state what particular seeds draw (a run
that converges in so many epochs, a pocket that wins, chapter 6's gamma = 0.452), so
the numbers a seed gives are a promise, kept the way numpy keeps its own streams
stable. The values below were recorded from the generators; a change that moves
them (another draw, one more draw, a finer grid) changes the book, and must come
with new values here and the chapters' numbers read again. They are compared with
rel=1e-9, not bit for bit: LAPACK's QR may differ in the last bits between machines.
"""

import numpy as np
import pytest

from linclass import data

Y3 = [0, 1, 2, 0, 1, 2, 0, 1, 2]

# name -> the call, as the chapters and the tests make it
CALLS = {
    "separable, as in 02_perceptron (seed 3)": lambda: data.make_separable(
        n=30, margin=0.15, random_state=3
    ),
    "separable, as in 03_convergence (seed 1)": lambda: data.make_separable(
        n=80, d=2, margin=0.2, random_state=1
    ),
    "separable, 3-D (seed 0)": lambda: data.make_separable(
        n=9, d=3, margin=0.1, random_state=0
    ),
    "separable through the origin, off-centre (seed 5)": lambda: data.make_separable(
        n=9,
        d=3,
        margin=0.1,
        fit_intercept=False,
        center=[0.3, 0.1, 0.0],
        random_state=5,
    ),  # fmt: skip
    "separable through the origin, off-centre (seed 1)": lambda: data.make_separable(
        n=40,
        d=2,
        margin=0.05,
        fit_intercept=False,
        center=[0.5, -0.2],
        random_state=1,
    ),  # fmt: skip
    "separable from a RandomState (seed 0)": lambda: data.make_separable(
        n=5, random_state=np.random.RandomState(0)
    ),
    "xor, as in 01_geometry (seed 0)": lambda: data.make_xor(n=200, random_state=0),
    "xor (seed 1)": lambda: data.make_xor(n=9, noise=0.3, random_state=1),
    "circle, as in 01_geometry (seed 0)": lambda: data.make_circle(
        n=200, random_state=0
    ),
    "ball (seed 5)": lambda: data.make_ball(n=9, d=3, random_state=5),
    "elongated (seed 7)": lambda: data.make_elongated(n=9, random_state=7),
    "elongated, as in 01_geometry (seed 0)": lambda: data.make_elongated(
        n=200, random_state=0
    ),
    "multiclass (seed 0)": lambda: data.make_multiclass(n=300, k=3, random_state=0),
    "multiclass, 4 classes (seed 1)": lambda: data.make_multiclass(
        n=120, k=4, std=0.5, random_state=1
    ),
    "3 classes, half flipped (seed 0)": lambda: data.flip_labels(
        Y3, 0.5, random_state=0
    ),
    "2 classes, half flipped (seed 1)": lambda: data.flip_labels(
        [1, -1] * 4, 0.5, random_state=1
    ),
}


def drawn(out):
    """A few of the numbers a call drew: its first and last points, the first
    labels, and the separator of a SeparableData."""
    if isinstance(out, data.SeparableData):
        return {
            "first": out.X[0].tolist(), "last": out.X[-1].tolist(),
            "y": out.y[:8].tolist(), "w": out.w.tolist(), "b": out.b,
        }  # fmt: skip
    if isinstance(out, tuple):
        X, y = out
        return {"first": X[0].tolist(), "last": X[-1].tolist(), "y": y[:8].tolist()}
    return {"y": np.asarray(out).tolist()}


PINNED = {
    "separable, as in 02_perceptron (seed 3)": {
        "first": [-0.9717890522547564, -0.08498713887739065],
        "last": [0.5031462302685805, -0.3455238587654905],
        "y": [-1, -1, -1, 1, 1, 1, -1, 1],
        "w": [0.6240212399098974, -0.7814073791188014],
        "b": 0.25608329542543734,
    },
    "separable, as in 03_convergence (seed 1)": {
        "first": [0.3012128379460294, 0.9068222104236161],
        "last": [0.5498230053855746, 0.41028639302007724],
        "y": [1, -1, 1, -1, 1, -1, 1, 1],
        "w": [0.38771363110095136, 0.9217798762494848],
        "b": -0.28467230982429303,
    },
    "separable, 3-D (seed 0)": {
        "first": [-0.012811018087649012, -0.3373907642708462, 0.6799198937257693],
        "last": [0.19315089627497664, -0.6614301968945423, 0.6248396669488019],
        "y": [1, -1, -1, 1, 1, -1, 1, -1],
        "w": [0.18881711923692265, -0.19839032737660414, 0.9617636786063786],
        "b": -0.43512512802432385,
    },
    "separable through the origin, off-centre (seed 5)": {
        "first": [0.03841668826894712, 0.5600042151967868, 0.16445352781883174],
        "last": [0.9833397701376612, -0.5349983812628684, -0.09942006720100856],
        "y": [1, 1, -1, -1, -1, 1, -1, 1],
        "w": [0.47861568806245797, 0.49316079990473677, 0.7264430112388859],
        "b": 0.0,
    },
    "separable through the origin, off-centre (seed 1)": {
        "first": [1.0279210958705485, -0.6279699451313692],
        "last": [1.1510710062601106, -0.41181774877164906],
        "y": [-1, 1, 1, 1, -1, 1, 1, 1],
        "w": [0.39067291201356974, 0.9205295627077044],
        "b": 0.0,
    },
    "separable from a RandomState (seed 0)": {
        "first": [-0.3493602067168999, -0.3980558138854187],
        "last": [-0.8763603018603352, 0.2005381199144512],
        "y": [-1, 1, 1, -1, 1],
        "w": [0.027020044634277793, 0.9996348919420338],
        "b": 0.2280678786778007,
    },
    "xor, as in 01_geometry (seed 0)": {
        "first": [0.9464330626838889, 1.0361595054909485],
        "last": [0.9245394208740069, 1.1689107452443674],
        "y": [-1, 1, 1, -1, -1, -1, 1, 1],
    },
    "xor (seed 1)": {
        "first": [1.1036752576194357, 1.2464854430503476],
        "last": [1.008526672394739, -0.8359861040162659],
        "y": [-1, 1, 1, -1, -1, -1, 1, -1],
    },
    "circle, as in 01_geometry (seed 0)": {
        "first": [0.335904054267214, -1.7642572294296213],
        "last": [1.2982640215106815, -0.35864256487379353],
        "y": [-1, -1, 1, 1, -1, -1, 1, -1],
    },
    "ball (seed 5)": {
        "first": [-0.8696975207011597, 0.6044148444574506, 1.224439819328364],
        "last": [-0.3227755807235378, -0.4583536833054572, 0.4373075594190017],
        "y": [-1, 1, 1, -1, -1, -1, 1, 1],
    },
    "elongated (seed 7)": {
        "first": [-0.061633799064487085, 1.1257733699682095],
        "last": [-0.18886440518632852, -0.9545324146968753],
        "y": [1, -1, -1, 1, 1, 1, -1, 1],
    },
    "elongated, as in 01_geometry (seed 0)": {
        "first": [-0.834256787083343, 0.3798151739184894],
        "last": [-1.4254875443777717, 0.35180022766744234],
        "y": [1, -1, -1, 1, 1, 1, -1, -1],
    },
    "multiclass (seed 0)": {
        "first": [-2.771618659554926, -1.1642191331247713],
        "last": [2.7039203108976277, 0.14965267473148947],
        "y": [1, 0, 0, 0, 0, 1, 2, 0],
    },
    "multiclass, 4 classes (seed 1)": {
        "first": [2.380343785133849, -0.28181992321348287],
        "last": [0.25576820995880906, -2.7104285012744356],
        "y": [3, 3, 1, 2, 3, 2, 3, 1],
    },
    "3 classes, half flipped (seed 0)": {"y": [0, 1, 0, 0, 2, 1, 0, 0, 2]},
    "2 classes, half flipped (seed 1)": {"y": [1, -1, -1, 1, 1, 1, 1, 1]},
}


@pytest.mark.parametrize("name", list(CALLS))
def test_a_seed_draws_the_numbers_it_drew_before(name):
    got, pinned = drawn(CALLS[name]()), PINNED[name]
    assert got.keys() == pinned.keys()
    for key, value in pinned.items():
        if key == "y":
            assert got[key] == value  # labels are integers: exactly
        else:
            assert got[key] == pytest.approx(value, rel=1e-9, abs=0.0), key
