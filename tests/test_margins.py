"""Scores near zero are decided as scikit-learn decides them, whatever the blocks.

The data below are written in tenths so that, after the first update, a score is
exactly 0 in exact arithmetic while its floating value depends on how it is
computed (an independent review built them). A mistake is ``y (w.x + b) <= 0``:
these points must be mistakes, in every block size and on both scan paths.
"""

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
from tests.test_multiclass import machine_replay
from tests.test_perceptron import fit_quiet, textbook


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


@pytest.mark.parametrize("data", range(len(TIES)))
@pytest.mark.parametrize("epochs", [1, 2, 4])
def test_a_score_of_exactly_zero_is_a_mistake_as_in_scikit_learn(data, epochs):
    X, y = TIES[data]
    ours = fit_quiet(Perceptron(max_iter=epochs), X, y)
    sk = SkPerceptron(shuffle=False, eta0=1.0, penalty=None, tol=None)
    sk = fit_quiet(sk.set_params(max_iter=epochs), X, y)
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
    est = fit_quiet(est, X, y)
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


def _textbook_machine(X, y, epochs, K):
    """The multi-class rule one visit at a time, in order (test_multiclass's replay)."""
    W, b, _ = machine_replay(X, y, K, 1.0, [range(len(y))] * epochs)
    return W, b


def _textbook_random_perceptron(X, y, epochs, seed):
    """The perceptron in a fresh random order each epoch, as Perceptron draws it."""
    rng = np.random.default_rng(seed)
    seqs = [rng.permutation(len(y)) for _ in range(epochs)]
    w, b, _, _ = textbook(X, np.where(np.asarray(y) == 1, 1.0, -1.0), 1.0, epochs, seqs)
    return w, b


@pytest.mark.parametrize("data", range(len(TIES)))
@pytest.mark.parametrize("epochs", [1, 3])
def test_the_machine_decides_each_score_as_the_textbook_loop(data, epochs):
    X, y = TIES[data]
    # three classes: the class-1 points split by the sign of their first feature
    y3 = np.where((y == 1) & (X[:, 0] > 0), 2, y)
    for labels in (y, y3):
        K = len(np.unique(labels))  # y3 has no class 2 where no such point exists
        est = fit_quiet(MulticlassPerceptron(max_iter=epochs), X, labels)
        W, b = _textbook_machine(X, labels, epochs, K)
        np.testing.assert_array_equal(est.coef_, W)
        np.testing.assert_array_equal(est.intercept_, b)


@pytest.mark.parametrize("data", range(len(TIES)))
@pytest.mark.parametrize("seed", [0, 3, 7])
def test_a_random_order_decides_each_score_as_the_textbook_loop(data, seed):
    X, y = TIES[data]
    est = fit_quiet(Perceptron(order="random", max_iter=3, random_state=seed), X, y)
    w, b = _textbook_random_perceptron(X, y, 3, seed)
    np.testing.assert_array_equal(est.coef_[0], w)
    assert est.intercept_[0] == b


def _tenths(seed):
    # random points with coordinates in tenths: many scores and score differences
    # are exactly 0 in exact arithmetic and within rounding of 0 in floating point
    rng = np.random.default_rng(seed)
    n, d, K = 240, int(rng.integers(2, 7)), 3
    return rng.integers(-9, 10, size=(n, d)) / 10.0, np.arange(n) % K


@pytest.mark.parametrize("seed", range(8))
def test_the_machine_on_tenths_decides_as_the_textbook_loop(seed):
    X, y = _tenths(seed)
    est = fit_quiet(MulticlassPerceptron(max_iter=3), X, y)
    W, b = _textbook_machine(X, y, 3, 3)
    np.testing.assert_array_equal(est.coef_, W)
    np.testing.assert_array_equal(est.intercept_, b)


