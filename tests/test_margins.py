"""Scores near zero are decided as scikit-learn decides them, whatever the blocks.

The data below are written in tenths so that, after the first update, a score is
exactly 0 in exact arithmetic while its floating value depends on how it is
computed (an independent review built them). A mistake is ``y (w.x + b) <= 0``:
these points must be mistakes, in every block size and on both scan paths.
"""

import warnings

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning
from sklearn.linear_model import Perceptron as SkPerceptron

import linclass.multiclass as multiclass_module
import linclass.perceptron as perceptron_module
import linclass.pocket as pocket_module
from linclass import _margins
from linclass.multiclass import MulticlassPerceptron
from linclass.perceptron import Perceptron
from linclass.pocket import Pocket


def _tie_data(n, x0, xc, at):
    # x0 repeated, one opposite point labelled 0 (the first mistake makes w = x0,
    # b = 1), and xc, whose score under that w is x0.xc + 1 = 0 in exact arithmetic
    x0, xc = np.asarray(x0, float), np.asarray(xc, float)
    X = np.tile(x0, (n, 1))
    y = np.ones(n, int)
    X[1], y[1] = -3 * x0, 0
    X[at] = xc
    return X, y


TIES = [
    _tie_data(600, [-0.5, 0.9, 0.7], [-0.1, -0.7, -0.6], 2),
    _tie_data(500, [-0.5, 0.9, 0.7], [-0.1, -0.7, -0.6], 2),
    _tie_data(46, [-0.6, 0.8, -0.5], [0.9, -0.7, -0.2], 45),
    _tie_data(90, [-0.6, 0.8, -0.5], [0.9, -0.7, -0.2], 89),
]


def _fit_quietly(est, X, y):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return est.fit(X, y)


@pytest.mark.parametrize("data", range(len(TIES)))
@pytest.mark.parametrize("epochs", [1, 2, 4])
def test_a_score_of_exactly_zero_is_a_mistake_as_in_scikit_learn(data, epochs):
    X, y = TIES[data]
    ours = _fit_quietly(Perceptron(max_iter=epochs), X, y)
    sk = SkPerceptron(shuffle=False, eta0=1.0, penalty=None, tol=None)
    sk = _fit_quietly(sk.set_params(max_iter=epochs), X, y)
    np.testing.assert_array_equal(ours.coef_, sk.coef_)
    np.testing.assert_array_equal(ours.intercept_, sk.intercept_)


@pytest.fixture(params=[(1, 1), (1, 1 << 15), (64, 64), (8, 1 << 15)])
def blocks(request, monkeypatch):
    """Other block sizes for the scans: first block ``lo``, doubling up to ``hi``."""
    lo, hi = request.param
    for module in (perceptron_module, pocket_module):
        monkeypatch.setattr(module, "_MIN_BLOCK", lo)
        monkeypatch.setattr(module, "_MAX_BLOCK", hi)
    monkeypatch.setattr(multiclass_module, "_FIRST_BLOCK", lo)
    return lo, hi


def _run(est, X, y):
    est = _fit_quietly(est, X, y)
    return est.coef_.tolist(), est.intercept_.tolist(), est.n_iter_


@pytest.mark.parametrize("data", range(len(TIES)))
@pytest.mark.parametrize(
    "make",
    [
        lambda: Perceptron(max_iter=4),
        lambda: Perceptron(max_iter=4, order="random", random_state=3),
        lambda: Perceptron(max_iter=4, eta=0.5, bias_update="r2"),
        lambda: Pocket(max_iter=4, random_state=0),
        lambda: MulticlassPerceptron(max_iter=4),
    ],
)
def test_the_block_sizes_change_the_speed_only(data, make, blocks, monkeypatch):
    X, y = TIES[data]
    chosen = _run(make(), X, y)
    monkeypatch.undo()  # the default block sizes
    assert chosen == _run(make(), X, y)


def test_the_band_holds_every_rounding_of_a_score():
    # any two evaluations of x.w + b differ by less than the band
    rng = np.random.default_rng(0)
    for d in (1, 3, 64):
        X = rng.normal(size=(200, d)) * 10.0 ** rng.integers(-3, 4, size=(200, 1))
        w, b = rng.normal(size=d), float(rng.normal())
        tol = _margins.band(_margins.row_spread(X), w, b)
        computed = X @ w + b
        for x, c in zip(X, computed, strict=True):
            assert abs(_margins.sequential_score(x, w, b) - c) < tol / 2


def test_thousands_of_mistakes_in_a_row_run_to_the_limit():
    # every visit is a mistake (all scores are 0): the scans' estimate of the gap
    # between mistakes shrinks towards 0 and must not break the run
    X, y = np.zeros((2, 1)), [0, 1]
    with pytest.warns(ConvergenceWarning):
        est = Perceptron(fit_intercept=False, max_iter=1500).fit(X, y)
    assert est.n_iter_ == 1500 and est.n_mistakes_ == 3000
    pocket = Pocket(fit_intercept=False, max_iter=1500, random_state=0).fit(X, y)
    assert pocket.n_iter_ == 1500 and pocket.coef_.tolist() == [[0.0]]
