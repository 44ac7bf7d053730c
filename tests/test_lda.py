"""Tests of linclass.lda: Fisher's two-class linear discriminant."""

import itertools

import numpy as np
import pytest
from exact_errors import raises_exactly
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

from linclass.lda import FisherLDA


def gaussians(seed, n=200, d=3, shift=0.0):
    """Two correlated Gaussian classes with different means."""
    rng = np.random.default_rng(seed)
    L = rng.standard_normal((d, d)) + 2 * np.eye(d)
    y = rng.integers(0, 2, n)
    y[:2] = [0, 1]
    X = rng.standard_normal((n, d)) @ L.T + np.outer(y, rng.standard_normal(d))
    return X + shift, y


def cosine(a, b):
    return a @ b / (np.linalg.norm(a) * np.linalg.norm(b))


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.parametrize("labels", [(0, 1), ("cat", "dog"), (7, 3)])
def test_parallel_to_sklearn_lda(seed, labels):
    X, y01 = gaussians(seed, d=2 + seed)
    y = np.where(y01 == 1, labels[1], labels[0])
    ours = FisherLDA().fit(X, y)
    ref = LinearDiscriminantAnalysis().fit(X, y)
    # same positive class, so the same orientation, not only the same line
    assert cosine(ours.coef_[0], ref.coef_[0]) > 1 - 1e-9
    np.testing.assert_array_equal(ours.classes_, ref.classes_)


def test_means_and_scatters_follow_definitions():
    X, y = gaussians(3, n=50)
    lda = FisherLDA().fit(X, y)
    mu = [X[y == c].mean(axis=0) for c in (0, 1)]
    S_W = sum(np.outer(x - mu[c], x - mu[c]) for x, c in zip(X, y, strict=True))
    np.testing.assert_allclose(lda.means_, mu, rtol=1e-12)
    np.testing.assert_allclose(lda.scatter_within_, S_W, rtol=1e-10)
    np.testing.assert_allclose(
        lda.scatter_between_, np.outer(mu[1] - mu[0], mu[1] - mu[0]), rtol=1e-12
    )
    np.testing.assert_allclose(
        lda.coef_[0], np.linalg.solve(S_W, mu[1] - mu[0]), rtol=1e-9
    )
    # threshold at the midpoint of the projected means
    assert abs(lda.decision_function([(mu[0] + mu[1]) / 2])[0]) < 1e-9
    assert lda.decision_function([mu[1]])[0] > 0 > lda.decision_function([mu[0]])[0]


def test_coef_maximises_criterion():
    X, y = gaussians(4, n=300, d=4)
    lda = FisherLDA().fit(X, y)
    best = lda.criterion(lda.coef_[0])
    others = np.random.default_rng(0).standard_normal((500, 4))
    J = lda.criterion(others)
    assert J.shape == (500,) and np.all(J <= best * (1 + 1e-12))
    diff = lda.means_[1] - lda.means_[0]
    expected = diff @ np.linalg.solve(lda.scatter_within_, diff)
    assert best == pytest.approx(expected, rel=1e-10)
    assert lda.criterion(-3.0 * lda.coef_[0]) == pytest.approx(best, rel=1e-12)


def test_fisher_beats_mean_difference_on_elongated_classes():
    rng = np.random.default_rng(5)
    Z = rng.standard_normal((400, 2)) * [3.0, 0.3]
    y = np.repeat([0, 1], 200)
    c, s = np.cos(0.6), np.sin(0.6)
    long_axis, short_axis = np.array([c, s]), np.array([-s, c])
    # the means differ mostly along the long axis, where the classes overlap;
    # along the short axis they are 1.5 / 0.3 = 5 standard deviations apart
    X = Z @ np.array([long_axis, short_axis]) + np.outer(
        y, 2 * long_axis + 1.5 * short_axis
    )
    lda = FisherLDA().fit(X, y)
    mean_dir = lda.means_[1] - lda.means_[0]
    assert lda.criterion(lda.coef_[0]) > 3 * lda.criterion(mean_dir)
    assert lda.score(X, y) > 0.97


def test_numeric_threshold():
    X, y = gaussians(6)
    lda = FisherLDA(threshold=0.7).fit(X, y)
    scores = X @ lda.coef_[0]
    np.testing.assert_array_equal(lda.predict(X) == 1, scores > 0.7)
    assert lda.intercept_[0] == -0.7


