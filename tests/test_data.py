"""Tests for linclass.data: the guarantees each generator promises, and the loaders."""

import warnings

import numpy as np
import pytest
from exact_errors import raises_exactly
from hypothesis import example, given, settings
from hypothesis import strategies as st

from linclass import data, geometry

# --- make_separable ------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    n=st.integers(2, 60),
    d=st.integers(1, 6),
    radius=st.floats(0.01, 100.0),
    frac=st.floats(0.001, 0.99),
    far=st.floats(0.0, 1000.0),
    fit_intercept=st.booleans(),
)
# A centre so close to 0 that its squares underflow (Hypothesis found it): the
# direction of c once came out 1.0005 long and the guarantee broke.
@example(seed=0, n=8, d=2, radius=1.0, frac=0.875, far=3.35e-161, fit_intercept=False)
@example(seed=0, n=2, d=2, radius=1.0, frac=0.5, far=3.35e-161, fit_intercept=False)
def test_make_separable_guarantee_holds_exactly(
    seed, n, d, radius, frac, far, fit_intercept
):
    center = np.full(d, far / np.sqrt(d))
    if d == 1 and not fit_intercept:
        center = np.zeros(1)  # the line x = 0 must cut the data
    sep = data.make_separable(
        n=n, d=d, margin=frac * radius, radius=radius, center=center,
        fit_intercept=fit_intercept, random_state=seed,
    )  # fmt: skip
    assert sep.X.shape == (n, d) and sep.X.dtype == np.float64
    assert set(sep.y.tolist()) == {-1, 1}
    assert np.linalg.norm(sep.w) == pytest.approx(1.0)
    # The promises, checked with no tolerance at all.
    assert np.all(sep.y * (sep.X @ sep.w + sep.b) >= sep.margin)
    assert np.all(np.linalg.norm(sep.X - center, axis=1) <= sep.radius)
    if not fit_intercept:
        assert sep.b == 0.0


def test_make_separable_is_reproducible_and_balanced():
    a = data.make_separable(n=31, random_state=5)
    b = data.make_separable(n=31, random_state=5)
    c = data.make_separable(n=31, random_state=6)
    np.testing.assert_array_equal(a.X, b.X)
    assert not np.array_equal(a.X, c.X)
    assert (a.y == 1).sum() == 16
    # Shuffled: the classes interleave instead of coming in two blocks.
    assert np.count_nonzero(np.diff(a.y)) > 2


def test_make_separable_fills_its_region():
    # Points must reach close to both the margin and the sphere, not just exist.
    sep = data.make_separable(n=4000, margin=0.2, random_state=0)
    r = sep.y * (sep.X @ sep.w + sep.b)
    assert r.min() < 0.21
    assert np.linalg.norm(sep.X, axis=1).max() > 0.99


def test_make_separable_far_center_is_far_from_origin():
    sep = data.make_separable(n=50, center=[20.0, 20.0], random_state=1)
    assert np.linalg.norm(sep.X, axis=1).min() > 27.0
    assert geometry.distance_to_origin(sep.w, sep.b) > 26.0


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"n": 1}, "n must be at least 2"),
        ({"n": 2.5}, "n must be an integer"),
        ({"d": 0}, "d must be at least 1"),
        ({"margin": 0.0}, "margin must be a positive"),
        ({"margin": 1.0, "radius": 1.0}, "margin must be smaller than radius"),
        ({"radius": -1.0}, "radius must be a positive"),
        ({"center": [1.0, 2.0, 3.0]}, "center must have length 2"),
        ({"center": [np.nan, 0.0]}, "NaN"),
        ({"random_state": -3}, "random_state"),
        (
            {"d": 1, "center": [5.0], "fit_intercept": False},
            "center| < radius - margin",
        ),
    ],
)
def test_make_separable_rejects_bad_parameters(kwargs, message):
    with pytest.raises((ValueError, TypeError), match=message.replace("|", r"\|")):
        data.make_separable(**kwargs)


# --- other generators --------------------------------------------------------------


