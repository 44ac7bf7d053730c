"""Tests of linclass._validation: every check and every message."""

import sys
import warnings

import numpy as np
import pytest
import scipy.sparse as sp
from exact_errors import raises_exactly
from sklearn.exceptions import (
    ConvergenceWarning,
    DataConversionWarning,
    NotFittedError,
)

from linclass._validation import (
    check_array_2d,
    check_binary_labels,
    check_bool,
    check_choice,
    check_class_labels,
    check_fitted_X,
    check_nonnegative_int,
    check_positive,
    check_vector,
    check_X_y,
)
from linclass.perceptron import Perceptron


def test_array_2d_converts_to_float64():
    X = check_array_2d(np.array([[1, 2], [3, 4]], dtype=np.int32))
    assert X.dtype == np.float64 and X.tolist() == [[1.0, 2.0], [3.0, 4.0]]
    assert check_array_2d(np.array([[True], [False]])).tolist() == [[1.0], [0.0]]
    assert check_array_2d(np.array([[1, 2]], dtype=object)).dtype == np.float64


@pytest.mark.parametrize(
    ("X", "error", "match"),
    [
        ([1.0, 2.0, 3.0], ValueError, r"X must be a 2-D array .* got shape \(3,\)"),
        (np.zeros((2, 2, 2)), ValueError, r"got shape \(2, 2, 2\)"),
        (5.0, ValueError, r"got shape \(\)"),
        (np.empty((0, 3)), ValueError, r"0 sample\(s\) \(shape=\(0, 3\)\)"),
        (np.empty((4, 0)), ValueError, r"0 feature\(s\) \(shape=\(4, 0\)\)"),
        ([[1.0, np.nan]], ValueError, "X contains NaN or infinity"),
        ([[1.0, -np.inf]], ValueError, "X contains NaN or infinity"),
        ([["a", "b"]], TypeError, "X must contain numbers"),
        ([[1 + 2j]], ValueError, "Complex data not supported"),
        (sp.csr_matrix(np.eye(2)), TypeError, "sparse input is not supported"),
    ],
)
def test_array_2d_rejects(X, error, match):
    with pytest.raises(error, match=match):
        check_array_2d(X)


def test_array_2d_uses_the_given_name():
    with pytest.raises(ValueError, match="points contains NaN"):
        check_array_2d([[np.nan]], name="points")


def test_vector():
    assert check_vector([1, 2, 3], d=3).tolist() == [1.0, 2.0, 3.0]
    with pytest.raises(ValueError, match=r"w must have length 2; got shape \(3,\)"):
        check_vector([1, 2, 3], d=2)
    with pytest.raises(ValueError, match="w must be a 1-D vector"):
        check_vector([[1.0]])
    with pytest.raises(ValueError, match="w contains NaN or infinity"):
        check_vector([1.0, np.inf])
    with pytest.raises(ValueError, match="normal is empty"):
        check_vector([], name="normal")


def test_X_y():
    X, y = check_X_y([[0], [1]], ["a", "b"])
    assert X.dtype == np.float64 and y.tolist() == ["a", "b"]
    with pytest.warns(DataConversionWarning, match="column-vector y"):
        _, y = check_X_y([[0], [1]], [[1], [0]])
    assert y.shape == (2,)
    with pytest.raises(ValueError, match="X has 2 rows but y has 3 labels"):
        check_X_y([[0], [1]], [0, 1, 1])
    with pytest.raises(ValueError, match=r"y must be a 1-D array of labels"):
        check_X_y([[0], [1]], [[0, 1], [1, 0]])
    with pytest.raises(ValueError, match="y contains NaN"):
        check_X_y([[0], [1]], [0.0, np.nan])
    with pytest.raises(ValueError, match="y contains NaN"):
        check_X_y([[0], [1]], np.array([0, float("nan")], dtype=object))
    with pytest.raises(ValueError, match="requires y to be passed"):
        check_X_y([[0], [1]], None)


