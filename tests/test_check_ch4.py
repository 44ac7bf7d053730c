"""Chapter 4's checks reject plausible wrong answers, naming the failing case."""

import warnings

import numpy as np
import pytest
from exercise_sources import assert_rejects
from sklearn.exceptions import ConvergenceWarning

import linclass as lc


def _pocket(strict=False, replace_ties=False, evals_per_visit=False, eta_used=True):
    def error_pocket(X, y, epochs, eta=1.0):
        step = eta if eta_used else 1.0
        w, b = np.zeros(X.shape[1]), 0.0
        pw, pb, best, evals = w.copy(), b, 1.0, 0
        for t in range(epochs * len(X)):
            i = t % len(X)
            evals += evals_per_visit
            if y[i] * (X[i] @ w + b) <= 0:
                w, b = w + step * y[i] * X[i], b + step * y[i]
                s = y * (X @ w + b)
                err = np.mean(s < 0) if strict else np.mean(s <= 0)
                evals += not evals_per_visit
                if err < best or (replace_ties and err == best):
                    pw, pb, best = w.copy(), b, err
        return pw, pb, evals

    return error_pocket


WRONG_POCKET = {
    # wrong function, the case its verdict must name
    "a score of 0 counted as correct": (
        _pocket(strict=True),
        "a point exactly on the hyperplane",
    ),
    "equal errors replace the pocket": (
        _pocket(replace_ties=True),
        "noisy data in the unit disc",
    ),
    "one evaluation per visit": (
        _pocket(evals_per_visit=True),
        "noisy data in the unit disc",
    ),
    "the learning rate ignored": (_pocket(eta_used=False), "a learning rate of 0.5"),
}


@pytest.mark.parametrize("name", WRONG_POCKET)
def test_error_pocket_check_rejects(name):
    fn, case = WRONG_POCKET[name]
    assert_rejects("ex-ch4-error-pocket", fn, case)


def test_the_edge_cases_exercise_what_their_names_say():
    cases = {c.name: c for c in lc.check._ch4._error_pocket_cases()}

    def visited(case):
        # the running weights after each update of the cyclic perceptron's run
        X, y, epochs = case.args
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            h = lc.Perceptron(max_iter=epochs).fit(X, y).history_
        return [h.weights_at(t) for t in h.mistake_steps]

    tie = cases["a point exactly on the hyperplane"]
    X = tie.args[0]
    assert any(np.any(X @ w + b == 0.0) for w, b in visited(tie))
    same = cases["later weights with an equal error"]
    X, y, _ = same.args
    errors = [np.mean(y * (X @ w + b) <= 0) for w, b in visited(same)]
    assert errors.count(min(errors)) > 1
    strict = _pocket(strict=True)(*tie.args)
    assert strict[1] != tie.expected[1], "a score of exactly 0 decides this case"
    same = cases["later weights with an equal error"]
    loose = _pocket(replace_ties=True)(*same.args)
    assert not np.allclose(loose[0], same.expected[0]), "an equal error occurs"
    clean = cases["separable data: no update once the error is 0"]
    w, b, _ = clean.expected
    X, y, _ = clean.args
    assert np.all(y * (X @ w + b) > 0), "the pocket separates the clean data"


def test_error_pocket_check_accepts_the_numpy_reference():
    assert lc.check.exercise("ex-ch4-error-pocket", _pocket())


@pytest.mark.parametrize(
    ("answer_id", "wrong"),
    [
        ("ex-ch4-runs-a", 1 / 19),  # forgets the mistake's draw
        ("ex-ch4-runs-a", 0.95),  # 1 - eps
        ("ex-ch4-runs-b", 12),  # one candidate, not 100
        ("ex-ch4-runs-b", 26),  # survives l draws, not l + 1
        ("ex-ch4-runs-b", 25.81),  # not a whole number of draws
    ],
)
def test_answer_keys_reject(answer_id, wrong):
    assert lc.check.answer(answer_id, wrong).status == "wrong"


def test_answer_keys_accept_the_worked_values():
    streak = 19
    assert lc.check.answer("ex-ch4-runs-a", 1 / (streak + 1))
    r = next(r for r in range(1000) if 1 - (1 - 0.7 ** (r + 1)) ** 100 < 0.01)
    assert lc.check.answer("ex-ch4-runs-b", r)


def _fewest_streak(eps, candidates, p):
    # the smallest whole l with P(some candidate beats a record of l) < p
    beat = lambda r: 1 - (1 - (1 - eps) ** (r + 1)) ** candidates  # noqa: E731
    return next(r for r in range(10**5) if beat(r) < p)


@pytest.mark.parametrize("candidates", [2, 10, 100, 101])
@pytest.mark.parametrize("p", [0.01, 0.05])
def test_run_needed_is_the_smallest_safe_streak(candidates, p):
    for eps in np.round(np.arange(0.01, 0.96, 0.01), 2):
        got = lc.check._ch4._run_needed(eps, candidates, p)
        assert got == _fewest_streak(eps, candidates, p), (eps, candidates, p)


def test_run_needed_defaults_to_100_candidates_at_one_percent():
    # eps = 0.01 needs a longer streak against 101 candidates than against 100
    assert lc.check._ch4._run_needed(0.01) == _fewest_streak(0.01, 100, 0.01)
    assert _fewest_streak(0.01, 100, 0.01) != _fewest_streak(0.01, 101, 0.01)


def test_error_pocket_cases_hold_what_their_names_say():
    from linclass.pocket import training_error

    cases = {c.name: c for c in lc.check._ch4._error_pocket_cases()}

    def noisy(case):
        # no weights the run visits separate the labels: the pocket keeps an error
        X, y, _ = case.args
        w, b, _ = case.expected
        return training_error(np.asarray(X, float), y.astype(float), np.append(w, b))

    case = cases["noisy data in the unit disc"]
    assert np.all(np.linalg.norm(case.args[0], axis=1) <= 1) and noisy(case) > 0
    case = cases["noisy data far from the origin"]
    assert np.linalg.norm(case.args[0].mean(axis=0)) > 2 and noisy(case) > 0
    assert cases["a learning rate of 0.5"].kwargs == {"eta": 0.5}


def test_error_pocket_check_tolerates_round_off():
    def error_pocket(X, y, epochs, eta=1.0):
        w, b, evals = _pocket()(X, y, epochs, eta)
        return w * (1 + 1e-13), b * (1 + 1e-13), evals

    assert lc.check.exercise("ex-ch4-error-pocket", error_pocket)


def test_run_needed_a_risk_exactly_at_p_is_not_safe():
    # one candidate, p = (1 - eps)^k: a record of k - 1 is beaten with chance p
    # exactly, which is not below p, so the record needed is k
    for eps in np.round(np.arange(0.01, 1.0, 0.01), 2):
        for k in range(1, 30):
            p = (1 - eps) ** k
            if p < 1e-6 or 1 - (1 - p) != p:  # p itself must survive 1 - (1 - p)
                continue
            assert lc.check._ch4._run_needed(eps, 1, p) == k, (eps, k)