def test_make_xor_is_not_separable_but_product_is():
    X, y = data.make_xor(n=203, noise=0.1, random_state=0)
    assert X.shape == (203, 2)
    assert abs((y == 1).sum() - (y == -1).sum()) <= 1
    assert not geometry.is_separable(X, y)
    # Positive exactly where the coordinates have different signs.
    np.testing.assert_array_equal(y, -np.sign(X[:, 0] * X[:, 1]).astype(int))


def test_make_ball_and_circle_geometry():
    c = np.array([3.0, -1.0, 2.0])
    X, y = data.make_ball(n=301, d=3, center=c, radius=2.0, random_state=1, gap=0.2)
    dist = np.linalg.norm(X - c, axis=1)
    assert (y == 1).sum() == 151
    assert np.all(dist[y == 1] <= 2.0 * 0.8) and np.all(dist[y == -1] >= 2.0 * 1.2)
    assert np.all(dist <= 4.0)
    assert not geometry.is_separable(X, y)
    X2, y2 = data.make_circle(n=100, random_state=1)
    r2 = np.linalg.norm(X2, axis=1)
    assert np.all((r2 < 1) == (y2 == 1))


def _best_threshold_accuracy(z, y):
    """Best accuracy of any threshold on the 1-D projection z (either orientation)."""
    order = np.argsort(z)
    ys = y[order]
    # Accuracy of "positive above cut k" for every cut position k = 0..n.
    pos_above = np.r_[0, np.cumsum(ys[::-1] == 1)][::-1]
    neg_below = np.r_[0, np.cumsum(ys == -1)]
    acc = (pos_above + neg_below) / len(y)
    return max(acc.max(), 1 - acc.min())


def test_make_elongated_mean_difference_fails_where_fisher_succeeds():
    X, y = data.make_elongated(n=2000, random_state=0)
    mu_p, mu_n = X[y == 1].mean(axis=0), X[y == -1].mean(axis=0)
    S_w = sum(np.cov(X[y == c].T) for c in (1, -1))
    fisher = np.linalg.solve(S_w, mu_p - mu_n)
    assert _best_threshold_accuracy(X @ (mu_p - mu_n), y) < 0.85
    assert _best_threshold_accuracy(X @ fisher, y) > 0.98


def test_make_multiclass_labels_and_centres():
    X, y = data.make_multiclass(n=400, k=4, random_state=2, std=0.3)
    assert np.bincount(y).tolist() == [100] * 4
    means = np.array([X[y == c].mean(axis=0) for c in range(4)])
    np.testing.assert_allclose(np.linalg.norm(means, axis=1), 2.5, atol=0.1)
    np.testing.assert_allclose(means[0], [0.0, 2.5], atol=0.1)  # first at the top


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: data.make_xor(n=3), "n must be at least 4"),
        (lambda: data.make_xor(noise=-0.1), "noise must be"),
        (lambda: data.make_ball(gap=1.0), "gap must lie in"),
        (lambda: data.make_circle(center=(0.0, 0.0, 0.0)), "center must have length 2"),
        (lambda: data.make_multiclass(n=2, k=3), "n must be at least 3"),
        (lambda: data.make_multiclass(k=1), "k must be at least 2"),
        (lambda: data.make_elongated(n=0), "n must be at least 2"),
        (lambda: data.flip_labels([1, -1], 1.5), "rate must lie in"),
        (lambda: data.flip_labels([1, 1], 0.5), "two classes"),
        (lambda: data.flip_labels([[1, -1]], 0.5), "1-D"),
    ],
)
def test_generators_reject_bad_parameters(call, message):
    with pytest.raises((ValueError, TypeError), match=message):
        call()


@pytest.mark.parametrize(
    "make",
    [
        lambda s: data.make_xor(random_state=s),
        lambda s: data.make_ball(random_state=s),
        lambda s: data.make_elongated(random_state=s),
        lambda s: data.make_multiclass(random_state=s),
    ],
)
def test_generators_are_seeded(make):
    (X1, y1), (X2, y2), (X3, _) = make(3), make(3), make(4)
    np.testing.assert_array_equal(X1, X2)
    np.testing.assert_array_equal(y1, y2)
    assert not np.array_equal(X1, X3)
    assert X1.dtype == np.float64


# --- flip_labels -------------------------------------------------------------------