def test_binary_labels():
    classes, y_pm = check_binary_labels(np.array([7, 3, 3, 7]))
    assert classes.tolist() == [3, 7] and y_pm.tolist() == [1.0, -1.0, -1.0, 1.0]
    assert y_pm.dtype == np.float64
    with pytest.raises(ValueError, match=r"exactly two classes; got 1 class: \[1\]"):
        check_binary_labels([1, 1])
    with pytest.raises(ValueError, match=r"Only binary classification is supported"):
        check_binary_labels(["a", "b", "c"])
    with pytest.raises(ValueError, match=r"got 12: \[0 1 2 3 4 5 6 7 8 9\] \.\.\."):
        check_binary_labels(np.arange(12))
    with pytest.raises(TypeError, match="mixes label types"):
        check_binary_labels(np.array([1, "a"], dtype=object))


def test_class_labels():
    classes, index = check_class_labels([2, 0, 5])
    assert classes.tolist() == [0, 2, 5] and index.tolist() == [1, 0, 2]
    with pytest.raises(ValueError, match="at least 3 classes; got 2 classes"):
        check_class_labels([0, 1], min_classes=3)
    with pytest.raises(TypeError, match="mixes label types"):
        check_class_labels(np.array([1, "a"], dtype=object))


@pytest.mark.parametrize("value", [1, 0.5, np.float32(2.0), np.int64(3)])
def test_positive_accepts(value):
    assert check_positive(value, "eta") == float(value)


@pytest.mark.parametrize(
    ("value", "error", "match"),
    [
        (0, ValueError, "eta must be a positive number"),
        (-0.1, ValueError, "eta must be a positive number"),
        (np.inf, ValueError, "eta must be a positive number"),
        (np.nan, ValueError, "eta must be a positive number"),
        (True, TypeError, "eta must be a real number; got bool"),
        ("1", TypeError, "eta must be a real number; got str"),
    ],
)
def test_positive_rejects(value, error, match):
    with pytest.raises(error, match=match):
        check_positive(value, "eta")


def test_nonnegative_int():
    assert check_nonnegative_int(0, "max_iter") == 0
    assert check_nonnegative_int(np.int32(5), "max_iter") == 5
    with pytest.raises(ValueError, match="max_iter must be a non-negative integer"):
        check_nonnegative_int(-1, "max_iter")
    with pytest.raises(TypeError, match="max_iter must be an integer; got float"):
        check_nonnegative_int(10.0, "max_iter")
    with pytest.raises(TypeError, match="got bool"):
        check_nonnegative_int(False, "max_iter")


def test_choice_and_bool():
    assert check_choice("batch", "mode", ("online", "batch")) == "batch"
    with pytest.raises(ValueError, match=r"mode must be one of \('online', 'batch'\)"):
        check_choice("Batch", "mode", ("online", "batch"))
    with pytest.raises(ValueError, match="mode must be one of"):
        check_choice(np.array(["batch"]), "mode", ("online", "batch"))
    assert check_bool(np.True_, "ratchet") is True
    with pytest.raises(TypeError, match="ratchet must be True or False; got 1"):
        check_bool(1, "ratchet")


def test_fitted_X():
    est = Perceptron()
    with pytest.raises(NotFittedError):
        check_fitted_X(est, [[0.0]])
    est.fit([[0.0, 1.0], [1.0, 0.0]], [0, 1])
    assert check_fitted_X(est, [[1, 2]]).dtype == np.float64
    with pytest.raises(
        ValueError, match="X has 1 features, but Perceptron is expecting 2"
    ):
        check_fitted_X(est, [[1.0]])


# --- whole messages, boundaries and promises (found by mutation testing) ----------


def test_float64_data_are_validated_without_a_copy():
    # a large float64 array is checked in place: no second copy of the data
    X = np.arange(6.0).reshape(3, 2)
    assert check_array_2d(X) is X
    w = np.array([1.0, 2.0])
    assert check_vector(w) is w