def test_singular_scatter_needs_reg():
    X = np.array([[0.0, 1.0], [1.0, 1.0], [2.0, 1.0], [3.0, 1.0]])  # x2 constant
    y = [0, 0, 1, 1]
    with pytest.raises(ValueError, match=r"singular.*use reg > 0"):
        FisherLDA().fit(X, y)
    lda = FisherLDA(reg=1e-3).fit(X, y)
    assert np.all(np.isfinite(lda.coef_)) and np.isfinite(lda.intercept_[0])
    assert lda.coef_[0, 0] > 0 and lda.coef_[0, 1] == 0.0
    assert lda.criterion([0.0, 1.0]) == 0.0
    # a duplicated feature: the message names collinear features
    X_dup = np.array([[0.0, 1.0], [1.0, 3.0], [2.0, 2.0], [3.0, 5.0]])
    X_dup = np.column_stack([X_dup, X_dup[:, 0]])
    with pytest.raises(ValueError, match=r"singular.*collinear features.*use reg > 0"):
        FisherLDA().fit(X_dup, y)
    # more features than points
    Xw = np.random.default_rng(0).standard_normal((5, 8))
    with pytest.raises(ValueError, match="singular"):
        FisherLDA().fit(Xw, [0, 1, 0, 1, 0])
    assert np.all(np.isfinite(FisherLDA(reg=0.1).fit(Xw, [0, 1, 0, 1, 0]).coef_))


def test_criterion_inf_where_only_within_scatter_vanishes():
    X = np.array([[0.0, 0.0], [1.0, 0.0], [2.0, 1.0], [3.0, 1.0]])
    lda = FisherLDA(reg=0.5).fit(X, [0, 0, 1, 1])
    w = np.array([0.0, 1.0])
    assert w @ lda.scatter_within_ @ w == 0.0
    assert lda.criterion(w) == np.inf


@pytest.mark.parametrize(
    ("params", "error", "match"),
    [
        ({"reg": -1.0}, ValueError, "reg must be a finite number >= 0; got -1.0"),
        ({"reg": np.inf}, ValueError, "reg must be a finite number >= 0; got inf"),
        ({"reg": "big"}, TypeError, "reg must be a real number; got str"),
        (
            {"threshold": "median"},
            ValueError,
            "threshold must be 'midpoint' or a number; got 'median'",
        ),
        ({"threshold": np.nan}, ValueError, "threshold must be finite; got nan"),
        (
            {"threshold": None},
            TypeError,
            "threshold must be 'midpoint' or a number; got NoneType",
        ),
        (
            {"threshold": [0.5]},
            TypeError,
            "threshold must be 'midpoint' or a number; got list",
        ),
    ],
)
def test_bad_hyper_parameters(params, error, match):
    X, y = gaussians(7)
    raises_exactly(lambda: FisherLDA(**params).fit(X, y), error, match)


def test_bad_inputs():
    X, y = gaussians(8)
    with pytest.raises(
        ValueError,
        match="more points than classes; got 3 points in 3 classes, which leaves "
        "no degrees of freedom to estimate S_W",
    ):
        FisherLDA().fit(X[:3], [0, 1, 2])
    with pytest.raises(ValueError, match="NaN or infinity"):
        FisherLDA().fit(np.where(X > 2, np.nan, X), y)
    lda = FisherLDA().fit(X, y)
    with pytest.raises(ValueError, match="w must be non-zero"):
        lda.criterion(np.zeros(3))
    with pytest.raises(ValueError, match="w must have 3 components"):
        lda.criterion([1.0, 2.0])
    with pytest.raises(ValueError, match="w contains NaN"):
        lda.criterion([1.0, np.nan, 0.0])


@st.composite
def affine_problem(draw):
    seed = draw(st.integers(0, 2**31 - 1))
    d = draw(st.integers(1, 4))
    X, y = gaussians(seed, n=60, d=d)
    rng = np.random.default_rng(seed + 1)
    A = np.eye(d) + 0.5 * rng.standard_normal((d, d))
    shift = draw(st.floats(-1e3, 1e3)) * rng.standard_normal(d)
    return X, y, A, shift


@settings(max_examples=40, deadline=None)
@given(affine_problem())
def test_direction_unchanged_by_shift(problem):
    X, y, _, shift = problem
    w = FisherLDA().fit(X, y).coef_[0]
    w_shifted = FisherLDA().fit(X + shift, y).coef_[0]
    np.testing.assert_allclose(w_shifted, w, rtol=1e-6, atol=1e-9 * np.abs(w).max())


