"""Shared input checks for every ``linclass`` module.

Each check either returns a clean, well-typed array or raises a ``ValueError`` /
``TypeError`` whose message names the problem (shape, NaN/inf, labels, parameter
range), so that a reader who passes bad data learns what is wrong instead of
getting a silent wrong answer.
"""

from __future__ import annotations

import numbers
import os
import sys
import sysconfig
import warnings

import numpy as np
import scipy.sparse as sp
from sklearn.exceptions import DataConversionWarning

__all__ = [
    "check_array_2d",
    "check_vector",
    "check_X_y",
    "check_binary_labels",
    "check_positive",
    "check_nonnegative_int",
    "check_choice",
    "check_fitted_X",
    "check_bool",
    "check_class_labels",
    "check_label_type",
]


def _as_float(a, name):
    """Convert to float64, turning numpy's conversion errors into a clear TypeError."""
    if sp.issparse(a):
        raise TypeError(
            f"{name} is a sparse matrix, and sparse input is not supported; "
            f"convert it with {name}.toarray()"
        )
    arr = np.asarray(a)
    if arr.dtype.kind in "biuf":
        return arr.astype(np.float64, copy=False)
    if arr.dtype.kind == "c":
        raise ValueError(
            f"{name} must be real-valued: Complex data not supported "
            f"(dtype {arr.dtype})"
        )
    try:
        return arr.astype(np.float64)
    except (TypeError, ValueError) as exc:
        raise TypeError(
            f"{name} must contain numbers; got dtype {arr.dtype} "
            f"that cannot be converted to float ({exc})"
        ) from exc


def _check_finite(arr, name):
    # A finite sum proves every entry finite without a temporary boolean array;
    # only a non-finite sum (NaN, inf, or an overflow) needs the exact test.
    with np.errstate(over="ignore", invalid="ignore"):
        total = arr.sum()
    if not np.isfinite(total) and not np.isfinite(arr).all():
        raise ValueError(f"{name} contains NaN or infinity")


def check_array_2d(X, name="X"):
    """Validate a data matrix.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Numeric data.
    name : str, default="X"
        Name used in error messages.

    Returns
    -------
    ndarray of float64, shape (n_samples, n_features)

    Raises
    ------
    TypeError
        If ``X`` is not numeric.
    ValueError
        If ``X`` is not 2-D, is empty, or contains NaN or infinity.

    Examples
    --------
    >>> check_array_2d([[1, 2], [3, 4]]).dtype
    dtype('float64')
    >>> check_array_2d([1, 2, 3])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: X must be a 2-D array of shape (n_samples, n_features); got ...
    """
    arr = _as_float(X, name)
    if arr.ndim != 2:
        raise ValueError(
            f"{name} must be a 2-D array of shape (n_samples, n_features); "
            f"got shape {arr.shape}. Reshape your data, e.g. with "
            f"{name}.reshape(-1, 1) if it has a single feature"
        )
    for axis, what in ((0, "sample"), (1, "feature")):
        if arr.shape[axis] == 0:
            raise ValueError(
                f"{name} is empty: 0 {what}(s) (shape={arr.shape}) while a "
                "minimum of 1 is required."
            )
    _check_finite(arr, name)
    return arr


def check_vector(w, d=None, name="w"):
    """Validate a finite 1-D vector, optionally of length ``d``.

    Parameters
    ----------
    w : array-like of shape (d,)
        Numeric vector.
    d : int or None, default=None
        Required length, or None for any non-zero length.
    name : str, default="w"
        Name used in error messages.

    Returns
    -------
    ndarray of float64, shape (d,)

    Examples
    --------
    >>> check_vector([1, 2], d=2)
    array([1., 2.])
    >>> check_vector([1, 2], d=3)
    Traceback (most recent call last):
    ...
    ValueError: w must have length 3; got shape (2,)
    """
    arr = _as_float(w, name)
    if arr.ndim != 1:
        raise ValueError(f"{name} must be a 1-D vector; got shape {arr.shape}")
    if d is not None and arr.shape[0] != d:
        raise ValueError(f"{name} must have length {d}; got shape {arr.shape}")
    if arr.shape[0] == 0:
        raise ValueError(f"{name} is empty")
    _check_finite(arr, name)
    return arr


_PACKAGE = os.path.dirname(os.path.abspath(__file__)) + os.sep
# installed libraries and the standard library: a wrapper there between linclass
# and the learner (a decorator, a mutation tester's trampoline, scikit-learn's
# cross_val_score) is not the learner's line either
_LIBRARIES = tuple(
    {
        os.path.abspath(path) + os.sep
        for key in ("stdlib", "platstdlib", "purelib", "platlib")
        if (path := sysconfig.get_paths().get(key))
    }
)


