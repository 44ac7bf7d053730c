"""Tests of linclass.pocket: Gallant's pocket algorithm, with and without ratchet."""

import warnings

import numpy as np
import pytest
from exact_errors import raises_exactly

from linclass.pocket import Pocket, next_mistake


def noisy(seed, n=60, d=2, noise=1.0):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d))
    y = np.where(X.sum(axis=1) + noise * rng.standard_normal(n) > 0, 1, -1)
    return X, y


def error(X, y, w, b):
    return np.mean(y * (X @ w + b) <= 0)


def reference_pocket(X, y, draws, ratchet, eta=1.0):
    """Gallant's algorithm one draw at a time (the definition, no shortcuts)."""
    w, b = np.zeros(X.shape[1]), 0.0
    pw, pb, pocket_run, run = w.copy(), b, 0, 0
    changes, evals, version, evaluated = [], 0, 0, -1
    for t, i in enumerate(draws, start=1):
        if y[i] * (np.dot(w, X[i]) + b) <= 0:
            w, b, run, version = w + eta * y[i] * X[i], b + eta * y[i], 0, version + 1
            if error(X, y, w, b) == 0:
                return w, b, changes + [t], t, evals
            continue
        run += 1
        if run > pocket_run:
            better = error(X, y, w, b) < error(X, y, pw, pb)
            same = np.array_equal(w, pw) and b == pb
            if ratchet and not same and evaluated != version:
                # the ratchet's one training-error pass for these running weights
                evals, evaluated = evals + 1, version
            if not ratchet or better or same:
                if not same:
                    changes.append(t)
                pw, pb, pocket_run = w.copy(), b, run
    return pw, pb, changes, len(draws), evals


@pytest.mark.parametrize("ratchet", [False, True])
@pytest.mark.parametrize(("seed", "eta"), [(0, 1.0), (1, 2.0), (2, 0.5)])
def test_matches_step_by_step_definition(ratchet, seed, eta):
    # eta = 2 and 0.5: updates of +-2x and +-x/2, neither the +-x of eta = 1
    X, y = noisy(seed)
    est = Pocket(ratchet=ratchet, eta=eta, max_iter=15, random_state=seed).fit(X, y)
    h = est.history_
    w, b, changes, n_steps, evals = reference_pocket(X, y, h.indices, ratchet, eta)
    assert np.array_equal(est.coef_[0], w) and est.intercept_[0] == b
    assert h.pocket_steps.tolist() == changes
    assert h.n_steps == n_steps
    assert est.n_error_evals_ == evals


@pytest.mark.parametrize("seed", [2, 9])
def test_a_run_that_overtakes_across_an_epoch_boundary(seed):
    # With six points an epoch is six draws, so a run of correct draws often goes
    # on into the next epoch and overtakes the pocket's run there: the pocket
    # changes at the draw where it does, counted from the run's start.
    X, y = noisy(seed, n=6)
    est = Pocket(max_iter=15, random_state=seed).fit(X, y)
    h = est.history_
    w, b, changes, n_steps, _ = reference_pocket(X, y, h.indices, False)
    assert h.pocket_steps.tolist() == changes
    assert np.array_equal(est.coef_[0], w) and est.intercept_[0] == b


def test_draws_are_uniform_with_replacement_from_seed():
    X, y = noisy(3, n=40)
    est = Pocket(max_iter=5, random_state=7).fit(X, y)
    rng = np.random.default_rng(7)
    expected = np.concatenate([rng.integers(0, 40, size=40) for _ in range(5)])
    np.testing.assert_array_equal(est.history_.indices, expected)
    again = Pocket(max_iter=5, random_state=7).fit(X, y)
    assert np.array_equal(again.coef_, est.coef_)


def test_ratchet_pocket_error_never_increases():
    X, y = noisy(4, n=100, noise=1.5)
    est = Pocket(ratchet=True, max_iter=30, random_state=0).fit(X, y)
    h = est.history_
    errors = [h.pocket_error_at(t) for t in range(0, h.n_steps + 1, 7)]
    assert np.all(np.diff(errors) <= 0)
    steps, running, pocket = h.error_curve()
    assert np.all(np.diff(pocket) <= 0)
    assert len(h.pocket_steps) >= 2
    assert pocket[-1] == error(X, y, est.coef_[0], est.intercept_[0])


