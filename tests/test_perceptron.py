"""Tests of linclass.perceptron: the textbook rule, bit for bit, and fast."""

import warnings

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sklearn.exceptions import ConvergenceWarning, NotFittedError
from sklearn.linear_model import Perceptron as SkPerceptron

from linclass import perceptron as perceptron_module
from linclass._margins import sequential_score
from linclass.geometry import radius
from linclass.perceptron import Perceptron


def separable(n, d, margin, seed, offset=0.3, return_w=False):
    """Points in the unit ball at distance >= margin from a known hyperplane."""
    rng = np.random.default_rng(seed)
    w = rng.standard_normal(d)
    w /= np.linalg.norm(w)
    X = rng.standard_normal((4 * n + 20, d))
    X *= (rng.random(len(X)) ** (1 / d) / np.linalg.norm(X, axis=1))[:, None]
    s = X @ w + offset
    X, s = X[np.abs(s) >= margin][:n], s[np.abs(s) >= margin][:n]
    y = np.where(s > 0, 1, -1)
    return (X, y, w) if return_w else (X, y)


def textbook(X, y, eta=1.0, epochs=1000, seqs=None, bias=1.0):
    """The sequential rule, one visit at a time, each score summed from the left as
    scikit-learn sums it; returns w, b, mistakes, epochs."""
    n, d = X.shape
    w, b, mistakes = np.zeros(d), 0.0, 0
    for e in range(epochs):
        seq = range(n) if seqs is None else seqs[e]
        before = mistakes
        for i in seq:
            if y[i] * sequential_score(X[i], w, b) <= 0:
                c = eta * y[i]
                w = w + c * X[i]
                b = b + c * bias
                mistakes += 1
        if mistakes == before:
            return w, b, mistakes, e + 1
    return w, b, mistakes, epochs


def fit_quiet(est, X, y):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        return est.fit(X, y)


def sklearn_fit(X, y, epochs, eta=1.0):
    sk = SkPerceptron(shuffle=False, eta0=eta, penalty=None, tol=None, max_iter=epochs)
    return fit_quiet(sk, X, y)


def _noisy(seed, n=300, d=5, rate=0.1):
    X, y = separable(n, d, 0.0, seed)
    flip = np.random.default_rng(seed + 1).random(len(y)) < rate
    return X, np.where(flip, -y, y)


def _integers(seed):
    rng = np.random.default_rng(seed)
    X = rng.integers(-5, 6, size=(120, 3)).astype(float)
    y = np.where(X[:, 0] + 2 * X[:, 1] - X[:, 2] + rng.integers(-2, 3, 120) > 0, 1, 0)
    return X, y


DATASETS = {
    "separable_2d": lambda: separable(60, 2, 0.05, 0),
    "separable_20d": lambda: separable(500, 20, 0.02, 1),
    "far_from_origin": lambda: (
        separable(80, 3, 0.1, 2)[0] + 50.0,
        separable(80, 3, 0.1, 2)[1],
    ),
    "nonseparable": lambda: _noisy(3),
    "integers": lambda: _integers(4),
    "strings": lambda: (
        separable(70, 4, 0.05, 5)[0],
        np.where(separable(70, 4, 0.05, 5)[1] > 0, "spam", "ham"),
    ),
    "labels_3_7": lambda: (_noisy(6)[0], np.where(_noisy(6)[1] > 0, 7, 3)),
}


@pytest.mark.parametrize("name", sorted(DATASETS))
@pytest.mark.parametrize("epochs", [1, 7, 200])
def test_equals_sklearn_exactly(name, epochs):
    X, y = DATASETS[name]()
    ours = fit_quiet(Perceptron(max_iter=epochs), X, y)
    ref = sklearn_fit(X, y, epochs)
    assert ours.n_iter_ <= epochs
    np.testing.assert_array_equal(ours.classes_, ref.classes_)
    assert np.array_equal(ours.coef_, ref.coef_)
    assert np.array_equal(ours.intercept_, ref.intercept_)
    np.testing.assert_array_equal(ours.predict(X), ref.predict(X))


def test_equals_sklearn_with_other_learning_rate():
    X, y = _noisy(7)
    ours = fit_quiet(Perceptron(eta=0.37, max_iter=9), X, y)
    ref = sklearn_fit(X, y, 9, eta=0.37)
    assert np.array_equal(ours.coef_, ref.coef_)
    assert np.array_equal(ours.intercept_, ref.intercept_)


