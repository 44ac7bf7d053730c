"""Tests for linclass.features: each map makes its example linearly separable."""

import numpy as np
import pytest
from sklearn.linear_model import Perceptron as SkPerceptron
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import FunctionTransformer

from linclass import data, features, geometry

CIRCLE_W = np.array([-1.0, 0.0, 0.0, 1.0, 1.0, 0.0])


def test_quadratic_features_columns():
    phi = features.quadratic_features([[2.0, -3.0], [0.5, 4.0]])
    np.testing.assert_array_equal(phi, [[1, 2, -3, 4, 9, -6], [1, 0.5, 4, 0.25, 16, 2]])


def test_circle_weights_give_the_unit_circle():
    theta = np.linspace(0, 2 * np.pi, 50)
    on = np.column_stack([np.cos(theta), np.sin(theta)])
    np.testing.assert_allclose(
        features.quadratic_features(on) @ CIRCLE_W, 0, atol=1e-12
    )
    # Inside the circle the score is negative, outside positive: it is r^2 - 1.
    for r in (0.0, 0.3, 0.99, 1.01, 2.5):
        assert np.all(np.sign(features.quadratic_features(r * on) @ CIRCLE_W)
                      == np.sign(r**2 - 1))  # fmt: skip


def test_circle_data_separated_by_quadratic_map_only():
    X, y = data.make_circle(n=200, random_state=0)
    assert not geometry.is_separable(X, y)
    Phi = features.quadratic_features(X)
    assert np.all(np.sign(Phi @ CIRCLE_W) == -y)  # +1 inside, score < 0 inside


@pytest.mark.parametrize("d", [1, 2, 5])
def test_ball_features_weights_give_squared_distance(d):
    rng = np.random.default_rng(d)
    mu, X = rng.normal(size=d), rng.normal(size=(30, d))
    phi = features.ball_features(X)
    assert phi.shape == (30, d + 2)
    w = np.r_[-2 * mu, 1.0, mu @ mu]
    np.testing.assert_allclose(phi @ w, ((X - mu) ** 2).sum(axis=1))


def test_ball_features_threshold_at_r_squared_classifies_ball_data():
    mu, r = np.array([1.0, -2.0, 0.5]), 1.5
    X, y = data.make_ball(n=300, d=3, center=mu, radius=r, random_state=2)
    w = np.r_[-2 * mu, 1.0, mu @ mu]
    pred = np.where(features.ball_features(X) @ w < r**2, 1, -1)
    np.testing.assert_array_equal(pred, y)


def test_xor_becomes_separable_with_the_product():
    X, y = data.make_xor(n=200, noise=0.2, random_state=3)
    assert not geometry.is_separable(X, y)
    Phi = features.xor_features(X)
    np.testing.assert_array_equal(Phi[:, 2], X[:, 0] * X[:, 1])
    assert geometry.is_separable(Phi, y)
    # An explicit separator: -x1 x2 > 0 exactly for the positive (XOR-true) points.
    assert geometry.margin(Phi, y, [0.0, 0.0, -1.0], 0.0) > 0
    # And a perceptron finds one by itself, through a scikit-learn pipeline.
    model = make_pipeline(
        FunctionTransformer(features.xor_features),
        SkPerceptron(max_iter=1000, tol=None, random_state=0),
    )
    assert model.fit(X, y).score(X, y) == 1.0


@pytest.mark.parametrize("fn", [features.quadratic_features, features.xor_features])
def test_planar_maps_reject_other_dimensions(fn):
    # The learner reads which map refused the data and why, in full.
    with pytest.raises(ValueError) as exc:
        fn(np.zeros((4, 3)))
    assert str(exc.value) == (
        f"{fn.__name__} needs points in the plane (2 features x1, x2); "
        "got X with 3 features"
    )
    with pytest.raises(ValueError, match="2-D array"):
        fn([1.0, 2.0])


def test_ball_features_rejects_nan():
    with pytest.raises(ValueError, match="NaN"):
        features.ball_features([[np.nan, 1.0]])