def _outside_linclass():
    """The ``stacklevel`` of the line that called into linclass.

    A check is called at different depths (``plot_data`` calls it, ``fit`` calls
    it through a helper), so a fixed stacklevel would name a line of linclass for
    some callers; the learner needs the line of their own code: the first frame
    beyond linclass's outermost one that is not in an installed library.
    """
    files = []
    frame = sys._getframe(1)
    while frame is not None and not frame.f_code.co_filename.startswith(_PACKAGE):
        frame = frame.f_back  # a wrapper around this function: count from the warner
    while frame is not None:
        files.append(frame.f_code.co_filename)
        frame = frame.f_back
    outermost = max(k for k, name in enumerate(files) if name.startswith(_PACKAGE))
    for k in range(outermost + 1, len(files)):
        if not files[k].startswith(_LIBRARIES):
            return k + 1
    return min(outermost + 2, len(files))


def check_X_y(X, y):
    """Validate data and labels together.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        Numeric data (see :func:`check_array_2d`).
    y : array-like of shape (n_samples,)
        Labels of any type (numbers or strings); numeric labels must be finite.

    Returns
    -------
    X : ndarray of float64, shape (n_samples, n_features)
    y : ndarray, shape (n_samples,)

    Examples
    --------
    >>> X, y = check_X_y([[0.0], [1.0]], ["a", "b"])
    >>> X.shape, y.tolist()
    ((2, 1), ['a', 'b'])
    >>> check_X_y([[0.0], [1.0]], [1])
    Traceback (most recent call last):
    ...
    ValueError: X has 2 rows but y has 1 labels
    """
    X = check_array_2d(X, "X")
    if y is None:
        raise ValueError(
            "this estimator requires y to be passed, but the target y is None"
        )
    y = np.asarray(y)
    if y.ndim == 2 and y.shape[1] == 1:
        # scikit-learn's convention: accept a column vector, but say so.
        warnings.warn(
            "A column-vector y was passed when a 1d array was expected; "
            "it was flattened to shape (n_samples,)",
            DataConversionWarning,
            stacklevel=_outside_linclass(),
        )
        y = y.ravel()
    if y.ndim != 1:
        raise ValueError(f"y must be a 1-D array of labels; got shape {y.shape}")
    if y.shape[0] != X.shape[0]:
        raise ValueError(f"X has {X.shape[0]} rows but y has {y.shape[0]} labels")
    if y.dtype.kind in "fc" and not np.isfinite(y).all():
        raise ValueError("y contains NaN or infinity")
    if y.dtype.kind == "O":
        # Object labels may hide float NaN; they break np.unique and sorting.
        for v in y:
            if isinstance(v, numbers.Real) and not np.isfinite(v):
                raise ValueError("y contains NaN or infinity")
    return X, y


def check_binary_labels(y):
    """Map two-class labels to -1/+1.

    Parameters
    ----------
    y : array-like of shape (n_samples,)
        Labels with exactly two distinct values.

    Returns
    -------
    classes : ndarray of shape (2,)
        The sorted distinct labels; ``classes[1]`` is the positive class.
    y_pm : ndarray of float64, shape (n_samples,)
        ``+1.0`` where ``y == classes[1]``, ``-1.0`` elsewhere.

    Examples
    --------
    >>> classes, y_pm = check_binary_labels(["no", "yes", "no"])
    >>> classes.tolist(), y_pm.tolist()
    (['no', 'yes'], [-1.0, 1.0, -1.0])
    >>> check_binary_labels([0, 1, 2])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: Only binary ... needs exactly two classes; got 3: [0 1 2]
    """
    y = np.asarray(y)
    if y.dtype.kind in "biuf" and y.ndim == 1 and y.size:
        # Fast path for numeric labels (no sort): two values, lo and hi.
        lo, hi = y.min(), y.max()
        is_hi = y == hi
        n_hi = np.count_nonzero(is_hi)
        if lo != hi and n_hi + np.count_nonzero(y == lo) == y.size:
            y_pm = is_hi.astype(np.float64)
            y_pm *= 2.0
            y_pm -= 1.0
            return np.array([lo, hi], dtype=y.dtype), y_pm
    try:
        classes, inverse = np.unique(y, return_inverse=True)
    except TypeError as exc:
        raise TypeError(
            "y mixes label types that cannot be compared (e.g. strings and numbers)"
        ) from exc
    if classes.shape[0] < 2:
        raise ValueError(
            "this binary classifier needs exactly two classes; "
            f"got 1 class: {classes} (the training labels are all equal)"
        )
    if classes.shape[0] > 2:
        shown = classes if classes.shape[0] <= 10 else classes[:10]
        more = "" if classes.shape[0] <= 10 else " ..."
        raise ValueError(
            "Only binary classification is supported: this binary classifier "
            f"needs exactly two classes; got {classes.shape[0]}: {shown}{more}"
        )
    y_pm = np.where(inverse.reshape(-1) == 1, 1.0, -1.0)
    return classes, y_pm


