"""Chapter 1's checks reject plausible wrong answers, naming the failing case."""

import dataclasses

import numpy as np
import pytest
from exact_errors import raises_exactly
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


def _right_project(X, w, b):
    X, w = np.asarray(X, float), np.asarray(w, float)
    return X - np.outer((X @ w + b) / (w @ w), w)


def test_project_cases_are_what_their_names_say():
    cases = {c.name: c.args for c in lc.check._ch1._project_cases()}
    X, w, _ = cases["a unit normal in the plane"]
    assert X.shape[1] == 2 and np.isclose(np.linalg.norm(w), 1.0)
    X, w, _ = cases["a normal that is not a unit vector, in R^5"]
    assert X.shape[1] == 5 and not np.isclose(np.linalg.norm(w), 1.0)
    X, w, b = cases["a point already on the hyperplane"]
    # one point that must stay where it is, among points that must move
    scores = X @ w + b
    assert np.sum(scores == 0.0) == 1 and np.all(scores[scores != 0.0] > 0.5)
    X, w, _ = cases["integer input"]
    assert X.dtype.kind == "i" and w.dtype.kind == "i"
    _, _, b = cases["a hyperplane through the origin (b = 0)"]
    assert b == 0.0
    X, _, _ = cases["data far from the origin"]
    assert np.min(np.linalg.norm(X, axis=1)) > 100 * np.max(np.std(X, axis=0))
    X, _, _ = cases["a single point"]
    assert X.shape[0] == 1


@pytest.mark.parametrize(("shift", "status"), [(5e-10, "correct"), (1e-6, "wrong")])
def test_project_check_tolerates_rounding_near_zero_only(shift, status):
    # an absolute tolerance of 1e-9: a coordinate that should be 0 may come out
    # as 5e-10 after another order of summation
    verdict = lc.check.exercise(
        "ex-ch1-project", lambda X, w, b: _right_project(X, w, b) + shift
    )
    assert verdict.status == status, verdict.message
    assert "rtol=1e-9, atol=1e-9" in verdict.message


def _drift(case, what):
    return (
        f"ex-ch1-project: the case {case!r} no longer has {what}; its reference "
        "changed with linclass, so the check needs new data here"
    )


def test_a_drifted_unit_normal_names_its_case(monkeypatch):
    from linclass.check import _ch1
    from linclass.check._core import CaseDrift

    real = _ch1.make_separable

    def longer_normal(*args, **kwargs):
        data = real(*args, **kwargs)
        return dataclasses.replace(data, w=2 * data.w)

    monkeypatch.setattr(_ch1, "make_separable", longer_normal)
    raises_exactly(
        _ch1._project_cases,
        CaseDrift,
        _drift("a unit normal in the plane", "a unit normal"),
    )


def test_a_drifted_normal_of_another_length_names_its_case(monkeypatch):
    from linclass.check import _ch1
    from linclass.check._core import CaseDrift

    monkeypatch.setattr(_ch1.np, "isclose", lambda *args: True)
    raises_exactly(
        _ch1._project_cases,
        CaseDrift,
        _drift(
            "a normal that is not a unit vector, in R^5", "a normal of another length"
        ),
    )


def test_a_drifted_point_on_the_hyperplane_names_its_case(monkeypatch):
    # the point that must stay where it is is found on the hyperplane by linclass's
    # signed distance; if that moved it off, the case would test a point like others
    from linclass.check import _ch1
    from linclass.check._core import CaseDrift

    real = _ch1.signed_distance
    monkeypatch.setattr(_ch1, "signed_distance", lambda *args: real(*args) + 1e-3)
    raises_exactly(
        _ch1._project_cases,
        CaseDrift,
        _drift("a point already on the hyperplane", "a point on it"),
    )