def test_flip_labels_binary_counts_and_copy():
    y = np.array([1, -1] * 10)
    noisy, idx = data.flip_labels(y, 0.3, random_state=0, return_indices=True)
    assert len(idx) == 6 and np.all(np.diff(idx) > 0)
    np.testing.assert_array_equal(noisy[idx], -y[idx])
    keep = np.setdiff1d(np.arange(20), idx)
    np.testing.assert_array_equal(noisy[keep], y[keep])
    assert y.tolist() == [1, -1] * 10  # input untouched
    np.testing.assert_array_equal(data.flip_labels(y, 1.0), -y)
    np.testing.assert_array_equal(data.flip_labels(y, 0.0), y)


def test_flip_labels_strings_and_multiclass():
    y = np.array(["a", "b", "c"] * 20)
    noisy, idx = data.flip_labels(y, 0.5, random_state=1, return_indices=True)
    assert len(idx) == 30
    assert np.all(noisy[idx] != y[idx]) and set(noisy) <= {"a", "b", "c"}
    assert set(noisy[idx]) == {"a", "b", "c"}


# --- loaders -----------------------------------------------------------------------


def test_load_iris_reproduces_fishers_discriminant():
    X, y, feats, names = data.load_iris(["setosa", "versicolor"])
    assert X.shape == (100, 4) and names == ["setosa", "versicolor"]
    assert feats[0] == "sepal length (cm)"
    # Fisher (1936) solved S lambda = d (d = versicolor mean minus setosa mean, S the
    # pooled within-class sums of squares and products) and printed lambda; he
    # rescaled it to x1 + 5.9037 x2 - 7.1299 x3 - 10.1036 x4.
    d = X[y == 1].mean(axis=0) - X[y == 0].mean(axis=0)
    S = sum((X[y == c] - X[y == c].mean(axis=0)).T @ (X[y == c] - X[y == c].mean(0))
            for c in (0, 1))  # fmt: skip
    lam = np.linalg.solve(S, d)
    np.testing.assert_allclose(lam, [-0.0311511, -0.1839075, 0.2221044, 0.3147370],
                               atol=2e-6)  # fmt: skip
    np.testing.assert_allclose(lam / lam[0], [1, 5.9037, -7.1299, -10.1036], atol=1e-3)


def test_load_iris_selection_and_order():
    X, y, feats, names = data.load_iris(
        classes=["virginica", 0], features=["petal width", 0]
    )
    assert names == ["virginica", "setosa"]
    assert feats == ["petal width (cm)", "sepal length (cm)"]
    assert X.shape == (100, 2) and np.bincount(y).tolist() == [50, 50]
    full = data.load_iris()
    assert full[0].shape == (150, 4) and full[3] == [
        "setosa",
        "versicolor",
        "virginica",
    ]
    # Row 0 of the bundled copy is the first setosa flower, 5.1 3.5 1.4 0.2.
    np.testing.assert_array_equal(X[y == 1][0], [0.2, 5.1])
    with pytest.raises(ValueError, match="unknown class 'rose'"):
        data.load_iris(classes=["rose"])
    with pytest.raises(ValueError, match="feature index 7"):
        data.load_iris(features=[7])
    with pytest.raises(ValueError, match="must not repeat"):
        data.load_iris(classes=[0, "setosa"])


def test_load_digits_and_breast_cancer():
    X, y = data.load_digits()
    assert X.shape == (1797, 64) and X.min() == 0 and X.max() == 16
    X38, y38 = data.load_digits(classes=(3, 8))
    assert set(y38.tolist()) == {3, 8} and len(y38) == np.isin(y, [3, 8]).sum()
    Xb, yb, names = data.load_breast_cancer()
    assert Xb.shape == (569, 30) and len(names) == 30
    assert np.bincount(yb).tolist() == [212, 357]  # malignant, benign


@pytest.mark.parametrize("d", [1, 200])
def test_make_separable_extreme_dimensions_without_warnings(d):
    # In high dimension the density of a coordinate underflows near the sphere;
    # in one dimension there is nothing orthogonal to w. Neither may warn or fail.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        sep = data.make_separable(n=40, d=d, margin=0.5, random_state=0)
    assert np.all(sep.y * (sep.X @ sep.w + sep.b) >= 0.5)
    assert np.all(np.linalg.norm(sep.X, axis=1) <= 1.0)


