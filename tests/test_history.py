"""Tests of linclass.history: compact records that replay a run exactly."""

import warnings

import numpy as np
import pytest
from exact_errors import raises_exactly
from sklearn.exceptions import ConvergenceWarning

from linclass.history import History, MulticlassHistory, PocketHistory
from linclass.perceptron import Perceptron


def noisy_data(seed, n=80, d=3):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d))
    y = np.where(X @ np.arange(1, d + 1) + 1.5 * rng.standard_normal(n) > 0, 1, -1)
    return X, y


def replay(X, y, indices, eta=1.0):
    """Weights after every step of the textbook rule along a visiting sequence."""
    w, b = np.zeros(X.shape[1]), 0.0
    states = [(w.copy(), b)]
    for i in indices:
        if y[i] * (np.dot(w, X[i]) + b) <= 0:
            w = w + eta * y[i] * X[i]
            b = b + eta * y[i]
        states.append((w.copy(), b))
    return states


@pytest.mark.parametrize("order", ["cyclic", "random"])
def test_weights_at_equals_straightforward_replay(order):
    X, y = noisy_data(0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        est = Perceptron(order=order, max_iter=4, eta=0.5, random_state=3).fit(X, y)
    h = est.history_
    assert h.n_steps == 4 * len(y)
    states = replay(X, y, h.indices, eta=0.5)
    for t in range(h.n_steps + 1):
        w, b = h.weights_at(t)
        assert np.array_equal(w, states[t][0]) and b == states[t][1]
        if t:
            changed = not (
                np.array_equal(states[t][0], states[t - 1][0])
                and states[t][1] == states[t - 1][1]
            )
            assert h.is_mistake(t) == changed
    assert np.array_equal(h.weights_at(h.n_steps)[0], est.coef_[0])
    assert h.weights_at(h.n_steps)[1] == est.intercept_[0]


def test_indices_mistakes_and_updates():
    X, y = noisy_data(1, n=30)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        est = Perceptron(max_iter=3).fit(X, y)
    h = est.history_
    assert [h.index_at(t) for t in (1, 30, 31, 90)] == [0, 29, 0, 29]
    np.testing.assert_array_equal(h.indices, np.tile(np.arange(30), 3))
    assert h.mistakes_until(0) == 0
    assert h.mistakes_until(h.n_steps) == est.n_mistakes_ == len(h.mistake_steps)
    for t in h.mistake_steps:
        i = h.index_at(int(t))
        dw, db = h.update_at(int(t))
        assert np.array_equal(dw, y[i] * X[i]) and db == y[i]
        w1, b1 = h.weights_at(int(t))
        w0, b0 = h.weights_at(int(t) - 1)
        np.testing.assert_allclose(w1 - w0, dw, atol=1e-12)
    quiet = next(t for t in range(1, h.n_steps + 1) if not h.is_mistake(t))
    dw, db = h.update_at(quiet)
    assert not dw.any() and db == 0.0


@pytest.mark.parametrize("bad", [-1, 91, 10**9])
def test_steps_outside_range_raise(bad):
    X, y = noisy_data(2, n=30)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        h = Perceptron(max_iter=3).fit(X, y).history_
    with pytest.raises(IndexError, match=r"outside \[0, 90\]"):
        h.weights_at(bad)
    with pytest.raises(IndexError, match="outside"):
        h.index_at(0)  # step 0 is the initial state: no point visited
    with pytest.raises(TypeError, match="step t must be an integer"):
        h.weights_at(1.5)


def test_history_of_long_run_is_small_and_fast():
    # 10**6 steps, about 100 mistakes, d = 50: a dense record would need 400 MB.
    rng = np.random.default_rng(5)
    d, n_steps = 50, 10**6
    steps = np.sort(rng.choice(np.arange(1, n_steps + 1), 100, replace=False))
    h = History(n_steps, steps, rng.standard_normal((100, d + 1)), n_samples=10**4)
    h.weights_at(n_steps)  # builds the cumulative array
    assert h.nbytes < 10 * 2**20
    assert h.nbytes == h._updates.nbytes + h._cum.nbytes + h.mistake_steps.nbytes
    # O(d) queries: no array proportional to the number of steps exists.
    assert all(a is None or a.size < n_steps / 10 for a in h._arrays())
    t = int(steps[50])
    np.testing.assert_allclose(
        h.weights_at(t)[0], h._updates[:51, :-1].sum(axis=0), rtol=1e-12
    )


def test_random_order_history_stores_int32_indices():
    X, y = noisy_data(3, n=50)
    est = Perceptron(order="random", random_state=0, max_iter=1000)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        h = est.fit(X, y).history_
    assert h.indices.dtype == np.int32 and h.indices.shape == (h.n_steps,)


def test_pocket_history_curves():
    h = PocketHistory(
        n_steps=10,
        mistake_steps=[2, 5, 8],
        updates=[[1.0, 1.0], [2.0, 0.0], [-1.0, -1.0]],
        n_samples=4,
        pocket_steps=[4, 9],
        errors=[1.0, 0.5, 0.25, 0.5],
        indices=np.zeros(10, dtype=np.int32),
    )
    assert h.pocket_weights_at(3) == (np.array([0.0]), 0.0)
    assert h.pocket_weights_at(4)[0].tolist() == [1.0]
    assert h.pocket_weights_at(9)[0].tolist() == [2.0]
    assert [h.train_error_at(t) for t in (0, 2, 5, 8)] == [1.0, 0.5, 0.25, 0.5]
    assert [h.pocket_error_at(t) for t in (3, 4, 8, 9)] == [1.0, 0.5, 0.5, 0.5]
    steps, running, pocket = h.error_curve()
    assert steps.tolist() == [0, 2, 4, 5, 8, 9]
    assert running.tolist() == [1.0, 0.5, 0.5, 0.25, 0.5, 0.5]
    assert pocket.tolist() == [1.0, 1.0, 0.5, 0.5, 0.5, 0.5]


def test_multiclass_history_updates_two_classes():
    h = MulticlassHistory(
        n_steps=3,
        mistake_steps=[1, 3],
        updates=[[1.0, 2.0, 1.0], [0.5, 0.5, 1.0]],
        true_classes=[0, 1],
        predicted_classes=[2, 0],
        n_classes=3,
        n_samples=3,
    )
    W, b = h.weights_at(3)
    np.testing.assert_array_equal(W, [[0.5, 1.5], [0.5, 0.5], [-1.0, -2.0]])
    np.testing.assert_array_equal(b, [0.0, 1.0, -1.0])
    dW, db = h.update_at(3)
    np.testing.assert_array_equal(dW, [[-0.5, -0.5], [0.5, 0.5], [0.0, 0.0]])
    np.testing.assert_array_equal(db, [-1.0, 1.0, 0.0])  # the bias, after d = 2
    assert h.predicted_at(1) == 2 and h.predicted_at(2) == -1
    assert h.weights_at(2)[0].tolist() == [[1.0, 2.0], [0.0, 0.0], [-1.0, -2.0]]


def test_pocket_history_defaults_and_exact_types():
    # Pocket draws at random, so that is a PocketHistory's order unless told; a run
    # whose pocket never changed still has int64 pocket steps, as documented.
    h = PocketHistory(2, [1], [[1.0, 0.5]], 1, [], [1.0, 0.0], indices=[0, 0])
    assert h.order == "random"
    assert h.pocket_steps.dtype == np.int64 and h.pocket_steps.shape == (0,)
    assert h.pocket_weights_at(2) == (np.array([0.0]), 0.0)


def test_default_order_is_cyclic():
    h = History(4, [1, 3], [[1.0, 0.5, 1.0], [-2.0, 0.0, -1.0]], n_samples=2)
    m = MulticlassHistory(2, [1], [[1.0, 1.0]], [2], [0], 3, n_samples=2)
    assert h.order == m.order == "cyclic"
    assert [m.index_at(t) for t in (1, 2)] == [0, 1]


def test_multiclass_history_keeps_its_visiting_order():
    m = MulticlassHistory(
        3, [2], [[1.0, 1.0]], [1], [0], 2, n_samples=2, order="random",
        indices=[1, 1, 0],
    )  # fmt: skip
    assert m.order == "random"
    assert [m.index_at(t) for t in (1, 2, 3)] == [1, 1, 0]
    np.testing.assert_array_equal(m.indices, [1, 1, 0])
    batch = MulticlassHistory(2, [1], [[1.0, 1.0]], [1], [0], 2, 2, order="batch")
    assert batch.index_at(1) == -1


def test_no_update_after_the_last_mistake():
    h = History(4, [1, 3], [[1.0, 0.5, 1.0], [-2.0, 0.0, -1.0]], n_samples=2)
    dw, db = h.update_at(4)
    assert (dw.tolist(), db, h.is_mistake(4)) == ([0.0, 0.0], 0.0, False)
    m = MulticlassHistory(3, [1], [[1.0, 1.0]], [1], [0], 2, n_samples=2)
    dW, db = m.update_at(3)
    assert (dW.tolist(), db.tolist(), m.predicted_at(3)) == ([[0.0], [0.0]], [0, 0], -1)


def _one_mistake_each():
    return (
        History(4, [1, 3], [[1.0, 0.5, 1.0], [-2.0, 0.0, -1.0]], n_samples=2),
        MulticlassHistory(4, [1], [[1.0, 1.0]], [1], [0], 2, n_samples=2),
    )


@pytest.mark.parametrize(
    "ask",
    [
        lambda h, m: h.update_at(0),
        lambda h, m: h.is_mistake(0),
        lambda h, m: m.update_at(0),
        lambda h, m: m.predicted_at(0),
    ],
)
def test_step_0_made_no_update(ask):
    # step 0 is the initial state: no point was visited, so "the update of step 0"
    # is a wrong question, not a zero
    h, m = _one_mistake_each()
    raises_exactly(lambda: ask(h, m), IndexError, "step t=0 is outside [1, 4]")


def test_a_step_that_is_not_an_integer_is_named_by_its_type():
    h, m = _one_mistake_each()
    for bad, name in [(1.5, "float"), (True, "bool"), ("2", "str")]:
        message = f"step t must be an integer; got {name}"
        raises_exactly(lambda: h.weights_at(bad), TypeError, message)  # noqa: B023
        raises_exactly(lambda: m.update_at(bad), TypeError, message)  # noqa: B023


def test_error_curve_agrees_with_the_pocket_error_at_every_step():
    # the pocket may take the running weights at a mistake step (here step 2): it
    # then holds the weights after that mistake, whose error is 0
    h = PocketHistory(
        3, [1, 2], [[1.0, 1.0], [1.0, 0.0]], 1, pocket_steps=[2],
        errors=[1.0, 0.5, 0.0], indices=[0, 0, 0],
    )  # fmt: skip
    steps, running, pocket = h.error_curve()
    assert steps.tolist() == [0, 1, 2]
    assert pocket.tolist() == [h.pocket_error_at(int(t)) for t in steps]
    assert pocket.tolist() == [1.0, 1.0, 0.0]
    assert running.tolist() == [h.train_error_at(int(t)) for t in steps]


def test_histories_store_fixed_types_whatever_they_are_given():
    # Steps as int64, the visiting order as int32, updates and errors as float64,
    # classes as int32: nbytes, the figure the module exists to keep small, counts
    # exactly these (the cumulative sums once built, too).
    order = np.array([0, 1, 1, 0], dtype=np.int64)
    h = PocketHistory(
        4, np.array([1, 3], np.int32), np.array([[1, 1], [-1, 0]], np.float32), 2,
        pocket_steps=np.array([2], np.int32), errors=np.array([1, 0.5, 0], np.float32),
        indices=order,
    )  # fmt: skip
    assert h.mistake_steps.dtype == h.pocket_steps.dtype == np.int64
    assert h.indices.dtype == np.int32
    assert h.update_at(1)[0].dtype == np.float64
    # steps 2 * 8, order 4 * 4, updates 4 * 8, pocket steps 8, errors 3 * 8
    assert h.nbytes == 16 + 16 + 32 + 8 + 24
    m = MulticlassHistory(
        2, np.array([1], np.int32), np.array([[1, 1]], np.float32),
        np.array([1], np.int64), np.array([0], np.int64), 2, n_samples=2,
        order="random", indices=order[:2],
    )  # fmt: skip
    # step 8, order 2 * 4, update 2 * 8, classes 4 + 4
    assert m.nbytes == 8 + 8 + 16 + 4 + 4
    m.weights_at(2)  # the cumulative sums: 2 states x 2 classes x (d + 1) x 8
    assert m.nbytes == 40 + 64