@pytest.mark.parametrize("eta", [1.0, 0.5])
def test_dense_mistakes_switch_to_signed_rows_stays_exact(eta, monkeypatch):
    # Many mistakes per epoch make the fit switch to its signed-row scan.
    import linclass.perceptron as module

    calls = []
    original = module._signed_rows
    monkeypatch.setattr(
        module, "_signed_rows", lambda X, y: calls.append(1) or original(X, y)
    )
    X, y = _noisy(8, n=3000, d=3, rate=0.3)
    ours = fit_quiet(Perceptron(eta=eta, max_iter=6), X, y)
    ref = sklearn_fit(X, y, 6, eta=eta)
    assert calls == [1] and ours.n_mistakes_ > 2000
    assert np.array_equal(ours.coef_, ref.coef_)
    assert np.array_equal(ours.intercept_, ref.intercept_)


@pytest.mark.parametrize("eta", [1.0, 0.25, 2.0])
@pytest.mark.parametrize("bias_update", ["unit", "r2"])
@pytest.mark.parametrize("fit_intercept", [True, False])
def test_cyclic_matches_textbook(eta, bias_update, fit_intercept):
    # eta = 2 gives updates of +-2x, neither the +-x of eta = 1 nor a fraction
    X, y = _noisy(9, n=200, d=3, rate=0.05)
    X = 3.0 * X  # R > 1, so that the R**2 bias rule differs from the unit rule
    est = fit_quiet(
        Perceptron(
            eta=eta, max_iter=15, bias_update=bias_update, fit_intercept=fit_intercept
        ),
        X,
        y,
    )
    R = radius(X)  # the package's one R: the reference must not round it otherwise
    bias = (R * R if bias_update == "r2" else 1.0) if fit_intercept else 0.0
    w, b, mistakes, epochs = textbook(X, y, eta, 15, bias=bias)
    assert np.array_equal(est.coef_[0], w)
    assert est.intercept_[0] == b
    assert (est.n_mistakes_, est.n_iter_) == (mistakes, epochs)
    # the history replays the same updates, bias included, to the same bits
    h = est.history_
    assert h.order == "cyclic"
    w_end, b_end = h.weights_at(h.n_steps)
    assert np.array_equal(w_end, w) and b_end == b


def test_random_order_is_seeded_permutations():
    X, y = separable(150, 3, 0.02, 10)
    est = Perceptron(order="random", random_state=42).fit(X, y)
    rng = np.random.default_rng(42)
    seqs = [rng.permutation(len(y)) for _ in range(est.n_iter_)]
    w, b, mistakes, epochs = textbook(X, y, seqs=seqs)
    assert np.array_equal(est.coef_[0], w) and est.intercept_[0] == b
    assert (est.n_mistakes_, est.n_iter_) == (mistakes, epochs)
    np.testing.assert_array_equal(est.history_.indices, np.concatenate(seqs))
    assert est.history_.order == "random"
    again = Perceptron(order="random", random_state=42).fit(X, y)
    assert np.array_equal(again.coef_, est.coef_)


def test_batch_mode_is_gradient_descent_on_criterion():
    X, y = separable(100, 2, 0.05, 11)
    est = Perceptron(mode="batch", eta=0.5, max_iter=500).fit(X, y)
    w, b, total = np.zeros(2), 0.0, 0
    for _ in range(est.n_iter_ - 1):
        wrong = y * (X @ w + b) <= 0
        assert wrong.any()
        total += wrong.sum()
        w = w + 0.5 * (y[wrong] @ X[wrong])
        b = b + 0.5 * y[wrong].sum()
    assert not (y * (X @ w + b) <= 0).any()
    assert est.converged_ and est.n_mistakes_ == total
    np.testing.assert_allclose(est.coef_[0], w, rtol=1e-12)
    np.testing.assert_allclose(est.intercept_[0], b, rtol=1e-12, atol=1e-12)
    assert est.history_.n_steps == est.n_iter_
    assert est.history_.index_at(1) == -1


