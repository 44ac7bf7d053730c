"""Checks that teach the learner who is wrong (issue 30) and never raise (issue 29).

The wrong implementations the issue found passing, each with the message it must
get now; every registered mistake of every answer key with its hint; and every
kind of value a learner can pass, each with a verdict, never a traceback.
"""

import math
import re
import sys
import warnings
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from exercise_sources import book_solution

import linclass as lc
from linclass.check._answers import accepted, mistake_forms, run_answer
from linclass.check._compare import show
from linclass.check._core import ANSWERS, HINTS

# --- coding checks: every promise of the docstring -------------------------------


def _batch(stop=True, epochs_type=int, ignore_max=False):
    def batch_perceptron(X, y, eta=1.0, max_epochs=1000):
        w, b, epoch = np.zeros(X.shape[1]), 0.0, 0
        while ignore_max or epoch < max_epochs:
            epoch += 1
            M = y * (X @ w + b) <= 0
            if not M.any():
                return w, b, epochs_type(epoch)
            w, b = w + eta * (y[M] @ X[M]), b + eta * y[M].sum()
        if stop:
            raise RuntimeError("did not converge")
        return w, b, max_epochs

    return batch_perceptron


def _replacement_returning(X, y, seed, max_epochs=1000):
    rng, n = np.random.default_rng(seed), len(y)
    w, b, updates = np.zeros(X.shape[1]), 0.0, 0
    for epoch in range(1, max_epochs + 1):
        for i in rng.integers(0, n, n):
            if y[i] * (X[i] @ w + b) <= 0:
                w, b, updates = w + y[i] * X[i], b + y[i], updates + 1
        if np.all(y * (X @ w + b) > 0):
            return w, b, epoch, updates
    return w, b, max_epochs, updates  # the docstring says: RuntimeError


def _bound_as_text(X, y, w, b, c=1.0):
    bound = book_solution("ex-ch3-bound-code")["mistake_bound"](X, y, w, b, c)
    return "inf" if math.isinf(bound) else bound


def _batch_swallowing_everything(X, y, eta=1.0, max_epochs=1000):
    while True:  # ignores max_epochs and catches whatever it can
        try:
            np.zeros(3).sum()
        except Exception:
            pass


GIVE_UP = "case 6 of 6, data that are not separable (XOR), with max_epochs=25"
WRONG_CODE = [
    # (exercise, wrong function, what the message must say)
    (
        "ex-ch2-batch-code",
        _batch(ignore_max=True),
        f"{GIVE_UP}: still running after 2 s, stopped by the check's time limit "
        "(an endless loop? a missing stopping test?); on these data it must raise "
        "RuntimeError (the check passed max_epochs=25).",
    ),
    (
        "ex-ch2-batch-code",
        _batch(stop=False),
        f"{GIVE_UP}: returned ([0, 0], 0, 25), but on these data it must raise "
        "RuntimeError.",
    ),
    (
        "ex-ch2-replacement-code",
        _replacement_returning,
        "data that are not separable (XOR), with max_epochs=25: returned (",
    ),
    (
        "ex-ch2-batch-code",
        _batch(epochs_type=float),
        "item 2 of the result: expected an int (compared exactly), got the float ",
    ),
    (
        "ex-ch3-bound-code",
        _bound_as_text,
        "a point exactly on the hyperplane: expected a float, got the str 'inf'",
    ),
]


@pytest.mark.parametrize(("exercise_id", "fn", "message"), WRONG_CODE)
def test_wrong_implementations_of_the_issue_get_their_message(exercise_id, fn, message):
    verdict = lc.check.exercise(exercise_id, fn)
    assert verdict.status == "wrong" and message in verdict.message, verdict.message


def test_a_loop_that_catches_everything_is_still_stopped():
    verdict = lc.check.exercise("ex-ch2-batch-code", _batch_swallowing_everything)
    assert "case 1 of 6" in verdict.message
    assert "stopped by the check's time limit" in verdict.message


def test_the_book_solutions_raise_where_their_docstrings_promise():
    for exercise_id, name in [
        ("ex-ch2-batch-code", "batch_perceptron"),
        ("ex-ch2-replacement-code", "perceptron_replacement"),
    ]:
        verdict = lc.check.exercise(exercise_id, book_solution(exercise_id)[name])
        assert verdict and "all 6 cases" in verdict.message, verdict.message


def test_the_wrong_exception_is_named():
    def batch_perceptron(X, y, eta=1.0, max_epochs=1000):
        try:
            return _batch()(X, y, eta, max_epochs)
        except RuntimeError:
            raise ValueError("not separable") from None

    verdict = lc.check.exercise("ex-ch2-batch-code", batch_perceptron)
    assert "raised ValueError: not separable" in verdict.message
    assert verdict.message.endswith("but it must raise RuntimeError."), verdict.message


