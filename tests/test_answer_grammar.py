"""The one answer grammar of linclass.check: every form of tests/answer_forms.py is
read to its canonical text, Python values too, nothing typed is ever run, and each
wrong answer of the table gets its message. The site's boxes run the same tables in
test_answer_boxes.py."""

import math
from decimal import ROUND_DOWN

import numpy as np
import pytest
from answer_forms import ACCEPTED, WRONG

import linclass as lc
from linclass.check._answers import (
    FormError,
    accepted,
    canonical,
    close_forms,
    decimals_text,
    given_decimals,
)
from linclass.check._core import ANSWERS, Answer
from linclass.check._grammar import ParseError, one_number, parse


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


@pytest.mark.parametrize("value", [0.36, "0.36", "0,36"])
def test_a_right_number_to_fewer_decimals_is_close_typed_or_as_a_python_value(value):
    # "0,36" is one number with a decimal comma, not the vector (0, 36)
    verdict = lc.check.answer("ex-ch2-draws-a", value)
    label = ANSWERS["ex-ch2-draws-a"].label
    assert verdict.message == (
        f"✗ ex-ch2-draws-a ({label}): close: right to 2 decimals, but give 3 decimals."
    )


@pytest.mark.parametrize("value", ["yes", "Yes.", True, np.bool_(True)])
def test_a_yes_no_answer_is_judged_as_yes_or_no(value):
    verdict = lc.check.answer("ex-ch2-one-step-a", value)
    label = ANSWERS["ex-ch2-one-step-a"].label
    assert verdict.message == f"✓ ex-ch2-one-step-a ({label}): correct."


def test_a_masked_entry_is_not_read_as_a_number():
    # np.ma reads a masked entry as 0 in arithmetic; an answer must not: the
    # learner is told the form expected, not judged on a 0 they never gave.
    verdict = lc.check.answer(
        "ex-ch2-one-step-b", np.ma.array([1.0, -2.0, -1.0], mask=[0, 1, 0])
    )
    label = ANSWERS["ex-ch2-one-step-b"].label
    assert verdict.message == (
        f"✗ ex-ch2-one-step-b ({label}): expected numbers, comma or space "
        "separated, to 3 decimals each, got [1, --, -1]."
    )