@pytest.mark.parametrize("bias_update", ["unit", "r2"])
@pytest.mark.parametrize("fit_intercept", [True, False])
def test_batch_history_replays_each_epoch(bias_update, fit_intercept):
    # one step per epoch: step t of the history is the state after epoch t
    X, y = _noisy(15, n=60, d=2, rate=0.1)
    X = 3.0 * X  # R > 1, so that the R**2 bias rule differs from the unit rule
    est = fit_quiet(
        Perceptron(
            mode="batch", max_iter=12, bias_update=bias_update,
            fit_intercept=fit_intercept,
        ),
        X,
        y,
    )  # fmt: skip
    R = radius(X)
    bias = (R * R if bias_update == "r2" else 1.0) if fit_intercept else 0.0
    yf = y.astype(float)
    h, w, b, steps = est.history_, np.zeros(2), 0.0, []
    assert h.order == "batch" and h.n_steps == est.n_iter_ == 12
    for t in range(1, est.n_iter_ + 1):
        wrong = yf * (X @ w + b) <= 0
        steps += [t] * bool(wrong.any())
        w = w + yf[wrong] @ X[wrong]
        b = b + yf[wrong].sum() * bias
        w_t, b_t = h.weights_at(t)
        assert np.array_equal(w_t, w) and b_t == b
    assert np.array_equal(est.coef_[0], w) and est.intercept_[0] == b
    assert h.mistake_steps.tolist() == steps == list(range(1, 13))


def test_converges_on_separable_data():
    X, y = separable(200, 5, 0.05, 12)
    est = Perceptron().fit(X, y)
    assert est.converged_
    assert est.score(X, y) == 1.0
    assert np.all(y * est.decision_function(X) > 0)
    assert est.history_.n_steps == est.n_iter_ * len(y)
    assert est.n_mistakes_ == len(est.history_.mistake_steps)


@pytest.mark.parametrize("mode", ["online", "batch"])
def test_nonseparable_warns_and_stops_at_max_iter(mode):
    X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
    y = np.array([0, 0, 1, 1])
    with pytest.warns(ConvergenceWarning) as record:
        est = Perceptron(mode=mode, max_iter=30).fit(X, y)
    assert [str(r.message) for r in record] == [
        "Perceptron did not converge in 30 epochs; the data may not be linearly "
        "separable"
    ]
    assert record[0].filename != perceptron_module.__file__  # the caller's line
    assert est.n_iter_ == 30 and est.converged_ is False  # a bool, as documented


def test_zero_epochs_gives_zero_weights():
    X, y = separable(20, 2, 0.1, 13)
    with pytest.warns(ConvergenceWarning, match="linearly separable"):
        est = Perceptron(max_iter=0).fit(X, y)
    assert not est.coef_.any() and est.intercept_[0] == 0.0
    assert est.history_.n_steps == 0 and est.n_iter_ == 0
    # no epoch, no mistake: the history records nothing at all
    assert est.n_mistakes_ == 0 and est.history_.mistake_steps.shape == (0,)
    assert est.history_.nbytes == 0


def test_zero_epochs_fit_the_pocket_as_the_perceptron():
    # Pocket records its updates with the perceptron's own rows (_stack_updates);
    # zero epochs make no update, an empty list of points, and it fits all the same.
    from linclass.pocket import Pocket

    est = Pocket(max_iter=0, random_state=0).fit([[0.0], [1.0]], [0, 1])
    assert est.coef_.tolist() == [[0.0]] and est.intercept_.tolist() == [0.0]
    assert (est.n_iter_, est.n_mistakes_, est.history_.n_steps) == (0, 0, 0)


def test_fit_intercept_false_keeps_bias_zero():
    X, y = separable(100, 3, 0.05, 14, offset=0.0)
    est = Perceptron(fit_intercept=False).fit(X, y)
    assert est.intercept_[0] == 0.0 and est.converged_


def test_point_on_hyperplane_predicted_negative_and_counts_as_mistake():
    X = np.array([[1.0], [-1.0]])
    est = Perceptron().fit(X, ["b", "a"])
    # w = 0 at the start, so the first visit is a mistake whatever its label.
    assert est.history_.is_mistake(1)
    # w.x + b = 2x - 1: zero exactly at x = 0.5, which is predicted classes_[0].
    line = Perceptron()
    line.classes_, line.coef_, line.intercept_ = (
        np.array(["a", "b"]),
        np.array([[2.0]]),
        np.array([-1.0]),
    )
    line.n_features_in_ = 1
    grid = [[0.0], [0.5], [1.0], [-2.0]]
    np.testing.assert_array_equal(line.decision_function(grid), [-1.0, 0.0, 1.0, -5.0])
    assert line.predict(grid).tolist() == ["a", "a", "b", "a"]
    zero = Perceptron(max_iter=1)
    zero.classes_, zero.coef_, zero.intercept_ = (
        np.array(["a", "b"]),
        np.zeros((1, 1)),
        np.zeros(1),
    )
    zero.n_features_in_ = 1
    assert zero.predict([[5.0]])[0] == "a"