@settings(max_examples=40, deadline=None)
@given(affine_problem())
def test_direction_transforms_by_inverse_transpose(problem):
    X, y, A, _ = problem
    assume(np.linalg.cond(A) <= 1e3)
    w = FisherLDA().fit(X, y).coef_[0]
    w_mapped = FisherLDA().fit(X @ A.T, y).coef_[0]  # x' = A x
    expected = np.linalg.solve(A.T, w)
    assert cosine(w_mapped, expected) > 1 - 1e-9


# ---- K classes -------------------------------------------------------------------


def principal_angles(A, B):
    """Principal angles (radians) between the column spaces of A and B."""
    qa, _ = np.linalg.qr(A)
    qb, _ = np.linalg.qr(B)
    cosines = np.clip(np.linalg.svd(qa.T @ qb, compute_uv=False), -1.0, 1.0)
    return np.arccos(cosines)


def iris_and_digits():
    from sklearn.datasets import load_digits, load_iris

    X_iris, y_iris = load_iris(return_X_y=True)
    X_dig, y_dig = load_digits(return_X_y=True)
    # digits: 3 pixels are 0 in every image, so S_W is singular there; drop them
    X_dig = X_dig[:, X_dig.std(axis=0) > 0]
    return {"iris": (X_iris, y_iris), "digits": (X_dig, y_dig)}


@pytest.mark.parametrize("name", ["iris", "digits"])
def test_k_class_matches_sklearn(name):
    X, y = iris_and_digits()[name]
    ours = FisherLDA().fit(X, y)
    ref = LinearDiscriminantAnalysis(solver="eigen").fit(X, y)
    K = len(np.unique(y))
    assert ours.transform(X).shape == (len(X), K - 1)
    assert ours.scalings_.shape == (X.shape[1], K - 1)
    angles = principal_angles(ours.scalings_, ref.scalings_[:, : K - 1])
    assert angles.max() < 1e-6, angles
    # and the nested subspaces agree direction by direction (eigenvalues distinct)
    for k in range(1, K):
        angles_k = principal_angles(ours.scalings_[:, :k], ref.scalings_[:, :k])
        assert angles_k.max() < 1e-6
    np.testing.assert_array_equal(ours.predict(X), ref.predict(X))
    svd = LinearDiscriminantAnalysis(solver="svd").fit(X, y)
    np.testing.assert_array_equal(ours.predict(X), svd.predict(X))
    assert principal_angles(ours.scalings_, svd.scalings_[:, : K - 1]).max() < 1e-6


def test_k_class_follows_definitions():
    X, y = iris_and_digits()["iris"]
    lda = FisherLDA().fit(X, y)
    n, K = len(y), 3
    mu = np.array([X[y == c].mean(axis=0) for c in range(K)])
    n_c = np.bincount(y)
    m = X.mean(axis=0)
    S_W = sum((X[y == c] - mu[c]).T @ (X[y == c] - mu[c]) for c in range(K))
    S_B = sum(n_c[c] * np.outer(mu[c] - m, mu[c] - m) for c in range(K))
    np.testing.assert_allclose(lda.means_, mu, rtol=1e-12)
    np.testing.assert_allclose(lda.scatter_within_, S_W, rtol=1e-10)
    np.testing.assert_allclose(lda.scatter_between_, S_B, rtol=1e-10)
    W = lda.scalings_
    # generalised eigenvectors, eigenvalues = Fisher's criterion, in decreasing order
    np.testing.assert_allclose(S_B @ W, S_W @ W * lda.eigenvalues_, atol=1e-8)
    np.testing.assert_allclose(lda.criterion(W.T), lda.eigenvalues_, rtol=1e-9)
    assert np.all(np.diff(lda.eigenvalues_) < 0)
    # unit pooled within-class variance, uncorrelated projections
    np.testing.assert_allclose(W.T @ S_W @ W / (n - K), np.eye(K - 1), atol=1e-10)
    np.testing.assert_allclose(lda.transform(X), (X - m) @ W, rtol=1e-12)
    # the Gaussian linear machine
    S_inv = np.linalg.inv(S_W / (n - K))
    g = X @ S_inv @ mu.T - 0.5 * np.einsum("cj,jk,ck->c", mu, S_inv, mu)
    g += np.log(n_c / n)
    np.testing.assert_allclose(lda.decision_function(X), g, rtol=1e-8, atol=1e-8)
    np.testing.assert_array_equal(lda.predict(X), g.argmax(axis=1))
    np.testing.assert_allclose(lda.priors_, n_c / n)