def test_finite_checks_warn_about_nothing_but_reject_what_is_not_finite():
    # A sum that overflows (1e308 + 1e308) or is undefined (inf - inf) is only the
    # first, cheap test: no RuntimeWarning reaches the learner, only the verdict.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        big = [[1e308, 1e308]]
        np.testing.assert_array_equal(check_array_2d(big), big)
        with pytest.raises(ValueError) as exc:
            check_array_2d([[np.inf, -np.inf]])
    assert str(exc.value) == "X contains NaN or infinity"


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: check_X_y([[0], [1]], None),
            ValueError,
            "this estimator requires y to be passed, but the target y is None",
        ),
        (
            lambda: check_X_y([[0], [1]], [0.0, np.nan]),
            ValueError,
            "y contains NaN or infinity",
        ),
        (
            lambda: check_X_y([[0], [1]], np.array([0, float("nan")], dtype=object)),
            ValueError,
            "y contains NaN or infinity",
        ),
        (lambda: check_X_y([[np.nan]], [0]), ValueError, "X contains NaN or infinity"),
        (
            lambda: check_array_2d(np.empty((0, 3))),
            ValueError,
            "X is empty: 0 sample(s) (shape=(0, 3)) while a minimum of 1 is required.",
        ),
        (
            lambda: check_binary_labels(np.array([1, "a"], dtype=object)),
            TypeError,
            "y mixes label types that cannot be compared (e.g. strings and numbers)",
        ),
        (
            lambda: check_class_labels(np.array([1, "a"], dtype=object)),
            TypeError,
            "y mixes label types that cannot be compared (e.g. strings and numbers)",
        ),
        (
            lambda: check_binary_labels(np.arange(10)),
            ValueError,
            "Only binary classification is supported: this binary classifier needs "
            "exactly two classes; got 10: [0 1 2 3 4 5 6 7 8 9]",
        ),
        (
            lambda: check_binary_labels(np.arange(11)),
            ValueError,
            "Only binary classification is supported: this binary classifier needs "
            "exactly two classes; got 11: [0 1 2 3 4 5 6 7 8 9] ...",
        ),
        (
            lambda: check_choice(np.array([1.0]), "w", (None, np.array([1.0, 2.0]))),
            ValueError,
            "w must be one of (None, array([1., 2.])); got array([1.])",
        ),
    ],
)
def test_checks_say_exactly_what_is_wrong(call, error, message):
    raises_exactly(call, error, message)


def test_a_column_vector_y_warns_at_the_learners_line():
    from matplotlib.figure import Figure

    import linclass as lc

    X, y = [[0.0, 1.0], [1.0, 0.0], [2.0, 2.0]], [[0], [1], [1]]
    ax = Figure().add_subplot()
    # the check is reached at different depths; each warning names the line of
    # the call into linclass (the lambda's line), never a line of linclass
    calls = [
        lambda: check_X_y(X, y),
        lambda: Perceptron().fit(X, y),
        lambda: lc.Pocket(max_iter=2).fit(X, y),
        lambda: lc.OneVsRest(Perceptron()).fit(X, y),
        lambda: lc.FisherLDA(reg=1e-3).fit(X, y),
        lambda: lc.plotting.plot_data(ax, X, y),
    ]
    for call in calls:
        with pytest.warns(DataConversionWarning) as record:
            call()
        assert str(record[0].message) == (
            "A column-vector y was passed when a 1d array was expected; "
            "it was flattened to shape (n_samples,)"
        )
        where = (record[0].filename, record[0].lineno)
        assert where == (__file__, call.__code__.co_firstlineno), where


def test_object_labels_are_checked_for_nan_only_where_they_are_numbers():
    y = np.array([0, 1.5, "a"], dtype=object)
    np.testing.assert_array_equal(check_X_y([[0], [1], [2]], y)[1], y)
    for bad in (float("nan"), float("inf")):
        with pytest.raises(ValueError, match="^y contains NaN or infinity$"):
            check_X_y([[0], [1]], np.array(["a", bad], dtype=object))


def test_numeric_binary_labels_are_encoded_without_a_sort(monkeypatch):
    # Two numeric values are found with min and max, in one pass: no np.unique
    # (a sort) on every fit of a binary estimator.
    def no_sort(*args, **kwargs):
        raise AssertionError("np.unique was called")

    # the classes keep the labels' own dtype, byte order included, as np.unique
    # keeps it (y.min() of big-endian labels is a native-order scalar)
    labels = ([7, 3, 3, 7], np.array([0.5, -1.0]), np.array([True, False]))
    for y in (*labels, np.array([0, 1, 1], dtype=">i4")):
        expected = np.unique(y)
        with monkeypatch.context() as patch:
            patch.setattr(np, "unique", no_sort)
            classes, y_pm = check_binary_labels(y)
        assert classes.dtype == expected.dtype == np.asarray(y).dtype
        assert y_pm.dtype == np.float64
        np.testing.assert_array_equal(classes, expected)
        np.testing.assert_array_equal(y_pm, np.where(y == expected[1], 1.0, -1.0))