def test_plain_pocket_keeps_longest_run():
    # Replay the draws: the pocket must hold the weights of the longest run
    # (the first to reach it), whatever their training error.
    X, y = noisy(5, n=50, noise=2.0)
    est = Pocket(max_iter=10, random_state=1).fit(X, y)
    h = est.history_
    runs, run, states = {}, 0, 0
    for t in range(1, h.n_steps + 1):
        if h.is_mistake(t):
            states, run = states + 1, 0
        else:
            run += 1
            runs[states] = max(runs.get(states, 0), run)
    longest = max(runs.values())
    winner = min(k for k, r in runs.items() if r == longest)
    w, b = h.weights_at(int(h.mistake_steps[winner - 1]) if winner else 0)
    assert np.array_equal(est.coef_[0], w) and est.intercept_[0] == b


def test_errors_recorded_at_mistakes_match_direct_computation():
    X, y = noisy(6, n=40)
    h = Pocket(max_iter=5, random_state=2).fit(X, y).history_
    for t in range(0, h.n_steps + 1, 9):
        w, b = h.weights_at(t)
        assert h.train_error_at(t) == error(X, y, w, b)
        pw, pb = h.pocket_weights_at(t)
        assert h.pocket_error_at(t) == error(X, y, pw, pb)
    assert h.train_error_at(0) == 1.0  # w = 0: every point is on the hyperplane


def test_separable_data_converges_and_stops_early():
    rng = np.random.default_rng(8)
    X = rng.uniform(-1, 1, (80, 2))
    X = X[np.abs(X[:, 0] - X[:, 1]) > 0.1]
    y = np.where(X[:, 0] > X[:, 1], "up", "down")
    est = Pocket(max_iter=1000, random_state=0).fit(X, y)
    assert est.converged_ and est.score(X, y) == 1.0
    h = est.history_
    assert h.n_steps == h.mistake_steps[-1]
    # the error-free running weights go into the pocket at that very step
    assert h.pocket_steps[-1] == h.n_steps and h.pocket_error_at(h.n_steps) == 0.0
    assert h.pocket_error_at(h.n_steps - 1) > 0.0
    assert h.order == "random"
    assert est.n_iter_ < 1000


def test_no_convergence_warning_on_nonseparable_data():
    X, y = noisy(9)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        est = Pocket(max_iter=3, random_state=0).fit(X, y)
    assert not est.converged_ and est.n_iter_ == 3


def test_pocket_beats_running_weights_on_noisy_data():
    X, y = noisy(10, n=200, noise=1.0)
    est = Pocket(ratchet=True, max_iter=50, random_state=0).fit(X, y)
    h = est.history_
    final_running = h.train_error_at(h.n_steps)
    assert error(X, y, est.coef_[0], est.intercept_[0]) <= final_running
    assert est.score(X, y) > 0.7


def test_error_criterion_keeps_the_first_lowest_error_of_the_run():
    X, y = noisy(12, n=80)
    est = Pocket(criterion="error", max_iter=20, random_state=1).fit(X, y)
    h = est.history_
    # Replay: the same running weights, evaluated after every update.
    errors = [error(X, y, *h.weights_at(t)) for t in h.mistake_steps]
    first_best = h.mistake_steps[int(np.argmin(errors))]
    assert h.pocket_steps[-1] == first_best
    w, b = h.weights_at(first_best)
    assert np.array_equal(est.coef_[0], w) and est.intercept_[0] == b
    assert est.n_error_evals_ == est.n_mistakes_ == len(errors)
    again = Pocket(max_iter=20, random_state=1).fit(X, y)
    assert np.array_equal(again.history_.mistake_steps, h.mistake_steps)


def test_error_evaluations_of_the_run_pockets():
    X, y = noisy(13, n=80)
    plain = Pocket(max_iter=20, random_state=2).fit(X, y)
    ratchet = Pocket(ratchet=True, max_iter=20, random_state=2).fit(X, y)
    assert plain.n_error_evals_ == 0
    # At most one evaluation per set of running weights, and at least one per
    # replacement after the first (each needs the ratchet's test).
    assert len(ratchet.history_.pocket_steps) - 1 <= ratchet.n_error_evals_
    assert ratchet.n_error_evals_ <= ratchet.n_mistakes_