def test_k_class_scatter_exact_far_from_origin_and_classes_far_apart():
    # Each class is one pattern with zero column means, shifted far away (all
    # exactly representable), so S_W is exactly K * Z'Z. Forming X'X and
    # subtracting sum_c n_c mu_c mu_c' would lose every digit here.
    Z = np.array([[1.0, -2.0], [-3.0, 1.0], [3.0, 2.0], [-1.0, -1.0]]) / 8
    K = 5
    X = np.vstack([Z + 1e8 + 1e5 * c * np.array([1.0, -2.0]) for c in range(K)])
    y = np.repeat(np.arange(K), len(Z))
    lda = FisherLDA().fit(X, y)
    np.testing.assert_allclose(lda.scatter_within_, K * Z.T @ Z, rtol=1e-13)
    np.testing.assert_allclose(lda.xbar_, X.mean(axis=0), rtol=1e-15)


def test_k_class_directions_maximise_criterion():
    X, y = iris_and_digits()["iris"]
    lda = FisherLDA().fit(X, y)
    others = np.random.default_rng(1).standard_normal((2000, 4))
    assert np.all(lda.criterion(others) <= lda.eigenvalues_[0] * (1 + 1e-12))


def test_binary_transform_is_scaled_fisher_direction():
    X, y = gaussians(9)
    lda = FisherLDA().fit(X, y)
    Z = lda.transform(X)
    assert Z.shape == (len(X), 1)
    assert cosine(lda.scalings_[:, 0], lda.coef_[0]) > 1 - 1e-12
    pooled = sum(Z[y == c].var() * np.sum(y == c) for c in (0, 1)) / (len(X) - 2)
    assert pooled == pytest.approx(1.0, rel=1e-10)
    assert lda.eigenvalues_[0] == pytest.approx(lda.criterion(lda.coef_[0]))


def test_k_class_labels_and_fewer_features_than_directions():
    rng = np.random.default_rng(2)
    y = np.repeat(["a", "b", "c", "d"], 10)
    X = rng.standard_normal((40, 2)) + np.repeat(np.eye(4, 2) * 5, 10, axis=0)
    lda = FisherLDA().fit(X, y)
    assert lda.transform(X).shape == (40, 2)  # min(K - 1, d) directions
    assert set(lda.predict(X)) <= set("abcd")
    assert lda.decision_function(X).shape == (40, 4)


def test_k_class_bad_inputs():
    X = np.random.default_rng(3).standard_normal((3, 2))
    with pytest.raises(ValueError, match="more points than classes; got 3 points in 3"):
        FisherLDA().fit(X, [0, 1, 2])
    Xw = np.random.default_rng(4).standard_normal((6, 8))
    with pytest.raises(ValueError, match=r"singular.*use reg > 0"):
        FisherLDA().fit(Xw, [0, 1, 2, 0, 1, 2])
    lda = FisherLDA(reg=0.1).fit(Xw, [0, 1, 2, 0, 1, 2])
    assert np.all(np.isfinite(lda.transform(Xw)))
    raises_exactly(
        lambda: FisherLDA(threshold=0.5).fit(np.r_[Xw, Xw], [0, 1, 2] * 4),
        ValueError,
        "a numeric threshold needs exactly two classes; got 3: leave "
        "threshold='midpoint' for K > 2 classes",
    )


def test_binary_equal_means_still_fits():
    # w = 0 (equal class means) is a valid, if useless, binary fit, as before
    lda = FisherLDA().fit([[0.0], [5.0], [10.0]], [0, 1, 0])
    assert lda.coef_[0, 0] == 0.0 and lda.eigenvalues_[0] == 0.0
    # w = 0 cannot be scaled to unit variance: it stays 0 (not 0 / 0 = nan)
    assert lda.scalings_.tolist() == [[0.0]]
    assert lda.transform([[1.0]]).tolist() == [[0.0]]


def test_binary_scalings_give_unit_pooled_variance_with_n_minus_2():
    # Five points, two classes: the pooled within-class variance of the projection
    # divides the scatter by n - 2 = 3 (as for K classes, n - K), not by n or n - 1.
    X = np.array([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0], [4.0, 1.0], [5.0, 3.0]])
    y = np.array([0, 0, 0, 1, 1])
    lda = FisherLDA().fit(X, y)
    z = lda.transform(X)[:, 0]
    scatter = sum(((z[y == c] - z[y == c].mean()) ** 2).sum() for c in (0, 1))
    assert scatter / 3 == pytest.approx(1.0, rel=1e-12)