def test_make_xor_defaults_are_the_documented_ones():
    X, y = data.make_xor(random_state=0)
    assert X.shape == (200, 2) and y.shape == (200,)
    # noise 0.1: every point within 0.6 (six standard deviations) of its cluster
    assert np.abs(np.abs(X) - 1.0).max() < 0.6


@pytest.mark.parametrize("n", [9, 10])
def test_make_ball_labels_one_per_point_inside_first(n):
    X, y = data.make_ball(n=n, d=3, random_state=0)
    assert X.shape == (n, 3) and y.shape == (n,)
    assert (y == 1).sum() == (n + 1) // 2 and (y == -1).sum() == n // 2


# --- the sampling helpers behind the generators (linclass._sampling) -----------------


def _first_coordinate_cdf(d, R, lo, hi):
    """The CDF on [lo, hi] of x1 for x uniform in the d-ball of radius R (d <= 3).

    x1 has density proportional to (R^2 - u^2)^((d-1)/2); G is its antiderivative.
    """
    G = {
        1: lambda u: u,
        2: lambda u: (u * np.sqrt(R * R - u * u) + R * R * np.arcsin(u / R)) / 2,
        3: lambda u: R * R * u - u**3 / 3,
    }[d]
    return lambda u: (G(u) - G(lo)) / (G(hi) - G(lo))


@pytest.mark.parametrize(
    ("d", "lo", "hi", "R"),
    [
        (1, -0.5, 0.25, 1.0),
        (2, -1.0, 1.0, 1.0),
        (3, 0.0, 1.0, 1.0),
        (3, -2.0, 0.5, 2.0),
    ],
)
def test_slice_of_ball_is_uniform_in_its_slice(d, lo, hi, R):
    from scipy.stats import kstest

    from linclass._sampling import slice_of_ball

    n = 20000
    P = slice_of_ball(np.random.default_rng(d), n, d, R, lo, hi)
    assert P.shape == (n, d)
    assert np.all((P[:, 0] >= lo) & (P[:, 0] <= hi))
    assert np.all(np.linalg.norm(P, axis=1) <= R)
    # Kolmogorov-Smirnov at the 0.1 % level (critical value 1.95 / sqrt(n)): the
    # first coordinate follows the ball's marginal, cut to the slice ...
    critical = 1.95 / np.sqrt(n)
    assert kstest(P[:, 0], _first_coordinate_cdf(d, R, lo, hi)).statistic < critical
    if (lo, hi) == (-R, R):  # ... and in the whole ball (||x|| / R)^d is uniform
        radii = (np.linalg.norm(P, axis=1) / R) ** d
        assert kstest(radii, "uniform").statistic < critical


def test_slice_of_ball_reaches_both_edges_of_its_slice():
    # 50,000 uniform draws on [0, 1]: the extreme ones lie within 1e-4 of the
    # edges (each misses with probability exp(-5)); no sliver is left out.
    from linclass._sampling import slice_of_ball

    u = slice_of_ball(np.random.default_rng(0), 50000, 1, 1.0, 0.0, 1.0)[:, 0]
    assert u.min() < 1e-4 and u.max() > 1 - 1e-4


@pytest.mark.parametrize("R", [0.1, 10.0])
def test_slice_of_ball_in_high_dimension_has_the_balls_spread(R):
    # Uniform in the 500-ball of radius R: Var x1 = R^2 / (d + 2). The density of
    # x1 is then a narrow peak (width about R / 22), which the sampler must resolve,
    # and (R^2 - u^2)^249.5 underflows (R = 0.1) or overflows (R = 10) unless scaled.
    from linclass._sampling import slice_of_ball

    d = 500
    P = slice_of_ball(np.random.default_rng(1), 6000, d, R, -R, R)
    assert P[:, 0].var() * (d + 2) / R**2 == pytest.approx(1.0, abs=0.04)