def test_zero_epochs_keep_the_zero_weights_in_the_pocket():
    X, y = noisy(14)
    est = Pocket(max_iter=0).fit(X, y)
    assert not est.coef_.any() and est.intercept_[0] == 0.0
    assert (est.n_iter_, est.n_mistakes_, est.converged_) == (0, 0, False)
    h = est.history_
    assert h.n_steps == 0 and h.indices.shape == h.pocket_steps.shape == (0,)
    assert h.pocket_error_at(0) == h.train_error_at(0) == 1.0


def test_defaults_are_the_documented_ones():
    assert Pocket().get_params() == {
        "eta": 1.0,
        "max_iter": 100,
        "ratchet": False,
        "fit_intercept": True,
        "random_state": None,
        "criterion": "run",
    }


def test_next_mistake_reports_where_and_the_new_gap():
    # the gap estimate moves a quarter of the way to the gap just seen (counted
    # from pos), and after a clean scan it is at least the length scanned
    X = np.array([[1.0], [2.0], [-1.0]])
    ys, wa = np.ones(3), np.array([1.0, 0.0])
    assert next_mistake(X, ys, wa, 1, 3, 8.0) == (2, 0.75 * 8.0 + 0.25 * 1)
    assert next_mistake(X, ys, wa, 1, 2, 0.5) == (-1, 1.0)  # no mistake: -1
    assert next_mistake(X, ys, wa, 0, 2, 5.0) == (-1, 5.0)


def test_fit_intercept_false():
    X, y = noisy(11)
    est = Pocket(fit_intercept=False, max_iter=5, random_state=0).fit(X, y)
    assert est.intercept_[0] == 0.0


@pytest.mark.parametrize(
    ("params", "error_type", "match"),
    [
        ({"eta": 0.0}, ValueError, "eta must be a positive number"),
        ({"max_iter": -3}, ValueError, "max_iter must be a non-negative integer"),
        ({"ratchet": 1}, TypeError, "ratchet must be True or False"),
        ({"fit_intercept": None}, TypeError, "fit_intercept must be True or False"),
        ({"criterion": "runs"}, ValueError, "criterion must be 'run' or 'error'"),
        ({"criterion": "error", "ratchet": True}, ValueError, "needs criterion='run'"),
    ],
)
def test_bad_hyper_parameters(params, error_type, match):
    with pytest.raises(error_type, match=match):
        Pocket(**params).fit([[0.0], [1.0]], [0, 1])


def test_the_ratchet_with_the_error_criterion_is_refused_in_full():
    raises_exactly(
        lambda: Pocket(criterion="error", ratchet=True).fit([[0.0], [1.0]], [0, 1]),
        ValueError,
        "ratchet=True needs criterion='run': the 'error' pocket already accepts only "
        "a strictly lower training error",
    )


def test_bad_data():
    with pytest.raises(ValueError, match="exactly two classes; got 3"):
        Pocket().fit([[0.0], [1.0], [2.0]], [0, 1, 2])
    with pytest.raises(ValueError, match="NaN or infinity"):
        Pocket().fit([[0.0], [np.nan]], [0, 1])


def test_pocket_holds_the_running_weights_from_each_change_on():
    # At a step where the pocket changes it takes the running weights of that very
    # step; one step before, it still holds those of the previous change (or w = 0).
    X, y = noisy(3, n=30)
    h = Pocket(max_iter=4, random_state=5).fit(X, y).history_
    changes = [0, *h.pocket_steps.tolist()]
    assert len(changes) > 2
    for before, step in zip(changes, changes[1:], strict=False):
        for t, source in ((step, step), (step - 1, before)):
            pw, pb = h.pocket_weights_at(t)
            w, b = h.weights_at(source)
            assert np.array_equal(pw, w) and pb == b, (t, source)
            assert h.pocket_error_at(t) == error(X, y, w, b)


def test_a_run_where_every_visit_is_a_mistake_runs_all_its_epochs():
    # All points at the origin and no intercept: every margin is 0, every visit a
    # mistake, for 2600 visits. The estimate of the visits between mistakes
    # shrinks at each one (by 3/4) and underflows to 0 after about 2480: the run
    # must still go on, sizing its blocks from it, to the last epoch.
    clf = Pocket(fit_intercept=False, max_iter=1300, random_state=0)
    clf.fit(np.zeros((2, 1)), [0, 1])
    assert clf.n_mistakes_ == 2600 and clf.n_iter_ == 1300
    assert clf.coef_.tolist() == [[0.0]] and not clf.converged_
