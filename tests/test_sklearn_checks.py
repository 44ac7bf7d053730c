"""scikit-learn's own estimator checks, run on every linclass estimator.

The list of checks is scikit-learn's (``estimator_checks_generator``, the
generator behind ``parametrize_with_checks``), with two adjustments so that
nothing is skipped silently in this environment:

- ``check_array_api_input`` is left out: it only runs when SCIPY_ARRAY_API=1,
  and linclass does not claim array-API support (numpy arrays only).
- ``check_classifier_data_not_an_array`` ends with a pandas part that skips
  itself because pandas is not a dependency of the course; its array-like
  part ("NotAnArray") is run directly instead.
"""

import warnings
from functools import partial

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning
from sklearn.utils.estimator_checks import (
    check_estimators_data_not_an_array,
    estimator_checks_generator,
)

from linclass.lda import FisherLDA
from linclass.multiclass import MulticlassPerceptron, OneVsOne, OneVsRest
from linclass.perceptron import Perceptron
from linclass.pocket import Pocket

ESTIMATORS = [
    Perceptron(),
    Perceptron(mode="batch", max_iter=200),
    Perceptron(order="random", random_state=0, bias_update="r2", max_iter=100),
    Pocket(max_iter=20, ratchet=True, random_state=0),
    FisherLDA(reg=1e-6),
    OneVsRest(FisherLDA(reg=1e-6)),
    OneVsOne(Perceptron(max_iter=200)),
    MulticlassPerceptron(order="random", random_state=0, max_iter=200),
]


def check_not_an_array(name, estimator):
    # the data of scikit-learn's check_classifier_data_not_an_array
    X = np.array(
        [[3, 0], [0, 1], [0, 2], [1, 1], [1, 2], [2, 1]]
        + [[0, 3], [1, 0], [2, 0], [4, 4], [2, 3], [3, 2]]
    )
    y = np.array([1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2])
    check_estimators_data_not_an_array(name, estimator, X, y, "NotAnArray")


def _check_name(check):
    return check.func.__name__ if isinstance(check, partial) else check.__name__


def _cases():
    for estimator in ESTIMATORS:
        for est, check in estimator_checks_generator(estimator, legacy=True):
            name = _check_name(check)
            if name == "check_array_api_input":
                continue
            if name == "check_classifier_data_not_an_array":
                check = partial(check_not_an_array, type(est).__name__)
                name = "check_not_an_array"
            yield pytest.param(est, check, id=f"{est!r}-{name}")


@pytest.mark.parametrize(("estimator", "check"), list(_cases()))
def test_sklearn_compatible(estimator, check):
    # Checks fit random or tiny data sets, on which a perceptron may not converge;
    # the warning is expected there and is not what these checks are about.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        check(estimator)


def test_every_estimator_gets_many_checks():
    counts = {}
    for param in _cases():
        key = repr(param.values[0])
        counts[key] = counts.get(key, 0) + 1
    assert len(counts) == len(ESTIMATORS)
    assert min(counts.values()) >= 40


def test_binary_estimators_declare_it():
    for est in (Perceptron(), Pocket()):
        assert est.__sklearn_tags__().classifier_tags.multi_class is False
    for est in (
        MulticlassPerceptron(),
        OneVsRest(Perceptron()),
        OneVsOne(Pocket()),
        FisherLDA(),
    ):
        assert est.__sklearn_tags__().classifier_tags.multi_class is True
