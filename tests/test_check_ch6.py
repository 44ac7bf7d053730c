"""Chapter 6's checks reject plausible wrong answers, naming the failing case."""

import numpy as np
import pytest
from exercise_sources import assert_rejects

import linclass as lc


def _kesler(sign=1.0, bias=True, classes="K", order="points", keep_true=False):
    def kesler_vectors(X, y, K):
        X = np.asarray(X, dtype=float)
        n_cls = len(np.unique(y)) if classes == "unique" else K
        X1 = np.hstack([X, np.ones((len(X), 1))]) if bias else X
        m = X1.shape[1]
        pts = np.argsort(y, kind="stable") if order == "grouped" else range(len(X))
        rows = []
        for i in pts:
            for c in range(n_cls):
                if c != y[i] or keep_true:
                    row = np.zeros((n_cls, m))
                    row[c] -= sign * X1[i]
                    row[y[i]] += sign * X1[i]
                    rows.append(row.ravel())
        return np.array(rows)

    return kesler_vectors


WRONG_KESLER = {
    "signs swapped": (_kesler(sign=-1.0), "case 1 of"),
    "forgotten bias coordinate": (_kesler(bias=False), "case 1 of"),
    "a row for the true class too": (_kesler(keep_true=True), "case 1 of"),
    "points visited class by class": (
        _kesler(order="grouped"),
        "labels in mixed order",
    ),
    "K counted from the labels": (
        _kesler(classes="unique"),
        "a class that no point belongs to",
    ),
}


def test_the_reference_of_the_wrong_answers_is_right():
    # Without a planted mistake the helper above is a correct solution, so each
    # rejection below is due to its one mistake.
    assert lc.check.exercise("ex-ch6-kesler-code", _kesler())


@pytest.mark.parametrize("name", WRONG_KESLER)
def test_kesler_check_rejects(name):
    fn, case = WRONG_KESLER[name]
    assert_rejects("ex-ch6-kesler-code", fn, case)


@pytest.mark.parametrize(
    ("answer_id", "wrong"),
    [
        ("ex-ch6-kesler-a", [-2, 1, -1, 2, -1, 1, 0, 0, 0]),  # the one against class 0
        ("ex-ch6-kesler-a", [0, 0, 0, 2, -1, 0, -2, 1, 0]),  # no bias coordinate
        ("ex-ch6-kesler-a", [0, 0, 0, 2, -1, 1, -2, 1]),  # a number missing
        ("ex-ch6-kesler-c", 36),  # forgot ||xi||^2 = 2 ||x~||^2
        ("ex-ch6-kesler-c", 12),  # (R / gamma) without squaring, times 2
        ("ex-ch6-kesler-c", 72.5),  # a bound on a count is asked as a whole number
        ("ex-ch6-ovo-cycles-b", 4),  # K instead of K - 1
        ("ex-ch6-ovo-cycles-b", 2),
    ],
)
def test_ch6_answers_reject(answer_id, wrong):
    assert lc.check.answer(answer_id, wrong).status == "wrong"


def test_ch6_answers_accept_the_worked_values():
    x1 = [2.0, -1.0, 1.0]
    assert lc.check.answer("ex-ch6-kesler-a", [0, 0, 0, *x1, *(-np.array(x1))])
    assert lc.check.answer("ex-ch6-kesler-c", 2 * 3.0**2 / 0.5**2)
    assert lc.check.answer("ex-ch6-kesler-c", "72")
    bound = lc.geometry.novikoff_bound(np.sqrt(2) * 3.0, 0.5)  # the theorem's bound
    assert bound == pytest.approx(72.0, rel=1e-12)
    assert lc.check.answer("ex-ch6-ovo-cycles-b", 3)


def test_kesler_cases_are_what_their_names_say():
    from linclass.check._core import EXERCISES

    cases = {c.name: c.args for c in EXERCISES["ex-ch6-kesler-code"].cases()}
    X, y, K = cases["three classes in the plane, points grouped by class"]
    assert np.all(np.diff(y) >= 0) and len(np.unique(y)) == K == 3
    assert X.shape[1] == 2
    _, y, _ = cases["labels in mixed order"]
    assert np.any(np.diff(y) < 0)
    _, y, K = cases["a class that no point belongs to"]
    assert len(np.unique(y)) < K and y.max() == K - 1
    _, y, K = cases["two classes"]
    assert K == 2 and set(y) == {0, 1}
    X, y, _ = cases["integer input"]
    assert X.dtype.kind == "i"