def test_not_fitted():
    with pytest.raises(NotFittedError):
        Perceptron().predict([[1.0]])


@pytest.mark.parametrize(
    ("params", "error", "match"),
    [
        ({"eta": 0}, ValueError, "eta must be a positive number"),
        ({"eta": -1.0}, ValueError, "eta must be a positive number"),
        ({"eta": float("nan")}, ValueError, "eta must be a positive number"),
        ({"eta": "1"}, TypeError, "eta must be a real number"),
        ({"mode": "stochastic"}, ValueError, "mode must be one of"),
        ({"order": "shuffled"}, ValueError, "order must be one of"),
        ({"max_iter": -1}, ValueError, "max_iter must be a non-negative integer"),
        ({"max_iter": 2.5}, TypeError, "max_iter must be an integer"),
        ({"fit_intercept": "no"}, TypeError, "fit_intercept must be True or False"),
        ({"bias_update": "R2"}, ValueError, "bias_update must be one of"),
    ],
)
def test_bad_hyper_parameters_rejected_in_fit(params, error, match):
    est = Perceptron(**params)  # the constructor only stores them
    with pytest.raises(error, match=match):
        est.fit([[0.0], [1.0]], [0, 1])


@pytest.mark.parametrize(
    ("X", "y", "error", "match"),
    [
        ([0.0, 1.0], [0, 1], ValueError, "X must be a 2-D array"),
        ([[0.0], [np.nan]], [0, 1], ValueError, "X contains NaN or infinity"),
        ([[0.0], [np.inf]], [0, 1], ValueError, "X contains NaN or infinity"),
        (np.empty((0, 2)), [], ValueError, "X is empty"),
        ([[0.0], [1.0]], [0, 1, 1], ValueError, "X has 2 rows but y has 3 labels"),
        ([[0.0], [1.0]], [1, 1], ValueError, "exactly two classes; got 1"),
        (
            [[0.0], [1.0], [2.0]],
            [0, 1, 2],
            ValueError,
            r"exactly two classes; got 3: \[0 1 2\]",
        ),
        ([["a"], ["b"]], [0, 1], TypeError, "X must contain numbers"),
        ([[0.0], [1.0]], None, ValueError, "requires y to be passed"),
        ([[0.0], [1.0]], [0.5, np.nan], ValueError, "y contains NaN or infinity"),
        ([[0.0], [1.0], [2.0]], [0.1, 0.2, 0.3], ValueError, "Unknown label type"),
    ],
)
def test_bad_data_rejected(X, y, error, match):
    with pytest.raises(error, match=match):
        Perceptron().fit(X, y)


def test_predict_checks_features():
    est = Perceptron().fit([[0.0, 1.0], [1.0, 0.0]], [0, 1])
    with pytest.raises(
        ValueError, match="X has 3 features, but Perceptron is expecting 2"
    ):
        est.predict([[0.0, 1.0, 2.0]])
    with pytest.raises(ValueError, match="NaN"):
        est.decision_function([[np.nan, 1.0]])


@st.composite
def margin_data(draw):
    seed = draw(st.integers(0, 2**31 - 1))
    n = draw(st.integers(2, 60))
    d = draw(st.integers(1, 5))
    gamma = draw(st.floats(0.05, 0.5))
    X, y, w = separable(n, d, gamma, seed, offset=0.0, return_w=True)
    return X, y, w


@settings(max_examples=40, deadline=None)
@given(margin_data(), st.sampled_from(["cyclic", "random"]), st.integers(0, 999))
def test_novikoff_bound_homogeneous(data, order, seed):
    X, y, w_star = data
    assume(len(X) > 0 and len(np.unique(y)) == 2)
    gamma = np.min(y * (X @ w_star))  # margin w.r.t. the unit separator w_star
    bound = (radius(X) / gamma) ** 2
    est = Perceptron(
        fit_intercept=False, order=order, random_state=seed, max_iter=int(bound) + 2
    ).fit(X, y)
    assert est.converged_
    assert est.n_mistakes_ <= bound


