"""How linclass.check._compare writes numbers and differences for a learner.

The messages are compared whole: a digit more or less, an exponent written
differently or a type named wrongly is what a learner reads.
"""

import warnings
from fractions import Fraction

import numpy as np
import pytest

from linclass.check._compare import close, describe, same, sci, show, tolerance_text
from linclass.check._core import Case


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (1e-6, "0.000001"),  # the smallest number written without an exponent
        (9.5e-7, "9.5e-07"),
        (9999999999999998.0, "9999999999999998"),
        (1e16, "1e+16"),  # the first written with one
        (1.5e-30, "1.5e-30"),
        (1.5e300, "1.5e+300"),
        (np.arange(6.0), "[0, 1, 2, 3, 4, 5]"),  # six entries: in full
        (np.arange(7.0), "an array of shape (7,)"),  # seven: by shape
        (np.array(["a", "b"]), "['a', 'b']"),
        (np.ma.array([1.0, -2.0, -1.0], mask=[0, 1, 0]), "[1, --, -1]"),
        ("abc", "'abc'"),
        (9999999999999999, "9999999999999999"),
        (10**16, "1.000000e+16"),  # an int from 1e16 on: with an exponent
        (10**400, "1.000000e+400"),
        ("a" * 78, "'" + "a" * 78 + "'"),  # 80 characters: in full
        ("a" * 79, "'" + "a" * 76 + "..."),  # 81: cut to 80
    ],
)
def test_values_are_written_short_and_as_people_write_them(value, text):
    assert show(value) == text


def test_the_size_limit_reaches_the_items_of_a_tuple():
    assert show((np.arange(3.0), 1.0), limit=2) == "(an array of shape (3,), 1)"


def test_an_object_that_cannot_be_shown_is_named_by_its_type():
    class Broken:
        def __repr__(self):
            raise RuntimeError("no repr")

    assert show(Broken()) == "an object of type Broken"


MESSAGES = [
    # (got, expected, rtol, atol, the message)
    (2.1234, 2.0, 0, 0, "expected 2, got 2.123 (exact equality)"),  # 3 decimals tell
    (2.0, 2.1234, 0, 0, "expected 2.123, got 2 (exact equality)"),
    (2.0001, 2.0, 0, 0, "expected 2, got 2.0001 (exact equality)"),  # 3 do not
    # neighbouring doubles: each in its shortest form that reads back as itself
    (
        np.nextafter(0.1, 1),
        0.1,
        0,
        0,
        "expected 0.1, got 0.10000000000000002 (exact equality)",
    ),
    # below 0.1, leading zeros used to eat the decimals: "0.00001, got 0.00001"
    (
        np.nextafter(1e-5, 1),
        1e-5,
        0,
        0,
        "expected 0.00001, got 0.000010000000000000003 (exact equality)",
    ),
    # rounding must not straddle: 0.0015 and 0.0014999 are not 0.002 and 0.001
    (0.0014999, 0.0015, 0, 0, "expected 0.0015, got 0.0014999 (exact equality)"),
    (2.0006, 2.0004, 0, 0, "expected 2.0004, got 2.0006 (exact equality)"),
    # a printed gap of twice the real one is too wide: not "0.001, got 0.002"
    (0.0015, 0.001, 0, 0, "expected 0.001, got 0.0015 (exact equality)"),
    # 16 decimals cannot tell them apart and 17 would round both: each in full
    (
        1.6442729367151727e-05,
        1.644272936714173e-05,
        0,
        0,
        "expected 0.00001644272936714173, got 0.000016442729367151727 (exact equality)",
    ),
    # each number as Python prints it where that is shorter than 16 decimals
    (
        np.nextafter(0.512758723262078, 1),
        0.512758723262078,
        0,
        0,
        "expected 0.512758723262078, got 0.5127587232620782 (exact equality)",
    ),
    (1e308, -1e308, 0, 0, "expected -1e+308, got 1e+308 (exact equality)"),
    (2e-30, 1e-30, 0, 0, "expected 1e-30, got 2e-30 (exact equality)"),
    (
        1.2345e-30,
        1.2346e-30,
        0,
        0,
        "expected 1.2346e-30, got 1.2345e-30 (exact equality)",
    ),
    (
        np.nextafter(1e-30, 1),
        1e-30,
        0,
        0,
        "expected 1.0000000000000001e-30, got 1.0000000000000003e-30 (exact equality)",
    ),
    (1e-9, 0.0, 0, 0, "expected 0, got 1e-09 (exact equality)"),  # no hidden atol
    (float("nan"), float("nan"), 0, 0, "expected nan, got nan (exact equality)"),
    ([1.0], (1.0, 2.0), 0, 0, "expected a tuple of 2 items, got [1.0]"),
    (5.0, (1.0, 2.0), 0, 0, "expected a tuple of 2 items, got 5"),
    ("no", "yes", 0, 0, "expected 'yes', got 'no'"),
    ("yes", "yes", 0, 0, None),
    (np.zeros(2), np.zeros(3), 0, 0, "expected shape (3,), got shape (2,) ([0, 0])"),
    (np.array([1.0]), 1.0, 0, 0, "expected a float, got [1] (a ndarray)"),
    (np.array(1.0), 1.0, 0, 0, None),  # a 0-d array is a number
    ("inf", 1.0, 0, 0, "expected a float, got the str 'inf'"),
    ([1.0], 1.0, 0, 0, "expected a float, got [1.0] (a list)"),
    (
        [[1], [1, 2]],
        np.zeros(2),
        0,
        0,
        "expected an array of numbers, got [[1], [1, 2]] (a list)",
    ),
    (["a"], [1.0], 0, 0, "expected a number or an array, got ['a']"),
    (2**70, 2**70, 0, 0, None),  # a count beyond int64 (2**70 dichotomies)
]


