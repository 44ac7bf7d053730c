"""Chapter 5's checks reject plausible wrong answers, naming the failing case."""

import numpy as np
import pytest
from exercise_sources import assert_rejects

import linclass as lc


def _fisher(scatter="centred", threshold="midpoint", sign=1.0):
    def fisher_discriminant(X, y):
        X = np.asarray(X)
        X0, X1 = X[y == 0], X[y == 1]
        mu0, mu1 = X0.mean(axis=0), X1.mean(axis=0)
        if scatter == "centred":
            S_W = (X0 - mu0).T @ (X0 - mu0) + (X1 - mu1).T @ (X1 - mu1)
        elif scatter == "covariance":  # np.cov divides by n_c - 1
            S_W = np.cov(X0.T) + np.cov(X1.T)
        elif scatter == "one pass":  # X'X - n mu mu': cancels far from the origin
            S_W = X0.T @ X0 - len(X0) * np.outer(mu0, mu0)
            S_W += X1.T @ X1 - len(X1) * np.outer(mu1, mu1)
        elif scatter == "in place":  # fails on integer arrays
            X0 -= mu0
            X1 -= mu1
            S_W = X0.T @ X0 + X1.T @ X1
        w = np.linalg.solve(S_W, sign * (mu1 - mu0))
        centre = (mu0 + mu1) / 2 if threshold == "midpoint" else X.mean(axis=0)
        return w, float(-w @ centre)

    return fisher_discriminant


WRONG_FISHER = {
    "covariances instead of scatters": (
        _fisher(scatter="covariance"),
        "elongated classes of equal size",
    ),
    "direction towards class 0": (
        _fisher(sign=-1.0),
        "elongated classes of equal size",
    ),
    "threshold at the overall mean": (
        _fisher(threshold="overall mean"),
        "classes of unequal size",
    ),
    "one-pass scatter formula": (_fisher(scatter="one pass"), "far from the origin"),
    "centring in place": (_fisher(scatter="in place"), "integer input"),
}


@pytest.mark.parametrize("name", WRONG_FISHER)
def test_fisher_check_rejects(name):
    fn, case = WRONG_FISHER[name]
    assert_rejects("ex-ch5-fisher-code", fn, case)


@pytest.mark.parametrize(
    ("answer_id", "wrong"),
    [
        ("ex-ch5-by-hand-b", [3, -1]),  # the mean difference, not S_W^{-1} of it
        ("ex-ch5-by-hand-b", [-2, 2.5]),  # mu0 - mu1
        ("ex-ch5-by-hand-c", 3.75),  # sign of the bias
        ("ex-ch5-by-hand-c", -2.5),  # threshold at the overall mean (2.5, 0.5)
        ("ex-ch5-units-a", 10),  # coefficients scale like the data
        ("ex-ch5-units-a", 0.01),  # S scales by 100, forgetting d scales by 10
    ],
)
def test_ch5_answers_reject(answer_id, wrong):
    assert lc.check.answer(answer_id, wrong).status == "wrong"


def test_ch5_answers_accept_the_worked_values():
    # The solution's working: S_W = [[4, 2], [2, 2]], mu1 - mu0 = (3, -1).
    S_W, delta = np.array([[4.0, 2.0], [2.0, 2.0]]), np.array([3.0, -1.0])
    w = np.linalg.solve(S_W, delta)
    assert lc.check.answer("ex-ch5-by-hand-b", w)
    assert lc.check.answer("ex-ch5-by-hand-c", -w @ [2.5, 0.5])
    assert lc.check.answer("ex-ch5-units-a", "0.1")


def test_fisher_cases_are_what_their_names_say():
    from linclass.check._core import EXERCISES

    cases = {c.name: c.args for c in EXERCISES["ex-ch5-fisher-code"].cases()}
    X, y = cases["elongated classes of equal size"]
    assert np.sum(y == 0) == np.sum(y == 1)
    for c in (0, 1):  # each class at least 5 times longer than it is wide (std)
        thin, long = np.linalg.eigvalsh(np.cov(X[y == c].T))
        assert long > 25 * thin
    X, y = cases["classes of unequal size"]
    assert np.sum(y == 0) != np.sum(y == 1)
    X, y = cases["data far from the origin"]
    assert np.min(np.linalg.norm(X, axis=1)) > 1e4 * np.max(np.std(X, axis=0))
    X, y = cases["integer input"]
    assert X.dtype.kind == "i" and y.dtype.kind == "i"


@pytest.mark.parametrize(
    ("factor", "status"), [(1 + 1e-9, "correct"), (1 + 1e-5, "wrong")]
)
def test_fisher_check_tolerance_is_rounding_not_error(factor, status):
    # Another order of summation moves the result by about 1e-15; an approximation
    # (a few iterations of a solver, a rounded constant) by much more.
    right = _fisher()

    def scaled(X, y):
        w, b = right(X, y)
        return w * factor, b * factor

    verdict = lc.check.exercise("ex-ch5-fisher-code", scaled)
    assert verdict.status == status, verdict.message
    assert "rtol=1e-7, atol=1e-9" in verdict.message


def test_fisher_cases_label_the_classes_0_and_1_as_integers():
    # the exercise's y holds the integer labels 0 and 1, as make_elongated's -1/+1
    # become in chapter 5
    for case in lc.check._ch5._fisher_cases():
        _, y = case.args
        assert y.dtype.kind == "i" and set(y.tolist()) == {0, 1}, case.name