@pytest.mark.parametrize("radius", [10.0, 0.01])
def test_make_separable_in_500_dimensions_keeps_its_promises(radius):
    # (R^2 - u^2)^((d-1)/2) overflows or underflows here unless scaled
    sep = data.make_separable(n=20, d=500, margin=radius / 10, radius=radius,
                              random_state=0)  # fmt: skip
    assert np.all(np.isfinite(sep.X))
    assert np.all(sep.y * (sep.X @ sep.w + sep.b) >= sep.margin)
    assert np.all(np.linalg.norm(sep.X - sep.center, axis=1) <= radius)


def test_a_random_state_object_gives_reproducible_and_distinct_data():
    # A legacy RandomState is accepted: the same state gives the same data, and
    # a hundred seeds give a hundred different data sets.
    def xor(state):
        return data.make_xor(n=8, random_state=np.random.RandomState(state))[0]

    np.testing.assert_array_equal(xor(3), xor(3))
    assert len({xor(s).tobytes() for s in range(100)}) == 100


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: data.make_xor(random_state=-3),
            ValueError,
            "random_state must be a non-negative integer; got -3",
        ),
        (
            lambda: data.make_multiclass(n=2, k=3),
            ValueError,
            "n must be at least 3; got 2",
        ),
        (
            lambda: data.make_ball(gap=1.0),
            ValueError,
            "gap must lie in [0, 1); got 1.0",
        ),
        (
            lambda: data.flip_labels([1, -1], 1.5),
            ValueError,
            "rate must lie in [0, 1]; got 1.5",
        ),
        (
            lambda: data.flip_labels([1, -1], "0.5"),
            TypeError,
            "rate must be a real number; got str",
        ),
        (
            lambda: data.flip_labels([1, -1], True),
            TypeError,
            "rate must be a real number; got bool",
        ),
        (
            lambda: data.make_xor(noise="0.1"),
            TypeError,
            "noise must be a real number; got str",
        ),
        (
            lambda: data.make_xor(noise=-0.1),
            ValueError,
            "noise must be a finite number >= 0; got -0.1",
        ),
        (
            lambda: data.make_xor(noise=np.inf),
            ValueError,
            "noise must be a finite number >= 0; got inf",
        ),
    ],
)
def test_generators_say_exactly_which_parameter_is_wrong(call, error, message):
    raises_exactly(call, error, message)


def test_the_closed_ends_of_the_parameter_ranges_are_allowed():
    # noise = 0: the four XOR clusters are single points
    X, _ = data.make_xor(n=8, noise=0.0, random_state=0)
    assert {tuple(x) for x in X.tolist()} == {(1, 1), (1, -1), (-1, 1), (-1, -1)}
    # gap = 0: the ball and the shell around it touch
    X, y = data.make_ball(n=50, d=2, radius=1.0, gap=0.0, random_state=0)
    r = np.linalg.norm(X, axis=1)
    assert np.all(r[y == 1] <= 1.0) and np.all(r[y == -1] >= 1.0)
    # rate = 0 flips nothing, rate = 1 flips every label
    y = np.array([1, -1, 1, 1])
    np.testing.assert_array_equal(data.flip_labels(y, 0.0, random_state=0), y)
    np.testing.assert_array_equal(data.flip_labels(y, 1, random_state=0), -y)


# --- the documented defaults, shapes and spreads of the generators ------------------


def test_generators_defaults_are_the_documented_ones():
    assert data.make_ball(random_state=0)[0].shape == (200, 3)
    assert data.make_circle(random_state=0)[0].shape == (200, 2)
    assert data.make_elongated(random_state=0)[0].shape == (200, 2)
    X, y = data.make_multiclass(random_state=0)
    assert X.shape == (300, 2) and np.bincount(y).tolist() == [100, 100, 100]
    # std 0.7 around centres at distance 2.5, the first at the top
    angles = np.pi / 2 + 2 * np.pi * y / 3
    centres = 2.5 * np.column_stack([np.cos(angles), np.sin(angles)])
    assert abs((X - centres).std() - 0.7) < 0.05


