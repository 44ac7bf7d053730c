"""What a learner reads back from an answer: the whole verdict message when a value
is not a number we can judge, the forms a key is matched in (its own decimals, cut
off, close), numbers too large for a float or for the default decimal precision,
empty vectors, and how an implicit product binds against the other operators
(those rows are in tests/answer_forms.py, which the site's boxes run too)."""

import math

import numpy as np
import pytest

import linclass as lc
from linclass.check._answers import accepted, close_forms, cut_forms
from linclass.check._core import ANSWERS, HINTS
from linclass.check._grammar import ParseError, parse

NUMBER = "a number, to 3 decimals (fractions, %, pi, e, sqrt, exp work)"
DRAWS_HINT = (
    "each draw misses the point with probability 1 - 1/n, independently: "
    "all n draws must miss it."
)


def head(answer_id):
    """How every verdict on ``answer_id`` starts, after its mark."""
    return f"{answer_id} ({ANSWERS[answer_id].label}): "


def said(answer_id, value):
    return lc.check.answer(answer_id, value).message


@pytest.fixture
def key():
    """Register a short-lived answer key (and its mistakes); forget it afterwards."""
    made = []

    def make(answer_id, kind, expected, decimals=3, mistakes=()):
        lc.check.register_answer(answer_id, "a test key", kind, expected, decimals)
        made.append(answer_id)
        if mistakes:
            lc.check.register_mistakes(answer_id, mistakes)
        return ANSWERS[answer_id]

    yield make
    for answer_id in made:
        ANSWERS.pop(answer_id, None)
        HINTS.pop(answer_id, None)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (float("nan"), "nan, not a finite number"),
        (np.float64("inf"), "inf, not a finite number"),
        (10**400, "1.000000e+400, too large to be a float"),
    ],
    ids=["nan", "inf", "10**400"],
)
def test_a_value_that_is_no_float_says_why_in_the_whole_message(value, shown):
    message = said("ex-ch2-draws-a", value)
    assert message == f"✗ {head('ex-ch2-draws-a')}expected {NUMBER}, got {shown}."


def test_a_typed_product_beyond_the_floats_is_not_read():
    # Each number is finite, the product is not: no float holds 1e600.
    with pytest.raises(ParseError) as err:
        parse("1e300*1e300")
    assert str(err.value) == "the number is not finite"
    assert said("ex-ch2-draws-a", "1e300*1e300") == (
        f"✗ {head('ex-ch2-draws-a')}could not read this (the number is not "
        f"finite); the answer is {NUMBER}."
    )


@pytest.mark.parametrize("text", ["1e300*1e300, 1, 2", "(1, (2, -1e308*10))"])
def test_a_vector_with_a_number_beyond_the_floats_is_not_read(text):
    # as a single number is not: the same reason, not "expected numbers, got ..."
    with pytest.raises(ParseError) as err:
        parse(text)
    assert str(err.value) == "the number is not finite"
    assert said("ex-ch2-one-step-b", text) == (
        f"✗ {head('ex-ch2-one-step-b')}could not read this (the number is not "
        "finite); the answer is numbers, comma or space separated, to 3 decimals "
        "each."
    )


@pytest.mark.parametrize("value", ["1e30", 1e30, 1e300])
def test_a_number_with_more_digits_than_decimal_s_default_is_judged(value):
    # 1e30 to 3 decimals is 34 digits, 1e300 is 304: more than decimal's default
    # precision (28), yet an answer like any other, wrong with the method hint
    message = said("ex-ch2-draws-a", value)
    assert message == f"✗ {head('ex-ch2-draws-a')}not yet: {DRAWS_HINT}"


@pytest.mark.parametrize(
    ("answer_id", "value"),
    [
        ("ex-ch2-draws-a", np.array(0.362)),
        ("ex-ch2-draws-a", np.array((1 - 1 / 30) ** 30)),
        ("ex-ch2-one-step-a", np.array(True)),
        ("ex-ch3-epochs-b", np.array(57)),
    ],
)
def test_a_zero_dimensional_array_is_its_one_value(answer_id, value):
    assert said(answer_id, value) == f"✓ {head(answer_id)}correct."


@pytest.mark.parametrize("value", [[], (), np.array([]), np.zeros((0, 3))])
def test_an_empty_vector_is_told_how_many_numbers_are_expected(value):
    # As for any vector of the wrong length, not "expected numbers, got []"
    message = said("ex-ch2-one-step-b", value)
    assert message == f"✗ {head('ex-ch2-one-step-b')}expected 3 numbers, got 0."


