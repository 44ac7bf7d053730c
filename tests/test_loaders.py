"""The real data sets' loaders: what they return, and how they refuse a selection."""

import numpy as np
import pytest

from linclass import data
from tests.exact_errors import raises_exactly

DIGITS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: data.load_iris(classes=[3]), "class index 3 out of range 0..2"),
        (lambda: data.load_iris(features=[4]), "feature index 4 out of range 0..3"),
        (lambda: data.load_iris(features=[-1]), "feature index -1 out of range 0..3"),
        (lambda: data.load_digits(classes=[10]), "class index 10 out of range 0..9"),
        (
            lambda: data.load_digits(classes=["ten"]),
            f"unknown class 'ten'; choose from {DIGITS}",
        ),
        (
            lambda: data.load_iris(classes=[]),
            "choose at least one class, or None for all of them",
        ),
        (
            lambda: data.load_iris(features=()),
            "choose at least one feature, or None for all of them",
        ),
        (
            lambda: data.load_digits(classes=[]),
            "choose at least one class, or None for all of them",
        ),
    ],
)
def test_a_selection_out_of_range_or_empty_is_refused_by_name(call, message):
    raises_exactly(call, ValueError, message)


def test_a_feature_is_found_by_its_full_name_or_its_short_name():
    full = data.load_iris(features=["petal length (cm)"])
    short = data.load_iris(features=["petal length"])
    assert full[2] == short[2] == ["petal length (cm)"]
    np.testing.assert_array_equal(full[0], short[0])


def test_digits_are_chosen_by_their_name_as_well_as_their_value():
    X, y = data.load_digits(classes=["3", 8])
    assert sorted(set(y.tolist())) == [3, 8]


@pytest.mark.parametrize(
    "load",
    [
        lambda: data.load_iris()[:2],
        lambda: data.load_iris(classes=["virginica"])[:2],
        lambda: data.load_digits(),
        lambda: data.load_digits(classes=(3, 8)),
        lambda: data.load_breast_cancer()[:2],
    ],
)
def test_the_loaders_return_float_inputs_and_integer_labels(load):
    # the docstrings' promise: X of float64, y of int, whatever scikit-learn stores
    X, y = load()
    assert X.dtype == np.float64 and y.dtype.kind == "i"