def _gaussian(pooling="n-K", priors="frequency", one_pass=False):
    def gaussian_machine(X, y, K):
        X = np.asarray(X, dtype=float)
        n = len(X)
        means = np.array([X[y == c].mean(axis=0) for c in range(K)])
        if one_pass:  # sum x x' - n_c mu mu': cancels far from the origin
            S_W = sum(
                X[y == c].T @ X[y == c] - np.sum(y == c) * np.outer(means[c], means[c])
                for c in range(K)
            )
        else:
            S_W = sum(
                (X[y == c] - means[c]).T @ (X[y == c] - means[c]) for c in range(K)
            )
        S = S_W / {"n-K": n - K, "n": n}[pooling]
        W = np.linalg.solve(S, means.T).T
        counts = np.bincount(y, minlength=K)
        log_prior = {
            "frequency": np.log(counts / n),
            "none": np.zeros(K),
            "counts": np.log(counts),
        }[priors]
        return W, -0.5 * np.sum(W * means, axis=1) + log_prior

    return gaussian_machine


WRONG_GAUSSIAN = {
    "covariance S_W / n": (_gaussian(pooling="n"), "case 1 of"),
    "priors left out": (_gaussian(priors="none"), "case 1 of"),
    "log counts for log priors": (_gaussian(priors="counts"), "case 1 of"),
    "one-pass scatter": (_gaussian(one_pass=True), "points far from the origin"),
}


def test_the_reference_of_the_wrong_gaussian_machines_is_right():
    assert lc.check.exercise("ex-ch6-gaussian-machine", _gaussian())


@pytest.mark.parametrize("name", WRONG_GAUSSIAN)
def test_gaussian_machine_check_rejects(name):
    fn, case = WRONG_GAUSSIAN[name]
    assert_rejects("ex-ch6-gaussian-machine", fn, case)


def test_gaussian_machine_reference_is_the_textbook_formula_and_fisher_lda():
    # The check's reference and FisherLDA (which predicts by the Gaussian machine
    # for K > 2) both agree with the formula written out above, on every case.
    from linclass.check._core import EXERCISES

    textbook = _gaussian()
    for case in EXERCISES["ex-ch6-gaussian-machine"].cases():
        X, y, K = case.args
        W, b = textbook(X, y, K)
        np.testing.assert_allclose(case.expected[0], W, rtol=1e-7, err_msg=case.name)
        np.testing.assert_allclose(case.expected[1], b, rtol=1e-7, err_msg=case.name)
        if K > 2:
            lda = lc.FisherLDA().fit(X, y)
            np.testing.assert_allclose(lda.coef_, W, rtol=1e-7, err_msg=case.name)
            np.testing.assert_allclose(lda.intercept_, b, rtol=1e-7, err_msg=case.name)


def test_gaussian_machine_cases_are_what_their_names_say():
    from linclass.check._core import EXERCISES

    cases = {c.name: c.args for c in EXERCISES["ex-ch6-gaussian-machine"].cases()}
    _, y, K = cases["three classes of equal size"]
    assert K == 3 and np.bincount(y).tolist() == [len(y) // 3] * 3
    X_uneq, y_uneq, K = cases["classes of 8, 20 and 40 points"]
    assert K == 3 and np.bincount(y_uneq).tolist() == [8, 20, 40]
    X, y, _ = cases["the same points in mixed order"]
    assert np.any(np.diff(y) < 0)
    assert sorted(map(tuple, np.column_stack([X, y]))) == sorted(
        map(tuple, np.column_stack([X_uneq, y_uneq]))
    )
    _, y, K = cases["four classes"]
    assert K == 4 and set(y.tolist()) == {0, 1, 2, 3}
    X, _, _ = cases["points far from the origin"]
    assert np.min(np.linalg.norm(X, axis=1)) > 1e4 * np.max(np.std(X, axis=0))
    _, y, K = cases["two classes"]
    assert K == 2 and set(y.tolist()) == {0, 1}


@pytest.mark.parametrize(
    ("factor", "status"), [(1 + 1e-9, "correct"), (1 + 1e-5, "wrong")]
)
def test_gaussian_machine_check_tolerance_is_rounding_not_error(factor, status):
    right = _gaussian()

    def scaled(X, y, K):
        W, b = right(X, y, K)
        return W * factor, b * factor

    verdict = lc.check.exercise("ex-ch6-gaussian-machine", scaled)
    assert verdict.status == status, verdict.message
    assert "rtol=1e-7, atol=1e-9" in verdict.message