def test_binary_scalings_with_three_points_divide_by_n_minus_2_equal_1():
    # n - 2 = 1: the scatter itself is the pooled variance. Class 0 is 0 and 2
    # (scatter 2), class 1 is 5: w = (5 - 1) / 2 = 2 and w' S_W w = 8, so the
    # scaling is 2 / sqrt(8) = 1 / sqrt(2), and the projected scatter is 1.
    lda = FisherLDA().fit([[0.0], [2.0], [5.0]], [0, 0, 1])
    # To rounding: numpy releases solve it a last bit apart (1.9999999999999996 at
    # the oldest declared numpy); n - 1 or n in place of n - 2 is a factor off.
    assert lda.coef_[0, 0] == pytest.approx(2.0, rel=1e-12)
    assert lda.scalings_[0, 0] == pytest.approx(1 / np.sqrt(2), rel=1e-12)


def test_a_failed_fit_leaves_the_estimator_unfitted():
    # the singular fit stops after reading the data: criterion and transform then
    # say "not fitted", not a missing attribute
    from sklearn.exceptions import NotFittedError

    X = np.array([[0.0, 1.0], [1.0, 1.0], [2.0, 1.0], [3.0, 1.0]])  # x2 constant
    lda = FisherLDA()
    with pytest.raises(ValueError):
        lda.fit(X, [0, 0, 1, 1])
    with pytest.raises(NotFittedError):
        lda.criterion([1.0, 0.0])
    with pytest.raises(NotFittedError):
        lda.transform(X)


def test_criterion_does_not_depend_on_the_size_of_w():
    # J(c w) = J(w) for every c != 0, also where w'S w would overflow (1e200) or
    # underflow (1e-200) in floating point: it gave nan and 0 before
    X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 1.0], [3.0, 0.0]])
    lda = FisherLDA().fit(X, [0, 0, 1, 1])
    w = np.array([1.0, 0.5])  # w'S_B w = 4, w'S_W w = 1.25
    assert lda.criterion(w) == pytest.approx(3.2, rel=1e-15)
    for c in (1e200, 1e-200, -3.0):
        assert lda.criterion(c * w) == pytest.approx(3.2, rel=1e-15)
    # each row on its own: directions of very different lengths in one call
    J = lda.criterion(np.array([1e200 * w, 1e-200 * w]))
    np.testing.assert_allclose(J, [3.2, 3.2], rtol=1e-15)
    # nor on the unit of the data: a tenth of it has scatters 100 times smaller
    # (here w'S_W w = 0.0125, below 1)
    small = FisherLDA().fit(X / 10, [0, 0, 1, 1])
    assert small.criterion(w) == pytest.approx(3.2, rel=1e-14)


def test_data_in_units_near_the_float_limit_give_the_same_fisher_machine():
    # S_W = 0.8e308 I, perfectly conditioned: the singularity bound (largest
    # eigenvalue x d x 1e-13) overflowed to inf and called it singular, and then
    # w'S_W w overflowed and J came out nan, with no warning
    cube = np.array(list(itertools.product([0.0, 1.0], repeat=3)))
    X = np.vstack([cube, cube + [2.0, 1.0, 1.0]])
    y = [0] * 8 + [1] * 8
    ref = FisherLDA().fit(X, y)
    s = np.sqrt(0.8e308 / 4.0)  # each class's cube has scatter 2 I: S_W = 4 s^2 I
    big = FisherLDA().fit(s * X, y)
    assert np.diag(big.scatter_within_) == pytest.approx([0.8e308] * 3, rel=1e-15)
    np.testing.assert_array_equal(big.predict(s * X), ref.predict(X))
    np.testing.assert_allclose(big.transform(s * X), ref.transform(X), rtol=1e-12)
    W = np.array([[1.0, 1.0, 1.0], [1.0, 0.0, 0.0]])
    np.testing.assert_allclose(big.criterion(W), ref.criterion(W), rtol=1e-14)
    assert np.isfinite(ref.criterion(W)).all()


