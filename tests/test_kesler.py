"""Tests of Kesler's construction and the maximum-margin linear machine."""

import numpy as np
import pytest

from linclass import geometry
from linclass.multiclass import MulticlassPerceptron


def clusters(seed, n=60, k=3, spread=0.5):
    rng = np.random.default_rng(seed)
    angles = 2 * np.pi * np.arange(k) / k
    centres = 3 * np.column_stack([np.cos(angles), np.sin(angles)]) + [1.0, -2.0]
    y = np.arange(n) % k
    return centres[y] + spread * rng.standard_normal((n, 2)), y


@pytest.mark.parametrize("fit_intercept", [True, False])
def test_kesler_vector_products_are_discriminant_gaps(fit_intercept):
    X, y = clusters(0, n=12, k=4)
    rng = np.random.default_rng(1)
    W, b = rng.normal(size=(4, 2)), rng.normal(size=4) if fit_intercept else np.zeros(4)
    Xi = geometry.kesler_vectors(X, y, 4, fit_intercept=fit_intercept)
    assert Xi.shape == (12 * 3, 4 * (2 + int(fit_intercept)))
    omega = np.hstack([W, b[:, None]]) if fit_intercept else W
    g = X @ W.T + b
    gaps = [g[i, y[i]] - g[i, c] for i in range(12) for c in range(4) if c != y[i]]
    np.testing.assert_allclose(Xi @ omega.ravel(), gaps)


def test_kesler_vectors_row_order_and_empty_class():
    Xi = geometry.kesler_vectors([[1.0], [3.0]], [2, 0], 4)
    expected = [
        [-1, -1, 0, 0, 1, 1, 0, 0],  # point 0 (class 2) against class 0
        [0, 0, -1, -1, 1, 1, 0, 0],  # ... against class 1, which has no points
        [0, 0, 0, 0, 1, 1, -1, -1],  # ... against class 3
        [3, 1, -3, -1, 0, 0, 0, 0],  # point 1 (class 0) against class 1
        [3, 1, 0, 0, -3, -1, 0, 0],
        [3, 1, 0, 0, 0, 0, -3, -1],
    ]
    np.testing.assert_array_equal(Xi, expected)


_INDICES = "y must hold integer class indices 0 .. n_classes - 1"


@pytest.mark.parametrize(
    ("args", "error", "message"),
    [
        (([[0.0]], [0], 1), ValueError, "n_classes must be at least 2; got 1"),
        (([[0.0]], [0], 2.0), TypeError, "n_classes must be an integer; got 2.0"),
        (([[0.0]], [0], True), TypeError, "n_classes must be an integer; got True"),
        (([[0.0]], [2], 2), ValueError, "class indices must lie in 0 .. 1; got [2]"),
        (([[0.0]], [-1], 3), ValueError, "class indices must lie in 0 .. 2; got [-1]"),
        (([[0.0]], [0.5], 2), ValueError, _INDICES),
        (([[0.0]], ["a"], 2), ValueError, _INDICES),
    ],
)
def test_kesler_vectors_rejects_bad_input(args, error, message):
    # the whole sentence: it names the parameter, the rule and the value given
    with pytest.raises(error) as exc:
        geometry.kesler_vectors(*args)
    assert str(exc.value) == message


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_max_margin_machine_is_feasible_unit_and_tight(seed):
    X, y = clusters(seed, k=4)
    W, b, gamma = geometry.max_margin_machine(X, y)
    assert np.isclose(np.sum(W**2) + np.sum(b**2), 1.0)
    g = X @ W.T + b
    gaps = np.array([g[i, y[i]] - np.delete(g[i], y[i]).max() for i in range(len(y))])
    assert gamma > 0 and np.isclose(gaps.min(), gamma)
    # No nearby unit machine does better: a local optimum of a convex problem.
    rng = np.random.default_rng(seed)
    omega = np.hstack([W, b[:, None]]).ravel()
    Xi = geometry.kesler_vectors(X, y, 4)
    for _ in range(200):
        other = omega + 0.05 * rng.normal(size=omega.size)
        assert np.min(Xi @ other) / np.linalg.norm(other) <= gamma + 1e-9


def test_max_margin_machine_for_two_classes_is_the_augmented_binary_one():
    X, y = clusters(3, k=2)
    W, b, gamma = geometry.max_margin_machine(X, y)
    v, _, gamma_bin = geometry.max_margin(
        geometry.add_bias(X), np.where(y == 1, 1, -1), fit_intercept=False
    )
    diff = np.r_[W[1] - W[0], b[1] - b[0]]
    np.testing.assert_allclose(diff / np.linalg.norm(diff), v, atol=1e-6)
    assert np.isclose(gamma, np.sqrt(2) * gamma_bin, rtol=1e-6)


@pytest.mark.parametrize("seed", range(4))
def test_multiclass_perceptron_obeys_the_kesler_bound(seed):
    X, y = clusters(seed, k=3, spread=0.8)
    _, _, gamma = geometry.max_margin_machine(X, y)
    R = np.sqrt(2) * geometry.radius(geometry.add_bias(X))
    for order_seed in range(3):
        clf = MulticlassPerceptron(order="random", random_state=order_seed).fit(X, y)
        assert clf.converged_
        assert clf.n_mistakes_ <= geometry.novikoff_bound(R, gamma)


def test_max_margin_machine_string_labels_and_refusal():
    X = np.array([[0.0, 0.0], [1.0, 0.0], [2.0, 0.0], [3.0, 0.0]])
    W, b, _ = geometry.max_margin_machine(X, ["a", "b", "c", "d"])
    assert (X @ W.T + b).argmax(axis=1).tolist() == [0, 1, 2, 3]
    with pytest.raises(ValueError) as exc:
        geometry.max_margin_machine(X, ["a", "b", "a", "b"])
    assert str(exc.value) == (
        "no linear machine classifies every training point correctly, so there "
        "is no maximum margin"
    )


@pytest.mark.parametrize("fn", [geometry.kesler_vectors, geometry.max_margin_machine])
def test_fit_intercept_must_be_a_bool_and_the_error_names_it(fn):
    args = ([[0.0], [1.0]], [0, 1]) + ((2,) if fn is geometry.kesler_vectors else ())
    with pytest.raises(TypeError) as exc:
        fn(*args, fit_intercept=1)
    assert str(exc.value) == "fit_intercept must be True or False; got 1"


def test_max_margin_machine_through_the_origin():
    # Three clusters at different angles from the origin: a machine without
    # biases separates them, and it is the widest such machine of unit length.
    X, y = clusters(4, n=30, k=3, spread=0.3)
    W, b, gamma = geometry.max_margin_machine(X, y, fit_intercept=False)
    np.testing.assert_array_equal(b, np.zeros(3))
    assert np.isclose(np.sum(W**2), 1.0)
    g = X @ W.T
    gaps = np.array([g[i, y[i]] - np.delete(g[i], y[i]).max() for i in range(len(y))])
    assert gamma > 0 and np.isclose(gaps.min(), gamma)
    # the same problem as the separator through the origin of the Kesler vectors
    Xi = geometry.kesler_vectors(X, y, 3, fit_intercept=False)
    _, _, gamma_xi = geometry.max_margin(Xi, np.ones(len(Xi)), fit_intercept=False)
    assert np.isclose(gamma, gamma_xi)
    # with biases the margin can only grow
    assert geometry.max_margin_machine(X, y)[2] >= gamma - 1e-9