def test_integer_labels_skip_the_sorting_label_check(monkeypatch):
    import sklearn.utils.multiclass

    from linclass._validation import check_label_type

    def sorting_check(y):
        raise AssertionError("check_classification_targets was called")

    monkeypatch.setattr(
        sklearn.utils.multiclass, "check_classification_targets", sorting_check
    )
    for y in ([3, 1, 2], np.array([0, 1], dtype=np.uint8), [True, False]):
        assert check_label_type(y) is None
    with pytest.raises(AssertionError, match="was called"):
        check_label_type([0.5, 1.5])


def test_fitted_means_the_attribute_named():
    est = Perceptron().fit([[0.0, 1.0], [1.0, 0.0]], [0, 1])
    with pytest.raises(NotFittedError):
        check_fitted_X(est, [[1.0, 2.0]], attribute="scalings_")


def test_vector_errors_use_the_given_name():
    with pytest.raises(TypeError, match="^normal must contain numbers; got dtype <U1"):
        check_vector(["a"], name="normal")


def test_a_convergence_warning_names_the_learners_line():
    # as the column-vector warning: whichever depth the fit is reached at, the
    # ConvergenceWarning names the line that called into linclass
    import linclass as lc

    X_xor, y_xor = [[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]], [0, 0, 1, 1]
    X3, y3 = (
        [[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0], [2.0, 2.0]],
        [0, 0, 1, 1, 2],
    )
    calls = [
        lambda: Perceptron(max_iter=3).fit(X_xor, y_xor),
        lambda: lc.OneVsRest(Perceptron(max_iter=3)).fit(X3, y3),
        lambda: lc.MulticlassPerceptron(max_iter=3).fit(X3, y3),
    ]
    for call in calls:
        with pytest.warns(ConvergenceWarning) as record:
            call()
        for warning in record:
            where = (warning.filename, warning.lineno)
            assert where == (__file__, call.__code__.co_firstlineno), where


def test_a_library_between_the_learners_line_and_linclass_is_skipped():
    # unittest.mock (the standard library) calls check_X_y here, as a decorator,
    # scikit-learn's cross_val_score or a mutation tester's trampoline would: the
    # warning names the learner's line, not the library's
    from unittest import mock

    call = mock.Mock(side_effect=check_X_y)
    with pytest.warns(DataConversionWarning) as record:
        line = sys._getframe().f_lineno + 1
        call([[0.0], [1.0]], [[0], [1]])
    assert (record[0].filename, record[0].lineno) == (__file__, line)


def test_the_line_is_found_even_when_the_finder_itself_is_wrapped(monkeypatch):
    # a wrapper around _outside_linclass (a mutation tester's trampoline, here
    # unittest.mock) must not shift the count from the function that warns
    from unittest import mock

    import linclass._validation as validation
    import linclass.perceptron as perceptron_module

    wrapped = mock.Mock(side_effect=validation._outside_linclass)
    monkeypatch.setattr(perceptron_module, "_outside_linclass", wrapped)
    X, y = [[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]], [0, 0, 1, 1]
    with pytest.warns(ConvergenceWarning) as record:
        line = sys._getframe().f_lineno + 1
        Perceptron(max_iter=2).fit(X, y)
    assert (record[0].filename, record[0].lineno) == (__file__, line)


def test_with_no_learners_line_the_warning_names_the_line_that_called_linclass():
    # linclass driven from library code only (here a thread started by the
    # standard library, running code filed under the standard library): no frame
    # is the learner's, so the warning names the frame that called linclass
    import os
    import sysconfig
    import threading

    fake = os.path.join(sysconfig.get_paths()["stdlib"], "driver_of_linclass.py")
    # through Perceptron.fit: linclass's outermost frame is then fit's, and a
    # wrapper that a mutation tester puts around check_X_y stays inside linclass
    code = compile("Perceptron().fit([[0.0], [1.0]], [[0], [1]])", fake, "exec")
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        # exec is a builtin: the thread's frames are the fake file's and threading's
        thread = threading.Thread(target=exec, args=(code, {"Perceptron": Perceptron}))
        thread.start()
        thread.join()
    caught = [(r.filename, r.lineno) for r in record]
    assert caught == [(fake, 1)]