def test_a_sign_before_the_end_of_a_function_is_told_as_an_early_end():
    verdict = lc.check.answer("ex-ch1-margins-a", "sqrt(2 -")
    label = ANSWERS["ex-ch1-margins-a"].label
    assert verdict.message == (
        f"✗ ex-ch1-margins-a ({label}): could not read this (the answer ends too "
        "early); the answer is a number, to 3 decimals (fractions, %, pi, e, sqrt, "
        "exp work)."
    )


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # every look-alike is read as its ASCII twin
        ("3\u00d72", 6.0),
        ("3\u00b72", 6.0),
        ("6\u00f74", 1.5),
        ("2\u20131", 1.0),
        ("2\u22121", 1.0),
        ("\u03c0", math.pi),
        # a number may start or end with its point; only trailing ".!?" is dropped
        (".5", 0.5),
        ("5.", 5.0),
        ("Yes!", True),
        # words, constants and functions in any case
        ("PI", math.pi),
        ("E", math.e),
        ("Sqrt(4)", 2.0),
        ("ln(e)", 1.0),
        ("LOG(E)", 1.0),
        ("exp(0)", 1.0),
        ("negative", -1.0),
        ("Positive", 1.0),
        # signs: unary plus, repeated signs, a sign binds looser than ^ only
        ("+3", 3.0),
        ("--2", 2.0),
        ("+-2", -2.0),
        ("-(2)", -2.0),
        ("2*-3", -6.0),
        ("2^-1^2", 0.5),
        ("sqrt(4)^2", 4.0),
        # % divides by 100, once per sign
        ("50%", 0.5),
        ("50%%", 0.005),
        ("-50%", -0.5),
        # parentheses group, brackets make a list even of one item
        ("(1)", 1.0),
        ("[1]", (1.0,)),
        ("(1,2)", (1.0, 2.0)),
        ("((1,2))", (1.0, 2.0)),
        ("[1 2]", (1.0, 2.0)),
        ("yes no", (True, False)),
        ("Yes, n", (True, False)),
        ("2 -3*2", (2.0, -6.0)),
        ("1-2 -3", (-1.0, -3.0)),
    ],
)
def test_grammar_values(text, value):
    got = parse(text)
    assert got == value and type(got) is type(value), (text, got)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the answer is empty"),
        ("  ", "the answer is empty"),
        ("?", "the answer is empty"),
        ("sqrt(-1)", "sqrt(-1) is not a finite real number"),
        ("ln(0)", "ln(0) is not a finite real number"),
        ("exp (2", "expected ')', got 'the end'"),
        ("sqrt(4", "expected ')', got 'the end'"),
        ("[1", "expected ']', got 'the end'"),
        ("(1]", "unexpected ']'"),
        ("()", "unexpected ')'"),
        ("1 )", "unexpected ')'"),
        ("0^-1", "0^-1 is not a real number"),
        ("10^400", "10^400 is not a real number"),
        ("(-8)^(1/3)", "is not a real number"),
        ("1e999", "the number 1e999 is too large"),
        ("(1,2)*2", "arithmetic works on numbers only"),
        ("-(1, 2)", "arithmetic works on numbers only"),
        ("(1, 2)%", "arithmetic works on numbers only"),
        ("1/0", "division by zero"),
        ("1/(1-1)", "division by zero"),
        ("1 +", "the answer ends too early"),
        # a sign before the end reads as an operator inside a function or bars too
        ("sqrt(2 -", "the answer ends too early"),
        ("|2 -", "the answer ends too early"),
        ("-yes", "unexpected 'yes'"),  # a word is not a number, nor a function
        ("2*no", "unexpected 'no'"),
        ("a1", "unknown word 'a'"),
        ("2 $", "the character $ (at 3) is not understood"),
    ],
)
def test_grammar_errors_say_what_is_wrong(text, message):
    with pytest.raises(ParseError) as err:
        parse(text)
    assert str(err.value) == message or (
        message.startswith("is not") and str(err.value).endswith(message)
    ), str(err.value)


@pytest.mark.parametrize(
    ("kind", "value", "canon"),
    [
        ("choice", "  The  Origin. ", "the origin"),
        ("number", (1.5,), "1.500"),  # a one-item list is its item
        ("integer", 3.0, "3"),
        ("integer", -0.0, "0"),
        ("integer", "1e20", "100000000000000000000"),
        ("yesno", "no", "no"),
        ("vector", (0.5, (0.25,)), "0.500,0.250"),
    ],
)
def test_canonical_texts(kind, value, canon):
    assert canonical(kind, value) == canon


@pytest.mark.parametrize(
    ("kind", "value"),
    [
        ("choice", 3),
        ("yesno", 2),
        ("number", "yes"),
        ("number", (1.0, 2.0)),
        ("number", float("nan")),
        ("number", np.float64("inf")),
        ("number", object()),
        ("integer", "2.5"),
        ("vector", ("yes", 1)),
    ],
)
def test_a_value_of_the_wrong_form_is_a_form_error(kind, value):
    with pytest.raises(FormError):
        canonical(kind, value)


def test_the_fewest_decimals_and_the_close_forms():
    assert given_decimals("number", 0.36, 3) == (2, "0.36")
    assert given_decimals("number", 0.362, 3) == (3, "0.362")
    assert given_decimals("number", 0.4, 3) == (1, "0.4")
    assert given_decimals("number", 1.0, 3) == (0, "1")
    assert given_decimals("vector", (0.5, 0.25), 3) == (2, "0.50,0.25")
    assert close_forms(ANSWERS["ex-ch2-draws-a"]) == {0: "0", 1: "0.4", 2: "0.36"}
    assert close_forms(ANSWERS["ex-ch2-one-step-a"]) == {}  # yes/no: never close
    assert decimals_text(1) == "1 decimal" and decimals_text(0) == "0 decimals"


def test_no_answer_is_not_attempted():
    verdict = lc.check.answer("ex-ch2-draws-a", ...)
    assert verdict.status == "not attempted" and "not attempted yet" in verdict.message