@pytest.mark.parametrize("k", [3, 5])
def test_make_multiclass_centres_go_counter_clockwise_from_the_top(k):
    X, y = data.make_multiclass(n=200 * k, k=k, random_state=4, std=0.1)
    angles = np.pi / 2 + 2 * np.pi * np.arange(k) / k
    centres = 2.5 * np.column_stack([np.cos(angles), np.sin(angles)])
    means = np.array([X[y == c].mean(axis=0) for c in range(k)])
    np.testing.assert_allclose(means, centres, atol=0.03)
    assert abs((X - centres[y]).std() - 0.1) < 0.01


def test_make_elongated_has_the_documented_shape_and_means():
    X, y = data.make_elongated(n=20000, random_state=0)
    assert y.dtype.kind == "i" and set(y.tolist()) == {-1, 1}
    diff = X[y == 1].mean(axis=0) - X[y == -1].mean(axis=0)
    np.testing.assert_allclose(diff, [0.0, 1.5 * np.sqrt(2)], atol=0.05)
    long_axis, thin_axis = (
        np.array([1.0, 1.0]) / np.sqrt(2),
        np.array([-1.0, 1.0]) / np.sqrt(2),
    )
    for c in (1, -1):
        Z = X[y == c] - X[y == c].mean(axis=0)
        assert abs((Z @ long_axis).std() - 2.0) < 0.05  # long along 45 degrees
        assert abs((Z @ thin_axis).std() - 0.3) < 0.01  # thin across it


@pytest.mark.parametrize("make", [data.make_elongated, data.make_ball])
def test_half_the_points_rounded_up_are_positive(make):
    for n in (4, 5):
        y = make(n=n, random_state=0)[1]
        assert y.dtype.kind == "i"
        assert ((y == 1).sum(), (y == -1).sum()) == ((n + 1) // 2, n // 2)


def test_make_circle_passes_its_seed_and_gap_on():
    X1, y1 = data.make_circle(n=60, random_state=5, gap=0.5)
    X2, y2 = data.make_circle(n=60, random_state=5, gap=0.5)
    np.testing.assert_array_equal(X1, X2)
    np.testing.assert_array_equal(y1, y2)
    r = np.linalg.norm(X1, axis=1)
    assert np.all(r[y1 == 1] <= 0.5) and np.all(r[y1 == -1] >= 1.5)


def test_make_ball_accepts_the_smallest_sizes():
    X, y = data.make_ball(n=2, d=1, random_state=0)
    assert X.shape == (2, 1) and sorted(y.tolist()) == [-1, 1]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: data.make_ball(n=1), "n must be at least 2; got 1"),
        (lambda: data.make_ball(d=0), "d must be at least 1; got 0"),
        (
            lambda: data.make_ball(radius=0),
            "radius must be a positive number (> 0); got 0",
        ),
        (
            lambda: data.make_multiclass(std=-1),
            "std must be a finite number >= 0; got -1",
        ),
        (
            lambda: data.flip_labels([1, 1], 0.5),
            "flip_labels needs at least two classes to flip between",
        ),
        (
            lambda: data.flip_labels([], 0.5),
            "y must be a non-empty 1-D array of labels; got shape (0,)",
        ),
    ],
)
def test_more_generators_say_exactly_which_parameter_is_wrong(call, message):
    raises_exactly(call, ValueError, message)


def test_flip_labels_with_nothing_to_flip_accepts_one_label_or_one_class():
    np.testing.assert_array_equal(data.flip_labels([5], 0.0), [5])
    np.testing.assert_array_equal(data.flip_labels([5, 5], 0.2), [5, 5])  # 0.4 -> 0


def test_flip_labels_is_seeded():
    y = np.arange(40) % 4
    same = [data.flip_labels(y, 0.5, random_state=3) for _ in range(2)]
    np.testing.assert_array_equal(*same)
    assert not np.array_equal(same[0], data.flip_labels(y, 0.5, random_state=4))


def test_flip_labels_draws_the_new_class_of_each_label_on_its_own():
    # with three classes a changed "a" becomes "b" for some points and "c" for others
    y = np.array(["a"] * 60 + ["b", "c"])
    noisy, idx = data.flip_labels(y, 0.5, random_state=0, return_indices=True)
    from_a = noisy[idx][y[idx] == "a"]
    assert set(from_a.tolist()) == {"b", "c"}