@settings(max_examples=30, deadline=None)
@given(
    margin_data(),
    st.integers(-20, 20),
    st.sampled_from([(False, "unit"), (True, "r2")]),
)
def test_predictions_invariant_to_positive_rescaling(data, k, variant):
    # Scaling by a power of two is exact in floating point, so the whole run
    # (every margin sign) must be reproduced; with the homogeneous rule and the
    # R**2 bias rule all margins scale by a positive factor.
    X, y, _ = data
    assume(len(X) > 0 and len(np.unique(y)) == 2)
    fit_intercept, bias_update = variant
    make = lambda: Perceptron(  # noqa: E731
        fit_intercept=fit_intercept, bias_update=bias_update, max_iter=50
    )
    a = fit_quiet(make(), X, y)
    b = fit_quiet(make(), X * 2.0**k, y)
    np.testing.assert_array_equal(a.predict(X), b.predict(X * 2.0**k))
    assert a.n_mistakes_ == b.n_mistakes_


def test_predictions_invariant_to_generic_rescaling():
    X, y = separable(200, 3, 0.05, 15)
    a = Perceptron(bias_update="r2").fit(X, y)
    b = Perceptron(bias_update="r2").fit(3.7 * X, y)
    np.testing.assert_array_equal(a.predict(X), b.predict(3.7 * X))
    np.testing.assert_allclose(b.coef_, 3.7 * a.coef_, rtol=1e-9)


def test_replacement_order_draws_with_replacement_and_stops_when_all_correct():
    X, y = separable(60, 2, 0.05, 14)
    est = Perceptron(order="replacement", random_state=7).fit(X, y)
    rng = np.random.default_rng(7)
    draws = [rng.integers(0, len(y), len(y)) for _ in range(est.n_iter_)]
    # the textbook rule on the same draws, with the stopping test of the notes
    w, b, mistakes = np.zeros(2), 0.0, 0
    for e, seq in enumerate(draws, 1):
        for i in seq:
            if y[i] * (X[i] @ w + b) <= 0:
                w, b, mistakes = w + y[i] * X[i], b + y[i], mistakes + 1
        all_correct = np.all(y * (X @ w + b) > 0)
        assert all_correct == (e == est.n_iter_), "stops at the first clean check"
    assert np.array_equal(est.coef_[0], w) and est.intercept_[0] == b
    assert est.converged_ and est.n_mistakes_ == mistakes
    visits = est.history_.indices
    assert est.history_.order == "replacement"
    np.testing.assert_array_equal(visits, np.concatenate(draws))
    assert len(np.unique(visits[: len(y)])) < len(y), "an epoch repeats some points"
    assert est.history_.index_at(len(y) + 1) == draws[1][0]


def test_replacement_order_stops_only_when_no_margin_is_zero():
    # After the first epoch of these draws a point lies exactly on the hyperplane
    # (margin 0): it is a mistake, so the run must go on (to epoch 4 here), not
    # report convergence with that point misclassified.
    X = np.array([[-3, 2], [2, -2], [1, 0], [-3, 3], [2, -1], [-3, -3]])
    y = np.array([0, 1, 1, 0, 1, 1])
    est = Perceptron(order="replacement", random_state=89).fit(X, y)
    w1, b1 = est.history_.weights_at(len(y))  # the weights after the first epoch
    margins = np.where(y == 1, 1, -1) * (X @ w1 + b1)
    assert margins.min() == 0.0 and (margins >= 0).all(), "the edge this test needs"
    assert est.converged_ and est.n_iter_ > 1
    assert est.score(X, y) == 1.0


@pytest.mark.parametrize("seed", range(20))
def test_replacement_order_converged_means_every_margin_positive(seed):
    X = np.array([[-3, 2], [2, -2], [1, 0], [-3, 3], [2, -1], [-3, -3]])
    y = np.array([0, 1, 1, 0, 1, 1])
    est = Perceptron(order="replacement", random_state=seed).fit(X, y)
    margins = np.where(y == 1, 1, -1) * est.decision_function(X)
    assert est.converged_ and (margins > 0).all()


def test_defaults_are_the_documented_ones():
    assert Perceptron().get_params() == {
        "eta": 1.0,
        "mode": "online",
        "order": "cyclic",
        "max_iter": 1000,
        "fit_intercept": True,
        "bias_update": "unit",
        "random_state": None,
    }
