"""make grade, the quick part: what crosses between the learner's process and the
grader's is data that rebuilds the learner's values (never pickle), a notebook is
found by the exercise ids it names, and weights are checked. The crafted class of
submissions is graded end to end by make test-grade (tests/slow_grade.py)."""

import json
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

import linclass as lc
from tools.grade import grade
from tools.grade.worker import Unreadable, decode, encode


class _Odd:
    def __repr__(self):
        return "<odd>"


VALUES = [
    None,
    True,
    3,
    10**400,
    -2.5,
    float("nan"),
    float("inf"),
    "1 -2 -1",
    Fraction(1, 3),
    Decimal("2.000"),
    1 + 2j,
    ...,
    [1, [2.0, "x"]],
    (np.array([1.0, 2.0]), 0.5, 3),
    np.array(2),
    np.array([[1, 2]], dtype=np.int32),
]


@pytest.mark.parametrize("value", VALUES, ids=repr)
def test_values_cross_as_data_and_come_back(value):
    data = json.loads(json.dumps(encode(value)))
    back = decode(data)
    assert repr(back) == repr(value) or (
        isinstance(value, float) and np.isnan(value) and np.isnan(back)
    )


def test_an_object_comes_back_as_its_text_and_gets_a_verdict():
    back = decode(json.loads(json.dumps(encode(_Odd()))))
    assert isinstance(back, Unreadable) and repr(back) == "<odd>"
    verdict = lc.check.run_answer("ex-ch2-draws-a", back)
    assert "got <odd>" in verdict.message


def test_the_same_verdict_as_in_the_notebook():
    for answer_id, value in [
        ("ex-ch2-one-step-b", np.array([3, 0, 1])),
        ("ex-ch2-draws-a", Fraction(11, 30)),
        ("ex-ch3-epochs-b", np.int64(56)),
    ]:
        direct = lc.check.run_answer(answer_id, value).message
        assert lc.check.run_answer(answer_id, decode(encode(value))).message == direct


def test_a_notebook_is_found_by_its_exercise_ids(tmp_path):
    code = {"cell_type": "code", "source": 'lc.check.answer("ex-ch2-draws-a", 0.3)'}
    (tmp_path / "anything.ipynb").write_text(json.dumps({"cells": [code]}))
    (tmp_path / "notes.txt").write_text("my notes")
    (tmp_path / "other.ipynb").write_text(json.dumps({"cells": []}))
    notebooks, ids, notes = grade.read_notebooks(tmp_path)
    assert [p.name for p in notebooks] == ["anything.ipynb"]
    assert ids == {"ex-ch2-draws-a"}
    assert notes == [
        "notes.txt is not a notebook",
        "other.ipynb has no exercise of the course",
    ]


def test_weights_are_numbers(tmp_path):
    path = tmp_path / "w.yml"
    path.write_text("ex-ch2-draws-a: 2\nex-ch2-draws-b: many\n")
    with pytest.raises(ValueError, match="weights must be numbers"):
        grade.weights_of(path)
    path.write_text("ex-ch2-draws-a: 2\n")
    assert grade.weights_of(path) == {"ex-ch2-draws-a": 2}


def test_the_parts_of_a_chapter():
    assert grade.parts_of({2}) == [
        "ex-ch2-batch-code",
        "ex-ch2-draws-a",
        "ex-ch2-draws-b",
        "ex-ch2-one-step-a",
        "ex-ch2-one-step-b",
        "ex-ch2-replacement-code",
    ]