def test_none_is_a_helper_that_forgot_to_return():
    verdict = lc.check.answer("ex-ch2-draws-a", None)
    assert verdict.status == "wrong" and "did you forget return?" in verdict.message


@pytest.mark.parametrize(
    ("value", "status", "mark"),
    [
        (..., "not attempted", "…"),
        (None, "wrong", "✗"),
        ("0.362", "correct", "✓"),
        ("(1-1/30)^30", "correct", "✓"),
        ("0.5", "wrong", "✗"),
        ("0.36", "wrong", "✗"),
        ("yes", "wrong", "✗"),
        ("1 +", "wrong", "✗"),
    ],
)
def test_every_verdict_names_its_answer(value, status, mark):
    verdict = lc.check.answer("ex-ch2-draws-a", value)
    assert verdict.exercise == "ex-ch2-draws-a" and verdict.status == status
    assert repr(verdict) == f"Verdict('ex-ch2-draws-a', {status!r})"
    label = ANSWERS["ex-ch2-draws-a"].label
    assert verdict.message.startswith(f"{mark} ex-ch2-draws-a ({label}): ")
    assert bool(verdict) == (status == "correct")


def test_a_choice_accepts_each_spelling_in_canonical_form():
    one = Answer("x", "a word", "choice", "Origin")
    several = Answer("x", "a word", "choice", ("Origin", "The  origin."))
    assert accepted(one) == {"origin"}
    assert accepted(several) == {"origin", "the origin"}
    assert close_forms(several) == {}


def test_a_vector_is_close_at_fewer_decimals_too():
    spec = Answer("x", "three numbers", "vector", (0.125, -2.0, 1 / 3))
    assert close_forms(spec) == {
        0: "0,-2,0",
        1: "0.1,-2.0,0.3",
        2: "0.13,-2.00,0.33",
    }


def test_a_key_is_written_to_its_own_decimals():
    assert accepted(Answer("x", "l", "number", 0.125, decimals=2)) == {"0.13"}
    assert accepted(Answer("x", "l", "vector", (0.125, 1), decimals=1)) == {"0.1,1.0"}
    assert given_decimals("number", 0.125, 2) == (2, "0.13")


def test_an_unknown_answer_id_is_the_book_s_mistake_and_raises():
    with pytest.raises(ValueError, match="no answer called 'ex-nope'; the known"):
        lc.check.answer("ex-nope", 1.0)


def test_an_answer_is_read_to_its_key_s_decimals():
    # A key kept to 1 decimal: 72 and 72.04 are right, 72.4 is not
    lc.check.register_answer("ex-test-one-decimal", "a number", "number", 72.0, 1)
    try:
        assert ANSWERS["ex-test-one-decimal"].decimals == 1
        assert lc.check.answer("ex-test-one-decimal", "72").status == "correct"
        assert lc.check.answer("ex-test-one-decimal", 72.04).status == "correct"
        assert lc.check.answer("ex-test-one-decimal", 72.4).status == "wrong"
    finally:
        del ANSWERS["ex-test-one-decimal"]


def test_a_value_of_another_form_is_shown_back():
    verdict = lc.check.answer("ex-ch2-draws-a", [1, 2])
    assert verdict.message.endswith("got [1, 2].")


def test_a_vector_can_be_cut_off_entry_by_entry():
    # The "cut off rather than rounded" hint needs each number of a vector truncated
    assert canonical("vector", (0.125, -2.0379), 2, ROUND_DOWN) == "0.12,-2.03"
    assert canonical("vector", (0.125, -2.0379), 2) == "0.13,-2.04"


@pytest.mark.parametrize("minus", ["\u2212", "\u2010", "\u2013"])
def test_a_typed_minus_lookalike_keeps_a_decimal_comma_one_number(minus):
    assert one_number(f"{minus}3,75") == "-3.75"
    assert parse(one_number(f"{minus}3,75")) == -3.75


def test_a_function_of_a_parenthesised_list_is_refused_at_its_comma():
    # sqrt(...) reads one number up to its closing bracket, not a vector
    with pytest.raises(ParseError, match=r"expected '\)', got ','"):
        parse("sqrt(1, 2)")