def test_a_wrong_signature_says_what_the_check_passes():
    def batch_perceptron(X, y, lr=1.0, epochs=1000):
        return _batch()(X, y, lr, epochs)

    verdict = lc.check.exercise("ex-ch2-batch-code", batch_perceptron)
    assert verdict.message.endswith(
        "case 5 of 6, a learning rate of 0.5: cannot call your "
        "batch_perceptron(X, y, lr=1.0, epochs=1000) as the check does, with 2 "
        "positional arguments and eta=0.5 (got an unexpected keyword argument "
        "'eta'); the exercise asks for batch_perceptron(X, y, eta=1.0, "
        "max_epochs=1000)."
    ), verdict.message
    assert "line" not in verdict.message  # not a line of the checker

    verdict = lc.check.exercise("ex-ch6-kesler-code", lambda X, y: X)
    assert "with 3 positional arguments (too many positional arguments)" in (
        verdict.message
    ), verdict.message


def test_exit_and_huge_results_get_a_verdict():
    verdict = lc.check.exercise(
        "ex-ch2-batch-code", lambda X, y, eta=1.0, max_epochs=1000: sys.exit(3)
    )
    assert "raised SystemExit: 3" in verdict.message
    verdict = lc.check.exercise("ex-ch3-bound-code", lambda X, y, w, b, c=1.0: 1e308)
    assert "got 1e+308 (tolerance" in verdict.message, verdict.message


class _Unprintable:
    def __repr__(self):
        raise RuntimeError("no repr")

    def __array__(self, *args, **kwargs):
        raise RuntimeError("no array")


def test_any_returned_object_gets_a_verdict():
    verdict = lc.check.exercise("ex-ch1-project", lambda X, w, b: _Unprintable())
    assert verdict.status == "wrong"
    assert "an object of type _Unprintable" in verdict.message, verdict.message


# --- short answers: a hint for each likely mistake --------------------------------


@pytest.mark.parametrize("answer_id", sorted(ANSWERS))
def test_every_answer_names_its_likely_mistakes(answer_id):
    spec, hints = ANSWERS[answer_id], HINTS.get(answer_id)
    assert hints and hints.method, f"{answer_id}: no method hint"
    assert len(hints.mistakes) >= (1 if spec.kind == "yesno" else 2), answer_id
    right = accepted(spec)
    for value, hint in hints.mistakes:
        assert mistake_forms(spec, value)[spec.decimals] not in right, (
            answer_id,
            value,
        )
        shown = value() if callable(value) else value
        verdict = lc.check.answer(answer_id, shown)
        # the first mistake of equal value wins; each one's hint must be reachable
        first = next(
            h
            for v, h in hints.mistakes
            if mistake_forms(spec, v)[spec.decimals]
            == mistake_forms(spec, value)[spec.decimals]
        )
        assert verdict.message.endswith(f"not yet: {first}"), verdict.message
        del hint


def _numbers(text):
    return {float(x) for x in __import__("re").findall(r"-?\d+(?:\.\d+)?", text)}


@pytest.mark.parametrize("answer_id", sorted(ANSWERS))
def test_no_hint_gives_the_answer_away(answer_id):
    spec, hints = ANSWERS[answer_id], HINTS[answer_id]
    right = sorted(accepted(spec))[0]
    for hint in [h for _, h in hints.mistakes] + [hints.method]:
        assert right not in hint, (answer_id, hint)  # as the site's boxes test it
    expected = spec.expected() if callable(spec.expected) else spec.expected
    if spec.kind in ("number", "integer"):
        key = {round(float(expected), spec.decimals)}
        for hint in [h for _, h in hints.mistakes] + [hints.method]:
            # numbers of the exercise's own text (n = 30, K = 4...) may appear
            assert not key & {round(x, spec.decimals) for x in _numbers(hint)} or (
                abs(float(expected)) in (1.0, 2.0)
            ), (answer_id, hint)


def test_close_means_the_key_to_fewer_decimals_only():
    def said(answer_id, value):
        return lc.check.answer(answer_id, value).message

    assert "close: right to 2 decimals" in said("ex-ch2-draws-a", 0.36)
    assert "close: right to 1 decimal" in said("ex-ch5-by-hand-c", "-3.8")
    for answer_id, value in [
        ("ex-ch2-draws-a", (1 / 30) ** 30),
        ("ex-ch5-units-a", 0),
        ("ex-ch5-by-hand-b", [2, -3]),
        ("ex-ch2-draws-a", 0.4),
    ]:
        assert "close" not in said(answer_id, value), (answer_id, value)
    assert "cut off rather than rounded" in said("ex-ch2-draws-a", 0.361)
    assert "cut off rather than rounded" in said("ex-ch5-by-hand-c", -3.7)


