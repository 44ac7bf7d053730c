"""Chapter 1's checks reject plausible wrong answers, naming the failing case."""

import numpy as np
import pytest
from exercise_sources import assert_rejects

import linclass as lc


def _project(step):
    def project(X, w, b):
        return X - np.outer(step(X, w, b), w)

    return project


WRONG_PROJECT = {
    # (wrong function, a case name the verdict must name)
    "divides by ||w|| instead of ||w||^2": (
        _project(lambda X, w, b: (X @ w + b) / np.linalg.norm(w)),
        "a normal that is not a unit vector",
    ),
    "forgets the bias": (
        _project(lambda X, w, b: (X @ w) / (w @ w)),
        "a unit normal in the plane",
    ),
    "moves the wrong way": (
        _project(lambda X, w, b: -(X @ w + b) / (w @ w)),
        "a unit normal in the plane",
    ),
}


@pytest.mark.parametrize("name", WRONG_PROJECT)
def test_project_check_rejects(name):
    fn, case = WRONG_PROJECT[name]
    assert_rejects("ex-ch1-project", fn, case)


def test_project_check_catches_an_in_place_update_of_integer_input():
    def project(X, w, b):
        X -= np.outer((X @ w + b) / (w @ w), w)  # fails on an integer array
        return X

    verdict = lc.check.exercise("ex-ch1-project", project)
    assert "integer input" in verdict.message, verdict.message


def test_project_check_catches_a_single_row_flattened():
    def project(X, w, b):
        return np.squeeze(X - np.outer((X @ w + b) / (w @ w), w))

    verdict = lc.check.exercise("ex-ch1-project", project)
    assert "a single point" in verdict.message, verdict.message


@pytest.mark.parametrize(
    ("answer_id", "wrong"),
    [
        ("ex-ch1-margins-a", 10),  # the score, not divided by ||w||
        ("ex-ch1-margins-a", -2),  # the margin, not the distance
        ("ex-ch1-margins-b", 2),  # forgot the label
        ("ex-ch1-margins-b", -10),  # the functional margin
        ("ex-ch1-margins-c", -2),  # the geometric margin does not scale
        ("ex-ch1-margins-c", -10),  # the functional margin before scaling
        ("ex-ch1-margins-d", "+1"),  # the sign(0) = +1 convention
        ("ex-ch1-margins-d", "0"),
        ("ex-ch1-parallel-b", 10),  # |b1 - b2| without dividing by ||w||
        ("ex-ch1-parallel-b", 1.2),  # |b1 + b2| / ||w||
    ],
)
def test_pen_and_paper_parts_reject(answer_id, wrong):
    assert lc.check.answer(answer_id, wrong).status == "wrong"


def test_pen_and_paper_parts_accept_the_worked_values():
    w, b, x, y = np.array([3.0, 4.0]), -3.0, np.array([3.0, 1.0]), -1
    r = (w @ x + b) / np.linalg.norm(w)
    assert lc.check.answer("ex-ch1-margins-a", r)
    assert lc.check.answer("ex-ch1-margins-b", y * r)
    assert lc.check.answer("ex-ch1-margins-c", y * (10 * w @ x + 10 * b))
    assert lc.check.answer("ex-ch1-margins-d", "-1")
    assert lc.check.answer("ex-ch1-margins-d", "Negative")
    assert lc.check.answer("ex-ch1-parallel-b", abs(2 - (-8)) / np.linalg.norm(w))