def test_separable_data_is_shown_by_its_sizes_and_numbers():
    sep = data.SeparableData(
        np.zeros((4, 2)),
        np.ones(4, int),
        np.array([1.0, 0.0]),
        0.12345,
        0.25,
        1.5,
        np.zeros(2),
    )
    assert repr(sep) == "SeparableData(n=4, d=2, margin=0.25, radius=1.5, b=0.1235)"


def test_make_separable_defaults_and_its_random_offset():
    sep = data.make_separable(random_state=0)
    assert sep.X.shape == (100, 2) and (sep.margin, sep.radius) == (0.1, 1.0)
    # with an intercept the plane's offset from the centre is random, within half
    # of the room the margin leaves: 0.5 * (1 - 0.1)
    offsets = [data.make_separable(random_state=s).b for s in range(6)]
    assert len(set(offsets)) == 6 and max(map(abs, offsets)) <= 0.45


def test_make_separable_through_the_origin_in_1d_needs_the_origin_inside():
    # |center| = radius - margin exactly: x = 0 would only touch the slab's edge
    raises_exactly(
        lambda: data.make_separable(
            d=1, center=[0.9], margin=0.1, radius=1.0, fit_intercept=False
        ),
        ValueError,
        "with fit_intercept=False and d=1 the separator is x = 0, which must cut the "
        "data: need |center| < radius - margin; got 0.9",
    )
    sep = data.make_separable(
        d=1, center=[0.85], margin=0.1, radius=1.0, fit_intercept=False, random_state=0
    )
    assert sep.b == 0.0 and np.all(sep.y * sep.X[:, 0] >= 0.1)


NO_ROOM = (
    "margin={} leaves no room for points in a ball of radius 1.0 whose centre is {} "
    "from the origin: make_separable keeps its points 1e-9 * (radius + |center|) = "
    "{} inside the region it promises, which needs margin + {} (the plane's largest "
    "offset from the centre) + 2 * {} < radius * (1 - 1e-9); use a smaller margin or "
    "a centre nearer the origin"
)


@pytest.mark.parametrize(
    "kw, message",
    [
        # a margin a hair below the radius, a centre far from the origin, and d = 1
        # through the origin with the origin a hair inside the free room: these
        # gave NaN points (the first two) or "broke its own guarantee"
        (
            dict(margin=1 - 1e-10),
            NO_ROOM.format(0.9999999999, 0, "1e-09", "5e-11", "1e-09"),
        ),
        (dict(center=[5e8, 0.0]), NO_ROOM.format(0.1, "5e+08", 0.5, 0.45, 0.5)),
        (
            dict(d=1, center=[0.9 - 1e-10], fit_intercept=False),
            NO_ROOM.format(0.1, 0.9, "1.9e-09", 0.9, "1.9e-09"),
        ),
    ],
)  # fmt: skip
def test_make_separable_says_when_its_margin_leaves_no_room_for_points(kw, message):
    call = lambda: data.make_separable(n=6, **{"margin": 0.1, **kw}, random_state=0)  # noqa: E731
    raises_exactly(call, ValueError, message)


@pytest.mark.parametrize("fit_intercept", [True, False])
def test_make_separable_rejects_exactly_the_margins_its_message_names(fit_intercept):
    # the message's condition: margin + s_top + 2 * eps < radius * (1 - 1e-9), with
    # eps = 1e-9 * (radius + |center|) and s_top the plane's largest offset from the
    # centre: (radius - margin) / 2, or |center| if smaller (through the origin)
    center = np.array([0.0, 3e-9])
    dist = 3e-9
    for margin in np.linspace(1 - 1.2e-8, 1 - 2e-9, 41):
        s_top = (1 - margin) / 2 if fit_intercept else min((1 - margin) / 2, dist)
        eps = 1e-9 * (1.0 + dist)
        call = lambda m=margin: data.make_separable(  # noqa: E731
            n=4, margin=m, center=center, fit_intercept=fit_intercept, random_state=0
        )
        if margin + s_top + 2 * eps < 1.0 * (1 - 1e-9):
            assert np.all(np.isfinite(call().X)), margin
        else:
            with pytest.raises(ValueError, match="leaves no room for points"):
                call()