def test_register_mistakes_checks_its_input(monkeypatch):
    from linclass.check import _core

    monkeypatch.setattr(_core, "HINTS", dict(_core.HINTS))
    with pytest.raises(ValueError, match="no answer called"):
        lc.check.register_mistakes("ex-nothing", [(1, "x")])
    with pytest.raises(ValueError, match=r"a \(value, hint\) pair"):
        lc.check.register_mistakes("ex-ch1-margins-a", [(1,)])
    with pytest.raises(ValueError, match="method must be"):
        lc.check.register_mistakes("ex-ch1-margins-a", [], method="")


# --- every value a learner can pass gets a verdict --------------------------------


class _Broken:
    def __repr__(self):
        raise RuntimeError("no repr")

    def __float__(self):
        raise RuntimeError("no float")


_LOOP = []
_LOOP.append(_LOOP)

ANY_VALUE = [
    # (value, status, what the message must say)
    (1e300, "wrong", "not yet: compute the score"),
    (10**400, "wrong", "got 1.000000e+400, too large to be a float"),
    (1e308, "wrong", "not yet: compute the score"),
    (1e-300, "wrong", "not yet: compute the score"),
    ("1e300", "wrong", "not yet: compute the score"),
    ("1e400", "wrong", "could not read this (the number 1e400 is too large)"),
    ("10^400", "wrong", "could not read this"),
    (float("nan"), "wrong", "got nan, not a finite number"),
    (float("-inf"), "wrong", "got -inf, not a finite number"),
    (1 + 2j, "wrong", "got (1+2j)"),
    ([[1, [2]]], "wrong", "expected a number"),
    (np.array(2), "correct", "correct"),
    (np.array([[2.0]]), "wrong", "expected a number"),
    (Fraction(2), "correct", "correct"),
    (Decimal("2.000"), "correct", "correct"),
    (Decimal("NaN"), "wrong", "not a finite number"),
    ("", "wrong", "could not read this (the answer is empty)"),
    ("   ", "wrong", "could not read this (the answer is empty)"),
    (None, "wrong", "returned None: did you forget return?"),
    (object(), "wrong", "got <object object at"),
    (_Broken(), "wrong", "got an object of type _Broken"),
    (_LOOP, "wrong", "expected a number"),
    (b"2", "wrong", "expected a number"),
    ({"r": 2}, "wrong", "expected a number"),
    (True, "wrong", "expected a number"),
]


@pytest.mark.parametrize(("value", "status", "message"), ANY_VALUE)
def test_every_value_gets_a_verdict(value, status, message):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no RuntimeWarning either
        verdict = lc.check.answer("ex-ch1-margins-a", value)
    assert verdict.status == status and message in verdict.message, verdict.message


def test_a_nested_value_in_a_vector_answer():
    assert lc.check.answer("ex-ch2-one-step-b", [[1, [-2]], np.array(-1)])
    # an empty vector is a vector of the wrong length (test_answer_reading.py)
    assert lc.check.answer("ex-ch2-one-step-b", []).message.endswith(
        "expected 3 numbers, got 0."
    )
    yes = [lc.check.answer("ex-ch2-one-step-a", v).status for v in (1, 1.0, "1", 0)]
    assert yes == ["correct", "correct", "correct", "wrong"]


def test_huge_numbers_are_shown_short():
    assert show(1e308) == "1e+308" and show(10**400) == "1.000000e+400"
    assert show(1e-30) == "1e-30" and show(0.1 + 0.2) == "0.30000000000000004"


# --- format examples that are not answers -----------------------------------------


def _examples(text, quote):
    found = re.findall(quote + r"([^`]+)" + quote, text)
    return {x.strip('"') for x in found if not x.startswith(("lc.", "..."))}


def test_no_format_example_is_an_answer():
    from pathlib import Path

    from tools.book.exercises import _intro

    intro = "".join(_intro(Path("chapters/02_perceptron.ipynb"), 2)["source"])
    examples = _examples(intro, "`") | _examples(lc.check.answer.__doc__, "``")
    assert {"-7/4", "4 -1 0.5", "(9/10)^20", "2pi", "0,25"} <= examples, examples
    for example in sorted(examples):
        for answer_id, spec in ANSWERS.items():
            if spec.kind == "yesno":
                continue  # shown as pairs, yes and no: neither gives anything away
            verdict = run_answer(answer_id, example)
            assert not verdict, f"the example {example!r} answers {answer_id}"
