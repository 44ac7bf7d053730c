"""The one answer grammar of linclass.check: every form of tests/answer_forms.py is
read to its canonical text, Python values too, nothing typed is ever run, and each
wrong answer of the table gets its message. The site's boxes run the same tables in
test_answer_boxes.py."""

import numpy as np
import pytest
from answer_forms import ACCEPTED, WRONG

import linclass as lc
from linclass.check._answers import canonical
from linclass.check._grammar import ParseError, parse


@pytest.mark.parametrize(("kind", "decimals", "text", "canon"), ACCEPTED)
def test_typed_forms_are_accepted(kind, decimals, text, canon):
    assert canonical(kind, text, decimals) == canon


@pytest.mark.parametrize(
    ("kind", "value", "canon"),
    [
        ("integer", -1, "-1"),
        ("integer", np.int64(-1), "-1"),
        ("number", -15 / 4, "-3.750"),
        ("number", np.float32(0.5), "0.500"),
        ("vector", np.array([1, -2, -1]), "1.000,-2.000,-1.000"),
        ("vector", (np.array([1.0, -2.0]), -1), "1.000,-2.000,-1.000"),
        ("vector", [[1, -2], -1], "1.000,-2.000,-1.000"),
        ("yesno", True, "yes"),
        ("yesno", np.bool_(False), "no"),
    ],
)
def test_python_values_are_accepted(kind, value, canon):
    assert canonical(kind, value) == canon


def test_nothing_typed_is_ever_run(monkeypatch):
    import builtins

    def trap(*args, **kwargs):
        raise AssertionError("learner text reached eval/exec/import")

    real_import = builtins.__import__

    def guarded_import(name, *args, **kwargs):
        if name in ("os", "subprocess"):
            trap()
        return real_import(name, *args, **kwargs)

    for name in ("eval", "exec", "compile"):
        monkeypatch.setattr(builtins, name, trap)
    monkeypatch.setattr(builtins, "__import__", guarded_import)
    for text in ("__import__('os').system('true')", "open('x')", "().__class__", "x"):
        with pytest.raises(ParseError):
            parse(text)


def test_grammar_precedence():
    assert parse("-2^2") == -4.0 and parse("2^-1") == 0.5
    assert parse("1 - 2") == -1.0 and parse("1 -2") == (1.0, -2.0)
    assert parse("2^3^2") == 512.0


@pytest.mark.parametrize(("answer_id", "text", "state", "message"), WRONG)
def test_wrong_answers_teach(answer_id, text, state, message):
    verdict = lc.check.answer(answer_id, text)
    assert verdict.status == "wrong"
    assert message in verdict.message, verdict.message


def test_a_right_number_to_fewer_decimals_is_close_as_a_python_value_too():
    verdict = lc.check.answer("ex-ch2-draws-a", 0.36)
    assert "close: right to 2 decimals, but give 3 decimals" in verdict.message