def check_positive(value, name):
    """Check that a hyper-parameter is a finite real number > 0.

    Examples
    --------
    >>> check_positive(0.5, "eta")
    0.5
    >>> check_positive(0, "eta")
    Traceback (most recent call last):
    ...
    ValueError: eta must be a positive number (> 0); got 0
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a real number; got {type(value).__name__}")
    if not np.isfinite(value) or value <= 0:
        raise ValueError(f"{name} must be a positive number (> 0); got {value!r}")
    return float(value)


def check_nonnegative_int(value, name):
    """Check that a hyper-parameter is an integer >= 0.

    Examples
    --------
    >>> check_nonnegative_int(10, "max_iter")
    10
    >>> check_nonnegative_int(-1, "max_iter")
    Traceback (most recent call last):
    ...
    ValueError: max_iter must be a non-negative integer; got -1
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an integer; got {type(value).__name__}")
    if value < 0:
        raise ValueError(f"{name} must be a non-negative integer; got {value!r}")
    return int(value)


def check_choice(value, name, choices):
    """Check that a hyper-parameter is one of the allowed values.

    Examples
    --------
    >>> check_choice("batch", "mode", ("online", "batch"))
    'batch'
    >>> check_choice("fast", "mode", ("online", "batch"))
    Traceback (most recent call last):
    ...
    ValueError: mode must be one of ('online', 'batch'); got 'fast'
    """
    try:
        ok = any(type(value) is type(c) and value == c for c in choices)
    except (TypeError, ValueError):  # e.g. an array compared elementwise
        ok = False
    if not ok:
        raise ValueError(f"{name} must be one of {tuple(choices)}; got {value!r}")
    return value


def check_fitted_X(estimator, X, attribute="coef_"):
    """Check that ``estimator`` is fitted and ``X`` matches its number of features.

    Returns
    -------
    ndarray of float64, shape (n_samples, n_features_in_)

    Examples
    --------
    >>> from sklearn.linear_model import Perceptron
    >>> est = Perceptron().fit([[0.0, 1.0], [1.0, 0.0]], [0, 1])
    >>> check_fitted_X(est, [[1.0]])
    Traceback (most recent call last):
    ...
    ValueError: X has 1 features, but Perceptron is expecting 2 features as input
    """
    from sklearn.utils.validation import check_is_fitted

    check_is_fitted(estimator, attribute)
    X = check_array_2d(X)
    expected = estimator.n_features_in_
    if X.shape[1] != expected:
        raise ValueError(
            f"X has {X.shape[1]} features, but {type(estimator).__name__} "
            f"is expecting {expected} features as input"
        )
    return X


def check_bool(value, name):
    """Check that a hyper-parameter is a boolean.

    Examples
    --------
    >>> check_bool(True, "fit_intercept")
    True
    >>> check_bool("yes", "fit_intercept")
    Traceback (most recent call last):
    ...
    TypeError: fit_intercept must be True or False; got 'yes'
    """
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False; got {value!r}")
    return bool(value)


def check_class_labels(y, min_classes=2):
    """Encode labels as class indices.

    Returns
    -------
    classes : ndarray (K,)
        The sorted distinct labels.
    y_index : ndarray of intp (n_samples,)
        Index in ``classes`` of each label.

    Examples
    --------
    >>> classes, idx = check_class_labels(["b", "a", "c", "a"])
    >>> classes.tolist(), idx.tolist()
    (['a', 'b', 'c'], [1, 0, 2, 0])
    >>> check_class_labels([5, 5])
    Traceback (most recent call last):
    ...
    ValueError: this classifier needs at least 2 classes; got 1 class: [5]
    """
    try:
        classes, y_index = np.unique(np.asarray(y), return_inverse=True)
    except TypeError as exc:
        raise TypeError(
            "y mixes label types that cannot be compared (e.g. strings and numbers)"
        ) from exc
    if classes.shape[0] < min_classes:
        raise ValueError(
            f"this classifier needs at least {min_classes} classes; "
            f"got {classes.shape[0]} class{'es' if classes.shape[0] > 1 else ''}: "
            f"{classes}"
        )
    return classes, y_index.reshape(-1).astype(np.intp)


def check_label_type(y):
    """Reject labels that are not class labels (e.g. continuous targets).

    Integer labels are always valid and skip the (sorting) test of
    scikit-learn's ``check_classification_targets``, which is used for the rest.

    Examples
    --------
    >>> check_label_type(np.array([0.5, 1.5, 2.25]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: Unknown label type: continuous...
    """
    if np.asarray(y).dtype.kind not in "biu":
        from sklearn.utils.multiclass import check_classification_targets

        check_classification_targets(y)