@pytest.mark.parametrize("seed", range(8))
def test_the_perceptron_on_tenths_decides_as_scikit_learn(seed):
    X, y = _tenths(seed)
    y = y % 2
    ours = fit_quiet(Perceptron(max_iter=3), X, y)
    sk = SkPerceptron(shuffle=False, eta0=1.0, penalty=None, tol=None, max_iter=3)
    sk = fit_quiet(sk, X, y)
    np.testing.assert_array_equal(ours.coef_, sk.coef_)
    np.testing.assert_array_equal(ours.intercept_, sk.intercept_)
    ours = fit_quiet(Perceptron(order="random", max_iter=3, random_state=seed), X, y)
    w, b = _textbook_random_perceptron(X, y, 3, seed)
    np.testing.assert_array_equal(ours.coef_[0], w)
    assert ours.intercept_[0] == b


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("order", ["cyclic", "random"])
def test_the_scan_never_uses_a_band_narrower_than_the_weights_need(
    seed, order, monkeypatch
):
    # the perceptron bounds ||w|| between exact computations; whenever it decides
    # a score near 0, its band must hold the band of the weights it has then
    # labels that follow a direction (with a few flipped): w grows along it, well
    # past the data's own size, and scores of exactly 0 keep coming
    rng = np.random.default_rng(seed)
    X = rng.integers(-9, 10, size=(300, 2)) / 10.0
    y = (X.sum(axis=1) > 0) ^ (rng.random(300) < 0.05)
    spread, seen = _margins.row_spread(X), []

    def checked(s, tol, X_, seq, pos, ys, w, b):
        seen.append(tol >= _margins.band(spread, w, b))
        return _margins.first_mistake(s, tol, X_, seq, pos, ys, w, b)

    monkeypatch.setattr(perceptron_module, "first_mistake", checked)
    fit_quiet(Perceptron(order=order, max_iter=5, random_state=seed), X, y)
    assert seen and all(seen)


def test_a_block_whose_only_near_zero_score_is_positive_has_no_mistake():
    # the product says 1e-20, within the band: summed from the left the margin is
    # 0.1 * 1 + 0.2 * 1 - 0.3 = 5.6e-17 > 0, so no visit of the block is a mistake
    X, ys = np.array([[1.0, 1.0], [0.1, 0.2]]), np.ones(2)
    w = np.array([1.0, 1.0])
    assert _margins.sequential_score(X[1], w, -0.3) > 0
    assert (
        _margins.first_mistake(np.array([2.0, 1e-20]), 1e-9, X, None, 0, ys, w, -0.3)
        == -1
    )
    # the same visit through a visiting order
    seq = np.array([1, 0])
    s = np.array([1e-20, 2.0])
    assert _margins.first_mistake(s, 1e-9, X, seq, 0, ys, w, -0.3) == -1


def test_no_rows_spread_nothing():
    assert _margins.row_spread(np.zeros((0, 3))) == 0.0
    assert _margins.row_spread(np.array([[-2.5]])) == 2.5


@pytest.mark.parametrize("seed", [100013])
def test_rivals_tied_within_rounding_are_ordered_as_the_textbook_loop(seed):
    # five classes in the plane, in tenths: two rival classes often score the
    # same in exact arithmetic, and the lowest index must win as in the loop
    rng = np.random.default_rng(seed)
    n, d, K = 240, int(rng.integers(2, 7)), int(rng.integers(3, 6))
    X, y = rng.integers(-9, 10, size=(n, d)) / 10.0, np.arange(n) % K
    assert (d, K) == (2, 5)
    est = fit_quiet(MulticlassPerceptron(max_iter=3), X, y)
    W, b = _textbook_machine(X, y, 3, K)
    np.testing.assert_array_equal(est.coef_, W)
    np.testing.assert_array_equal(est.intercept_, b)


def test_the_pocket_scan_sums_again_the_point_it_visits():
    # visit 0 is point 1, whose margin is exactly 0 (a mistake); point 0's margin
    # sums to +5.6e-17 (not one): the exact check must read the visited point
    X, ys = np.array([[0.1, 0.2], [0.3, 0.0]]), np.ones(2)
    wa = np.array([1.0, 1.0, -0.3])
    i, _ = pocket_module.next_mistake(X, ys, wa, 0, 2, 8.0, seq=np.array([1, 0]))
    assert i == 0
    i, _ = pocket_module.next_mistake(X, ys, wa, 0, 2, 8.0)  # in order: point 1 next
    assert i == 1
