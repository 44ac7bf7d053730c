"""Chapter 2's checks reject plausible wrong answers, naming the failing case."""

import numpy as np
import pytest

import linclass as lc


def _batch(test, count_last=True, bias=True):
    def batch_perceptron(X, y, eta=1.0, max_epochs=1000):
        w, b = np.zeros(X.shape[1]), 0.0
        for epoch in range(1, max_epochs + 1):
            M = test(y * (X @ w + b))
            if not M.any():
                return w, b, epoch if count_last else epoch - 1
            w = w + eta * (y[M] @ X[M])
            b = b + eta * y[M].sum() if bias else b
        return w, b, max_epochs

    return batch_perceptron


WRONG_BATCH = {
    # (wrong function, a case name the verdict must name)
    "strict test: never leaves w = 0": (_batch(lambda m: m < 0), "case 1 of"),
    "the final clean epoch not counted": (
        _batch(lambda m: m <= 0, count_last=False),
        "separable data in the unit disc",
    ),
    "forgotten bias": (
        _batch(lambda m: m <= 0, bias=False),
        "separable data in the unit disc",
    ),
}


@pytest.mark.parametrize("name", WRONG_BATCH)
def test_batch_check_rejects(name):
    fn, case = WRONG_BATCH[name]
    verdict = lc.check.exercise("ex-ch2-batch-code", fn)
    assert verdict.status == "wrong" and case in verdict.message, verdict.message


def test_batch_check_catches_the_tie_only_case():
    # Right at w = 0 (everything is a mistake), strict afterwards: only the case
    # with a point exactly on the hyperplane can tell.
    def batch_perceptron(X, y, eta=1.0, max_epochs=1000):
        w, b = np.zeros(X.shape[1]), 0.0
        for epoch in range(1, max_epochs + 1):
            m = y * (X @ w + b)
            M = m <= 0 if epoch == 1 else m < 0
            if not M.any():
                return w, b, epoch
            w, b = w + eta * (y[M] @ X[M]), b + eta * y[M].sum()

    verdict = lc.check.exercise("ex-ch2-batch-code", batch_perceptron)
    assert "exactly on the hyperplane" in verdict.message, verdict.message


@pytest.mark.parametrize(
    ("answer_id", "wrong"),
    [
        ("ex-ch2-one-step-a", "no"),
        ("ex-ch2-one-step-a", "correct"),
        ("ex-ch2-one-step-b", [3, 0, 1]),  # added eta*x instead of eta*y*x
        ("ex-ch2-one-step-b", [1, -2, 0]),  # forgot the bias update
    ],
)
def test_one_step_rejects(answer_id, wrong):
    assert lc.check.answer(answer_id, wrong).status == "wrong"


def test_one_step_accepts_its_worked_answer():
    assert lc.check.answer("ex-ch2-one-step-a", "Yes")
    w, b = np.array([2.0, -1.0]), 0.0
    x, y = np.array([1.0, 1.0]), -1
    assert lc.check.answer("ex-ch2-one-step-b", [*(w + y * x), b + y])