@pytest.mark.parametrize(("got", "expected", "rtol", "atol", "message"), MESSAGES)
def test_a_difference_is_told_in_the_learners_terms(got, expected, rtol, atol, message):
    assert same(got, expected, rtol, atol) == message


def test_same_compares_exactly_unless_told_a_tolerance():
    assert same(1.5, 1.0) == "expected 1, got 1.5 (exact equality)"
    assert same(1.0 + 1e-12, 1.0) == "expected 1, got 1.000000000001 (exact equality)"


def test_close_applies_both_of_its_tolerances():
    assert close(rtol=0, atol=1e-3)(1.0005, 1.0) is None
    assert close(rtol=1e-3, atol=0)(1.0005, 1.0) is None
    assert close(rtol=0, atol=1e-3)(1.002, 1.0) == (
        "expected 1, got 1.002 (tolerance atol=0.001)"
    )


def test_tolerances_are_written_without_padding():
    assert [sci(1e20), sci(1e-9), sci(2.5e-7)] == ["1e20", "1e-9", "2.5e-7"]
    assert tolerance_text(1e20, 0) == "rtol=1e20"


@pytest.mark.parametrize(
    ("expected", "text"),
    [
        (True, "a bool, as equal values"),
        (np.float64(1.0), "a float: numbers as float64, exactly"),
        (np.int64(3), "an int: exactly"),
        (np.zeros(3, bool), "a 1-d array: numbers as float64, exactly"),
    ],
)
def test_a_check_names_the_type_it_compares(expected, text):
    assert describe([Case("c", (), expected)]) == text


def test_the_article_follows_the_type_name():
    class Xylophone:
        pass

    assert describe([Case("c", (), Xylophone())]) == "a Xylophone, as equal values"


def test_a_check_without_cases_says_so():
    assert describe([]) == "nothing (the exercise has no cases)"


def test_a_count_is_compared_as_an_int_however_large():
    # float64 cannot tell 2**70 + 1 from 2**70, nor 2**62 + 1 from 2**62
    assert same(2**70 + 1, 2**70) == (
        "expected 1180591620717411303424, got 1180591620717411303425 (exact equality)"
    )
    assert same(np.int64(2**62 + 1), 2**62) == (
        "expected 4611686018427387904, got 4611686018427387905 (exact equality)"
    )
    assert same(np.int64(2**62), 2**62) is None
    assert same(58, 57, rtol=0.1, atol=1.0) == "expected 57, got 58 (exact equality)"


def test_a_reference_of_any_real_numbers_is_compared_as_floats():
    # Case.expected is any value an exercise's author gives: a Fraction, or a list
    # with an int beyond int64, is the number it stands for, not an object
    assert same(1 / 3, Fraction(1, 3)) is None
    assert same([2.0**64], [2**64]) is None
    assert same([0.5, 2.0**64], [Fraction(1, 2), 2**64]) is None
    assert same(0.25, Fraction(1, 3)) == "expected 0.333, got 0.25 (exact equality)"


@pytest.mark.parametrize("exponent", range(-12, 17))
@pytest.mark.parametrize("sign", [1.0, -1.0])
def test_two_different_floats_never_print_alike(exponent, sign):
    # the neighbours of 1.5 * 10**k: the closest two floats can be
    x = sign * 1.5 * 10.0**exponent
    for other in (np.nextafter(x, np.inf), np.nextafter(x, -np.inf)):
        message = same(other, x)
        expected, got = message.split("expected ")[1].split(" (")[0].split(", got ")
        assert expected != got, message
        # and the printed gap is no wider than the real one (no rounding across)
        assert abs(float(expected) - float(got)) <= 2 * abs(x - other), message


def test_a_gap_beyond_the_largest_float_is_told_without_a_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert same(1e308, -1e308) == "expected -1e+308, got 1e+308 (exact equality)"