def test_a_vector_key_to_0_decimals_counts_an_empty_vector_too(key):
    key("ex-test-counts", "vector", (2.0, -3.0), decimals=0)
    message = said("ex-test-counts", [])
    assert message == f"✗ {head('ex-test-counts')}expected 2 numbers, got 0."


def test_a_mistake_is_matched_at_its_key_s_own_decimals(key):
    # A key kept to 1 decimal: the mistake 6.25 is typed "6.3" (or "6.25", which
    # is 6.3 at that precision), never "6.250"
    hint = "that is its square, not its root."
    key("ex-test-mistake", "number", 2.5, decimals=1, mistakes=[(6.25, hint)])
    for typed in ("6.3", "6.25", 6.25):
        assert said("ex-test-mistake", typed) == (
            f"✗ {head('ex-test-mistake')}not yet: {hint}"
        ), typed


def test_the_cut_forms_are_the_key_truncated_where_that_is_not_rounding():
    # Up to and including the asked decimals, never beyond: 0.3616... is cut to
    # 0.3 and 0.361 (rounding gives 0.4 and 0.362; at 0 and 2 decimals both agree)
    assert cut_forms(ANSWERS["ex-ch2-draws-a"]) == {1: "0.3", 3: "0.361"}
    # truncation goes towards zero: -3.75 is cut to -3 and -3.7
    assert cut_forms(ANSWERS["ex-ch5-by-hand-c"]) == {0: "-3", 1: "-3.7"}
    assert cut_forms(ANSWERS["ex-ch5-by-hand-b"]) == {0: "2,-2"}
    assert cut_forms(ANSWERS["ex-ch3-epochs-b"]) == {}  # a whole number is exact
    assert cut_forms(ANSWERS["ex-ch2-one-step-a"]) == {}


def test_a_vector_cut_off_entry_by_entry_is_told_so(key):
    key("ex-test-cut-vector", "vector", (0.125, -2.0379), decimals=2)
    assert said("ex-test-cut-vector", "0.12, -2.03") == (
        f"✗ {head('ex-test-cut-vector')}not yet: this looks cut off rather than "
        "rounded; round to 2 decimals."
    )
    assert said("ex-test-cut-vector", [0.13, -2.04]).startswith("✓")


def test_a_key_written_as_text_is_read_as_the_learner_s_text(key):
    # An instructor may type a key as a learner would, decimal comma included:
    # "0,3617" is one number, for the accepted, close and cut forms alike
    spec = key("ex-test-text-key", "number", "0,3617")
    assert accepted(spec) == {"0.362"}
    assert close_forms(spec) == {0: "0", 1: "0.4", 2: "0.36"}
    assert cut_forms(spec) == {1: "0.3", 3: "0.361"}
    start = f"✗ {head('ex-test-text-key')}"
    assert said("ex-test-text-key", "0,362") == f"✓ {head('ex-test-text-key')}correct."
    assert said("ex-test-text-key", "0.36") == (
        f"{start}close: right to 2 decimals, but give 3 decimals."
    )
    assert said("ex-test-text-key", "0.361") == (
        f"{start}not yet: this looks cut off rather than rounded; round to 3 decimals."
    )


def test_a_word_glued_to_a_number_is_the_next_item_not_a_factor():
    # Only a constant, a function, a number or a bracket multiplies what it is
    # glued to; a yes/no word after a number is another item, as after a space
    assert parse("2no") == parse("2 no") == (2.0, False)
    assert parse("1Yes") == (1.0, True)
    assert parse("3negative") == (3.0, -1.0)
    assert parse("2pi") == 2 * math.pi and parse("2e") == 2 * math.e


@pytest.mark.parametrize("text", ["1.2.3", "0.36.2", "1..5", "1e5.5"])
def test_a_number_with_two_points_is_not_read_as_a_product(text):
    # "1.2.3" would be 1.2 times .3 = 0.36, "close" to the key of ex-ch2-draws-a:
    # a number has one point, and a second one is said to be unexpected
    second = "." + text.rsplit(".", 1)[1]
    with pytest.raises(ParseError) as err:
        parse(text)
    assert str(err.value) == f"unexpected {second!r}"
    assert said("ex-ch2-draws-a", text) == (
        f"✗ {head('ex-ch2-draws-a')}could not read this (unexpected {second!r}); "
        f"the answer is {NUMBER}."
    )


def test_numbers_apart_are_items_and_a_bracket_still_multiplies():
    assert parse("1.2 .3") == (1.2, 0.3)
    assert parse("1.2, .3") == (1.2, 0.3)
    assert parse("(1.2).3") == parse("1.2(.3)") == 1.2 * 0.3