@pytest.mark.parametrize("y", [[0] * 8 + [1] * 8, [0] * 8 + [1] * 4 + [2] * 4])
def test_a_scatter_that_overflows_is_named_with_the_way_out(y):
    # ten times the units of the test above: S_W's entries overflow to inf, and
    # the eigensolver failed with "Eigenvalues did not converge"
    cube = np.array(list(itertools.product([0.0, 1.0], repeat=3)))
    X = 1e155 * np.vstack([cube, cube + [2.0, 1.0, 1.0]])
    raises_exactly(
        lambda: FisherLDA().fit(X, y),
        ValueError,
        "the within-class scatter matrix S_W overflows float64 (an entry is inf): "
        "the points are too far from their class means, about 1e154 or more; "
        "rescale X, e.g. divide it by its largest absolute value",
    )


def test_criterion_rejects_a_zero_row_among_others():
    X = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, 1.0], [3.0, 0.0]])
    lda = FisherLDA().fit(X, [0, 0, 1, 1])
    raises_exactly(
        lambda: lda.criterion([[1.0, 0.0], [0.0, 0.0]]),
        ValueError,
        "w must be non-zero: J(0) is undefined",
    )


def test_two_or_more_classes_are_tagged_multi_class():
    assert FisherLDA().__sklearn_tags__().classifier_tags.multi_class is True


def test_n_iter_is_one_closed_form_for_two_and_more_classes():
    X, y = gaussians(11)
    assert FisherLDA().fit(X, y).n_iter_ == 1
    X3 = np.vstack([X, X[:5] + 4.0])
    y3 = np.concatenate([y, np.full(5, 2)])
    assert FisherLDA().fit(X3, y3).n_iter_ == 1


def _three_classes_on_a_line(seed):
    """Three classes whose means lie exactly on the x1 axis: S_B has rank 1."""
    rng = np.random.default_rng(seed)
    y = np.repeat([0, 1, 2], 10)
    X = 0.5 * rng.normal(size=(30, 2)) + np.c_[2.0 * y, np.zeros(30)]
    for c in range(3):
        X[y == c, 1] -= X[y == c, 1].mean()
    return X, y


@pytest.mark.parametrize("seed", range(8))
def test_k_class_directions_have_their_largest_component_positive(seed):
    # The eigensolver may return either sign; the fit must not depend on it.
    X, y = _three_classes_on_a_line(seed)
    X = X @ np.random.default_rng(seed).normal(size=(2, 2))  # mix the features
    W = FisherLDA().fit(X, y).scalings_
    assert np.all(W[np.abs(W).argmax(axis=0), [0, 1]] > 0)


def test_collinear_class_means_give_a_second_criterion_of_zero_never_below():
    # Fisher's criterion is a ratio of scatters: never negative, even where the
    # eigensolver's rounding makes the second eigenvalue slightly so.
    for seed in range(20):
        values = FisherLDA().fit(*_three_classes_on_a_line(seed)).eigenvalues_
        assert values[0] > 1 and 0.0 <= values[1] < 1e-12


def test_k_class_fit_does_not_depend_on_the_unit_of_the_data():
    # Singularity is judged relative to the largest eigenvalue of S_W: data in
    # a tiny unit (1e-8) are as well posed as the same data in units of 1.
    X, y = _three_classes_on_a_line(0)
    X = X @ [[1.0, 0.3], [0.0, 1.0]]
    ref, tiny = FisherLDA().fit(X, y), FisherLDA().fit(1e-8 * X, y)
    np.testing.assert_allclose(1e-8 * tiny.scalings_, ref.scalings_, rtol=1e-9)
    np.testing.assert_array_equal(tiny.predict(1e-8 * X), ref.predict(X))


def test_singular_means_smallest_eigenvalue_at_most_d_times_1e13_below_largest():
    from linclass._lda_multi import check_invertible

    # d = 4: the bound is 4e-13 times the largest eigenvalue, inclusive
    for smallest in (3e-13, 4e-13, max(1.0, 1e-300) * 4 * 1e-13):
        with pytest.raises(ValueError, match="singular"):
            check_invertible(np.diag([smallest, 1.0, 1.0, 1.0]))
    assert check_invertible(np.diag([5e-13, 1.0, 1.0, 1.0])) is None
    # The whole message: the eigenvalue range, what it means, and the way out.
    with pytest.raises(ValueError) as exc:
        check_invertible(np.diag([0.0, 2.0, 5.0]))
    assert str(exc.value) == (
        "the within-class scatter matrix S_W + reg*I is singular (eigenvalues from "
        "0 to 5): the points, centred on their class means, do not span every "
        "direction, e.g. fewer points than features, collinear features (one a "
        "copy or linear combination of others) or a feature constant within each "
        "class; use reg > 0, e.g. FisherLDA(reg=1e-3)"
    )