def test_make_separable_draws_finite_points_a_little_farther_from_the_edge():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        sep = data.make_separable(n=6, margin=1 - 1e-8, random_state=0)
    assert np.all(np.isfinite(sep.X))
    assert np.all(sep.y * (sep.X @ sep.w + sep.b) >= sep.margin)
    assert np.all(np.linalg.norm(sep.X, axis=1) <= 1.0)


def test_make_xor_clusters_have_the_given_spread():
    X, y = data.make_xor(n=4000, noise=0.2, random_state=0)
    offsets = X - np.sign(X)  # no point strays across an axis: sign(X) is its corner
    assert abs(offsets.std() - 0.2) < 0.01 and abs(offsets.mean()) < 0.01


def test_make_separable_through_the_origin_cuts_its_ball_on_either_side_of_the_centre():
    # b = 0: the plane's offset from the centre is w.c, random in
    # [-s_max, s_max] with s_max = 0.5 * (radius - margin) = 0.45
    c = np.array([3.0, 4.0])
    offsets = [
        data.make_separable(n=30, center=c, fit_intercept=False, random_state=s).w @ c
        for s in range(8)
    ]
    assert min(offsets) < 0 < max(offsets) and max(map(abs, offsets)) <= 0.45


def _slice_edges(rng, n, d, R, u_lo, u_hi):
    """Points on the edges of slice_of_ball's region: on the sphere of radius R,
    the first coordinate alternately at the slice's two ends."""
    U = np.zeros((n, d))
    U[:, 0] = np.where(np.arange(n) % 2 == 0, u_lo, u_hi)
    if d > 1:
        U[:, 1] = np.sqrt(np.maximum(R * R - U[:, 0] ** 2, 0.0))
    return U


@pytest.mark.parametrize(
    ("d", "center", "radius", "margin", "fit_intercept"),
    [
        (2, None, 1.0, 0.1, True),
        (3, [300.0, -400.0, 0.0], 2.0, 0.5, True),
        (2, [3000.0, 4000.0], 1.0, 0.05, False),
        (1, [0.5], 1.0, 0.2, False),
    ],
)
def test_points_on_the_edges_of_the_sampled_region_keep_the_promises(
    monkeypatch, d, center, radius, margin, fit_intercept
):
    # make_separable samples a hair inside its promised region, so that the rotation's
    # rounding cannot push even a point on the region's edge across the margin or out
    # of the ball (its own guard would raise); the edges are where that is tested.
    monkeypatch.setattr(data, "slice_of_ball", _slice_edges)
    for seed in range(5):
        sep = data.make_separable(
            n=40,
            d=d,
            center=center,
            radius=radius,
            margin=margin,
            fit_intercept=fit_intercept,
            random_state=seed,
        )
        assert np.all(sep.y * (sep.X @ sep.w + sep.b) >= margin)
        assert np.all(np.linalg.norm(sep.X - sep.center, axis=1) <= radius)
        # the edges are reached: within 1e-5 of the margin, 1e-6 of the sphere
        assert np.min(sep.y * (sep.X @ sep.w + sep.b)) < margin + 1e-5
        assert np.max(np.linalg.norm(sep.X - sep.center, axis=1)) > radius - 1e-6


def _outside(where):
    """A slice_of_ball that breaks make_separable's region: into the slab or out of
    the ball."""

    def sample(rng, n, d, R, u_lo, u_hi):
        U = np.zeros((n, d))
        if where == "slab":  # 0.01 into the slab, inside the ball
            U[:, 0] = u_lo - 0.01 if u_hi == R else u_hi + 0.01
        else:  # in the slice, but 1 % out of the ball
            U[:, 0] = (u_lo + u_hi) / 2
            U[:, 1] = 1.01 * R
        return U

    return sample


@pytest.mark.parametrize("where", ["slab", "ball"])
def test_make_separable_never_returns_data_that_break_its_promises(monkeypatch, where):
    monkeypatch.setattr(data, "slice_of_ball", _outside(where))
    raises_exactly(
        lambda: data.make_separable(n=10, random_state=0),
        RuntimeError,
        "make_separable broke its own guarantee; please report",
    )
